// @ts-check
// Caches the whole site after the first visit so the tool works offline. The build writes its id into
// BUILD, so a new build is a new service worker and a new cache. The manifest's "precache" files are
// fetched at install; the others (pdf.js's image decoders) are kept the first time a PDF needs them.
//
// The character maps (needed only by Chinese, Japanese and Korean PDFs) are not part of the first visit:
// pdfminer's (cmap/*: 149 files, 7.9 MB), with which Python reads the text, and pdf.js's (pdfjs/cmaps/*:
// 168 files, 1.7 MB), with which it draws text in fonts that are not embedded. They live in a cache of their
// own, named after their hashes in the build's manifest, so that a new build with the same maps keeps them;
// the page asks for all of them once it is ready and idle ({type: "store-maps"}), and a map a PDF needs
// before then is kept when it is fetched.
// service worker → page   {type: "maps", done, total, failed}   (how many maps are stored)

// This script's global scope, as what it is: a service worker's.
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const BUILD = "__BUILD__";
const CACHE = `pagefurniture-${BUILD}`;
const MAPS = "pagefurniture-cmap-";
const MAP_FOLDERS = ["cmap/", "pdfjs/cmaps/"];
const scope = sw.registration.scope;
const MANIFEST = new URL("manifest.json", scope).href;

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch(MANIFEST, { cache: "no-cache" });
    const manifest = await response.clone().json();
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates against the browser's HTTP cache: files the page just loaded are not sent again.
    const urls = ["./", ...manifest.precache].map((path) => new URL(path, scope).href);
    await cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" })));
    await cache.put(MANIFEST, response); // the worker reads which maps the site has from it, offline too
    await sw.skipWaiting();
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const { cache: maps } = await mapList();
    for (const name of await caches.keys()) {
      if (name.startsWith("pagefurniture-") && name !== CACHE && name !== maps) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

// The maps of this build: their paths and sha256 (from the manifest), and the name of the cache for them.
/** @type {Promise<{entries: [string, string][], cache: string}> | null} */
let maps = null;
function mapList() {
  maps ??= (async () => {
    const manifest = await (await caches.open(CACHE)).match(MANIFEST);
    const files = (await (manifest ?? await fetch(MANIFEST, { cache: "no-cache" })).json()).files;
    const entries = Object.entries(files).filter(([path]) => MAP_FOLDERS.some((folder) => path.startsWith(folder))).sort();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(entries)));
    const id = [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return { entries, cache: `${MAPS}${id}` };
  })();
  maps.catch(() => { maps = null; }); // try again next time
  return maps;
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const map = MAP_FOLDERS.some((folder) => request.url.startsWith(new URL(folder, scope).href));
    const cache = await caches.open(map ? (await mapList()).cache : CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  })());
});

// Downloads every map not stored yet, one at a time (this runs while the page may be in use), each checked
// against its sha256 in the manifest, and tells the page that asked how far it is. One run at a time.
/** @typedef {{done: number, total: number | null, failed: boolean}} Progress */
/** @type {Promise<Progress> | null} */
let storing = null;
/** @type {Progress} */
let progress = { done: 0, total: null, failed: false }; // total: null until the manifest is read
sw.addEventListener("message", (event) => {
  if (event.data?.type !== "store-maps") return;
  const client = event.source;
  storing ??= storeMaps().finally(() => { storing = null; });
  event.waitUntil((async () => {
    const tick = setInterval(() => client?.postMessage({ type: "maps", ...progress }), 500);
    try {
      await storing;
    } catch {
      progress = { ...progress, failed: true };
    } finally {
      clearInterval(tick);
    }
    client?.postMessage({ type: "maps", ...progress });
  })());
});

async function storeMaps() {
  progress = { done: 0, total: null, failed: false };
  const { entries, cache: name } = await mapList();
  const cache = await caches.open(name);
  progress = { ...progress, total: entries.length };
  for (const [path, sha256] of entries) {
    const url = new URL(path, scope).href;
    if (!await cache.match(url)) {
      const integrity = "sha256-" + btoa(String.fromCharCode(.../** @type {string[]} */ (sha256.match(/../g)).map((hex) => parseInt(hex, 16))));
      try {
        const response = await fetch(url, { integrity, cache: "no-cache" });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await cache.put(url, response);
      } catch {
        progress = { ...progress, failed: true }; // offline or refused: the rest is tried next time
        return progress;
      }
    }
    progress = { ...progress, done: progress.done + 1 };
  }
  return progress;
}
