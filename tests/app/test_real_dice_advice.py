"""'What should I keep?' in a game played with real dice: the dice entered and the roll they
were give exactly the Hint's advice (the optimal advisor), and the rolls asked about are kept
in the game for its review."""

from __future__ import annotations

import pytest

from game.app.coach_intents import SetPlayerCoach
from game.app.entry_intents import AskAboutRoll, ChooseDice, EnterFace, RemoveFace
from game.app.intents import ConfirmTurn, SelectBox, SetLanguage, ShowHint, StartGame
from game.app.model import Screen
from game.app.setup_intents import ChooseRuleset
from game.coach.greedy import best_immediate_box
from game.coach.optimal import AdvisorCoach, advice_for, sheet_position
from game.coach.protocol import CoachMode, KeepAdvice, ScoreAdvice
from game.coach.review import review_game
from game.errors import InvalidDiceError, RollNumberError
from game.i18n.bidi import without_isolates as plain
from game.i18n.translator import Translator
from game.play.engine import new_game
from game.play.move_log import Entered, Kept, Rolled, Scored
from game.play.random_source import RealDice
from game.play.real_dice import enter_dice, mark_roll, withdraw_dice
from game.play.state import Player
from game.present.coach_words import _keep_words as keep_words
from game.strategy.advisor import Advisor, Keep, Score
from tests.app.driver import AppDriver
from tests.solved_tables import solved_advisor


@pytest.fixture(scope="module")
def advisor() -> Advisor:
    return solved_advisor("yatzy")


def started(advisor: Advisor, names: tuple[str, ...] = ("Dana",)) -> AppDriver:
    driver = AppDriver.seeded(7, coach=AdvisorCoach(advisor))
    driver.set_players([(name, "human", None) for name in names])
    driver(ChooseRuleset("yatzy"), ChooseDice(True), StartGame())
    driver.tables_ready()
    return driver


def test_the_advice_for_entered_dice_is_the_hints(advisor: Advisor) -> None:
    driver = started(advisor)
    driver(*[EnterFace(face) for face in (6, 6, 2, 3, 1)])
    assert plain(driver.view().hint_label) == "What should I keep?"
    driver(ShowHint())
    pad = driver.view().pad
    assert pad is not None and plain(pad.question) == "Which roll was it?"
    assert [plain(choice.label) for choice in pad.rolls] == ["1st roll", "2nd roll", "3rd roll"]
    driver(AskAboutRoll(1))
    sheet = driver.game.sheet
    best = advisor.best(sheet_position(sheet, (6, 6, 2, 3, 1), 2))
    hint = driver.state.pacing.hint
    assert isinstance(hint, KeepAdvice) and isinstance(best.action, Keep)
    kept_faces = sorted(driver.game.dice[position] for position in hint.kept)  # type: ignore[index]
    assert tuple(kept_faces) == best.action.faces
    ranked = advisor.rank(sheet_position(sheet, (6, 6, 2, 3, 1), 2))
    lost = f"{ranked[0].expected - ranked[1].expected:.1f}"
    faces = ", ".join(str(face) for face in best.action.faces)
    assert plain(driver.view().hint).startswith(f"Best: keep {faces}. The next best is ")
    assert plain(driver.view().hint).endswith(f"your final score would be {lost} lower with it.")
    # Said too, as the hint is with dice on screen (it went unheard: a walk).
    assert plain(driver.snapshot().announcement) == plain(driver.view().hint)
    # The roll is kept: two rolls are left, and the pad holds its dice for the next one.
    assert driver.game.rolls_left == 2 and driver.game.log.moves == (Rolled((6, 6, 2, 3, 1)),)
    assert driver.state.ui.entry == (6, 6, 2, 3, 1)

    # Dana rolls the 2, 3 and 1 again: they are taken back, the new faces entered.
    driver(RemoveFace(2), RemoveFace(3), RemoveFace(1), EnterFace(6), EnterFace(5), EnterFace(4))
    assert driver.game.dice == (6, 6, 6, 5, 4) and driver.game.rolls_left == 0
    # Asked once a turn: after the 1st roll named, the dice entered are the 2nd roll's.
    driver(ShowHint())
    pad = driver.view().pad
    assert pad is not None and pad.question == "" and pad.rolls == ()
    assert driver.game.rolls_left == 1
    best = advisor.best(sheet_position(sheet, (6, 6, 6, 5, 4), 1))
    assert driver.state.pacing.hint == advice_for(best.action, driver.game)
    driver(RemoveFace(5), RemoveFace(4), EnterFace(6), EnterFace(6))
    driver(ShowHint())  # the 3rd roll, unasked: the box to take
    assert driver.game.rolls_left == 0
    best = advisor.best(sheet_position(sheet, driver.game.dice, 0))
    hint = driver.state.pacing.hint
    assert isinstance(hint, ScoreAdvice) and isinstance(best.action, Score)
    assert hint.box == best.action.box == "yatzy"
    driver(SelectBox("yatzy"), ConfirmTurn())
    moves = driver.game.log.moves
    assert [type(move) for move in moves] == [Rolled, Kept, Rolled, Kept, Entered, Scored]


