"""DOM rendering of the dice table; the markup itself is in index.html, visible before Python."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pyodide.ffi import create_proxy


class DiceTableView:
    """The five dice and the Roll button."""

    def __init__(self, document: Any) -> None:
        self._dice = list(document.querySelectorAll("#dice .die"))
        self._roll_button = document.getElementById("roll")

    def on_roll(self, handler: Callable[[], None]) -> None:
        # The proxy keeps the Python function callable from JavaScript for the page's lifetime.
        self._roll_button.addEventListener("click", create_proxy(lambda _event: handler()))

    def enable(self) -> None:
        self._roll_button.disabled = False

    def show_dice(self, dice: Sequence[int]) -> None:
        for number, (element, face) in enumerate(zip(self._dice, dice, strict=True), start=1):
            element.textContent = str(face)
            element.dataset.face = str(face)
            element.setAttribute("aria-label", f"Die {number}: {face}")
