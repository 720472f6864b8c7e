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
// Failures before Python runs are caught here: scripts that do not download, PyScript's own
// error reports, uncaught errors, and what assets/runtime-load.js reports (a WebAssembly runtime
// that does not load). Errors that escape Python later (in an event handler) reach window's
// "error" event too.
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

    // What the app last told the next start (game.app.start_hint): its language, and whether
    // it was in a game. Anything else in its place is no hint.
    function startHint() {
        try {
            const hint = JSON.parse(localStorage.getItem(boot.hint.key));
            const valid = hint?.format === boot.hint.format && hint.version === boot.hint.version;
            return valid ? hint : null;
        } catch {
            return null;
        }
    }

    function chooseLanguage(hint) {
        const hinted = supported(hint?.language);
        if (hinted) return hinted;
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

    if (boot) {
        const hint = startHint();
        const language = chooseLanguage(hint);
        root.lang = language;
        root.dir = boot.languages[language].dir;
        // A game is being resumed: the New game screen stays out of sight until it shows
        // (assets/styles/page.css), not as if the game were lost.
        if (hint?.game === true) root.dataset.resuming = "";
        // A device never played on, or that never showed the app (no hint): its New game
        // screen says what the game is (game.present.screens) from the first paint, not a
        // moment later.
        if (hint === null || hint.welcome === true) root.dataset.newHere = "";
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

    // A start that failed may have read a file damaged on the device, which would be read again
    // at every start: the service worker checks the files it keeps and drops those that are not
    // this version's, the interpreter's snapshot kept on the device is forgotten (it may have
    // been damaged, or forged behind its checksum's back: restored, it failed every start; and
    // a start may fail on something else before it is even read), and the page reloads once to
    // start without them (the tab remembers it tried, so a failure of another kind is never a
    // loop of reloads). Resolves to whether it reloads.
    const REPAIRED = "penta.repaired";
    function dropDamagedFiles() {
        const worker = navigator.serviceWorker?.controller;
        if (!worker) return Promise.resolve(0);
        return new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event) => resolve(event.data);
            worker.postMessage("check-cache", [channel.port2]);
            setTimeout(() => resolve(0), 20_000);
        });
    }
    async function forgetKeptSnapshot() {
        const store = await import(new URL("assets/snapshot-store.mjs", document.baseURI).href);
        return store.forgetSnapshot();
    }
    async function repairOnce() {
        try {
            if (sessionStorage.getItem(REPAIRED) !== null) return false;
            sessionStorage.setItem(REPAIRED, "tried");
        } catch {
            return false; // no session storage: no way to tell a second try from the first
        }
        const [dropped, forgotten] = await Promise.all([
            dropDamagedFiles(),
            forgetKeptSnapshot().catch(() => false),
        ]);
        const reloads = dropped > 0 || forgotten;
        if (reloads) location.reload();
        return reloads;
    }

    // `cause`: the key of the sentence saying what failed at start.
    function reportProblem(cause, details) {
        if (root.dataset.state === "loading") {
            repairOnce().catch(() => {});
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
        try {
            sessionStorage.removeItem(REPAIRED); // a later failure may try again
        } catch {
            // No session storage: nothing was noted.
        }
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

    // For assets/runtime-load.js (the runtime's download and start) and assets/pwa.js.
    globalThis.pentaBoot = Object.freeze({
        parsed,
        fill,
        text,
        reportProblem,
        // Whether the page is still starting (neither ready nor failed).
        loading: () => root.dataset.state === "loading",
        // Resolves to whether a kept interpreter snapshot was forgotten (assets/runtime-load.js).
        forgetKeptSnapshot,
        // The decimal sign of the page's language now, as the app writes numbers (game/i18n).
        decimalSign: () => boot?.languages[supported(root.lang) ?? boot.default].decimal ?? ".",
    });
})();
