// scorepad's service worker: keeps the app shell and the last pages seen, so a game
// already opened still shows its last scoreboard offline; the saves made meanwhile wait
// on the phone in the page's outbox (static/outbox.js), not here.
"use strict";
// One cache per language: a phone that changes language gets a new worker (this script
// is drawn in the phone's language) and the other language's kept pages go with the old.
const LANG = "{{ locale_code()|replace('_', '-') }}";
const CACHE = `scorepad-${LANG}-{{ static_hash('app.css') }}-{{ static_hash('app.js') }}`;
const OFFLINE = "{{ offline }}";
const SHELL = ["{{ static_url('app.css') }}", "{{ static_url('app.js') }}"];
// The offline page comes inside this script (with the headers the server sends it): one
// request less on a phone's first visit.
const OFFLINE_PAGE = {{ offline_page|tojson }};
const OFFLINE_HEADERS = {{ offline_headers|tojson }};
const NOT_SAVED = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline: not saved</title>
<link rel="stylesheet" href="{{ static_url('app.css') }}"></head><body><main>
<h1>Offline: not saved</h1><p role="alert">No connection: nothing was saved.
Go back with your browser's Back button: what you typed is still in the form. Save it again once
the connection is back.</p></main></body></html>`;
const START = "{{ start }}";
const NOTICE = '<p class="offline-notice" role="status" hidden>';
// Headers of a kept page worth passing on when it is shown again (its CSP above all).
const KEPT_HEADERS = ["Content-Type", "Content-Security-Policy", "X-Content-Type-Options",
  "Referrer-Policy", "X-Frame-Options"];

// The language of the pages kept: the phone's, as the last page it was shown says
// (Content-Language). A kept page of another language is never shown or kept again.
let lang = LANG;
const spoken = (res) => !res.headers.has("Content-Language")
  || res.headers.get("Content-Language") === lang;

// A page in another language than the ones kept: the phone changed language; the pages
// kept in the old one are dropped (offline, the offline page is shown instead).
async function dropOtherLanguage(cache, res) {
  const said = res.headers.get("Content-Language");
  if (!said || said === lang) return;
  lang = said;
  const kept = await cache.keys();
  await Promise.all(kept.map(async (req) => {
    const hit = await cache.match(req);
    if (hit && hit.headers.has("Content-Language") && !spoken(hit)) await cache.delete(req);
  }));
}

// The browser's copy of a first visit's page: that request had no cookie yet (the page
// set it), and the copy is kept under the cookies it was asked with (Vary: Cookie).
async function fromHttpCache(url) {
  const res = await fetch(url, { cache: "only-if-cached", mode: "same-origin", credentials: "omit" });
  return res.ok ? res : null;
}

// The pages open on this phone (a first visit's page came before this worker) are kept
// as part of the install, before the worker takes them over: a phone that loses the network
// as soon as the worker runs still shows them. A page no worker kept yet (a first visit)
// is taken from the browser's own cache where it is there (the page just loaded: no second
// request), any other from the network. A page that cannot be fetched is not kept.
async function keepOpenPages(cache) {
  const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  await Promise.all(open.map(async (client) => {
    const url = new URL(client.url);
    url.hash = "";
    if (url.origin !== self.location.origin || url.pathname.endsWith(".json")) return;
    try {
      const seen = await caches.match(url.href, { ignoreVary: true });
      const copy = !seen && await fromHttpCache(url).catch(() => null);
      const res = (copy && spoken(copy) && copy) || await fetch(url, { credentials: "same-origin" });
      if (res.ok && spoken(res)) await cache.put(url.href, res);
    } catch (err) { /* not kept: shown again online */ }
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((c) => c.addAll(SHELL)
      .then(() => c.put(OFFLINE, new Response(OFFLINE_PAGE, { headers: OFFLINE_HEADERS })))
      .then(() => keepOpenPages(c)))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// A page just seen is kept. The start page (the home-screen app's /games, listing this
// phone's games and their scores) is then fetched and kept again when it may have changed:
// when a game's own page (/games/<id>) is a save's answer, or new here, or changed since it
// was kept (and whenever the start page is not kept yet). Offline, the app opens on the
// scores of the last save, not on the list as it was when /games was last opened.
const GAME_PAGE = new RegExp(`^${START}/[^/]+$`);

async function keep(url, res, saved) {
  const cache = await caches.open(CACHE);
  const game = GAME_PAGE.test(new URL(url).pathname);
  const tag = res.headers.get("ETag");
  const before = game && await cache.match(url, { ignoreVary: true });
  await dropOtherLanguage(cache, res);
  await cache.put(url, res);
  const same = before && tag && before.headers.get("ETag") === tag;
  const changed = game && (saved || !same);
  if (!changed && await cache.match(START, { ignoreVary: true })) return;
  const start = await fetch(START, { credentials: "same-origin" });
  if (start.ok) await cache.put(START, start);
}

// The page a form belongs to: where Back should land instead of the answer to a POST.
function formPage(url) {
  const game = url.pathname.match(/^(\/games\/[^/]+)\/(bids|tricks|rematch|hands\/\d+\/delete)$/);
  return game ? game[1] : url.pathname;
}

// A form sent as a navigation (no JavaScript in the page). Back or Forward to the answer of
// a POST asks for it from the cache only ("only-if-cached"): that is no save and the network
// may be fine, so show the form's page again rather than a false "not saved". Only a save
// whose request really failed on the network gets the "not saved" page.
async function postNavigation(request) {
  const url = new URL(request.url);
  if (request.cache === "only-if-cached") return Response.redirect(formPage(url), 303);
  try {
    return await fetch(request);
  } catch (err) {
    return new Response(NOT_SAVED, {
      status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

// A save sent by app.js: its failure goes back to the page, which says so and keeps what
// was typed. The page a save leads to replaces the one on screen without a page load, so
// keep it here: offline, the game shows the score of the last save.
async function save(event) {
  const res = await fetch(event.request);
  if (res.ok && res.redirected && (res.headers.get("Content-Type") || "").startsWith("text/html")) {
    event.waitUntil(keep(res.url, res.clone(), true).catch(() => {}));
  }
  return res;
}

// A page kept from before, shown because the network failed: say so at its top.
async function keptPage(request) {
  // Vary is ignored: a page kept under another cookie or encoding is still this page.
  const kept = await caches.match(request, { ignoreVary: true });
  const hit = kept && spoken(kept) ? kept : null;
  if (!hit) return request.mode === "navigate" ? caches.match(OFFLINE) : Response.error();
  const type = hit.headers.get("Content-Type") || "";
  if (request.mode !== "navigate" || !type.startsWith("text/html")) return hit;
  const headers = new Headers();
  KEPT_HEADERS.forEach((name) => { if (hit.headers.has(name)) headers.set(name, hit.headers.get(name)); });
  const html = (await hit.text()).replace(NOTICE, NOTICE.replace(" hidden>", ">"));
  return new Response(html, { status: 200, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === "/sw.js") return;
  if (request.method !== "GET") {
    event.respondWith(request.mode === "navigate" ? postNavigation(request) : save(event));
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((res) => {
      if (res.ok) caches.open(CACHE).then((c) => c.put(request, res.clone()));
      return res;
    })));
    return;
  }
  // Pages: the network first, the last copy seen when there is none. The page Back leads
  // to from a POST's answer (see postNavigation) still asks for the cache only: ask the
  // network as for any page, or it would fail while online and show an old copy.
  const live = request.cache === "only-if-cached"
    ? new Request(request.url, { redirect: "manual" }) : request;
  // A request that wants no stored copy (the outbox asking whether the server answers,
  // static/outbox.js) gets none: no answer is no answer.
  event.respondWith(fetch(live).then((res) => {
    if (res.ok && !url.pathname.endsWith(".json")) {
      event.waitUntil(keep(request.url, res.clone(), false).catch(() => {}));
    }
    return res;
  }).catch(() => (request.cache === "no-store" ? Response.error() : keptPage(request))));
});
