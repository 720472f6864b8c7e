"""The review of a finished game (game.coach.review): the exact split of every final score,
losses that are the advisor's, and `python -m game play --save` then `review`."""

from __future__ import annotations

import json
import random
import shutil
import time
from dataclasses import replace
from pathlib import Path

import pytest

from cli import tables as table_module
from cli.computer_play import computer_game
from cli.main import main
from cli.random_play import random_game
from cli.tables import distribution_file_name, table_file_name
from game.coach.optimal import position_of
from game.coach.review import ReviewError, review_game
from game.persistence.savefile import dump_game, load_game
from game.play.engine import new_game, roll, score
from game.play.move_log import Kept, MoveLog, Rolled, Scored
from game.play.random_source import SeededDice
from game.play.state import GameState, Player, PlayerKind
from game.rules.rulesets import PENTA, YATZY, Ruleset
from game.strategy.advisor import Advisor, Keep, Score
from tests.profiles import examples, is_thorough
from tests.strategy.solutions import encoded

CHECKOUT_TABLES = table_module.TABLES_DIR
GAMES_PER_RULESET = 500 if is_thorough() else 100
"""500 random games per ruleset in the thorough profile (CI; 10 to 25 ms a game of one to three
players, played and reviewed), 100 while working. Every game checks the whole identity; 2,000 a
ruleset cost CI about 95 s of CPU, a fifth of its CPython tests."""
GAMES_PER_TEST = 250
"""The games are checked in tests of at most this many, which the test workers share out: one
test of 2,000 games ran alone for the last minute and a half of a CI run."""


def random_finished_game(ruleset: Ruleset, seed: int) -> GameState:
    chooser = random.Random(seed)
    seats = [Player(f"P{n}") for n in range(chooser.choice([1, 1, 2, 3]))] or [Player("Solo")]
    return random_game(new_game(ruleset, seats, SeededDice(seed)), chooser)


@pytest.mark.parametrize("first_seed", range(0, GAMES_PER_RULESET, GAMES_PER_TEST))
def test_final_score_is_start_plus_luck_minus_points_lost_on_random_games(
    advisor: Advisor, ruleset: Ruleset, first_seed: int
) -> None:
    started = time.perf_counter()
    worst = 0.0
    reviewed = 0
    seeds = range(first_seed, min(first_seed + GAMES_PER_TEST, GAMES_PER_RULESET))
    for seed in seeds:
        game = random_finished_game(ruleset, seed)
        # The sums only: without what each keep aimed at (a random player's many keeps made
        # each game's review ten times slower; test_keep_aims checks the aims).
        review = review_game(ruleset, len(game.players), game.log, advisor, aims=False)
        for player, sheet in zip(review.players, game.sheets, strict=True):
            assert player.final == sheet.total
            assert player.start_expected == advisor.table.start_value
            split = player.start_expected + player.luck - player.points_lost
            worst = max(worst, abs(split - player.final))
            reviewed += 1
        assert all(decision.loss >= 0 for decision in review.decisions)
    assert worst < 1e-6, worst
    print(f"{ruleset.id}: games {seeds.start}-{seeds.stop - 1}, {reviewed} players reviewed in "
          f"{time.perf_counter() - started:.1f} s, worst |split - final| {worst:.2e}")  # fmt: skip


def replayed_states(game: GameState, seed: int) -> list[tuple[GameState, Kept | None]]:
    """Every position a decision was made in, rebuilt through the engine from the log's keeps
    and boxes and the game's seed, with the keep made there (None for a box)."""
    state = new_game(game.ruleset, game.players, SeededDice(seed))
    positions: list[tuple[GameState, Kept | None]] = []
    keep: tuple[int, ...] | None = None
    for move in game.log.moves:
        if isinstance(move, Kept):
            positions.append((state, move))
            keep = move.positions
        elif isinstance(move, Rolled):
            state = roll(state, state.current_player, keep)
            keep = None
            assert state.dice == move.dice
        else:
            assert isinstance(move, Scored)
            positions.append((state, None))
            state = score(state, state.current_player, move.box)
    return positions


