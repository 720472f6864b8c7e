// The interpreter's memory snapshot as kept on this device (see assets/runtime-start.mjs): the
// build's plan, and the snapshot read and checked, kept, or forgotten, in Cache Storage.
//
// Kept without its pages of zeros (over half of it: 14.5 of 31.5 MB are kept): it takes half
// the room on the device, and reading and checking it, on a warm start's critical path, take
// half as long (45 ms instead of 85 on an idle page).
//
// A module of its own, importing nothing, so that boot.js can run it at the page's first
// moment: the kept snapshot (14.5 MB) is read and checked while the runtime's own modules are
// still arriving and compiling.
const CACHE = "penta-snapshot";
// Only a key in that cache: no request is ever made for it.
const SNAPSHOT_URL = new URL("../runtime/pyodide/interpreter.snapshot", import.meta.url).href;
const KEY_HEADER = "X-Penta-Snapshot-Key";
const DIGEST_HEADER = "X-Penta-Snapshot-SHA256";

class SnapshotRefused extends Error {}

// The kept form: little-endian 32-bit words [FORMAT, the memory's length, the number of
// extents, then each extent's start and length], then the extents' bytes, in order. The
// extents are the runs of pages that are not all zero.
const FORMAT = 1;
const PAGE = 4096;
const WORD = 4;

function allZero(bytes, start, end) {
    for (let index = start; index < end; index += 1) {
        if (bytes[index] !== 0) return false;
    }
    return true;
}

// [start, end) of each run of pages with a byte that is not zero.
function extentsOf(bytes) {
    const extents = [];
    for (let start = 0; start < bytes.length; start += PAGE) {
        const end = Math.min(start + PAGE, bytes.length);
        if (allZero(bytes, start, end)) continue;
        const last = extents.at(-1);
        if (last?.[1] === start) last[1] = end;
        else extents.push([start, end]);
    }
    return extents;
}

function pack(bytes) {
    const extents = extentsOf(bytes);
    const headerLength = WORD * (3 + 2 * extents.length);
    const dataLength = extents.reduce((sum, [start, end]) => sum + end - start, 0);
    const packed = new Uint8Array(headerLength + dataLength);
    const header = new DataView(packed.buffer);
    header.setUint32(0, FORMAT, true);
    header.setUint32(WORD, bytes.length, true);
    header.setUint32(2 * WORD, extents.length, true);
    let offset = headerLength;
    extents.forEach(([start, end], index) => {
        header.setUint32(WORD * (3 + 2 * index), start, true);
        header.setUint32(WORD * (4 + 2 * index), end - start, true);
        packed.set(bytes.subarray(start, end), offset);
        offset += end - start;
    });
    return packed;
}

// The memory that `packed` holds; refused unless its header describes exactly its bytes.
function unpack(packed) {
    const refuse = (why) => {
        throw new SnapshotRefused(`its layout is not valid (${why})`);
    };
    if (packed.length < 3 * WORD) refuse(`${packed.length} bytes`);
    const header = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
    const format = header.getUint32(0, true);
    if (format !== FORMAT) refuse(`format ${format}`);
    const length = header.getUint32(WORD, true);
    const count = header.getUint32(2 * WORD, true);
    const headerLength = WORD * (3 + 2 * count);
    if (headerLength > packed.length) refuse(`${count} extents in ${packed.length} bytes`);
    const memory = new Uint8Array(length);
    let offset = headerLength;
    let previousEnd = 0;
    for (let index = 0; index < count; index += 1) {
        const start = header.getUint32(WORD * (3 + 2 * index), true);
        const size = header.getUint32(WORD * (4 + 2 * index), true);
        if (start < previousEnd || start + size > length || offset + size > packed.length) {
            refuse(`extent ${index} at ${start}, ${size} bytes`);
        }
        memory.set(packed.subarray(offset, offset + size), start);
        offset += size;
        previousEnd = start + size;
    }
    if (offset !== packed.length) refuse(`${packed.length - offset} bytes left over`);
    return memory;
}

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
// kept form.
export async function keepSnapshot(bytes) {
    const packed = pack(bytes);
    const digest = hex(await crypto.subtle.digest("SHA-256", packed));
    const headers = { [KEY_HEADER]: plan.key, [DIGEST_HEADER]: digest };
    await (await caches.open(CACHE)).put(SNAPSHOT_URL, new Response(packed, { headers }));
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
        const packed = new Uint8Array(await response.arrayBuffer());
        if (hex(await crypto.subtle.digest("SHA-256", packed)) !== response.headers.get(DIGEST_HEADER)) {
            throw new SnapshotRefused("it is damaged (its SHA-256 differs)");
        }
        return unpack(packed);
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
