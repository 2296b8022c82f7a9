// The site's service worker: precaches what the page needs to boot and play,
// so it works offline (a reload, or a new tab on any of its URLs).
//
// build.py copies this file to dist/sw.js and fills in BUILD (below): the
// files to precache and a hash of each group's content. Two caches, each
// named after that hash: the vendored run time (Pyodide, micropip, PyScript)
// survives a deploy that changes only the app. Cache names include the scope,
// so two sites on one origin (GitHub Pages project sites) never delete each
// other's caches.
const BUILD = {/* filled in by build.py */};
const PREFIX = "woodland:" + self.registration.scope + ":";
const CACHES = {
  runtime: PREFIX + "runtime-" + BUILD.hashes.runtime,
  app: PREFIX + "app-" + BUILD.hashes.app,
};
const PRECACHE = BUILD.precache;
const INDEX = new URL("index.html", self.registration.scope).href;

async function precache(name, urls, mode) {
  const cache = await caches.open(name);
  const missing = [];
  for (const url of urls) if (!(await cache.match(url))) missing.push(url);
  // "no-cache" revalidates app files (their names carry no hash) instead of
  // taking a possibly stale copy from the HTTP cache.
  await cache.addAll(missing.map((url) => new Request(url, { cache: mode })));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await precache(CACHES.runtime, PRECACHE.runtime, "default");
    await precache(CACHES.app, PRECACHE.app, "no-cache");
  })());
});

// A new version waits until the page asks it to take over (boot.js does, at
// the lobby or when the player chooses to reload), so a deploy never changes
// the engine under a game in progress. The first install has nothing to wait for.
self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keep = new Set(Object.values(CACHES));
    for (const name of await caches.keys())
      if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
    await self.clients.claim();
  })());
});

async function cached(request, options) {
  for (const name of Object.values(CACHES)) {
    const response = await (await caches.open(name)).match(request, options);
    if (response) return response;
  }
  return undefined;
}

async function store(key, response) {
  if (response.ok && response.type === "basic" && !response.redirected)
    await (await caches.open(CACHES.app)).put(key, response.clone());
  return response;
}

// Pages: the network first (fresh after a deploy), else the cached copy.
async function networkFirst(request) {
  const url = new URL(request.url);
  url.search = "";
  try {
    return await store(url.href, await fetch(request));
  } catch (error) {
    const response = (await cached(url.href)) || (await cached(INDEX));
    if (response) return response;
    throw error;
  }
}

// Everything else: the cache first; what was not precached is kept too.
async function cacheFirst(request) {
  return (await cached(request)) || store(request, await fetch(request));
}

// The runtime's WebAssembly: through the HTTP cache first, the precache only
// when that fails (offline). Measured here (Chromium, the engine's worker):
// served from the precache, warm starts took 3.0-4.0 s for the first few
// visits and sped up only after several (the browser's compiled-code cache
// seemingly reached late); fetched through the HTTP cache, 1.9-2.3 s from
// the second visit on.
async function networkFirstWasm(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const response = await cached(request);
    if (response) return response;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const isPage = request.mode === "navigate" || request.destination === "document";
  const isWasm = new URL(request.url).pathname.endsWith(".wasm");
  event.respondWith(isPage ? networkFirst(request)
    : isWasm ? networkFirstWasm(request) : cacheFirst(request));
});
