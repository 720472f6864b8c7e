// Start-up status, before and around Python: the page is readable at once, says that it is
// loading, and turns any failure into a readable message instead of a blank or frozen page.
//
// A classic script at the top of <head>, so that it listens before anything can fail (a
// preloaded file may fail while the page is still being parsed).
//
// Python announces the outcome with DOM events on document (see shell/main.py):
//   "penta:ready"  the app is interactive;
//   "penta:failed" detail {details}: an error in the Python code stopped the start.
// Failures before Python runs are caught here: scripts that do not download, a WebAssembly
// runtime that does not load, PyScript's own error reports, uncaught errors. Errors that escape Python later (in an event handler) reach
// window's "error" event too.
"use strict";

(() => {
    const root = document.documentElement;
    const parsed = new Promise((resolve) => {
        if (document.readyState === "loading") {
            document.addEventListener("DOMContentLoaded", resolve, { once: true });
        } else {
            resolve();
        }
    });

    // The first problem's summary stays; the details of any later one are added below it.
    async function showProblem(summary, details) {
        await parsed;
        const problem = document.getElementById("problem");
        const detailsElement = document.getElementById("problem-details");
        if (problem.hidden) {
            document.getElementById("problem-summary").textContent = summary;
            detailsElement.textContent = details;
            problem.hidden = false;
        } else {
            detailsElement.textContent += `\n\n${details}`;
        }
    }

    function reportProblem(startSummary, details) {
        if (root.dataset.state === "loading") {
            root.dataset.state = "failed";
            parsed.then(() => {
                document.getElementById("status").textContent = "Penta could not start";
            });
            showProblem(`${startSummary} Reloading the page may help.`, details);
        } else {
            showProblem("Something went wrong. Reload the page to continue.", details);
        }
    }

    document.addEventListener("penta:ready", () => {
        performance.mark("penta:ready"); // read by bench/startup.py
        root.dataset.state = "ready";
        document.getElementById("status").textContent = "";
    });

    document.addEventListener("penta:failed", (event) => {
        reportProblem("Penta could not start because of an error in its Python code.", event.detail?.details);
    });

    addEventListener("error", (event) => {
        reportProblem("Penta could not load its runtime.", String(event.error?.message ?? event.message));
    });
    addEventListener("unhandledrejection", (event) => {
        reportProblem("Penta could not load its runtime.", String(event.reason?.message ?? event.reason));
    });

    // A script of the page or of the runtime that did not download (not found, or offline
    // before the app was installed). Such errors do not bubble: they are seen in the capture
    // phase.
    addEventListener("error", (event) => {
        if (event.target instanceof HTMLScriptElement) {
            reportProblem("Penta could not download all of its files.", `Not loaded: ${event.target.src}`);
        }
    }, true);

    // The runtime's WebAssembly compiles from the page's first moment, while the page and its
    // scripts load, instead of once PyScript has started and Pyodide asks for it: a warm start
    // became 0.3 s faster. Pyodide still fetches the file itself, and the service worker or
    // the HTTP cache answers (its body is left unread).
    const RUNTIME_WASM = new URL("runtime/pyodide/pyodide.asm.wasm", document.baseURI).href;
    const runtimeModule = WebAssembly.compileStreaming(fetch(RUNTIME_WASM));
    runtimeModule.catch(() => {}); // reported below, when Pyodide asks for the runtime

    const instantiateStreaming = WebAssembly.instantiateStreaming;
    async function instantiate(source, imports) {
        const response = await source;
        if (response.url !== RUNTIME_WASM) {
            return instantiateStreaming(response, imports);
        }
        response.body?.cancel();
        const module = await runtimeModule;
        return { module, instance: await WebAssembly.instantiate(module, imports) };
    }

    // Pyodide reports a WebAssembly runtime that cannot be loaded only as a console warning,
    // and then waits forever.
    WebAssembly.instantiateStreaming = (source, imports) => {
        return instantiate(source, imports).catch(async (error) => {
            const url = await Promise.resolve(source).then((response) => response.url, () => "");
            reportProblem("Penta could not load its runtime.", `${error} ${url}`);
            throw error;
        });
    };

    // PyScript shows its own errors (a broken configuration, say) as a ".py-error" banner.
    function replaceBanner(node) {
        if (node instanceof HTMLElement && node.classList.contains("py-error")) {
            node.hidden = true;
            reportProblem("Penta could not start its Python runtime.", node.textContent);
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
