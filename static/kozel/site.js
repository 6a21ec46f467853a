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
