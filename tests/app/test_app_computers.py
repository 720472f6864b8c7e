"""Computer players in the app: they play step by step at the chosen speed, can be sped up
or skipped, wait while a dialog is open, and announce what they keep."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from game.app.announcements import Kept, Rolled, Scored
from game.app.celebration import CELEBRATION_SECONDS
from game.app.intents import (
    CloseDialog,
    ConfirmTurn,
    OpenSettings,
    Roll,
    SelectBox,
    SetAutoScore,
    SetComputerSpeed,
    SetUndo,
    SkipComputers,
    SpeedUp,
    StartGame,
    Tick,
    ToggleKeep,
)
from game.app.model import (
    ROLL_GUARD_SECONDS,
    STEP_SECONDS,
    Screen,
    Seat,
    Speed,
    is_computer_turn,
    next_deadline,
)
from game.app.setup_intents import AddPlayer, ChooseRuleset, SetPlayerKind
from game.app.start import initial_state
from game.app.table_intents import TableFailed, TableLoaded
from game.coach.greedy import GreedyCoach
from game.coach.protocol import KeepAdvice
from game.play.state import PlayerKind
from game.play.undo import UndoSetting
from tests.app.driver import AppDriver, keep_most_frequent


def test_computer_players_are_not_held_by_the_double_tap_guard() -> None:
    assert STEP_SECONDS[Speed.FAST] < ROLL_GUARD_SECONDS  # the case that matters
    d = AppDriver.seeded(1)  # a turn of three rolls, two of them 0.3 s apart
    d(SetPlayerKind(0, PlayerKind.COMPUTER), SetComputerSpeed(Speed.FAST), StartGame())
    d(TableFailed("penta", "not loaded in this test"))
    rolls = []
    while d.state.game is not None and not d.state.game.sheets[0].filled_boxes:
        count = d.state.ui.announcement_count
        d.wait_until_due()  # one step every 0.3 s
        if d.state.ui.announcement_count != count and isinstance(d.state.ui.announcement, Rolled):
            rolls.append(d.now)
    assert len(rolls) == 3
    gaps = [later - earlier for earlier, later in itertools.pairwise(rolls)]
    assert min(gaps) < ROLL_GUARD_SECONDS
    assert d.state.pacing.last_roll_at is None
    d = AppDriver.seeded(5)
    d(SetPlayerKind(0, PlayerKind.COMPUTER), AddPlayer(), StartGame())
    d(TableFailed("penta", "not loaded in this test"), SkipComputers())  # all at the same moment
    assert d.state.game is not None and len(d.state.game.sheets[0].filled_boxes) == 1


def test_computer_players_wait_while_a_dialog_is_open() -> None:
    d = AppDriver.seeded(5)
    d(SetPlayerKind(0, PlayerKind.COMPUTER), AddPlayer(), StartGame())
    d(TableFailed("penta", "not loaded in this test"))
    assert is_computer_turn(d.state) and d.state.pacing.computer_due is not None
    d(OpenSettings())
    assert d.state.pacing.computer_due is None and next_deadline(d.state) is None
    game = d.state.game
    d.now += 60
    d(Tick())
    assert d.state.game is game
    d(CloseDialog())
    assert d.state.pacing.computer_due is not None
    d.wait_until_due()
    assert d.state.game is not game


def test_computer_players_play_step_by_step_and_can_be_skipped() -> None:
    d = AppDriver.seeded(5)
    # Undo off: no wait for a take-back before the computer's first roll (tested apart).
    d(SetUndo(UndoSetting.OFF), AddPlayer(PlayerKind.COMPUTER), StartGame())
    d(TableFailed("penta", "not loaded in this test"))
    d(Roll(), SelectBox("chance"), ConfirmTurn())
    assert is_computer_turn(d.state)
    assert d.state.pacing.computer_due == d.now + STEP_SECONDS[Speed.NORMAL]
    d(Roll())  # the human waits
    assert d.state.game is not None and d.state.game.dice is None
    seen = []
    while is_computer_turn(d.state):
        d.wait_until_due()
        seen.append(type(d.state.ui.announcement).__name__)
    assert seen[0] == "Rolled" and seen[-1] == "Scored"
    assert d.state.game.current_player == 0
    d(SpeedUp())
    assert d.state.settings.computer_speed is Speed.FAST
    d(Roll(), SelectBox("ones"), ConfirmTurn())
    assert d.state.pacing.computer_due == d.now + STEP_SECONDS[Speed.FAST]
    d(SkipComputers())
    assert not is_computer_turn(d.state) and d.state.game.current_player == 0
    assert len(d.state.game.sheets[1].filled_boxes) == 2


def test_computer_keeps_are_announced() -> None:
    d = AppDriver(initial_state(["en"], seed=1))
    d(SetPlayerKind(0, PlayerKind.COMPUTER), StartGame())
    d.wait_until_due()
    assert d.state.game is not None and d.state.game.dice is None  # waits for the table
    d(TableLoaded("penta"))
    kinds = set()
    for _ in range(200):
        if d.state.screen is not Screen.GAME:
            break
        d.wait_until_due()
        kinds.add(type(d.state.ui.announcement))
    assert {Rolled, Kept, Scored} <= kinds


def test_a_computer_plan_to_keep_every_die_scores_instead() -> None:
    class KeepAll(GreedyCoach):
        def computer_action(self, game, level, rng):  # type: ignore[no-untyped-def]
            return KeepAdvice((0, 1, 2, 3, 4))

    state = initial_state(["en"], seed=3)
    state = replace(state, setup=replace(state.setup, seats=(Seat("", PlayerKind.COMPUTER),)))
    d = AppDriver(state, KeepAll())
    d.now = 0.0
    d(StartGame())
    d.tables_ready()
    for _ in range(3):  # roll, select, score
        d.tick_after(10)
    assert len(d.game.sheets[0].filled_boxes) == 1
    assert isinstance(d.state.ui.announcement, Scored)


def first_five_of_a_kind_before_a_computer(ruleset: str) -> AppDriver:
    """A game of a human then a computer where the human's first turn rolls five of a kind
    (the first seed that does, keeping the most frequent face) and scores it; no take-back,
    whose wait would hold the computer anyway."""
    for seed in itertools.count():
        d = AppDriver.seeded(seed)
        d(AddPlayer(PlayerKind.COMPUTER), ChooseRuleset(ruleset), SetAutoScore(0))
        d(SetUndo(UndoSetting.OFF), StartGame())
        d(TableFailed(ruleset, "not in this test"))
        d(Roll())
        while (dice := d.game.dice) is not None and d.game.rolls_left and len(set(dice)) > 1:
            keep = keep_most_frequent(dice)
            d(*[ToggleKeep(die) for die in sorted(set(keep) ^ set(d.game.kept))], Roll())
        if dice is not None and len(set(dice)) == 1:
            five = d.game.ruleset.five_of_a_kind_box
            d(SelectBox(five), ConfirmTurn())
            return d
    raise AssertionError("unreachable")


@pytest.mark.parametrize("ruleset", ["penta", "yatzy"])
def test_a_computer_waits_for_a_first_five_of_a_kind_to_be_read(ruleset: str) -> None:
    """A walk's child scored a Yatzy just before the computer's turn: its roll came within a
    second and took the word away."""
    d = first_five_of_a_kind_before_a_computer(ruleset)
    assert is_computer_turn(d.state)
    celebrated = d.view().celebration
    assert celebrated and d.game.players[0].name in celebrated
    due = next_deadline(d.state)
    assert due is not None and due - d.now >= CELEBRATION_SECONDS
    d.pass_time(due - d.now - 0.1)
    assert d.game.dice is None and d.view().celebration == celebrated  # still there
    d.pass_time(0.2)
    assert d.game.dice is not None and d.view().celebration == ""  # the computer rolled
