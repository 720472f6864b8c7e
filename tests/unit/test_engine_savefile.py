"""Saved games: exact round trips, and every kind of bad data refused with a clear error."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from cli.random_play import random_game
from game.errors import SaveFileError, UnsupportedVersionError
from game.persistence.savefile import (
    SCHEMA_VERSION,
    dump_game,
    game_from_data,
    game_to_data,
    load_game,
)
from game.play.engine import new_game, roll, select_box
from game.play.random_source import EntropyDice, SeededDice
from game.play.state import Player, PlayerKind

NEWER = SCHEMA_VERSION + 1

# A game in the middle of player 1's turn: a second Penta, joker (a) forces Fours.
VALID: dict[str, Any] = {
    "format": "penta-game",
    "schema_version": SCHEMA_VERSION,
    "ruleset": "penta",
    "players": [
        {"name": "Dana", "kind": "human", "level": None},
        {"name": "בוט", "kind": "computer", "level": "optimal"},
    ],
    "sheets": [
        {"scores": {"ones": 3, "penta": 50}, "five_of_a_kind_bonuses": 0},
        {"scores": {"penta": 50}, "five_of_a_kind_bonuses": 0},
    ],
    "turn": {
        "player": 1,
        "dice": [4, 4, 4, 4, 4],
        "kept": [0, 1],
        "rolls_left": 1,
        "selected_box": "fours",
    },
    "dice_source": {"kind": "seeded", "seed": 42, "position": 40},
    "last_turn": None,
    "log": {"since_turn": 4, "moves": []},
}


def test_the_documented_example_loads_and_saves_back_identically() -> None:
    state = game_from_data(copy.deepcopy(VALID))
    assert state.player == Player("בוט", PlayerKind.COMPUTER, "optimal")
    assert state.dice == (4, 4, 4, 4, 4) and state.kept == (0, 1) and state.rolls_left == 1
    assert state.selected_box == "fours"
    assert state.options is not None and state.options.legal == {"fours"}
    assert state.dice_source == SeededDice(42, 40)
    assert game_to_data(state) == VALID
    assert load_game(dump_game(state)) == state


def test_a_loaded_seeded_game_rolls_the_dice_the_original_would_have() -> None:
    state = roll(new_game("yatzy", [Player("A"), Player("B")], SeededDice(9)), 0)
    loaded = load_game(dump_game(state))
    assert roll(loaded, 0, [0]) == roll(state, 0, [0])


def test_an_entropy_game_continues_with_the_source_given() -> None:
    state = select_box(roll(new_game("penta", [Player("A")], EntropyDice()), 0), 0, "chance")
    text = dump_game(state)
    assert json.loads(text)["dice_source"] == {"kind": "entropy"}
    loaded = load_game(text, entropy=random.Random(1))
    assert dump_game(loaded) == text
    assert isinstance(loaded.dice_source, EntropyDice)
    assert isinstance(loaded.dice_source.source, random.Random)


@pytest.mark.parametrize("ruleset_id", ["penta", "yatzy"])
def test_a_finished_game_round_trips(ruleset_id: str) -> None:
    players = [Player("A"), Player("B"), Player("C")]
    state = random_game(new_game(ruleset_id, players, SeededDice(5)), random.Random(5))
    assert state.is_over
    assert load_game(dump_game(state)) == state


def changed(edit: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = copy.deepcopy(VALID)
    edit(data)
    return data


def set_in(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """An edit that sets data[a][b]... for path 'a.b...' (list indices as numbers)."""

    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return edit


def delete(path: str) -> Callable[[dict[str, Any]], None]:
    *parents, last = path.split(".")

    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        del target[last]

    return edit


FULL_PENTA_SHEET = {
    "scores": {
        "ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18,
        "three_of_a_kind": 20, "four_of_a_kind": 0, "full_house": 25, "small_straight": 30,
        "large_straight": 0, "chance": 22, "penta": 50,
    },
    "five_of_a_kind_bonuses": 0,
}  # fmt: skip

BAD = [
    # name, edit, error type, text the message must contain
    ("not an object", lambda d: d.clear(), SaveFileError, "format"),
    ("wrong format", set_in("format", "chess"), SaveFileError, "'chess'"),
    ("newer version", set_in("schema_version", NEWER), UnsupportedVersionError, f"not {NEWER}"),
    # Damaged, not newer: no build wrote them.
    ("version 0", set_in("schema_version", 0), SaveFileError, "not 0"),
    ("version as text", set_in("schema_version", "2"), SaveFileError, "'2'"),
    ("version true", set_in("schema_version", True), SaveFileError, "True"),
    ("missing key", delete("turn"), SaveFileError, "missing key 'turn'"),
    ("unknown key", set_in("cheat", 1), SaveFileError, "unknown key 'cheat'"),
    ("unknown ruleset", set_in("ruleset", "poker"), SaveFileError, "'poker'"),
    ("no players", set_in("players", []), SaveFileError, "players"),
    ("players not a list", set_in("players", {}), SaveFileError, "expected a list"),
    ("blank name", set_in("players.0.name", " "), SaveFileError, "players[0]"),
    ("name not text", set_in("players.0.name", 5), SaveFileError, "5"),
    ("unknown kind", set_in("players.1.kind", "robot"), SaveFileError, "'robot'"),
    ("human with level", set_in("players.0.level", "hard"), SaveFileError, "'hard'"),
    ("computer without level", set_in("players.1.level", None), SaveFileError, "players[1]"),
    ("player key", set_in("players.0.age", 9), SaveFileError, "unknown key 'age'"),
    ("too few sheets", lambda d: d["sheets"].pop(), SaveFileError, "not 1"),
    ("unknown box", set_in("sheets.0.scores.yahtzee", 50), SaveFileError, "'yahtzee'"),
    ("yatzy box in penta", set_in("sheets.0.scores.one_pair", 2), SaveFileError, "'one_pair'"),
    ("impossible ones", set_in("sheets.0.scores.ones", 7), SaveFileError, "no roll scores 7"),
    ("impossible full house", set_in("sheets.0.scores.penta", 25), SaveFileError, "25"),
    ("six ones", set_in("sheets.0.scores.ones", 6), SaveFileError, "ones"),
    ("score as float", set_in("sheets.0.scores.ones", 3.0), SaveFileError, "3.0"),
    ("score true", set_in("sheets.0.scores.ones", True), SaveFileError, "True"),
    ("negative score", set_in("sheets.0.scores.ones", -3), SaveFileError, "-3"),
    ("scores as list", set_in("sheets.0.scores", [3]), SaveFileError, "expected an object"),
    ("bonus without boxes", set_in("sheets.1.five_of_a_kind_bonuses", 1), SaveFileError, "1 bo"),
    (
        "bonus with penta sacrificed",
        lambda d: d["sheets"][0].update(
            {"scores": {"ones": 3, "penta": 0}, "five_of_a_kind_bonuses": 1}
        ),
        SaveFileError,
        "holding 0",
    ),
    ("negative bonus", set_in("sheets.0.five_of_a_kind_bonuses", -1), SaveFileError, "-1"),
    (
        "sheets out of turn order",
        set_in("sheets.1.scores", {"penta": 50, "chance": 20}),
        SaveFileError,
        "[2, 2]",
    ),
    ("turn of player 0", set_in("turn.player", 0), SaveFileError, "turn.player"),
    ("turn of player 2", set_in("turn.player", 2), SaveFileError, "got 2"),
    ("die 7", set_in("turn.dice", [4, 4, 4, 4, 7]), SaveFileError, "7"),
    ("four dice", set_in("turn.dice", [4, 4, 4, 4]), SaveFileError, "got 4"),
    ("too many rolls", set_in("turn.rolls_left", 3), SaveFileError, "got 3"),
    ("negative rolls", set_in("turn.rolls_left", -1), SaveFileError, "-1"),
    (
        "rolls left without dice",
        lambda d: d["turn"].update({"dice": None, "kept": [], "selected_box": None}),
        SaveFileError,
        "not 1",
    ),
    ("kept die 5", set_in("turn.kept", [0, 5]), SaveFileError, "got 5"),
    ("kept twice", set_in("turn.kept", [1, 1]), SaveFileError, "[1, 1]"),
    ("kept unsorted", set_in("turn.kept", [1, 0]), SaveFileError, "[1, 0]"),
    ("six kept", set_in("turn.kept", [0, 1, 2, 3, 4, 4]), SaveFileError, "got 6"),
    (
        "kept before the first roll",
        lambda d: d["turn"].update(
            {"dice": None, "rolls_left": 3, "selected_box": None, "kept": [2]}
        ),
        SaveFileError,
        "[2]",
    ),
    ("selected unknown", set_in("turn.selected_box", "pair"), SaveFileError, "'pair'"),
    ("selected filled", set_in("turn.selected_box", "penta"), SaveFileError, "'penta'"),
    ("selected forbidden", set_in("turn.selected_box", "chance"), SaveFileError, "joker"),
    ("selected number", set_in("turn.selected_box", 3), SaveFileError, "3"),
    (
        "selected before rolling",
        lambda d: d["turn"].update({"dice": None, "rolls_left": 3, "kept": []}),
        SaveFileError,
        "'fours'",
    ),
    ("unknown dice source", set_in("dice_source", {"kind": "loaded"}), SaveFileError, "loaded"),
    ("negative seed", set_in("dice_source.seed", -5), SaveFileError, "-5"),
    ("huge seed", set_in("dice_source.seed", 2**60), SaveFileError, str(2**60)),
    ("position rewound", set_in("dice_source.position", 20), SaveFileError, "at least 21"),
    ("source key", set_in("dice_source.extra", 0), SaveFileError, "unknown key 'extra'"),
    (
        "over but not player 0",
        lambda d: d.update(
            sheets=[FULL_PENTA_SHEET] * 2,
            turn={"player": 1, "dice": None, "kept": [], "rolls_left": 3, "selected_box": None},
        ),
        SaveFileError,
        "over",
    ),
    (
        "over with dice",
        lambda d: d.update(
            sheets=[FULL_PENTA_SHEET] * 2,
            turn={
                "player": 0,
                "dice": [1, 1, 1, 1, 1],
                "kept": [],
                "rolls_left": 2,
                "selected_box": None,
            },
        ),
        SaveFileError,
        "over",
    ),
]


@pytest.mark.parametrize(
    ("edit", "error", "names"), [case[1:] for case in BAD], ids=[case[0] for case in BAD]
)
def test_bad_saves_are_refused_with_a_clear_error(
    edit: Callable[[dict[str, Any]], object], error: type[SaveFileError], names: str
) -> None:
    with pytest.raises(error, match=re.escape(names)) as refused:
        game_from_data(changed(edit))
    assert type(refused.value) is error


def test_a_zero_in_chance_is_impossible() -> None:
    with pytest.raises(SaveFileError, match="chance"):
        game_from_data(changed(set_in("sheets.0.scores", {"chance": 0, "penta": 50})))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("", "is not"),
        ("{", "is not"),
        ("[1, 2]", "expected an object"),
        ('{"format": "penta-game", "format": "penta-game"}', "twice"),
        ('{"format": NaN}', "NaN"),
        ("[" * 100_000, "is not"),
    ],
)
def test_text_that_is_not_a_saved_game_is_refused(text: str, names: str) -> None:
    with pytest.raises(SaveFileError, match=names):
        load_game(text)
