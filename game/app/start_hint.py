"""What the page shows before Python runs, told ahead by the app: the language it was last in,
whether it was in a game, and whether the New game screen says what the game is (`new_here`).
assets/boot.js reads it at the next start, before the first paint.

The app's records are in IndexedDB, which a script cannot read before the page paints: without
the hint, a player who had chosen Hebrew on an English phone saw each start in English, then
the page turned right to left; and a game being resumed showed the New game screen for a
moment, as if the game were lost (a walk). The hint is only a hint: the app does not read it,
and a hint missing, stale or of another format changes nothing but that first moment.

    start_hint(state) -> str | None    the hint's text, or None where this tab must not write it
    new_here(state) -> bool             a device never played on (game.present.screens says so)
"""

from __future__ import annotations

import json

from game.app.model import AppState, Screen

START_HINT_KEY = "penta-start"
"""Its localStorage key: outside the app's records ("penta."), which the start moves from
localStorage into IndexedDB (shell.durable)."""
START_HINT_FORMAT = "penta-start-hint"
START_HINT_VERSION = 1


def start_hint(state: AppState) -> str | None:
    """The hint for a start that follows `state`; None in a tab that another tab's game keeps
    waiting (the other tab's hint stands).

    >>> start_hint(AppState())
    '{"format":"penta-start-hint","version":1,"language":"en","game":false,"welcome":true}'
    """
    if state.screen is Screen.ELSEWHERE:
        return None
    hint = {
        "format": START_HINT_FORMAT,
        "version": START_HINT_VERSION,
        "language": state.settings.language,
        "game": state.screen is Screen.GAME,
        # Added to version 1: a hint without it (of an earlier build) shows no welcome line.
        "welcome": new_here(state),
    }
    return json.dumps(hint, separators=(",", ":"))


def new_here(state: AppState) -> bool:
    """Nothing on this device says it was played on: no setup kept from a game started, no
    game kept or finished, and the guided turn not yet played or skipped. The New game screen
    then says what the game is (a walk: it said nothing of it until the guide)."""
    ui = state.ui
    return not (
        state.setup.restored or ui.kept_games or ui.history_games or state.settings.guide_done
    )
