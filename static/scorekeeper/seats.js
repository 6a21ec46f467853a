/* «Первым сдаёт» and «Первым заходит» offer the players by the names typed (or chosen) for their
   seats, as they are typed; a seat nobody named keeps its number. Without JavaScript the server
   names them as the form was sent. No inline script: the pages' CSP allows only files. */
(function () {
  "use strict";
  function name(form, seat) {
    var field = form.elements["player_" + seat];
    return field && !field.disabled && field.value ? field.value.trim() : "";
  }
  function follow(form) {
    if (!form) return;
    form.querySelectorAll("select[data-seat-names] option[data-seat]").forEach(function (o) {
      o.textContent = name(form, o.dataset.seat) || o.dataset.fallback;
    });
  }
  function changed(ev) {
    var t = ev.target;
    if (t.form && /^(player_\d|seats|variant|opt_blind_seats)$/.test(t.name)) follow(t.form);
  }
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
  function init() {
    document.querySelectorAll("select[data-seat-names]").forEach(function (s) { follow(s.form); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
