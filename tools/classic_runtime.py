"""Pyodide's runtime module (pyodide.asm.mjs) as a classic script too (pyodide.asm.js), for the
page's starts once a version of the app is installed (assets/runtime-start.mjs).

Chromium keeps V8's compiled code of a script that a service worker puts in its cache while it
installs, every function compiled (its "full" code cache), and a later start reads it instead
of compiling: but only for a classic script, not for a module. A warm start compiled the
module's functions as they were first called, about 100 ms of the page's main thread here
(V8.CompileCode 105 ms against 31 ms with the classic script, which read 1.66 MB of cached code).

The first visit keeps the module: its worker imports it (a module worker cannot load a classic
script), and the page, which restores the worker's snapshot, shares that download; no cached
code exists yet either way.

The script is the module's text with its two module-only parts replaced: `export default` by a
global that runtime-start.mjs reads once the script has run (the factory, nothing else), and
`import.meta.url` by the script's own address, taken as it runs.
"""

from __future__ import annotations

EXPORT = "export default _createPyodideModule;"
FACTORY = "globalThis._createPyodideModule=_createPyodideModule;"
MODULE_URL = "import.meta.url"
SCRIPT_URL = "_pyodideScriptUrl"
PROLOGUE = f"var {SCRIPT_URL}=document.currentScript.src;\n"


class ClassicRuntimeError(Exception):
    pass


def classic_runtime(module: str) -> str:
    """pyodide.asm.mjs's text as a classic script's."""
    if module.count(EXPORT) != 1 or "import.meta" in module.replace(MODULE_URL, ""):
        raise ClassicRuntimeError("pyodide.asm.mjs has changed: review tools/classic_runtime.py")
    if SCRIPT_URL in module:
        raise ClassicRuntimeError(f"pyodide.asm.mjs already names {SCRIPT_URL}")
    return PROLOGUE + module.replace(MODULE_URL, SCRIPT_URL).replace(EXPORT, FACTORY)
