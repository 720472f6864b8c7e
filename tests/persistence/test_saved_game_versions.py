"""Saved games, schema 2: migration from schema 1, and the last turn kept for undo."""

from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import SaveFileError, UnsupportedVersionError
from game.persistence.migrations import MigrationChain
from game.persistence.savefile import (
    SCHEMA_VERSION,
    dump_game,
    game_from_data,
    game_to_data,
    load_game,
    load_saved_game,
    saved_game_from_data,
)
from game.play.engine import score
from tests.persistence.persistence_helpers import penta_joker_turn, random_steps, seeded_game
from tests.profiles import examples

FIXTURES = Path(__file__).parent / "fixtures"
SCHEMA_1_FIXTURES = sorted(FIXTURES.glob("saved_game_schema1_*.json"))


def as_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """What the build before schema 2 wrote for the same game."""
    old = {key: value for key, value in data.items() if key not in ("last_turn", "log")}
    old["schema_version"] = 1
    return old


# --- the migration chain ---------------------------------------------------------------------


def test_a_chain_applies_its_steps_in_order_and_leaves_the_input_alone() -> None:
    chain = MigrationChain(
        "toy",
        current=3,
        steps={
            1: lambda d: {**d, "trail": [*d["trail"], 2]},
            2: lambda d: d | {"trail": [*d["trail"], 3]},
        },
    )
    original = {"trail": [1]}
    assert chain.upgrade(original, 1) == {"trail": [1, 2, 3]}
    assert chain.upgrade(original, 2) == {"trail": [1, 3]}
    assert chain.upgrade(original, 3) is original
    assert original == {"trail": [1]}
    assert chain.oldest == 1


@pytest.mark.parametrize(
    ("version", "names", "newer"),
    [
        (0, "not 0", False),
        (4, "not 4 (saved by a newer build)", True),
        ("2", "'2'", False),
        (True, "True", False),
        (None, "None", False),
    ],
)
def test_a_chain_refuses_versions_it_cannot_read(version: object, names: str, newer: bool) -> None:
    """Only a whole number past the current version is a newer build's: "a newer version" said
    of a version 0 or "5" sent a player looking for an update (a hostile-data walk)."""
    chain = MigrationChain("toy", current=3, steps={1: dict, 2: dict})
    with pytest.raises(SaveFileError, match=re.escape(names)) as refused:
        chain.upgrade({}, version)
    assert isinstance(refused.value, UnsupportedVersionError) is newer


def test_a_chain_with_a_gap_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match=r"from versions \[1, 3\]"):
        MigrationChain("toy", current=4, steps={1: dict, 3: dict})


# --- schema 1 saved games --------------------------------------------------------------------


def test_there_are_schema_1_fixtures() -> None:
    assert len(SCHEMA_1_FIXTURES) == 2
    for path in SCHEMA_1_FIXTURES:
        assert json.loads(path.read_text(encoding="utf-8"))["schema_version"] == 1


@pytest.mark.parametrize("path", SCHEMA_1_FIXTURES, ids=lambda path: path.stem)
def test_a_committed_schema_1_game_loads_and_saves_as_the_current_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    saved = load_saved_game(text)
    assert saved.before_last_turn is None  # schema 1 kept no last turn
    data = game_to_data(saved.game)
    assert data["schema_version"] == SCHEMA_VERSION
    assert data["last_turn"] is None
    assert data["log"]["moves"] == [] and data["log"]["since_turn"] > 0
    assert as_schema_1(data) == json.loads(text)  # nothing else changed


def test_the_mid_turn_fixture_keeps_its_dice_kept_dice_and_rolls_left() -> None:
    game = load_game((FIXTURES / "saved_game_schema1_penta_mid_turn.json").read_bytes())
    assert (game.current_player, game.dice, game.kept, game.rolls_left) == (
        1,
        (4, 2, 5, 2, 1),
        (1, 3),
        1,
    )
    assert game.selected_box == "chance"
    assert game.sheets[0].total == 5 and game.sheets[1].total == 0


@settings(max_examples=examples(60), deadline=None)
@given(
    ruleset_id=st.sampled_from(["penta", "yatzy"]),
    count=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
)
def test_any_game_saved_in_schema_1_loads_as_the_same_game(
    ruleset_id: str, count: int, seed: int, steps: int
) -> None:
    state = seeded_game(ruleset_id, count, seed)
    for index, (_, after) in enumerate(random_steps(state, random.Random(seed))):
        state = after
        if index == steps:
            break
    old = as_schema_1(game_to_data(state))
    frozen = copy.deepcopy(old)
    loaded = game_from_data(old)
    assert replace(loaded, log=state.log) == state
    assert loaded.log.moves == () and not loaded.log.complete
    assert old == frozen  # migrating does not edit the caller's data


