"""The roll felt as well as seen: a short rattle made with the Web Audio API (no sound file to
download) and a short tap of the phone with the Vibration API, where the browser has them.
Both are asked for by game.app.effects.RollFeel, which the settings turn off.

The sound's AudioContext is closed once a rattle has ended, and made again at the next: an open
one keeps Chromium's audio output going, silent, at about 3% of a core here for as long as the
app stays open (suspending it saves nothing), which a phone's battery pays for."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy

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
        """The AudioContext while a rattle sounds (a browser allows sound after a first tap)."""
        self._quiet_at = 0.0
        """When the last rattle started ends, on the AudioContext's clock."""
        self._rest_proxy = create_proxy(self._rest)

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
            if (delay, pitch) == RATTLE[-1]:
                self._quiet_at = at + CLICK_SECONDS + 0.01
                tone.onended = self._rest_proxy

    def _rest(self, *_args: Any) -> None:
        audio = self._audio
        # A later rattle, begun meanwhile, ends later: the sound goes on until it has.
        if audio is not None and float(audio.currentTime) >= self._quiet_at - 0.001:
            self._audio = None
            audio.close()
