"""The roll felt as well as seen: a short rattle made with the Web Audio API (no sound file to
download) and a short tap of the phone with the Vibration API, where the browser has them.
Both are asked for by game.app.effects.RollFeel, which the settings turn off."""

from __future__ import annotations

from typing import Any

from shell.js import is_null

RATTLE = ((0.0, 820.0), (0.04, 640.0), (0.075, 1050.0), (0.12, 720.0), (0.165, 560.0))
"""(seconds after the roll, pitch in Hz) of the clicks of five dice hitting the table."""
CLICK_SECONDS = 0.05
VOLUME = 0.18
TAP_MS = 15


class DiceFeel:
    def __init__(self, window: Any) -> None:
        self.window = window
        self._audio: Any = None
        """The AudioContext, made at the first roll (a browser allows sound after a tap)."""

    def play(self, sound: bool, vibrate: bool) -> None:
        if vibrate:
            navigator = self.window.navigator
            if hasattr(navigator, "vibrate"):
                navigator.vibrate(TAP_MS)
        if sound:
            self._rattle()

    def _context(self) -> Any:
        if self._audio is None:
            make = getattr(self.window, "AudioContext", None)
            if make is None or is_null(make):
                return None
            self._audio = make.new()
        if self._audio.state == "suspended":
            self._audio.resume()
        return self._audio

    def _rattle(self) -> None:
        audio = self._context()
        if audio is None:
            return
        start = float(audio.currentTime)
        for delay, pitch in RATTLE:
            at = start + delay
            tone = audio.createOscillator()
            tone.type = "triangle"
            tone.frequency.value = pitch
            level = audio.createGain()
            level.gain.setValueAtTime(0.0001, at)
            level.gain.exponentialRampToValueAtTime(VOLUME, at + 0.004)
            level.gain.exponentialRampToValueAtTime(0.0001, at + CLICK_SECONDS)
            tone.connect(level)
            level.connect(audio.destination)
            tone.start(at)
            tone.stop(at + CLICK_SECONDS + 0.01)
