"""Moves the app chose for the player (the hint's, followed while it showed or once hidden, and
the countdown's boxes) are logged "advised", kept so through saving, the history and take-back,
and the review counts them apart from the player's own decisions: a game played from the hint
showed "Optimal decisions: 100%" (a walk)."""

from __future__ import annotations

from datetime import date

import pytest

from game.app.intents import (
    ConfirmTurn,
    HideHint,
    Roll,
    SelectBox,
    SetAutoScore,
    ShowHint,
    StartGame,
    ToggleKeep,
    Undo,
)
from game.app.model import Screen
from game.app.review_intents import OpenReview, ReviewComputed
from game.app.take_back import undo_available
from game.coach.greedy import best_immediate_box
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.coach.review import GameReview, review_game
from game.errors import SaveFileError
from game.i18n.bidi import without_isolates
from game.persistence.move_log_data import move_log_from_data, move_log_to_data
from game.persistence.session import restore_session, save_session
from game.persistence.storage import MemoryStorage
from game.play.move_log import Kept, Scored
from game.play.sheet import Sheet
from game.rules.rulesets import RULESETS
from tests.app.driver import AppDriver
from tests.solved_tables import solved_advisor

SEED = 11
TODAY = date(2026, 12, 5)


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


def started(coach: AdvisorCoach, auto_score: int = 0) -> AppDriver:
    driver = AppDriver.seeded(SEED, coach=coach)
    driver(SetAutoScore(auto_score), StartGame())
    driver.tables_ready()
    return driver


def follow_hint_once(driver: AppDriver) -> None:
    """Asks for the hint and makes its move: its dice kept and Roll, or Confirm turn (which
    scores the hint's box when none is chosen)."""
    driver(ShowHint())
    hint = driver.state.pacing.hint
    if isinstance(hint, KeepAdvice):
        driver(*[ToggleKeep(die) for die in sorted(set(hint.kept) ^ set(driver.game.kept))])
        driver(Roll())
    else:
        assert isinstance(hint, ScoreAdvice)
        driver(ConfirmTurn())


def play_turn_from_hints(driver: AppDriver) -> None:
    turn = driver.game.turn_number
    driver(Roll())
    while driver.state.screen is Screen.GAME and driver.game.turn_number == turn:
        follow_hint_once(driver)


def decisions(driver: AppDriver) -> list[Kept | Scored]:
    return [move for move in driver.game.log.moves if isinstance(move, Kept | Scored)]


def reviewed(driver: AppDriver, coach: AdvisorCoach) -> GameReview:
    game = driver.game
    review = review_game(game.ruleset, len(game.players), game.log, coach.advisor)
    driver(OpenReview(0))
    driver(ReviewComputed(game.log, review))
    return review


def skill_lines(driver: AppDriver) -> list[str]:
    view = driver.snapshot().review
    assert view is not None
    return [without_isolates(line) for line in (*view.skill, view.no_mistakes)]


def test_the_hints_moves_followed_are_logged_advised(coach: AdvisorCoach) -> None:
    driver = started(coach)
    play_turn_from_hints(driver)
    moves = decisions(driver)
    assert moves and all(move.advised for move in moves)
    driver.play_human_turn()  # the tests' own keeping rule, no hint asked for
    assert not any(move.advised for move in decisions(driver)[len(moves) :])


def test_a_move_other_than_the_hints_is_the_players_own(coach: AdvisorCoach) -> None:
    driver = started(coach)
    driver(Roll(), ShowHint())
    hint = driver.state.pacing.hint
    other = next(
        box
        for box in sorted(driver.game.options.legal)  # type: ignore[union-attr]
        if not (isinstance(hint, ScoreAdvice) and box == hint.box)
    )
    driver(SelectBox(other), ConfirmTurn())
    assert driver.game.log.last_move == Scored(other, advised=False)


