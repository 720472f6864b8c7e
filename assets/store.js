// The device's durable store of the app's records, and which tab plays: only browser calls,
// every decision is in Python (shell/durable.py, shell/controller.py, game/).
//
// Records are strings under keys, in IndexedDB. Each write is its own transaction with
// durability "strict": it is complete only once the browser has written it to disk. (Chromium
// writes localStorage lazily: a browser killed in the next seconds lost the last moves.)
// Started before Python, so that the records are read while the runtime downloads.
//
//   pentaStore.loaded            Promise of [[key, text], ...]: the records at start; rejected
//                                when IndexedDB cannot be used (Python then keeps localStorage)
//   pentaStore.load()            the same, read again now (a tab taking the game over)
//   pentaStore.write(key, text)  Promise resolved once committed; text null removes the key;
//                                rejected with the browser's error (QuotaExceededError...)
//   pentaStore.claim(steal, onLost)
//                                Promise of whether this tab now has the game (a Web Lock held
//                                while the page lives); steal takes it from the tab that has
//                                it, whose onLost is then called
"use strict";

(() => {
    const DATABASE = "penta";
    const RECORDS = "records";
    const GAME_LOCK = "penta.game";
    let database = null;

    // The database, made at version 1 where there is none. One of a later version (made by a
    // newer build, then this one served again) is opened as it is when it still has the records:
    // each record carries its own format, which Python checks. Without them it is refused with
    // a NewerDatabase error, which Python tells the player (the app looked empty, unsaid).
    function opened() {
        database ??= new Promise((resolve, reject) => {
            const open = (...version) => {
                const request = indexedDB.open(DATABASE, ...version);
                request.onerror = () => reject(request.error);
                return request;
            };
            let request;
            try {
                request = open(1);
            } catch (error) {
                reject(error); // site data blocked in the browser's settings: a SecurityError
                return;
            }
            request.onupgradeneeded = () => request.result.createObjectStore(RECORDS);
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => {
                if (request.error?.name !== "VersionError") {
                    reject(request.error);
                    return;
                }
                const newer = open();
                newer.onsuccess = () => {
                    const db = newer.result;
                    if (db.objectStoreNames.contains(RECORDS)) {
                        resolve(db);
                        return;
                    }
                    db.close();
                    const error = new Error(`database ${DATABASE} of version ${db.version} has no ${RECORDS}`);
                    error.name = "NewerDatabase";
                    reject(error);
                };
            };
        });
        return database;
    }

    async function load() {
        const db = await opened();
        return new Promise((resolve, reject) => {
            const transaction = db.transaction(RECORDS, "readonly");
            const records = transaction.objectStore(RECORDS);
            const keys = records.getAllKeys();
            const values = records.getAll(); // in the same order as the keys
            transaction.oncomplete = () => resolve(keys.result.map((key, i) => [key, values.result[i]]));
            transaction.onabort = () => reject(transaction.error);
        });
    }

    async function write(key, text) {
        const db = await opened();
        return new Promise((resolve, reject) => {
            const transaction = db.transaction(RECORDS, "readwrite", { durability: "strict" });
            const records = transaction.objectStore(RECORDS);
            if (text == null) {
                records.delete(key);
            } else {
                records.put(text, key);
            }
            transaction.commit?.(); // at once, not at the end of the task
            transaction.oncomplete = () => resolve();
            transaction.onabort = () => reject(transaction.error ?? new Error(`writing ${key} was aborted`));
        });
    }

    function claim(steal, onLost) {
        if (!navigator.locks) return Promise.resolve(true); // no Web Locks: this tab plays
        return new Promise((resolve) => {
            let held = false;
            const options = steal ? { steal: true } : { ifAvailable: true };
            navigator.locks.request(GAME_LOCK, options, (lock) => {
                held = lock !== null;
                resolve(held);
                return held ? new Promise(() => {}) : undefined; // held until the page goes
            }).catch(() => {
                if (held) {
                    onLost(); // another tab took it
                } else {
                    resolve(true); // the lock could not be asked for at all: this tab plays
                }
            });
        });
    }

    window.pentaStore = { load, write, claim };
    const loaded = load();
    loaded.catch(() => {}); // Python reads the failure; it is no unhandled rejection
    window.pentaStore.loaded = loaded;
    // Asked once: storage the browser may not clear when the device runs short of space.
    navigator.storage?.persist?.().catch(() => {});
})();
