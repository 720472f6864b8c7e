"""python -m game advise / simulate, run in-process through cli.main.main."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game.play.engine as engine
from cli import tables as table_module
from cli.main import main
from cli.tables import table_file_name
from game.persistence.savefile import dump_game
from game.play.random_source import SeededDice
from game.play.state import Player
from game.rules.rulesets import PENTA, YATZY
from tests.strategy.solutions import encoded, solved


@pytest.fixture(autouse=True)
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Tables from this session's solve, so the commands do not depend on a build step."""
    for ruleset in (PENTA, YATZY):
        (tmp_path / table_file_name(ruleset)).write_bytes(encoded(ruleset))
    monkeypatch.setattr(table_module, "TABLES_DIR", tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    """The exit status, the printed JSON (None after a failure) and the error text."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, json.loads(captured.out) if status == 0 else None, captured.err


def test_advise_a_new_game_gives_the_start_value(capsys: pytest.CaptureFixture[str]) -> None:
    status, output, _ = run(capsys, "advise", "--ruleset", "penta")
    assert status == 0
    assert output["actions"] == [
        {"action": "roll", "expected": round(solved(PENTA).start_value, 6)}
    ]


def test_advise_a_saved_game_ranks_its_actions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = engine.new_game(YATZY, [Player("Ada")], SeededDice(4))
    game = engine.roll(game, 0)
    saved = tmp_path / "game.json"
    saved.write_text(dump_game(game), encoding="utf-8")
    status, output, _ = run(capsys, "advise", "--game", str(saved))
    assert status == 0
    assert game.dice is not None
    assert output["dice"] == list(game.dice)
    assert output["rolls_left"] == 2
    actions = output["actions"]
    expected = [action["expected"] for action in actions]
    assert expected == sorted(expected, reverse=True)
    assert {action["action"] for action in actions} == {"keep", "score"}
    for action in actions:
        if action["action"] == "keep":
            assert sorted(game.dice[i] for i in action["positions"]) == action["keep"]


def test_simulate_prints_the_summary_and_replays_with_a_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--ruleset", "penta", "--level", "optimal", "--games", "12"]
    _, one, _ = run(capsys, *argv, "--seed", "9", "--workers", "1")
    _, two, _ = run(capsys, *argv, "--seed", "9", "--workers", "2")
    assert isinstance(one, dict) and isinstance(two, dict)
    for key in ("mean", "standard_deviation", "percentiles", "minimum", "maximum"):
        assert one[key] == two[key]
    assert one["games"] == 12 and one["optimal_expected"] == round(solved(PENTA).start_value, 6)
    assert one["minimum"] <= one["percentiles"]["p50"] <= one["maximum"]


def test_the_beginner_needs_no_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(table_module, "TABLES_DIR", tmp_path / "none")
    status, output, _ = run(
        capsys, "simulate", "--ruleset", "yatzy", "--level", "beginner", "--games", "5"
    )
    assert status == 0 and "optimal_expected" not in output


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["advise"], "--game or --ruleset"),
        (["advise", "--ruleset", "penta", "--game", "x.json"], "not both"),
        (["simulate", "--ruleset", "penta", "--level", "optimal", "--games", "0"], "--games"),
        (["simulate", "--ruleset", "penta", "--level", "expert", "--games", "3"], "expert"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, error = run(capsys, *argv)
    assert status == 2
    assert message in error and error.count("\n") == 1


def test_a_missing_table_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(table_module, "TABLES_DIR", tmp_path / "none")
    status, _, error = run(capsys, "advise", "--ruleset", "yatzy")
    assert status == 2 and "cannot read strategy table" in error
