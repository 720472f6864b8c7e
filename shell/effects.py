"""The adapters that run the core's effects (game.app.effects) with what only the browser has:
the clock, a timer, the strategy tables' download, the screen wake lock, file downloads, the
device's storage, and the claim on the game among the open tabs. What comes of an effect is
sent back to the app as a result intent (`send`), never decided here.

Storage (game.persistence over shell.durable's IndexedDB, else shell.storage's localStorage):
the session is read at start before anything is saved; a write that fails is reported
(StorageProblems), and a session that could not be saved is remembered in sessionStorage, so
that the next start says the game restored is older (game.persistence.unsaved).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from datetime import date, time
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy

from game.app.effects import DownloadGame, FocusTarget, KeepGame, SavePreferences, SaveSession
from game.app.intents import (
    HistoryExported,
    ImportFinished,
    Intent,
    SessionRead,
    StatsLoaded,
    StorageProblems,
    TabLost,
    Tick,
    UnreadableListed,
)
from game.app.kept_intents import KeptListed
from game.app.model import Notice
from game.app.table_intents import TableFailed, TableLoaded
from game.coach.greedy import GreedyCoach
from game.coach.protocol import Coach
from game.persistence.history import check_history_in_steps, forget_finished, load_history
from game.persistence.kept import load_kept, remove_kept
from game.persistence.session import (
    SESSION_KEY,
    keep_left_game,
    record_finished_session,
    restore_session,
    save_preferences,
    save_session,
    session_text,
)
from game.persistence.storage import (
    MemoryStorage,
    ProblemKind,
    Storage,
    StorageProblem,
    discard_quarantined,
    quarantined,
    quarantined_export,
)
from game.persistence.unsaved import forget_unsaved, note_unsaved, stale_save
from game.play.state import GameState
from game.rules.rulesets import RULESETS
from shell.durable import DurableStorage, open_durable_storage
from shell.js import is_null, js_object, local_date, local_time
from shell.steps import run_in_steps
from shell.storage import open_storage
from shell.tasks import Tasks

if TYPE_CHECKING:  # loaded once a table is there
    from game.coach.optimal import AdvisorCoach
    from game.strategy.advisor import Advisor

Send = Callable[[Intent], None]

GAMES_CHECKED_PER_STEP = 20
"""About 40 ms of a two-player history's check in the browser: a step short enough that a tap
in between is answered at once."""


class Clock:
    def __init__(self, window: Any) -> None:
        self.window = window

    def now(self) -> float:
        """Seconds since the epoch."""
        return float(self.window.Date.now()) / 1000

    def today(self) -> date:
        """The local date."""
        return local_date(self.window)

    def time_of_day(self) -> time:
        """The local time, to the minute."""
        return local_time(self.window)


class Timer:
    """One timer (setTimeout) at a time: the next Tick."""

    def __init__(self, window: Any, clock: Clock, send: Send) -> None:
        self.window = window
        self._clock = clock
        self._send = send
        self._timer: Any = None
        self._proxy = create_proxy(self._fire)

    def set(self, at: float | None) -> None:
        if self._timer is not None:
            self.window.clearTimeout(self._timer)
            self._timer = None
        if at is not None:
            delay = max(0, int((at - self._clock.now()) * 1000))
            self._timer = self.window.setTimeout(self._proxy, delay)

    def _fire(self, *_args: Any) -> None:
        self._timer = None
        self._send(Tick())


class TableLoader:
    """The strategy tables, fetched once a game of their ruleset is played; the coach of a
    ruleset is its optimal advisor once its table has loaded, else game.coach.GreedyCoach."""

    def __init__(self, window: Any, send: Send, tasks: Tasks) -> None:
        self.window = window
        self._send = send
        self._tasks = tasks
        self._greedy: Coach = GreedyCoach()
        self._advisors: dict[str, AdvisorCoach] = {}

    def coach_for(self, game: GameState | None) -> Coach:
        advisor = None if game is None else self._advisors.get(game.ruleset.id)
        return self._greedy if advisor is None else advisor

    def fetch(self, ruleset_id: str) -> None:
        self._tasks.start(self._load(ruleset_id))

    def advisors(self) -> dict[str, Advisor]:
        """The rulesets' advisors loaded so far (the statistics review games with them)."""
        return {ruleset_id: coach.advisor for ruleset_id, coach in self._advisors.items()}

    def advisor_for(self, ruleset_id: str) -> Advisor | None:
        """The optimal advisor of `ruleset_id`, once its table has loaded."""
        coach = self._advisors.get(ruleset_id)
        return coach.advisor if coach is not None else None

    async def _load(self, ruleset_id: str) -> None:
        # Imported only now, after the first screen shows: the strategy modules take a good
        # part of the start-up time in the browser, and nothing needs them before a game.
        from game.coach.optimal import AdvisorCoach
        from game.strategy.advisor import Advisor
        from game.strategy.table import decode_table

        try:
            data = await fetch_asset(self.window, f"assets/tables/{ruleset_id}.table")
            table = decode_table(data, RULESETS[ruleset_id])
            self._advisors[ruleset_id] = AdvisorCoach(Advisor(table))
            outcome: Intent = TableLoaded(ruleset_id)
        except Exception as error:  # offline before it was cached, or a bad file
            outcome = TableFailed(ruleset_id, str(error))
        self._send(outcome)


