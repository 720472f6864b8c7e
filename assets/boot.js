// Start-up status, before and around Python: the page is readable at once, in the user's
// language, says that it is loading, and turns any failure into a readable message instead of
// a blank or frozen page.
//
// A classic script at the top of <head>, so that it listens before anything can fail (a
// preloaded file may fail while the page is still being parsed), and so that it sets the
// page's language before any of the page is shown.
//
// Python announces the outcome with DOM events on document (see shell/main.py):
//   "penta:ready"  the app is interactive;
//   "penta:failed" detail {details}: an error in the Python code stopped the start.
// Failures before Python runs are caught here: scripts that do not download, a WebAssembly
// runtime that does not load, PyScript's own error reports, uncaught errors. Errors that
// escape Python later (in an event handler) reach window's "error" event too.
//
// Texts: the build (tools/boot_texts.py) writes the page's texts into the JSON block
// #boot-texts, in every language, with what is needed to choose the language as the app does
// (game.i18n.choose_language, after a language stored in the preferences). Elements name their
// message: data-text="key" for their text, data-text-<attribute>="key" for an attribute.
// Python's view renders the same messages once it runs, so nothing changes language.
"use strict";

(() => {
    // An app starts at its top: a reload that brought back the old scroll position would hide
    // the notices (such as "Your game was restored") under the sticky header.
    history.scrollRestoration = "manual";
    const root = document.documentElement;
    const parsed = new Promise((resolve) => {
        if (document.readyState === "loading") {
            document.addEventListener("DOMContentLoaded", resolve, { once: true });
        } else {
            resolve();
        }
    });

    function readBootData() {
        try {
            return JSON.parse(document.getElementById("boot-texts").textContent);
        } catch {
            return null; // not built (index.html from the sources): the page stays as written
        }
    }
    const boot = readBootData();

    function supported(tag) {
        if (typeof tag !== "string") return null;
        const primary = tag.trim().replace(/_/g, "-").split("-")[0].toLowerCase();
        const language = Object.hasOwn(boot.aliases, primary) ? boot.aliases[primary] : primary;
        return Object.hasOwn(boot.languages, language) ? language : null;
    }

    // Stored data is read defensively: nothing in it, however malformed or deeply nested, may
    // stop the page (it is then ignored here, and Python reports it).
    function storedLanguage() {
        try {
            const record = JSON.parse(localStorage.getItem(boot.preferences.key));
            // An envelope (game.persistence.storage), or the bare preferences of older builds.
            const data = record?.format === boot.preferences.format ? record.payload : record;
            return supported(data?.language);
        } catch {
            return null;
        }
    }

    function chooseLanguage() {
        const stored = storedLanguage();
        if (stored) return stored;
        for (const tag of navigator.languages ?? [navigator.language]) {
            const language = supported(tag);
            if (language) return language;
        }
        return boot.default;
    }

    // The language of the page now: Python's view keeps <html lang> up to date once it runs.
    function texts() {
        return boot.languages[supported(root.lang) ?? boot.default].texts;
    }

    function text(key) {
        return texts()[key] ?? boot.languages[boot.default].texts[key] ?? key;
    }

    // The header's language menu, as Python's view fills it (and still disabled until it runs).
    function fillLanguages(select) {
        const language = supported(root.lang) ?? boot.default;
        for (const [code, name] of boot.languages[language].choices) {
            select.add(new Option(name, code, false, code === language));
        }
    }

    // The manifest of the page's language: an app installed from a Hebrew page is named in Hebrew.
    function linkManifest(link) {
        const wanted = boot.languages[supported(root.lang) ?? boot.default].manifest;
        if (link.getAttribute("href") !== wanted) link.setAttribute("href", wanted);
    }

    function fillElement(element) {
        if (element.id === "language" && element.options.length === 0) fillLanguages(element);
        if (element.matches("link[rel=manifest]")) linkManifest(element);
        for (const { name, value } of Array.from(element.attributes)) {
            if (name === "data-text") {
                const wanted = text(value);
                if (element.textContent !== wanted) element.textContent = wanted;
            } else if (name.startsWith("data-text-")) {
                element.setAttribute(name.slice("data-text-".length), text(value));
            }
        }
    }

    // Filled whatever the language: the language menu and the manifest's link.
    const ALWAYS_FILLED = "#language, link[rel=manifest]";

    // In the page's current language: also for texts shown later (the update notice, a
    // problem), after the player may have changed the language. Only the elements the build
    // found naming a text (boot.named, a selector): looking at every element of the page as the
    // parser added it took some 35 ms before the first paint.
    function fill(container, selector = `${boot?.named}, ${ALWAYS_FILLED}`) {
        if (!boot) return;
        if (container.matches(selector)) fillElement(container);
        container.querySelectorAll(selector).forEach(fillElement);
    }
    globalThis.pentaTexts = Object.freeze({ fill });

    if (boot) {
        const language = chooseLanguage();
        root.lang = language;
        root.dir = boot.languages[language].dir;
        // The build wrote the page's texts in the default language: in it, only the language
        // menu and the manifest's link are filled as the page is parsed.
        const parsing = language === boot.default ? ALWAYS_FILLED : undefined;
        // Each element as the parser adds it: mutation records are delivered before the
        // browser next renders, so no text is ever shown in English first. An element's
        // written text (English) may be added after the element itself: then it is refilled.
        const observer = new MutationObserver((records) => {
            for (const record of records) {
                const target = record.target;
                if (target.nodeType === Node.ELEMENT_NODE && target.matches(parsing ?? boot.named)) {
                    fillElement(target);
                }
                record.addedNodes.forEach((node) => {
                    if (node.nodeType === Node.ELEMENT_NODE) fill(node, parsing);
                });
            }
        });
        fill(root, parsing);
        observer.observe(root, { childList: true, subtree: true });
        parsed.then(() => {
            observer.disconnect();
            fill(root, parsing);
        });
        // Python's view sets <html lang> when the player switches the language.
        new MutationObserver(() => {
            const link = document.querySelector("link[rel=manifest]");
            if (link) linkManifest(link);
        }).observe(root, { attributes: true, attributeFilter: ["lang"] });
    }

    // The first problem's summary stays; the details of any later one are added below it.
    async function showProblem(summary, details) {
        await parsed;
        const problem = document.getElementById("problem");
        fill(problem);
        const detailsElement = document.getElementById("problem-details");
        if (problem.hidden) {
            document.getElementById("problem-summary").textContent = summary;
            detailsElement.textContent = details;
            problem.hidden = false;
        } else {
            detailsElement.textContent += `\n\n${details}`;
        }
    }

    // `cause`: the key of the sentence saying what failed at start. Where the browser blocks
    // the site's storage, PyScript's loader (which keeps its own IndexedDB database) fails
    // too, whatever it reports: that is the cause to name, and the player can lift it.
    function reportProblem(cause, details) {
        if (window.pentaStore?.refused && cause !== "boot.failed.download") {
            cause = "boot.failed.storage_blocked";
        }
        if (root.dataset.state === "loading") {
            root.dataset.state = "failed";
            parsed.then(() => {
                const status = document.getElementById("status");
                status.dataset.text = "boot.startup_failed";
                fill(status);
            });
            showProblem(`${text(cause)} ${text("boot.startup_failed_hint")}`, details);
        } else {
            showProblem(text("boot.error_after_start"), details);
        }
    }

    document.addEventListener("penta:ready", () => {
        performance.mark("penta:ready"); // read by bench/startup.py
        root.dataset.state = "ready";
        const status = document.getElementById("status");
        delete status.dataset.text; // "Loading…" is over: no longer this element's text
        status.textContent = "";
    });

    document.addEventListener("penta:failed", (event) => {
        reportProblem("boot.failed.python_error", event.detail?.details);
    });

    // An error of a script from another origin (a browser extension's, injected into the page)
    // is not the app's: it neither stops the start nor says that something went wrong.
    function notOurs(event) {
        try {
            return Boolean(event.filename) && new URL(event.filename).origin !== location.origin;
        } catch {
            return false;
        }
    }
    addEventListener("error", (event) => {
        if (notOurs(event)) return;
        reportProblem("boot.failed.runtime", String(event.error?.message ?? event.message));
    });
    addEventListener("unhandledrejection", (event) => {
        reportProblem("boot.failed.runtime", String(event.reason?.message ?? event.reason));
    });

    // A script of the page or of the runtime that did not download (not found, or offline
    // before the app was installed). Such errors do not bubble: they are seen in the capture
    // phase.
    addEventListener("error", (event) => {
        if (event.target instanceof HTMLScriptElement) {
            reportProblem("boot.failed.download", event.target.src);
        }
    }, true);

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

    // The memory of the snapshot that an earlier start kept, or null: read, checked and
    // unpacked by a worker (assets/snapshot-store.mjs) while the page's main thread parses,
    // paints and compiles. Not in a module of the page: the page ran its modules only once the
    // runtime's WebAssembly had compiled (about 0.5 s into a warm start).
    let keptMemory = null;
    function readKeptSnapshot() {
        if (keptMemory === null) {
            keptMemory = new Promise((resolve) => {
                if (!snapshot || typeof Worker !== "function") {
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

    // For assets/runtime-start.mjs: the plan, the kept snapshot, the compiled module (for the
    // worker that makes the interpreter's snapshot when none is kept: it would otherwise compile
    // the 9.6 MB again), and the worker's module and download on a first visit.
    globalThis.pentaRuntime = Object.freeze({
        snapshot,
        keptSnapshot: readKeptSnapshot,
        // The module compiled here, for the worker; null on a first visit: the worker compiles.
        compiled: () => (firstVisit ? Promise.resolve(null) : compileRuntime()),
        adopt: adoptRuntime,
        firstVisit,
        received: countReceived,
    });
    // And Python's start begins meanwhile (assets/runtime-start.mjs, which PyScript later
    // imports as its interpreter: the same module, run once): the kept snapshot is restored,
    // or a worker starts Python.
    function startInterpreter() {
        readKeptSnapshot();
        if (!firstVisit) compileRuntime();
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
            if (firstVisit) downloads.set(url, { ...file, total: file.sent, received: 0 });
            if (url === RUNTIME_WASM) continue; // fetched by compileRuntime(), or the worker
            // On a first visit the worker that starts Python fetches the runtime's files
            // (preloaded, they went unused for seconds: the browser warned).
            if (firstVisit && file.as === "fetch" && url.startsWith(RUNTIME_DIR)) continue;
            // The same request as the runtime's own, so that both share one download.
            const link = document.createElement("link");
            if (file.as === "module") {
                link.rel = "modulepreload";
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

    parsed.then(() => {
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
        // In a task of its own, as the file's response would: Pyodide's instantiation and
        // restore then run in a task apart from its preparations (together, the start's
        // longest task grew from about 130 to 170-210 ms). A message, not a timer: a timer
        // may be held back (in the background, or by a test's clock), a message is not.
        if (url === RUNTIME_WASM && runtimeModule !== null) {
            return new Promise((resolve) => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve(standIn());
                channel.port2.postMessage(null);
            });
        }
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
    // has arrived; then the bar is indeterminate again while the runtime starts.
    let downloadShown = false;
    function showDownload() {
        if (downloadShown || downloads.size === 0) return;
        downloadShown = true;
        requestAnimationFrame(() => {
            downloadShown = false;
            const progress = document.getElementById("progress");
            const label = document.getElementById("download");
            let done = 0;
            let total = 0;
            for (const file of downloads.values()) {
                total += file.total;
                done += Math.min(file.received / file.size, 1) * file.total;
            }
            const bar = progress.firstElementChild;
            if (!boot || root.dataset.state !== "loading" || done >= total) {
                delete progress.dataset.done;
                bar.style.transform = "";
                label.hidden = true;
                return;
            }
            progress.dataset.done = (done / total).toFixed(3);
            bar.style.transform = `scaleX(${done / total})`;
            label.textContent = downloadText(done, total);
            label.hidden = false;
        });
    }

    // Written as the app writes numbers (game/i18n: the language's decimal sign, "51%" in each
    // language), not by Intl.NumberFormat: the first one made held the first visit's main
    // thread some 55 ms.
    function downloadText(done, total) {
        const language = boot.languages[supported(root.lang) ?? boot.default];
        const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace(".", language.decimal);
        const values = {
            done: megabytes(done),
            total: megabytes(total),
            percent: `${Math.floor((done / total) * 100)}%`,
        };
        return text("boot.downloading").replace(/\{(\w+)\}/g, (whole, name) => values[name] ?? whole);
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
        return { module, instance: await WebAssembly.instantiate(module, imports) };
    }

    // Pyodide reports a WebAssembly runtime that cannot be loaded only as a console warning,
    // and then waits forever.
    WebAssembly.instantiateStreaming = (source, imports) => {
        return instantiate(source, imports).catch(async (error) => {
            const url = await Promise.resolve(source).then(
                (response) => (standIns.has(response) ? RUNTIME_WASM : response.url),
                () => "",
            );
            reportProblem("boot.failed.runtime", `${error} ${url}`);
            throw error;
        });
    };

    // PyScript shows its own errors (a broken configuration, say) as a ".py-error" banner.
    function replaceBanner(node) {
        if (node instanceof HTMLElement && node.classList.contains("py-error")) {
            node.hidden = true;
            reportProblem("boot.failed.python_runtime", node.textContent);
        }
    }
    parsed.then(() => {
        document.querySelectorAll(".py-error").forEach(replaceBanner);
        new MutationObserver((mutations) => {
            mutations.forEach((mutation) => mutation.addedNodes.forEach(replaceBanner));
        }).observe(document.body, { childList: true });
    });

    // Shows which stage the runtime is in (PyScript reports them as "py:progress" events).
    addEventListener("py:progress", (event) => {
        if (root.dataset.state === "loading") {
            document.getElementById("status").dataset.stage = String(event.detail);
        }
    });
})();
