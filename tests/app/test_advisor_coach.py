"""The optimal advisor behind the app's coach protocol."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.app.intents import NewGame, Roll, SetAutoScore, StartGame
from game.app.model import Screen
from game.app.setup_intents import AddPlayer, SetPlayerKind, SetPlayerLevel
from game.app.start import initial_state
from game.coach.optimal import AdvisorCoach, advice_for, position_of
from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.play.engine import new_game, roll
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player, PlayerKind
from game.rules.rulesets import RULESETS
from tests.app.driver import AppDriver
from tests.solved_tables import solved_advisor


@pytest.fixture(scope="module", params=sorted(RULESETS))
def coach(request: pytest.FixtureRequest) -> AdvisorCoach:
    return AdvisorCoach(solved_advisor(request.param))


def test_position_carries_the_current_sheet_and_turn() -> None:
    game = new_game("penta", [Player("A")], SeededDice(3))
    sheet = Sheet.from_scores(game.ruleset, {"ones": 3, "penta": 50}, 1)
    game = roll(replace(game, sheets=(sheet,)), 0)
    position = position_of(game)
    assert position.open_boxes == frozenset(sheet.open_boxes)
    assert position.upper_subtotal == 3 and position.five_of_a_kind_points == 50
    assert position.dice == game.dice and position.rolls_left == 2
    assert position.sheet_total == sheet.total


def test_advice_is_the_advisors_best_move_and_a_legal_one(coach: AdvisorCoach) -> None:
    ruleset = coach.advisor.ruleset
    game = new_game(ruleset, [Player("A")], SeededDice(11))
    assert coach.best_action(game) is None
    game = roll(game, 0)
    advice = coach.best_action(game)
    assert advice is not None
    assert advice == advice_for(coach.advisor.best(position_of(game)).action, game)
    if isinstance(advice, KeepAdvice):
        assert len(advice.kept) < 5 and all(0 <= die < 5 for die in advice.kept)
    else:
        assert isinstance(advice, ScoreAdvice) and advice.box in ruleset.box_ids
    game = roll(roll(game, 0), 0)
    assert game.options is not None
    assert coach.best_box(game) in game.options.legal


def test_computer_players_of_every_level_finish_a_game(coach: AdvisorCoach) -> None:
    state = initial_state(["en"], seed=5)
    state = replace(state, setup=replace(state.setup, ruleset_id=coach.advisor.ruleset.id))
    d = AppDriver(state, coach)
    d.now, d.rng, d.pace_rolls = 0.0, random.Random(1), False
    for index, level in enumerate(("optimal", "casual", "beginner")):
        if index:
            d(AddPlayer())
        d(SetPlayerKind(index, PlayerKind.COMPUTER), SetPlayerLevel(index, level))
    d(StartGame())
    d.tables_ready()
    while d.state.screen is Screen.GAME:
        d.tick_after(10)
    assert d.game.is_over
    assert all(sheet.total > 0 for sheet in d.game.sheets)
    # The human countdown uses the advisor's box (in Yatzy too, when the settings ask for one).
    humans = (SetPlayerKind(index, PlayerKind.HUMAN) for index in range(3))
    d(NewGame(), *humans, SetAutoScore(3), StartGame())
    for _ in range(3):
        d.now += 1  # a player's pace (a Roll right after a Roll is a double tap, ignored)
        d(Roll())
    expected = coach.best_box(d.game)
    state = d.tick_after(3)
    assert state.game is not None and state.game.sheets[0].points_in(expected) is not None
    assert state.play.last_auto_scored == expected
