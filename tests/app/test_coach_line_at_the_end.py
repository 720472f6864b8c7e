"""The coach's word on the game's last move shows on the end screen: a walk on "a word after every
move" heard none on its last box, the game's screens gone with the turn. It is the word on the
last move a person made when only computers played after it; a person who played after it had
the phone handed over, with the word, and needs it no more."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.app.coach_intents import SetPlayerCoach
from game.app.intents import (
    ConfirmTurn,
    Roll,
    SelectBox,
    SetAutoScore,
    StartGame,
    StartTurn,
    ToggleKeep,
)
from game.app.model import Screen
from game.coach.optimal import AdvisorCoach, position_of
from game.coach.protocol import CoachMode
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.play.move_log import Kept
from game.play.state import PlayerKind
from game.present.tenths import DECIMALS
from game.strategy.advisor import Keep, Score
from tests.app.driver import AppDriver, Seat
from tests.solved_tables import solved_advisor

HUMAN, COMPUTER = PlayerKind.HUMAN, PlayerKind.COMPUTER


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


def table(
    coach: AdvisorCoach, seats: list[Seat], modes: dict[int, CoachMode], language: str = "en"
) -> AppDriver:
    d = AppDriver.seeded(11, language, coach)
    d.set_players(seats)
    d(SetAutoScore(0), *[SetPlayerCoach(seat, mode) for seat, mode in modes.items()])
    d(StartGame())
    d.tables_ready()
    return d


def play_to_the_last_turn(d: AppDriver, last_person: int) -> None:
    """Every turn until `last_person`'s last."""
    while not (len(d.game.sheet.open_boxes) == 1 and d.game.current_player == last_person):
        d.play_turns(1)


def score_at_once(d: AppDriver) -> float:
    """The person's last turn, hasty: one roll, then the one box left. Returns what that cost,
    by the advisor's own ranking of the position."""
    d(StartTurn(), Roll())
    (box,) = d.game.sheet.open_boxes
    assert isinstance(d.coach, AdvisorCoach)
    ranked = d.coach.advisor.rank(position_of(d.game))
    (mine,) = (r.expected for r in ranked if isinstance(r.action, Score) and r.action.box == box)
    d(SelectBox(box), ConfirmTurn())
    return ranked[0].expected - mine


def play_at_best(d: AppDriver) -> float:
    """The person's last turn as the advisor plays it. Returns what that cost: nothing."""
    assert isinstance(d.coach, AdvisorCoach)
    d(StartTurn(), Roll())
    while isinstance(best := d.coach.advisor.rank(position_of(d.game))[0].action, Keep):
        wanted, kept = list(best.faces), set()
        for die, face in enumerate(d.game.dice or ()):
            if face in wanted:
                wanted.remove(face)
                kept.add(die)
        d(*[ToggleKeep(die) for die in range(5) if (die in kept) != (die in d.game.kept)], Roll())
    assert isinstance(best, Score)
    d(SelectBox(best.box), ConfirmTurn())
    return 0.0


@pytest.mark.parametrize("play", [score_at_once, play_at_best])
@pytest.mark.parametrize("language", ["en", "et", "he"])
def test_alone_the_last_box_gets_its_word_on_the_end_screen(
    coach: AdvisorCoach, language: str, play: Callable[[AppDriver], float]
) -> None:
    d = table(coach, [("Liis", HUMAN, None)], {0: CoachMode.ALWAYS}, language)
    play_to_the_last_turn(d, 0)
    lost = play(d)
    assert d.state.screen is Screen.END
    end = d.snapshot().end
    assert end is not None
    t = Translator(language, isolate=False)
    best = lost < 0.05
    key = "coach.line_best_last" if best else "coach.line_loss_last"
    words = without_isolates(end.coach_line)
    if best:
        assert words == t(key)
    else:
        head = t(key, loss=t.format_number(lost, DECIMALS), best="\0").split("\0")[0]
        assert words.startswith(head) and len(words) > len(head)


def test_a_person_followed_only_by_computers_gets_it_named(coach: AdvisorCoach) -> None:
    seats: list[Seat] = [("Kadri", HUMAN, None), ("", COMPUTER, None)]
    d = table(coach, seats, {0: CoachMode.ALWAYS})
    play_to_the_last_turn(d, 0)
    lost = score_at_once(d)
    d.play_turns(1)  # the computer's last turn ends the game
    assert d.state.screen is Screen.END
    end = d.snapshot().end
    assert end is not None
    words = without_isolates(end.coach_line)
    assert words.startswith("Coach to Kadri, on your last move")
    assert ("best move" in words) == (lost < 0.05)


def test_no_word_once_a_person_played_after_it_nor_with_the_coach_off(
    coach: AdvisorCoach,
) -> None:
    seats: list[Seat] = [("Kadri", HUMAN, None), ("Malle", HUMAN, None)]
    d = table(coach, seats, {0: CoachMode.ALWAYS})  # Malle, coach off, plays last
    play_to_the_last_turn(d, 1)
    assert any(line.player == 0 for line in d.state.coaching.lines)
    score_at_once(d)
    end = d.snapshot().end
    assert end is not None and end.coach_line == ""
    alone = table(coach, [("Liis", HUMAN, None)], {0: CoachMode.OFF})
    play_to_the_last_turn(alone, 0)
    score_at_once(alone)
    end = alone.snapshot().end
    assert end is not None and end.coach_line == ""


def test_the_only_box_after_the_last_roll_gets_no_word_the_keep_before_it_keeps_its(
    coach: AdvisorCoach,
) -> None:
    """A walk read "Coach to Tom, on your last move: best move" of the one box left after the
    last roll, where there was no choice to make."""
    d = table(coach, [("Liis", HUMAN, None)], {0: CoachMode.ALWAYS})
    play_to_the_last_turn(d, 0)
    d(StartTurn(), Roll(), Roll(), Roll())  # all five rolled again, twice
    (line,) = d.state.coaching.lines
    assert isinstance(line.move, Kept) and line.move.positions == ()
    (box,) = d.game.sheet.open_boxes
    d(SelectBox(box), ConfirmTurn())
    assert d.state.screen is Screen.END
    assert d.state.coaching.lines == (line,)  # the word on the end screen is the keep's
    end = d.snapshot().end
    assert end is not None and end.coach_line
