// Service worker registration and the update prompt.
//
// Registered only once the app is up: the first visit then downloads the runtime once, for the
// page, and the service worker's install revalidates those files from the HTTP cache instead of
// downloading them again. A new version waits (see service-worker.js) until the player accepts
// "Update available — Reload", or until the app is next started.

function offerUpdate(worker) {
    const notice = document.getElementById("update");
    notice.hidden = false;
    document.getElementById("update-reload").addEventListener("click", () => {
        // Reload only once the new version controls the page, so old and new files never mix.
        navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
        worker.postMessage("skip-waiting");
    }, { once: true });
}

async function register() {
    const registration = await navigator.serviceWorker.register("service-worker.js");
    // A version that was installed while an older one controlled the page.
    if (registration.waiting && navigator.serviceWorker.controller) {
        offerUpdate(registration.waiting);
    }
    registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker.addEventListener("statechange", () => {
            if (worker.state === "installed" && navigator.serviceWorker.controller) {
                offerUpdate(worker);
            }
        });
    });
    // A phone app stays open for days: look for a new version whenever it comes back to view.
    document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
}

function registerSoon() {
    register().catch((error) => console.warn("Offline use is unavailable:", error));
}

if (!("serviceWorker" in navigator)) {
    // Nothing to do: the app works online only.
} else if (document.documentElement.dataset.state === "ready") {
    registerSoon();
} else {
    document.addEventListener("penta:ready", registerSoon, { once: true });
}
