/* The company's pages: the phone's time zone for a new company, and «Поделиться» for an
   evening's image (the Web Share API with the PNG as a file; the download link stays where a
   phone cannot share files). No inline script: the pages' CSP allows only this file. */
(function () {
  "use strict";
  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }
  ready(function () {
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
    document.querySelectorAll("[data-time-zone]").forEach(function (input) {
      if (!input.value) input.value = zone;
    });
    document.querySelectorAll("[data-time-zone-shown]").forEach(function (el) {
      el.textContent = zone || "UTC";
    });
    var canShareFiles = !!(navigator.canShare && window.File);
    document.querySelectorAll("[data-share]").forEach(function (button) {
      if (!canShareFiles) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        button.disabled = true;
        fetch(button.dataset.share, { credentials: "same-origin" })
          .then(function (r) { if (!r.ok) throw new Error(r.status); return r.blob(); })
          .then(function (blob) {
            var file = new File([blob], button.dataset.shareName, { type: "image/png" });
            var data = { files: [file], title: button.dataset.shareTitle };
            if (!navigator.canShare(data)) throw new Error("cannot share files");
            return navigator.share(data);
          })
          .catch(function () {
            var link = button.parentNode.querySelector("[data-share-fallback]");
            if (link) link.click();
          })
          .finally(function () { button.disabled = false; });
      });
    });
  });
})();
