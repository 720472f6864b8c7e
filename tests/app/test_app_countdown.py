"""The auto-score countdown leaves the choice to the player (issue "Nothing lost, nothing
confusing", points 7, 8, 12 and 14): holding the sheet pauses it, a box the app scored by
itself can be taken back until the next roll, the hint pauses it, a reload restores it, and
Skip plays a game of computers only to its end."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from game.app.countdown import turn_record
from game.app.intents import (
    CloseDialog,
    ConfirmTurn,
    HideHint,
    HoldSheet,
    NewGame,
    OpenSettings,
    OpenTray,
    ReleaseSheet,
    Roll,
    SelectBox,
    SetAutoScore,
    SetLanguage,
    SetUndo,
    ShowHint,
    SkipComputers,
    StartGame,
    StartTurn,
    Tick,
    Undo,
)
from game.app.model import (
    AppState,
    Screen,
    auto_score_seconds,
    next_deadline,
)
from game.app.setup_intents import AddPlayer, ChooseRuleset, SetPlayerKind
from game.app.start import initial_state, resume
from game.app.table_intents import TableFailed, TableLoaded
from game.app.take_back import undo_available
from game.coach.greedy import GreedyCoach
from game.coach.protocol import Advice, Coach, ScoreAdvice
from game.i18n.translator import Translator
from game.persistence.session import restore_session, save_session
from game.persistence.storage import MemoryStorage
from game.persistence.turn_record import PendingCountdown, TurnRecord
from game.play.state import GameState, PlayerKind
from game.play.undo import UndoSetting
from game.present.snapshot import present
from game.rules.rulesets import RULESETS
from tests.app.driver import AppDriver
from tests.i18n.isolation import iso

COACH = GreedyCoach()
START = 1000.0
TODAY = date(2026, 1, 1)
RUNNING_HELP = "Or pick another box."


def table(humans: int = 1, seed: int = 7, coach: Coach = COACH) -> AppDriver:
    t = AppDriver(initial_state(["en-US"], seed=seed), coach)
    for _ in range(humans - 1):
        t(AddPlayer())
    t(StartGame())
    return t


def last_roll(t: AppDriver) -> GameState:
    t(Roll(), Roll(), Roll())
    assert (
        t.state.pacing.countdown_deadline == t.now + 3 and t.state.pacing.countdown_box is not None
    )
    return t.game


# --- as the rules say ---------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "seconds"), [("penta", 3), ("yatzy", 0)])
def test_by_default_the_countdown_is_the_rules_and_a_choice_applies_to_both(
    ruleset: str, seconds: int
) -> None:
    # Penta's sheet scores after 3 seconds; Yatzy's says nothing of a countdown.
    t = AppDriver(initial_state(["en-US"], seed=7), COACH)
    t(ChooseRuleset(ruleset), StartGame(), Roll(), Roll(), Roll())
    assert t.state.settings.auto_score_seconds is None
    assert auto_score_seconds(t.state) == seconds == RULESETS[ruleset].auto_score_seconds
    deadline = t.state.pacing.countdown_deadline
    assert deadline == (t.now + seconds if seconds else None)
    settings = t.snapshot().settings
    assert settings is not None
    first = settings.auto_score[0]
    assert (first.value, first.label, first.selected) == ("rules", "As the rules say", True)
    t(SetAutoScore(5), NewGame(), StartGame(), Roll(), Roll(), Roll())
    assert t.state.pacing.countdown_deadline == t.now + 5  # the player's choice, any rules
    t(SetAutoScore(None))
    assert auto_score_seconds(t.state) == seconds


# --- point 7: holding the sheet pauses the countdown; an automatic box can be taken back -----


def test_holding_the_sheet_pauses_the_countdown_and_letting_go_runs_it_in_full() -> None:
    t = table(humans=2)
    game = last_roll(t)
    box = t.state.pacing.countdown_box
    t.now += 2.7  # the player puts a finger on the sheet to read it, just before the end
    t(HoldSheet())
    assert t.state.pacing.countdown_deadline is None and next_deadline(t.state) is None
    view = present(t.state, t.now).game
    # Still shown, standing still at the time it will run once let go.
    assert view is not None and view.countdown == 3 and view.countdown_fraction == 1.0
    assert view.countdown_help == "Paused while you use the sheet."
    assert view.tray_summary == view.countdown_help  # held: not a stuck "in 3 seconds"
    t.tick_after(60)  # reading for a minute: nothing is scored
    assert t.game is game
    t(ReleaseSheet())
    assert t.state.pacing.countdown_deadline == t.now + 3 and t.state.pacing.countdown_box == box
    view = present(t.state, t.now).game
    assert view is not None and view.countdown == 3
    assert view.countdown_help == RUNNING_HELP
    assert view.tray_summary == f"{view.countdown_text} {view.countdown_help}"
    t.tick_after(2.9)
    assert t.game is game
    t.tick_after(0.1)
    assert t.state.play.last_auto_scored == box


def test_the_messages_opened_pause_the_countdown_and_folding_them_runs_it_in_full() -> None:
    """A walk opened "More" to read what the countdown said, and the box was scored under it."""
    t = table()
    game = last_roll(t)
    box = t.state.pacing.countdown_box
    view = present(t.state, t.now).game
    assert view is not None and view.tray_toggle_label == "More"
    t.now += 2
    t(OpenTray(True))
    assert t.state.pacing.countdown_deadline is None and next_deadline(t.state) is None
    view = present(t.state, t.now).game
    assert view is not None and view.tray_open and view.countdown == 3
    assert view.countdown_help == (
        f"Paused while you read: after “Less” it starts again from {iso('3')} seconds."
    )
    t.tick_after(60)
    assert t.game is game
    t(OpenTray(False))
    assert t.state.pacing.countdown_deadline == t.now + 3 and t.state.pacing.countdown_box == box
    t.tick_after(3)
    assert t.state.play.last_auto_scored == box
    # The next turn starts folded: its countdown is not held by the tray of this one.
    assert t.state.ui.tray_open is False
    last_roll(t)


def test_holding_and_releasing_the_sheet_without_a_countdown_starts_nothing() -> None:
    t = table()
    t(HoldSheet(), ReleaseSheet(), Roll(), HoldSheet())
    assert t.state.pacing.countdown_deadline is None and t.state.pacing.countdown_paused is None
    t(ReleaseSheet(), Roll(), Roll())
    assert t.state.pacing.countdown_deadline == t.now + 3  # the last roll starts it as ever
    t(HoldSheet(), SelectBox("chance"), ReleaseSheet())  # a tap on a box: held, then chosen
    assert t.state.pacing.countdown_deadline is None and next_deadline(t.state) is None


def test_a_dialog_over_a_held_sheet_keeps_the_countdown_waiting() -> None:
    t = table()
    game = last_roll(t)
    t(HoldSheet(), OpenSettings(), CloseDialog())
    assert t.state.pacing.countdown_deadline is None  # still held
    t.tick_after(30)
    assert t.game is game
    t(ReleaseSheet())
    assert t.state.pacing.countdown_deadline == t.now + 3


@pytest.mark.parametrize("setting", list(UndoSetting))
def test_a_box_scored_by_the_countdown_can_be_taken_back_until_the_next_roll(
    setting: UndoSetting,
) -> None:
    t = table(humans=2)
    t(SetUndo(setting))
    before = last_roll(t)
    t.tick_after(3)
    box = t.state.play.last_auto_scored
    assert box is not None and t.game.current_player == 1
    assert undo_available(t.state)
    # Between two humans the phone is passed: the hand-over screen offers the take-back.
    view = present(t.state, t.now).handover
    assert view is not None and view.can_undo
    # Named, as the next player sees it too: "Take back the Chance box" read as theirs.
    name, box_name = iso("Player 1"), iso(box.replace("_", " ").capitalize())
    assert view.undo_label == f"Take back {name}'s {box_name} box"
    t(Undo())
    assert t.game == before and t.state.play.last_auto_scored is None
    assert t.state.pacing.countdown_deadline is None  # the player took it back to choose themselves
    # Scored again by the player: with two humans "auto" lets it be taken back only while the
    # hand-over waits, "off" not at all.
    t(SelectBox("chance"), ConfirmTurn())
    assert undo_available(t.state) is (setting is not UndoSetting.OFF)
    t(StartTurn())
    assert undo_available(t.state) is (setting is UndoSetting.ON)
    # After the next roll nothing is taken back.
    t2 = table(humans=2)
    t2(SetUndo(setting))
    last_roll(t2)
    t2.tick_after(3)
    t2(Roll())
    assert not undo_available(t2.state)
    assert t2(Undo()) is t2.state


def test_a_box_the_countdown_scored_in_a_solo_game_is_said_on_the_next_turn() -> None:
    t = table()
    last_roll(t)
    t.tick_after(3)
    box = t.state.play.last_auto_scored
    assert box is not None
    (event,) = t.state.ui.recent_scores[-1:]
    view = present(t.state, t.now).game
    assert view is not None
    name, points = iso("Player 1"), iso(event.points)
    chosen = f"{iso(box.replace('_', ' ').capitalize())}"
    dice = iso(", ".join(map(str, event.dice)))
    said = f"{name} scored {points} points in {chosen} automatically (dice: {dice})"
    assert view.last_move == said  # alone too, with the dice: it was not the player's choice
    t(Roll())
    assert present(t.state, t.now).game.last_move == ""  # type: ignore[union-attr]


# --- point 8: the hint pauses the countdown on the hint's box ---------------------------------


class HintElsewhere(GreedyCoach):
    """A coach whose hint names another box than its automatic choice (as the optimal advisor
    and the greedy fallback may): the countdown must score the box the hint showed."""

    def best_action(self, game: GameState) -> Advice | None:
        advice = super().best_action(game)
        if isinstance(advice, ScoreAdvice) and game.options is not None:
            others = [box for box in game.options.legal if box != advice.box]
            return ScoreAdvice(others[0])
        return advice


def test_the_hint_pauses_the_countdown_on_its_box_and_hide_hint_runs_it_in_full() -> None:
    t = table(coach=HintElsewhere())
    t(TableLoaded("penta"))
    game = last_roll(t)
    t.now += 2
    t(ShowHint())
    hint = t.state.pacing.hint
    assert isinstance(hint, ScoreAdvice)
    assert t.state.pacing.countdown_box == hint.box  # the hint's box is the countdown's box
    assert t.state.pacing.countdown_deadline is None and next_deadline(t.state) is None
    view = present(t.state, t.now).game
    assert view is not None and view.countdown == 3
    assert view.countdown_help == (
        f"Paused while the hint shows: after “Hide hint” it starts again from {iso(3)} seconds."
    )
    # The folded tray's line: the countdown waits (first: a small phone cuts the end), the hint.
    assert view.tray_summary == f"Countdown paused · {view.hint_short}"
    (counting,) = [c for row in view.sheet.rows for c in row.cells if c.counting_down]
    assert counting.label.endswith("scored automatically when the countdown ends, which is paused")
    t.tick_after(60)
    assert t.game is game
    t(HideHint())
    assert t.state.pacing.countdown_deadline == t.now + 3
    view = present(t.state, t.now).game
    assert view is not None
    assert view.countdown_help == RUNNING_HELP
    assert not view.countdown_held and view.countdown_paused == ""
    (counting,) = [c for row in view.sheet.rows for c in row.cells if c.counting_down]
    assert counting.label.endswith("; scored automatically when the countdown ends")
    t.tick_after(3)
    assert t.state.play.last_auto_scored == hint.box
    assert t.game.sheets[0].points_in(hint.box) is not None


def test_confirm_under_the_hint_scores_its_box_and_a_box_chosen_comes_first() -> None:
    """A walk tapped Confirm under the hint's framed box and nothing happened."""
    t = table(coach=HintElsewhere())
    t(TableLoaded("penta"))
    last_roll(t)
    t.now += 2
    t(ShowHint())
    hint = t.state.pacing.hint
    assert isinstance(hint, ScoreAdvice)
    view = present(t.state, t.now).game
    assert view is not None and view.can_confirm
    options = t.game.options
    assert options is not None
    other = next(box for box in options.legal if box != hint.box)
    t(SelectBox(other))
    t.now += 2
    t(ConfirmTurn())
    assert t.game.sheets[0].points_in(other) is not None  # the box chosen, not the hint's
    assert t.game.sheets[0].points_in(hint.box) is None

    t = table(coach=HintElsewhere())
    t(TableLoaded("penta"))
    last_roll(t)
    t.now += 2
    t(ShowHint(), ConfirmTurn())
    assert t.game.sheets[0].points_in(hint.box) is not None
    assert t.state.play.last_auto_scored is None  # confirmed, not scored by the countdown


