"""Every one of the 252 rolls in every box, against tables written from the rule text.

The tables in tests/golden/ come from tools/make_golden_scores.py, which scores the rules
again without using game.rules.rulesets.
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.errors import InvalidDiceError
from game.play.engine import new_game, roll
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player
from game.rules.dice import ALL_ROLLS
from game.rules.rulesets import RULESETS, get_ruleset, score_options

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"


def golden_table(ruleset_id: str) -> list[dict[str, str]]:
    with (GOLDEN / f"{ruleset_id}_empty_sheet.csv").open(newline="") as table:
        return list(csv.DictReader(table))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_table_covers_every_roll_and_box(ruleset_id: str) -> None:
    rows = golden_table(ruleset_id)
    assert [tuple(map(int, row["dice"])) for row in rows] == list(ALL_ROLLS)
    assert list(rows[0])[1:] == list(get_ruleset(ruleset_id).box_ids)


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_empty_sheet_scores_match_golden_table(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    empty = Sheet.empty(ruleset)
    mismatches = []
    for row in golden_table(ruleset_id):
        dice = tuple(map(int, row["dice"]))
        expected = {box_id: int(row[box_id]) for box_id in ruleset.box_ids}
        options = empty.options(dice)
        if options.points != expected or options.legal != set(expected):
            mismatches.append((row["dice"], options.points, expected))
    assert mismatches == []


PENTA_JOKER_CASES = json.loads((GOLDEN / "penta_joker.json").read_text())


@pytest.mark.parametrize(
    "case", PENTA_JOKER_CASES, ids=[f"{c['dice'][0]}x5 {c['case']}" for c in PENTA_JOKER_CASES]
)
def test_penta_five_of_a_kind_matches_golden_cases(case: dict[str, object]) -> None:
    expected = case["expected"]
    assert isinstance(expected, dict)
    sheet = Sheet.from_scores(get_ruleset("penta"), case["filled"])  # type: ignore[arg-type]
    options = sheet.options(case["dice"])  # type: ignore[arg-type]
    assert options.points == expected["points"]
    assert options.legal == set(expected["legal"])
    assert options.five_of_a_kind_bonus == expected["bonus"]


def test_golden_files_are_what_the_generator_writes() -> None:
    generator = ROOT / "tools" / "make_golden_scores.py"
    result = subprocess.run(
        [sys.executable, str(generator), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@pytest.mark.parametrize("dice", [(7, 7, 7, 7, 7), (1, 2, 3), (0, 1, 2, 3, 4), (1, 2, 3, 4, True)])
def test_scoring_refuses_what_are_not_five_dice_naming_them(
    ruleset_id: str, dice: tuple[int, ...]
) -> None:
    ruleset = get_ruleset(ruleset_id)
    for box_id in ruleset.box_ids:
        with pytest.raises(InvalidDiceError, match=re.escape(repr(dice))):
            ruleset.points(box_id, dice)
    with pytest.raises(InvalidDiceError, match=re.escape(repr(dice))):
        score_options(ruleset, set(ruleset.box_ids), None, dice)


def test_a_dice_source_that_draws_no_faces_is_refused_at_the_roll_and_changes_nothing() -> None:
    class Broken:
        def draw(self, count: int, at: object = None) -> tuple[tuple[int, ...], Broken]:
            return (7,) * count, self

    game = new_game("penta", [Player("Dana")], Broken())
    with pytest.raises(InvalidDiceError, match="not 7"):
        roll(game, 0)
    rolled = roll(replace(game, dice_source=SeededDice(1)), 0)
    with pytest.raises(InvalidDiceError, match="not 7"):
        roll(replace(rolled, dice_source=Broken()), 0, keep=[0])
