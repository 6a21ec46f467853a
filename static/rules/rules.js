// Share a ruling: the phone's share sheet when there is one, else copy the link.
document.addEventListener("click", function (ev) {
  var a = ev.target.closest && ev.target.closest("[data-share]");
  if (!a) return;
  var url = new URL(a.getAttribute("href"), location.href).href;
  if (navigator.share) { ev.preventDefault(); navigator.share({url: url}).catch(function () {}); return; }
  if (navigator.clipboard) { ev.preventDefault(); navigator.clipboard.writeText(url).then(function () { a.textContent = "✓"; }); }
});

/* House-rule sheets on this device: a sheet is found only by its link, so the phone keeps the
   sheets it opened (localStorage, never the server) and the house-rules page lists them. */
(function () {
  "use strict";
  var KEY = window.Kozel.conf.keys.houses;  // site.js
  var store = window.kozelList(KEY), load = store.load, save = store.save;  // site.js
  function init() {
    var sheet = document.querySelector("[data-remember-house]");
    if (sheet) {
      var slug = sheet.dataset.rememberHouse;
      var list = load().filter(function (h) { return h.slug !== slug; });
      list.unshift({ slug: slug, url: sheet.dataset.url, title: sheet.dataset.title, at: Date.now() });
      save(list);
    }
    var box = document.getElementById("my-houses");
    var mine = load();
    if (!box || !mine.length) return;
    var ul = box.querySelector(".my-list"), tpl = document.getElementById("my-house-item");
    ul.textContent = "";
    mine.forEach(function (h) {
      var li = tpl.content.cloneNode(true), a = li.querySelector("a");
      a.href = h.url;
      li.querySelector(".my-title").textContent = h.title;
      ul.appendChild(li);
    });
    box.hidden = false;
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
