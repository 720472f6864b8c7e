"""Composition root: shell/main.py, the script PyScript runs, hands it the page's `window` and
`document`.

It builds the effect runner (shell.controller) with what only the browser has: the clock, the
page's `?seed=`, `navigator.languages`, the adapters that run the core's effects
(shell.effects: a timer, the strategy tables, the wake lock, storage read from IndexedDB before
the app starts, the claim on the game among the tabs), the events (shell.events) and the page
itself (shell.view). Then every DOM event becomes an intent, every intent a new state and its
effects, every state a render. It announces the outcome of the start to assets/boot.js:
"penta:ready", or "penta:failed" with the traceback, so that a Python error at start shows a
readable message.

URL parameters: `?seed=N` (0 to 2**53-1) starts every game with seeded dice: the same seed
gives everyone the same dice ("same dice for everyone" challenges, replays, browser tests).
"""

from __future__ import annotations

import traceback
from typing import Any

from pyodide.ffi import to_js


def announce(
    window: Any, document: Any, event_name: str, detail: dict[str, Any] | None = None
) -> None:
    options = to_js({"detail": detail}, dict_converter=window.Object.fromEntries)
    document.dispatchEvent(window.CustomEvent.new(event_name, options))


async def start(window: Any, document: Any) -> None:
    # Imported here, not at the top, so that an error in any module is reported like any other.
    from game.app.intents import Intent
    from game.app.start import parse_seed
    from shell.back_button import BackButton
    from shell.controller import Controller
    from shell.effects import (
        Clock,
        Page,
        StorageJobs,
        TabClaim,
        TableLoader,
        Timer,
        WakeLock,
    )
    from shell.events import Events
    from shell.feel import DiceFeel
    from shell.review_effects import Reviewer, Sharer
    from shell.start_hint import StartHint
    from shell.tasks import Tasks
    from shell.view import View

    def send(intent: Intent) -> None:  # the adapters' results go to the runner built below
        controller.send(intent)

    clock, tasks, page = Clock(window), Tasks(), Page(window, document)
    tables = TableLoader(window, send, tasks)
    view = View(document)
    controller = Controller(
        view=view,
        clock=clock,
        timer=Timer(window, clock, send),
        tables=tables,
        wake_lock=WakeLock(window, tasks),
        feel=DiceFeel(window),
        page=page,
        storage=StorageJobs(window, clock, page, send),
        tabs=TabClaim(window, send),
        tasks=tasks,
        reviewer=Reviewer(window, send, tasks, tables),
        sharer=Sharer(window, send, tasks),
        back=BackButton(window, send, lambda: controller.state),
        start_hint=StartHint(window),
    )
    events = Events(window, document, send, lambda: controller.state, view.fit_to_viewport)
    seed = parse_seed(window.URLSearchParams.new(window.location.search).get("seed"))
    languages = [str(tag) for tag in window.navigator.languages]
    await controller.start(events, languages, seed)


async def run(window: Any, document: Any) -> None:
    try:
        await start(window, document)
    except Exception:
        window.console.error(traceback.format_exc())
        announce(window, document, "penta:failed", {"details": traceback.format_exc()})
    else:
        announce(window, document, "penta:ready")
