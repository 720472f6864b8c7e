// Penta's service worker: the whole app offline, one version at a time.
//
// - Install: fetches every file of this build into a cache named after the build's content
//   hash. Each file is checked against the hash the build recorded, so a cache never holds a
//   file from another deployment (install fails and is retried later instead).
// - A new version waits: it takes over only when the page asks ("skip-waiting", after the player
//   accepted the update) or when no page of the app is open any more (the next start).
// - Activate: deletes the caches of older versions.
// - Fetch: same-origin GETs of this build's files are answered from the cache first.
//   "Lazy" files (large data not every player needs) are fetched on first use, checked the same
//   way, and kept with this version. Anything else goes to the network untouched.
//
// tools/build_site.py replaces the next line with the build's file list.
const BUILD = { "version": "dev", "precache": {}, "lazy": {} };

const CACHE_PREFIX = "penta-";
const CACHE_NAME = `${CACHE_PREFIX}${BUILD.version}`;

// The file name, relative to the app's folder, that a request is for ("" is the start page).
function fileName(url) {
    const scope = new URL(self.registration.scope);
    if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
    const name = decodeURIComponent(url.pathname.slice(scope.pathname.length));
    return name === "" ? "index.html" : name;
}

function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Fetches a file of this build, revalidating any HTTP-cached copy (on the first visit the page
// has just downloaded it: a 304 then avoids downloading it twice), and checks its content.
async function fetchVerified(name) {
    const expected = BUILD.precache[name] ?? BUILD.lazy[name];
    const response = await fetch(new URL(name, self.registration.scope), { cache: "no-cache" });
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    const actual = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
    if (actual !== expected) throw new Error(`${name} is not the file of version ${BUILD.version}`);
    return response;
}

async function cacheFile(cache, name) {
    const response = await fetchVerified(name);
    await cache.put(new URL(name, self.registration.scope), response.clone());
    return response;
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE_NAME);
        await Promise.all(Object.keys(BUILD.precache).map((name) => cacheFile(cache, name)));
    })().catch((error) => {
        // Expected while a deployment is half done; the browser tries again later.
        console.warn(`Version ${BUILD.version} not installed:`, error);
        throw error;
    }));
});

self.addEventListener("message", (event) => {
    if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const name of await caches.keys()) {
            if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
        }
        // The first version controls the page that installed it, so its later requests (data
        // fetched on demand) are served and kept too.
        await self.clients.claim();
    })());
});

async function respond(name) {
    const cache = await caches.open(CACHE_NAME);
    const cached = await cache.match(new URL(name, self.registration.scope));
    return cached ?? cacheFile(cache, name);
}

self.addEventListener("fetch", (event) => {
    if (event.request.method !== "GET") return;
    const name = fileName(new URL(event.request.url));
    if (name !== null && (name in BUILD.precache || name in BUILD.lazy)) {
        event.respondWith(respond(name));
    }
});
