"""Writes the start hint (game.app.start_hint) into localStorage whenever it changes, for
assets/boot.js to read at the next start."""

from __future__ import annotations

from typing import Any

from game.app.model import AppState
from game.app.start_hint import START_HINT_KEY, start_hint


class StartHint:
    def __init__(self, window: Any) -> None:
        self.window = window
        self._written: str | None = None

    def follow(self, state: AppState) -> None:
        """After each render: the hint of `state`, written once it differs from the last."""
        hint = start_hint(state)
        if hint is None or hint == self._written:
            return
        self._written = hint
        try:
            self.window.localStorage.setItem(START_HINT_KEY, hint)
        except Exception:  # blocked or full: only the next start's first moment differs
            return
