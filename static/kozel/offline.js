/* Every page: the service worker, the network banner, the htmx error handler, the offline page.
   Texts come from #kz-texts (templates/pwa/_texts.html), in the page's language. */
(function () {
  "use strict";
  var K = (window.Kozel = window.Kozel || {});
  var texts = null;

  K.t = function (name, vars) {
    if (!texts) texts = document.getElementById("kz-texts");
    var s = (texts && texts.getAttribute("data-" + name)) || name;
    Object.keys(vars || {}).forEach(function (k) { s = s.split("{" + k + "}").join(String(vars[k])); });
    return s;
  };
  // «3 записи»: a number and its noun, the form chosen by Django's JavaScriptCatalog (/jsi18n/…)
  // with the catalogue's own plural rule, as gettext chooses it on the server
  var WORDS = {
    entry: function (n) { return ngettext("%(n)s entry", "%(n)s entries", n); }
  };
  K.count = function (word, n) {
    var fmt = window.ngettext && WORDS[word] ? WORDS[word](n) : "%(n)s";
    return window.interpolate ? interpolate(fmt, { n: n }, true) : fmt.split("%(n)s").join(String(n));
  };
  K.hhmm = function (d) {
    return d.toLocaleTimeString(document.documentElement.lang || "ru", { hour: "2-digit", minute: "2-digit" });
  };
  // a date and time in the page's language (not the browser's), in the phone's own time zone:
  // «30 ноября 2026 г. в 22:35»
  K.when = function (d, seconds) {
    var o = { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" };
    if (seconds) o.second = "2-digit";
    return d.toLocaleString(document.documentElement.lang || "ru", o);
  };
  // <time datetime=… data-local>: the server writes the time in UTC; the phone shows its own
  function localTimes(root) {
    (root || document).querySelectorAll("time[data-local]").forEach(function (el) {
      var d = new Date(el.getAttribute("datetime"));
      if (!isNaN(d.getTime())) el.textContent = K.when(d, true);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { localTimes(); });
  document.addEventListener("htmx:afterSettle", function (ev) { localTimes(ev.target); });

  // ---- the service worker and what it keeps
  K.sw = function (msg) {
    if (!("serviceWorker" in navigator)) return Promise.resolve();
    return navigator.serviceWorker.ready.then(function (reg) {
      if (!reg.active) return;
      return new Promise(function (resolve) {
        var ch = new MessageChannel();
        ch.port1.onmessage = function (ev) { resolve(ev.data); };
        reg.active.postMessage(msg, [ch.port2]);
        setTimeout(resolve, 5000);
      });
    });
  };
  // the worker is registered once the page has loaded, so its first install never competes
  // with the page's own requests
  function registerWorker() {
    navigator.serviceWorker.register(K.conf.sw, { scope: K.conf.scope }).then(function () {
      // a page opened before the worker ran, or reached by a form's redirect, was not kept: keep
      // it now (the worker fetches it again; a write's own response is never kept)
      if (navigator.onLine === false || !("caches" in window)) return;
      caches.match(location.pathname, { ignoreVary: true }).then(function (r) {
        if (!r) K.sw({ type: "refresh", url: location.pathname });
      });
    }).catch(function () {});
  }
  if ("serviceWorker" in navigator) {
    if (document.readyState === "complete") registerWorker();
    else window.addEventListener("load", registerWorker);
  }

  // ---- network state: the browser's flag plus what the last request to our server did
  K.serverDown = false;
  K.online = function () { return navigator.onLine !== false && !K.serverDown; };
  K.lastOk = null; // when the board on this page was last confirmed by the server
  var listeners = [];
  K.onNet = function (fn) { listeners.push(fn); };
  function netChanged() { listeners.forEach(function (fn) { try { fn(); } catch (e) {} }); K.banner(); }
  window.addEventListener("online", function () { K.serverDown = false; netChanged(); });
  window.addEventListener("offline", netChanged);
  K.setServerDown = function (down) { if (K.serverDown !== down) { K.serverDown = down; netChanged(); } };

  // the banner: «Нет сети · не отправлено: 2 записи [Отправить сейчас]» or «нет сети · обновлено в 21:14»
  K.pending = 0; // set by outbox.js: entries kept on this phone, and those waiting for a decision
  K.blocked = 0;
  K.banner = function () {
    var el = document.getElementById("net-banner");
    if (!el) return;
    var off = !K.online(), text = "", send = el.querySelector(".net-send");
    if (K.pending > 0) {
      text = (navigator.onLine === false ? K.t("offline") : K.serverDown ? K.t("noserver")
        : K.blocked ? K.t("decide") : K.t("sending")) + " · " + K.t("wait", { entries: K.count("entry", K.pending) });
    } else if (off) {
      text = K.lastOk ? K.t("updated", { time: K.hhmm(K.lastOk) }) : K.t("offline");
    }
    el.querySelector(".net-text").textContent = text;
    el.hidden = !text;
    el.classList.toggle("net-off", off);
    if (send) send.hidden = !(K.pending > 0) || K.blocked > 0;
  };

  // ---- item: every failed htmx request says so next to the control that sent it
  function messageFor(kind, xhr) {
    if (kind === "network") return K.t("err-network");
    if (kind === "timeout") return K.t("err-timeout");
    var st = xhr ? xhr.status : 0, body = "";
    if (xhr && /text\/html|text\/plain/.test(xhr.getResponseHeader("Content-Type") || "")) {
      // the server's short message (a fragment): shown as text, never as markup
      var doc = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      var msg = doc.querySelector("[data-error-message], .errorlist, [role=alert]");
      body = ((msg || doc.body) ? (msg || doc.body).textContent : "").replace(/\s+/g, " ").trim();
      if (body.length > 300 || /<|Traceback/.test(body)) body = "";
    }
    if (body) return body;
    return K.t(st >= 500 ? "err-server" : "err-client", { status: st });
  }
  K.say = function (elt, submitter, text, kind) {
    if (!elt) return;
    var form = elt.closest ? (elt.closest("form") || elt) : elt;
    form.querySelectorAll(".kz-msg").forEach(function (m) { m.remove(); });
    if (!text) return;
    var p = document.createElement("p");
    p.className = "kz-msg " + (kind === "ok" ? "kz-ok" : "errorlist");
    p.setAttribute("role", kind === "ok" ? "status" : "alert");
    p.textContent = text;
    var anchor = submitter && form.contains(submitter) ? submitter : null;
    if (anchor) anchor.insertAdjacentElement("afterend", p); else form.appendChild(p);
  };
  function submitterOf(detail) {
    var ev = detail && detail.requestConfig && detail.requestConfig.triggeringEvent;
    return (ev && ev.submitter) || null;
  }
  function isPoll(elt) { return elt && elt.id === "live"; }
  function failed(kind) {
    return function (evt) {
      var d = evt.detail, elt = d.elt, xhr = d.xhr;
      if (kind !== "response" || (xhr && xhr.status >= 500)) K.setServerDown(kind === "network" && navigator.onLine !== false);
      if (isPoll(elt)) { K.banner(); return; }
      // a write the outbox can keep: it says so itself
      if (K.keepFailedWrite && K.keepFailedWrite(elt, d, kind)) return;
      K.say(elt, submitterOf(d), messageFor(kind, xhr));
    };
  }
  document.addEventListener("htmx:sendError", failed("network"));
  document.addEventListener("htmx:timeout", failed("timeout"));
  document.addEventListener("htmx:responseError", failed("response"));
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var elt = evt.detail.elt;
    if (elt && !isPoll(elt) && elt.closest) { var f = elt.closest("form") || elt; f.querySelectorAll(".kz-msg").forEach(function (m) { m.remove(); }); }
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    var xhr = evt.detail.xhr;
    if (xhr && xhr.status > 0 && xhr.status < 500) {
      K.setServerDown(false);
      if (xhr.status < 300) { K.lastOk = new Date(); K.banner(); }
    }
  });
  // a fresh board or view-link board was swapped in: keep this page's copy on the phone fresh
  document.addEventListener("htmx:afterSettle", function (evt) {
    var t = evt.detail.target;
    if (t && (t.id === "match" || t.id === "live" || (evt.detail.elt && (evt.detail.elt.id === "match" || evt.detail.elt.id === "live")))) {
      K.sw({ type: "refresh", url: location.pathname });
    }
  });

  // ---- a match as this phone's lists show it (the home page's matches, the offline page's kept
  // pages): its sides with their players, its variant, the score and whether it is over, all in
  // the language of the page that lists it. The match is kept as data (score.js: the default side
  // names as message ids, the players as typed), never as words of the page it was opened on.
  function parsed(el, name) {
    try { return JSON.parse((el && el.getAttribute(name)) || "{}"); } catch (e) { return {}; }
  }
  function joined(names) {
    return names.length === 2 ? K.t("and", { a: names[0], b: names[1] }) : names.join(", ");
  }
  // ``words``: the element carrying data-variant-names and data-default-names in the page's language
  K.matchRow = function (m, words) {
    var variants = parsed(words, "data-variant-names"), defaults = parsed(words, "data-default-names");
    var players = Array.isArray(m.players) ? m.players : [], title = m.title || m.id;
    if (m.teams && variants[m.variant]) {
      title = m.teams.split(" – ").map(function (t, i) {
        var side = defaults[t] || t, who = players[i] || [];
        return who.length ? K.t("side-players", { team: side, players: joined(who) }) : side;
      }).join(" – ") + " · " + variants[m.variant];
    }
    return { title: title, state: m.score ? m.score + " · " + K.t(m.over ? "match-over" : "match-on") : "" };
  };

  // ---- pages this phone keeps, for the offline page's list. A match's pages share its title, so
  // each also says which one it is (the edit link, the view link …): the page names its kind and
  // its match (data-page-kind, data-page-match on #main), worded when the list is shown
  function rememberTitle() {
    if (document.getElementById("offline-page")) return;
    var main = document.getElementById("main"), kind = main && main.getAttribute("data-page-kind");
    var match = main && main.getAttribute("data-page-match");
    try {
      var seen = JSON.parse(localStorage.getItem(K.conf.keys.seen) || "{}");
      var title = document.title.split(" · ")[0] + (kind ? " · " + K.t("page-" + kind) : "");
      seen[location.pathname] = match ? { title: title, kind: kind, match: match } : title;
      localStorage.setItem(K.conf.keys.seen, JSON.stringify(seen));
    } catch (e) {}
  }
  function keptLine(p, seen, mine, words) {
    var s = seen[p], m = s && typeof s === "object" && mine[s.match];
    if (!m) return { title: (s && typeof s === "object" ? s.title : s) || p, state: "" };
    var row = K.matchRow(m, words);
    return { title: row.title + (s.kind ? " · " + K.t("page-" + s.kind) : ""), state: row.state };
  }
  function offlineList() {
    var ul = document.getElementById("offline-list");
    if (!ul || !("caches" in window)) return;
    var seen = {}, mine = {};
    try { seen = JSON.parse(localStorage.getItem(K.conf.keys.seen) || "{}"); } catch (e) {}
    window.kozelList(K.conf.keys.matches).load().forEach(function (m) { mine[m.id] = m; });
    caches.open(K.conf.pagesCache).then(function (c) { return c.keys(); }).then(function (reqs) {
      var paths = reqs.map(function (r) { return new URL(r.url).pathname; })
        .filter(function (p) { return p !== K.conf.offline; }).sort();
      paths.forEach(function (p) {
        var li = document.createElement("li"), a = document.createElement("a"), line = keptLine(p, seen, mine, ul);
        a.href = p; a.className = "btn btn-block kept-page";
        [["span", "kept-title", line.title], ["small", "kept-state", line.state]].forEach(function (part) {
          if (!part[2]) return;
          var el = document.createElement(part[0]);
          el.className = part[1]; el.textContent = part[2];
          a.appendChild(el);
        });
        li.appendChild(a); ul.appendChild(li);
      });
      var none = document.getElementById("offline-none");
      if (none) none.hidden = paths.length > 0;
    });
  }
  // the offline page is kept in the language this phone last used
  function langChanged() {
    var lang = document.documentElement.lang;
    try {
      if (localStorage.getItem(K.conf.keys.lang) !== lang && K.online()) {
        localStorage.setItem(K.conf.keys.lang, lang);
        K.sw({ type: "offline-page" });
      }
    } catch (e) {}
  }

  function init() {
    if (window.htmx) htmx.config.timeout = K.conf.timeout; // a write with no answer by then is kept (outbox)
    var main = document.getElementById("main");
    var r = main && main.getAttribute("data-rendered");
    // the time of the board on this page (the offline page itself has no board to date)
    K.lastOk = document.getElementById("offline-page") ? null : r ? new Date(r) : new Date();
    var send = document.querySelector("#net-banner .net-send");
    if (send) send.addEventListener("click", function () { if (K.sendNow) K.sendNow(); });
    rememberTitle();
    offlineList();
    langChanged();
    // a page served from the phone's copy: say so, with the time of that copy
    if (navigator.onLine === false) K.banner();
    else fetch(K.conf.health, { cache: "no-store" }).then(function (r) { K.setServerDown(!r.ok); })
      .catch(function () { K.setServerDown(true); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
