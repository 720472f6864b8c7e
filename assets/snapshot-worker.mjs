// Makes the interpreter's memory snapshot off the main thread (see assets/runtime-start.mjs):
// an interpreter starts here, the app's packages' archive is written where the page writes it
// and put on sys.path (Python imports from it as it is), the modules of the build's plan are
// imported and its calls made, and the memory is posted back. The page sends the WebAssembly
// module it compiled in a second message, so that the runtime is compiled once; or null (a
// first visit): then it is compiled here, its download reported to the page as it arrives, and
// the module posted back with the memory.
//
// Nothing of JavaScript may be referenced from Python when the snapshot is taken (it could
// not be restored in another page): the modules are named in Python source, not passed in.
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

// Pyodide reports a WebAssembly runtime that cannot be loaded only as a console warning, and
// then waits forever: the page is told instead (it then starts Python itself, which reports
// the problem on the page).
const instantiateStreaming = WebAssembly.instantiateStreaming;
// The page's compiled WebAssembly module (a second message), or null: then it is compiled here.
let receiveModule;
const pageModule = new Promise((resolve) => {
    receiveModule = resolve;
});
let compiledHere = null;
async function instantiate(source, imports) {
    const module = await pageModule;
    if (module === null) {
        const result = await instantiateStreaming(source, imports);
        compiledHere = result.module;
        return result;
    }
    (await source).body?.cancel(); // Pyodide's own request for the file: left unread
    return { module, instance: await WebAssembly.instantiate(module, imports) };
}

// On a first visit the page shows the download (runtime-load.js counts it), this worker's part too:
// each file's response headers, and each chunk's size as it arrives. But the app's packages,
// which the page downloads itself.
let reported = () => false;
const workerFetch = globalThis.fetch;
globalThis.fetch = (resource, options) => {
    const pending = workerFetch(resource, options);
    pending.then((response) => {
        if (reported(response.url)) reportDownload(response);
    }, () => {});
    return pending;
};

function reportDownload(response) {
    if (!response.ok || !response.body) return;
    const headers = [...response.headers];
    const chunks = response.clone().body.getReader();
    const next = () => chunks.read().then(({ done, value }) => {
        if (!done) {
            postMessage({ received: { url: response.url, headers, count: value.byteLength } });
            next();
        }
    });
    next().catch(() => {}); // Pyodide's own read of the response reports a failure
}
WebAssembly.instantiateStreaming = (source, imports) =>
    instantiate(source, imports).catch((error) => {
        postMessage({ error: `the runtime did not load (${error.message})` });
        throw error;
    });

async function snapshot({ runtime: indexURL, archive, path, modules, calls, firstVisit }) {
    if (firstVisit) reported = (url) => url !== archive;
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    const response = await fetch(archive);
    if (!response.ok) throw new Error(`${archive}: HTTP ${response.status}`);
    pyodide.FS.writeFile(path, new Uint8Array(await response.arrayBuffer()));
    pyodide.runPython(
        [
            "def _import_for_the_snapshot():",
            "    import importlib, sys",
            `    sys.path.insert(0, ${JSON.stringify(path)})`,
            `    for name in ${JSON.stringify(modules)}:`,
            "        importlib.import_module(name)",
            `    for name in ${JSON.stringify(calls)}:`,
            "        module, _, function = name.partition(':')",
            "        getattr(importlib.import_module(module), function)()",
            "_import_for_the_snapshot()",
            "del _import_for_the_snapshot",
        ].join("\n"),
    );
    return pyodide.makeMemorySnapshot();
}

addEventListener("message", ({ data }) => {
    if ("module" in data) {
        receiveModule(data.module);
        return;
    }
    snapshot(data).then(
        (bytes) => postMessage({ bytes, module: compiledHere }, [bytes.buffer]),
        (error) => postMessage({ error: String(error?.message ?? error) }),
    );
});
