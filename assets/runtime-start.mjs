// The runtime's start, as PyScript calls it (pyscript.toml's `interpreter` names this module):
// Pyodide's own loader, but restoring the interpreter from a memory snapshot made on this
// device when a valid one is kept, instead of starting Python from nothing.
//
// Starting Python is one long main-thread task (the page freezes meanwhile, several seconds
// on a slow phone); restoring a snapshot taken after the app's imports is a fraction of it.
// The snapshot is made on the device, not downloaded: a first visit downloads what it always
// did. After a start that found none, once the app is up and has been left alone a while (no
// tap or key for 10 s), a worker (assets/snapshot-worker.mjs) starts a second interpreter off
// the main thread, unpacks the app's packages, imports the standard library and the pure core
// (game/) as the app will, and takes the snapshot. It is kept in Cache Storage, in a cache that the service worker
// deletes with its version (service-worker.js deletes every "penta-" cache but its own when a
// new version takes over), and is labelled with the build's snapshot key (tools/
// runtime_snapshot.py: a hash of the runtime, the standard library, the packages and the list
// of modules imported), so that a snapshot is only ever restored by the build that made it.
//
// A snapshot is checked before use: its key, its SHA-256 (recorded when it was made) and then
// Pyodide's own header (magic number, runtime build). Anything else is deleted and Python
// starts as usual: no stored data can stop the start. After a restore every random source of
// the snapshot is reseeded: each restore would otherwise replay the same random numbers.
//
// <html data-snapshot> says what happened, for the benchmark and the tests: "restored",
// "refused" (one was kept but not valid; Python started as usual), "none", then "making" and
// "kept" (or "failed") once one is made.
import { loadPyodide as startPyodide, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

const RUNTIME_URL = new URL("../runtime/pyodide/", import.meta.url).href;
const CACHE = "penta-snapshot";
// Only a key in that cache: no request is ever made for it.
const SNAPSHOT_URL = new URL("interpreter.snapshot", RUNTIME_URL).href;
const KEY_HEADER = "X-Penta-Snapshot-Key";
const DIGEST_HEADER = "X-Penta-Snapshot-SHA256";
// The app is left alone this long (no tap, no key) before a snapshot is made: the worker's
// interpreter competes for the processor, and a player's taps should not wait for it.
const MAKE_AFTER_MS = 10_000;
const INPUT_EVENTS = ["pointerdown", "keydown", "wheel"];

const root = document.documentElement;

class SnapshotRefused extends Error {}

// The build's plan: {key, archive, modules}, or null where the page is not built.
function snapshotPlan() {
    try {
        const plan = JSON.parse(document.getElementById("runtime-snapshot").textContent);
        return typeof plan?.key === "string" && Array.isArray(plan.modules) ? plan : null;
    } catch {
        return null;
    }
}

function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function forgetSnapshot() {
    try {
        await caches.delete(CACHE);
    } catch {
        // Cache Storage refused (private mode, say): nothing was kept either.
    }
}

// The kept snapshot's bytes if it is this build's and whole, else null (and it is deleted).
async function keptSnapshot(plan) {
    let response;
    try {
        // Not caches.open(), which would make the cache where there is none.
        response = await caches.match(SNAPSHOT_URL, { cacheName: CACHE });
    } catch {
        return null; // no Cache Storage here
    }
    if (response === undefined) return null;
    try {
        if (response.headers.get(KEY_HEADER) !== plan.key) {
            throw new SnapshotRefused("it was made by another build");
        }
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (hex(await crypto.subtle.digest("SHA-256", bytes)) !== response.headers.get(DIGEST_HEADER)) {
            throw new SnapshotRefused("it is damaged (its SHA-256 differs)");
        }
        return bytes;
    } catch (error) {
        console.warn("The interpreter's snapshot is not used:", error.message);
        root.dataset.snapshot = "refused";
        await forgetSnapshot();
        return null;
    }
}

async function restore(options, bytes) {
    const runtime = await startPyodide({ ...options, _loadSnapshot: bytes });
    runtime.runPython("import random\nrandom.seed()\ndel random");
    return runtime;
}

function makeSnapshot(plan) {
    root.dataset.snapshot = "making";
    const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" });
    const failed = (reason) => {
        worker.terminate();
        console.warn("No snapshot of the interpreter was made:", reason);
        root.dataset.snapshot = "failed";
    };
    worker.addEventListener("error", (event) => failed(event.message));
    worker.addEventListener("message", async ({ data }) => {
        worker.terminate();
        if (data.error !== undefined) {
            failed(data.error);
            return;
        }
        try {
            const headers = { [KEY_HEADER]: plan.key, [DIGEST_HEADER]: data.digest };
            await (await caches.open(CACHE)).put(SNAPSHOT_URL, new Response(data.bytes, { headers }));
            root.dataset.snapshot = "kept";
        } catch (error) {
            failed(error.message); // storage full: the next start tries again
        }
    });
    worker.postMessage({
        runtime: RUNTIME_URL,
        archive: new URL(plan.archive, document.baseURI).href,
        modules: plan.modules,
    });
}

// Only for a page that a version of the app controls: its files are then that version's
// cached ones, and a first visit (which has just downloaded 6 MB) is left alone.
function makeSnapshotLater(plan) {
    if (!navigator.serviceWorker?.controller || !globalThis.caches) return;
    let timer = null;
    const make = () => {
        for (const type of INPUT_EVENTS) removeEventListener(type, wait, true);
        const idle = globalThis.requestIdleCallback ?? ((run) => setTimeout(run));
        idle(() => makeSnapshot(plan));
    };
    const wait = () => {
        clearTimeout(timer);
        timer = setTimeout(make, MAKE_AFTER_MS);
    };
    document.addEventListener("penta:ready", () => {
        const options = { capture: true, passive: true };
        for (const type of INPUT_EVENTS) addEventListener(type, wait, options);
        wait();
    }, { once: true });
}

// Read as soon as this module runs: on a start that a version of the app controls, boot.js
// runs it at the page's first moment, so the snapshot is read and checked while the page and
// PyScript load, instead of once PyScript asks for the interpreter.
const plan = snapshotPlan();
const kept = plan ? keptSnapshot(plan) : Promise.resolve(null);

export async function loadPyodide(options) {
    const settings = { ...options, indexURL: RUNTIME_URL };
    const bytes = await kept;
    if (bytes) {
        try {
            const runtime = await restore(settings, bytes);
            root.dataset.snapshot = "restored";
            return runtime;
        } catch (error) {
            console.warn("The interpreter's snapshot could not be restored:", error.message);
            root.dataset.snapshot = "refused";
            await forgetSnapshot();
        }
    }
    root.dataset.snapshot ??= "none";
    const runtime = await startPyodide(settings);
    if (plan) makeSnapshotLater(plan);
    return runtime;
}
