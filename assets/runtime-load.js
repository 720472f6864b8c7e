// The runtime's download and start, before Python runs: the runtime's files are asked for, the
// kept snapshot of the interpreter is read, the WebAssembly compiles, PyScript is started, and
// the first visit's download is counted on the page ("Downloading 3.1 of 6.0 MB (51%)").
//
// An async classic script after assets/boot.js (whose pentaBoot it uses: the page's texts and
// its problem reports): the first paint does not wait for it, and on a later visit it asks for
// the kept snapshot as soon as it runs, the page still being parsed. It starts PyScript
// itself, so its overrides of fetch and of WebAssembly.instantiateStreaming are in place
// before PyScript and Pyodide run.
"use strict";

(() => {
    const page = globalThis.pentaBoot;
    // PyScript opens IndexedDB databases of its own ("IDBMap/..."): its cache of the packages it
    // installs, at every start, and the handles of its local-folder mounts, as its module loads.
    // Its loader cannot start without the first. This app installs no package (its Python comes
    // in the runtime's files) and mounts no folder, so both would only ever be empty: they are
    // kept in memory. Where the browser blocks the site's data (its settings for cookies and site
    // data), IndexedDB refuses every database, and the app still starts and plays, saying that
    // nothing is kept (shell/durable.py). The app's own records stay in the browser's IndexedDB
    // (assets/store.js). Replaced here, before PyScript's module is asked for.
    const PYSCRIPT_CACHE = "IDBMap/";
    const openDatabase = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function open(name, ...rest) {
        if (!String(name).startsWith(PYSCRIPT_CACHE)) return openDatabase.call(this, name, ...rest);
        return answered(emptyCache());
    };

    // A request as IndexedDB returns it: its handlers are set after the call, then it succeeds.
    function answered(result) {
        const request = { result };
        queueMicrotask(() => request.onsuccess?.({ target: request }));
        return request;
    }

    // The few calls PyScript makes of its cache (IDBMap, IDBMapSync), on a Map.
    function emptyCache() {
        const entries = new Map();
        const store = {
            count: () => answered(entries.size),
            clear: () => answered(entries.clear()),
            delete: (key) => answered(entries.delete(key) && undefined),
            get: (key) => answered(entries.get(key)),
            getKey: (key) => answered(entries.has(key) ? key : undefined),
            getAllKeys: () => answered([...entries.keys()]),
            put: (value, key) => answered(entries.set(key, value) && key),
        };
        return {
            objectStoreNames: { length: 1 },
            transaction: () => ({ objectStore: () => store }),
            close() {},
        };
    }

    // The runtime: its files are asked for all at once (each would otherwise be asked for only
    // once the one before it has arrived and run), then PyScript is started, which runs the
    // app's Python. On a first visit only after the page's first paint, so that the page's own
    // stylesheet and scripts never queue behind 8 MB of runtime; later visits start at once,
    // from the service worker's cache. The build lists the files (tools/runtime_files.py).
    const firstVisit = !navigator.serviceWorker?.controller;
    // The first visit's download, as it arrives: by file (URL), its size, the bytes the server
    // sends of it (the build's estimate until the response's Content-Length says), and those
    // received so far (uncompressed, as a response's body reads).
    const downloads = new Map();

    const START_SCRIPTS = ["runtime/pyscript/core.js", "assets/pyscript-setup.js"];

    // The WebAssembly compiles while it downloads, instead of once PyScript has started and
    // Pyodide asks for it: a warm start became 0.3 s faster. Pyodide's own request for the file
    // is answered with a stand-in (see below).
    const RUNTIME_DIR = new URL("runtime/pyodide/", document.baseURI).href;
    const RUNTIME_WASM = new URL("pyodide.asm.wasm", RUNTIME_DIR).href;
    // The runtime's JavaScript: a module on a first visit, else its classic copy, whose
    // compiled code the browser keeps (tools/classic_runtime.py; runtime-start.mjs loads it).
    const RUNTIME_MODULE = new URL("pyodide.asm.mjs", RUNTIME_DIR).href;
    const RUNTIME_SCRIPT = new URL("pyodide.asm.js", RUNTIME_DIR).href;
    const pageFetch = globalThis.fetch; // replaced below
    let runtimeModule = null;
    // Compiled from `response` (a pending one), or from a request of its own.
    function compileRuntime(response = null) {
        if (runtimeModule === null) {
            const source = track(RUNTIME_WASM, response ?? pageFetch(RUNTIME_WASM));
            runtimeModule = WebAssembly.compileStreaming(source);
            runtimeModule.catch(() => {}); // reported below, when Pyodide asks for the runtime
        }
        return runtimeModule;
    }
    // On a first visit the worker that makes the interpreter's snapshot compiles the runtime
    // (assets/snapshot-worker.mjs) and hands the module over with the snapshot: compiled here,
    // its 9.6 MB took some 200 ms of the page's main thread in tasks of up to 100 ms (four
    // times that on Lighthouse's slow phone), while the page was to stay responsive.
    function adoptRuntime(module) {
        if (runtimeModule === null) runtimeModule = Promise.resolve(module);
    }

    // The build's plan of the interpreter's memory snapshot (tools/runtime_snapshot.py), or
    // null where the page is not built.
    function snapshotPlan() {
        try {
            const plan = JSON.parse(document.getElementById("runtime-snapshot").textContent);
            const valid = typeof plan?.key === "string" && Array.isArray(plan.modules)
                && Array.isArray(plan.calls);
            return valid ? plan : null;
        } catch {
            return null;
        }
    }
    const snapshot = snapshotPlan();
    // The localStorage key set as runtime-start.mjs restores a kept snapshot, removed once the app
    // is ready. Not under the app's records' "penta." (shell/durable.py would take it for one).
    const RESTORING = "penta-runtime.restoring";

    // The memory of the snapshot that an earlier start kept, or null: read, checked and
    // unpacked by a worker (assets/snapshot-store.mjs) while the page's main thread parses,
    // paints and compiles. Not in a module of the page: the page ran its modules only once the
    // runtime's WebAssembly had compiled (about 0.5 s into a warm start).
    //
    // A kept snapshot whose restore was begun by an earlier start that never became ready
    // (runtime-start.mjs marks it) is neither read nor kept: a forged one crashed the page's
    // renderer as it was restored, before any script could tell, at every start. This start
    // makes a snapshot of its own instead. (A start closed while restoring costs the next one
    // the same.)
    let keptMemory = null;
    function restoreInterrupted() {
        try {
            return localStorage.getItem(RESTORING) !== null;
        } catch {
            return false; // no storage to mark it in: none was marked
        }
    }
    // The mark removed once the app is ready: by a start that restored the kept snapshot, or by
    // one that left an interrupted restore's snapshot and made its own (left, the mark kept
    // every later start from restoring any: a walk's, after one crash).
    function unmarkWhenReady() {
        document.addEventListener("penta:ready", () => {
            try {
                localStorage.removeItem(RESTORING);
            } catch {
                // Storage blocked since: the next start makes a snapshot of its own.
            }
        }, { once: true });
    }
    // Marks the restore of a kept snapshot begun, until the app is ready.
    function beginRestore() {
        try {
            localStorage.setItem(RESTORING, String(Date.now()));
        } catch {
            return; // no storage (blocked site data): nothing marked, nothing to remove
        }
        unmarkWhenReady();
    }
    function readKeptSnapshot() {
        if (keptMemory === null) {
            keptMemory = new Promise((resolve) => {
                if (!snapshot || typeof Worker !== "function") {
                    resolve(null);
                    return;
                }
                if (restoreInterrupted()) {
                    console.warn("The interpreter's snapshot is not used: its last restore never ended.");
                    // A snapshot made by this start replaces it anyway, if this fails.
                    page.forgetKeptSnapshot().catch(() => {});
                    unmarkWhenReady();
                    resolve(null);
                    return;
                }
                const reader = new Worker("assets/snapshot-store.mjs", {
                    type: "module",
                    name: snapshot.key,
                });
                const done = (memory) => {
                    reader.terminate();
                    resolve(memory);
                };
                reader.addEventListener("error", () => done(null));
                reader.addEventListener("message", ({ data }) => {
                    const why = data.refused ?? data.unread;
                    if (why) console.warn("The interpreter's snapshot is not used:", why);
                    // Restored from the buffer as the worker moved it: a copy into the page's
                    // own memory first took 25-35 ms of the main thread (A/B, 20 warm starts
                    // each: main-thread CPU 357 against 425 ms, longest task 132 against 154,
                    // interactive 781 against 824 ms; an earlier build measured the copy faster).
                    done(data.memory ?? null);
                });
            });
        }
        return keptMemory;
    }

    // A snapshot made now, when none is kept: a worker (assets/snapshot-worker.mjs) starts an
    // interpreter of its own, imports what the plan says, and posts its memory back, with the
    // WebAssembly module it compiled (or null: it was given the page's). Started here, not by
    // runtime-start.mjs once its modules have loaded and the kept snapshot has been looked for:
    // on a first visit there is none to look for, and the worker got its work some 0.2 s
    // after the first paint, every one of which the first start waited.
    let making = null;
    let maker = null;
    function makeSnapshot() {
        making ??= new Promise((resolve, reject) => {
            maker = new Worker(new URL("assets/snapshot-worker.mjs", document.baseURI), { type: "module" });
            maker.addEventListener("error", (event) => {
                stopMaking();
                reject(new Error(event.message ?? "the worker did not start"));
            });
            maker.addEventListener("message", ({ data }) => {
                if (data.received) {
                    const { url, headers, count } = data.received;
                    countReceived(url, new Headers(headers), count);
                    return;
                }
                stopMaking();
                if (data.error === undefined) resolve({ bytes: data.bytes, module: data.module });
                else reject(new Error(data.error));
            });
            maker.postMessage({
                runtime: RUNTIME_DIR,
                archive: new URL(snapshot.archive, document.baseURI).href,
                path: snapshot.path,
                modules: snapshot.modules,
                calls: snapshot.calls,
                firstVisit,
            });
            // Then the WebAssembly module, once the page has compiled it, or null (a first
            // visit): the worker compiles it itself then.
            const compiled = firstVisit ? Promise.resolve(null) : compileRuntime();
            compiled.then(
                (module) => maker?.postMessage({ module }),
                () => maker?.postMessage({ module: null }),
            );
        });
        return making;
    }
    // Ends the worker: once it has answered, or when a kept snapshot was restored after all (a
    // first visit's start, as the page sees it, may be a reload that bypassed the service
    // worker), the one being made then not needed.
    function stopMaking() {
        maker?.terminate();
        maker = null;
    }

    // For assets/runtime-start.mjs: the plan, the kept snapshot, the snapshot made now when none
    // is, the compiled module (the worker's, on a first visit), and the tasks' cut.
    globalThis.pentaRuntime = Object.freeze({
        snapshot,
        keptSnapshot: readKeptSnapshot,
        beginRestore,
        madeSnapshot: makeSnapshot,
        stopMaking,
        adopt: adoptRuntime,
        firstVisit,
        nextTask,
    });
    // And Python's start begins meanwhile (assets/runtime-start.mjs, which PyScript later
    // imports as its interpreter: the same module, run once): the kept snapshot is restored,
    // or the one a worker makes.
    function startInterpreter() {
        readKeptSnapshot();
        if (!firstVisit) compileRuntime();
        if (firstVisit && snapshot && typeof Worker === "function") makeSnapshot().catch(() => {});
        const script = document.createElement("script");
        script.type = "module";
        script.src = "assets/runtime-start.mjs";
        document.head.append(script);
    }
    if (!firstVisit) startInterpreter();

    function runtimeFiles() {
        try {
            return JSON.parse(document.getElementById("runtime-files").textContent);
        } catch {
            return []; // not built: PyScript still starts, and asks for each file itself
        }
    }

    function startRuntime() {
        for (const file of runtimeFiles()) {
            const url = new URL(file.href, document.baseURI).href;
            if (url === (firstVisit ? RUNTIME_SCRIPT : RUNTIME_MODULE)) continue; // not this start's
            if (firstVisit) downloads.set(url, { ...file, total: file.sent, received: 0 });
            if (url === RUNTIME_WASM) continue; // fetched by compileRuntime(), or the worker
            // On a first visit the worker that starts Python fetches the runtime's files
            // (preloaded, they went unused for seconds: the browser warned).
            if (firstVisit && file.as === "fetch" && url.startsWith(RUNTIME_DIR)) continue;
            // The same request as the runtime's own, so that both share one download.
            const link = document.createElement("link");
            if (file.as === "module") {
                link.rel = "modulepreload";
            } else if (file.as === "script") {
                link.rel = "preload";
                link.as = "script";
            } else {
                link.rel = "preload";
                link.as = "fetch";
                link.crossOrigin = "anonymous";
            }
            link.href = file.href;
            document.head.append(link);
        }
        if (firstVisit) startInterpreter();
        for (const src of START_SCRIPTS) {
            const script = document.createElement("script");
            script.type = "module";
            script.src = src;
            document.head.append(script);
        }
        showDownload();
    }

    page.parsed.then(() => {
        if (!firstVisit) {
            startRuntime();
            return;
        }
        let started = false;
        const start = () => {
            if (!started) startRuntime();
            started = true;
        };
        // A page in a background tab does not paint: it starts at once, or once hidden.
        if (document.visibilityState === "hidden") {
            start();
            return;
        }
        document.addEventListener("visibilitychange", start, { once: true });
        // Once the first paint is on the screen, as its entry says: a frame's callbacks can run
        // before the frame is shown (a runtime file was once asked for 2 ms before the paint).
        new PerformanceObserver((entries, observer) => {
            if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
            observer.disconnect();
            start();
        }).observe({ type: "paint", buffered: true });
        setTimeout(start, 1000); // a browser that reports no paint
    });

    // `count` more bytes of the file at `url` arrived, in a response with these `headers`: the
    // bytes the server sends of it are its Content-Length when compressed, else the file's size.
    function countReceived(url, headers, count) {
        const entry = downloads.get(url);
        if (!entry) return;
        const length = Number(headers.get("Content-Length"));
        entry.total = headers.has("Content-Encoding") && length > 0 ? length : entry.size;
        entry.received += count;
        showDownload();
    }

    function track(url, pending) {
        if (!downloads.has(url)) return pending;
        pending.then((response) => {
            if (!response.ok || !response.body) return;
            const reader = response.clone().body.getReader();
            const read = () => reader.read().then(({ done, value }) => {
                if (done) return;
                countReceived(url, response.headers, value.byteLength);
                return read();
            });
            return read();
        }).catch(() => {}); // the runtime's own request reports a failure
        return pending;
    }

    // Pyodide asks for the runtime's WebAssembly itself, to instantiate it (through the override
    // below): once a module is compiled or compiling, here or in the worker, the request is
    // answered with a stand-in, and the module instantiated. Read again, the 9.6 MB took some
    // 250 ms of the service worker's thread and of the disk during a warm start.
    const standIns = new WeakSet();
    function standIn() {
        const response = new Response(null);
        standIns.add(response);
        return response;
    }

    // Pyodide and PyScript fetch the standard library, the app's packages, the configuration.
    globalThis.fetch = function (resource, options) {
        let url;
        try {
            url = new URL(resource instanceof Request ? resource.url : resource, document.baseURI).href;
        } catch {
            return pageFetch.call(this, resource, options); // not a URL: the request itself fails
        }
        if (url === RUNTIME_WASM && runtimeModule !== null) return Promise.resolve(standIn());
        return track(url, pageFetch.call(this, resource, options));
    };

    // The modules are not read by a script: each counts once it has arrived.
    new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) {
            const file = downloads.get(entry.name);
            if (file === undefined) continue;
            if (entry.encodedBodySize > 0) file.total = entry.encodedBodySize;
            file.received = file.size;
            showDownload();
        }
    }).observe({ type: "resource", buffered: true });

    // The bar fills and the count shows ("Downloading 3.1 of 6.0 MB (51%)") until every file
    // has arrived; then the bar is indeterminate again while the runtime starts ("Starting…").
    let downloadShown = false;
    function showDownload() {
        if (downloadShown || downloads.size === 0) return;
        downloadShown = true;
        requestAnimationFrame(() => {
            downloadShown = false;
            const progress = document.getElementById("progress");
            // Gone once Python has rendered the Start button's label.
            const label = document.getElementById("download");
            const say = (text, shown) => {
                if (label === null) return;
                label.textContent = text;
                label.hidden = !shown;
            };
            let done = 0;
            let total = 0;
            for (const file of downloads.values()) {
                total += file.total;
                done += Math.min(file.received / file.size, 1) * file.total;
            }
            const bar = progress.firstElementChild;
            if (!page.loading() || done >= total) {
                delete progress.dataset.done;
                bar.style.transform = "";
                // Every file in, the runtime starts: seconds more on a phone, which a greyed
                // "Start game" left unsaid (a walk). The button says so until Python is up.
                say(page.text("boot.starting"), page.loading());
                return;
            }
            progress.dataset.done = (done / total).toFixed(3);
            bar.style.transform = `scaleX(${done / total})`;
            say(downloadText(done, total), true);
        });
    }

    // Written as the app writes numbers (game/i18n: the language's decimal sign, "51%" in each
    // language), not by Intl.NumberFormat: the first one made held the first visit's main
    // thread some 55 ms.
    function downloadText(done, total) {
        const decimal = page.decimalSign();
        const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace(".", decimal);
        const values = {
            done: megabytes(done),
            total: megabytes(total),
            percent: `${Math.floor((done / total) * 100)}%`,
        };
        return page.text("boot.downloading").replace(/\{(\w+)\}/g, (whole, name) => values[name] ?? whole);
    }

    // Resolves in a task of its own, once the tasks already queued have run: a long piece of the
    // start cut in two lets the page paint and answer in between. A message, not a timer: a
    // timer may be held back (in the background, or by a test's clock), a message is not.
    function nextTask() {
        return new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
        });
    }

    const instantiateStreaming = WebAssembly.instantiateStreaming;
    async function instantiate(source, imports) {
        const response = await source;
        if (!standIns.has(response)) {
            if (response.url !== RUNTIME_WASM) return instantiateStreaming(response, imports);
            // Asked for before any module was on its way: compiled from this very response.
            if (runtimeModule === null) compileRuntime(Promise.resolve(response));
            else response.body?.cancel();
        }
        const module = await runtimeModule;
        // The runtime's instantiation (some 30 ms) in a task of its own, apart from Pyodide's
        // set-up before it and from the linking of the runtime's symbols after it: all three
        // in one task (and the snapshot's restore with them, see runtime-start.mjs) froze the
        // page for 290-450 ms of a warm start here, against a goal of under 200 ms a task.
        await nextTask();
        const instance = await WebAssembly.instantiate(module, imports);
        await nextTask();
        return { module, instance };
    }

    // Pyodide reports a WebAssembly runtime that cannot be loaded only as a console warning,
    // and then waits forever.
    WebAssembly.instantiateStreaming = (source, imports) => {
        return instantiate(source, imports).catch(async (error) => {
            const url = await Promise.resolve(source).then(
                (response) => (standIns.has(response) ? RUNTIME_WASM : response.url),
                () => "",
            );
            page.reportProblem("boot.failed.runtime", `${error} ${url}`);
            throw error;
        });
    };
})();
