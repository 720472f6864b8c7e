"""The app driven in CPython as the browser drives it: intents through
`game.app.update.dispatch` (the effects it asks for kept in `driver.effects`), screens through
`game.present.snapshot.present`, on a clock that the test moves.

Whole games are played here (the browser tests keep what only a browser shows). The tests'
human players keep dice and choose boxes the simple, deterministic way of `keep_most_frequent`
and `best_immediate_box`, as the browser tests' players do (tests/e2e/game_helpers.py), so a
game played here with a seed is the game played in the page with that seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

import game.app.handover as handover
from game.app.derived import session_save
from game.app.effects import Effect
from game.app.fresh_choices import ANSWERS, CHOICE_GUARD_SECONDS
from game.app.intents import (
    ConfirmTurn,
    Intent,
    Roll,
    SelectBox,
    SetAutoScore,
    StartGame,
    StartTurn,
    Tick,
    ToggleKeep,
)
from game.app.model import (
    ROLL_GUARD_SECONDS,
    AppState,
    Play,
    Screen,
    is_computer_turn,
    next_deadline,
)
from game.app.preferences import preferences_to_data
from game.app.setup_intents import (
    AddPlayer,
    ChooseRuleset,
    RemovePlayer,
    RenamePlayer,
    SetPlayerKind,
    SetPlayerLevel,
)
from game.app.start import initial_state, resume
from game.app.table_intents import TableFailed, TableLoaded
from game.app.update import dispatch
from game.coach.greedy import GreedyCoach, best_immediate_box
from game.coach.protocol import Coach
from game.persistence.session import restore_session, save_session
from game.persistence.storage import MemoryStorage
from game.play.state import GameState, PlayerKind
from game.present.sheet_views import Cell
from game.present.snapshot import present
from game.present.views import GameView, Snapshot
from game.rules.dice import Dice

ROLL_PACE = ROLL_GUARD_SECONDS + 0.1
"""A quick player's least time between two rolls: a Roll sooner is a double tap, ignored."""
CHOICE_PACE = CHOICE_GUARD_SECONDS + 0.1
"""A quick player's least time to answer buttons that a tap brought up (a warning, the
hand-over): sooner is the second tap of a double tap, ignored."""
START = 1000.0
MAX_COMPUTER_STEPS = 20
"""More steps than a computer's turn takes (roll, keep, roll, keep, roll, select, score)."""


def keep_most_frequent(dice: Dice) -> tuple[int, ...]:
    """Positions of the dice showing the most frequent face (the higher face on a tie)."""
    counts = Counter(dice)
    face = max(counts, key=lambda f: (counts[f], f))
    return tuple(position for position, value in enumerate(dice) if value == face)


Seat = tuple[str, str, str | None]
"""(name, "human" | "computer", level or None), as the setup screen takes a player."""


