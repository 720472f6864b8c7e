"""The effect runner: it owns the one AppState, and it is all the loop there is.

`send(intent)` dispatches the intent (game.app.update.dispatch) with the time, the coach and
the randomness, renders the new state (game.present.snapshot.present, shell.view), and runs
the effects the core returned, in order, through the adapters of shell.effects. What comes of
an effect (a table loaded, the statistics read, a write that failed) is sent back as an intent;
an intent sent while effects run waits for them to end, so that each dispatch's effects run
against the state they were made for. Every decision is the core's: this module only
connects it to the page.

`start(languages, seed)` opens storage once this tab knows whether it has the game (one tab
plays; assets/store.js), reads the session, and starts the app from it (game.app.start).
"""

from __future__ import annotations

import random
from collections import deque

from game.app.effects import (
    AnimateRoll,
    CheckHistory,
    ClaimTab,
    ComputeReview,
    DownloadGame,
    DownloadHistory,
    DownloadUnreadable,
    Effect,
    FetchTable,
    Focus,
    ForgetFinished,
    ForgetKept,
    ForgetUnreadable,
    ImportFile,
    KeepAwake,
    KeepGame,
    ListUnreadable,
    LoadKept,
    LoadStats,
    RollFeel,
    SavePreferences,
    SaveSession,
    ScheduleTick,
    ShareText,
    Warn,
)
from game.app.intents import Intent, TabClaimed, Tick
from game.app.model import AppState
from game.app.start import Boot, start
from game.app.update import dispatch
from game.coach.protocol import Coach
from game.present.snapshot import present
from shell.back_button import BackButton
from shell.effects import (
    Clock,
    Page,
    StorageJobs,
    TabClaim,
    TableLoader,
    Timer,
    WakeLock,
)
from shell.events import Events
from shell.feel import DiceFeel
from shell.review_effects import Reviewer, Sharer
from shell.start_hint import StartHint
from shell.tasks import Tasks
from shell.view import View


class Controller:
    def __init__(
        self,
        *,
        view: View,
        clock: Clock,
        timer: Timer,
        tables: TableLoader,
        wake_lock: WakeLock,
        feel: DiceFeel,
        page: Page,
        storage: StorageJobs,
        tabs: TabClaim,
        tasks: Tasks,
        reviewer: Reviewer,
        sharer: Sharer,
        back: BackButton,
        start_hint: StartHint,
    ) -> None:
        self.view = view
        self.clock = clock
        self.timer = timer
        self.tables = tables
        self.wake_lock = wake_lock
        self.feel = feel
        self.page = page
        self.storage = storage
        self.tabs = tabs
        self.tasks = tasks
        self.reviewer = reviewer
        self.sharer = sharer
        self.back = back
        self.start_hint = start_hint
        self.state = AppState()
        self.rng: random.Random = random.SystemRandom()
        self._waiting: deque[Intent] = deque()
        self._running = False
        self._started = False

    async def start(self, events: Events, languages: list[str], seed: int | None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        owner = await self.tabs.claim(False)
        session = await self.storage.open(owner)
        now = self.clock.now()
        boot = Boot(languages, seed, owner, session, today=self.clock.today())
        self.state, effects = start(boot, now)
        events.listen()
        self._render(now)
        self._started = True
        self.storage.reporting = True
        self._run_all(effects)

    def coach_for(self, state: AppState) -> Coach:
        return self.tables.coach_for(state.game)

    def send(self, intent: Intent) -> None:
        if not self._started:
            return  # storage reporting while it opens: the start reports what it found
        self._waiting.append(intent)
        if not self._running:
            self._run_all(())

    def _run_all(self, effects: tuple[Effect, ...]) -> None:
        """Runs `effects`, then every intent sent meanwhile, each with its effects."""
        self._running = True
        try:
            self._run(effects)
            while self._waiting:
                self._dispatch(self._waiting.popleft())
        finally:
            self._running = False

    def _dispatch(self, intent: Intent) -> None:
        before = self.state
        now = self.clock.now()
        self.state, effects = dispatch(
            before, intent, now=now, coach=self.coach_for(before), rng=self.rng
        )
        # After a Tick even when nothing changed: the countdown on screen moves on.
        if self.state is not before or isinstance(intent, Tick):
            self._render(now)
        self._run(effects)

    def _render(self, now: float) -> None:
        self.view.render(present(self.state, now))
        self.back.follow(self.state)
        self.start_hint.follow(self.state)

    def _run(self, effects: tuple[Effect, ...]) -> None:
        for effect in effects:
            match effect:
                case SaveSession():
                    self.storage.save_session(effect)
                case SavePreferences():
                    self.storage.save_preferences(effect)
                case FetchTable(ruleset_id):
                    self.tables.fetch(ruleset_id)
                case LoadStats(trend):
                    advisors = self.tables.advisors() if trend else {}
                    self.tasks.start(self.storage.load_stats(advisors))
                case CheckHistory(game_over):
                    self.tasks.start(self.storage.check_history(game_over))
                case ListUnreadable():
                    self.storage.list_unreadable()
                case DownloadHistory():
                    self.storage.export_history()
                case DownloadUnreadable():
                    self.storage.export_unreadable()
                case ForgetUnreadable():
                    self.storage.forget_unreadable()
                case DownloadGame():
                    self.storage.export_game(effect)
                case ImportFile(file):
                    self.tasks.start(self.storage.import_file(file))
                case KeepAwake(on):
                    self.wake_lock.keep(on)
                case Focus(targets):
                    self.page.focus_first(targets)
                case AnimateRoll(positions):
                    self.view.roll_animation(positions)
                case RollFeel(sound, vibrate):
                    self.feel.play(sound, vibrate)
                case ScheduleTick(at):
                    self.timer.set(at)
                case Warn(message):
                    self.page.warn(message)
                case ClaimTab(take_over):
                    self.tasks.start(self._claim(take_over))
                case LoadKept():
                    self.storage.load_kept()
                case KeepGame():
                    self.storage.keep_game(effect)
                case ForgetKept(game_id):
                    self.storage.forget_kept(game_id)
                case ForgetFinished(game_id):
                    self.storage.forget_finished(game_id)
                case ComputeReview():
                    self.reviewer.compute(effect)
                case ShareText(text):
                    self.sharer.share(text)

    async def _claim(self, take_over: bool) -> None:
        if await self.tabs.claim(take_over):
            self.send(TabClaimed(await self.storage.reload()))
