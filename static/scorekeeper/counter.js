/* «Посчитать по картам»: the entry form's card counter (_counter.html), counted on the phone with
   no round trip, so it works offline. Each card button keeps the sides that claimed it
   (data-owners); nothing is chosen before a tap. «One side taps»: the cards in one side's tricks,
   the other side is 120 minus the sum (at three or four, player after player, the last is the rest,
   as the form counts). «Each side taps its own»: every side taps its cards and the counter checks
   they are the whole deck, each card once, 120 in all. */
(function () {
  "use strict";

  function owners(card) { var o = card.dataset.owners; return o ? o.split(",").map(Number) : []; }
  function setOwners(card, list) { card.dataset.owners = list.join(","); }
  function box(el) { return el && el.closest ? el.closest("[data-counter]") : null; }
  function mode(c) { return c.dataset.mode || "one"; }
  function cards(c) { return Array.prototype.slice.call(c.querySelectorAll(".count-card")); }
  function sideButtons(c) { return Array.prototype.slice.call(c.querySelectorAll("[data-count-side]")); }
  function side(c) {
    var b = c.querySelector("[data-count-side][aria-pressed=true]");
    return b ? +b.dataset.countSide : 0;
  }
  function names(c) { return sideButtons(c).map(function (b) { return b.textContent.trim(); }); }
  function fields(c) {
    var form = c.closest("form");
    return form ? Array.prototype.slice.call(form.querySelectorAll("input[name^=points_]")) : [];
  }
  function fmt(s, k, v) { return s.replace("%(" + k + ")s", v); }
  function faces(list) {
    return list.map(function (card) { return card.querySelector(".face").textContent; }).join(" ");
  }
  function sums(c) {
    var out = names(c).map(function () { return 0; });
    cards(c).forEach(function (card) {
      owners(card).forEach(function (s) { out[s] += +card.dataset.points; });
    });
    return out;
  }

  function update(c) {
    var cur = side(c), m = mode(c), who = names(c), n = who.length;
    cards(c).forEach(function (card) {
      var own = owners(card), others = own.filter(function (s) { return s !== cur; });
      card.setAttribute("aria-pressed", own.indexOf(cur) >= 0 ? "true" : "false");
      var blocked = m === "one" && others.length > 0;
      card.classList.toggle("taken", blocked);
      card.setAttribute("aria-disabled", blocked ? "true" : "false");
      var tag = others.map(function (s) { return who[s]; }).join(", ");
      card.querySelector(".owner").textContent = tag;
      var label = card.dataset.label || (card.dataset.label = card.getAttribute("aria-label"));
      card.setAttribute("aria-label", tag ? label + " — " + tag : label);
    });
    sideButtons(c).forEach(function (b) { b.hidden = m === "one" && n > 2 && b.hasAttribute("data-last"); });
    c.querySelectorAll("[data-count-hint]").forEach(function (p) { p.hidden = p.dataset.countHint !== m; });
    var s = sums(c), line = c.querySelector("[data-count-sum]"), check = c.querySelector("[data-count-check]");
    var put = c.querySelector("[data-count-put]");
    check.hidden = true;
    if (m === "one") {
      // the others by name: at three or four «другая сторона» would be two or three players
      var others = who.filter(function (w, i) { return i !== cur; }).join(", ");
      line.textContent = who[cur] + ": " + s[cur] + " · " + others + ": " + (120 - s[cur]);
      put.disabled = false;
      return;
    }
    line.textContent = who.map(function (w, i) { return w + ": " + s[i]; }).join(" · ");
    var twice = cards(c).filter(function (card) { return owners(card).length > 1; });
    var missing = cards(c).filter(function (card) { return !owners(card).length; });
    var total = s.reduce(function (a, b) { return a + b; }, 0), msgs = [];
    if (twice.length) msgs.push(fmt(c.dataset.twice, "cards", faces(twice)));
    if (missing.length) msgs.push(fmt(c.dataset.missing, "cards", faces(missing)));
    if (!twice.length && !missing.length && total !== 120) msgs.push(fmt(c.dataset.not120, "sum", String(total)));
    var ok = !msgs.length;
    check.textContent = ok ? c.dataset.whole : msgs.join(". ");
    check.hidden = false;
    check.classList.toggle("errorlist", !ok);
    check.classList.toggle("count-ok", ok);
    put.disabled = !ok;
  }

  function tap(c, card) {
    var cur = side(c), own = owners(card);
    if (mode(c) === "one" && own.some(function (s) { return s !== cur; })) return; // another player's card
    var at = own.indexOf(cur);
    if (at >= 0) own.splice(at, 1); else own.push(cur);
    setOwners(card, own);
    update(c);
  }

  function choose(c, attr, btn) {
    c.querySelectorAll("[" + attr + "]").forEach(function (b) { b.setAttribute("aria-pressed", b === btn ? "true" : "false"); });
  }

  function put(c) {
    var f = fields(c), s = sums(c), cur = side(c), n = f.length;
    if (!n) return;
    if (mode(c) === "one") {
      f[cur].value = String(s[cur]);
      if (n === 2) delete f[1 - cur].dataset.typed;  // the other side follows as the rest of 120
      f[cur].dispatchEvent(new Event("input", { bubbles: true }));
      shown(f);
      if (n > 2) {  // the next player who has not been put in yet, the last being the rest
        var next = sideButtons(c).filter(function (b) {
          return !b.hasAttribute("data-last") && !f[+b.dataset.countSide].dataset.typed;
        })[0];
        if (next) choose(c, "data-count-side", next);
        update(c);
      }
      return;
    }
    f.forEach(function (field, i) { field.value = String(s[i]); field.dataset.typed = "1"; field.classList.remove("auto"); });
    f[n - 1].dispatchEvent(new Event("input", { bubbles: true }));
    shown(f);
  }
  // the points just put in, on the screen (the counter's cards pushed them out of view)
  function shown(f) {
    var row = f[0].closest(".points-row") || f[0];
    row.scrollIntoView({ block: "center" });
  }

  document.addEventListener("click", function (ev) {
    var t = ev.target.closest ? ev.target.closest("button") : null, c = box(t);
    if (!c) return;
    if (t.classList.contains("count-card")) tap(c, t);
    else if (t.hasAttribute("data-count-side")) { choose(c, "data-count-side", t); update(c); }
    else if (t.hasAttribute("data-count-mode")) {
      if (t.dataset.countMode === mode(c)) return;
      choose(c, "data-count-mode", t);
      c.dataset.mode = t.dataset.countMode;  // the cards tapped so far stay: a count is not lost
      update(c);
    } else if (t.hasAttribute("data-count-put")) put(c);
  });
  // a hand kept on the phone empties the form for the next one (outbox.js): the count starts afresh
  document.addEventListener("kozel:cleared", function (ev) {
    var c = ev.target.querySelector ? ev.target.querySelector("[data-counter]") : null;
    if (!c) return;
    cards(c).forEach(function (card) { setOwners(card, []); });
    update(c);
  });
  function init() { document.querySelectorAll("[data-counter]").forEach(update); }
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
})();
