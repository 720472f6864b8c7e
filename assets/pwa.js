// Service worker registration, the update prompt, and the offer to install the app.
//
// Registered only once the app is up: the first visit then downloads the runtime once, for the
// page, and the service worker's install revalidates those files from the HTTP cache instead of
// downloading them again. A new version waits (see service-worker.js) until the player accepts
// "Update available — Reload", or until the app is next started.
//
// Once a version controls the page, the page asks it to keep the files that the install left
// out ("background" files: the strategy tables), and marks how that went on <html>:
// data-offline="complete" when every file of the version is kept, "incomplete" when some could
// not be fetched (offline, a deployment half done); it asks again when the device comes back
// online, and at every start.

function offerUpdate(worker) {
    const notice = document.getElementById("update");
    globalThis.pentaBoot.fill(notice); // in the language chosen since the page was opened
    notice.hidden = false;
    document.getElementById("update-reload").addEventListener("click", () => {
        // Reload only once the new version controls the page, so old and new files never mix.
        navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
        worker.postMessage("skip-waiting");
    }, { once: true });
}

function cacheBackgroundFiles() {
    navigator.serviceWorker.controller?.postMessage("cache-background");
}

// The first visit says once that the app now works without a connection: nothing else told a
// commuter whether it was safe to go into the tunnel (a walk). Where the download's count was,
// just below the header and over the page: nothing moves. A notice with an OK above Start game
// covered the first player's name, coach and Add player for 6 s (three walks); this one covers
// no control and takes no tap. It goes after a while, or at the player's first tap or key: by
// then it has been seen.
const firstVisit = !navigator.serviceWorker?.controller;
const OFFLINE_READY_SECONDS = 6;

function sayOfflineReady() {
    const notice = document.getElementById("offline-ready");
    globalThis.pentaBoot.fill(notice); // in the language chosen since the page was opened
    notice.hidden = false;
    const controller = new AbortController();
    const hide = () => {
        notice.hidden = true;
        controller.abort();
    };
    const options = { capture: true, signal: controller.signal };
    addEventListener("pointerdown", hide, options);
    addEventListener("keydown", hide, options);
    setTimeout(hide, OFFLINE_READY_SECONDS * 1000);
}

function onWorkerMessage(event) {
    if (event.data === "background-cached") {
        const said = document.documentElement.dataset.offline === "complete";
        document.documentElement.dataset.offline = "complete";
        document.dispatchEvent(new Event("penta:offline-complete")); // shell/events.py
        if (firstVisit && !said) sayOfflineReady();
    } else if (event.data === "background-incomplete") {
        document.documentElement.dataset.offline = "incomplete";
    }
}

async function register() {
    navigator.serviceWorker.addEventListener("message", onWorkerMessage);
    window.addEventListener("online", cacheBackgroundFiles);
    if (navigator.serviceWorker.controller) {
        cacheBackgroundFiles();
    } else {
        // The first visit: the version installed now takes control of this page (clients.claim).
        navigator.serviceWorker.addEventListener("controllerchange", cacheBackgroundFiles, {
            once: true,
        });
    }
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

// Installing: where the browser offers it (the beforeinstallprompt event: Chromium browsers),
// the New game screen shows an Install button; Safari on iPhone and iPad offers no such event,
// so it shows how to add the app to the home screen by hand. Neither shows once the app runs
// installed, and "Not now" hides the offer for NOT_NOW_DAYS (until the next start, it came
// back at every one: a walk). Nor where the browser blocks the site's data: the service worker
// is refused, so installed, the app would not open without a connection, which is what the
// offer promises. Returns what withdraws the offer.
// Not under the records' "penta." keys: Python reads those, and this is no record of the game.
const NOT_NOW_KEY = "penta-install-not-now";
const NOT_NOW_DAYS = 30;

// Whether "Not now" still holds. What is stored is checked: anything else offers again.
function notNowHolds() {
    try {
        const stored = JSON.parse(localStorage.getItem(NOT_NOW_KEY));
        const until = stored?.version === 1 ? stored.until : NaN;
        // A date later than the days it may hold (a clock put back, a hand-edited value) ends it.
        return Number.isFinite(until) && Date.now() < until && until - Date.now() <= NOT_NOW_DAYS * 864e5;
    } catch {
        return false;
    }
}

function sayNotNow() {
    try {
        localStorage.setItem(NOT_NOW_KEY, JSON.stringify({ version: 1, until: Date.now() + NOT_NOW_DAYS * 864e5 }));
    } catch {
        // The site's data is blocked: the offer is withdrawn anyway (see below).
    }
}

function runsInstalled() {
    return matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
}

function isIosSafari() {
    const ios = /iP(hone|ad|od)/.test(navigator.userAgent)
        || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    // Other browsers on iOS name themselves (CriOS, FxiOS, EdgiOS): only Safari can add to the
    // home screen from its Share menu.
    return ios && /Safari/.test(navigator.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(navigator.userAgent);
}

function offerInstall() {
    const offer = document.getElementById("install");
    const button = document.getElementById("install-button");
    const guide = document.getElementById("install-ios");
    let deferredPrompt = null;
    let withdrawn = false;
    const hide = () => {
        offer.hidden = true;
        deferredPrompt = null;
    };
    document.getElementById("install-dismiss").addEventListener("click", () => {
        sayNotNow();
        hide();
    });
    window.addEventListener("appinstalled", hide);
    button.addEventListener("click", async () => {
        const prompt = deferredPrompt;
        hide();
        if (prompt) await prompt.prompt();
    });
    window.addEventListener("beforeinstallprompt", (event) => {
        event.preventDefault(); // the app offers it in its own words, on its own screen
        if (runsInstalled() || withdrawn || notNowHolds()) return;
        deferredPrompt = event;
        globalThis.pentaBoot.fill(offer);
        guide.hidden = true;
        button.hidden = false;
        offer.hidden = false;
    });
    if (isIosSafari() && !runsInstalled() && !notNowHolds()) {
        globalThis.pentaBoot.fill(offer);
        guide.hidden = false;
        button.hidden = true;
        offer.hidden = false;
    }
    return () => {
        withdrawn = true;
        hide();
    };
}

const withdrawInstall = offerInstall();

// The notices this script shows follow the language the player switches to later.
new MutationObserver(() => {
    // The offline notice too: it stayed in the language of the moment it showed (a walk).
    for (const id of ["install", "update", "offline-ready"]) {
        globalThis.pentaBoot.fill(document.getElementById(id));
    }
}).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });

function registerSoon() {
    register().catch((error) => console.warn("Offline use is unavailable:", error));
}

// The browser blocks the site's data (its settings for cookies and site data): even reading
// localStorage throws. The service worker is refused then too.
function siteDataBlocked() {
    try {
        return localStorage === null;
    } catch {
        return true;
    }
}
if (siteDataBlocked()) withdrawInstall();

if (!("serviceWorker" in navigator)) {
    // Nothing to do: the app works online only.
} else if (document.documentElement.dataset.state === "ready") {
    registerSoon();
} else {
    document.addEventListener("penta:ready", registerSoon, { once: true });
}
