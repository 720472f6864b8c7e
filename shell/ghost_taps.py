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

from pyodide.ffi import create_once_callable

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
    """`on_click` listens first (capture phase), `on_handled` after the app's own listener.

    The double tap's time runs from the later of the first tap and the moment what it brought
    up was drawn: only since then has it been under the finger to be seen. A tap that comes
    before that frame is a ghost at any delay: the browser stamps a tap with the moment a busy
    page took it, not the moment it was made. Two ways a page is busy after a tap: handling it
    (Chromium's taps sent through DevTools: a second tap 0.15 s after the first, queued behind
    a 0.8 s handling of the first, came 0.86 s later), and work the tap started (the strategy
    table that Start game loads: queued behind it, a second tap on Start rolled)."""

    def __init__(self, window: Any) -> None:
        self._window = window
        self._last: Tap | None = None
        """The last tap let through: when (seconds), where (x, y), and its control."""
        self._settled = 0.0
        """When what the last tap let through brought up was drawn (seconds)."""
        self._drawn = True
        """Whether it has been drawn yet."""

    def on_click(self, event: Any) -> None:
        if not _touch(event):
            return
        when = float(event.timeStamp) / 1000
        x, y = float(event.clientX), float(event.clientY)
        target = event.target
        found = None if is_null(target) else target.closest(CONTROLS)
        control = None if is_null(found) else found
        last = self._last
        settled = self._settled if self._drawn else when
        if last is not None and _ghost(last, settled, when, x, y, control):
            event.preventDefault()
            event.stopImmediatePropagation()
            return
        self._last = (when, x, y, control)
        self._settled = when

    def on_handled(self, event: Any) -> None:
        if _touch(event) and self._last is not None:
            self._drawn = False
            self._window.requestAnimationFrame(create_once_callable(self._on_frame))

    def _on_frame(self, *_args: Any) -> None:
        # Just before the frame that shows what the tap brought up; settled once the tasks
        # queued meanwhile have run too (the table Start game loads): a tap stamped after them
        # may have been made while they ran, before anything new was seen.
        self._window.setTimeout(create_once_callable(self._on_drawn), 0)

    def _on_drawn(self, *_args: Any) -> None:
        self._settled = max(self._settled, self._now())
        self._drawn = True

    def _now(self) -> float:
        return float(self._window.performance.now()) / 1000


def _touch(event: Any) -> bool:
    return str(getattr(event, "pointerType", "")) in ("touch", "pen")


def _ghost(last: Tap, settled: float, when: float, x: float, y: float, control: Any) -> bool:
    then, last_x, last_y, last_control = last
    return (
        then <= when
        and when - settled < GHOST_SECONDS
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
