// Whole-deal review: tap every player's hand (2, 3 or 4 seats; where a deal has two rounds, the
// second round's cards after the first), then the cards in the order played. The text fields
// stay the state (the page is still a GET link and works by typing without this script); a
// finished trick is sent for review so the page learns who leads the next one.
(function () {
  "use strict";
  var mode = null, seat = null, busy = false;  // kept across htmx swaps
  var RU = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}, SYM = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"};

  function norm(t) {
    t = t.toUpperCase().replace(/[♣♠♥♦]/g, function (s) { return SYM[s]; });
    if (RU[t[0]]) t = RU[t[0]] + t.slice(1);
    return t[0] === "T" ? "10" + t.slice(1) : t;
  }
  function split(v) { return v.split(/[\s,+]+/).filter(Boolean).map(norm); }
  // the fields speak the page's notation (Т♥ Д♦ in Russian): each code as its picker button shows it
  function faces(codes) {
    var face = {};
    el().querySelectorAll(".pcard").forEach(function (b) { face[b.dataset.code] = b.textContent.trim(); });
    return codes.map(function (c) { return face[c] || c; }).join(" ");
  }
  function fmt(s, o) { return s.replace(/\{(\w+)\}/g, function (_, k) { return o[k]; }); }
  function el() { return document.getElementById("tap"); }
  function hand(s) { return document.getElementById("id_h" + s); }
  function second(s) { return document.getElementById("id_k" + s); }
  function seatsOf(t) { var n = +t.dataset.seats || 4, out = []; for (var i = 0; i < n; i++) out.push(i); return out; }
  function who(s) { var b = el().querySelector('[data-seat="' + s + '"]'); return b ? b.dataset.name : String(s + 1); }
  // a seat's cards for the whole deal: the first round, then the second (prikup) if any
  function dealt(s) { var k = second(s); return split(hand(s).value).concat(k ? split(k.value) : []); }
  function setDealt(s, cards, size) {
    var k = second(s);
    hand(s).value = faces(cards.slice(0, k ? size : cards.length));
    if (k) k.value = faces(cards.slice(size));
  }
  function plays() { return document.getElementById("id_plays"); }

  // Plays as lists of codes; in draw-four «;» ends a play, the last open play may be unfinished.
  function parsePlays(multi) {
    var v = plays().value;
    if (!multi) return {done: split(v).map(function (c) { return [c]; }), open: []};
    var parts = v.replace(/\|/g, ";").split(";"), open = split(parts.pop());
    return {done: parts.map(split).filter(function (p) { return p.length; }), open: open};
  }
  function writePlays(p, multi) {
    if (!multi) { plays().value = faces(p.done.map(function (x) { return x[0]; })); return; }
    var s = p.done.map(faces).join("; ");
    plays().value = s + (s ? ";" : "") + (p.open.length ? " " + faces(p.open) : "");
    plays().value = plays().value.trim();
  }
  function saveUrl() {
    var form = el().closest("form"), q = new URLSearchParams();
    new FormData(form).forEach(function (v, k) { if (String(v).trim()) q.append(k, v); });
    history.replaceState(history.state, "", form.getAttribute("action") + "?" + q.toString());
  }

  function state() {
    var t = el(), round = +t.dataset.size, multi = t.dataset.multi === "1", seats = seatsOf(t), w = seats.length;
    var size = round * (+t.dataset.rounds || 1);
    var hands = seats.map(dealt);
    var p = parsePlays(multi), n = p.done.length, trick = Math.floor(n / w);
    var leaders = t.dataset.leaders.split(" ").map(Number);
    var leader = trick < leaders.length ? leaders[trick] : null;
    return {t: t, round: round, size: size, multi: multi, seats: seats, w: w, hands: hands, p: p, trick: trick, pos: n % w,
            cur: leader === null ? null : (leader + n % w) % w,
            leadCount: n % w ? p.done[n - n % w].length : 0};
  }

  function render() {
    var t = el();
    if (!t) return;
    t.hidden = false;
    var s = state(), dealt = {}, played = {}, total = t.querySelectorAll(".pcard").length;
    var plays = s.multi ? total : +t.dataset.plays || total;
    s.hands.forEach(function (h, i) { h.forEach(function (c) { dealt[c] = i; }); });
    s.p.done.concat([s.p.open]).forEach(function (x) { x.forEach(function (c) { played[c] = 1; }); });
    var missing = s.seats.filter(function (i) { return s.hands[i].length < s.size; });
    if (!mode) mode = missing.length && !s.p.done.length ? "hands" : "plays";
    if (mode === "hands" && (seat === null || missing.indexOf(seat) < 0)) seat = missing.length ? missing[0] : 0;
    var over = mode === "plays" && (s.multi ? Object.keys(played).length : s.p.done.length) >= plays;  // multi: plays are cards
    var cur = mode === "hands" ? seat : over ? null : s.cur;  // a played-out deal has no one to play
    t.querySelectorAll("[data-mode]").forEach(function (b) {
      b.classList.toggle("btn-primary", b.dataset.mode === mode);
      b.setAttribute("aria-pressed", b.dataset.mode === mode);
    });
    t.querySelectorAll("[data-seat]").forEach(function (b) {
      var i = +b.dataset.seat;
      b.classList.toggle("cur", i === cur);
      b.setAttribute("aria-current", i === cur ? "true" : "false");
      b.querySelector(".cnt").textContent = mode === "hands" ? s.hands[i].length + "/" + s.size : "";
    });
    t.querySelectorAll(".pcard").forEach(function (b) {
      var c = b.dataset.code, used = mode === "hands" ? c in dealt : c in played;
      b.classList.toggle("used", used);
      b.disabled = used || busy;
      b.classList.toggle("off", mode === "plays" && !used && cur !== null && c in dealt && dealt[c] !== cur);
    });
    var msg, st = t.dataset, open = s.p.open.length;
    if (mode === "hands") {
      msg = fmt(st.tHands, {p: who(seat), k: s.hands[seat].length, n: s.size});
    } else if (over) {
      msg = st.tDone;
    } else if (cur === null) {
      msg = fmt(st.tWait, {t: s.trick + 1});
    } else if (s.multi && s.pos === 0) {
      msg = fmt(st.tLead, {t: s.trick + 1, p: who(cur)});
    } else if (s.multi) {
      msg = fmt(st.tPlayn, {t: s.trick + 1, p: who(cur), k: open, n: s.leadCount});
    } else {
      msg = fmt(st.tPlay, {t: s.trick + 1, p: who(cur)});
    }
    t.querySelector(".tap-status").textContent = msg;
    var rest = t.querySelector('[data-tap="rest"]'), free = total - Object.keys(dealt).length;
    rest.hidden = !(mode === "hands" && missing.length === 1 && free === s.size - s.hands[missing[0]].length);
    if (!rest.hidden) rest.textContent = fmt(st.tRest, {p: who(missing[0])});
    var end = t.querySelector('[data-tap="end"]');
    if (end) end.hidden = !(mode === "plays" && s.pos === 0 && open);
  }

  function review() {
    var form = el().closest("form");
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }

  function tap(code) {
    var s = state();
    if (mode === "hands") {
      var h = s.hands[seat];
      if (h.length >= s.size) return;
      h.push(code);
      setDealt(seat, h, s.round);
      if (h.length === s.size) seat = null;
      if (s.hands.every(function (x) { return x.length >= s.size; })) mode = "plays";
      saveUrl();
      return render();
    }
    var finished = false;
    if (!s.multi) {
      s.p.done.push([code]);
      finished = s.p.done.length % s.w === 0;
    } else {
      s.p.open.push(code);
      if (s.pos > 0 && s.p.open.length >= s.leadCount) {  // an answer gives as many cards as the lead
        s.p.done.push(s.p.open);
        s.p.open = [];
        finished = s.p.done.length % s.w === 0;
      }
    }
    writePlays(s.p, s.multi);
    saveUrl();
    render();
    if (finished) review();
  }

  function endLead() {
    var s = state();
    if (!s.p.open.length) return;
    s.p.done.push(s.p.open);
    s.p.open = [];
    writePlays(s.p, s.multi);
    saveUrl();
    render();
  }

  function undo() {
    var s = state();
    if (mode === "hands") {
      var i = [seat].concat(s.seats.slice().reverse()).filter(function (k) { return k !== null && s.hands[k].length; })[0];
      if (i === undefined) return;
      s.hands[i].pop();
      setDealt(i, s.hands[i], s.round);
      seat = i;
    } else {
      if (s.p.open.length) s.p.open.pop();
      else if (s.p.done.length) { s.p.open = s.p.done.pop(); s.p.open.pop(); }
      if (!s.multi) { s.p.done = s.p.done.concat(s.p.open.map(function (c) { return [c]; })); s.p.open = []; }
      writePlays(s.p, s.multi);
    }
    saveUrl();
    render();
  }

  function rest() {
    var s = state(), dealt = {};
    s.hands.forEach(function (h) { h.forEach(function (c) { dealt[c] = 1; }); });
    var i = s.seats.filter(function (k) { return s.hands[k].length < s.size; })[0];
    el().querySelectorAll(".pcard").forEach(function (b) { if (!(b.dataset.code in dealt)) s.hands[i].push(b.dataset.code); });
    setDealt(i, s.hands[i], s.round);
    mode = "plays";
    saveUrl();
    render();
  }

  document.addEventListener("click", function (ev) {
    var t = el(), b = ev.target.closest && ev.target.closest("#tap button");
    if (!t || !b || busy) return;
    if (b.dataset.code) tap(b.dataset.code);
    else if (b.dataset.mode) { mode = b.dataset.mode; render(); }
    else if (b.dataset.seat && mode === "hands") { seat = +b.dataset.seat; render(); }
    else if (b.dataset.tap === "undo") undo();
    else if (b.dataset.tap === "rest") rest();
    else if (b.dataset.tap === "end") endLead();
  });
  // while a review is in flight the cards are disabled, so a tap is never silently dropped
  // (the polls of «А было ли видно?» review nothing the picker waits for)
  function seen(e) { return e.target.closest && e.target.closest(".seen"); }
  document.addEventListener("htmx:beforeRequest", function (e) { if (!seen(e)) { busy = true; render(); } });
  document.addEventListener("htmx:afterSettle", function (e) { if (!seen(e)) { busy = false; render(); } });
  document.addEventListener("htmx:afterRequest", function (e) { if (!seen(e)) { busy = false; render(); } });
  // Typing in the fields moves the picker along too.
  document.addEventListener("input", function (ev) { if (el() && ev.target.closest("#review")) render(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render); else render();
}());
// A refused «А было ли видно?» (a bad deal, the rate, a full or unreachable queue: 400, 404, 429,
// 503) says why in its own place; htmx's configuration swaps no other error in.
document.addEventListener("htmx:beforeSwap", function (e) {
  var target = e.detail.target, status = e.detail.xhr.status;
  if (status >= 400 && target && target.classList.contains("seen") &&
      /^\s*<div class="seen/.test(e.detail.serverResponse)) {
    e.detail.shouldSwap = true;
    e.detail.isError = false;
  }
});