async def fetch_asset(window: Any, url: str) -> bytes:
    """The file at `url`, from the network, or offline from the service worker's cache.

    Raises:
        AssetError: offline and not kept, or the server's answer is not a success.
    """
    if window.navigator.onLine:
        response = await window.fetch(url)
    else:
        # Offline: only a copy the service worker kept can help, and asking the network
        # anyway would only log a failed request.
        response = await window.caches.match(url)
        if is_null(response):
            raise AssetError("offline, and it was not downloaded before")
    if not response.ok:
        raise AssetError(f"HTTP status {response.status}")
    buffer = await response.arrayBuffer()
    return bytes(buffer.to_py())


class AssetError(Exception):
    """A file of the app that could not be had (offline, or an HTTP error)."""


class WakeLock:
    """The screen kept on while it is wanted (Wake Lock API; nothing where it is missing)."""

    def __init__(self, window: Any, tasks: Tasks) -> None:
        self.window = window
        self._tasks = tasks
        self._lock: Any = None
        """None, "pending" while it is asked for, or the lock held."""
        self._wanted = False
        """Still wanted when the request is answered (the game may have ended meanwhile)."""

    def keep(self, on: bool) -> None:
        self._wanted = on
        if on:
            # The browser releases the lock when the page is hidden: it is taken again.
            if self._lock not in (None, "pending") and self._lock.released:
                self._lock = None
            if self._lock is None:
                self._lock = "pending"
                self._tasks.start(self._acquire())
        elif self._lock not in (None, "pending"):
            lock, self._lock = self._lock, None
            self._tasks.start(_release(lock))

    async def _acquire(self) -> None:
        try:
            lock = await self.window.navigator.wakeLock.request("screen")
        except Exception:  # not supported, or refused (battery saver, hidden page)
            self._lock = None
            return
        if self._wanted:
            self._lock = lock
        else:
            self._lock = None
            await _release(lock)


async def _release(lock: Any) -> None:
    with contextlib.suppress(Exception):
        await lock.release()


class Page:
    """What the page does besides rendering: the focus, the console, file downloads."""

    def __init__(self, window: Any, document: Any) -> None:
        self.window = window
        self.document = document
        self._proxies: list[Any] = []
        """Kept for the page's lifetime."""

    def warn(self, message: str) -> None:
        self.window.console.warn(message)

    def focus_first(self, targets: tuple[FocusTarget, ...]) -> None:
        """Moves the focus to the first of `targets` that is there and enabled."""
        for action, index in targets:
            selector = (
                f'[data-action="{action}"]'
                if index is None
                else f'#seats [data-action="{action}"][data-index="{index}"]'
            )
            element = self.document.querySelector(selector)
            if not is_null(element) and not element.disabled:
                element.focus()
                self._show_add_buttons(element)
                return

    def _show_add_buttons(self, focused: Any) -> None:
        """On the last player's card, the Add buttons under it come into sight too, above the
        sticky Start bar (a walk added a player and found them half under it)."""
        card = focused.closest("#seats > li")
        if is_null(card) or not is_null(card.nextElementSibling):
            return
        buttons = self.document.querySelector("#setup-screen .add-buttons")
        buttons.scrollIntoView(js_object(self.window, block="nearest"))

    def download(self, name: str, text: str, mime: str = "application/json") -> None:
        """Offers `text` as a file to save (a Blob behind a link with `download`)."""
        parts = self.window.Array.new()
        parts.push(text)
        options = self.window.Object.new()
        options.type = mime
        blob = self.window.Blob.new(parts, options)
        url = self.window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = name
        self.document.body.append(link)
        link.click()
        link.remove()
        self.window.setTimeout(self._revoke_proxy(url), 1000)

    def _revoke_proxy(self, url: Any) -> Any:
        def revoke(*_args: Any) -> None:
            self.window.URL.revokeObjectURL(url)

        proxy = create_proxy(revoke)
        self._proxies.append(proxy)
        return proxy