class AppDriver:
    """Dispatches intents with a clock that the test moves.

    A quick player's pace: a Roll is sent at least `ROLL_PACE` after the Roll before it, and an
    answer to buttons that have just appeared at least `CHOICE_PACE` after they did (the clock
    moves on when needed), so that neither is taken for the second tap of a double tap;
    `pace_rolls = False` sends every Roll at `now` as it is, `pace_choices = False` every
    answer. `step`: every intent is sent
    that many seconds after the one before.

    `take_phone`: a Roll sent while the hand-over between two humans shows (game.app.handover)
    is sent after a StartTurn, as the player taps the hand-over first; False sends it as it is.

    `effects`: what the intents of the last call asked the shell to do, in order."""

    def __init__(self, state: AppState, coach: Coach | None = None) -> None:
        self.state = state
        self.coach: Coach = coach or GreedyCoach()
        self.now = START
        self.rng = random.Random(0)
        self.pace_rolls = True
        self.pace_choices = True
        self.step = 0.0
        self.take_phone = True
        self.effects: tuple[Effect, ...] = ()

    @classmethod
    def seeded(cls, seed: int, language: str = "en-US", coach: Coach | None = None) -> AppDriver:
        """The app as a page with `?seed=seed` opens it, in a browser set to `language`."""
        return cls(initial_state([language], seed=seed), coach)

    @classmethod
    def with_game(
        cls, game: GameState, language: str = "en", coach: Coach | None = None
    ) -> AppDriver:
        """The app on the game screen of `game` (a position built by the test)."""
        state = initial_state([language])
        return cls(replace(state, ui=replace(state.ui, screen=Screen.GAME), play=Play(game)), coach)

    def __call__(self, *intents: Intent) -> AppState:
        effects: list[Effect] = []
        for intent in intents:
            self.now += self.step
            if isinstance(intent, Roll) and self.take_phone and handover.is_pending(self.state):
                self._pace_choice(StartTurn())
                self.state, asked = dispatch(
                    self.state, StartTurn(), now=self.now, coach=self.coach, rng=self.rng
                )
                effects.extend(asked)
            self._pace_choice(intent)
            if isinstance(intent, Roll) and self.pace_rolls:
                # The app's own record: a roll made by another intent counts too ("Play mine
                # anyway" rolls the keep it held back).
                last = self.state.pacing.last_roll_at
                if last is not None:
                    self.now = max(self.now, last + ROLL_PACE)
            self.state, asked = dispatch(
                self.state, intent, now=self.now, coach=self.coach, rng=self.rng
            )
            effects.extend(asked)
        self.effects = tuple(effects)
        return self.state

    def _pace_choice(self, intent: Intent) -> None:
        """A quick player's answer to buttons that have just appeared: late enough not to be
        taken for the second tap of a double tap (game.app.fresh_choices)."""
        shown = self.state.pacing.choice_shown_at
        if self.pace_choices and isinstance(intent, ANSWERS) and shown is not None:
            self.now = max(self.now, shown + CHOICE_PACE)

    # --- the strategy tables ------------------------------------------------------------------

    def _ruleset_id(self) -> str:
        game = self.state.game
        return self.state.setup.ruleset_id if game is None else game.ruleset.id

    def tables_ready(self) -> AppState:
        """The strategy table of the game's ruleset (else the setup's) has loaded."""
        return self(TableLoaded(self._ruleset_id()))

    def tables_failed(self) -> AppState:
        """The strategy table of the game's ruleset (else the setup's) cannot be had."""
        return self(TableFailed(self._ruleset_id(), "not loaded in this test"))

    # --- time ---------------------------------------------------------------------------------

    def wait_until_due(self) -> AppState:
        due = next_deadline(self.state)
        assert due is not None
        self.now = due
        return self(Tick())

    def tick_after(self, seconds: float) -> AppState:
        """Moves the clock on by `seconds` and sends one Tick there (the shell's timer comes at
        least as often as it is due)."""
        self.now += seconds
        return self(Tick())

    def pass_time(self, seconds: float) -> AppState:
        """Moves the clock on by `seconds`, with a Tick at every deadline met on the way (as
        the shell's timer does)."""
        end = self.now + seconds
        while (due := next_deadline(self.state)) is not None and due <= end:
            self.now = max(self.now, due)
            self(Tick())
        self.now = end
        return self.state

    # --- what the screens show ----------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        return present(self.state, self.now)

    def view(self) -> GameView:
        """The game screen; with `take_phone`, a hand-over that shows is tapped through first
        (the next player takes the phone to see their turn)."""
        if self.take_phone and handover.is_pending(self.state):
            self(StartTurn())
        view = self.snapshot().game
        assert view is not None, f"not on the game screen but on {self.state.screen}"
        return view

    @property
    def game(self) -> GameState:
        assert self.state.game is not None
        return self.state.game

    def row(self, key: str, table: str = "game") -> tuple[Cell, ...]:
        """The cells of the sheet's row `key` (a box, a sum, a bonus or "total"), one per player,
        of the game screen's sheet or of the end screen's ("end")."""
        snapshot = self.snapshot()
        view = snapshot.end if table == "end" else snapshot.game
        assert view is not None, f"no {table} sheet on the {self.state.screen} screen"
        (row,) = (row for row in view.sheet.rows if row.key == key)
        return row.cells

    def row_texts(self, key: str, table: str = "game") -> list[str]:
        return [cell.text for cell in self.row(key, table)]

    def cell(self, box: str) -> Cell:
        """The current player's cell of `box`."""
        return self.row(box)[self.game.current_player]

    # --- playing ------------------------------------------------------------------------------

    def set_players(self, seats: Sequence[Seat]) -> AppState:
        """Replaces the seats, as the setup screen's controls do."""
        while len(self.state.setup.seats) > 1:
            self(RemovePlayer(len(self.state.setup.seats) - 1))
        for index, (name, kind, level) in enumerate(seats):
            if index > 0:
                self(AddPlayer())
            self(RenamePlayer(index, name), SetPlayerKind(index, PlayerKind(kind)))
            if level is not None:
                self(SetPlayerLevel(index, level))
        assert len(self.state.setup.seats) == len(seats)
        return self.state

    def reopened(self) -> AppDriver:
        """The app opened again, at the same time and with the same coach, on what it saves
        (the game in progress and its turn's record, through the device's storage, and the
        preferences)."""
        saved = session_save(self.state, self.now)
        storage = MemoryStorage()
        save_session(
            storage,
            saved.game,
            today=date(2026, 12, 1),
            before_last_turn=saved.before_last_turn,
            turn=saved.turn,
        )
        restored = restore_session(storage)
        assert not restored.problems, restored.problems
        fresh = initial_state(["en"], preferences=preferences_to_data(self.state))
        state = resume(
            fresh, restored.game, restored.before_last_turn, now=self.now, turn=restored.turn
        )
        again = AppDriver(state, self.coach)
        again.now = self.now
        return again

    def play_human_turn(self) -> str:
        """One whole turn of the human player whose turn it is, with the tests' keeping rule:
        roll, keep the most frequent face while that may help, score the box that pays most
        now. Returns the box scored."""
        player = self.game.current_player
        self(Roll())
        while (dice := self.game.dice) is not None and self.game.rolls_left and len(set(dice)) > 1:
            keep = keep_most_frequent(dice)
            self(*[ToggleKeep(die) for die in sorted(set(keep) ^ set(self.game.kept))])
            self(Roll())
        box = best_immediate_box(self.game)
        self(SelectBox(box), ConfirmTurn())
        assert self.game.sheets[player].points_in(box) is not None
        return box

    def play_computer_turn(self) -> AppState:
        """Lets the computer player whose turn it is play its turn, step by step at its pace."""
        player, turn = self.game.current_player, self.game.turn_number
        for _ in range(MAX_COMPUTER_STEPS):
            if self.state.screen is not Screen.GAME or (
                (self.game.current_player, self.game.turn_number) != (player, turn)
            ):
                return self.state
            self.wait_until_due()
        raise AssertionError(f"the computer's turn did not end (coach {self.state.coach_status})")

    def play_turns(self, turns: int) -> AppState:
        """Plays `turns` turns, the humans' with `play_human_turn`."""
        for _ in range(turns):
            assert self.state.screen is Screen.GAME
            if is_computer_turn(self.state):
                self.play_computer_turn()
            else:
                self.play_human_turn()
        return self.state

    def play_to_end(self) -> AppState:
        while self.state.screen is Screen.GAME:
            self.play_turns(1)
        return self.state


