/* Scorekeeper: wake lock, the 120-minus preview, questions that apply, matches on this device. */
(function () {
  "use strict";
  var KEY = "kozel.matches";

  function load() { try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; } }
  function save(list) { try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 20))); } catch (e) {} }

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

  document.addEventListener("input", function (ev) {
    var t = ev.target;
    if (!t.form || (t.name !== "points_0" && t.name !== "points_1") || t.form.id !== "entry") return;
    var other = t.form.querySelector("[name=" + (t.name === "points_0" ? "points_1" : "points_0") + "]");
    var v = t.value.trim();
    if (/^\d{1,3}$/.test(v) && +v <= 120) { other.value = ""; other.placeholder = String(120 - v); }
    else { other.placeholder = "0-120"; }
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

  function init() { remember(); showMine(); asks(document.getElementById("entry")); wake(); }
  document.addEventListener("DOMContentLoaded", init);
  // the board is swapped whole, so the live region lives outside it and gets the new score
  function announce() {
    var m = document.getElementById("match"), live = document.getElementById("announce");
    if (m && live && m.dataset.announce) live.textContent = m.dataset.announce;
  }
  document.addEventListener("htmx:afterSettle", function () { remember(); asks(document.getElementById("entry")); announce(); });
})();
