/* The outbox: a write made without a network (or that failed: network error, 5xx, no answer in
   10 s) is kept in IndexedDB on this phone and sent by itself, in order, when the network is back.
   It shows at once as a pending row in the hand list, not counted in the score: the score is only
   ever the server's replay through the rules engine. A conflict with another phone's hand is
   shown to the players, who decide; nothing is dropped without a tap. (docs/offline.md.)

   An entry: {key, match, page, look, url, action, fields: [[name, value]…], nonce, version, hand,
   number, summary, created, state (STATES below), conflict, stale, error}. The pure rules of the
   queue are Kozel.outbox's functions (tested in the browser on their own). */
(function () {
  "use strict";
  var K = window.Kozel;
  if (!K) return;

  // ---- the entry states: whether the queue sends it, and what each event makes of it (null: the
  // entry leaves the outbox). "stale": a correction, removal, undo or restore the server did not
  // apply because another phone changed the match first
  var STATES = {
    queued: { sends: true, on: { sent: null, retry: "queued", conflict: "conflict", stale: "stale", refused: "rejected" } },
    conflict: { sends: false, on: { theirs: null, replace: "queued", next: "queued" } },
    stale: { sends: false, on: { keep: null, again: "queued" } },
    rejected: { sends: false, on: { remove: null } }
  };
  function step(state, event) {
    var s = STATES[state];
    if (!s || !(event in s.on)) throw new Error("outbox: no " + event + " from " + state);
    return s.on[event];
  }
  // the event the server's answer to a sent entry is (status 0: no answer at all)
  function outcome(status, code, action) {
    if (status === 0 || status >= 500) return "retry";
    if (status >= 200 && status < 300) return "sent";
    if (status === 409 && code === "hand_conflict") return "conflict";
    if (status === 409 && code === "stale" && action !== "add") return "stale";
    return "refused";
  }
  // keys sort in the order the entries were made (IndexedDB returns them sorted)
  function keyOf(now, n, salt) {
    return now.toString(36).padStart(10, "0") + "-" + n.toString(36).padStart(4, "0") + salt;
  }
  // hands still to be sent for a match: a conflicted or refused entry waits for the players, it
  // is not a hand the match will have (the board counts the recorded ones)
  function queuedAddsOf(entries, match) {
    var waiting = function (a) { return entries.filter(function (e) { return e.match === match && e.action === a && e.state === "queued"; }).length; };
    return waiting("add") - waiting("undo");
  }
  // entries are sent in order: once one of a match waits for a decision, every later one of that
  // match waits for it too (true: held behind one)
  function heldOf(entries) {
    var blocked = {};
    return entries.map(function (e) {
      var held = !!blocked[e.match];
      if (!STATES[e.state].sends) blocked[e.match] = true;
      return held;
    });
  }
  // the entries one pass sends: queued ones not held behind an entry waiting for the players
  function sendable(entries) {
    var held = heldOf(entries);
    return entries.filter(function (e, i) { return STATES[e.state].sends && !held[i]; });
  }
  // the next entries of this phone were made on the board a sent one saw: if nobody else wrote in
  // between (the answer's version is the next one), they follow on from the version it made
  function followOn(entries, sent, version) {
    if (typeof version !== "number" || version !== sent.version + 1) return [];
    return entries.filter(function (x) { return x.match === sent.match && x.key !== sent.key && x.version === sent.version; });
  }
  // «record mine as the next hand»: this entry's hand and the later adds of its match move along
  function renumbered(entries, e, nextHand) {
    var shift = nextHand - e.hand;
    return entries.filter(function (x) { return x.match === e.match && x.key > e.key && x.action === "add" && x.hand; })
      .map(function (x) { return [x, x.hand + shift]; });
  }
  // after a failed send: wait longer each time, up to half a minute
  function backoffAfter(prev) { return Math.min(prev ? prev * 2 : 1000, 30000); }
  K.outbox = {
    STATES: STATES, step: step, outcome: outcome, keyOf: keyOf, queuedAdds: queuedAddsOf, held: heldOf,
    sendable: sendable, followOn: followOn, renumbered: renumbered, backoff: backoffAfter
  };

  var idb = window.idbKeyval;
  if (!idb || !("indexedDB" in window)) return;
  var store = idb.createStore(K.conf.outboxDb, K.conf.outboxStore);
  var counter = 0;

  function newKey() { return keyOf(Date.now(), counter++, Math.random().toString(36).slice(2, 6)); }
  function newNonce() {
    if (window.crypto && crypto.randomUUID) return "o" + crypto.randomUUID().replace(/-/g, "");
    var a = new Uint8Array(16); crypto.getRandomValues(a);
    return "o" + Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function list() {
    return idb.entries(store).then(function (rows) { return rows.map(function (r) { return r[1]; }); });
  }
  function put(e) { return idb.set(e.key, e, store); }
  function drop(key) { return idb.del(key, store); }
  K.outboxList = list;

  // ---- the page
  function matchEl() { return document.querySelector("[data-remember]"); }
  function matchId() {
    var m = matchEl(); if (m) return m.getAttribute("data-remember");
    var f = document.querySelector("form[data-outbox]"); return f ? f.getAttribute("data-match") : null;
  }
  var pendingByMatch = {};

  function summaryOf(form, pairs, submitter) {
    var get = function (n) { var p = pairs.filter(function (x) { return x[0] === n; })[0]; return p ? p[1] : ""; };
    var action = form.getAttribute("data-outbox"), hand = form.getAttribute("data-hand");
    if (action === "undo") return K.t("act-undo");
    if (action === "restore") return K.t("act-restore");
    if (action === "delete") return K.t("act-delete", { n: hand });
    var parts = [];
    if (get("penalty_kind")) {
      var sel = form.querySelector("[name=penalty_kind]");
      var opt = sel && sel.selectedOptions && sel.selectedOptions[0];
      parts.push((opt ? opt.textContent : get("penalty_kind")) + (submitter ? " — " + submitter.textContent.trim() : ""));
    } else if (get("eggs") || get("queen_capture")) {
      parts.push(submitter ? submitter.textContent.trim() : "");
    } else {
      // one number per side; the one left empty is the rest of 120 (the form's own preview)
      var n = form.querySelectorAll("input[name^=points_]").length || 2, pts = [], open = [], total = 0;
      var ok = function (v) { return /^\d{1,3}$/.test(v) && +v <= 120; };
      for (var i = 0; i < n; i++) {
        var v = get("points_" + i); pts.push(v);
        if (v === "") open.push(i); else if (ok(v)) total += +v;
      }
      if (open.length === 1 && total <= 120) pts[open[0]] = String(120 - total);
      parts.push(pts.join(":"));
      var suit = form.querySelector("[name=last_suit]:checked");
      if (suit) parts.push(suit.parentNode.textContent.trim());
      var lu = form.querySelector("[name=all_tricks]:checked");
      if (lu) parts.push(lu.parentNode.textContent.trim().replace(/\?.*$/, ""));
    }
    if (get("note")) parts.push(K.t("quoted", { text: get("note") }));
    var text = parts.filter(Boolean).join(" · ");
    return action === "edit" ? K.t("act-edit", { n: hand }) + ": " + text : text;
  }

  function entryFrom(form, pairs, submitter, opts) {
    var m = matchEl();
    var get = function (n) { var p = pairs.filter(function (x) { return x[0] === n; })[0]; return p ? p[1] : ""; };
    var action = form.getAttribute("data-outbox");
    var fields = pairs.filter(function (p) {
      return ["csrfmiddlewaretoken", "nonce", "version", "hand"].indexOf(p[0]) < 0;
    });
    var version = get("version") || (m && m.getAttribute("data-version")) || "0";
    var hand = null;
    if (action === "add") hand = +(form.getAttribute("data-hand") || 0) + (opts.fresh ? queuedAdds() : 0);
    return {
      key: newKey(),
      match: form.getAttribute("data-match") || matchId(),
      page: form.getAttribute("data-page") || (m && m.getAttribute("data-edit")) || location.pathname,
      // the page it was made on; for a correction or removal the hand's own page by its slot
      // (data-look), not kon/<n>/: the number the board shows may move before the players look
      look: form.getAttribute("data-look") || location.pathname,
      url: form.getAttribute("hx-post") || form.getAttribute("action"),
      action: action,
      fields: fields,
      // an entry never sent gets its own nonce; one whose send failed keeps the one it was sent with
      nonce: opts.fresh ? newNonce() : get("nonce"),
      version: +version,
      hand: hand,
      number: action === "edit" || action === "delete" ? form.getAttribute("data-hand") || "" : "",
      summary: summaryOf(form, pairs, submitter),
      created: Date.now(),
      state: "queued"
    };
  }

  var cache = []; // the last list read, for the synchronous decisions of a tap
  function queuedAdds() { return queuedAddsOf(cache, matchId()); }

  // after a hand is kept, the form is emptied for the next one; a field the player has already
  // typed into again while the phone was saving (its value is no longer the kept one) is left alone
  function clearForm(form, pairs) {
    var kept = {};
    (pairs || []).forEach(function (p) { kept[p[0]] = p[1]; });
    var untouched = function (i) { return !pairs || i.value === (kept[i.name] || ""); };
    var typed = false;
    form.querySelectorAll("input[type=text], input:not([type]), input[inputmode]").forEach(function (i) {
      if (untouched(i)) i.value = ""; else typed = true;
    });
    if (!typed) form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (i) { i.checked = false; });
    form.querySelectorAll("input[name^=points_]").forEach(function (i) {
      if (i.value) return;
      if (!i.placeholder || /^\d/.test(i.placeholder)) i.placeholder = "0-120";
      delete i.dataset.typed; i.classList.remove("auto");
    });
    var n = form.querySelector("[name=nonce]"); if (n) n.value = newNonce();
    form.dispatchEvent(new CustomEvent("kozel:cleared", { bubbles: true })); // the card counter starts afresh
  }

  function keep(form, pairs, submitter, fresh) {
    var e = entryFrom(form, pairs, submitter, { fresh: fresh });
    // undo of a hand that never left this phone: take it back here
    if (e.action === "undo") {
      var last = cache.filter(function (x) { return x.match === e.match; }).slice(-1)[0];
      if (last && last.action === "add" && last.state === "queued") {
        cache = cache.filter(function (x) { return x.key !== last.key; });
        return drop(last.key).then(render);
      }
    }
    cache.push(e);
    var done = put(e).then(function () {
      render();
      if (e.action === "add" && form.id === "entry") clearForm(form, pairs);
      else { var n = form.querySelector("[name=nonce]"); if (n) n.value = newNonce(); }
      var back = form.getAttribute("data-outbox-return");
      if (back && location.pathname !== back) location.assign(back);
      else K.say(form, submitter, K.t("queued"), "ok");
      // with a network: now, or after a pause when the server just failed (then longer and longer)
      if (navigator.onLine !== false) sendSoon(K.serverDown ? later() : 0);
    });
    return done;
  }

  function pairsOf(form, submitter) {
    var fd;
    try { fd = new FormData(form, submitter || undefined); } catch (x) { fd = new FormData(form); }
    var out = [];
    fd.forEach(function (v, k) { if (typeof v === "string") out.push([k, v]); });
    if (submitter && submitter.name && !out.some(function (p) { return p[0] === submitter.name; })) out.push([submitter.name, submitter.value]);
    return out;
  }

  // offline, or entries of this match still waiting: the tap goes into the outbox, in order
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form || !form.hasAttribute || !form.hasAttribute("data-outbox")) return;
    var id = form.getAttribute("data-match") || matchId();
    if (K.online() && !(pendingByMatch[id] > 0)) return; // online: htmx (or the plain form) sends it
    ev.preventDefault();
    ev.stopImmediatePropagation();
    var sub = ev.submitter || null;
    keep(form, pairsOf(form, sub), sub, true);
  }, true);

  // an htmx write that failed (network, 5xx, timeout) is kept with the nonce it was sent with
  K.keepFailedWrite = function (elt, detail, kind) {
    var form = elt && elt.closest && elt.closest("form[data-outbox]");
    if (!form) return false;
    var status = detail.xhr ? detail.xhr.status : 0;
    if (kind === "response" && status < 500) return false;
    var sub = detail.requestConfig && detail.requestConfig.triggeringEvent && detail.requestConfig.triggeringEvent.submitter;
    var pairs = [];
    var fd = detail.requestConfig && (detail.requestConfig.formData || detail.requestConfig.parameters);
    if (fd && fd.forEach) fd.forEach(function (v, k) { if (typeof v === "string") pairs.push([k, v]); });
    if (!pairs.length) pairs = pairsOf(form, sub);
    keep(form, pairs, sub, false);
    return true;
  };

  // ---- pending rows and the banner
  function el(tag, cls, text) {
    var x = document.createElement(tag); if (cls) x.className = cls; if (text != null) x.textContent = text; return x;
  }
  function button(text, cls, fn) {
    var b = el("button", "btn btn-small " + (cls || ""), text); b.type = "button";
    b.addEventListener("click", fn); return b;
  }
  function row(e, held) {
    var li = el("li", "hand pending pending-" + e.state);
    li.setAttribute("data-pending", e.key);
    var head = el("div", "hand-head");
    if (e.hand) head.appendChild(el("span", "hand-no", String(e.hand)));
    var pts = el("span", "hand-pts");
    var icon = el("span", "hourglass", "⏳"); icon.setAttribute("aria-hidden", "true");
    pts.appendChild(icon); pts.appendChild(document.createTextNode(" " + e.summary));
    head.appendChild(pts);
    li.appendChild(head);
    if (e.state === "queued") {
      var why = el("div", "hand-why");
      // behind an entry the players must decide on, it waits for them, not for the network
      why.appendChild(el("span", "", "— " + K.t(held ? "held" : "waiting") + " · "));
      why.appendChild(el("span", "muted small", K.t("not-counted")));
      li.appendChild(why);
    } else if (e.state === "conflict") {
      li.appendChild(el("p", "conflict-text", e.conflict.message));
      var acts = el("div", "hand-actions conflict-actions");
      acts.appendChild(button(K.t("keep-theirs"), "", function () { resolve(e.key, "theirs"); }));
      if (e.conflict.replace_url) acts.appendChild(button(K.t("replace"), "btn-warn", function () { resolve(e.key, "replace"); }));
      acts.appendChild(button(K.t("as-next"), "btn-primary", function () { resolve(e.key, "next"); }));
      li.appendChild(acts);
    } else if (e.state === "stale") {
      // what was not applied and why, in plain words; then the players' choice
      var n = e.number || "";
      li.appendChild(el("p", "conflict-text", K.t("stale-" + e.action + (n ? "" : "-any"), { n: n })));
      var a3 = el("div", "hand-actions conflict-actions");
      a3.appendChild(button(K.t("keep-now"), "", function () { forgetEntry(e, "keep"); }));
      if (e.action !== "undo" && e.stale && typeof e.stale.version === "number") {
        a3.appendChild(button(K.t("apply-again"), "btn-primary", function () { applyAgain(e.key); }));
      }
      if (e.action === "edit" || e.action === "delete") {
        var look = el("a", "btn btn-small", n ? K.t("look-hand", { n: n }) : K.t("look-any"));
        look.href = e.look || e.page;
        a3.appendChild(look);
      }
      li.appendChild(a3);
    } else {
      li.appendChild(el("p", "errorlist", K.t("rejected", { message: e.error || "" })));
      var a2 = el("div", "hand-actions");
      a2.appendChild(button(K.t("remove"), "", function () { forgetEntry(e, "remove"); }));
      li.appendChild(a2);
    }
    return li;
  }
  function render() {
    var id = matchId();
    pendingByMatch = {};
    cache.forEach(function (e) { pendingByMatch[e.match] = (pendingByMatch[e.match] || 0) + 1; });
    var mine = cache.filter(function (e) { return e.match === id; });
    K.pending = id ? mine.length : cache.length;
    K.blocked = (id ? mine : cache).filter(function (e) { return e.state !== "queued"; }).length;
    K.banner();
    var hands = document.getElementById("hands");
    if (!hands) return;
    var ol = hands.querySelector("ol.pending-hands");
    if (!ol) {
      ol = el("ol", "hands pending-hands");
      var h2 = hands.querySelector("h2");
      if (h2) h2.insertAdjacentElement("afterend", ol); else hands.prepend(ol);
    }
    ol.textContent = "";
    var held = heldOf(mine);
    var rows = mine.map(function (e, i) { return row(e, held[i]); });
    rows.reverse().forEach(function (r) { ol.appendChild(r); }); // newest first, like the list
    ol.hidden = !mine.length;
    var empty = hands.querySelector("p.muted"); if (empty && !hands.querySelector("ol.hands:not(.pending-hands)")) empty.hidden = mine.length > 0;
    // the entry form's heading names the hand the next tap is for
    var form = document.getElementById("entry"), h = form && form.querySelector("h2[data-tpl]");
    if (h) h.textContent = h.getAttribute("data-tpl").replace("__N__", +form.getAttribute("data-hand") + queuedAdds());
    // hand 1's question (who held the card that leads it) is hand 1's alone: not sent with a later one
    var first = form && form.querySelector("[data-first-leader]");
    if (first) first.hidden = first.disabled = queuedAdds() > 0;
    dealBanner(queuedAdds());
    // and undo names the hand it would take back (a kept one is taken back on the phone)
    var u = document.querySelector("form[data-outbox=undo] button[data-tpl]");
    if (u) u.textContent = u.getAttribute("data-tpl").replace("__N__", +u.getAttribute("data-hands") + queuedAdds());
  }
  // an entry the players let go (the event says which choice): it leaves the outbox
  function forgetEntry(e, event) {
    if (step(e.state, event) !== null) return;
    drop(e.key).then(refreshList);
  }
  // the banner of the deal the next tap is for: the page carries the next deal and those after
  // hands kept unsent, worded by the server from the rotation and each rule's code (#deals-ahead)
  function dealBanner(ahead) {
    var data = document.getElementById("deals-ahead"), p = document.querySelector(".nextdeal");
    if (!data || !p) return;
    var d = ahead >= 0 ? (JSON.parse(data.getAttribute("data-deals") || "[]"))[ahead] : null;
    p.hidden = !d;
    if (!d) return;
    p.querySelector(".deal-who").textContent = d.who;
    [["rights", ".deal-rights", "span", ""], ["trumps", ".deal-trumps", "b", "trump-next"]].forEach(function (k) {
      var part = p.querySelector(k[1]);
      if (!part) return;
      part.textContent = "";
      if (!d[k[0]]) return;
      part.appendChild(document.createTextNode(" · "));
      part.appendChild(el(k[2], k[3], d[k[0]]));
    });
  }
  function refreshList() { return list().then(function (l) { cache = l; render(); }); }
  K.outboxRefresh = refreshList;

  // ---- sending, in order, one match's queue stopping at an entry the players must decide
  var running = null, again = false, timer = null, backoff = 0;
  function later() { backoff = backoffAfter(backoff); return backoff; }
  function sendSoon(ms) {
    clearTimeout(timer);
    timer = setTimeout(function () { drain(); }, ms);
  }
  K.sendNow = function () { backoff = 0; K.setServerDown(false); return drain(); };
  function token() {
    var ctl = new AbortController(), t = setTimeout(function () { ctl.abort(); }, K.conf.timeout);
    return fetch(K.conf.csrf, { credentials: "same-origin", cache: "no-store", signal: ctl.signal }).finally(function () {
      clearTimeout(t);
    }).then(function (r) {
      if (!r.ok) throw new Error("csrf " + r.status);
      return r.json();
    }).then(function (j) { return j.token; });
  }
  function post(e, tok) {
    var body = new URLSearchParams();
    e.fields.forEach(function (p) { body.append(p[0], p[1]); });
    body.set("csrfmiddlewaretoken", tok);
    body.set("nonce", e.nonce);
    body.set("version", String(e.version));
    if (e.hand) body.set("hand", String(e.hand));
    var ctl = new AbortController(), t = setTimeout(function () { ctl.abort(); }, K.conf.timeout);
    return fetch(e.url, {
      method: "POST", body: body, credentials: "same-origin", signal: ctl.signal,
      headers: { "X-CSRFToken": tok, "X-Kozel-Outbox": "1", "Accept": "application/json" }
    }).finally(function () { clearTimeout(t); });
  }
  // sends one entry: "sent", "retry" or "blocked" (the players decide on it now)
  function sendOne(e, tok) {
    return post(e, tok).then(function (r) {
      if (outcome(r.status) === "retry") return "retry";
      return r.json().catch(function () { return {}; }).then(function (j) {
        var event = outcome(r.status, j.code, e.action);
        e.state = step(e.state, event);
        if (event === "sent") {
          followOn(cache, e, j.version).forEach(function (x) { x.version = j.version; put(x); });
          cache = cache.filter(function (x) { return x.key !== e.key; });
          return drop(e.key).then(function () { return "sent"; });
        }
        if (event === "conflict") e.conflict = j;
        else if (event === "stale") e.stale = { version: j.version };
        else e.error = j.message || (r.status + " " + r.statusText);
        return put(e).then(function () { return "blocked"; });
      });
    }, function () { return "retry"; });
  }
  // asked while a pass runs: that pass read the outbox before what asked, so one more follows it
  function drain() {
    if (running) { again = true; return running; }
    var work = function () {
      return list().then(function (l) {
        cache = l;
        render();
        if (!l.length) return;
        if (navigator.onLine === false) return;
        return token().then(function (tok) {
          var todo = sendable(l), blocked = {}, sent = {}, stop = false, i = 0;
          function next() {
            if (stop || i >= todo.length) return;
            var e = todo[i++];
            if (blocked[e.match]) return next();
            return sendOne(e, tok).then(function (res) {
              if (res === "retry") stop = true;
              else if (res === "sent") sent[e.match] = true;
              else { blocked[e.match] = true; sent[e.match] = true; } // the board the players decide on
              render();
              return next();
            });
          }
          return Promise.resolve(next()).then(function () {
            K.setServerDown(stop);
            if (stop) sendSoon(later());
            else backoff = 0;
            Object.keys(sent).forEach(function (m) { afterSent(m); });
          });
        }, function () { K.setServerDown(true); sendSoon(later()); });
      });
    };
    var p = (navigator.locks && navigator.locks.request) ? navigator.locks.request(K.conf.outboxLock, work) : work();
    running = Promise.resolve(p).catch(function () {}).then(function () {
      running = null;
      return refreshList().then(function () {
        if (again) { again = false; return drain(); }
      });
    });
    return running;
  }

  // after entries of the open match went through: the server's board, keeping what is typed
  function afterSent(match) {
    var m = matchEl();
    if (!m || m.getAttribute("data-remember") !== match || !window.htmx) {
      return;
    }
    keepTyped = true;
    htmx.ajax("GET", m.getAttribute("data-edit"), { target: "#match", swap: "outerHTML" }).then(render, render);
  }
  // what the player is typing survives the fresh board: read just before the swap, put back after
  var keepTyped = false, typed = null;
  var TYPED = "#entry input[name^=points_], #entry input[name=note]";
  document.addEventListener("htmx:beforeSwap", function (ev) {
    if (!keepTyped || !ev.detail.target || ev.detail.target.id !== "match") return;
    typed = [];
    document.querySelectorAll(TYPED).forEach(function (i) {
      typed.push([i.name, i.value, document.activeElement === i, i.className, i.dataset.typed]);
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!typed) return;
    var f = document.getElementById("entry");
    if (f) typed.forEach(function (p) {
      var i = f.querySelector("[name=" + p[0] + "]");
      if (i && p[1]) { i.value = p[1]; i.className = p[3]; } // a filled-in complement stays one
      if (i && p[4]) i.dataset.typed = p[4];  // and a field typed into (emptied too) stays the player's
      if (i && p[2]) i.focus();
    });
    typed = null; keepTyped = false;
  });

  // ---- a conflict: the players' choice
  function resolve(key, choice) {
    var e = cache.filter(function (x) { return x.key === key; })[0];
    if (!e || e.state !== "conflict") return;
    var c = e.conflict, p, state = step(e.state, choice);
    if (state === null) { // a pass under way may hold this very entry: it stays as it was there
      cache = cache.filter(function (x) { return x.key !== key; });
      p = drop(key);
    } else {
      e.state = state;
      if (choice === "replace") {
        // an edit of their hand with this phone's record, saying why
        e.url = c.replace_url; // the server's link to the hand already there
        e.action = "edit";
        // the reason as a code, shown in each reader's language (scorekeeper.reasons)
        e.fields = e.fields.filter(function (f) { return ["reason", "reason_code", "reason_params"].indexOf(f[0]) < 0; })
          .concat([["reason_code", "replaced_offline"], ["reason_params", ""]]);
        e.nonce = newNonce(); // a nonce belongs to one action
        e.summary = K.t("act-edit", { n: e.hand }) + ": " + e.summary;
        e.hand = null;
      } else {
        renumbered(cache, e, c.next_hand).forEach(function (xh) { xh[0].hand = xh[1]; put(xh[0]); });
        e.hand = c.next_hand;
      }
      e.version = c.version; e.conflict = null;
      p = put(e);
    }
    p.then(refreshList).then(function () { return drain(); });
  }

  // a change the server did not apply (another phone wrote first), sent again on top of the match
  // as it is now: a fresh nonce (a nonce belongs to one action) and the version it answered with
  function applyAgain(key) {
    var e = cache.filter(function (x) { return x.key === key; })[0];
    if (!e || e.state !== "stale") return;
    e.version = e.stale.version; e.nonce = newNonce(); e.state = step(e.state, "again"); e.stale = null;
    put(e).then(refreshList).then(function () { return drain(); });
  }

  // ---- «Убрать с телефона» on the home page: the match leaves this phone's list and its caches
  // (never with entries still waiting: those are sent, or removed one by one, first)
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest(".my-forget");
    if (!b) return;
    var id = b.getAttribute("data-id"), li = b.closest("li");
    refreshList().then(function () {
      if (cache.some(function (e) { return e.match === id; })) { K.say(li, b, K.t("forget-blocked")); return; }
      try {
        var KEY = K.conf.keys.matches, list = JSON.parse(localStorage.getItem(KEY) || "[]");
        localStorage.setItem(KEY, JSON.stringify(list.filter(function (m) { return m.id !== id; })));
      } catch (x) {}
      // the worker knows which kept pages are this match's; their titles go with them
      K.sw({ type: "forget", match: id }).then(function (answer) {
        try {
          var seen = JSON.parse(localStorage.getItem(K.conf.keys.seen) || "{}");
          ((answer && answer.removed) || []).forEach(function (p) { delete seen[p]; });
          localStorage.setItem(K.conf.keys.seen, JSON.stringify(seen));
        } catch (x) {}
        if (li) li.remove();
        var box = document.getElementById("my-matches");
        if (box && !box.querySelector(".my-list li")) box.hidden = true;
      });
    });
  });

  // ---- when to send: the network comes back, every page load, the button, a timer
  window.addEventListener("online", function () { backoff = 0; sendSoon(300); });
  document.addEventListener("htmx:afterSettle", function () { render(); });
  refreshList().then(function () { if (cache.length && navigator.onLine !== false) drain(); });
})();
