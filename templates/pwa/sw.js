{% load static %}/* Kozel service worker (served from /sw.js so its scope is the whole site), on Workbox's modules.

Static files and the scripts' translation catalogues: precached at install from the server's list
(kozel_site/pwa.py), served cache-first, and the previous release's precache removed once this one
is active. Pages: network-first with the last copy this phone saw as the fallback, only for the
pages a phone needs at the table (home, rule sheets, glossary, referee, its own match pages), the
least recently used ones removed past a bound; anything never seen falls back to the offline page.
Never cached: any non-GET request (writes), htmx and fetch() requests (fragments, polls, the JSON
API), redirected responses and anything but a 200, so one URL only ever holds its own page.
Writes that fail are kept by the page's outbox (scorekeeper/outbox.js), not here. */
"use strict";
importScripts(
  "{% static 'vendor/workbox/workbox-core.prod.js' %}",
  "{% static 'vendor/workbox/workbox-routing.prod.js' %}",
  "{% static 'vendor/workbox/workbox-strategies.prod.js' %}",
  "{% static 'vendor/workbox/workbox-expiration.prod.js' %}",
  "{% static 'vendor/workbox/workbox-precaching.prod.js' %}"
);

var KOZEL = {{ worker_json|safe }};
var C = KOZEL.config;
var KEPT = C.kept.map(function (s) { return new RegExp(s); });
var NEVER = C.never.map(function (s) { return new RegExp(s); });

function keptPage(url) {
  if (url.origin !== self.location.origin) return null;
  if (NEVER.some(function (re) { return re.test(url.pathname); })) return null;
  for (var i = 0; i < KEPT.length; i++) { var m = KEPT[i].exec(url.pathname); if (m) return m; }
  return null;
}
// the match a kept page belongs to (its URL pattern's public_id), for «Убрать с телефона»
function matchOf(url) { var m = keptPage(url); return m && m.groups ? m.groups.public_id || null : null; }

// only a plain 200 of this very URL is kept (no redirect, no error page, no other match)
var onlyOwn200 = {
  cacheWillUpdate: function (o) {
    var r = o.response;
    return Promise.resolve(r && r.status === 200 && !r.redirected && r.type === "basic" ? r : null);
  }
};

workbox.core.setCacheNameDetails({ prefix: C.prefix });
workbox.precaching.precacheAndRoute(KOZEL.precache);
workbox.precaching.cleanupOutdatedCaches();

function keepOfflinePage() {
  return caches.open(C.offline).then(function (c) {
    return fetch(C.offlineUrl, { credentials: "same-origin" }).then(function (r) { if (r.ok) return c.put(C.offlineUrl, r); });
  });
}
self.addEventListener("install", function (event) {
  event.waitUntil(keepOfflinePage().then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(Promise.all(C.retired.map(function (k) { return caches.delete(k); }))
    .then(function () { return self.clients.claim(); }));
});

var pages = new workbox.strategies.NetworkFirst({
  cacheName: C.pages,
  networkTimeoutSeconds: 6,
  plugins: [onlyOwn200, new workbox.expiration.ExpirationPlugin({
    maxEntries: C.keptPages, maxAgeSeconds: C.keptSeconds, purgeOnQuotaError: true
  })],
  matchOptions: { ignoreVary: true }
});
workbox.routing.registerRoute(function (o) {
  return o.request.mode === "navigate" && !!keptPage(o.url);
}, pages);
workbox.routing.registerRoute(function (o) {
  return o.request.mode === "navigate" && !keptPage(o.url);
}, new workbox.strategies.NetworkOnly({ networkTimeoutSeconds: 20 }));

// failed with no network: a page never seen gets the offline page (in the language this phone last
// used); a static file a page kept before this release names gets this release's version of it
workbox.routing.setCatchHandler(function (o) {
  if (o.request.mode === "navigate") {
    return caches.match(C.offlineUrl, { cacheName: C.offline, ignoreVary: true }).then(function (r) {
      return r || Response.error();
    });
  }
  var path = o.url.pathname;
  if (o.url.origin === self.location.origin && path.indexOf(C.staticUrl) === 0) {
    var now = C.staticByName[path.replace(/\.[0-9a-f]{12}(\.[A-Za-z0-9]+)$/, "$1")];
    if (now) return workbox.precaching.matchPrecache(now).then(function (r) { return r || Response.error(); });
  }
  return Promise.resolve(Response.error());
});
// static files not on the precache list (source maps): the network
workbox.routing.registerRoute(function (o) {
  return o.url.origin === self.location.origin && o.url.pathname.indexOf(C.staticUrl) === 0;
}, new workbox.strategies.NetworkOnly());

// messages from the pages: refresh a page's copy after a write or a poll, drop a removed match
self.addEventListener("message", function (event) {
  var d = event.data || {};
  var done;
  if (d.type === "refresh" && d.url) {
    var url = new URL(d.url, self.location.origin);
    if (!keptPage(url)) return;
    // through the strategy, so the expiration sees the page as just used
    var request = new Request(url.href, { credentials: "same-origin" });
    done = pages.handle({ event: event, request: request }).catch(function () {});
  } else if (d.type === "forget" && d.match) {
    done = caches.open(C.pages).then(function (c) {
      return c.keys().then(function (reqs) {
        var gone = reqs.filter(function (q) { return matchOf(new URL(q.url)) === d.match; });
        return Promise.all(gone.map(function (q) { return c.delete(q); })).then(function () {
          return { removed: gone.map(function (q) { return new URL(q.url).pathname; }) };
        });
      });
    });
  } else if (d.type === "offline-page") {
    done = keepOfflinePage().catch(function () {});
  }
  if (done && event.waitUntil) event.waitUntil(done.then(function (answer) {
    if (event.ports && event.ports[0]) event.ports[0].postMessage(answer || "done");
  }));
});
