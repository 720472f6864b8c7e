"""How the game feels (issue 14, points 6 and 7), through the AppDriver: the roll's sound and
tap and the larger dice and sheet are settings kept with the preferences (version 2, read from
version 1); the tray folds its messages to a one-line summary; the upper bonus is celebrated;
the end screen's words follow the result and the players' earlier games."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.effects import LoadStats, RollFeel
from game.app.intents import (
    ConfirmTurn,
    HideHint,
    OpenTray,
    Roll,
    SelectBox,
    SetDisplaySize,
    SetSound,
    SetVibration,
    ShowHint,
    StartGame,
    StatsLoaded,
)
from game.app.model import AppState, DisplaySize, Screen
from game.app.preferences import PREFERENCES_VERSION, preferences_from_data, preferences_to_data
from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.errors import SaveFileError
from game.i18n.translator import Translator
from game.persistence.stats import PlayerStats
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player, PlayerKind
from game.present.views import EndView
from tests.app.driver import AppDriver, Seat, played_up_to_the_last_round
from tests.i18n.isolation import iso


def test_sound_vibration_and_size_are_settings_kept_with_the_preferences() -> None:
    driver = AppDriver.seeded(3)
    settings = driver.snapshot().settings
    assert [c.selected for c in settings.sound_choices] == [True, False]  # on by default
    assert [c.label for c in settings.size_choices] == ["Normal", "Larger"]
    driver(SetSound(False), SetVibration(False), SetDisplaySize(DisplaySize.LARGE))
    snapshot = driver.snapshot()
    assert [c.selected for c in snapshot.settings.sound_choices] == [False, True]
    assert [c.selected for c in snapshot.settings.vibration_choices] == [False, True]
    assert snapshot.display_size == "large"
    saved = preferences_to_data(driver.state)
    assert (saved["version"], saved["sound"], saved["vibration"]) == (
        PREFERENCES_VERSION,
        False,
        False,
    )
    restored = preferences_from_data(AppState(), saved).settings
    assert (restored.sound, restored.vibration, restored.display_size) == (
        False,
        False,
        DisplaySize.LARGE,
    )
    # A value that is not a choice changes nothing, and is refused when read back.
    assert driver(SetSound("yes"), SetDisplaySize("huge")) is driver.state  # type: ignore[arg-type]
    assert driver.effects == ()
    with pytest.raises(SaveFileError, match=r"preferences\.sound"):
        preferences_from_data(AppState(), {**saved, "sound": 1})


def test_preferences_of_version_1_are_read_with_the_new_settings_at_their_defaults() -> None:
    older = {"format": "penta-preferences", "version": 1, "language": "et", "undo": "off"}
    state = preferences_from_data(AppState(), older)
    assert state.settings.language == "et" and state.settings.undo.value == "off"
    assert (state.settings.sound, state.settings.vibration) == (True, True)
    assert state.settings.display_size is DisplaySize.NORMAL
    with pytest.raises(SaveFileError, match="sound"):  # version 1 never wrote it
        preferences_from_data(AppState(), {**older, "sound": False})


def test_a_roll_asks_for_its_sound_and_the_humans_own_roll_for_a_tap() -> None:
    driver = AppDriver.seeded(4)
    driver.set_players([("Dana", "human", None), ("Robo", "computer", "beginner")])
    driver(StartGame())
    assert LoadStats() in driver.effects  # the earlier games, for the end screen's words
    driver(Roll())
    assert RollFeel(sound=True, vibrate=True) in driver.effects
    driver(SetVibration(False), Roll())
    assert RollFeel(sound=True, vibrate=False) in driver.effects
    driver(SetSound(False), Roll())
    assert not any(isinstance(effect, RollFeel) for effect in driver.effects)
    driver(SetSound(True), SetVibration(True))
    driver(SelectBox("chance"), ConfirmTurn())
    driver.tables_failed()
    driver.wait_until_due()  # the computer's first roll: a sound, never a buzz
    feels = [effect for effect in driver.effects if isinstance(effect, RollFeel)]
    assert feels == [RollFeel(sound=True, vibrate=False)]


def test_the_tray_folds_its_messages_to_one_line_that_opens() -> None:
    driver = AppDriver.seeded(5)
    driver(StartGame())
    driver.tables_ready()
    assert driver.view().tray_summary == "" and driver.view().tray_toggle_label == ""
    driver(Roll(), Roll(), Roll())  # the last roll: the countdown runs
    view = driver.view()
    # The line says how to choose another box too (folded, "Scoring Chance" read as final).
    running = f"{view.countdown_text} Or pick another box."
    assert view.countdown_text and view.tray_summary == running
    assert (view.tray_open, view.tray_toggle_label) == (False, "More")
    driver(ShowHint())  # the countdown waits on the hint's box: the hint is the line
    view = driver.view()
    hint = view.hint_short or view.hint
    assert view.hint and view.countdown_text and view.tray_summary == f"Countdown paused · {hint}"
    driver(HideHint())  # the countdown runs again: it is the line
    assert driver.view().tray_summary == running
    driver(ShowHint(), SelectBox("chance"))  # a box chosen, the hint still there: the choice
    view = driver.view()
    chance = driver.game.options.points["chance"]  # type: ignore[union-attr]
    assert view.hint and view.tray_summary == f"Selected: {iso('Chance')}, {iso(chance)} points"
    driver(OpenTray(True))
    assert (driver.view().tray_open, driver.view().tray_toggle_label) == (True, "Less")
    driver(OpenTray(False))
    assert driver.view().tray_open is False
    driver(OpenTray(True), ConfirmTurn())  # the next turn starts folded
    assert driver.state.ui.tray_open is False
    driver(Roll(), ShowHint(), OpenTray(True), Roll())  # and so does each roll
    assert driver.state.ui.tray_open is False


def test_a_box_chosen_and_a_hint_asked_for_then_share_the_folded_line() -> None:
    # A walk chose a box first, then asked for the hint: the line showed only its own choice.
    game = new_game("penta", [Player("Dana")], SeededDice(1))
    driver = AppDriver.with_game(replace(game, dice=(1, 2, 3, 4, 6), rolls_left=2))
    driver.tables_ready()
    driver(SelectBox("chance"), ShowHint())
    view = driver.view()
    advice = driver.state.pacing.hint
    assert advice is not None and view.hint_short
    assert isinstance(advice, KeepAdvice) or advice.box != "chance"  # it says something else
    chance = f"Selected: {iso('Chance')}, {iso(16)} points"  # 1 + 2 + 3 + 4 + 6
    assert view.tray_summary == f"{chance} · {view.hint_short}"
    # Joined, it may take a third line: two cut "· Score Threes" on a 320 px phone (a walk).
    assert view.summary_joined


def test_no_more_is_offered_when_the_line_is_all_there_is() -> None:
    # A walk saw "Less" after Undo with nothing to fold: the choice was the tray's one line.
    game = new_game("penta", [Player("Dana")], SeededDice(1))
    driver = AppDriver.with_game(replace(game, dice=(1, 2, 3, 4, 6), rolls_left=2))
    driver.tables_failed()
    driver(SelectBox("chance"), OpenTray(True))
    view = driver.view()
    assert view.tray_summary == view.status == f"Selected: {iso('Chance')}, {iso(16)} points"
    assert not view.summary_joined
    assert (view.tray_toggle_label, view.tray_open) == ("", False)
    driver.tables_ready()
    driver(ShowHint())  # the hint's words are more than its move on the line: More again
    view = driver.view()
    assert view.hint_short in view.tray_summary and view.hint not in view.tray_summary
    assert (view.tray_toggle_label, view.tray_open) == ("Less", True)


def test_a_hint_to_score_the_box_chosen_leaves_the_choice_alone_on_the_line() -> None:
    game = new_game("penta", [Player("Dana")], SeededDice(1))
    driver = AppDriver.with_game(replace(game, dice=(5, 5, 5, 5, 5), rolls_left=0))
    driver.tables_ready()
    driver(SelectBox("penta"), ShowHint())
    view = driver.view()
    advice = driver.state.pacing.hint
    assert isinstance(advice, ScoreAdvice) and advice.box == "penta" and view.hint_short
    assert view.tray_summary == view.status != ""


def test_the_hint_asked_for_is_the_folded_line_above_the_turns_message() -> None:
    # A walk asked for the hint with no open box scoring and saw "No open box scores..." alone.
    game = new_game("penta", [Player("Dana")], SeededDice(1))
    filled = {box: 0 for box in game.ruleset.box_ids if box not in ("penta", "large_straight")}
    sheet = Sheet.from_scores(game.ruleset, filled)
    driver = AppDriver.with_game(replace(game, sheets=(sheet,), dice=(1, 1, 3, 4, 6), rolls_left=1))
    driver.tables_ready()
    view = driver.view()
    assert view.message and view.tray_summary == view.message
    driver(ShowHint())
    view = driver.view()
    assert view.hint and view.message and view.tray_summary == (view.hint_short or view.hint)
    driver(HideHint())
    assert driver.view().tray_summary == driver.view().message


def upper_section_at(scores: dict[str, int], dice: tuple[int, ...]) -> AppDriver:
    game = new_game("penta", [Player("Dana"), Player("Avi")], SeededDice(1))
    sheet = Sheet.from_scores(game.ruleset, scores)
    game = replace(game, sheets=(sheet, game.sheets[1]), dice=dice, rolls_left=0)
    driver = AppDriver.with_game(game)
    driver.pace_rolls = False
    return driver


def test_reaching_the_upper_bonus_is_celebrated_until_the_next_roll() -> None:
    # 3 + 6 + 9 + 15 + 18 = 51 in the upper section: three 4s (12) reach the 63.
    scores = {"ones": 3, "twos": 6, "threes": 9, "fives": 15, "sixes": 18}
    driver = upper_section_at(scores, (4, 4, 4, 1, 2))
    driver(SelectBox("fours"), ConfirmTurn())
    assert driver.view().celebration == f"Upper bonus for {iso('Dana')}: {iso(35)} more points!"
    assert driver.view().tray_summary == driver.view().celebration
    driver(Roll())
    assert driver.view().celebration == ""
    # Short of it, or over it already: nothing to celebrate.
    short = upper_section_at(scores, (4, 4, 1, 1, 2))  # 51 + 8
    short(SelectBox("fours"), ConfirmTurn())
    assert short.view().celebration == ""
    over = upper_section_at({**scores, "fives": 25, "sixes": 30}, (4, 4, 4, 4, 1))
    over(SelectBox("fours"), ConfirmTurn())
    assert over.view().celebration == ""


def stats_of(name: str, best: int, average: float, games: int = 4) -> PlayerStats:
    return PlayerStats(name, "penta", games, average, best, (), 0, 0)


def finished(seed: int, seats: list[Seat], stats: tuple[PlayerStats, ...] = ()) -> EndView:
    """A game of `seats` played to its end, its end screen with `stats` as the earlier games."""
    driver = AppDriver.with_game(played_up_to_the_last_round(seed, seats))
    driver.tables_failed()
    driver.play_to_end()
    driver(StatsLoaded(stats, None))
    end = driver.snapshot().end
    assert end is not None
    totals.clear()
    totals.extend(sheet.total for sheet in driver.game.sheets)
    return end


totals: list[int] = []
"""The totals of the game `finished` played last, in seat order."""


def test_a_solo_game_is_told_against_the_players_average_and_best() -> None:
    end = finished(11, [("Dana", "human", None)])
    (total,) = totals
    assert end.headline == f"Final score {iso(total)}, in your first game with these rules."
    assert not end.new_best
    assert not end.trophy  # alone, only a new best earns it (a walk: a trophy for 35 points)
    end = finished(11, [("Dana", "human", None)], (stats_of("Dana", total + 5, total - 12.4),))
    assert not end.trophy
    average = iso(str(total - 12))  # whole, as the difference (test_end_words.py)
    assert (
        end.headline
        == f"Final score {iso(total)}: {iso(12)} points above your average ({average})."
    )
    end = finished(11, [("Dana", "human", None)], (stats_of("Dana", total + 5, total + 1.2),))
    average = iso(str(total + 1))
    assert end.headline == f"Final score {iso(total)}: 1 point below your average ({average})."
    end = finished(11, [("Dana", "human", None)], (stats_of("Dana", total - 1, total - 30),))
    assert end.headline == f"A new personal best: {iso(total)}!"
    assert end.new_best and end.trophy
    # Another ruleset's best, or another player's, is not this one's.
    other = replace(stats_of("Dana", total - 1, total - 30), ruleset_id="yatzy")
    assert not finished(11, [("Dana", "human", None)], (other, stats_of("Avi", 1, 1))).new_best


AVI = Player("Avi")


def ended(
    chances: tuple[int, ...],
    stats: tuple[PlayerStats, ...] = (),
    second: Player = AVI,
) -> EndView:
    """The end screen of a game of Dana and Avi (or `second`) that only scored their Chance
    boxes."""
    game = new_game("penta", [Player("Dana"), second], SeededDice(1))
    zeros = {box: 0 for box in game.ruleset.box_ids}
    sheets = tuple(Sheet.from_scores(game.ruleset, {**zeros, "chance": c}) for c in chances)
    driver = AppDriver.with_game(replace(game, sheets=sheets))
    driver.state = replace(driver.state, ui=replace(driver.state.ui, screen=Screen.END))
    driver(StatsLoaded(stats, None))
    end = driver.snapshot().end
    assert end is not None
    return end


def test_a_game_of_several_is_told_as_a_new_best_a_close_game_or_a_win() -> None:
    assert ended((30, 12)).headline == f"{iso('Dana')} wins!"
    assert ended((30, 12)).trophy and ended((30, 30)).trophy
    assert ended((20, 30)).headline == f"A close game! {iso('Avi')} wins by {iso(10)} points."
    assert ended((30, 29)).headline == f"A close game! {iso('Dana')} wins by 1 point."
    # A new best follows the winner on its own line: the winner is what the table asks first.
    end = ended((12, 30), (stats_of("Dana", 11, 8),))
    assert end.headline == f"{iso('Avi')} wins!" and not end.new_best
    assert end.bests_line == f"A new personal best for {iso(iso('Dana'))}!"
    both = ended((12, 30), (stats_of("Dana", 11, 8), stats_of("Avi", 29, 20)))
    assert both.headline == f"{iso('Avi')} wins!"
    assert both.bests_line == f"A new personal best for {iso(iso('Dana') + ' and ' + iso('Avi'))}!"
    assert ended((12, 30), (stats_of("Dana", 12, 8),)).bests_line == ""  # equal is no new best
    assert ended((30, 12)).bests_line == ""


def test_a_computer_has_no_personal_best() -> None:
    seats: list[Seat] = [("Robo", "computer", "beginner")]
    end = finished(12, seats, (stats_of("Robo", 1, 1),))
    assert not end.new_best
    assert not end.trophy  # no gold trophy over a computer's win
    robo = Player("Robo", PlayerKind.COMPUTER, "casual")
    assert not ended((12, 30), second=robo).trophy
    assert ended((30, 12), second=robo).trophy and ended((30, 30), second=robo).trophy
    assert end.headline == f"Final score {iso(totals[0])}, in your first game with these rules."


@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_a_player_alone_and_unnamed_is_told_it_is_their_turn(language: str) -> None:
    t = Translator(language)
    alone = AppDriver.seeded(3, language)
    alone(StartGame())
    assert alone.view().title == t("turn.your_turn")
    named = AppDriver.seeded(3, language)
    named.set_players([("Dana", "human", None)])
    named(StartGame())
    assert named.view().title == t("turn.player_turn", name="Dana")
    two = AppDriver.seeded(3, language)
    two.set_players([("", "human", None), ("", "human", None)])
    two(StartGame())
    first = two.game.players[0].name
    assert two.view().title == t("turn.player_turn", name=first) != t("turn.your_turn")
