"""A new user's walk-through of real dice: the dice choice kept with the last setup, the
announcement after a correction, the previews after a hint, the correction's question, the
history list, a partly entered roll across a reload, and the wording of the refusals."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest

from game.app.effects import SaveSession
from game.app.entry_intents import (
    ApplyCorrection,
    AskAboutRoll,
    ChooseDice,
    CorrectionFace,
    EnterFace,
    OpenCorrection,
    RemoveFace,
)
from game.app.intents import ConfirmTurn, SelectBox, ShowHint, StartGame
from game.app.model import AppState, Screen
from game.app.preferences import PREFERENCES_VERSION, preferences_from_data, preferences_to_data
from game.app.setup_intents import AddPlayer, SetPlayerKind
from game.app.start import initial_state, resume
from game.errors import SaveFileError
from game.i18n.bidi import without_isolates as plain
from game.persistence.history import record_game
from game.persistence.session import SESSION_KEY, restore_session, save_session
from game.persistence.storage import MemoryStorage
from game.persistence.turn_record import TurnRecord, turn_record_from_data, turn_record_to_data
from game.play.random_source import RealDice
from game.play.sheet import Sheet
from game.play.state import PlayerKind
from tests.app.driver import AppDriver
from tests.app.test_real_dice import (
    enter,
    played_through,
    played_through_on_screen,
    real_dice_driver,
)
from tests.app.test_real_dice_corrections import PENTA_TURNS, app_with, played

# --- 1. the dice choice is kept with the last setup ----------------------------------------------


def test_the_dice_choice_is_kept_with_the_last_setup() -> None:
    played = real_dice_driver().state
    back = preferences_from_data(AppState(), preferences_to_data(played))
    assert back.setup.real_dice and back.setup.restored
    setup = AppDriver(back).snapshot().setup
    assert setup is not None
    assert [choice.value for choice in setup.dice_choices if choice.selected] == ["real"]


@pytest.mark.parametrize(("stored", "now"), [(3, None), (0, 0), (5, 5), (10, 10)])
def test_preferences_of_version_4_let_the_old_default_countdown_follow_the_rules(
    stored: int, now: int | None
) -> None:
    # 3 seconds was every ruleset's default: it cannot be told from a choice.
    data = preferences_to_data(real_dice_driver().state)
    back = preferences_from_data(AppState(), {**data, "version": 4, "auto_score_seconds": stored})
    assert back.settings.auto_score_seconds == now


def test_preferences_of_version_3_are_upgraded_with_dice_on_screen() -> None:
    data = preferences_to_data(real_dice_driver().state)
    del data["real_dice"]
    back = preferences_from_data(AppState(), {**data, "version": 3})
    assert PREFERENCES_VERSION == 5 and not back.setup.real_dice
    with pytest.raises(SaveFileError, match="version 3 never wrote real_dice"):
        preferences_from_data(AppState(), {**data, "version": 3, "real_dice": True})


@pytest.mark.parametrize("value", [1, "yes", None])
def test_a_dice_choice_not_true_or_false_is_refused(value: object) -> None:
    data = {**preferences_to_data(AppState()), "real_dice": value}
    with pytest.raises(SaveFileError, match=r"preferences\.real_dice"):
        preferences_from_data(AppState(), data)


def test_real_dice_keep_a_computer_seat_for_the_dice_on_screen_across_a_restart() -> None:
    state = AppDriver.seeded(1)(
        AddPlayer(), SetPlayerKind(1, PlayerKind.COMPUTER), ChooseDice(True)
    )
    restored = preferences_from_data(AppState(), preferences_to_data(state)).setup
    assert restored.real_dice
    assert [seat.kind for seat in restored.seats] == [PlayerKind.HUMAN, PlayerKind.COMPUTER]
    assert [seat.kind for seat in restored.seats_at_play] == [PlayerKind.HUMAN] * 2


# --- 2. and 4. a correction: its question, and the line after it ---------------------------------


def dana_s_penta_bonus() -> AppDriver:
    """Dana's five sixes in Sixes after her Penta: 30 points and the 100-point bonus."""
    driver = real_dice_driver("penta", ("Dana", "Avi"))
    for dice, box in (((5, 5, 5, 5, 5), "penta"), ((1, 1, 2, 3, 4), "ones")):
        enter(driver, dice)
        driver(SelectBox(box), ConfirmTurn())
    enter(driver, (6, 6, 6, 6, 6))
    driver(SelectBox("sixes"), ConfirmTurn())
    assert driver.game.sheets[0].five_of_a_kind_bonus_points == 100
    return driver


def bonuses(sheet: Sheet) -> int:
    return sheet.upper_bonus + sheet.five_of_a_kind_bonus_points