@pytest.mark.parametrize("level", ["casual", "beginner"])
def test_every_decision_is_valued_as_the_advisor_values_it(
    advisor: Advisor, ruleset: Ruleset, level: str
) -> None:
    for seed in range(examples(20)):
        seats = [Player("A"), Player("B", PlayerKind.COMPUTER, level)]
        game = computer_game(
            new_game(ruleset, seats, SeededDice(seed)), level, advisor, random.Random(seed)
        )
        # Without what each keep aimed at (test_keep_aims checks it): 5-8 times faster.
        review = review_game(ruleset, 2, game.log, advisor, aims=False)
        if seed == 0:  # the aims change nothing else
            with_aims = review_game(ruleset, 2, game.log, advisor)
            assert with_aims.players == review.players
            assert [replace(d, aim=None) for d in with_aims.decisions] == list(review.decisions)
        states = replayed_states(game, seed)
        assert len(states) == len(review.decisions)
        for decision, (state, kept) in zip(review.decisions, states, strict=True):
            ranked = advisor.rank(position_of(state))
            assert (decision.player, decision.dice, decision.rolls_left) == (
                state.current_player, state.dice, state.rolls_left
            )  # fmt: skip
            assert decision.turn == state.turn_number
            assert decision.best == ranked[0].action
            assert decision.best_expected == ranked[0].expected
            assert state.dice is not None
            if kept is None:
                assert isinstance(decision.choice, Score)
                chosen = [r for r in ranked if r.action == decision.choice]
            else:
                faces = tuple(sorted(state.dice[die] for die in kept.positions))
                assert decision.choice == Keep(faces)
                chosen = [r for r in ranked if r.action == Keep(faces)]
            assert [r.expected for r in chosen] == [decision.choice_expected]
            assert decision.loss == ranked[0].expected - decision.choice_expected
            assert decision.optimal == (decision.loss <= 1e-9)


def test_optimal_play_loses_nothing(advisor: Advisor, ruleset: Ruleset) -> None:
    game = computer_game(
        new_game(ruleset, [Player("Best", PlayerKind.COMPUTER, "optimal")], SeededDice(3)),
        "optimal", advisor, random.Random(3),
    )  # fmt: skip
    (player,) = review_game(ruleset, 1, game.log, advisor).players
    assert player.points_lost == 0 and player.optimal_share == 1
    assert abs(player.start_expected + player.luck - player.final) < 1e-6


def test_only_a_whole_finished_game_is_reviewed(advisor: Advisor, ruleset: Ruleset) -> None:
    game = random_finished_game(ruleset, 1)
    with pytest.raises(ReviewError, match="starts at game turn 4"):
        review_game(ruleset, len(game.players), MoveLog(4, game.log.moves), advisor)
    with pytest.raises(ReviewError, match="not finished"):
        review_game(ruleset, len(game.players), MoveLog(0, game.log.moves[:-1]), advisor)
    with pytest.raises(ReviewError, match="cannot be replayed"):
        review_game(ruleset, len(game.players), MoveLog(0, game.log.moves[1:]), advisor)