def test_the_hint_pauses_a_ten_second_countdown_and_the_tray_says_ten() -> None:
    t = AppDriver(initial_state(["en-US"], seed=7))
    t(SetAutoScore(10), StartGame(), TableLoaded("penta"), Roll(), Roll())
    t(Roll(), ShowHint())
    view = present(t.state, t.now).game
    assert view is not None and f"{iso(10)} seconds" in view.countdown_help


@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_the_last_roll_is_announced_with_the_box_the_countdown_will_score(language: str) -> None:
    t = table()
    t(SetLanguage(language))
    game = last_roll(t)
    box = t.state.pacing.countdown_box
    assert game.dice is not None and box is not None
    tr = Translator(language)
    rolled = tr("turn.rolled", dice=tr.format_dice(game.dice))
    coming = tr("turn.auto_score_countdown_box", box=tr.box_name("penta", box), seconds=3)
    assert present(t.state, t.now).announcement == f"{rolled}. {coming}"
    earlier = table()
    earlier(Roll())  # rolls are left: no countdown, nothing more said
    assert earlier.game.dice is not None
    plain = Translator("en")("turn.rolled", dice=Translator("en").format_dice(earlier.game.dice))
    assert present(earlier.state, earlier.now).announcement == plain


def marked_boxes(state: AppState, now: float) -> list[tuple[str, int, str]]:
    """(box, column, accessible name) of each cell the sheet marks as the countdown's box."""
    view = present(state, now).game
    assert view is not None
    return [
        (row.key, column, cell.label)
        for row in view.sheet.rows
        for column, cell in enumerate(row.cells)
        if cell.counting_down
    ]


