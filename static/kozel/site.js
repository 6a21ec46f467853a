/* Every page: what the server hands the scripts, defined once there (kozel_site/pwa.py): the
   URLs, cache names and storage keys, from this script tag's data attributes, as Kozel.conf. */
(function (script) {
  "use strict";
  var K = (window.Kozel = window.Kozel || {});
  var d = (script && script.dataset) || {};
  K.conf = {
    sw: d.sw, scope: d.scope, csrf: d.csrf, health: d.health, offline: d.offline,
    pagesCache: d.pagesCache, outboxDb: d.outboxDb, outboxStore: d.outboxStore, outboxLock: d.outboxLock,
    keys: { matches: d.keyMatches, houses: d.keyHouses, seen: d.keySeen, lang: d.keyLang },
    timeout: +d.timeout || 10000
  };
})(document.currentScript);

/* Every page: a fold-out's summary says whether it is open (aria-expanded), kept in step as it opens
   and closes and after htmx swaps. The chevron itself is CSS (app.css). */
(function () {
  "use strict";
  function mark(root) {
    (root || document).querySelectorAll("details > summary").forEach(function (s) {
      s.setAttribute("aria-expanded", s.parentElement.open ? "true" : "false");
    });
  }
  // "toggle" does not bubble: listen in the capture phase
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (d && d.tagName === "DETAILS") {
      var s = d.querySelector(":scope > summary");
      if (s) s.setAttribute("aria-expanded", d.open ? "true" : "false");
    }
  }, true);
  document.addEventListener("DOMContentLoaded", function () { mark(); });
  document.addEventListener("htmx:afterSettle", function (ev) { mark(ev.target); });
})();

/* A short list kept on this phone, newest first, at most 20 (localStorage, never the server): the
   matches (score.js) and the house-rule sheets (rules.js) opened here. Storage that is off or full
   reads as an empty list and writes nothing. */
window.kozelList = function (key) {
  return {
    load: function () { try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; } },
    save: function (list) { try { localStorage.setItem(key, JSON.stringify(list.slice(0, 20))); } catch (e) {} }
  };
};