def test_the_dice_kept_are_those_left_on_the_pad_not_those_the_new_faces_match(
    advisor: Advisor,
) -> None:
    """6, 6, 2, 3, 1 named the 1st roll; 2, 3 and 1 taken off and thrown again, showing 6, 4,
    1. The 1 thrown again counted as kept (it still showed), and the review charged a keep of
    6, 6, 1 that was never made, where 6, 6 was the best (an audit)."""
    driver = started(advisor)
    driver(*[EnterFace(face) for face in (6, 6, 2, 3, 1)], ShowHint(), AskAboutRoll(1))
    driver(RemoveFace(2), RemoveFace(3), RemoveFace(1), EnterFace(6), EnterFace(4), EnterFace(1))
    assert driver.game.dice == (6, 6, 6, 4, 1)
    (kept,) = (move for move in driver.game.log.moves if isinstance(move, Kept))
    assert kept.positions == (0, 1)  # the two 6s of the 1st roll
    best = advisor.best(sheet_position(driver.game.sheet, (6, 6, 2, 3, 1), 2)).action
    assert isinstance(best, Keep) and best.faces == (6, 6)  # the review sees the best keep


def test_a_roll_out_of_order_is_advised_but_not_kept(advisor: Advisor) -> None:
    driver = started(advisor)
    driver(*[EnterFace(face) for face in (5, 5, 5, 2, 1)], ShowHint(), AskAboutRoll(2))
    best = advisor.best(sheet_position(driver.game.sheet, (5, 5, 5, 2, 1), 1))
    assert driver.state.pacing.hint == advice_for(best.action, driver.game)
    assert driver.game.rolls_left == 0  # no first roll was entered: the dice stay the last
    assert driver.game.log.moves == (Entered((5, 5, 5, 2, 1)),)


def test_the_warning_judges_the_box_as_the_hint_advised_the_roll_named(
    advisor: Advisor,
) -> None:
    """A 2nd roll named out of order: the warning under the hint said "Better: Pair for 10
    points" while the hint advised keeping 5, 5 and throwing again (a walk)."""
    driver = AppDriver.seeded(7, coach=AdvisorCoach(advisor))
    driver(SetPlayerCoach(0, CoachMode.WARN), ChooseRuleset("yatzy"), ChooseDice(True))
    driver(StartGame())
    driver.tables_ready()
    dice = (1, 2, 3, 5, 5)
    driver(*[EnterFace(face) for face in dice], ShowHint(), AskAboutRoll(2))
    assert driver.game.rolls_left == 0  # not kept: no first roll was entered
    hint = driver.state.pacing.hint
    driver(SelectBox("yatzy"), ConfirmTurn())
    verdict = driver.state.coaching.waiting
    assert verdict is not None and driver.game.sheets[0].points_in("yatzy") is None
    ranked = advisor.rank(sheet_position(driver.game.sheet, dice, 1))
    (zero,) = (r for r in ranked if isinstance(r.action, Score) and r.action.box == "yatzy")
    assert verdict.judgement.best_move == hint
    assert verdict.judgement.best == pytest.approx(ranked[0].expected)
    assert verdict.judgement.chosen == pytest.approx(zero.expected)
    # New dice entered are judged as they are again: the roll named was theirs only.
    driver(RemoveFace(1), EnterFace(5))
    assert driver.state.pacing.rolls_left_named is None


def test_the_review_covers_the_rolls_asked_about(advisor: Advisor) -> None:
    driver = started(advisor)
    driver(*[EnterFace(face) for face in (1, 1, 2, 3, 6)], ShowHint(), AskAboutRoll(1))
    driver(RemoveFace(2), RemoveFace(3), RemoveFace(6), EnterFace(1), EnterFace(4), EnterFace(4))
    driver(SelectBox("ones"), ConfirmTurn())
    faces = (2, 3, 4, 5, 6)
    while driver.state.screen is Screen.GAME:
        driver(*[EnterFace(face) for face in faces])
        driver(SelectBox(best_immediate_box(driver.game)), ConfirmTurn())
    review = review_game(driver.game.ruleset, 1, driver.game.log, advisor)
    first_turn = [decision for decision in review.decisions if decision.turn == 1]
    assert [(d.roll, d.rolls_left) for d in first_turn] == [(1, 2), (3, 0)]
    assert first_turn[0].dice == (1, 1, 2, 3, 6)
    assert isinstance(first_turn[0].choice, Keep) and first_turn[0].choice.faces == (1, 1)
    assert review.players[0].final == driver.game.sheets[0].total


