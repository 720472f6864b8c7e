// The runtime's start, as PyScript calls it (pyscript.toml's `interpreter` names this module):
// Pyodide's own loader, but starting Python off the main thread.
//
// Starting Python is one long main-thread task (the page freezes meanwhile, several seconds
// on a slow phone), and so are the app's imports. Instead, the interpreter is restored from a
// memory snapshot, in tasks short enough to leave the page responsive:
// - one kept on this device by an earlier start (assets/snapshot-store.mjs: a file of the
//   origin's private file system, checked against the build's key and its checksum), which
//   runtime-load.js has a worker read as soon as the page starts, restored as soon as it is read;
// - else one made now: a worker (assets/snapshot-worker.mjs, started by runtime-load.js: on a
//   first visit at once, else once no kept snapshot was found) starts an interpreter of its
//   own, with the app's packages, imports the standard library and every module of the app
//   but shell/main.py (tools/runtime_snapshot.py), and posts its memory. On a page that a
//   version of the app controls (its files are then that version's cached ones) it is kept
//   for the next starts, in place of any other build's; a first visit keeps nothing.
// A snapshot that fails to restore is deleted; a worker that fails leaves Python to start on
// the main thread as usual: no stored data and no missing feature can stop the start. After a
// restore every random source of the snapshot is reseeded: each restore would otherwise replay
// the same random numbers.
//
// <html data-snapshot> says how Python started, for the benchmark and the tests: "restored"
// (a kept snapshot), "made" (by the worker, then "kept" once stored), or "failed" (the worker
// failed; Python started on the main thread).
import { loadPyodide as startPyodide, version } from "../runtime/pyodide/pyodide.mjs";
import { forgetSnapshot, keepSnapshot } from "./snapshot-store.mjs";

export { version };

const RUNTIME_URL = new URL("../runtime/pyodide/", import.meta.url).href;

const root = document.documentElement;
// What runtime-load.js started: the snapshot's plan, the kept snapshot being read, the one being
// made, the compiled runtime.
const boot = globalThis.pentaRuntime;
const plan = boot?.snapshot ?? null;

// The app's Python packages: one archive that Python imports from as it is (zipimport), written
// to the file system where the plan says, and put first on sys.path. First: ahead of the working
// directory, where PyScript writes its own package's source at each start; the archive holds
// that package compiled (tools/pyscript_package.py), and a restored snapshot has the working
// directory in front again. Unpacking the archive's 245 files took 65-115 ms of the
// main thread at every start. Asked for at once: runtime-load.js has it preloaded.
async function fetchPackages() {
    const url = new URL(plan.archive, document.baseURI).href;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
}
const packages = plan ? fetchPackages() : null;
packages?.catch(() => {}); // reported where it is awaited

async function withPackages(runtime) {
    if (packages === null) return runtime;
    runtime.FS.writeFile(plan.path, await packages);
    const path = JSON.stringify(plan.path);
    runtime.runPython(
        `import sys\nif ${path} in sys.path: sys.path.remove(${path})\nsys.path.insert(0, ${path})`,
    );
    return runtime;
}

// Pyodide's factory of its runtime module (what loadPyodide calls unless given another), but
// the module it resolves to is handed on in a task of its own: the snapshot's memory is then
// restored and Python's start finished apart from the runtime's linking (see instantiate in
// runtime-load.js). On a start that a version of the app controls, the factory comes from the
// runtime's classic copy, whose compiled code the browser kept as the version installed
// (tools/classic_runtime.py); a first visit imports the module, which its worker has fetched.
function runtimeFactory() {
    if (boot.firstVisit) {
        return import(`${RUNTIME_URL}pyodide.asm.mjs`).then((module) => module.default);
    }
    return new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = `${RUNTIME_URL}pyodide.asm.js`;
        script.onload = () => resolve(globalThis._createPyodideModule);
        script.onerror = () => reject(new Error("the runtime's script did not load"));
        document.head.append(script);
    });
}

async function createRuntimeModule(settings) {
    const create = await runtimeFactory();
    const module = await create(settings);
    await boot.nextTask();
    return module;
}

async function restore(settings, bytes) {
    const runtime = await startPyodide({
        ...settings,
        _loadSnapshot: bytes,
        createPyodideModule: createRuntimeModule,
    });
    runtime.runPython("import random\nrandom.seed()\ndel random");
    return runtime;
}

// The kept snapshot restored, or null (there is none, or it failed to restore: it is deleted).
async function restoreKept() {
    const bytes = plan ? await boot.keptSnapshot() : null;
    if (!bytes) return null;
    boot.beginRestore();
    try {
        return await restore({ indexURL: RUNTIME_URL }, bytes);
    } catch (error) {
        console.warn("The interpreter's snapshot could not be restored:", error.message);
        await forgetSnapshot();
        return null;
    }
}

// Once the app is up and the page idle: the store reads through 32 MB and writes 16 MB.
function keepLater(bytes) {
    document.addEventListener("penta:ready", () => {
        const idle = globalThis.requestIdleCallback ?? ((run) => setTimeout(run));
        idle(() => keepSnapshot(bytes, plan.key).then(
            () => { root.dataset.snapshot = "kept"; },
            (error) => console.warn("The interpreter's snapshot was not kept:", error.message),
        ));
    }, { once: true });
}

// Begun as soon as this module runs, not once PyScript asks for the interpreter (runtime-load.js runs
// it early: at once on a start that a version of the app controls, else once the page has
// painted), so that it overlaps PyScript's own start: the kept snapshot restored, or else the
// worker's snapshot made (a rejection is handled where it is awaited).
const restoring = restoreKept();
const making = plan ? restoring.then((kept) => (kept ? boot.stopMaking() : boot.madeSnapshot())) : null;
making?.catch(() => {});

export async function loadPyodide(options) {
    const settings = { ...options, indexURL: RUNTIME_URL };
    const restored = await restoring;
    if (restored) {
        // PyScript's output handlers (its only other options here: it loads no packages).
        restored.setStdout({ batched: options.stdout });
        restored.setStderr({ batched: options.stderr });
        root.dataset.snapshot = "restored";
        return withPackages(restored);
    }
    if (plan) {
        try {
            const { bytes, module } = await making;
            if (module) boot.adopt(module);
            const runtime = await restore(settings, bytes);
            root.dataset.snapshot = "made";
            if (navigator.serviceWorker?.controller && navigator.storage?.getDirectory) {
                keepLater(bytes);
            }
            return withPackages(runtime);
        } catch (error) {
            console.warn("Python could not be started off the main thread:", error.message);
            root.dataset.snapshot = "failed";
        }
    }
    return withPackages(await startPyodide(settings));
}
