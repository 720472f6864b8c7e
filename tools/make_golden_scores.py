"""Write the golden score tables that tests/rules check the engine against.

    python tools/make_golden_scores.py          # rewrite tests/golden/
    python tools/make_golden_scores.py --check  # exit 1 if the files on disk differ

The scoring here is written again from the rule text of issue 3 (and the sheets in
../shared/rules/), deliberately without importing game.rules.rulesets and in a different style
(patterns over the sorted dice instead of scorer objects), so that the tables are a second
opinion and not the engine echoing itself. Rows were spot-checked by hand against the
worked examples; tests/rules/test_worked_examples.py pins those examples separately.

Outputs:
  <ruleset>_empty_sheet.csv  every one of the 252 sorted rolls times every box, on an empty sheet
  penta_joker.json           five of a kind on sheets where the Penta bonus and joker decide
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from itertools import combinations_with_replacement
from pathlib import Path

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"

Roll = tuple[int, ...]
Rule = Callable[[Roll], int]

UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"]


def shape(roll: Roll) -> list[int]:
    """How many dice share each shown face, largest group first: 3-3-3-5-5 -> [3, 2]."""
    return sorted(Counter(roll).values(), reverse=True)


def faces_string(roll: Roll) -> str:
    """The distinct faces in order as digits: 1-1-3-4-6 -> '1346'."""
    return "".join(str(face) for face in sorted(set(roll)))


def upper(face: int) -> Rule:
    return lambda roll: sum(die for die in roll if die == face)


# Penta (American): ------------------------------------------------------------------------
def penta_of_a_kind(least: int) -> Rule:
    return lambda roll: sum(roll) if shape(roll)[0] >= least else 0


PENTA: dict[str, Rule] = {
    **{name: upper(face) for face, name in enumerate(UPPER, start=1)},
    "three_of_a_kind": penta_of_a_kind(3),
    "four_of_a_kind": penta_of_a_kind(4),
    "full_house": lambda roll: 25 if shape(roll) == [3, 2] else 0,
    "small_straight": lambda roll: (
        30 if any(run in faces_string(roll) for run in ("1234", "2345", "3456")) else 0
    ),
    "large_straight": lambda roll: 40 if faces_string(roll) in ("12345", "23456") else 0,
    "chance": sum,
    "penta": lambda roll: 50 if shape(roll) == [5] else 0,
}
PENTA_LOWER = [name for name in PENTA if name not in UPPER and name != "penta"]
PENTA_JOKER_FIXED = {"full_house": 25, "small_straight": 30, "large_straight": 40}


# Yatzy (Scandinavian): ------------------------------------------------------------------
def faces_with_at_least(roll: Roll, count: int) -> list[int]:
    """Faces shown on at least `count` dice, highest first."""
    return sorted((face for face, n in Counter(roll).items() if n >= count), reverse=True)


def yatzy_of_a_kind(count: int) -> Rule:
    def rule(roll: Roll) -> int:
        faces = faces_with_at_least(roll, count)
        return count * faces[0] if faces else 0

    return rule


def yatzy_two_pairs(roll: Roll) -> int:
    faces = faces_with_at_least(roll, 2)
    return 2 * faces[0] + 2 * faces[1] if len(faces) >= 2 else 0


YATZY: dict[str, Rule] = {
    **{name: upper(face) for face, name in enumerate(UPPER, start=1)},
    "one_pair": yatzy_of_a_kind(2),
    "two_pairs": yatzy_two_pairs,
    "three_of_a_kind": yatzy_of_a_kind(3),
    "four_of_a_kind": yatzy_of_a_kind(4),
    "small_straight": lambda roll: 15 if sorted(roll) == [1, 2, 3, 4, 5] else 0,
    "large_straight": lambda roll: 20 if sorted(roll) == [2, 3, 4, 5, 6] else 0,
    "full_house": lambda roll: sum(roll) if shape(roll) == [3, 2] else 0,
    "chance": sum,
    "yatzy": lambda roll: 50 if shape(roll) == [5] else 0,
}

ALL_ROLLS: list[Roll] = list(combinations_with_replacement(range(1, 7), 5))


def empty_sheet_table(rules: dict[str, Rule]) -> str:
    lines = [",".join(["dice", *rules])]
    for roll in ALL_ROLLS:
        digits = "".join(map(str, roll))
        lines.append(",".join([digits, *(str(rule(roll)) for rule in rules.values())]))
    return "\n".join(lines) + "\n"


# The Penta joker, from the rule text: ----------------------------------------------------
def penta_five_of_a_kind(face: int, filled: dict[str, int]) -> dict[str, object]:
    """Where five `face`s may go on a Penta sheet with the `filled` boxes, and for how much."""
    roll = (face,) * 5
    open_boxes = [name for name in PENTA if name not in filled]
    plain = {name: PENTA[name](roll) for name in open_boxes}
    if filled.get("penta") != 50:  # open or sacrificed: an ordinary roll
        return {"points": plain, "legal": open_boxes, "bonus": 0}
    own_box = UPPER[face - 1]
    if own_box in open_boxes:
        return {"points": plain, "legal": [own_box], "bonus": 100}
    open_lower = [name for name in PENTA_LOWER if name in open_boxes]
    if open_lower:
        points = dict(plain)
        for name in open_lower:
            points[name] = PENTA_JOKER_FIXED.get(name, 5 * face)
        return {"points": points, "legal": open_lower, "bonus": 100}
    return {"points": plain, "legal": open_boxes, "bonus": 100}


def arbitrary_fill(names: list[str]) -> dict[str, int]:
    """Some possible points for boxes that are already filled (the values do not matter)."""
    return {name: 0 for name in names}


def penta_joker_cases() -> list[dict[str, object]]:
    cases: list[dict[str, object]] = []
    for face in range(1, 7):
        own_box = UPPER[face - 1]
        other_upper = [name for name in UPPER if name != own_box]
        sheets = {
            "penta open: ordinary roll": {},
            "penta sacrificed: ordinary roll": {"penta": 0},
            "(a) own upper box open": {"penta": 50},
            "(a) own upper box open, lower full": {
                "penta": 50,
                **arbitrary_fill(PENTA_LOWER),
            },
            "(b) own upper box filled, lower open": {"penta": 50, own_box: 0},
            "(b) own upper box filled, some lower open": {
                "penta": 50,
                own_box: 0,
                **arbitrary_fill(["three_of_a_kind", "large_straight"]),
            },
            "(c) own upper box and lower full": {
                "penta": 50,
                own_box: 0,
                **arbitrary_fill(PENTA_LOWER),
            },
            "(c) one upper box left": {
                "penta": 50,
                own_box: 0,
                **arbitrary_fill(PENTA_LOWER + other_upper[1:]),
            },
            "penta sacrificed, own upper box filled": {"penta": 0, own_box: 0},
        }
        for case, filled in sheets.items():
            cases.append(
                {
                    "case": case,
                    "dice": [face] * 5,
                    "filled": filled,
                    "expected": penta_five_of_a_kind(face, filled),
                }
            )
    return cases


def outputs() -> dict[str, str]:
    return {
        "penta_empty_sheet.csv": empty_sheet_table(PENTA),
        "yatzy_empty_sheet.csv": empty_sheet_table(YATZY),
        "penta_joker.json": json.dumps(penta_joker_cases(), indent=1) + "\n",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    stale = []
    for name, text in outputs().items():
        path = GOLDEN_DIR / name
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
    if stale:
        print(f"golden files out of date: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
