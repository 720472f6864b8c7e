"""The coach while playing (game.app.coaching): "warn" holds back a costly keep or box until
the player shows the best move or plays theirs anyway, "always" says one line after each move;
off for computers, off by default, never in the countdown's way, and its losses are the
review's."""

from __future__ import annotations

import json
from datetime import date

import pytest

from game.app.coach_intents import (
    DismissWarning,
    PlayMineAnyway,
    SetCoachThreshold,
    SetPlayerCoach,
    ShowBestMove,
)
from game.app.derived import session_save
from game.app.effects import Focus
from game.app.intents import (
    ConfirmTurn,
    Roll,
    SelectBox,
    SetAutoScore,
    SetLanguage,
    StartGame,
    ToggleKeep,
)
from game.app.model import Screen
from game.app.setup_intents import AddPlayer, SetPlayerKind
from game.app.start import initial_state, resume
from game.coach.greedy import best_immediate_box
from game.coach.keep_aims import AIM_MARGIN, aim_difference, keep_aims
from game.coach.optimal import AdvisorCoach, position_of
from game.coach.protocol import CoachMode, KeepAdvice
from game.coach.review import review_game
from game.errors import SaveFileError
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.persistence.session import (
    SESSION_KEY,
    read_session_text,
    restore_session,
    save_session,
)
from game.persistence.storage import MemoryStorage
from game.play.state import PlayerKind
from game.present.coach_words import pace_gap
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Keep, Score
from tests.app.driver import AppDriver, keep_most_frequent
from tests.app.test_review_why import kept_open
from tests.solved_tables import solved_advisor

SEED = 5
"""Its first roll is 6, 6, 6, 6, 5: rerolling all five gives away a great deal."""


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


def solo(coach: AdvisorCoach, mode: CoachMode, language: str = "en-US") -> AppDriver:
    d = AppDriver.seeded(SEED, language, coach)
    d(SetPlayerCoach(0, mode), StartGame())
    d.tables_ready()
    d(Roll())
    assert d.game.dice == (6, 6, 6, 6, 5)
    return d


def values(coach: AdvisorCoach, d: AppDriver) -> dict[object, float]:
    """Every action of the position now with its expected final score, from the advisor."""
    return {r.action: r.expected for r in coach.advisor.rank(position_of(d.game))}


def keep_value(coach: AdvisorCoach, d: AppDriver, faces: tuple[int, ...]) -> float:
    (value,) = (v for a, v in values(coach, d).items() if isinstance(a, Keep) and a.faces == faces)
    return value


def box_value(coach: AdvisorCoach, d: AppDriver, box: str) -> float:
    (value,) = (v for a, v in values(coach, d).items() if isinstance(a, Score) and a.box == box)
    return value


