// Start-up status, before and around Python: the page is usable to read at once, tells that it
// is loading, and turns any failure into a readable message instead of a blank or frozen page.
//
// Python announces the outcome with DOM events on document (see shell/main.py):
//   "penta:ready"  the app is interactive;
//   "penta:failed" detail {summary, details}: it could not start.
// Errors that escape Python later (in an event handler) reach window's "error" event.

const root = document.documentElement;
const status = document.getElementById("status");

function showProblem(summary, details) {
    document.getElementById("problem-summary").textContent = summary;
    document.getElementById("problem-details").textContent = details || summary;
    document.getElementById("problem").hidden = false;
}

function failStart(summary, details) {
    if (root.dataset.state !== "loading") return;
    root.dataset.state = "failed";
    status.textContent = "Penta could not start";
    showProblem(`${summary} Reloading the page may help.`, details);
}

document.addEventListener("penta:ready", () => {
    performance.mark("penta:ready"); // read by bench/startup.py
    root.dataset.state = "ready";
    status.textContent = "";
});

document.addEventListener("penta:failed", (event) => {
    failStart("Penta could not start because of an error in its Python code.", event.detail?.details);
});

function onUncaught(reason) {
    const message = String(reason?.message ?? reason);
    if (root.dataset.state === "loading") {
        failStart("Penta could not load its runtime.", message);
    } else {
        showProblem("Something went wrong. Reload the page to continue.", message);
    }
}

addEventListener("error", (event) => onUncaught(event.error ?? event.message));
addEventListener("unhandledrejection", (event) => onUncaught(event.reason));

// Shows which stage the runtime is in (PyScript reports them as "py:progress" events).
addEventListener("py:progress", (event) => {
    if (root.dataset.state === "loading") status.dataset.stage = String(event.detail);
});