@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_the_sheet_marks_the_box_the_countdown_will_score_until_one_is_chosen(
    language: str,
) -> None:
    t = table(humans=2)
    t(SetLanguage(language))
    t(Roll(), Roll())
    assert marked_boxes(t.state, t.now) == []  # rolls are left: no countdown
    t(Roll())
    game = t.game
    box, player = t.state.pacing.countdown_box, game.current_player
    assert box is not None and game.options is not None
    unmarked = replace(t.state, pacing=replace(t.state.pacing, countdown_deadline=None))
    view = present(unmarked, t.now).game
    assert view is not None
    (row,) = [row for row in view.sheet.rows if row.key == box]
    label = Translator(language)("turn.countdown_box", label=row.cells[player].label)
    assert marked_boxes(t.state, t.now) == [(box, player, label)]
    t.tick_after(1.5)
    assert marked_boxes(t.state, t.now) == [(box, player, label)]  # still counting down
    other = next(b for b in game.options.points if b != box and b not in game.options.forbidden)
    t(SelectBox(other))  # the player's own choice stops the countdown
    assert marked_boxes(t.state, t.now) == []


# --- point 12: a reload restores the countdown's box and remaining time -----------------------


def test_a_reload_restores_the_countdowns_box_and_remaining_time() -> None:
    t = table()
    last_roll(t)
    box = t.state.pacing.countdown_box
    assert box is not None
    t.now += 1.2
    record = turn_record(t.state, t.now)
    assert record.countdown is not None and record.auto_scored is None
    assert record.countdown.box == box and record.countdown.seconds == 3
    assert record.countdown.remaining == pytest.approx(1.8)
    storage = MemoryStorage()
    save_session(storage, t.game, today=TODAY, turn=record)
    restored = restore_session(storage)
    assert restored.turn == record
    # The page starts again, later, with the greedy fallback of another choice.
    later = START + 500
    state = resume(
        initial_state(["en-US"], seed=7),
        restored.game,
        restored.before_last_turn,
        now=later,
        turn=restored.turn,
    )
    assert state.pacing.countdown_box == box
    assert state.pacing.countdown_deadline == pytest.approx(later + 1.8)
    assert state.pacing.countdown_seconds == 3
    view = present(state, later).game
    assert view is not None and view.countdown == 2
    assert (
        view.countdown_text.startswith("Scoring ") and f"in {iso(2)} seconds" in view.countdown_text
    )
    reloaded = AppDriver(state)
    reloaded.now = later + 1.8
    scored = reloaded(Tick())
    assert scored.play.last_auto_scored == box


