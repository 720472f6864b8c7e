"""The adapters of the review screen's effects: computing a finished game's review with the
loaded strategy table (ComputeReview → ReviewComputed or ReviewFailed), and sharing its result
(ShareText → ShareFinished): the device's share sheet where there is one, else the clipboard;
when neither works the screen shows the text to be copied by hand."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from game.app.effects import ComputeReview
from game.app.model import ShareOutcome
from game.app.review_intents import ReviewComputed, ReviewFailed, ShareFinished
from game.rules.rulesets import RULESETS
from shell.effects import Send, TableLoader, fetch_asset
from shell.js import is_null, js_object
from shell.tasks import Tasks

if TYPE_CHECKING:  # loaded with the strategy, when a review is computed
    from game.strategy.score_distribution import ScoreDistribution


REVIEW_SLICE_MS = 16
"""The longest the review computes before the page gets its turn (a frame at 60 Hz)."""


class Reviewer:
    def __init__(self, window: Any, send: Send, tasks: Tasks, tables: TableLoader) -> None:
        self.window = window
        self._send = send
        self._tasks = tasks
        self._tables = tables
        self._distributions: dict[str, ScoreDistribution] = {}

    def compute(self, effect: ComputeReview) -> None:
        self._tasks.start(self._compute(effect))

    async def _compute(self, effect: ComputeReview) -> None:
        # Imported only now: the review and the distribution are used on the review screen only.
        from game.coach.review import ReviewError, review_steps

        advisor = self._tables.advisor_for(effect.ruleset_id)
        if advisor is None:
            self._send(ReviewFailed(effect.log, "the strategy table has not loaded"))
            return
        distribution = await self._distribution(effect.ruleset_id)
        await asyncio.sleep(0)  # the page shows "Working out the review…" meanwhile
        ruleset = RULESETS[effect.ruleset_id]
        steps = review_steps(ruleset, effect.players, effect.log, advisor, distribution)
        # In slices of about a frame: the whole review took 200-350 ms of the main thread here.
        clock = self.window.performance
        slice_start = clock.now()
        try:
            while True:
                next(steps)
                if clock.now() - slice_start > REVIEW_SLICE_MS:
                    await asyncio.sleep(0)
                    slice_start = clock.now()
        except StopIteration as done:
            self._send(ReviewComputed(effect.log, done.value))
        except ReviewError as error:
            self._send(ReviewFailed(effect.log, str(error)))

    async def _distribution(self, ruleset_id: str) -> ScoreDistribution | None:
        """Optimal play's scores (kept by the service worker with the app); without them the
        review shows no percentile, and says why on the console."""
        from game.strategy.score_distribution import decode_distribution

        if ruleset_id not in self._distributions:
            try:
                data = await fetch_asset(self.window, f"assets/tables/{ruleset_id}.scores.json")
                self._distributions[ruleset_id] = decode_distribution(data, RULESETS[ruleset_id])
            except Exception as error:  # offline before it was kept, or a damaged file
                self.window.console.warn(f"No score distribution for {ruleset_id}: {error}")
                return None
        return self._distributions[ruleset_id]


class Sharer:
    def __init__(self, window: Any, send: Send, tasks: Tasks) -> None:
        self.window = window
        self._send = send
        self._tasks = tasks

    def share(self, text: str) -> None:
        """Called within the click on Share: the share sheet and the clipboard are only
        allowed during a user's gesture, so both are asked for at once, not from a task."""
        navigator = self.window.navigator
        if _has(navigator, "share"):
            promise = navigator.share(js_object(self.window, text=text))
            self._tasks.start(self._shared(promise, text))
        else:
            self._copy(text)

    def _copy(self, text: str) -> None:
        clipboard: Any = getattr(self.window.navigator, "clipboard", None)
        if clipboard is None or is_null(clipboard) or not _has(clipboard, "writeText"):
            self._send(ShareFinished(ShareOutcome.FAILED))
            return
        try:
            promise = clipboard.writeText(text)
        except Exception:  # refused at once (an insecure page)
            self._send(ShareFinished(ShareOutcome.FAILED))
            return
        self._tasks.start(self._copied(promise))

    async def _shared(self, promise: Any, text: str) -> None:
        try:
            await promise
        except Exception as error:
            if getattr(error, "name", "") == "AbortError" or "AbortError" in str(error):
                return  # the player closed the share sheet: nothing to say
            self._copy(text)  # the share sheet refused (no target): the clipboard may do
            return
        self._send(ShareFinished(ShareOutcome.SHARED))

    async def _copied(self, promise: Any) -> None:
        try:
            await promise
        except Exception:  # no permission, or the page lost the focus
            self._send(ShareFinished(ShareOutcome.FAILED))
            return
        self._send(ShareFinished(ShareOutcome.COPIED))


def _has(target: Any, name: str) -> bool:
    return not is_null(getattr(target, name, None))
