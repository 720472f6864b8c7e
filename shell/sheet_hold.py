"""Tells when the player is using the score sheet, for the auto-score countdown (HoldSheet,
ReleaseSheet in game.app): a finger or a button down in the sheet's frame, the keyboard's focus
on one of its boxes, or their own scrolling of it (wheel, keys, scrollbar, a flick gliding on),
told apart from the view's.

A scroll event does not say who scrolled, so it counts only while, or just after, the player
touched, clicked, turned the wheel or pressed a key in the frame. A finger is followed with
touch events, not pointer events: when a touch turns into a scroll, Chromium cancels its
pointer (pointercancel) while the finger stays down, still reading the sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from shell.js import is_null
from shell.key_intents import moves_the_focus

SCROLL_INPUT_SECONDS = 1.5
"""A scroll of the sheet's frame this soon after the player's own input in it (a wheel turn, a
key, a touch or a drag of its scrollbar ending) is theirs: the frame glides on after a flick or
a smooth scroll. Any other scroll is the view's own (bringing a column or a box into view)."""
QUIET_SECONDS = 0.6
"""The player has let go of the sheet when no finger or button is down on it and it has had no
input or scroll of theirs for this long (a wheel or a key has no "up")."""

KEY_FOCUS_SECONDS = 1.0
"""A focus this soon after a key that moves it (Tab, an arrow key) was the player's."""

Listen = Callable[[Any, str, Callable[[Any], None], Any], None]


class SheetHold:
    def __init__(
        self, window: Any, document: Any, listen: Listen, set_held: Callable[[bool], None]
    ) -> None:
        self.window = window
        self.wrap = document.getElementById("sheet-wrap")
        self._set_held = set_held
        """Called with True as the player starts using the sheet, False once they let go
        (repeated calls with the same value are for the receiver to ignore)."""
        self._touching = False
        self._pressing = False
        """A mouse button or a pen is down in the frame (on its scrollbar, say)."""
        self._focused = False
        """The keyboard's focus is on a box of the sheet, brought there by a key (not the
        view's own focus: after a reload it focuses the box a countdown names)."""
        self._key_at = float("-inf")
        self._input_at = float("-inf")
        self._timer: Any = None
        self._timer_proxy = create_proxy(self._on_timer)
        # Passive: these listeners never hold the scrolling up.
        passive = window.JSON.parse('{"passive": true}')
        for name in ("wheel", "keydown", "touchstart", "touchmove", "pointerdown"):
            listen(self.wrap, name, self._on_input, passive)
        # Released anywhere: a drag of the scrollbar may end outside the frame.
        for name in ("touchend", "touchcancel", "pointerup", "pointercancel"):
            listen(window, name, self._on_release, passive)
        listen(self.wrap, "scroll", self._on_scroll, passive)
        for name in ("focusin", "focusout"):
            listen(self.wrap, name, self._on_focus, passive)
        # Captured, before any handler of the key: the app's own (an arrow key moving the focus
        # to the next box) ran first, so that the focus it moved looked older than the key, not
        # the player's, and the countdown went on under it (a walk).
        listen(
            window, "keydown", self._on_key, window.JSON.parse('{"passive": true, "capture": true}')
        )

    def now(self) -> float:
        return float(self.window.Date.now()) / 1000

    def _on_input(self, event: Any) -> None:
        kind = str(event.type)
        if kind == "touchstart":
            self._touching = True
        elif kind == "pointerdown" and str(event.pointerType) != "touch":
            self._pressing = True
        self._hold()

    def _on_release(self, event: Any) -> None:
        kind = str(event.type)
        if kind in ("touchend", "touchcancel") and self._touching:
            touches = event.touches  # the fingers still down
            self._touching = any(
                self.wrap.contains(touches.item(index).target) for index in range(touches.length)
            )
        elif kind in ("pointerup", "pointercancel") and self._pressing:
            self._pressing = False  # (only a mouse's or a pen's: touches are followed above)
        else:
            # A click elsewhere, or a touch's pointer cancelled as it turns into a scroll:
            # nothing was let go of.
            return
        self._hold()  # the quiet time counts from now

    def _on_focus(self, event: Any) -> None:
        """A keyboard player on a box is choosing, however long it takes (with a screen reader
        too: a key held the countdown for only QUIET_SECONDS, and it scored under a walk's
        focus)."""
        was = self._focused
        if str(event.type) == "focusin":
            by_key = self.now() - self._key_at <= KEY_FOCUS_SECONDS
            self._focused = by_key and bool(event.target.matches(":focus-visible"))
        else:
            going_to = event.relatedTarget
            self._focused = self._focused and not is_null(going_to) and self.wrap.contains(going_to)
        if self._focused or was:
            self._hold()  # held, or (the focus gone) let go after the quiet time

    def _on_key(self, event: Any) -> None:
        if moves_the_focus(str(event.key)):
            self._key_at = self.now()

    def _on_scroll(self, _event: Any) -> None:
        held = self._touching or self._pressing
        if held or self.now() - self._input_at <= SCROLL_INPUT_SECONDS:
            self._hold()

    def _hold(self) -> None:
        self._input_at = self.now()
        self._set_held(True)
        self._arm(QUIET_SECONDS)

    def _arm(self, seconds: float) -> None:
        if self._timer is not None:
            self.window.clearTimeout(self._timer)
        self._timer = self.window.setTimeout(self._timer_proxy, int(seconds * 1000) + 1)

    def _on_timer(self, *_args: Any) -> None:
        self._timer = None
        if self._touching or self._pressing or self._focused:
            return  # their release, or the focus leaving, arms the timer again
        quiet = self.now() - self._input_at
        if quiet < QUIET_SECONDS:
            self._arm(QUIET_SECONDS - quiet)
        else:
            self._set_held(False)
