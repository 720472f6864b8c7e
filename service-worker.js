// Penta's service worker: the whole app offline, one version at a time.
//
// - Install: fetches every file of this build into a cache named after the build's content
//   hash. Each file is checked against the hash the build recorded, so a cache never holds a
//   file from another deployment (install fails and is retried later instead).
// - A new version waits: it takes over only when the page asks ("skip-waiting", after the player
//   accepted the update) or when no page of the app is open any more (the next start).
// - Install takes over from an older version kept on the device every file it shares with
//   this build, checked the same way: only what changed is downloaded, and an update taking
//   over without a connection leaves nothing behind that worked offline before (the strategy
//   tables: a walk's update, started on a train, had lost the hints and the review).
// - Activate: deletes the caches of older versions.
// - Fetch: same-origin GETs of this build's files are answered from the cache first. A file
//   not cached yet ("background" or "lazy", below) is fetched, checked the same way, and kept
//   with this version. Anything else goes to the network untouched.
// - A page whose start failed asks the version that controls it to check its cache
//   ("check-cache", with a port for the answer): every file kept is checked against this
//   build's hash again and dropped if it differs, and the answer is how many were dropped (the
//   page then reloads once, and they are fetched again). A file damaged on the device was
//   served from the cache at every start, which failed for good (a hostile-data walk).
// - "Background" files (the strategy tables: large, but needed offline) are not part of the
//   install, which would delay the moment the app works offline: once the app is up, the page
//   asks the version that controls it to fetch those it lacks ("cache-background", at every
//   start, so a failed attempt is retried), and is told when all are kept. "Lazy" files (the
//   manifest's screenshots) are fetched only when asked for.
//
// tools/build_site.py replaces the next line with the build's file list.
const BUILD = { "version": "dev", "precache": {}, "background": {}, "lazy": {} };

const CACHE_PREFIX = "penta-";
const CACHE_NAME = `${CACHE_PREFIX}${BUILD.version}`;

// The file name, relative to the app's folder, that a request is for ("" is the start page).
function fileName(url) {
    const scope = new URL(self.registration.scope);
    if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
    const name = decodeURIComponent(url.pathname.slice(scope.pathname.length));
    return name === "" ? "index.html" : name;
}

// The SHA-256 this build recorded for a file, or undefined for a file not of this build.
function expectedHash(name) {
    return BUILD.precache[name] ?? BUILD.background[name] ?? BUILD.lazy[name];
}

function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Fetches a file of this build, revalidating any HTTP-cached copy (on the first visit the page
// has just downloaded it: a 304 then avoids downloading it twice), and checks its content. The
// start page is asked for as the app's folder, the address the page was opened at (the
// manifest's start_url too), not by its name, which the HTTP cache holds as another file.
async function fetchVerified(name) {
    const expected = expectedHash(name);
    const url = new URL(name === "index.html" ? "./" : name, self.registration.scope);
    const response = await fetch(url, { cache: "no-cache" });
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

// Downloads in progress after install, by file name: the game asking for a table while the
// background fetch of it runs shares that download instead of starting a second one. Each
// taker clones the response; the shared one is never read.
const downloads = new Map();

function download(cache, name) {
    let pending = downloads.get(name);
    if (pending === undefined) {
        pending = cacheFile(cache, name).finally(() => downloads.delete(name));
        downloads.set(name, pending);
    }
    return pending;
}

// Fetches the background files this version's cache lacks; resolves once all are kept.
async function cacheBackgroundFiles() {
    // A version replaced meanwhile has had its cache deleted: opening it would make a new one
    // that no page should ever read from.
    if (!(await caches.has(CACHE_NAME))) throw new Error(`version ${BUILD.version} was replaced`);
    const cache = await caches.open(CACHE_NAME);
    const names = Object.keys(BUILD.background);
    const cached = await Promise.all(
        names.map((name) => cache.match(new URL(name, self.registration.scope))),
    );
    const missing = names.filter((_, index) => cached[index] === undefined);
    await Promise.all(missing.map((name) => download(cache, name)));
}

// Drops every file of this version's cache that is not the file this build names; resolves to
// how many were dropped.
async function dropDamagedFiles() {
    const cache = await caches.open(CACHE_NAME);
    let dropped = 0;
    for (const request of await cache.keys()) {
        const name = fileName(new URL(request.url));
        const response = await cache.match(request);
        const bytes = response === undefined ? null : await response.arrayBuffer();
        const actual = bytes === null ? null : hex(await crypto.subtle.digest("SHA-256", bytes));
        if (name === null || actual !== expectedHash(name)) {
            await cache.delete(request);
            dropped += 1;
        }
    }
    return dropped;
}

// Copies into `cache` the files of this build that an older version's cache holds unchanged;
// resolves to their names. A file that cannot be read or differs is left to be fetched.
async function takeOver(cache) {
    const names = [BUILD.precache, BUILD.background, BUILD.lazy].flatMap(Object.keys);
    const taken = new Set();
    for (const older of await caches.keys()) {
        if (!older.startsWith(CACHE_PREFIX) || older === CACHE_NAME) continue;
        const kept = await caches.open(older);
        for (const name of names.filter((name) => !taken.has(name))) {
            const url = new URL(name, self.registration.scope);
            try {
                const response = await kept.match(url);
                if (response === undefined) continue;
                const bytes = await response.clone().arrayBuffer();
                if (hex(await crypto.subtle.digest("SHA-256", bytes)) !== expectedHash(name)) continue;
                await cache.put(url, response);
                taken.add(name);
            } catch (error) {
                console.warn(`${name} not taken over from ${older}:`, error);
            }
        }
    }
    return taken;
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE_NAME);
        const taken = await takeOver(cache);
        const missing = Object.keys(BUILD.precache).filter((name) => !taken.has(name));
        await Promise.all(missing.map((name) => cacheFile(cache, name)));
    })().catch((error) => {
        // Expected while a deployment is half done; the browser tries again later.
        console.warn(`Version ${BUILD.version} not installed:`, error);
        throw error;
    }));
});

self.addEventListener("message", (event) => {
    if (event.data === "skip-waiting") {
        self.skipWaiting();
    } else if (event.data === "check-cache" && event.ports[0]) {
        const [port] = event.ports;
        event.waitUntil(dropDamagedFiles().then(
            (dropped) => port.postMessage(dropped),
            (error) => {
                console.warn("The kept files could not be checked:", error);
                port.postMessage(0);
            },
        ));
    } else if (event.data === "cache-background") {
        // Sent by a page this version controls, so it is the active version: the files it keeps
        // are the ones of that page's version. The answer says whether all of them are kept.
        event.waitUntil(cacheBackgroundFiles().then(
            () => event.source.postMessage("background-cached"),
            (error) => {
                // Offline, or a deployment half done: the page asks again at its next start.
                if (self.navigator.onLine) console.warn("Not kept for offline use yet:", error);
                event.source.postMessage("background-incomplete");
            },
        ));
    }
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
    return cached ?? (await download(cache, name)).clone();
}

self.addEventListener("fetch", (event) => {
    if (event.request.method !== "GET") return;
    const name = fileName(new URL(event.request.url));
    if (name !== null && expectedHash(name) !== undefined) {
        event.respondWith(respond(name));
    }
});
