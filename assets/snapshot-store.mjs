// The interpreter's memory snapshot as kept on this device (see assets/runtime-start.mjs): one
// file in the origin private file system, labelled with the key of the build that made it and
// a checksum of its contents.
//
// Read by this very module run as a worker, which runtime-load.js starts at the page's first moment (see
// the end of this file): it reads the file through a synchronous handle, straight into memory,
// and checks and unpacks it off the main thread. Read from Cache Storage by the page, the same
// bytes arrived in about 190 ms on an idle machine (and 450 ms on a busy one), in chunks that
// each waited for a turn of the page's busy main thread.
//
// Kept without its pages of zeros (over half of it: 14.5 of 31.5 MB are kept): it takes half
// the room on the device, and half the time to read and check.
//
// Imports nothing and touches no page, so that both the page and a worker can use it, and the
// worker starts after one download.
const FILE_NAME = "penta-interpreter.snapshot";

class SnapshotRefused extends Error {}

// The file: little-endian 32-bit words [FILE_FORMAT, the key's length], the key (ASCII), zeros
// to the next whole word, the checksum of the rest, then the kept form of the memory: words
// [FORMAT, the memory's length, the number of extents, then each extent's start and length],
// then the extents' bytes, in order. The extents are the runs of pages that are not all zero.
const FILE_FORMAT = 3;
const FORMAT = 1;
const PAGE = 4096;
const WORD = 4;
const CHECKSUM_LENGTH = 8;
// The most memory a kept file may say it holds: far above any snapshot of this app (32 MB),
// far below what would exhaust a phone's memory before the file is found to be nonsense.
const MAX_MEMORY = 512 * 1024 * 1024;

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

// The kept form of `memory`, preceded by `before` bytes left for the file's header.
function pack(memory, before) {
    const extents = extentsOf(memory);
    const headerLength = WORD * (3 + 2 * extents.length);
    const dataLength = extents.reduce((sum, [start, end]) => sum + end - start, 0);
    const file = new Uint8Array(before + headerLength + dataLength);
    const packed = file.subarray(before);
    const header = new DataView(packed.buffer, packed.byteOffset);
    header.setUint32(0, FORMAT, true);
    header.setUint32(WORD, memory.length, true);
    header.setUint32(2 * WORD, extents.length, true);
    let offset = headerLength;
    extents.forEach(([start, end], index) => {
        header.setUint32(WORD * (3 + 2 * index), start, true);
        header.setUint32(WORD * (4 + 2 * index), end - start, true);
        packed.set(memory.subarray(start, end), offset);
        offset += end - start;
    });
    return file;
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
    if (length > MAX_MEMORY) refuse(`${length} bytes of memory`);
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

// A 64-bit checksum of `bytes` (whole words, from a whole word on): two multiplicative hashes of
// the words, each changed by any single word changed. It finds a file damaged in storage; a
// SHA-256 found the same, and took 60-76 ms of every warm start here (this takes 18-25).
export function checksum(bytes) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / WORD);
    let first = 0x811c9dc5 ^ words.length;
    let second = 0x9747b28c;
    for (let index = 0; index < words.length; index += 1) {
        const word = words[index];
        first = Math.imul(first ^ word, 0x01000193);
        second = Math.imul(second ^ word, 0x5bd1e995);
        second ^= second >>> 15;
    }
    const sum = new Uint8Array(CHECKSUM_LENGTH);
    const view = new DataView(sum.buffer);
    view.setUint32(0, first, true);
    view.setUint32(WORD, second, true);
    return sum;
}

// Where the checksum starts in a file whose key has `keyLength` bytes: at a whole word, so that
// the kept form after it does too (the checksum reads whole words).
function checksumStart(keyLength) {
    return Math.ceil((2 * WORD + keyLength) / WORD) * WORD;
}

