"""The phone's Back button, through the browser's history (game.app.back says what it does).

While Back would do something in the app (close a dialog, leave a screen), the page has one
history entry of its own above the app's: Back takes that entry away (a `popstate`), and the
intent it stands for is sent. Closed another way (its own button, Escape), the entry is taken
away with `history.back()`, whose `popstate` is no Back of the player's. On the New game screen
the page adds nothing, so that Back leaves the app at once.

The game's skip links ("Skip to the dice") move the focus without navigating: a link to a part
of the page is a history entry of its own, whose `popstate` read as Back and asked to leave the
game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from game.app.back import back_intent
from game.app.intents import Intent
from game.app.model import AppState
from shell.js import is_null


class BackButton:
    def __init__(
        self, window: Any, send: Callable[[Intent], None], state: Callable[[], AppState]
    ) -> None:
        self.window = window
        self._send = send
        self._state = state
        """The app's state now (what Back closes depends on it)."""
        self._entry = False
        """Whether the page's own history entry is there (Back would take it away)."""
        self._own_backs = 0
        """The `popstate`s still to come of the entries this module took away itself."""
        self._proxy = create_proxy(self._on_popstate)  # kept for the page's lifetime
        window.addEventListener("popstate", self._proxy)
        self._skip_proxy = create_proxy(self._on_skip_link)
        for link in window.document.querySelectorAll("a.skip-link"):  # not every click's
            link.addEventListener("click", self._skip_proxy)

    def follow(self, state: AppState) -> None:
        """After each render: the page's entry is there exactly while Back would close
        something in `state`."""
        wanted = back_intent(state) is not None
        if wanted and not self._entry:
            self.window.history.pushState(None, "")
            self._entry = True
        elif not wanted and self._entry:
            self._entry = False
            self._own_backs += 1
            self.window.history.back()

    def _on_popstate(self, _event: Any) -> None:
        if self._own_backs:
            self._own_backs -= 1
            return
        self._entry = False
        intent = back_intent(self._state())
        if intent is not None:
            self._send(intent)

    def _on_skip_link(self, event: Any) -> None:
        href = str(event.currentTarget.getAttribute("href"))
        target = self.window.document.getElementById(href[1:])
        if not is_null(target):
            event.preventDefault()
            target.focus()