def corrected(driver: AppDriver, player: int, box: str, old: int, new: int) -> str:
    """Changes one die entered for `box` from `old` to `new` and confirms; the question asked."""
    driver(OpenCorrection(player, box), CorrectionFace(old, add=False))
    driver(CorrectionFace(new, add=True), ApplyCorrection())
    view = driver.snapshot().correction
    assert view is not None
    question = plain(view.question)
    driver(ApplyCorrection())
    return question


def test_the_question_states_the_total_and_the_bonuses_before_and_after() -> None:
    driver = dana_s_penta_bonus()
    before = driver.game.sheets[0]
    question = corrected(driver, 0, "sixes", 6, 1)
    after = driver.game.sheets[0]
    assert after.points_in("sixes") == 24 and bonuses(after) != bonuses(before)
    assert question == (
        f"Change Dana's Sixes from 30 to 24? Dana's total goes from {before.total} to "
        f"{after.total}, the bonuses from {bonuses(before)} to {bonuses(after)}."
    )


def test_a_question_without_a_bonus_change_states_the_total() -> None:
    driver = dana_s_penta_bonus()
    before = driver.game.sheets[1]
    question = corrected(driver, 1, "ones", 2, 1)
    after = driver.game.sheets[1].total
    assert (
        question
        == f"Change Avi's Ones from 2 to 3? Avi's total goes from {before.total} to {after}."
    )


def test_after_a_correction_the_tray_no_longer_states_the_old_score() -> None:
    driver = dana_s_penta_bonus()
    assert "30" in plain(driver.view().last_move)
    driver(OpenCorrection(0, "sixes"), CorrectionFace(6, add=False), CorrectionFace(1, add=True))
    driver(ApplyCorrection(), ApplyCorrection())
    total = driver.game.sheets[0].total
    line = f"Corrected: Dana's Sixes, now 24, total {total}"
    assert plain(driver.view().last_move) == line
    pad = driver.view().pad
    assert pad is not None and plain(pad.next_up) == "Next: Avi"  # still who plays next
    assert plain(driver.snapshot().announcement) == line
    driver(OpenCorrection(0, "sixes"), ApplyCorrection(clear=True), ApplyCorrection(clear=True))
    assert driver.game.sheets[0].points_in("sixes") is None
    total = driver.game.sheets[0].total
    line = f"Cleared: Dana's Sixes, total {total}. Dana plays that turn again"
    assert driver.game.current_player == 0
    assert plain(driver.view().last_move) == line == plain(driver.snapshot().announcement)
    enter(driver, (2, 2, 3, 4, 5))
    assert plain(driver.view().last_move) == ""


# --- 7. the refusals' wording ------------------------------------------------------------------


def test_a_refusal_names_the_round_as_the_screen_does() -> None:
    driver = dana_s_penta_bonus()
    driver(OpenCorrection(0, "penta"), CorrectionFace(5, add=False), CorrectionFace(4, add=True))
    view = driver.snapshot().correction
    assert view is not None and plain(driver.view().round) == "Round\u00a02 of\u00a013"
    assert plain(view.refusal) == (
        "Not possible: Dana would lose the bonus earned with Sixes in round 2."
    )


def test_a_refusal_in_hebrew_reads_naturally_with_a_latin_name() -> None:
    driver = app_with(played("penta", PENTA_TURNS), "he")
    driver(OpenCorrection(0, "penta"), CorrectionFace(5, add=False), CorrectionFace(6, add=True))
    view = driver.snapshot().correction
    assert view is not None
    refusal = plain(view.refusal)
    # The name stands alone ("של P0"), never joined to ש, and no verb agrees with it.
    assert "של P0 " in refusal and "שP0" not in refusal and "השתמש" not in refusal
    assert "בסיבוב 3" in refusal


# --- 3. the sheet and the tray follow the dice entered now, after a hint too -------------------


def shown(driver: AppDriver) -> tuple[object, ...]:
    """What the sheet and the tray say of the dice: every cell's text, state and label, the
    tray's status and messages."""
    view = driver.view()
    cells = tuple((c.text, c.state, plain(c.label)) for row in view.sheet.rows for c in row.cells)
    return cells, plain(view.status), plain(view.message), plain(view.bonus_message)


def test_dice_taken_back_after_a_hint_take_the_previews_away() -> None:
    without_hint = real_dice_driver(names=("Dana",))
    enter(without_hint, (1, 2, 3, 4, 6))
    without_hint(RemoveFace(6))
    assert plain(without_hint.view().status) == "Enter Dana's dice"

    driver = real_dice_driver(names=("Dana",))
    driver.tables_ready()
    enter(driver, (1, 2, 3, 4, 6))
    driver(ShowHint(), AskAboutRoll(1))  # the 1st roll: kept in the game, two rolls left
    assert driver.state.pacing.hint is not None and driver.game.rolls_left == 2
    driver(RemoveFace(6))
    assert shown(driver) == shown(without_hint)
    labels = [plain(cell.label) for row in driver.view().sheet.rows for cell in row.cells]
    assert not any("if scored now" in label for label in labels)
    driver(SelectBox("small_straight"))
    assert driver.game.selected_box is None  # nothing to score until five dice are entered
    driver(EnterFace(5))
    assert driver.game.dice == (1, 2, 3, 4, 5)
    assert driver.cell("small_straight").state == "potential"