def test_a_reload_while_paused_keeps_what_was_left() -> None:
    t = table()
    last_roll(t)
    t.now += 1
    t(OpenSettings())
    record = turn_record(t.state, t.now + 40)  # the dialog stays open: the time stands
    assert record.countdown is not None and record.countdown.remaining == pytest.approx(2)
    t(CloseDialog(), HoldSheet())
    record = turn_record(t.state, t.now)  # held: it would run in full when let go
    assert record.countdown is not None and record.countdown.remaining == 3


def test_a_restored_countdown_that_does_not_fit_the_game_is_not_used() -> None:
    t = table()
    game = last_roll(t)
    assert game.options is not None and "one_pair" not in game.options.legal
    for record in (
        TurnRecord(PendingCountdown("one_pair", 3, 1.0)),  # a box this game cannot score
        TurnRecord(PendingCountdown("chance", 3, 9.0)),  # more time left than its length
        None,  # saved by an older version
    ):
        state = resume(initial_state(["en-US"]), game, None, now=5.0, turn=record)
        assert state.pacing.countdown_box is None  # the coach chooses when it ends, as before
        assert state.pacing.countdown_deadline == 5.0 + 3  # the full length
    # A countdown saved with a turn whose last roll has not come starts nothing.
    early = table()
    early(Roll())
    record = TurnRecord(PendingCountdown("chance", 3, 1.0))
    state = resume(initial_state(["en-US"]), early.game, None, now=5.0, turn=record)
    assert state.pacing.countdown_deadline is None and state.pacing.countdown_box is None