class TabClaim:
    """One tab plays (a Web Lock, assets/store.js): TabLost is sent when another takes it."""

    def __init__(self, window: Any, send: Send) -> None:
        self.window = window
        self._lost_proxy = create_proxy(lambda *_args: send(TabLost()))

    async def claim(self, take_over: bool) -> bool:
        """True: this tab has the game now."""
        return bool(await self.window.pentaStore.claim(take_over, self._lost_proxy))


class StorageJobs:
    """The storage work the core asks for, on the device's storage (opened at start)."""

    def __init__(self, window: Any, clock: Clock, page: Page, send: Send) -> None:
        self.window = window
        self._clock = clock
        self._page = page
        self._send = send
        self._marks = open_storage(window, area="sessionStorage")
        self.storage: Storage = MemoryStorage()
        self.reporting = False
        """Failed writes are reported once the app has started (not while storage opens)."""
        self._checking_history = asyncio.Lock()

    async def open(self, owner: bool) -> SessionRead:
        """Opens the device's storage and reads the session (a tab without the game reads a
        copy: nothing it reads is moved aside or upgraded)."""
        self.storage, set_aside = await open_durable_storage(self.window, self._on_write, owner)
        if not owner:
            return _read(MemoryStorage(_items(self.storage)), None)
        return _read(self.storage, self._marks, set_aside)

    async def reload(self) -> SessionRead:
        """The newest save: another tab had the game, and may have played on."""
        if isinstance(self.storage, DurableStorage):
            await self.storage.reload()
        return _read(self.storage, self._marks)

    def _on_write(self, key: str, text: str | None, error: str | None) -> None:
        """The outcome of a write: a session that could not be saved is remembered, so that
        the next start says the game restored is older (game.persistence.unsaved)."""
        if error is not None and self.reporting:
            self._send(StorageProblems((StorageProblem(key, ProblemKind.WRITE_FAILED, error),)))
        if key == SESSION_KEY:
            if error is None:
                forget_unsaved(self._marks)
            elif text is not None:
                note_unsaved(self._marks, text)

    def save_session(self, effect: SaveSession) -> None:
        report = save_session(
            self.storage,
            effect.game,
            today=self._clock.today(),
            before_last_turn=effect.before_last_turn,
            turn=effect.turn,
            game_id=effect.game_id,
            time_of_day=self._clock.time_of_day(),
        )
        self._tell(*report.problems)

    def keep_game(self, effect: KeepGame) -> None:
        change = keep_left_game(
            self.storage,
            effect.game,
            today=self._clock.today(),
            before_last_turn=effect.before_last_turn,
            turn=effect.turn,
        )
        self._send(KeptListed(change.games, change.problems, refused=not change.done))

    def load_kept(self) -> None:
        kept = load_kept(self.storage)
        problems = () if kept.problem is None else (kept.problem,)
        self._send(KeptListed(kept.value or (), problems))

    def forget_kept(self, game_id: str) -> None:
        change = remove_kept(self.storage, game_id)
        self._send(KeptListed(change.games, change.problems))

    def forget_finished(self, game_id: str) -> None:
        self._tell(forget_finished(self.storage, game_id))

    def save_preferences(self, effect: SavePreferences) -> None:
        self._tell(save_preferences(self.storage, effect.data))

    async def _history_checked(self) -> StorageProblem | None:
        """The stored history checked a step at a time, the page answering in between (after
        it, load_history costs nothing); once: a second caller waits for the first. What the
        steps set aside (a history read in part) is returned to the caller that ran them."""
        async with self._checking_history:
            steps = check_history_in_steps(self.storage, GAMES_CHECKED_PER_STEP)
            return await run_in_steps(steps)

    async def check_history(self, game_over: bool) -> None:
        """A damaged history set aside and told, and the finished game restored recorded if
        it lacks it (`game_over`: else the stored session is not read again); then the
        unreadable data listed anew when the history was set aside."""
        # First, before a new game can take the stored session's place.
        recorded = record_finished_session(self.storage, self._clock.today()) if game_over else ()
        set_aside = await self._history_checked()
        read = load_history(self.storage).problem
        problems: tuple[StorageProblem | None, ...] = (
            (*recorded, set_aside) if set_aside else (recorded or (read,))
        )
        self._tell(*problems)
        if any(problems):
            self.list_unreadable()

    def list_unreadable(self) -> None:
        self._send(UnreadableListed(tuple(item.key for item in quarantined(self.storage))))

    async def load_stats(self, advisors: Mapping[str, Advisor]) -> None:
        """The statistics, with the points-lost trend of the rulesets in `advisors`."""
        from game.persistence.stats import daily_results, player_stats  # kept off the start

        set_aside = await self._history_checked()
        history = load_history(self.storage)
        records = history.value or ()
        stats = player_stats(records)
        if advisors:
            from game.coach.trend import with_points_lost_in_steps  # a table is there

            stats = await run_in_steps(with_points_lost_in_steps(stats, records, advisors))
        problem = set_aside or history.problem
        self._send(StatsLoaded(stats, problem, records, daily_results(records)))

    def export_history(self) -> None:
        from game.persistence import exchange  # export only: kept off the start

        history, kept = load_history(self.storage), load_kept(self.storage)
        today = self._clock.today()
        text = exchange.export_history(history.value or (), today, kept.value or ())
        file = f"penta-history-{today.isoformat()}.json"
        self._page.download(file, text)
        self._send(HistoryExported(file, history.problem))

    def forget_unreadable(self) -> None:
        for item in quarantined(self.storage):
            discard_quarantined(self.storage, item.key)
        self.list_unreadable()

    def export_unreadable(self) -> None:
        name = f"penta-unreadable-{self._clock.today().isoformat()}.json"
        self._page.download(name, quarantined_export(self.storage))

    def export_game(self, effect: DownloadGame) -> None:
        text = session_text(self.storage, effect.game, effect.before_last_turn, effect.turn)
        self._page.download(f"penta-game-{self._clock.today().isoformat()}.json", text)

    async def import_file(self, file: Any) -> None:
        from game.persistence.exchange import ImportRefusal, ImportRefusedError
        from game.persistence.exchange import import_history_in_steps as importing

        try:
            text, today = str(await file.text()), self._clock.today()
            # In steps: a 10 MB file held the page for 7 s in one task (a hostile-data walk).
            steps = importing(self.storage, text, today, GAMES_CHECKED_PER_STEP)
            result = await run_in_steps(steps)
        except ImportRefusedError as error:
            self._send(ImportFinished(refusal=error.kind, reason=str(error)))
            return
        except Exception as error:
            # A file the readers did not foresee (or one the device cannot read) is refused
            # like any other: the import hung on "Reading the file…" (a hostile-data walk).
            self._page.warn(f"The import failed: {error!r}")
            self._send(ImportFinished(refusal=ImportRefusal.INVALID, reason=repr(error)))
            return
        self._send(
            ImportFinished(
                result.added,
                result.already_known,
                problems=result.problems,
                kept_added=result.kept_added,
                kept_left_out=result.kept_left_out,
                unreadable=result.unreadable,
                misdated=result.misdated,
                challenges_repeated=result.challenges_repeated,
            )
        )

    def _tell(self, *problems: StorageProblem | None) -> None:
        found = tuple(problem for problem in problems if problem is not None)
        if found:
            self._send(StorageProblems(found))


def _read(
    storage: Storage, marks: Storage | None, set_aside: tuple[StorageProblem, ...] = ()
) -> SessionRead:
    """The session in `storage`; `marks` (sessionStorage): whether a save had failed (None for
    a tab without the game, which says nothing of it); `set_aside`: what opening the storage
    set aside, told with the problems of reading it."""
    restored = restore_session(storage)
    stale = None if marks is None else stale_save(marks, restored)
    return SessionRead(
        game=restored.game,
        before_last_turn=restored.before_last_turn,
        turn=restored.turn,
        preferences=restored.preferences,
        problems=(*set_aside, *restored.problems),
        migrated=restored.migrated,
        stale=None if stale is None else Notice(stale.key, stale.values),
    )


def _items(storage: Storage) -> dict[str, str]:
    stored_keys = storage.keys()  # a Storage, not a dict: keys() is the port's only listing
    return {key: text for key in stored_keys if (text := storage.get(key)) is not None}