# --- the command line -----------------------------------------------------------------------


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This session's tables (the commands do not depend on a build step) and the checkout's
    score distributions (committed)."""
    for ruleset in (PENTA, YATZY):
        (tmp_path / table_file_name(ruleset)).write_bytes(encoded(ruleset))
        name = distribution_file_name(ruleset)
        shutil.copy(CHECKOUT_TABLES / name, tmp_path / name)
    monkeypatch.setattr(table_module, "TABLES_DIR", tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return json.loads(captured.out)


@pytest.mark.usefixtures("tables")
@pytest.mark.parametrize("ruleset_id", ["penta", "yatzy"])
def test_play_then_review_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, ruleset_id: str
) -> None:
    saved = tmp_path / "game.json"
    played = run(capsys, "play", "--ruleset", ruleset_id, "--players", "2", "--seed", "7",
                 "--save", str(saved))  # fmt: skip
    assert isinstance(played, dict) and played["level"] == "casual"
    game = load_game(saved.read_bytes())
    assert game.is_over and game.log.complete
    assert [p.level for p in game.players] == ["casual", "casual"]
    out = run(capsys, "review", "--game", str(saved))
    assert isinstance(out, dict) and set(out) == {"decisions", "players"}
    decision_keys = {"player", "turn", "roll", "entered", "dice", "rolls_left", "choice", "best",
                     "choice_expected", "best_expected", "loss", "advised"}  # fmt: skip
    boxes = len(game.ruleset.box_ids)
    for decision in out["decisions"]:
        assert set(decision) == decision_keys
        assert 1 <= decision["turn"] <= boxes and 1 <= decision["roll"] <= 3
        assert decision["roll"] + decision["rolls_left"] == 3
        assert decision["entered"] is False  # rolled on screen: every roll seen
        assert decision["loss"] == decision["best_expected"] - decision["choice_expected"]
        for choice in (decision["choice"], decision["best"]):
            assert list(choice) in (["keep"], ["box"])
            if "keep" in choice:
                assert choice["keep"] == sorted(choice["keep"])
    scored = [d["choice"]["box"] for d in out["decisions"] if "box" in d["choice"]]
    assert len(scored) == 2 * boxes
    for seat, player in enumerate(out["players"]):
        assert set(player) == {"final", "start_expected", "luck", "points_lost",
                               "optimal_share", "advised_decisions", "percentile"}  # fmt: skip
        assert player["advised_decisions"] == 0  # the command line's games take no hint
        assert player["final"] == game.sheets[seat].total
        split = player["start_expected"] + player["luck"] - player["points_lost"]
        assert abs(split - player["final"]) < 1e-6
        lost = sum(d["loss"] for d in out["decisions"] if d["player"] == seat)
        assert abs(lost - player["points_lost"]) < 1e-9
        assert 0 <= player["percentile"] <= 100 and 0 <= player["optimal_share"] <= 1
    # The same seed plays the same game.
    again = tmp_path / "again.json"
    run(capsys, "play", "--ruleset", ruleset_id, "--players", "2", "--seed", "7",
        "--save", str(again))  # fmt: skip
    assert again.read_text(encoding="utf-8") == saved.read_text(encoding="utf-8")


@pytest.mark.usefixtures("tables")
def test_review_refuses_an_unfinished_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(dump_game(roll(new_game(PENTA, [Player("A")], SeededDice(1)), 0)), "utf-8")
    assert main(["review", "--game", str(saved)]) == 2
    assert "not over" in capsys.readouterr().err


@pytest.mark.usefixtures("tables")
def test_losses_agree_with_the_advise_command_on_every_decision(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    run(capsys, "play", "--ruleset", "yatzy", "--players", "1", "--seed", "4", "--level",
        "beginner", "--save", str(saved))  # fmt: skip
    game = load_game(saved.read_bytes())
    review = run(capsys, "review", "--game", str(saved))
    assert isinstance(review, dict)
    position = tmp_path / "position.json"
    states = replayed_states(game, 4)
    assert len(states) == len(review["decisions"])
    for decision, (state, _) in zip(review["decisions"], states, strict=True):
        position.write_text(dump_game(state), encoding="utf-8")
        advised = run(capsys, "advise", "--game", str(position))
        assert isinstance(advised, dict) and advised["dice"] == decision["dice"]
        actions = advised["actions"]
        assert round(decision["best_expected"], 6) == actions[0]["expected"]
        ((kind, value),) = decision["choice"].items()  # {"keep": faces} or {"box": id}
        action_name = "keep" if kind == "keep" else "score"
        chosen = [
            action["expected"]
            for action in actions
            if action["action"] == action_name and action.get(kind) == value
        ]
        assert chosen == [round(decision["choice_expected"], 6)]
        assert abs(actions[0]["expected"] - chosen[0] - decision["loss"]) <= 2e-6