def test_mark_roll_refuses_what_cannot_be() -> None:
    game = enter_dice(new_game("yatzy", [Player("Dana")], RealDice()), 0, [6, 6, 2, 3, 1])
    with pytest.raises(RollNumberError, match="not 4"):
        mark_roll(game, 0, 4)
    first = mark_roll(game, 0, 1)
    same = enter_dice(first, 0, [1, 2, 3, 6, 6])  # no die rolled again
    with pytest.raises(RollNumberError, match="no die was rolled again"):
        mark_roll(same, 0, 2)
    assert mark_roll(game, 0, 3) == game
    second = enter_dice(first, 0, [6, 6, 5, 5, 5])
    assert withdraw_dice(second, 0) == first  # the keep logged with the dice goes too


@pytest.mark.parametrize(
    ("kept", "names"),
    [((6, 6, 6), r"\(6, 6, 6\) are not all among \(6, 6, 2, 3, 1\)"),
     ((2,), r"\(2,\) are not all among \(6, 6, 6, 4, 1\)"),
     ((7,), "not 7"), ((True,), "not True"), (("6",), "not '6'")],
)  # fmt: skip
def test_the_dice_said_kept_must_be_the_roll_s_and_the_new_faces(
    kept: tuple[object, ...], names: str
) -> None:
    game = enter_dice(new_game("yatzy", [Player("Dana")], RealDice()), 0, [6, 6, 2, 3, 1])
    first = mark_roll(game, 0, 1)
    with pytest.raises(InvalidDiceError, match=names):
        enter_dice(first, 0, [6, 6, 6, 4, 1], kept)
    second = enter_dice(first, 0, [6, 6, 6, 4, 1], (6, 6))
    assert second.log.moves[1:] == (Kept((0, 1)), Entered((6, 6, 6, 4, 1)))


def test_a_box_taken_after_an_earlier_roll_leaves_the_next_pad_empty(advisor: Advisor) -> None:
    driver = started(advisor, ("Dana", "Avi"))
    driver(*[EnterFace(face) for face in (4, 4, 4, 2, 1)], ShowHint(), AskAboutRoll(1))
    driver(SelectBox("fours"), ConfirmTurn())
    assert driver.game.sheets[0].points_in("fours") == 12
    pad = driver.view().pad
    assert pad is not None and pad.entered == () and all(face.enabled for face in pad.faces)


def test_the_dice_to_keep_are_marked_on_the_entered_dice(advisor: Advisor) -> None:
    """As the Hint marks the dice on screen: each entered die the advice keeps says so (its
    name and a mark), the others nothing, until a die is taken back."""
    driver = started(advisor)
    driver(*[EnterFace(face) for face in (6, 2, 6, 3, 1)], ShowHint(), AskAboutRoll(1))
    hint = driver.state.pacing.hint
    assert isinstance(hint, KeepAdvice) and hint.kept and len(hint.kept) < 5
    advised = sorted(driver.game.dice[position] for position in hint.kept)  # type: ignore[index]
    pad = driver.view().pad
    assert pad is not None
    marked = [die.face for die in pad.entered if die.advice == "keep"]
    assert marked == advised
    for die in pad.entered:
        said = plain(die.label)
        assert ("keep it" in said) == (die.advice == "keep"), said
    # And how the dice thrown again go in, while the hint shows, and only then.
    assert pad.reroll_help == "Throw the rest again: remove them here, then enter what came up."
    # Above the dice, the turn says both ways on (not "Choose a box to score" alone); how a
    # throw goes in, the line under the dice says.
    assert driver.view().status == "Choose a box, or throw again."
    driver(SelectBox(best_immediate_box(driver.game)))  # scored now instead: nothing to enter
    pad = driver.view().pad
    assert pad is not None and pad.reroll_help == ""
    assert driver.view().tray_summary.startswith("Selected: ")
    driver(RemoveFace(pad.entered[0].face))
    pad = driver.view().pad
    assert pad is not None and not any(die.advice for die in pad.entered)
    assert pad.reroll_help == ""


