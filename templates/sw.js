// scorepad's service worker: keeps the app shell and the last pages seen, so a game
// already opened still shows its last scoreboard offline. Nothing is saved offline.
"use strict";
const CACHE = "scorepad-{{ static_hash('app.css') }}-{{ static_hash('app.js') }}";
const OFFLINE = "{{ offline }}";
const SHELL = ["{{ static_url('app.css') }}", "{{ static_url('app.js') }}", OFFLINE];
const NOT_SAVED = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline: not saved</title>
<link rel="stylesheet" href="{{ static_url('app.css') }}"></head><body><main>
<h1>Offline: not saved</h1><p role="alert">This phone has no connection, so nothing was saved.
Go back with your browser's Back button: what you typed is still in the form. Save it again once
you are back online.</p></main></body></html>`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === "/sw.js") return;
  if (request.method !== "GET") {
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(() => new Response(NOT_SAVED, {
        status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } })));
    }
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((res) => {
      if (res.ok) caches.open(CACHE).then((c) => c.put(request, res.clone()));
      return res;
    })));
    return;
  }
  // Pages: the network first, the last copy seen when there is none.
  event.respondWith(fetch(request).then((res) => {
    if (res.ok && !url.pathname.endsWith(".json")) {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(request, copy));
    }
    return res;
  }).catch(() => caches.match(request).then((hit) => hit
    || (request.mode === "navigate" ? caches.match(OFFLINE) : Response.error()))));
});
