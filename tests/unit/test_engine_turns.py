"""Turns, keeping, selecting and scoring, standings, and every illegal action."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from game.errors import (
    AllDiceKeptError,
    BoxFilledError,
    GameError,
    GameOverError,
    InvalidDieIndexError,
    InvalidSetupError,
    JokerForbiddenBoxError,
    NoRollsLeftError,
    NotRolledYetError,
    UnknownBoxError,
    UnknownRulesetError,
    WrongPlayerError,
)
from game.persistence.savefile import dump_game
from game.play.engine import (
    keep_exactly,
    new_game,
    roll,
    score,
    select_box,
    standings,
    toggle_keep,
)
from game.play.random_source import EntropyDice, SeededDice
from game.play.sheet import Sheet
from game.play.state import GameState, Player, PlayerKind
from game.rules.rulesets import PENTA, JokerBranch
from tests.unit.engine_helpers import ScriptedDice, faces

ANN = Player("Ann")
BOT = Player("Bot", PlayerKind.COMPUTER, "beginner")


def scripted_game(*rolls: str, players: tuple[Player, ...] = (ANN, BOT)) -> GameState:
    return new_game("penta", players, ScriptedDice(faces(*rolls)))


# Setup ---------------------------------------------------------------------------------


def test_new_game_starts_with_player_0_before_the_first_roll() -> None:
    state = new_game("yatzy", [ANN, BOT], SeededDice(1))
    assert state.current_player == 0
    assert state.player == ANN
    assert state.dice is None and state.kept == () and state.rolls_left == 3
    assert state.options is None
    assert state.can_roll and not state.has_rolled and not state.is_over
    assert state.turn_number == 1
    assert all(sheet == Sheet.empty(state.ruleset) for sheet in state.sheets)


def test_default_dice_come_from_system_randomness() -> None:
    source = new_game("penta", [ANN]).dice_source
    assert isinstance(source, EntropyDice)
    assert isinstance(source.source, random.SystemRandom)


@pytest.mark.parametrize(
    ("make", "error", "names"),
    [
        (lambda: new_game("penta", []), InvalidSetupError, "at least one player"),
        (lambda: new_game("poker", [ANN]), UnknownRulesetError, "'poker'"),
        # Neither an id nor a Ruleset: an AttributeError came from deep inside (an audit).
        (lambda: new_game(5, [ANN]), UnknownRulesetError, "ruleset 5"),  # type: ignore[arg-type]
        (lambda: new_game(["penta"], [ANN]), UnknownRulesetError, r"\['penta'\]"),  # type: ignore[arg-type]
        (lambda: new_game("penta", ["Ann"]), InvalidSetupError, "'Ann'"),  # type: ignore[list-item]
        (lambda: Player(""), InvalidSetupError, "''"),
        (lambda: Player("   "), InvalidSetupError, "'   '"),
        (lambda: Player("a\nb"), InvalidSetupError, "'a\\\\nb'"),
        (lambda: Player("x" * 51), InvalidSetupError, "x" * 51),
        (lambda: Player("Ann", "robot"), InvalidSetupError, "'robot'"),  # type: ignore[arg-type]
        (lambda: Player("Ann", PlayerKind.HUMAN, "hard"), InvalidSetupError, "'hard'"),
        (lambda: Player("Bot", PlayerKind.COMPUTER), InvalidSetupError, "None"),
        # Stored or imported, an unknown level stopped the game at the computer's first turn.
        (lambda: Player("Bot", PlayerKind.COMPUTER, "expert"), InvalidSetupError, "'expert'"),
        (lambda: SeededDice(-1), InvalidSetupError, "-1"),
        (lambda: SeededDice(2**53), InvalidSetupError, str(2**53)),
        (lambda: SeededDice(1, "3"), InvalidSetupError, "'3'"),  # type: ignore[arg-type]
        (lambda: SeededDice(1, True), InvalidSetupError, "True"),
        (lambda: SeededDice(1, -2), InvalidSetupError, "-2"),
        (lambda: SeededDice(1, 2**53), InvalidSetupError, str(2**53)),
        # Stored, past what Python writes as text: every roll failed (a hostile-data walk).
        (lambda: SeededDice(1, 10**4300 - 3), InvalidSetupError, "a number that long"),
    ],
)
def test_bad_setup_is_refused_naming_the_value(
    make: Callable[[], object], error: type[GameError], names: str
) -> None:
    with pytest.raises(error, match=names):
        make()


def test_a_player_kind_may_be_given_as_text() -> None:
    assert Player("Bot", "computer", "optimal").kind is PlayerKind.COMPUTER  # type: ignore[arg-type]


# Rolling and keeping -------------------------------------------------------------------


def test_rolls_keep_the_kept_dice_in_place_and_count_down() -> None:
    state = roll(scripted_game("12345", "66", "4"), 0)
    assert state.dice == (1, 2, 3, 4, 5) and state.rolls_left == 2
    state = roll(state, 0, keep=[1, 3, 2])
    assert state.dice == (6, 2, 3, 4, 6) and state.kept == (1, 2, 3) and state.rolls_left == 1
    state = toggle_keep(toggle_keep(state, 0, 0), 0, 4)
    assert state.kept == (0, 1, 2, 3, 4)
    assert not state.can_roll
    state = toggle_keep(state, 0, 2)
    state = roll(state, 0)
    assert state.dice == (6, 2, 4, 4, 6) and state.kept == (0, 1, 3, 4) and state.rolls_left == 0
    assert not state.can_roll


def test_keep_exactly_keeps_those_dice_and_releases_the_others() -> None:
    state = roll(scripted_game("12345"), 0, keep=None)
    state = keep_exactly(toggle_keep(state, 0, 4), 0, [0, 2])
    assert state.kept == (0, 2)
    assert keep_exactly(state, 0, [2, 0]) is state  # nothing changes: nothing checked
    with pytest.raises(InvalidDieIndexError, match="7"):
        keep_exactly(state, 0, [0, 2, 7])


def test_a_roll_clears_the_selected_box() -> None:
    state = select_box(roll(scripted_game("12345", "12345"), 0), 0, "large_straight")
    assert state.selected_box == "large_straight"
    assert roll(state, 0).selected_box is None
    assert select_box(state, 0, None).selected_box is None


def test_scoring_fills_the_box_and_passes_the_turn() -> None:
    state = roll(scripted_game("33312", "66666"), 0)
    state = score(state, 0, "threes")
    assert state.sheets[0].filled_boxes == {"threes": 9}
    assert state.current_player == 1
    assert (state.dice, state.kept, state.rolls_left, state.selected_box) == (None, (), 3, None)
    state = score(roll(state, 1), 1, "penta")
    assert state.current_player == 0 and state.turn_number == 2


def test_the_engine_tells_the_joker_and_the_bonus_for_the_current_dice() -> None:
    state = scripted_game("44444", players=(ANN,))
    state = replace(state, sheets=(Sheet.from_scores(PENTA, {"penta": 50}),))
    state = roll(state, 0)
    assert state.options is not None
    assert state.options.joker is JokerBranch.SAME_FACE
    assert state.options.legal == {"fours"}
    assert state.options.points["fours"] == 20
    assert state.options.five_of_a_kind_bonus == 100
    assert "full_house" in state.options.forbidden
    assert not state.options.must_sacrifice
    after = score(state, 0, "fours")
    assert after.sheets[0].total == 50 + 20 + 100


# A whole game --------------------------------------------------------------------------

WHOLE_GAME = [
    # dice, box, points, Penta bonus earned
    ("66666", "penta", 50, 0),
    ("66666", "sixes", 30, 100),  # joker (a)
    ("55554", "fives", 20, 0),
    ("44441", "fours", 16, 0),
    ("33312", "threes", 9, 0),
    ("22213", "twos", 6, 0),
    ("11123", "ones", 3, 0),  # upper 84: bonus 35
    ("66666", "large_straight", 40, 100),  # joker (b)
    ("12345", "small_straight", 30, 0),
    ("22333", "full_house", 25, 0),
    ("66661", "four_of_a_kind", 25, 0),
    ("55512", "three_of_a_kind", 18, 0),
    ("11223", "chance", 9, 0),
]


def test_a_whole_game_totals_the_sum_of_its_parts() -> None:
    state = scripted_game(*(dice for dice, *_ in WHOLE_GAME), players=(ANN,))
    for dice, box_id, points, bonus in WHOLE_GAME:
        state = roll(state, 0)
        assert state.options is not None
        assert state.options.points[box_id] == points, (dice, box_id)
        assert state.options.five_of_a_kind_bonus == bonus, (dice, box_id)
        state = score(state, 0, box_id)
    sheet = state.sheets[0]
    assert state.is_over
    assert sheet.upper_subtotal == 30 + 20 + 16 + 9 + 6 + 3 == 84
    assert sheet.upper_bonus == 35 and sheet.points_to_upper_bonus == 0
    assert sheet.lower_subtotal == 50 + 40 + 30 + 25 + 25 + 18 + 9 == 197
    assert sheet.five_of_a_kind_bonus_count == 2 and sheet.five_of_a_kind_bonus_points == 200
    assert sheet.total == 84 + 35 + 197 + 200 == 516
    assert sheet.total == sum(points for _, _, points, _ in WHOLE_GAME) + 35 + 200
    assert standings(state)[0].total == 516


# Standings -----------------------------------------------------------------------------


def test_standings_share_places_on_ties() -> None:
    names = ["A", "B", "C", "D", "E"]
    state = new_game("yatzy", [Player(name) for name in names], SeededDice(0))
    chances = [10, 20, 20, 5, 10]
    sheets = tuple(Sheet.from_scores(state.ruleset, {"chance": points}) for points in chances)
    rows = standings(replace(state, sheets=sheets))
    assert [(row.place, row.name, row.total) for row in rows] == [
        (1, "B", 20),
        (1, "C", 20),
        (3, "A", 10),
        (3, "E", 10),
        (5, "D", 5),
    ]


# Illegal actions -----------------------------------------------------------------------


def unrolled() -> GameState:
    return scripted_game("12345", "11111", "12346")


def rolled() -> GameState:
    return roll(unrolled(), 0)


def last_roll() -> GameState:
    return roll(roll(roll(scripted_game("12345", "1", "1"), 0), 0, [1, 2, 3, 4]), 0)


def joker_state() -> GameState:
    state = scripted_game("44444")
    sheets = (Sheet.from_scores(PENTA, {"penta": 50}), state.sheets[1])
    return roll(replace(state, sheets=sheets), 0)


def finished() -> GameState:
    state = scripted_game(*(dice for dice, *_ in WHOLE_GAME), players=(ANN,))
    for _, box_id, _, _ in WHOLE_GAME:
        state = score(roll(state, 0), 0, box_id)
    return state


ILLEGAL = [
    # name, state, action, error, text the message names
    ("roll out of turn", rolled, lambda s: roll(s, 1), WrongPlayerError, "player 1"),
    ("roll for nobody", rolled, lambda s: roll(s, 7), WrongPlayerError, "player 7"),
    ("roll with no rolls left", last_roll, lambda s: roll(s, 0), NoRollsLeftError, "no rolls"),
    ("roll all kept", rolled, lambda s: roll(s, 0, range(5)), AllDiceKeptError, "all 5"),
    (
        "roll after keeping all",
        rolled,
        lambda s: roll(toggle_keep(roll(s, 0, [0, 1, 2, 3]), 0, 4), 0),
        AllDiceKeptError,
        r"\[0, 1, 2, 3, 4\]",
    ),
    ("keep before rolling", unrolled, lambda s: roll(s, 0, [0]), NotRolledYetError, "0"),
    ("keep die 5", rolled, lambda s: roll(s, 0, [5]), InvalidDieIndexError, "not 5"),
    ("keep die -1", rolled, lambda s: roll(s, 0, [-1]), InvalidDieIndexError, "not -1"),
    ("keep die '1'", rolled, lambda s: roll(s, 0, ["1"]), InvalidDieIndexError, "'1'"),  # type: ignore[list-item]
    ("keep a number", rolled, lambda s: roll(s, 0, 3), InvalidDieIndexError, "not 3"),  # type: ignore[arg-type]
    ("keep text", rolled, lambda s: roll(s, 0, "01"), InvalidDieIndexError, "'01'"),  # type: ignore[arg-type]
    ("keep twice", rolled, lambda s: roll(s, 0, [2, 2]), InvalidDieIndexError, r"\[2, 2\]"),
    ("toggle die 9", rolled, lambda s: toggle_keep(s, 0, 9), InvalidDieIndexError, "not 9"),
    ("toggle early", unrolled, lambda s: toggle_keep(s, 0, 1), NotRolledYetError, "die 1"),
    ("toggle at the end", last_roll, lambda s: toggle_keep(s, 0, 1), NoRollsLeftError, "die 1"),
    ("score early", unrolled, lambda s: score(s, 0, "chance"), NotRolledYetError, "chance"),
    ("score unknown", rolled, lambda s: score(s, 0, "yahtzee"), UnknownBoxError, "yahtzee"),
    (
        "score filled",
        lambda: roll(score(rolled(), 0, "chance"), 1),
        lambda s: score(roll(score(s, 1, "penta"), 0), 0, "chance"),
        BoxFilledError,
        "chance",
    ),
    (
        "score forbidden by the joker",
        joker_state,
        lambda s: score(s, 0, "chance"),
        JokerForbiddenBoxError,
        "chance",
    ),
    ("select early", unrolled, lambda s: select_box(s, 0, "ones"), NotRolledYetError, "ones"),
    (
        "select forbidden",
        joker_state,
        lambda s: select_box(s, 0, "ones"),
        JokerForbiddenBoxError,
        "ones",
    ),
    ("select unknown", rolled, lambda s: select_box(s, 0, "pair"), UnknownBoxError, "pair"),
    ("score out of turn", rolled, lambda s: score(s, 1, "ones"), WrongPlayerError, "player 1"),
    ("player True", rolled, lambda s: score(s, True, "ones"), WrongPlayerError, "True"),
    ("roll after the end", finished, lambda s: roll(s, 0), GameOverError, "over"),
    ("score after the end", finished, lambda s: score(s, 0, "ones"), GameOverError, "over"),
]


@pytest.mark.parametrize(
    ("make_state", "action", "error", "names"),
    [case[1:] for case in ILLEGAL],
    ids=[case[0] for case in ILLEGAL],
)
def test_illegal_actions_raise_their_error_and_change_nothing(
    make_state: Callable[[], GameState],
    action: Callable[[GameState], GameState],
    error: type[GameError],
    names: str,
) -> None:
    state = make_state()
    before = saved(state)
    with pytest.raises(error, match=names):
        action(state)
    assert saved(state) == before


def saved(state: GameState) -> str:
    """The save file text; scripted dice are saved as a seeded source at the same position."""
    assert isinstance(state.dice_source, ScriptedDice)
    return dump_game(replace(state, dice_source=SeededDice(0, state.dice_source.position)))


NOT_WHOLE_NUMBERS = [0.0, False, Fraction(0), Decimal(0), complex(0), "0", None]
"""Each equal to (or standing for) player 0, whose turn it is, but not an int."""
ENTRY_POINTS: list[tuple[str, Callable[[GameState, object], GameState]]] = [
    ("roll", lambda s, player: roll(s, player)),  # type: ignore[arg-type]
    ("toggle_keep", lambda s, player: toggle_keep(s, player, 0)),  # type: ignore[arg-type]
    ("select_box", lambda s, player: select_box(s, player, "ones")),  # type: ignore[arg-type]
    ("score", lambda s, player: score(s, player, "ones")),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("player", NOT_WHOLE_NUMBERS, ids=repr)
@pytest.mark.parametrize(("name", "action"), ENTRY_POINTS, ids=[name for name, _ in ENTRY_POINTS])
@pytest.mark.parametrize("make_state", [rolled, finished], ids=["in play", "over"])
def test_a_player_is_an_int_at_every_entry_point(
    make_state: Callable[[], GameState],
    name: str,
    action: Callable[[GameState, object], GameState],
    player: object,
) -> None:
    state = make_state()
    before = saved(state)
    with pytest.raises(WrongPlayerError, match=re.escape(repr(player))):
        action(state, player)
    assert saved(state) == before
