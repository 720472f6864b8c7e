// The interpreter's memory snapshot as kept on this device (see assets/runtime-start.mjs): the
// build's plan, and the snapshot read and checked, kept, or forgotten, in Cache Storage.
//
// A module of its own, importing nothing, so that boot.js can run it at the page's first
// moment: the kept snapshot (31 MB) is read and checked while the runtime's own modules are
// still arriving and compiling.
const CACHE = "penta-snapshot";
// Only a key in that cache: no request is ever made for it.
const SNAPSHOT_URL = new URL("../runtime/pyodide/interpreter.snapshot", import.meta.url).href;
const KEY_HEADER = "X-Penta-Snapshot-Key";
const DIGEST_HEADER = "X-Penta-Snapshot-SHA256";

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

export async function forgetSnapshot() {
    try {
        await caches.delete(CACHE);
    } catch {
        // Cache Storage refused (private mode, say): nothing was kept either.
    }
}

// Keeps a snapshot made by this build, labelled with the build's key and the SHA-256 of its
// bytes.
export async function keepSnapshot(bytes) {
    const digest = hex(await crypto.subtle.digest("SHA-256", bytes));
    const headers = { [KEY_HEADER]: plan.key, [DIGEST_HEADER]: digest };
    await (await caches.open(CACHE)).put(SNAPSHOT_URL, new Response(bytes, { headers }));
}

// The kept snapshot's bytes if it is this build's and whole, else null (and it is deleted).
async function readSnapshot() {
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
        await forgetSnapshot();
        return null;
    }
}

// The page's <script id="runtime-snapshot"> comes before boot.js, which runs this module.
export const plan = snapshotPlan();
// Read once, as this module first runs.
export const keptSnapshot = plan ? readSnapshot() : Promise.resolve(null);