def test_warn_holds_a_costly_keep_until_played_anyway(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    best = max(values(coach, d).values())
    mine = keep_value(coach, d, ())
    d(Roll())  # nothing kept: all five again
    assert d.game.dice == (6, 6, 6, 6, 5) and d.game.rolls_left == 2  # the roll waits
    warning = d.view().coach_warning
    assert warning is not None
    t = Translator("en", isolate=False)
    # The difference of the two figures of the reason, as shown: it adds up on the screen.
    shown_loss = round(round(best, 1) - round(mine, 1), 1)
    assert without_isolates(warning.headline) == (
        f"Better: keeping 6, 6, 6, 6 and rolling again ({t.format_number(shown_loss, 1)} "
        "more points on average)"
    )
    reason = without_isolates(warning.reason)
    assert t.format_number(best, 1) in reason and t.format_number(mine, 1) in reason
    assert "(rerolling all five)" in reason and "keeping" not in reason  # the better: above
    assert "on average, than" not in reason  # two keeps: not a box against a roll
    # What the best keep aims at, which the figures alone do not say.
    aim = aim_difference(coach.advisor, position_of(d.game), (6, 6, 6, 6), ())
    assert aim is not None
    # First, before the figures: they read as statistics to two walks.
    assert reason.startswith(
        "With the best move, the turn ends with points in the "
        f"{t.box_name('penta', aim.box)} box {t.format_percent(aim.best)} of the time; "
        f"with yours, {t.format_percent(aim.made)}. Yours ("
    )
    d(PlayMineAnyway())
    assert d.game.rolls_left == 1 and d.view().coach_warning is None


def test_the_warning_takes_the_keyboard_focus_once(coach: AdvisorCoach) -> None:
    # It stands in for the tray's buttons: the focus was left on the die or box that asked.
    d = solo(coach, CoachMode.WARN)
    d(Roll())
    assert d.view().coach_warning is not None
    assert [e for e in d.effects if isinstance(e, Focus)] == [
        Focus((("show-best", None), ("play-anyway", None)))
    ]
    d(ToggleKeep(0))  # a change of keep while it waits: no second move of the focus
    assert not [e for e in d.effects if isinstance(e, Focus)]


def test_escape_sets_the_warning_aside_with_the_move_not_made(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    d(Roll())  # nothing kept: all five again, which the coach holds back
    assert d.view().coach_warning is not None
    d(DismissWarning())
    assert d.view().coach_warning is None
    assert d.game.dice == (6, 6, 6, 6, 5) and d.game.rolls_left == 2  # nothing rolled
    assert Focus((("roll", None), ("confirm", None))) in d.effects
    d(Roll())  # the same move again: the coach asks again
    assert d.view().coach_warning is not None


def test_escape_on_a_costly_box_leaves_it_chosen_with_the_focus_on_confirm(
    coach: AdvisorCoach,
) -> None:
    # Enter on Roll, where the focus fell, spent a walk's last roll.
    d = solo(coach, CoachMode.WARN)
    d(SelectBox("chance"), ConfirmTurn())  # 29 points in Chance with four sixes: costly
    assert d.view().coach_warning is not None
    d(DismissWarning())
    assert d.game.selected_box == "chance" and d.view().coach_warning is None
    assert Focus((("confirm", None), ("roll", None))) in d.effects


def test_show_it_shows_the_best_move_and_lets_the_player_change(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    d(Roll())
    d(ShowBestMove())
    assert d.view().coach_warning is None and d.game.rolls_left == 2
    assert isinstance(d.state.pacing.hint, KeepAdvice) and d.state.pacing.hint.kept == (0, 1, 2, 3)
    assert "keep 6, 6, 6, 6" in without_isolates(d.view().hint)
    assert d.game.kept == (0, 1, 2, 3)  # set up: Roll makes the best move
    d(Roll())  # the best move: no warning
    assert d.game.rolls_left == 1 and d.state.coaching.waiting is None
    assert d.game.dice is not None and d.game.dice[:4] == (6, 6, 6, 6)


def test_after_show_it_the_same_move_goes_ahead(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    d(Roll(), ShowBestMove())
    d(*[ToggleKeep(die) for die in d.game.kept], Roll())  # all five again, knowing
    assert d.game.rolls_left == 1 and d.state.coaching.waiting is None
    assert d.game.kept == ()


def test_warn_holds_a_costly_box_and_a_change_of_box_ends_the_wait(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    assert max(values(coach, d).values()) - box_value(coach, d, "chance") >= 1.0
    d(SelectBox("chance"), ConfirmTurn())
    assert d.game.sheet.points_in("chance") is None
    warning = d.view().coach_warning
    assert warning is not None
    assert "Chance for 29 points" in without_isolates(warning.reason)
    best = max(values(coach, d).items(), key=lambda item: item[1])[0]
    rolling_was_better = ("Rolling again is worth more", "Rolling again with the best keep")
    said = any(words in without_isolates(warning.reason) for words in rolling_was_better)
    assert said == (not isinstance(best, Score))
    assert "Selected" not in d.view().tray_summary  # the warning says which box
    d(SelectBox("sixes"))  # another choice: nothing waits any more
    assert d.view().coach_warning is None
    d(SelectBox("chance"), ConfirmTurn(), PlayMineAnyway())
    assert d.game.sheets[0].points_in("chance") == 29


def test_a_box_where_a_keep_was_best_says_where_the_best_keep_scores(
    coach: AdvisorCoach,
) -> None:
    """Four sixes put in Chance: the warning names the box where the best keep scores most more
    points than the dice score there now, with the keep's chance of points there."""
    d = solo(coach, CoachMode.WARN)
    ranked = coach.advisor.rank(position_of(d.game))
    best = ranked[0].action
    assert isinstance(best, Keep)
    aims = keep_aims(coach.advisor, position_of(d.game), best.faces)
    now = position_of(d.game).options().points
    assert now["chance"] == 29
    gain = {box: aim.points - now[box] for box, aim in aims.items()}
    box = max(gain, key=lambda box_id: gain[box_id])
    assert box != "chance" and aims[box].share >= AIM_MARGIN
    d(SelectBox("chance"), ConfirmTurn())
    warning = d.view().coach_warning
    assert warning is not None
    t = Translator("en", isolate=False)
    reason = without_isolates(warning.reason)
    aim = (
        "Rolling again with the best keep, the turn ends with points in the "
        f"{t.box_name('penta', box)} box {t.format_percent(aims[box].share)} of the time. Yours ("
    )
    assert aim in reason and reason.index(aim) < reason.index("averages a final score")


def test_show_it_on_a_costly_box_unchooses_it_and_the_box_chosen_again_goes_ahead(
    coach: AdvisorCoach,
) -> None:
    d = solo(coach, CoachMode.WARN)
    d(SelectBox("chance"), ConfirmTurn(), ShowBestMove())
    # Confirm would not score Chance by mistake; the best move, a keep, is set up instead.
    assert d.game.selected_box is None and d.game.kept == (0, 1, 2, 3)
    assert d.view().coach_warning is None and d.view().hint
    d(ConfirmTurn())  # nothing chosen: nothing scored
    assert d.game.sheet.points_in("chance") is None
    d(SelectBox("chance"), ConfirmTurn())  # chosen again, knowing: no second warning
    assert d.game.sheets[0].points_in("chance") == 29


def test_show_it_on_the_last_roll_chooses_the_best_box(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    d(Roll(), PlayMineAnyway(), Roll(), PlayMineAnyway())  # no roll left: the best is a box
    ranked = coach.advisor.rank(position_of(d.game))
    best, worst = ranked[0].action, ranked[-1].action
    assert isinstance(best, Score) and isinstance(worst, Score)
    d(SelectBox(worst.box), ConfirmTurn(), ShowBestMove())
    assert d.game.selected_box == best.box  # Confirm now scores the best box
    d(ConfirmTurn())
    assert d.game.sheets[0].points_in(best.box) is not None


def test_two_boxes_say_what_stays_open_and_the_upper_section(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    d(Roll(), PlayMineAnyway())  # rolls left 1: a second costly box, in the upper section
    d(Roll(), PlayMineAnyway())
    assert d.game.rolls_left == 0
    ranked = coach.advisor.rank(position_of(d.game))
    best = ranked[0].action
    assert isinstance(best, Score)
    worst = ranked[-1].action
    assert isinstance(worst, Score) and ranked[0].expected - ranked[-1].expected >= 1.0
    d(SelectBox(worst.box), ConfirmTurn())
    warning = d.view().coach_warning
    assert warning is not None
    t = Translator("en", isolate=False)
    reason = without_isolates(warning.reason)
    options = d.game.options
    assert options is not None
    mine = t.box_name("penta", worst.box)
    assert kept_open(mine, options.points[worst.box], options.points[best.box]) in reason
    # The upper section against the bonus's pace, only where it speaks for the best move.
    sheet = d.game.sheet
    best_gap = pace_gap(sheet, 3, (best.box, options.points[best.box]))
    mine_gap = pace_gap(sheet, 3, (worst.box, options.points[worst.box]))
    said = "For the upper bonus you need 3 of each face: " in reason
    assert said == (best_gap > mine_gap), (best_gap, mine_gap, reason)


def started(coach: AdvisorCoach, mode: CoachMode, seed: int) -> AppDriver:
    d = AppDriver.seeded(seed, coach=coach)
    d(SetPlayerCoach(0, mode), StartGame())
    d.tables_ready()
    d(Roll())
    return d


def test_a_cheap_keep_goes_ahead(coach: AdvisorCoach) -> None:
    d = started(coach, CoachMode.WARN, 6)
    assert d.game.dice == (6, 1, 1, 4, 2)
    loss = max(values(coach, d).values()) - keep_value(coach, d, (6,))
    assert 0 < loss < 1.0  # not the best, but cheaper than the default threshold
    d(ToggleKeep(0), Roll())
    assert d.game.rolls_left == 1 and d.state.coaching.waiting is None


@pytest.mark.parametrize(("threshold", "waits"), [(1.0, True), (2.0, True), (5.0, False)])
def test_the_threshold_is_respected(coach: AdvisorCoach, threshold: float, waits: bool) -> None:
    d = started(coach, CoachMode.WARN, 10)
    assert d.game.dice == (4, 4, 4, 1, 5)
    loss = max(values(coach, d).values()) - keep_value(coach, d, (1, 4, 4, 4))
    assert 2.0 <= loss < 5.0
    d(SetCoachThreshold(threshold), *[ToggleKeep(die) for die in (0, 1, 2, 3)], Roll())
    assert (d.game.rolls_left == 2) is waits
    assert (d.view().coach_warning is not None) is waits


def test_always_says_best_or_what_it_cost(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.ALWAYS)
    d(*[ToggleKeep(die) for die in (0, 1, 2, 3)], Roll())  # the best
    assert d.state.coaching.waiting is None
    assert without_isolates(d.view().coach_line) == "Coach: best move"
    assert d.game.dice is not None and d.game.kept == (0, 1, 2, 3)
    ranked = coach.advisor.rank(position_of(d.game))
    best = ranked[0].action
    assert isinstance(best, Keep | Score)
    loss = ranked[0].expected - keep_value(coach, d, ())
    assert round(loss, 1) > 0
    d(*[ToggleKeep(die) for die in d.game.kept], Roll())  # all five again: never waits
    assert d.game.rolls_left == 0 and d.state.coaching.waiting is None
    t = Translator("en", isolate=False)
    best_words = (
        f"keeping {t.format_dice(best.faces)}"
        if isinstance(best, Keep)
        else f"{t.box_name('penta', best.box)} for {best.points} points"
    )
    assert without_isolates(d.view().coach_line) == (
        f"Coach (points lost: {t.format_number(loss, 1)}): the best was {best_words}"
    )


def test_the_coach_says_nothing_until_the_table_is_there(coach: AdvisorCoach) -> None:
    d = AppDriver.seeded(SEED, coach=coach)
    d(SetPlayerCoach(0, CoachMode.WARN), StartGame(), Roll(), Roll())  # table not loaded
    assert d.game.rolls_left == 1 and d.view().coach_warning is None


def test_off_for_computers_and_by_default(coach: AdvisorCoach) -> None:
    d = AppDriver.seeded(SEED, coach=coach)
    d(AddPlayer(), AddPlayer(PlayerKind.COMPUTER), SetPlayerCoach(2, CoachMode.WARN))
    d(SetPlayerKind(2, PlayerKind.COMPUTER), StartGame())
    d.tables_ready()
    assert d.state.coaching.modes == (CoachMode.OFF,) * 3
    d(Roll(), Roll())  # the costly keep of the first human: no one warns
    assert d.game.rolls_left == 1 and d.view().coach_warning is None
    d.play_turns(2)
    d.play_computer_turn()
    assert d.game.turn_number == 2


def test_the_countdown_never_waits_for_the_coach(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    d(SetAutoScore(3))
    d(Roll(), PlayMineAnyway(), Roll(), PlayMineAnyway())
    assert d.game.rolls_left == 0 and d.state.pacing.countdown_deadline is not None
    deadline = d.state.pacing.countdown_deadline
    d.pass_time(deadline - d.now)
    assert len(d.game.sheets[0].filled_boxes) == 1 and d.state.coaching.waiting is None


def test_the_loss_said_is_the_review_s_loss(coach: AdvisorCoach) -> None:
    """A whole game on "always", played as the tests' players play: the loss of each keep and
    box the line gives is the loss the review of the finished game finds for it."""
    d = AppDriver.seeded(11, coach=coach)
    d(SetPlayerCoach(0, CoachMode.ALWAYS), StartGame())
    d.tables_ready()
    t = Translator("en", isolate=False)
    said: list[float] = []

    def heard() -> None:
        (line,) = d.state.coaching.lines
        said.append(line.judgement.loss)
        if d.state.screen is not Screen.GAME:
            return  # the game is over: the end screen shows
        text = without_isolates(d.view().coach_line)
        # As the review's list gives it, beside the two figures: their difference as shown.
        judged = line.judgement
        shown = round(round(judged.best, 1) - round(judged.chosen, 1), 1)
        if judged.optimal:
            assert text == "Coach: best move"
        elif shown:
            assert text.startswith(f"Coach (points lost: {t.format_number(shown, 1)}): ")
        else:
            assert text.startswith("Coach (points lost: less than 0.1): ")

    forced: list[bool] = []  # per decision of the review: a box that was the only move
    while d.state.screen is Screen.GAME:
        d(Roll())
        while (dice := d.game.dice) is not None and d.game.rolls_left and len(set(dice)) > 1:
            keep = keep_most_frequent(dice)
            d(*[ToggleKeep(die) for die in sorted(set(keep) ^ set(d.game.kept))], Roll())
            heard()
            forced.append(False)
        forced.append(not d.game.rolls_left and len(d.game.sheet.open_boxes) == 1)
        before = d.state.coaching.lines
        d(SelectBox(best_immediate_box(d.game)), ConfirmTurn())
        if forced[-1]:  # no choice, no word: the word on the keep before it stays
            assert d.state.coaching.lines == before
        else:
            heard()
    review = review_game(RULESETS["penta"], 1, d.game.log, coach.advisor)
    losses = zip(review.decisions, forced, strict=True)
    assert any(forced) and said == [decision.loss for decision, only in losses if not only]
    assert any(loss > 1 for loss in said)


def test_the_modes_are_saved_with_the_game(coach: AdvisorCoach) -> None:
    d = AppDriver.seeded(SEED, coach=coach)
    d(AddPlayer(), AddPlayer(PlayerKind.COMPUTER), SetPlayerCoach(1, CoachMode.ALWAYS))
    d(SetPlayerCoach(0, CoachMode.WARN), StartGame(), Roll())
    assert d.reopened().state.coaching.modes == (CoachMode.WARN, CoachMode.ALWAYS, CoachMode.OFF)


def test_a_session_of_version_2_has_every_coach_off(coach: AdvisorCoach) -> None:
    d = AppDriver.seeded(SEED, coach=coach)
    d(SetPlayerCoach(0, CoachMode.WARN), StartGame(), Roll())
    storage = MemoryStorage()
    saved = session_save(d.state, d.now)
    save_session(storage, saved.game, today=date(2026, 12, 1), turn=saved.turn)
    record = json.loads(storage.items[SESSION_KEY])
    assert record["version"] >= 3 and record["payload"]["turn"]["coach"] == ["warn"]
    del record["payload"]["turn"]["coach"]  # as version 2 wrote it
    del record["payload"]["turn"]["entry"]
    record["version"] = 2
    storage.items[SESSION_KEY] = json.dumps(record)
    restored = restore_session(storage)
    assert not restored.problems and restored.migrated
    state = resume(initial_state(["en"]), restored.game, None, now=d.now, turn=restored.turn)
    assert state.coaching.modes == (CoachMode.OFF,)


def test_a_stored_coach_not_a_mode_is_refused_naming_it(coach: AdvisorCoach) -> None:
    d = AppDriver.seeded(SEED, coach=coach)
    d(SetPlayerCoach(0, CoachMode.WARN), StartGame(), Roll())
    storage = MemoryStorage()
    saved = session_save(d.state, d.now)
    save_session(storage, saved.game, today=date(2026, 12, 1), turn=saved.turn)
    record = json.loads(storage.items[SESSION_KEY])
    record["payload"]["turn"]["coach"] = ["loud"]
    with pytest.raises(SaveFileError, match=r"session.turn.coach\[0\]: .*'loud'"):
        read_session_text(json.dumps(record))


def test_numbers_are_written_as_each_language_writes_them(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    loss = round(round(max(values(coach, d).values()), 1) - round(keep_value(coach, d, ()), 1), 1)
    d(Roll())
    for language, written in (
        ("et", Translator("et", isolate=False).format_number(loss, 1)),
        ("he", Translator("he", isolate=False).format_number(loss, 1)),
    ):
        d(SetLanguage(language))
        warning = d.view().coach_warning
        assert warning is not None and written in without_isolates(warning.headline)
    assert "," in Translator("et").format_number(loss, 1)  # a decimal comma in Estonian


def test_a_coach_for_no_seat_or_no_mode_and_a_threshold_not_offered_change_nothing() -> None:
    d = AppDriver.seeded(SEED)
    before = d.state
    for intent in (
        SetPlayerCoach(1, CoachMode.WARN),
        SetPlayerCoach(-1, CoachMode.WARN),
        SetPlayerCoach(0, "loud"),  # type: ignore[arg-type]
        SetCoachThreshold(3.0),
        SetCoachThreshold(True),
    ):
        assert d(intent) is before


def test_show_it_and_play_anyway_do_nothing_when_nothing_waits(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.WARN)
    before = d.state
    assert d(ShowBestMove()) is before and d(PlayMineAnyway()) is before


def test_a_box_given_up_for_nothing_with_rolls_left_is_said_so(coach: AdvisorCoach) -> None:
    """Ones for 0 after the first roll: the warning said only where the best keep scores (a
    walk's learner gave up Penta so and never read that it was given up)."""
    d = solo(coach, CoachMode.WARN)
    d(SelectBox("ones"), ConfirmTurn())
    warning = d.view().coach_warning
    assert warning is not None and d.game.sheet.points_in("ones") is None
    assert without_isolates(warning.reason).startswith(
        "Yours gives up Ones for 0 points while rolls are left."
    )
    assert without_isolates(warning.reason).count("Ones") == 1  # said once (twice: a walk)
    for language in ("et", "he"):
        d(SetLanguage(language))
        warning = d.view().coach_warning
        assert warning is not None and " 0 " in without_isolates(warning.reason)
