// Share a ruling: the phone's share sheet when there is one, else copy the link.
document.addEventListener("click", function (ev) {
  var a = ev.target.closest && ev.target.closest("[data-share]");
  if (!a) return;
  var url = new URL(a.getAttribute("href"), location.href).href;
  if (navigator.share) { ev.preventDefault(); navigator.share({url: url}).catch(function () {}); return; }
  if (navigator.clipboard) { ev.preventDefault(); navigator.clipboard.writeText(url).then(function () { a.textContent = "✓"; }); }
});