def test_an_automatic_box_can_still_be_taken_back_after_a_reload() -> None:
    t = table(humans=2)
    before = last_roll(t)
    t.tick_after(3)
    record = turn_record(t.state, t.now)
    assert record.auto_scored == t.state.play.last_auto_scored
    storage = MemoryStorage()
    save_session(
        storage,
        t.game,
        today=TODAY,
        before_last_turn=t.state.play.before_last_turn,
        turn=record,
    )
    restored = restore_session(storage)
    state = resume(
        initial_state(["en-US"]),
        restored.game,
        restored.before_last_turn,
        now=t.now,
        turn=restored.turn,
    )
    assert undo_available(state)
    reloaded = AppDriver(state)
    reloaded.now = t.now
    undone = reloaded(Undo())
    assert undone.game == before


# --- point 14: Skip plays a game of computers only to its end ---------------------------------


def test_skip_plays_fifty_computers_to_the_end_in_one_press() -> None:
    t = AppDriver(initial_state(["en-US"], seed=3))
    t(SetPlayerKind(0, PlayerKind.COMPUTER))
    for _ in range(49):
        t(AddPlayer(PlayerKind.COMPUTER))
    t(StartGame(), TableFailed("penta", "not loaded in this test"))
    t(SkipComputers())
    assert t.state.screen is Screen.END
    assert t.game.is_over and all(sheet.is_complete for sheet in t.game.sheets)
