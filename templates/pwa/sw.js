{% load static %}/* Kozel service worker (served from /sw.js so its scope is the whole site).

Static files: cache-first (hashed names never change). Pages: network-first with the last copy
this phone saw as the fallback, only for the pages a phone needs at the table (home, rule sheets,
glossary, referee, its own match pages); anything never seen falls back to /offline/.
Never cached: any non-GET request (writes), htmx and fetch() requests (fragments, polls, the
JSON API), redirected responses and anything but a 200 — so one URL only ever holds its own page.
Writes that fail are kept by the page's outbox (scorekeeper/outbox.js), not here. */
"use strict";
importScripts(
  "{% static 'vendor/workbox/workbox-core.prod.js' %}",
  "{% static 'vendor/workbox/workbox-routing.prod.js' %}",
  "{% static 'vendor/workbox/workbox-strategies.prod.js' %}"
);

var VERSION = "{{ version }}";
var STATIC = "kozel-static-v1";
var PAGES = "kozel-pages-v1";
var OFFLINE = "/offline/";
var CORE = [{% for url in core %}"{{ url }}"{% if not forloop.last %}, {% endif %}{% endfor %}];

// pages kept for the table: home, rule sheets and glossary and referee, a match's view and edit pages
var PAGE_RE = [
  /^\/$/,
  /^\/offline\/$/,
  /^\/rules\/(referee\/|glossary\/|[a-z0-9-]+\/)?$/,
  /^\/rules\/house\/[a-z0-9-]+\/$/,
  /^\/m\/(?!new\/)[A-Za-z0-9_-]+\/$/,
  /^\/m\/[A-Za-z0-9_-]+\/e\/[A-Za-z0-9_-]+\/((hand\/\d+\/)|(kon\/\d+\/)|(history\/))?$/
];
function cacheablePage(url) {
  if (url.origin !== self.location.origin) return false;
  return PAGE_RE.some(function (re) { return re.test(url.pathname); });
}

// only a plain 200 of this very URL is kept (no redirect, no error page, no other match)
var onlyOwn200 = {
  cacheWillUpdate: function (o) {
    var r = o.response;
    return Promise.resolve(r && r.status === 200 && !r.redirected && r.type === "basic" ? r : null);
  }
};

workbox.core.setCacheNameDetails({ prefix: "kozel" });

self.addEventListener("install", function (event) {
  event.waitUntil(Promise.all([
    caches.open(STATIC).then(function (c) { return c.addAll(CORE); }),
    caches.open(PAGES).then(function (c) {
      return fetch(OFFLINE, { credentials: "same-origin" }).then(function (r) { if (r.ok) return c.put(OFFLINE, r); });
    })
  ]).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return k.indexOf("kozel-") === 0 && k !== STATIC && k !== PAGES;
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// hashed static files never change: cache first; unhashed ones (development): refresh behind
workbox.routing.registerRoute(function (o) {
  return o.url.origin === self.location.origin && o.url.pathname.indexOf("{{ static_url }}") === 0
    && /\.[0-9a-f]{12}\.[a-z0-9]+$/.test(o.url.pathname);
}, new workbox.strategies.CacheFirst({ cacheName: STATIC, plugins: [onlyOwn200] }));
workbox.routing.registerRoute(function (o) {
  return o.url.origin === self.location.origin && o.url.pathname.indexOf("{{ static_url }}") === 0;
}, new workbox.strategies.StaleWhileRevalidate({ cacheName: STATIC, plugins: [onlyOwn200] }));

var pages = new workbox.strategies.NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: 6,
  plugins: [onlyOwn200],
  matchOptions: { ignoreVary: true }
});
workbox.routing.registerRoute(function (o) {
  return o.request.mode === "navigate" && cacheablePage(o.url);
}, pages);

// a page never seen, with no network: the offline page (in the language this phone last used)
workbox.routing.setCatchHandler(function (o) {
  if (o.request.mode !== "navigate") return Promise.resolve(Response.error());
  return caches.match(OFFLINE, { cacheName: PAGES, ignoreVary: true }).then(function (r) {
    return r || Response.error();
  });
});
workbox.routing.registerRoute(function (o) {
  return o.request.mode === "navigate" && !cacheablePage(o.url);
}, new workbox.strategies.NetworkOnly({ networkTimeoutSeconds: 20 }));

// messages from the pages: refresh a page's copy after a write or a poll, drop a removed match
self.addEventListener("message", function (event) {
  var d = event.data || {};
  var done;
  if (d.type === "refresh" && d.url) {
    var url = new URL(d.url, self.location.origin);
    if (!cacheablePage(url)) return;
    done = fetch(url.href, { credentials: "same-origin", headers: { "X-Kozel-Refresh": "1" } }).then(function (r) {
      if (r.status === 200 && !r.redirected) return caches.open(PAGES).then(function (c) { return c.put(url.href, r); });
    }).catch(function () {});
  } else if (d.type === "forget" && d.match) {
    var prefix = self.location.origin + "/m/" + d.match + "/";
    done = caches.open(PAGES).then(function (c) {
      return c.keys().then(function (reqs) {
        return Promise.all(reqs.filter(function (q) { return q.url.indexOf(prefix) === 0; })
          .map(function (q) { return c.delete(q); }));
      });
    });
  } else if (d.type === "offline-page") {
    done = caches.open(PAGES).then(function (c) {
      return fetch(OFFLINE, { credentials: "same-origin" }).then(function (r) { if (r.ok) return c.put(OFFLINE, r); });
    }).catch(function () {});
  }
  if (done && event.waitUntil) event.waitUntil(done.then(function () {
    if (event.ports && event.ports[0]) event.ports[0].postMessage("done");
  }));
});
