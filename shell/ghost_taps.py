"""The second tap of a double tap that lands on another control: a tap changes the page under
the finger (a warning, dice, a new screen), and a quick second tap at the same spot hit what had
just appeared there. Walks found "Show it" then Roll (a roll spent unseen), Start game then Roll,
New game then the Yatzy card, Take back then a die, a dialog's Close then "Leave game", and a
guide's line shrinking so that the box below was chosen. Such a tap is stopped before anything
sees it (capture phase): no intent, no label or radio toggled, no link followed.

A second tap on the same control goes through: the app's own guards decide (a second Roll is
ignored: game.app.turns; answers to what a tap brought up: game.app.fresh_choices). Only
touches and pens are watched: a mouse's double click is deliberate, and a keyboard's clicks have
no place.
"""

from __future__ import annotations

from typing import Any

from shell.js import is_null

GHOST_SECONDS = 0.45
"""Two taps closer in time are one double tap."""
GHOST_DISTANCE = 24
"""Two taps closer than this (CSS pixels, each way) are at the same spot: a finger's double tap
lands within a few pixels, and two controls' centres are at least a finger apart (44 px)."""
CONTROLS = "button, a, label, input, select, textarea, summary, [data-action]"


Tap = tuple[float, float, float, Any]
"""When (seconds), where (x, y), and on which control (None: none)."""


class GhostTaps:
    def __init__(self) -> None:
        self._last: Tap | None = None
        """The last tap let through: when (seconds), where (x, y), and its control."""

    def on_click(self, event: Any) -> None:
        if str(getattr(event, "pointerType", "")) not in ("touch", "pen"):
            return
        when = float(event.timeStamp) / 1000
        x, y = float(event.clientX), float(event.clientY)
        target = event.target
        found = None if is_null(target) else target.closest(CONTROLS)
        control = None if is_null(found) else found
        last = self._last
        if last is not None and _ghost(last, when, x, y, control):
            event.preventDefault()
            event.stopImmediatePropagation()
            return
        self._last = (when, x, y, control)


def _ghost(
    last: tuple[float, float, float, Any], when: float, x: float, y: float, control: Any
) -> bool:
    then, last_x, last_y, last_control = last
    return (
        0 <= when - then < GHOST_SECONDS
        and abs(x - last_x) < GHOST_DISTANCE
        and abs(y - last_y) < GHOST_DISTANCE
        and not _same(control, last_control)
    )


def _same(control: Any, other: Any) -> bool:
    """One control, or a label (`other`) and the control the browser clicks for it: its click
    comes at the same spot and time, as a touch too (stopped as a second tap, no option, no
    ruleset, no setting could be chosen by a tap on its words: a walk)."""
    if control is None or other is None:
        return control is other
    if control.isSameNode(other):
        return True
    labelled: Any = getattr(other, "control", None)
    return not is_null(labelled) and bool(labelled.isSameNode(control))
