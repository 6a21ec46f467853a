/* The company's pages: the phone's time zone for a new company, and «Поделиться» for an
   evening's image (the Web Share API with the PNG as a file; the download link stays where a
   phone cannot share files). No inline script: the pages' CSP allows only this file. */
(function () {
  "use strict";
  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }
  // a zone the page has no words for: its IANA city and the phone's offset («Los Angeles, UTC−8»)
  function zoneLabel(zone) {
    var city = zone.split("/").pop().replace(/_/g, " "), offset = "";
    try {
      offset = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(new Date())
        .filter(function (p) { return p.type === "timeZoneName"; })[0].value.replace("GMT", "UTC").replace("-", "−");
    } catch (e) { offset = ""; }
    return offset ? city + ", " + offset : city;
  }
  ready(function () {
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
    document.querySelectorAll("[data-time-zone]").forEach(function (input) {
      if (!input.value) input.value = zone;
    });
    document.querySelectorAll("[data-time-zone-shown]").forEach(function (el) {
      var names = {};
      try { names = JSON.parse(el.dataset.zoneNames || "{}"); } catch (e) { names = {}; }
      el.textContent = names[zone || "UTC"] || zoneLabel(zone);
    });
    document.querySelectorAll("form[data-merge-ask]").forEach(function (form) {
      var q = form.querySelector("[data-merge-question]"), first = form.querySelector("[data-merge-first]");
      var yes = form.querySelector("[data-merge-yes]"), no = form.querySelector("[data-merge-no]");
      function asking(on) { q.hidden = yes.hidden = no.hidden = !on; first.hidden = on; }
      function chosen(name) { var s = form.elements[name]; return s.options[s.selectedIndex].text; }
      form.addEventListener("submit", function (ev) {
        if (ev.submitter === yes) return;
        ev.preventDefault();
        var fold = chosen("fold"), keep = chosen("keep");
        q.textContent = form.dataset.mergeAsk.split("%(fold)s").join(fold).split("%(keep)s").join(keep);
        asking(true);
        yes.focus();
      });
      no.addEventListener("click", function () { asking(false); first.focus(); });
      form.addEventListener("change", function () { asking(false); });
    });
    var canShareFiles = !!(navigator.canShare && navigator.share && window.File);
    document.querySelectorAll("[data-share]").forEach(function (button) {
      if (!canShareFiles) return;
      var link = button.parentNode.querySelector("[data-share-fallback]");
      button.hidden = false;
      if (link) link.hidden = true;  // one button, «Поделиться»: the download is for phones that cannot share
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
          .catch(function (err) {
            if (err && err.name === "AbortError") return;  // the player closed the share sheet
            if (link) link.click();
          })
          .finally(function () { button.disabled = false; });
      });
    });
  });
})();
