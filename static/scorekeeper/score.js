/* Scorekeeper: wake lock, the 120-minus complement, questions that apply, matches on this device. */
(function () {
  "use strict";
  var KEY = "kozel.matches";

  var store = window.kozelList(KEY), load = store.load, save = store.save;  // site.js

  function remember() {
    var el = document.querySelector("[data-remember],[data-watch]");
    if (!el) return;
    var id = el.dataset.remember || el.dataset.watch, list = load(), old = null;
    list = list.filter(function (m) { if (m.id === id) { old = m; return false; } return true; });
    list.unshift({ id: id, url: el.dataset.edit || (old && old.url) || ("/m/" + id + "/"),
                   title: el.dataset.title || id, at: Date.now() });
    save(list);
  }

  function showMine() {
    var box = document.getElementById("my-matches");
    if (!box) return;
    var list = load(), ul = box.querySelector(".my-list"), tpl = document.getElementById("my-match-item");
    if (!list.length || !ul || !tpl) return;
    ul.textContent = "";
    list.forEach(function (m) {
      var li = tpl.content.cloneNode(true), a = li.querySelector("a");
      a.href = m.url;
      li.querySelector(".my-title").textContent = m.title;
      li.querySelector(".my-when").textContent = new Date(m.at).toLocaleString();
      var forget = li.querySelector(".my-forget");
      if (forget) forget.setAttribute("data-id", m.id);
      ul.appendChild(li);
    });
    box.hidden = false;
  }

  function asks(form) {
    if (!form) return;
    var p0 = form.querySelector("[name=points_0]"), p1 = form.querySelector("[name=points_1]");
    if (!p0 || !p1) return;
    var v0 = p0.value === "" ? null : +p0.value, v1 = p1.value === "" ? null : +p1.value;
    if (v0 === null && v1 !== null) v0 = 120 - v1;
    var full = v0 === 120 || v0 === 0;
    form.querySelectorAll("[data-ask=all-tricks]").forEach(function (el) {
      el.hidden = !full;
      if (!full) { var c = el.querySelector("input"); if (c) c.checked = false; }
    });
  }

  // The other team's points follow as a real value (120 minus the typed one) until the player
  // types into that field too; then two typed numbers that miss 120 show an error at once.
  function pointsPair(form) {
    var p0 = form && form.querySelector("[name=points_0]"), p1 = form && form.querySelector("[name=points_1]");
    return p0 && p1 ? [p0, p1] : null;
  }
  function sumCheck(form) {
    var pair = pointsPair(form), box = form.querySelector("[data-sum-error]");
    if (!pair || !box) return;
    var a = pair[0].value.trim(), b = pair[1].value.trim(), bad = false;
    if (/^\d{1,3}$/.test(a) && /^\d{1,3}$/.test(b) && +a + +b !== 120) {
      bad = true;
      box.textContent = (form.dataset.sumMsg || "%(a)s + %(b)s = %(sum)s")
        .replace("%(a)s", a).replace("%(b)s", b).replace("%(sum)s", String(+a + +b));
    }
    box.hidden = !bad;
    pair.forEach(function (el) { if (bad) el.setAttribute("aria-invalid", "true"); else el.removeAttribute("aria-invalid"); });
  }
  document.addEventListener("input", function (ev) {
    var t = ev.target, pair = pointsPair(t.form);
    if (!pair || (t.name !== "points_0" && t.name !== "points_1")) return;
    var other = pair[t.name === "points_0" ? 1 : 0], v = t.value.trim();
    t.dataset.typed = "1";
    t.classList.remove("auto");
    if (!other.dataset.typed) {
      if (/^\d{1,3}$/.test(v) && +v <= 120) { other.value = String(120 - v); other.classList.add("auto"); }
      else { other.value = ""; other.classList.remove("auto"); }
    }
    sumCheck(t.form);
    asks(t.form);
  });

  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t.name !== "variant" || !t.form) return;
    t.form.querySelectorAll("fieldset.options").forEach(function (fs) { fs.disabled = fs.dataset.variant !== t.value; });
    t.form.querySelectorAll(".variant").forEach(function (v) { v.classList.toggle("selected", v.contains(t)); });
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

  function checkAll() { document.querySelectorAll("form[data-sum-msg]").forEach(sumCheck); }
  function init() { remember(); showMine(); asks(document.getElementById("entry")); checkAll(); wake(); }
  document.addEventListener("DOMContentLoaded", init);
  // the board is swapped whole, so the live region lives outside it and gets the new score
  function announce() {
    var m = document.getElementById("match"), live = document.getElementById("announce");
    if (m && live && m.dataset.announce) live.textContent = m.dataset.announce;
  }
  document.addEventListener("htmx:afterSettle", function () { remember(); asks(document.getElementById("entry")); checkAll(); announce(); });
})();