def test_the_hints_move_made_after_hiding_it_is_still_the_hints(coach: AdvisorCoach) -> None:
    """A walk read each hint, hid it, then made its move: the review counted those moves as
    her own and praised them. A hint seen for other dice does not count."""
    driver = started(coach)
    driver(Roll(), ShowHint())
    hint = driver.state.pacing.hint
    assert isinstance(hint, KeepAdvice)  # the seed's first roll is worth rolling again
    driver(*[ToggleKeep(die) for die in hint.kept], HideHint(), Roll())
    (keep,) = [move for move in driver.game.log.moves if isinstance(move, Kept)]
    assert keep == Kept(hint.kept, advised=True)
    # The next dice: the hint was for the others. Its box, scored now, is the player's own.
    box = best_immediate_box(driver.game)
    driver(SelectBox(box), ConfirmTurn())
    assert driver.game.log.last_move == Scored(box, advised=False)


def test_the_countdowns_box_is_advised_and_can_still_be_taken_back(coach: AdvisorCoach) -> None:
    driver = started(coach, auto_score=3)
    driver(Roll(), Roll(), Roll())
    before = driver.game
    driver.pass_time(3.5)
    last = driver.game.log.last_move
    assert isinstance(last, Scored) and last.advised
    assert undo_available(driver.state)
    driver(Undo())
    assert driver.game == before


def test_advised_moves_are_saved_and_restored_with_the_box_to_take_back(
    coach: AdvisorCoach,
) -> None:
    driver = started(coach)
    play_turn_from_hints(driver)
    before = driver.state.play.before_last_turn
    assert before is not None
    storage = MemoryStorage()
    save_session(storage, driver.game, today=TODAY, before_last_turn=before)
    restored = restore_session(storage)
    assert restored.problems == ()
    assert (restored.game, restored.before_last_turn) == (driver.game, before)
    assert restored.game is not None and restored.game.log.last_move == Scored(
        driver.game.log.last_move.box,  # type: ignore[union-attr]
        advised=True,
    )


def test_the_log_text_marks_advised_moves_and_refuses_the_mark_elsewhere() -> None:
    ruleset = RULESETS["yatzy"]
    moves = ["roll 22135", "keep 01 advised", "roll 22235", "score twos advised"]
    data = {"since_turn": 0, "moves": moves}
    log = move_log_from_data(data, "log", [Sheet.from_scores(ruleset, {"twos": 6})], None, 3)
    assert [move for move in log.moves if isinstance(move, Kept | Scored)] == [
        Kept((0, 1), advised=True),
        Scored("twos", advised=True),
    ]
    assert move_log_to_data(log) == data
    bad = {"since_turn": 0, "moves": ["roll 22135 advised"]}
    with pytest.raises(SaveFileError, match=r"log\.moves\[0\].*'roll 22135 advised'"):
        move_log_from_data(bad, "log", [Sheet.empty(ruleset)], (2, 2, 1, 3, 5), 2)


def test_the_review_counts_only_the_players_own_decisions(coach: AdvisorCoach) -> None:
    driver = started(coach)
    for turn in range(13):
        if turn % 2:
            play_turn_from_hints(driver)
        else:
            driver.play_human_turn()
    assert driver.state.screen is Screen.END
    moves = decisions(driver)
    advised = sum(move.advised for move in moves)
    review = reviewed(driver, coach)
    (player,) = review.players
    assert player.advised_decisions == advised > 0
    assert player.decisions == len(moves) - advised
    own = [decision for decision in review.decisions if not decision.advised]
    assert player.optimal_decisions == sum(decision.optimal for decision in own)
    assert all(decision.optimal for decision in review.decisions if decision.advised)
    lines = skill_lines(driver)
    own_share = f"({player.optimal_decisions}\u00a0of\u00a0{player.decisions})"
    assert any(
        line.startswith("Your own decisions that were optimal") and own_share in line
        for line in lines
    )
    assert f"{advised} more moves followed the hint or were scored automatically" in " ".join(lines)


def test_a_game_played_from_the_hint_has_no_decision_of_the_players(coach: AdvisorCoach) -> None:
    driver = started(coach)
    for _ in range(13):
        play_turn_from_hints(driver)
    moves = decisions(driver)
    review = reviewed(driver, coach)
    (player,) = review.players
    assert (player.decisions, player.advised_decisions) == (0, len(moves))
    assert player.optimal_share is None
    lines = skill_lines(driver)
    assert f"All {len(moves)} moves followed the hint or were scored automatically" in " ".join(
        lines
    )
    assert not any("optimal" in line.lower() for line in lines)
