/* Scorekeeper: wake lock, the last side's points as the rest of 120, questions that apply, matches on this device. */
(function () {
  "use strict";
  var KEY = window.Kozel.conf.keys.matches;  // site.js

  var store = window.kozelList(KEY), load = store.load, save = store.save;  // site.js

  function remember() {
    var el = document.querySelector("[data-remember],[data-watch]");
    if (!el) return;
    var id = el.dataset.remember || el.dataset.watch, list = load(), old = null;
    list = list.filter(function (m) { if (m.id === id) { old = m; return false; } return true; });
    var players = [];
    try { players = JSON.parse(el.dataset.players || "[]"); } catch (e) {}
    // kept as data, worded by the list in its own language (Kozel.matchRow, offline.js)
    list.unshift({ id: id, url: el.dataset.edit || (old && old.url) || location.pathname,
                   title: el.dataset.title || id, teams: el.dataset.teams, variant: el.dataset.variant,
                   players: players, score: el.dataset.score, over: el.dataset.over === "1", at: Date.now() });
    save(list);
  }

  function showMine() {
    var box = document.getElementById("my-matches");
    if (!box) return;
    var list = load(), ul = box.querySelector(".my-list"), tpl = document.getElementById("my-match-item");
    if (!list.length || !ul || !tpl) return;
    ul.textContent = "";
    list.forEach(function (m) {
      var li = tpl.content.cloneNode(true), a = li.querySelector("a"), row = window.Kozel.matchRow(m, box);
      a.href = m.url;
      li.querySelector(".my-title").textContent = row.title;
      li.querySelector(".my-state").textContent = row.state;
      li.querySelector(".my-state").hidden = !row.state;
      li.querySelector(".my-when").textContent = window.Kozel.when(new Date(m.at));  // offline.js
      var forget = li.querySelector(".my-forget");
      if (forget) forget.setAttribute("data-id", m.id);
      ul.appendChild(li);
    });
    box.hidden = false;
  }

  // The points fields of a form: one per side (two teams, or 2-4 players at a short table).
  function pointsFields(form) {
    if (!form) return null;
    var list = Array.prototype.slice.call(form.querySelectorAll("input[name^=points_]"));
    return list.length >= 2 ? list : null;
  }
  function num(v) { v = v.trim(); return /^\d{1,3}$/.test(v) && +v <= 120 ? +v : null; }

  function asks(form) {
    var fields = pointsFields(form);
    if (!fields || fields.length !== 2) return;
    var v0 = num(fields[0].value), v1 = num(fields[1].value);
    if (v0 === null && v1 !== null) v0 = 120 - v1;
    var full = v0 === 120 || v0 === 0;
    form.querySelectorAll("[data-ask=all-tricks]").forEach(function (el) {
      el.hidden = !full;
      if (!full) { var c = el.querySelector("input"); if (c) c.checked = false; }
    });
  }

  // The one field that follows gets a real value, what is left of 120 (two sides: 120 minus the
  // other) once every other field holds a number, and is emptied when they do not; when every
  // field holds a number and they miss 120, an error shows at once.
  function sumCheck(form) {
    var fields = pointsFields(form), box = form.querySelector("[data-sum-error]");
    if (!fields || !box) return;
    var vals = fields.map(function (f) { return f.value.trim(); }), bad = false;
    if (vals.every(function (v) { return /^\d{1,3}$/.test(v); })) {
      var sum = vals.reduce(function (a, v) { return a + +v; }, 0);
      if (sum !== 120) {
        bad = true;
        if (fields.length === 2) {
          box.textContent = (form.dataset.sumMsg || "%(a)s + %(b)s = %(sum)s")
            .replace("%(a)s", vals[0]).replace("%(b)s", vals[1]).replace("%(sum)s", String(sum));
        } else {
          box.textContent = (form.dataset.sumMsgN || "%(parts)s = %(sum)s")
            .replace("%(parts)s", vals.join(" + ")).replace("%(sum)s", String(sum));
        }
      }
    }
    box.hidden = !bad;
    fields.forEach(function (el) { if (bad) el.setAttribute("aria-invalid", "true"); else el.removeAttribute("aria-invalid"); });
  }
  // A field follows only while the player has not typed into it since the form was shown
  // (emptying it is typing too: it stays empty) and it does not have the focus.
  function follows(f) { return !f.dataset.typed && f !== document.activeElement; }
  function fillRest(form, fields) {
    var open = fields.filter(follows);
    if (open.length !== 1) {  // nothing to follow: a rest filled in before is no longer one
      open.forEach(function (f) { if (f.classList.contains("auto")) { f.value = ""; f.classList.remove("auto"); } });
      return;
    }
    var rest = open[0], total = 0, ok = true;
    fields.forEach(function (f) {
      if (f === rest) return;
      var v = num(f.value);
      if (v === null) ok = false; else total += v;
    });
    if (ok && total <= 120) { rest.value = String(120 - total); rest.classList.add("auto"); }
    else { rest.value = ""; rest.classList.remove("auto"); }
  }
  document.addEventListener("input", function (ev) {
    var t = ev.target, fields = pointsFields(t.form);
    if (!fields || fields.indexOf(t) < 0) return;
    typedAgain(t.form);  // the form may have been swapped in a moment ago
    t.dataset.typed = "1";
    t.classList.remove("auto");
    var last = fields[fields.length - 1];
    if (fields.length > 2 && follows(last) && t !== last) {
      // three or four players: the last field is the rest, whichever order the others are typed in
      var before = fields.slice(0, -1);
      var typed = before.filter(function (f) { return f.dataset.typed; }).length;
      if (typed === before.length) fillRest(t.form, fields);
      else { last.value = ""; last.classList.remove("auto"); }
    } else {
      fillRest(t.form, fields);
    }
    sumCheck(t.form);
    asks(t.form);
  });

  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t.name !== "variant" || !t.form) return;
    t.form.querySelectorAll("fieldset.options").forEach(function (fs) { fs.disabled = fs.dataset.variant !== t.value; });
    t.form.querySelectorAll(".variant").forEach(function (v) { v.classList.toggle("selected", v.contains(t)); });
    table(t.form);
  });
  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (!t.form || !t.form.classList.contains("newmatch")) return;
    if (t.dataset.needsSeats && t.checked) {  // two against one: three play
      var fs = t.closest("fieldset.options"), r = fs && fs.querySelector("[name=seats][value='" + t.dataset.needsSeats + "']");
      if (r) r.checked = true;
    }
    if (t.name === "seats" || t.hasAttribute("data-blind") || t.dataset.needsSeats) table(t.form);
  });

  // The new-match form follows the table chosen: how many seats, the team names or not, the
  // blind seats shown as «слепой» (the server reads the same: extra seats and the blind are ignored).
  function table(form) {
    if (!form || !form.classList.contains("newmatch")) return;
    var fs = form.querySelector("fieldset.options:not([disabled])");
    var solo = !!(fs && fs.dataset.solo);
    var seats = fs ? +(fs.dataset.seats || 4) : 4;
    var picked = fs && fs.querySelector("[name=seats]:checked");
    if (picked) seats = +picked.value;
    var blindSel = fs && fs.querySelector("[data-blind]");
    var blind = blindSel && blindSel.value !== "none" ? blindSel.value.split(",").map(Number) : [];
    var teams = form.querySelector("fieldset.team-names");
    if (teams) { teams.hidden = solo; teams.disabled = solo; }
    form.querySelectorAll("[data-when]").forEach(function (p) { p.hidden = (p.dataset.when === "solo") !== solo; });
    var box = form.querySelector(".players"), word = box ? box.dataset.blindWord : "";
    form.querySelectorAll(".players label[data-seat]").forEach(function (l) {
      var s = +l.dataset.seat, input = l.querySelector("input");
      l.hidden = s >= seats;
      var isBlind = blind.indexOf(s) >= 0;
      input.disabled = s >= seats || isBlind;
      input.placeholder = isBlind ? word : "";
      l.classList.toggle("blind", isBlind);
      l.classList.toggle("no-team", solo);  // each for himself: no partners' colours
    });
    form.querySelectorAll("option[data-seat]").forEach(function (o) { o.hidden = o.disabled = +o.dataset.seat >= seats; });
    // each for himself, or a blind seat: the names (and «слепой») matter, so the panel opens
    if (solo || blind.length) { var d = form.querySelector("details.players-panel"); if (d) d.open = true; }
  }

  // the penalty panel's «Отметить ренонс»: a proven revoke rides on the hand's points, in the
  // entry form's «Ещё» panel, which opens at it
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("[data-open-revoke]") : null, sel = document.getElementById("revoke");
    if (!a || !sel) return;
    ev.preventDefault();
    var d = sel.closest("details");
    if (d) d.open = true;
    sel.scrollIntoView({ block: "center" });
    sel.focus();
  });

  var lock = null;
  function wake() {
    if (!document.body.classList.contains("score-page") || !("wakeLock" in navigator)) return;
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l; l.addEventListener("release", function () { lock = null; });
    }).catch(function () {});
  }
  document.addEventListener("visibilitychange", wake);

  // a form drawn again with the numbers it was sent with (a sum error): the player typed those,
  // so the script leaves them as they are
  function typedAgain(form) {
    if (!form.querySelector("ul.errorlist")) return;  // a correction's prefilled hand stays open
    (pointsFields(form) || []).forEach(function (f) {
      if (f.value.trim() && !f.classList.contains("auto")) f.dataset.typed = "1";
    });
  }
  function checkAll() {
    document.querySelectorAll("form[data-sum-msg]").forEach(function (f) { typedAgain(f); sumCheck(f); });
  }
  function init() {
    remember(); showMine(); asks(document.getElementById("entry")); checkAll(); wake();
    table(document.querySelector("form.newmatch"));
  }
  document.addEventListener("DOMContentLoaded", init);
  // the board is swapped whole, so the live region lives outside it and gets the new score
  function announce() {
    var m = document.getElementById("match"), live = document.getElementById("announce");
    if (m && live && m.dataset.announce) live.textContent = m.dataset.announce;
  }
  document.addEventListener("htmx:afterSettle", function () { remember(); asks(document.getElementById("entry")); checkAll(); announce(); });
})();