# --- 5. the history's list marks the games played with real dice ------------------------------


@pytest.mark.parametrize(
    ("language", "marked"),
    [("en", "real dice"), ("he", "קוביות אמיתיות"), ("et", "päris täringu")],
)
def test_the_history_list_marks_the_games_played_with_real_dice(language: str, marked: str) -> None:
    real = record_game("2" * 16, played_through(RealDice()), date(2026, 12, 1))
    screen = record_game("3" * 16, played_through_on_screen(), date(2026, 12, 1))
    driver = AppDriver.seeded(1, language)
    ui = replace(driver.state.ui, history_games=(real, screen), screen=Screen.HISTORY)
    driver.state = replace(driver.state, ui=ui)
    history = driver.snapshot().history
    assert history is not None
    on_screen, with_real_dice = history.games  # newest first: as recorded, the later first
    assert marked in plain(with_real_dice.title) and marked in plain(with_real_dice.open_name)
    assert marked not in plain(on_screen.title) and marked not in plain(on_screen.open_name)


# --- 6. a partly entered roll survives a reload ------------------------------------------------


def saved_and_reloaded(driver: AppDriver) -> AppState:
    """The app opened again on the session the last intent asked the shell to save."""
    *_, saved = [effect for effect in driver.effects if isinstance(effect, SaveSession)]
    storage = MemoryStorage()
    save_session(storage, saved.game, today=date(2026, 12, 1), turn=saved.turn)
    restored = restore_session(storage)
    assert not restored.problems
    return resume(initial_state(["en"]), restored.game, None, now=driver.now, turn=restored.turn)


def test_a_partly_entered_roll_survives_a_reload() -> None:
    driver = real_dice_driver()
    enter(driver, (6, 2))
    driver(EnterFace(4))
    back = AppDriver(saved_and_reloaded(driver))
    assert back.state.ui.entry == (6, 2, 4)
    pad = back.view().pad
    assert pad is not None and [die.face for die in pad.entered] == [2, 4, 6]
    back(EnterFace(1), EnterFace(1))
    assert back.game.dice == (6, 2, 4, 1, 1)


def test_the_dice_of_a_roll_asked_about_survive_a_reload() -> None:
    driver = real_dice_driver()
    driver.tables_ready()
    enter(driver, (1, 2, 3, 4, 6))
    driver(ShowHint(), AskAboutRoll(1), RemoveFace(6))
    back = AppDriver(saved_and_reloaded(driver))
    assert back.state.ui.entry == (1, 2, 3, 4) and back.game.rolls_left == 2
    assert plain(back.view().status) == "Enter Dana's dice"


def test_a_stored_entry_that_does_not_fit_the_game_is_left_out() -> None:
    driver = real_dice_driver()
    enter(driver, (6, 6, 6, 6, 6))  # the turn's dice: the pad shows the game's, nothing waits
    record = TurnRecord(entry=(1, 2))
    state = resume(initial_state(["en"]), driver.game, None, now=driver.now, turn=record)
    assert state.ui.entry == () and state.game == driver.game
    on_screen = AppDriver.seeded(1)(StartGame())
    assert on_screen.game is not None
    state = resume(initial_state(["en"]), on_screen.game, None, now=0.0, turn=record)
    assert state.ui.entry == ()


@pytest.mark.parametrize("entry", [[7], [0], ["6"], [True], [1, 2, 3, 4, 5, 6], "12", None, [1.0]])
def test_a_stored_entry_not_faces_is_refused_naming_it(entry: object) -> None:
    data = {**turn_record_to_data(TurnRecord()), "entry": entry}
    with pytest.raises(SaveFileError, match=r"session\.turn\.entry"):
        turn_record_from_data(data, "session.turn")
    assert turn_record_from_data(turn_record_to_data(TurnRecord(entry=(3, 1))), "t").entry == (3, 1)


def test_a_session_of_version_3_has_an_empty_pad() -> None:
    driver = real_dice_driver()
    enter(driver, (6, 2))
    driver(EnterFace(4))
    (saved,) = [effect for effect in driver.effects if isinstance(effect, SaveSession)]
    storage = MemoryStorage()
    save_session(storage, saved.game, today=date(2026, 12, 1), turn=saved.turn)
    record = json.loads(storage.items[SESSION_KEY])
    assert record["payload"]["turn"]["entry"] == [6, 2, 4]
    del record["payload"]["turn"]["entry"]  # as version 3 wrote it
    del record["payload"]["turn"]["guide"]
    record["version"] = 3
    storage.items[SESSION_KEY] = json.dumps(record)
    restored = restore_session(storage)
    assert not restored.problems and restored.migrated and restored.turn is not None
    assert restored.turn.entry == ()
