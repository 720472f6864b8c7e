"""The device of the kept-games tests: the app driven with the shell's storage jobs run on a
MemoryStorage, and the steps those tests repeat."""

from __future__ import annotations

import random
from datetime import date

from game.app.effects import (
    Effect,
    ForgetFinished,
    ForgetKept,
    KeepGame,
    LoadKept,
    LoadStats,
    SaveSession,
)
from game.app.intents import (
    AskLeave,
    Intent,
    NewGame,
    SessionRead,
    SetAutoScore,
    StartGame,
    StatsLoaded,
    StorageProblems,
)
from game.app.kept_intents import KeptListed
from game.app.model import AppState
from game.app.setup_intents import ChooseRuleset
from game.app.start import Boot, initial_state, start
from game.persistence.history import forget_finished, load_history
from game.persistence.kept import load_kept, remove_kept
from game.persistence.session import keep_left_game, restore_session, save_session
from game.persistence.stats import player_stats
from game.persistence.storage import MemoryStorage
from game.present.views import KeptGameView
from tests.app.driver import AppDriver

TODAY = date(2026, 12, 1)


class Device(AppDriver):
    """The app driven as in AppDriver, with the shell's storage jobs run for the effects of
    every intent (as shell.effects.StorageJobs runs them), until nothing more comes back;
    `effects` holds them all."""

    def __init__(self, state: AppState, storage: MemoryStorage | None = None) -> None:
        super().__init__(state)
        self.storage = MemoryStorage() if storage is None else storage
        self.today = TODAY

    def __call__(self, *intents: Intent) -> AppState:
        state = super().__call__(*intents)
        asked = self.effects
        for effect in asked:
            result = self._run(effect)
            if result is not None:
                self(result)
                asked = (*asked, *self.effects)
        self.effects = asked
        return state

    def _run(self, effect: Effect) -> Intent | None:
        ids = random.Random(self.now)
        match effect:
            case SaveSession(game, before, turn, game_id):
                save_session(
                    self.storage,
                    game,
                    today=self.today,
                    before_last_turn=before,
                    turn=turn,
                    ids=ids,
                    game_id=game_id,
                )
            case KeepGame(game, before, turn):
                change = keep_left_game(
                    self.storage,
                    game,
                    today=self.today,
                    before_last_turn=before,
                    turn=turn,
                    ids=ids,
                )
                return KeptListed(change.games, change.problems, refused=not change.done)
            case ForgetKept(game_id):
                change = remove_kept(self.storage, game_id)
                return KeptListed(change.games, change.problems)
            case ForgetFinished(game_id):
                problem = forget_finished(self.storage, game_id)
                return None if problem is None else StorageProblems((problem,))
            case LoadKept():
                kept = load_kept(self.storage)
                problems = () if kept.problem is None else (kept.problem,)
                return KeptListed(kept.value or (), problems)
            case LoadStats():
                history = load_history(self.storage)
                records = history.value or ()
                return StatsLoaded(player_stats(records), history.problem, records)
        return None

    def reopened(self) -> Device:
        """The app started again on this device (a reload), with the effects of its start run."""
        return opened(self.storage, self.now)


def opened(storage: MemoryStorage, now: float = 1000.0) -> Device:
    restored = restore_session(storage)
    session = SessionRead(
        restored.game,
        restored.before_last_turn,
        restored.turn,
        restored.preferences,
        restored.problems,
    )
    state, effects = start(Boot(["en"], None, True, session), now)
    device = Device(state, storage)
    device.now = now
    device.effects = effects
    for effect in effects:
        result = device._run(effect)
        if result is not None:
            device(result)
    return device


def playing(seed: int = 5, ruleset: str = "penta") -> Device:
    device = Device(initial_state(["en-US"], seed=seed))
    device.set_players([("Dana", "human", None), ("Bot", "computer", "optimal")])
    device(ChooseRuleset(ruleset), SetAutoScore(0), StartGame())
    device.tables_failed()
    return device


def left(device: Device) -> None:
    device(AskLeave(), NewGame())


def kept_list(device: Device) -> tuple[KeptGameView, ...]:
    setup = device.snapshot().setup
    assert setup is not None
    return setup.kept
