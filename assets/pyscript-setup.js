// Adapts PyScript to this page, then starts the app's Python.
//
// PyScript builds its worker hooks with `Function(...)` (eval) for every script, even one on
// the main thread, which the page's Content-Security-Policy rightly forbids. Its only default
// worker hook sets up workers, and this app runs no Python worker, so it is removed.
import { hooks } from "../runtime/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();

// An error that stops the app's script before shell/main.py can announce it (a module that does
// not import, a runtime that fails) reaches PyScript's stderr, which only writes it to the
// console (its banner is off: pyscript.toml): the page said "Loading…" for good. It is reported
// as a failed start, which also repairs what the device keeps (assets/boot.js). Python's own
// writes to stderr arrive as text, never as an Error, and are left to the console.
hooks.main.onReady.add(function reportErrors(wrap) {
    const { stderr } = wrap.io;
    wrap.io.stderr = (output, ...rest) => {
        if (output instanceof Error) {
            globalThis.pentaBoot?.reportProblem("boot.failed.python_runtime", String(output.message));
        }
        return stderr(output, ...rest);
    };
});

// The Python script is added only now, not written in index.html: PyScript reads the worker
// hooks once the interpreter is up, and on a first visit this file can arrive later than that
// (it queues behind the runtime's large downloads), so a script already in the page could
// start before the hook above is removed. Its settings come from the page's <py-config>.
const main = document.createElement("script");
main.type = "py";
main.src = "./shell/main.py";
document.body.append(main);