function sameBytes(a, b) {
    return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

// The file as kept: the header for `key` and the checksum of the kept form after it.
function fileOf(memory, key) {
    const keyBytes = new TextEncoder().encode(key);
    const before = checksumStart(keyBytes.length) + CHECKSUM_LENGTH;
    const file = pack(memory, before);
    const header = new DataView(file.buffer);
    header.setUint32(0, FILE_FORMAT, true);
    header.setUint32(WORD, keyBytes.length, true);
    file.set(keyBytes, 2 * WORD);
    file.set(checksum(file.subarray(before)), checksumStart(keyBytes.length));
    return file;
}

// The memory that the kept `file` holds, if it is whole and was made by the build of `key`.
function memoryOf(file, key) {
    const refuse = (why) => {
        throw new SnapshotRefused(`its layout is not valid (${why})`);
    };
    if (file.length < 2 * WORD) refuse(`${file.length} bytes`);
    const header = new DataView(file.buffer, file.byteOffset, file.byteLength);
    const format = header.getUint32(0, true);
    const keyLength = header.getUint32(WORD, true);
    const before = checksumStart(keyLength) + CHECKSUM_LENGTH;
    if (format !== FILE_FORMAT) refuse(`file format ${format}`);
    if (before > file.length) refuse(`${file.length} bytes, short of its ${before}-byte header`);
    if ((file.length - before) % WORD !== 0) {
        refuse(`${file.length - before} bytes after its header, not whole words`);
    }
    const kept = new TextDecoder().decode(file.subarray(2 * WORD, 2 * WORD + keyLength));
    if (kept !== key) throw new SnapshotRefused("it was made by another build");
    const recorded = file.subarray(checksumStart(keyLength), before);
    const packed = file.subarray(before);
    if (!sameBytes(recorded, checksum(packed))) {
        throw new SnapshotRefused("it is damaged (its checksum differs)");
    }
    return unpack(packed);
}

// The kept file's handle, or null where there is none.
async function keptFile(create = false) {
    const folder = await navigator.storage.getDirectory();
    try {
        return await folder.getFileHandle(FILE_NAME, { create });
    } catch (error) {
        if (error.name === "NotFoundError") return null;
        throw error;
    }
}

// The kept file's bytes, or null where there is none (or no file system to keep one in). A
// worker reads it through a synchronous handle, straight into one buffer; elsewhere (the page, a
// test) as a File.
export async function readKept() {
    if (typeof navigator.storage?.getDirectory !== "function") return null;
    const handle = await keptFile();
    if (handle === null) return null;
    if (typeof handle.createSyncAccessHandle !== "function") {
        return new Uint8Array(await (await handle.getFile()).arrayBuffer());
    }
    const access = await handle.createSyncAccessHandle();
    try {
        const bytes = new Uint8Array(access.getSize());
        const read = access.read(bytes, { at: 0 });
        if (read !== bytes.length) throw new Error(`read ${read} of ${bytes.length} bytes`);
        return bytes;
    } finally {
        access.close();
    }
}

// Keeps `file`, the kept form (fileOf), in place of any kept before: a writable stream writes a
// copy that replaces the file only once closed, so no reader ever sees half of it.
export async function writeKept(file) {
    const writable = await (await keptFile(true)).createWritable();
    await writable.write(file);
    await writable.close();
}

// Keeps the snapshot `memory`, made by the build of `key`.
export async function keepSnapshot(memory, key) {
    await writeKept(fileOf(memory, key));
}

// Resolves to whether a snapshot was kept (and is no longer).
export async function forgetSnapshot() {
    try {
        await (await navigator.storage.getDirectory()).removeEntry(FILE_NAME);
        return true;
    } catch {
        // None was kept, or the file system refused (private mode, say): nothing to forget.
        return false;
    }
}

// The memory of the snapshot kept by the build of `key`, or null where none can be used. A
// snapshot refused (another build's, damaged, not one at all, or one whose memory could not be
// laid out) is deleted.
async function readSnapshot(key) {
    const file = await readKept();
    if (file === null) return { memory: null };
    try {
        return { memory: memoryOf(file, key) };
    } catch (error) {
        await forgetSnapshot();
        return { memory: null, refused: String(error?.message ?? error) };
    }
}

// Run as runtime-load.js's worker: reads the snapshot kept by the build whose key is the worker's name,
// and posts its memory (moved, not copied), or null and why. The key comes as the name, not in a
// message, so that the reading starts as soon as this module runs: a message waited some 85 ms
// for the page's busy main thread to pass it on.
if (typeof WorkerGlobalScope === "function" && globalThis instanceof WorkerGlobalScope) {
    readSnapshot(globalThis.name).then(
        (result) => postMessage(result, result.memory ? [result.memory.buffer] : []),
        // The file system failed, or is busy (another tab reads the snapshot): none is used.
        (error) => postMessage({ memory: null, unread: String(error?.message ?? error) }),
    );
}