@pytest.mark.parametrize(
    ("language", "one", "two", "coach_one"),
    [
        ("en", "Best: keep the 6", "Best: keep 4, 4", "keeping the 6"),
        ("he", "הכי טוב: לשמור את ה־6", "הכי טוב: לשמור את 4, 4", "לשמור את ה־6"),
        (
            "et",
            "Parim: jäta alles 6 silmaga täring",
            "Parim: jäta alles 4, 4",
            # After "jätta" with no subject of its own, as after "jäta": the nominative.
            "jätta alles 6 silmaga täring",
        ),
    ],
)
def test_the_advice_names_the_dice_to_keep_not_a_number_of_dice(
    advisor: Advisor, language: str, one: str, two: str, coach_one: str
) -> None:
    """ "Best: keep 6" read as "keep six dice": one die is "the 6", several are listed, in the
    hint as in the coach's and the review's words (Translator.dice_to_keep)."""
    for dice, expected in (((6, 1, 2, 3, 4), one), ((6, 2, 4, 4, 1), two)):
        driver = started(advisor)
        driver(SetLanguage(language), *[EnterFace(face) for face in dice], ShowHint())
        driver(AskAboutRoll(1))
        assert plain(driver.view().hint).split(". ")[0] == expected
    t = Translator(language, isolate=False)
    assert plain(keep_words(driver.game, (0,), t)) == coach_one  # the coach's, the 6 alone
    assert plain(t("review.move_keep", dice=t.dice_to_keep([4, 4]))).count("4") == 2


@pytest.mark.parametrize(
    ("language", "keep", "score"),
    [
        ("en", "Keep the 6", "Score Yatzy"),
        ("he", "לשמור את ה־6", "לרשום ביאצי"),
        ("et", "Jäta alles 6 silmaga täring", "Märgi „Yatzy“"),
    ],
)
def test_the_folded_tray_says_the_move_without_its_score(
    advisor: Advisor, language: str, keep: str, score: str
) -> None:
    """The folded tray's one line cut "Best: keep 4 (expect…" at 360x640: it says the move
    alone (the next best move is in the whole hint, a tap on More away)."""
    driver = started(advisor)
    driver(SetLanguage(language), *[EnterFace(face) for face in (6, 1, 2, 3, 4)], ShowHint())
    driver(AskAboutRoll(1))
    view = driver.view()
    assert plain(view.tray_summary) == keep
    assert plain(view.hint) != keep  # the whole hint, with the next best move
    driver(RemoveFace(1), RemoveFace(2), RemoveFace(3), RemoveFace(4))
    driver(*[EnterFace(6) for _ in range(4)], ShowHint())  # the 2nd roll, unasked
    assert plain(driver.view().tray_summary) == score


def test_told_the_third_throw_the_status_no_longer_says_to_throw_again(
    advisor: Advisor,
) -> None:
    """The app does not count real throws; told it was the third ("What should I keep?"), the
    status said "Choose a box, or throw again" all the same (a walk)."""
    throw_again = "Choose a box, or throw again."  # the hint's keep showing (below)
    driver = started(advisor)
    driver(*[EnterFace(face) for face in (6, 6, 2, 3, 1)])
    assert plain(driver.view().status).startswith(throw_again[:-1])  # which throw: not told
    driver(ShowHint(), AskAboutRoll(1))
    assert plain(driver.view().status) == throw_again
    # The 1 picked up, thrown again (a 5), entered and advised on; then that 5 (a 4).
    # After the third, the hint's box, which Confirm scores (two walks saw Confirm lit
    # beside "Choose a box to score", and did not know which box it would score).
    for throw, (out, thrown) in ((2, (1, 5)), (3, (5, 4))):
        driver(RemoveFace(out), EnterFace(thrown), ShowHint())
        said = plain(driver.view().status)
        if throw == 2:
            assert said == throw_again
        else:
            assert said.startswith("Confirm scores the hint's box: ") and "throw" not in said
    third = started(advisor)
    third(*[EnterFace(face) for face in (6, 6, 2, 3, 1)], ShowHint(), AskAboutRoll(3))
    assert plain(third.view().status).startswith("Confirm scores the hint's box: ")


def test_with_the_hints_keep_shown_the_status_does_not_say_how_to_throw_again(
    advisor: Advisor,
) -> None:
    """The hint's line under the dice says how a throw goes in: the status said it too, in
    other words, two near-identical lines at once (a walk)."""
    t = Translator("en", isolate=False)
    driver = started(advisor)
    driver(*[EnterFace(face) for face in (6, 6, 2, 3, 1)])
    assert plain(driver.view().status) == t("turn.real_box_or_throw")
    driver(ShowHint(), AskAboutRoll(1))
    pad = driver.view().pad
    assert pad is not None and plain(pad.reroll_help) == t("pad.reroll_help")
    assert plain(driver.view().status) == "Choose a box, or throw again."
