"""A language list's choice, applied once it is made (shell.events sends SetLanguage).

Chromium changes a closed list's value at each arrow key, and says so at once (a "change"
event): a keyboard walk going from English down to Eesti saw the whole page turn to Hebrew,
right to left, and back. Browsed with the keys, the choice applies once the list is left or
Enter is pressed; chosen from the open list (a tap, a click, Enter there), at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shell.sheet_hold import Listen

BROWSING_KEYS = frozenset(
    {"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"}
)
"""The keys that step through a closed list's options (so do a letter's, to the next name)."""


class LanguageChoice:
    def __init__(self, select: Any, listen: Listen, choose: Callable[[str], None]) -> None:
        self.select = select
        self._choose = choose
        self._browsing = False
        """The value was changed by a key, and is not applied yet."""
        listen(select, "keydown", self._on_key, None)
        listen(select, "change", self._on_change, None)
        listen(select, "blur", lambda _event: self._commit(), None)

    def _on_key(self, event: Any) -> None:
        key = str(event.key)
        if key == "Enter" and self._browsing:
            # The choice is made: the list would open too, and the next Tab only close it (a
            # keyboard walk's Tab stayed on the list).
            event.preventDefault()
            self._commit()
        elif key in BROWSING_KEYS or (len(key) == 1 and key != " "):  # Space opens the list
            self._browsing = True

    def _on_change(self, _event: Any) -> None:
        if not self._browsing:
            self._choose(str(self.select.value))

    def _commit(self) -> None:
        if self._browsing:
            self._browsing = False
            self._choose(str(self.select.value))
