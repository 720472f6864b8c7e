"""The browser side of the app: events in, renders out, timers, storage, screen wake lock.

All decisions are in game.app (what an intent does) and game.presentation (what is shown);
this class only connects them to the page:
- DOM events (one delegated listener per type, see `_on_click` ...) become intents; the
  player's own use of the sheet (a finger or a button down on it, or their scrolling, told
  apart from the view's) becomes `HoldSheet`, and `ReleaseSheet` once they let go;
- `send(intent)` dispatches it with the current time, renders, and schedules the next Tick
  (auto-score countdown, computer players' steps) with setTimeout;
- storage (game.persistence over shell.durable's IndexedDB, else shell.storage's
  localStorage): the session is restored at start (before anything is saved), then the game in
  progress (with its countdown) and the preferences are saved after every change, and the
  countdown's time left again when the page is hidden or left; unreadable data is set aside
  and offered for download, and every problem is shown as a notice; a game that could not be
  saved is offered for download, and the next start says that the game restored is older;
- one tab plays (a Web Lock, assets/store.js): a tab opened while another has the game only
  offers to take it over, which reads the newest save; the tab it is taken from gives way;
- the screen is kept awake during a game (Wake Lock), and the lock is taken again when the
  page becomes visible;
- the coach: the optimal advisor when its table loads, else game.coach.GreedyCoach.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from datetime import date
from typing import Any

from pyodide.ffi import create_proxy

from game.app.countdown import is_pending, turn_record
from game.app.intents import (
    AddNotice,
    AddPlayer,
    AskLeave,
    ChooseRuleset,
    CloseDialog,
    ConfirmTurn,
    DismissNotice,
    HideHint,
    HoldSheet,
    Intent,
    MovePlayer,
    NewGame,
    OpenHistory,
    OpenRules,
    OpenSettings,
    PlayAgain,
    ReleaseSheet,
    RemovePlayer,
    RenamePlayer,
    ReplaceNotices,
    Roll,
    SelectBox,
    SetAutoScore,
    SetComputerSpeed,
    SetLanguage,
    SetPlayerKind,
    SetPlayerLevel,
    SetStats,
    SetUndo,
    SetUnreadable,
    ShowHint,
    SkipComputers,
    SpeedUp,
    StartGame,
    TableFailed,
    TableLoaded,
    Tick,
    ToggleKeep,
    Undo,
)
from game.app.model import (
    AppState,
    Dialog,
    Notice,
    Rolled,
    Screen,
    Speed,
    next_deadline,
)
from game.app.notices import DATA_NOTICES, notice, problem_notice
from game.app.preferences import preferences_to_data
from game.app.start import initial_state, open_elsewhere, parse_seed, resume, take_over
from game.app.update import dispatch
from game.coach.greedy import GreedyCoach
from game.coach.protocol import Coach
from game.persistence.history import load_history
from game.persistence.session import (
    SESSION_KEY,
    Restored,
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
    quarantined,
)
from game.persistence.unsaved import forget_unsaved, note_unsaved, stale_save
from game.play.state import PlayerKind
from game.play.undo import UndoSetting
from game.present.snapshot import present
from game.rules.rulesets import RULESETS
from shell.durable import DurableStorage, open_durable_storage
from shell.js import is_null
from shell.sheet_hold import SheetHold
from shell.storage import migrate_legacy_preferences, open_storage
from shell.view import View

COUNTDOWN_REFRESH_SECONDS = 0.2
"""How often the countdown on screen is redrawn while it runs."""


class Controller:
    def __init__(self, window: Any, document: Any) -> None:
        self.window = window
        self.document = document
        self.view = View(document)
        self.state = AppState()
        self._greedy: Coach = GreedyCoach()
        self._advisors: dict[str, Coach] = {}
        self._loading: set[str] = set()
        self.rng: random.Random = random.SystemRandom()
        self._timer: Any = None
        self._saved_preferences = ""
        self._wake_lock: Any = None
        self._proxies: list[Any] = []
        self._tasks: set[asyncio.Future[None]] = set()
        """Running tasks, kept until they end (asyncio holds only weak references)."""
        self._owner = False
        """This tab has the game (the others do not save it)."""
        self._started = False

    # --- start --------------------------------------------------------------------------------

    async def start(self) -> None:
        params = self.window.URLSearchParams.new(self.window.location.search)
        seed = parse_seed(params.get("seed"))
        if seed is not None:
            self.rng = random.Random(seed)
        languages = [str(tag) for tag in self.window.navigator.languages]
        self._marks = open_storage(self.window, area="sessionStorage")
        self._lost_proxy = create_proxy(self._on_lost)
        self._owner = bool(await self.window.pentaStore.claim(False, self._lost_proxy))
        self.storage = await open_durable_storage(self.window, self._on_write, self._owner)
        # A tab without the game reads a copy: nothing it reads is moved aside or upgraded.
        reading = self.storage if self._owner else MemoryStorage(_items(self.storage))
        migrated = migrate_legacy_preferences(reading)
        restored = restore_session(reading)
        state = initial_state(languages, seed=seed, preferences=restored.preferences)
        if self._owner:
            state = resume(
                state, restored.game, restored.before_last_turn, now=self.now(), turn=restored.turn
            )
            state = self._with_restore_notices(state, restored, migrated)
        else:
            state = open_elsewhere(state)
        self._restart(state)
        self._listen(self.document, "click", self._on_click)
        self._listen(self.document, "change", self._on_change)
        self._listen(self.document, "input", self._on_input)
        self._listen(self.document, "keydown", self._on_key)
        self._listen(self.document, "visibilitychange", self._on_visibility)
        self._listen(self.window, "pagehide", self._on_page_hidden)
        for name in ("settings", "rules", "leave"):
            dialog = self.document.getElementById(f"{name}-dialog")
            self._listen(dialog, "cancel", self._on_dialog_cancel)
            self._listen(dialog, "close", self._on_dialog_closed)
        self._sheet_hold = SheetHold(self.window, self.document, self._listen, self._set_held)
        self._tick_proxy = create_proxy(self._on_timer)
        for element_id in ("language", "settings-button", "history-button"):
            self.document.getElementById(element_id).disabled = False
        self._render()
        self._started = True
        if self._owner:
            self._check_history()

    def _restart(self, state: AppState) -> None:
        """`state` as the one just restored: nothing in it needs saving."""
        self.state = state
        self._saved_preferences = json.dumps(preferences_to_data(state), sort_keys=True)
        self._saved_game: tuple[Any, ...] = self._game_to_save()

    def _with_restore_notices(
        self, state: AppState, restored: Restored, migrated: bool
    ) -> AppState:
        for problem in restored.problems:
            state = self._with_notice(state, problem)
        notices = []
        if migrated or restored.migrated:
            notices.append(Notice("storage.migrated"))
        stale = stale_save(self._marks, restored)
        if stale is not None:
            notices.append(Notice(stale.key, stale.values))
        for item in notices:
            state = dispatch(state, AddNotice(item), **self._context(state))
        return state

    def _check_history(self) -> None:
        """Once the screen shows: a damaged history is reported (and set aside) now."""
        history = load_history(self.storage)
        if history.problem is not None:
            self.state = self._with_notice(self.state, history.problem)
            self._render()
        self._note_unreadable()

    # --- one tab plays ------------------------------------------------------------------------

    def _on_lost(self, *_args: Any) -> None:
        """Another tab took the game: this one gives way, and saves nothing more."""
        self._owner = False
        before = self.state
        self.state = open_elsewhere(before)
        self._render(before)

    async def _take_over(self) -> None:
        if self._owner or not await self.window.pentaStore.claim(True, self._lost_proxy):
            return
        self._owner = True
        if isinstance(self.storage, DurableStorage):
            await self.storage.reload()  # the other tab may have played on
        migrated = migrate_legacy_preferences(self.storage)
        restored = restore_session(self.storage)
        before = self.state
        state = take_over(
            before,
            restored.game,
            restored.before_last_turn,
            restored.preferences,
            now=self.now(),
            turn=restored.turn,
        )
        self._restart(self._with_restore_notices(state, restored, migrated))
        self._render(before)
        self._check_history()

    def _context(self, state: AppState) -> dict[str, Any]:
        return {"now": self.now(), "coach": self.coach_for(state), "rng": self.rng}

    def _with_notice(self, state: AppState, problem: StorageProblem) -> AppState:
        notice = problem_notice(problem)
        self.window.console.warn(f"Storage: {problem.key}: {problem.kind}: {problem.reason}")
        return dispatch(state, AddNotice(notice), **self._context(state))

    def _note_unreadable(self) -> None:
        keys = tuple(item.key for item in quarantined(self.storage))
        if keys != self.state.ui.unreadable:
            self.send(SetUnreadable(keys))

    def _listen(self, target: Any, event: str, handler: Any, options: Any = None) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # kept for the page's lifetime
        if options is None:
            target.addEventListener(event, proxy)
        else:
            target.addEventListener(event, proxy, options)

    def _set_held(self, held: bool) -> None:
        if self.state.ui.sheet_held is not held:
            self.send(HoldSheet() if held else ReleaseSheet())

    # --- the loop -----------------------------------------------------------------------------

    def now(self) -> float:
        return float(self.window.Date.now()) / 1000

    def send(self, intent: Intent) -> None:
        before = self.state
        now = self.now()
        self.state = dispatch(before, intent, now=now, coach=self.coach_for(before), rng=self.rng)
        if self.state is before:
            return
        self._render(before, now)

    def _render(self, before: AppState | None = None, now: float | None = None) -> None:
        now = self.now() if now is None else now
        state = self.state
        self.view.render(present(state, now))
        self.document.documentElement.dataset.coach = state.coach_status.value
        if (
            before is not None
            and state.ui.announcement_count != before.ui.announcement_count
            and isinstance(state.ui.announcement, Rolled)
            and state.game is not None
        ):
            self._animate_roll(state, before)
        if self._owner:
            self._save_preferences()
            self._save_game()
        self._forget_done_tasks()
        self._schedule(now)
        self._keep_awake()
        if before is None or before.game is not state.game:
            self._ensure_coach()

    def _animate_roll(self, state: AppState, before: AppState) -> None:
        game = state.game
        assert game is not None and isinstance(state.ui.announcement, Rolled)
        previous = before.game
        kept = set(game.kept) if previous is not None and previous.dice is not None else set()
        self.view.roll_animation([die for die in range(5) if die not in kept])

    def _forget_done_tasks(self) -> None:
        self._tasks = {task for task in self._tasks if not task.done()}

    def _schedule(self, now: float) -> None:
        if self._timer is not None:
            self.window.clearTimeout(self._timer)
            self._timer = None
        due = next_deadline(self.state)
        if due is None:
            return
        delay = due - now
        if self.state.pacing.countdown_deadline is not None:
            delay = min(delay, COUNTDOWN_REFRESH_SECONDS)
        self._timer = self.window.setTimeout(self._tick_proxy, max(0, int(delay * 1000)))

    def _on_timer(self, *_args: Any) -> None:
        self._timer = None
        before = self.state
        now = self.now()
        self.state = dispatch(before, Tick(), now=now, coach=self.coach_for(before), rng=self.rng)
        self._render(before, now)  # also redraws the countdown when nothing else changed

    # --- coach --------------------------------------------------------------------------------

    def coach_for(self, state: AppState) -> Coach:
        game = state.game
        advisor = None if game is None else self._advisors.get(game.ruleset.id)
        return self._greedy if advisor is None else advisor

    def _ensure_coach(self) -> None:
        """Fetch the strategy table of the ruleset being played (once): the app is told how it
        went (TableLoaded, TableFailed)."""
        game = self.state.game
        if game is None:
            return
        ruleset_id = game.ruleset.id
        tables = self.state.tables
        if ruleset_id in tables.ready | tables.failed or ruleset_id in self._loading:
            return
        self._loading.add(ruleset_id)
        self._tasks.add(asyncio.ensure_future(self._load_table(ruleset_id)))

    async def _load_table(self, ruleset_id: str) -> None:
        # Imported only now, after the first screen shows: the strategy modules take a good
        # part of the start-up time in the browser, and nothing needs them before a game.
        from game.coach.optimal import AdvisorCoach
        from game.strategy.advisor import Advisor
        from game.strategy.table import TableError, decode_table

        try:
            url = f"assets/tables/{ruleset_id}.table"
            if self.window.navigator.onLine:
                response = await self.window.fetch(url)
            else:
                # Offline: only a copy the service worker kept can help, and asking the
                # network anyway would only log a failed request.
                response = await self.window.caches.match(url)
                if is_null(response):
                    raise TableError("offline, and it was not downloaded before")
            if not response.ok:
                raise TableError(f"HTTP status {response.status}")
            buffer = await response.arrayBuffer()
            table = decode_table(bytes(buffer.to_py()), RULESETS[ruleset_id])
            self._advisors[ruleset_id] = AdvisorCoach(Advisor(table))
            outcome: Intent = TableLoaded(ruleset_id)
        except Exception as error:  # offline before it was cached, or a bad file
            self.window.console.warn(f"The {ruleset_id} strategy table is unavailable: {error}")
            outcome = TableFailed(ruleset_id, str(error))
        finally:
            self._loading.discard(ruleset_id)
        self.send(outcome)

    # --- storage ------------------------------------------------------------------------------

    def today(self) -> date:
        now = self.window.Date.new()
        return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))

    def _save_preferences(self) -> None:
        data = preferences_to_data(self.state)
        text = json.dumps(data, sort_keys=True)
        if text == self._saved_preferences:
            return
        self._saved_preferences = text
        problem = save_preferences(self.storage, data)
        if problem is not None:
            self._report(problem)

    def _game_to_save(self) -> tuple[Any, ...]:
        """What the session keeps, to tell when it changed (the countdown's moments, not the
        time it has left, which changes all the time and is saved when the page is hidden)."""
        state = self.state
        return (
            state.game,
            state.play.before_last_turn,
            state.pacing.countdown_box,
            state.pacing.countdown_deadline,
            state.pacing.countdown_paused,
            state.play.last_auto_scored,
        )

    def _save_game(self, *, always: bool = False) -> None:
        """The game in progress, after every change to it (None: the session is removed)."""
        current = self._game_to_save()
        unchanged = all(a is b or a == b for a, b in zip(current, self._saved_game, strict=True))
        if unchanged and not always:
            return
        self._saved_game = current
        report = save_session(
            self.storage,
            self.state.game,
            today=self.today(),
            before_last_turn=self.state.play.before_last_turn,
            turn=turn_record(self.state, self.now()),
        )
        for problem in report.problems:
            self._report(problem)

    def _on_write(self, key: str, text: str | None, error: str | None) -> None:
        """The outcome of a write: a session that could not be saved is remembered, so that
        the next start says the game restored is older (game.persistence.unsaved)."""
        if error is not None and self._started:
            self._report(StorageProblem(key, ProblemKind.WRITE_FAILED, error))
        if key == SESSION_KEY:
            if error is None:
                forget_unsaved(self._marks)
            elif text is not None:
                note_unsaved(self._marks, text)

    def export_game(self) -> None:
        """The game in memory, when the device could not save it."""
        if self.state.game is not None:
            turn = turn_record(self.state, self.now())
            text = session_text(
                self.storage, self.state.game, self.state.play.before_last_turn, turn
            )
            self.download(f"penta-game-{self.today().isoformat()}.json", text)

    def _report(self, problem: StorageProblem) -> None:
        before = self.state
        self.state = self._with_notice(before, problem)
        if self.state is not before:
            self.view.render(present(self.state, self.now()))
        if problem.moved_to is not None:
            self._note_unreadable()

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

    def _refresh_stats(self) -> None:
        from game.persistence.stats import player_stats  # history screen only: kept off the start

        history = load_history(self.storage)
        if history.problem is not None:
            self._report(history.problem)
        self.send(SetStats(player_stats(history.value or ())))

    def export_history(self) -> None:
        from game.persistence import exchange  # export only: kept off the start

        history = load_history(self.storage)
        if history.problem is not None:
            self._report(history.problem)
        today = self.today()
        text = exchange.export_history(history.value or (), today)
        self.download(f"penta-history-{today.isoformat()}.json", text)
        self._data_outcome(notice("data.export_done"))

    def _data_outcome(self, *notices: Notice) -> None:
        self.send(ReplaceNotices(DATA_NOTICES, notices))

    async def _import(self, file: Any) -> None:
        # Import only: kept off the start.
        from game.persistence.exchange import (
            MAX_IMPORT_BYTES,
            ImportRefusal,
            ImportRefusedError,
            import_history,
        )

        too_large = notice("data.import_too_large", megabytes=MAX_IMPORT_BYTES // 1_000_000)
        # Refused by its size before a byte is read: a huge file cannot freeze the page.
        if int(file.size) > MAX_IMPORT_BYTES:
            self._data_outcome(too_large)
            return
        # Shown while a large file is read and checked, which takes seconds in Pyodide.
        self._data_outcome(notice("data.import_reading"))
        text = str(await file.text())
        try:
            result = import_history(self.storage, text)
        except ImportRefusedError as error:
            self.window.console.warn(f"Import refused: {error}")
            if error.kind is ImportRefusal.TOO_LARGE:
                self._data_outcome(too_large)
            elif error.kind is ImportRefusal.UNKNOWN_VERSION:
                self._data_outcome(notice("data.import_newer"))
            else:
                self._data_outcome(notice("data.import_malformed"))
            return
        for problem in result.problems:
            self._report(problem)
        if not result.added:
            self._data_outcome(notice("data.import_nothing_new"))
        elif result.already_known:
            self._data_outcome(
                notice("data.import_done", games=result.added),
                notice("data.import_duplicates", count=result.already_known),
            )
        else:
            self._data_outcome(notice("data.import_done", games=result.added))
        self._refresh_stats()

    def export_unreadable(self) -> None:
        for number, item in enumerate(quarantined(self.storage), start=1):
            text = self.storage.get(item.key)
            if text is not None:
                self.download(f"penta-unreadable-{number}.txt", text, "text/plain")

    # --- wake lock ----------------------------------------------------------------------------

    def _keep_awake(self) -> None:
        if self.state.screen is Screen.GAME:
            if self._wake_lock is None:
                self._wake_lock = "pending"
                self._tasks.add(asyncio.ensure_future(self._acquire_wake_lock()))
        elif self._wake_lock not in (None, "pending"):
            lock, self._wake_lock = self._wake_lock, None
            self._tasks.add(asyncio.ensure_future(self._release(lock)))

    async def _acquire_wake_lock(self) -> None:
        try:
            wake_lock = self.window.navigator.wakeLock
            lock = await wake_lock.request("screen")
        except Exception:  # not supported, or refused (battery saver, hidden page)
            self._wake_lock = None
            return
        if self.state.screen is Screen.GAME:
            self._wake_lock = lock
        else:
            self._wake_lock = None
            await self._release(lock)

    @staticmethod
    async def _release(lock: Any) -> None:
        with contextlib.suppress(Exception):
            await lock.release()

    def _on_page_hidden(self, _event: Any) -> None:
        self._save_countdown()

    def _save_countdown(self) -> None:
        # Reloaded, closed or put away: the countdown's time left, as it is now.
        if is_pending(self.state):
            self._save_game(always=True)

    def _on_visibility(self, _event: Any) -> None:
        if self.document.visibilityState == "hidden":
            self._save_countdown()
        if self.document.visibilityState == "visible":
            # The browser releases the lock when the page is hidden: take it again.
            if self._wake_lock not in (None, "pending") and self._wake_lock.released:
                self._wake_lock = None
            self._keep_awake()

    # --- events -------------------------------------------------------------------------------

    def _on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action]") if event.target else None
        if target is None or is_null(target) or target.hasAttribute("disabled"):
            return
        action = _data(target, "action") or ""
        index = _int(_data(target, "index"))
        simple: dict[str, Intent] = {
            "start": StartGame(),
            "add-human": AddPlayer(PlayerKind.HUMAN),
            "add-computer": AddPlayer(PlayerKind.COMPUTER),
            "roll": Roll(),
            "confirm": ConfirmTurn(),
            "hint": ShowHint(),
            "hide-hint": HideHint(),
            "speed": SpeedUp(),
            "skip": SkipComputers(),
            "leave": AskLeave(),
            "new-game": NewGame(),
            "play-again": PlayAgain(),
            "open-settings": OpenSettings(),
            "close-dialog": CloseDialog(),
            "undo": Undo(),
            "history": OpenHistory(),
            "history-back": NewGame(),
        }
        intent: Intent | None = simple.get(action)
        if action == "remove" and index is not None:
            intent = RemovePlayer(index)
        elif action in ("up", "down") and index is not None:
            intent = MovePlayer(index, -1 if action == "up" else 1)
        elif action == "rules":
            intent = OpenRules(str(_data(target, "ruleset")))
        elif action == "die":
            die = _int(_data(target, "die"))
            intent = None if die is None else ToggleKeep(die)
        elif action == "box":
            intent = SelectBox(str(_data(target, "box")))
        elif action == "dismiss-notice" and index is not None:
            intent = DismissNotice(index)
        elif action == "export-unreadable":
            self.export_unreadable()
        elif action == "export-history":
            self.export_history()
        elif action == "export-game":
            self.export_game()
        elif action == "take-over":
            self._tasks.add(asyncio.ensure_future(self._take_over()))
        if intent is not None:
            before = self.state
            self.send(intent)
            if action == "history":
                self._refresh_stats()
            if self.state is before or index is None:
                return
            if action in ("up", "down"):
                other = "down" if action == "up" else "up"
                moved_to = index + (-1 if action == "up" else 1)
                # The moved player's same button; at the top or bottom, its other one.
                self._focus_first(
                    f'#seats [data-action="{action}"][data-index="{moved_to}"]',
                    f'#seats [data-action="{other}"][data-index="{moved_to}"]',
                )
            elif action == "remove":
                # The next player's Remove button (now at the same place), else Add player.
                self._focus_first(
                    f'#seats [data-action="remove"][data-index="{index}"]', "#add-human"
                )

    def _focus_first(self, *selectors: str) -> None:
        """Moves the focus to the first of `selectors` that is there and enabled."""
        for selector in selectors:
            element = self.document.querySelector(selector)
            if not is_null(element) and not element.disabled:
                element.focus()
                return

    def _on_change(self, event: Any) -> None:
        target = event.target
        action = _data(target, "action") or ""
        value = str(target.value)
        index = _int(_data(target, "index"))
        if action == "ruleset":
            self.send(ChooseRuleset(value))
        elif action == "language":
            self.send(SetLanguage(value))
        elif action == "auto-score" and value.isdigit():
            self.send(SetAutoScore(int(value)))
        elif action == "speed-setting" and value in tuple(Speed):
            self.send(SetComputerSpeed(Speed(value)))
        elif action == "import-history":
            files = target.files
            if not is_null(files) and files.length > 0:
                self._tasks.add(asyncio.ensure_future(self._import(files.item(0))))
            target.value = ""
        elif action == "undo-setting" and value in tuple(UndoSetting):
            self.send(SetUndo(UndoSetting(value)))
        elif action == "kind" and index is not None and value in tuple(PlayerKind):
            self.send(SetPlayerKind(index, PlayerKind(value)))
        elif action == "level" and index is not None:
            self.send(SetPlayerLevel(index, value))

    def _on_input(self, event: Any) -> None:
        target = event.target
        index = _int(_data(target, "index"))
        if _data(target, "action") == "name" and index is not None:
            self.send(RenamePlayer(index, str(target.value)))

    def _on_key(self, event: Any) -> None:
        # The digit keys and the numeric keypad (even with Num Lock off: then `key` is "End"...).
        code = str(event.code)
        key = code[-1] if code[:-1] in ("Digit", "Numpad") else str(event.key)
        if key not in ("1", "2", "3", "4", "5") or event.ctrlKey or event.altKey or event.metaKey:
            return
        if self.state.screen is not Screen.GAME or self.state.ui.dialog is not Dialog.NONE:
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea"):
            return
        event.preventDefault()
        self.send(ToggleKeep(int(key) - 1))

    def _on_dialog_cancel(self, event: Any) -> None:
        # Escape asks to close: the app state closes the dialog at once, in this very event.
        # Left to the browser, the "close" event comes a task later, and a render in between
        # (say, a language change) would open the dialog again from the stale state.
        event.preventDefault()
        self.send(CloseDialog())

    def _on_dialog_closed(self, _event: Any) -> None:
        # Escape closes a modal dialog by itself: the app state follows.
        if self.state.ui.dialog is not Dialog.NONE:
            open_name = self.state.ui.dialog.value
            if not self.document.getElementById(f"{open_name}-dialog").open:
                self.send(CloseDialog())


def _items(storage: Storage) -> dict[str, str]:
    stored_keys = storage.keys()  # a Storage, not a dict: keys() is the port's only listing
    return {key: text for key in stored_keys if (text := storage.get(key)) is not None}


def _data(element: Any, name: str) -> str | None:
    """An element's data-NAME attribute (None when it has none)."""
    value = element.getAttribute(f"data-{name}")
    return None if is_null(value) else str(value)


def _int(value: Any) -> int | None:
    if value is None:
        return None
    text = str(value)
    return int(text) if text.isdigit() else None