# --- the last turn ---------------------------------------------------------------------------


def test_a_penta_bonus_turn_round_trips_with_its_state_before() -> None:
    before = penta_joker_turn()
    after = score(before, 0, "fours")
    assert (
        after.sheets[0].points_in("fours") == 20 and after.sheets[0].five_of_a_kind_bonus_count == 1
    )
    text = dump_game(after, before)
    assert json.loads(text)["last_turn"] == {
        "player": 0,
        "box": "fours",
        "dice": [4, 4, 4, 4, 4],
        "kept": [0, 1, 2],
        "rolls_left": 1,
        "selected_box": None,
    }
    saved = load_saved_game(text)
    assert saved.game == after and saved.before_last_turn == before
    assert saved.before_last_turn.sheets[0].five_of_a_kind_bonus_count == 0
    assert dump_game(saved.game, saved.before_last_turn) == text


@settings(max_examples=examples(40), deadline=None)
@given(
    ruleset_id=st.sampled_from(["penta", "yatzy"]),
    count=st.integers(1, 3),
    seed=st.integers(0, 2**32),
)
def test_every_confirmed_box_of_a_game_round_trips_with_its_last_turn(
    ruleset_id: str, count: int, seed: int
) -> None:
    state = seeded_game(ruleset_id, count, seed)
    for before, after in random_steps(state, random.Random(seed)):
        if after.dice is None:  # a box was just confirmed
            saved = saved_game_from_data(json.loads(dump_game(after, before)))
            assert saved.game == after and saved.before_last_turn == before


def test_a_state_that_is_not_the_one_before_is_not_saved_as_a_last_turn() -> None:
    before = penta_joker_turn()
    with pytest.raises(ValueError, match="not the state before a confirmed box"):
        game_to_data(before, before)


def saved_with_last_turn() -> dict[str, Any]:
    before = penta_joker_turn(fours_open=False)  # joker (b): Full house takes 25 + 100
    return game_to_data(score(before, 0, "full_house"), before)


def set_last(key: str, value: object) -> dict[str, Any]:
    data = saved_with_last_turn()
    data["last_turn"][key] = value
    return data


TAMPERED = [
    ("not an object", lambda: saved_with_last_turn() | {"last_turn": [0]}, "expected an object"),
    ("unknown key", lambda: set_last("undo_count", 1), "unknown key 'undo_count'"),
    (
        "missing key",
        lambda: {**saved_with_last_turn(), "last_turn": {"player": 0}},
        "missing key 'box'",
    ),
    ("wrong player", lambda: set_last("player", 1), "got 1"),
    ("open box", lambda: set_last("box", "chance"), "'chance'"),
    ("unknown box", lambda: set_last("box", "yahtzee"), "'yahtzee'"),
    ("other dice", lambda: set_last("dice", [1, 2, 3, 4, 5]), "does not give the saved game"),
    ("bad die", lambda: set_last("dice", [4, 4, 4, 4, 9]), "9"),
    ("more rolls", lambda: set_last("rolls_left", 3), "last_turn: turn.rolls_left"),
    ("kept unsorted", lambda: set_last("kept", [2, 0]), "[2, 0]"),
    ("selected elsewhere", lambda: set_last("selected_box", "fours"), "'fours'"),
    (
        "bonus not earned",
        lambda: (
            saved_with_last_turn()
            | {
                "sheets": [
                    {
                        "scores": {"ones": 3, "fours": 12, "full_house": 25, "penta": 50},
                        "five_of_a_kind_bonuses": 0,
                    }
                ]
            }
        ),
        "earns a five-of-a-kind bonus",
    ),
]


@pytest.mark.parametrize(
    ("make", "names"), [case[1:] for case in TAMPERED], ids=[case[0] for case in TAMPERED]
)
def test_a_tampered_last_turn_is_refused(make: Any, names: str) -> None:
    with pytest.raises(SaveFileError, match=re.escape(names)):
        saved_game_from_data(make())


def test_a_last_turn_after_a_new_roll_is_refused() -> None:
    data = saved_with_last_turn()
    data["turn"].update({"dice": [1, 2, 3, 4, 5], "rolls_left": 2})
    data["dice_source"]["position"] += 5
    data["log"]["moves"].append("roll 12345")
    with pytest.raises(SaveFileError, match="last_turn"):
        saved_game_from_data(data)
