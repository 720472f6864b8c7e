"""Composition root: PyScript runs this file once the interpreter is up.

It wires the core's dice to the page, then announces the outcome to the page's start-up script
(assets/boot.js): "penta:ready", or "penta:failed" with the traceback, so that a Python error at
start shows a readable message instead of a page that never becomes ready.
"""

from __future__ import annotations

import traceback
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window


def announce(event_name: str, detail: dict[str, Any] | None = None) -> None:
    options = to_js({"detail": detail}, dict_converter=window.Object.fromEntries)
    document.dispatchEvent(window.CustomEvent.new(event_name, options))


def start() -> None:
    # Imported here, not at the top, so that an error in any module is reported like any other.
    from game.dice import DICE_COUNT
    from game.random_source import DiceSource, EntropyDice
    from shell.view import DiceTableView

    view = DiceTableView(document)
    dice_source: DiceSource = EntropyDice()

    def roll() -> None:
        nonlocal dice_source
        dice, dice_source = dice_source.draw(DICE_COUNT)
        view.show_dice(dice)

    view.on_roll(roll)
    view.enable()


try:
    start()
except Exception:
    window.console.error(traceback.format_exc())
    announce("penta:failed", {"details": traceback.format_exc()})
else:
    announce("penta:ready")
