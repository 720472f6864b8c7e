"""The script PyScript runs once the interpreter is up: it hands the page's `window` and
`document` to the composition root (shell/composition.py), which starts the app.

Short, and the rest in modules: PyScript compiles this file at every start (30 ms of the main
thread when it held the composition root), while every other module of the app is already
imported in the interpreter's snapshot (tools/runtime_snapshot.py).
"""

import asyncio

from pyscript import document, window

from shell.composition import run

# The start waits for the stored records (IndexedDB) and for the answer to which tab plays.
# The task is kept: asyncio holds only a weak reference to it.
STARTING: set[asyncio.Future[None]] = {asyncio.ensure_future(run(window, document))}
