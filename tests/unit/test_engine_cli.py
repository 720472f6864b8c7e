"""`python -m game`: score and play, run as a user would, and bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cli.main import main
from game.persistence.savefile import dump_game
from game.play.engine import new_game, roll, score
from game.play.move_log import MoveLog
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player
from game.rules.rulesets import get_ruleset

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "game"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def run_json(*args: str) -> Any:
    result = run(*args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_score_on_an_empty_sheet() -> None:
    out = run_json("score", "--ruleset", "penta", "--dice", "1-1-3-4-6")
    points = {row["box"]: row["points"] for row in out["boxes"]}
    assert points == Sheet.empty(get_ruleset("penta")).options((1, 1, 3, 4, 6)).points
    assert points["full_house"] == 0 and points["large_straight"] == 0 and points["ones"] == 2
    assert out["legal"] == list(get_ruleset("penta").box_ids)
    assert out["forbidden"] == [] and out["joker"] is None and out["player"] is None
    assert out["must_sacrifice"] is False and out["five_of_a_kind_bonus"] == 0


def test_score_yatzy_full_house_from_the_sheet() -> None:
    out = run_json("score", "--ruleset", "yatzy", "--dice", "66655")
    assert {row["box"]: row["points"] for row in out["boxes"]}["full_house"] == 28


def test_score_for_a_saved_games_current_player_applies_the_joker(tmp_path: Path) -> None:
    state = new_game("penta", [Player("Ann"), Player("Ben")], SeededDice(1))
    for player, box_id in [(0, "chance"), (1, "ones"), (0, "twos")]:
        state = score(roll(state, player), player, box_id)
    sheets = (state.sheets[0], Sheet.from_scores(state.ruleset, {"penta": 50}))
    saved = tmp_path / "game.json"
    # Sheets made up for the test: a log of the moves that made them cannot exist.
    made_up = replace(state, sheets=sheets, log=MoveLog(since_turn=3))
    saved.write_text(dump_game(made_up), encoding="utf-8")
    out = run_json("score", "--ruleset", "penta", "--dice", "44444", "--game", str(saved))
    assert out["player"] == {"index": 1, "name": "Ben"}
    assert out["legal"] == ["fours"] and out["joker"] == "same_face"
    assert out["five_of_a_kind_bonus"] == 100
    assert "penta" not in {row["box"] for row in out["boxes"]}
    assert {row["box"]: row["legal"] for row in out["boxes"]}["chance"] is False
    assert run_json("score", "--dice", "44444", "--game", str(saved)) == out


def test_play_a_seeded_game_replays_and_adds_up() -> None:
    first = run_json("play", "--ruleset", "yatzy", "--players", "3", "--seed", "11")
    assert first == run_json("play", "--ruleset", "yatzy", "--players", "3", "--seed", "11")
    for player in first["players"]:
        sheet = player["sheet"]
        assert len(sheet["boxes"]) == 15
        assert sheet["total"] == sum(sheet["boxes"].values()) + sheet["upper_bonus"]
    places = [row["place"] for row in first["standings"]]
    assert places[0] == 1 and places == sorted(places)


def test_a_100_player_game_plays_to_the_end() -> None:
    out = run_json("play", "--ruleset", "penta", "--players", "100", "--seed", "2026")
    assert len(out["players"]) == 100 and len(out["standings"]) == 100
    for player in out["players"]:
        sheet = player["sheet"]
        assert len(sheet["boxes"]) == 13
        assert sheet["total"] == (
            sum(sheet["boxes"].values())
            + sheet["upper_bonus"]
            + 100 * sheet["five_of_a_kind_bonuses"]
        )
    totals = {row["name"]: row["total"] for row in out["standings"]}
    assert totals == {p["name"]: p["sheet"]["total"] for p in out["players"]}


def test_play_without_a_seed_uses_system_randomness() -> None:
    out = run_json("play", "--ruleset", "penta", "--players", "1")
    assert out["seed"] is None and len(out["players"][0]["sheet"]["boxes"]) == 13


@pytest.mark.parametrize(
    ("args", "names"),
    [
        ([], "COMMAND"),
        (["dance"], "'dance'"),
        (["score", "--dice", "12345"], "--ruleset"),
        (["score", "--ruleset", "poker", "--dice", "12345"], "'poker'"),
        (["score", "--ruleset", "penta"], "--dice"),
        (["score", "--ruleset", "penta", "--dice", "1234"], "(1, 2, 3, 4)"),
        (["score", "--ruleset", "penta", "--dice", "12347"], "7"),
        (["score", "--ruleset", "penta", "--dice", "1a345"], "'1a345'"),
        (["score", "--ruleset", "penta", "--dice", "12345", "--game", "nope.json"], "nope.json"),
        (["score", "--ruleset", "penta", "--dice", "12345", "--bogus"], "--bogus"),
        (["play", "--ruleset", "penta"], "--players"),
        (["play", "--ruleset", "penta", "--players", "0"], "not 0"),
        (["play", "--ruleset", "penta", "--players", "two"], "'two'"),
        (["play", "--ruleset", "penta", "--players", "2", "--seed", "-1"], "-1"),
        (["play", "--ruleset", "penta", "--players", "2", "--seed", "x"], "'x'"),
    ],
)
def test_bad_arguments_print_one_line_and_exit_2(
    args: list[str], names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("python -m game: error: ")
    assert names in lines[0]


def test_bad_arguments_exit_2_from_the_command_line() -> None:
    result = run("play", "--ruleset", "penta", "--players", "-3")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "python -m game: error: --players is 1 to 1000, not -3\n"


def test_a_bad_saved_game_is_a_one_line_error(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text('{"format": "penta-game", "schema_version": 9}', encoding="utf-8")
    result = run("score", "--dice", "12345", "--game", str(saved))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "not 9" in result.stderr


def test_a_saved_game_of_another_ruleset_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(dump_game(new_game("yatzy", [Player("A")], SeededDice(0))))
    result = run("score", "--ruleset", "penta", "--dice", "12345", "--game", str(saved))
    assert result.returncode == 2 and "'yatzy'" in result.stderr


@pytest.mark.parametrize(
    ("args", "lines_read"),
    [
        (["score", "--ruleset", "yatzy", "--dice", "22444"], 0),
        # About 210 kB, three times what a pipe holds (64 kB), so the reader is gone while it is
        # still being written (1000 players took 12 s to play first).
        (
            ["play", "--ruleset", "penta", "--players", "300", "--seed", "1", "--level", "random"],
            3,
        ),
    ],
)
def test_a_reader_that_goes_away_ends_the_command_quietly(args: list[str], lines_read: int) -> None:
    """As in `python -m game score ... | head`: no traceback, no 'Exception ignored' at exit."""
    with subprocess.Popen(
        [*COMMAND, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        for _ in range(lines_read):
            assert process.stdout.readline()
        process.stdout.close()
        errors = process.stderr.read().decode()
        status = process.wait(timeout=120)
    assert errors == ""
    assert status == 1
