// Adapts PyScript to this page before it runs Python.
//
// PyScript builds its worker hooks with `Function(...)` (eval) for every script, even one on
// the main thread, which the page's Content-Security-Policy rightly forbids. Its only default
// worker hook sets up workers, and this app runs no Python worker, so it is removed.
import { hooks } from "../runtime/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