def run_intents(
    state: AppState, *intents: Intent, now: float = 0.0, coach: Coach | None = None
) -> AppState:
    """`state` after `intents`, each sent at the moment `now` (no pace between rolls)."""
    driver = AppDriver(state, coach)
    driver.now, driver.pace_rolls = now, False
    return driver(*intents)


def played_up_to_the_last_round(
    seed: int, seats: Sequence[Seat], ruleset: str = "penta"
) -> GameState:
    """A game of `seats` with the dice of `?seed=seed`, played by the tests' players up to the
    first turn of its last round."""
    driver = AppDriver.seeded(seed)
    driver.set_players(seats)
    driver(ChooseRuleset(ruleset), SetAutoScore(0), StartGame())
    # Without a strategy table, as the GreedyCoach plays: the computers play its way.
    driver.tables_failed()
    rounds = len(driver.game.ruleset.box_ids)
    driver.play_turns((rounds - 1) * len(seats))
    assert driver.game.turn_number == rounds and driver.game.current_player == 0
    return driver.game


def stored_session(game: GameState, before_last_turn: GameState | None = None) -> dict[str, str]:
    """The browser's storage (localStorage keys and values) holding `game` as the app saves a
    game in progress, so that a page opened on it restores that game."""
    storage = MemoryStorage()
    report = save_session(
        storage,
        game,
        today=date(2026, 12, 1),
        before_last_turn=before_last_turn,
        ids=random.Random(1),
    )
    assert not report.problems, report.problems
    return storage.items
