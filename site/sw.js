// Caches the whole site after the first visit so the tool works offline. The build writes its id into
// BUILD, so a new build is a new service worker and a new cache. The manifest's "precache" files are
// fetched at install; the others (character maps, pdf.js's image decoders) are kept the first time a PDF
// needs them.
const BUILD = "__BUILD__";
const CACHE = `pagefurniture-${BUILD}`;
const scope = self.registration.scope;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch(new URL("manifest.json", scope), { cache: "no-cache" })).json();
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates against the browser's HTTP cache: files the page just loaded are not sent again.
    const urls = ["./", ...manifest.precache].map((path) => new URL(path, scope).href);
    await cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("pagefurniture-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  })());
});
