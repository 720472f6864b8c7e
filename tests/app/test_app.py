"""The app state machine: setup, turns, countdown, end, preferences (computer players:
test_app_computers.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.announcements import Rolled, Scored
from game.app.intents import (
    AskLeave,
    CloseDialog,
    ConfirmTurn,
    HoldSheet,
    Intent,
    NewGame,
    OpenRules,
    OpenSettings,
    PlayAgain,
    ReleaseSheet,
    Roll,
    SelectBox,
    SetAutoScore,
    SetComputerSpeed,
    SetLanguage,
    ShowHint,
    SkipComputers,
    SpeedUp,
    StartGame,
    Tick,
    ToggleKeep,
)
from game.app.model import (
    ROLL_GUARD_SECONDS,
    AppState,
    CoachStatus,
    Dialog,
    Screen,
    Speed,
    is_computer_turn,
    next_deadline,
)
from game.app.preferences import preferences_from_data, preferences_to_data
from game.app.setup_intents import (
    AddPlayer,
    ChooseRuleset,
    ConfirmRemovePlayer,
    MovePlayer,
    RemovePlayer,
    RenamePlayer,
    SetPlayerKind,
    SetPlayerLevel,
)
from game.app.start import initial_state, parse_seed
from game.app.table_intents import TableFailed, TableLoaded
from game.coach.greedy import GreedyCoach, best_immediate_box
from game.coach.protocol import ScoreAdvice
from game.errors import SaveFileError
from game.play.engine import new_game, roll, score
from game.play.random_source import SeededDice
from game.play.state import Player, PlayerKind
from tests.app.driver import AppDriver
from tests.profiles import examples

COACH = GreedyCoach()


def seeded(seed: int = 5, seats: int = 1) -> AppDriver:
    driver = AppDriver(initial_state(["en-US"], seed=seed), COACH)
    for _ in range(seats - 1):
        driver(AddPlayer())
    return driver


def test_language_comes_from_the_browser_and_defaults_to_english() -> None:
    assert initial_state(["he-IL", "en"]).settings.language == "he"
    assert initial_state(["fr", "et-EE"]).settings.language == "et"
    assert initial_state(["fr"]).settings.language == "en"
    assert initial_state(None).settings.language == "en"
    assert initial_state(42).settings.language == "en"


def test_setup_add_rename_move_remove_and_kinds() -> None:
    d = seeded()
    d(AddPlayer(PlayerKind.COMPUTER), AddPlayer(), RenamePlayer(0, "Dana"), RenamePlayer(2, "Avi"))
    assert [s.name for s in d.state.setup.seats] == ["Dana", "", "Avi"]
    d(MovePlayer(2, -1))
    assert [s.name for s in d.state.setup.seats] == ["Dana", "Avi", ""]
    assert d.state.setup.seats[2].kind is PlayerKind.COMPUTER
    d(MovePlayer(0, -1), MovePlayer(2, 1))  # off the ends: nothing happens
    assert [s.name for s in d.state.setup.seats] == ["Dana", "Avi", ""]
    d(SetPlayerLevel(2, "optimal"), SetPlayerKind(1, PlayerKind.COMPUTER), RemovePlayer(0))
    d(ConfirmRemovePlayer())  # a name was typed: asked first (test_remove_player.py)
    assert [(s.name, s.kind, s.level) for s in d.state.setup.seats] == [
        ("Avi", PlayerKind.COMPUTER, "casual"),
        ("", PlayerKind.COMPUTER, "optimal"),
    ]
    d(SetPlayerLevel(0, "grandmaster"), RenamePlayer(7, "x"), RemovePlayer(-1))
    assert len(d.state.setup.seats) == 2
    d(RemovePlayer(0), ConfirmRemovePlayer(), RemovePlayer(0))  # the last seat stays
    assert len(d.state.setup.seats) == 1


def test_default_names_follow_the_language() -> None:
    d = seeded(seats=1)
    d(AddPlayer(PlayerKind.COMPUTER), AddPlayer(), AddPlayer(PlayerKind.COMPUTER))
    d(RenamePlayer(2, "Dana"), StartGame())
    assert d.state.game is not None
    names = ["Player 1", "Computer 1", "Dana", "Computer 2"]
    assert [p.name for p in d.state.game.players] == names
    d(SetLanguage("he"))
    assert [p.name for p in d.state.game.players] == ["שחקן 1", "מחשב 1", "Dana", "מחשב 2"]
    d(SetLanguage("et"), SetLanguage("en"))
    assert [p.name for p in d.state.game.players] == names
    assert [p.kind for p in d.state.game.players][1] is PlayerKind.COMPUTER


@pytest.mark.parametrize(
    ("text", "seed"),
    [("123", 123), ("0", 0), (str(2**53 - 1), 2**53 - 1), (str(2**53), None), ("", None),
     ("-1", None), ("12a", None), ("١٢", None), (None, None), ("9" * 40, None)],
)  # fmt: skip
def test_the_seed_parameter_is_read_strictly(text: object, seed: int | None) -> None:
    assert parse_seed(text) == seed


def test_a_seeded_game_uses_the_seeded_dice() -> None:
    d = seeded(seed=123)
    d(ChooseRuleset("yatzy"), StartGame(), Roll())
    expected = roll(new_game("yatzy", [Player("Player 1")], SeededDice(123)), 0)
    assert d.state.game is not None and d.state.game.dice == expected.dice
    assert expected.dice is not None and d.state.ui.announcement == Rolled(0, expected.dice)


def test_keep_roll_select_and_confirm() -> None:
    d = seeded()
    d(StartGame())
    d(ToggleKeep(0))  # before the first roll: ignored
    assert d.state.game is not None and d.state.game.kept == ()
    d(Roll(), ToggleKeep(0), ToggleKeep(3))
    assert d.game.kept == (0, 3)
    d(Roll())
    assert d.game.rolls_left == 1 and d.game.kept == (0, 3)
    d(ConfirmTurn())  # nothing selected: ignored
    assert d.state.game.rolls_left == 1
    d(SelectBox("chance"), SelectBox("ones"))
    assert d.state.game.selected_box == "ones"
    points = d.state.game.options.points["ones"]  # type: ignore[union-attr]
    d(ConfirmTurn())
    assert d.state.game.sheets[0].points_in("ones") == points
    assert d.state.game.dice is None and d.state.game.rolls_left == 3
    assert isinstance(d.state.ui.announcement, Scored) and not d.state.ui.announcement.automatic


def test_a_double_tap_on_roll_uses_one_roll() -> None:
    d = seeded()
    d.pace_rolls = False
    d(StartGame(), Roll())
    first = d.state
    assert first.game is not None and first.game.rolls_left == 2
    for tap in (0.0, 0.08, ROLL_GUARD_SECONDS - 0.01):  # the second tap of a double tap
        d.now = 1000.0 + tap
        assert d(Roll()) is first  # ignored: no roll, no announcement, nothing to render
    d.now = 1000.0 + ROLL_GUARD_SECONDS + 0.01
    d(Roll())
    assert d.state.game is not None and d.state.game.rolls_left == 1
    assert d.state.ui.announcement_count == first.ui.announcement_count + 1
    rolled_at = d.now
    d.now = rolled_at + 0.1  # counted from the last roll, not the first
    assert d(Roll()) is d.state and d.state.game.rolls_left == 1
    d.now = rolled_at - 60  # the clock was set back: a roll is allowed, never blocked for long
    d(Roll())
    assert d.state.game.rolls_left == 0


def test_the_next_player_rolls_at_once_and_a_double_tap_is_still_one_roll() -> None:
    d = seeded(seats=2)
    d.pace_rolls = False
    d(SetAutoScore(0), StartGame(), Roll())
    d.now += 0.1  # a very quick player: the box chosen and confirmed at once
    d(SelectBox("chance"), ConfirmTurn())
    assert d.state.game is not None and d.state.game.current_player == 1
    assert d.state.pacing.last_roll_at is None  # the guard is per turn
    d.now += 0.1  # the next player rolls within the guard time of the previous player's roll
    d(Roll())
    assert d.state.game.current_player == 1 and d.state.game.rolls_left == 2
    d.now += 0.08
    assert d(Roll()).game.rolls_left == 2  # type: ignore[union-attr]


def test_the_countdown_scores_the_coachs_box_after_the_last_roll() -> None:
    d = seeded()
    d(StartGame(), Roll(), Roll())
    assert d.state.pacing.countdown_deadline is None  # a roll is left
    d(Roll())
    assert d.state.pacing.countdown_deadline == d.now + 3
    game = d.state.game
    assert game is not None
    expected = COACH.best_box(game)
    assert d.state.pacing.countdown_box == expected  # named in the tray while it runs
    d.now += 2.9
    d(Tick())
    assert d.state.game is game  # not yet
    d.now += 0.1
    d(Tick())
    assert d.state.game is not None
    assert d.state.game.sheets[0].points_in(expected) == game.options.points[expected]
    assert d.state.play.last_auto_scored == expected and d.state.pacing.countdown_box is None
    assert isinstance(d.state.ui.announcement, Scored) and d.state.ui.announcement.automatic


def test_selecting_a_box_stops_the_countdown_and_settings_change_it() -> None:
    d = seeded()
    d(StartGame(), Roll(), Roll(), Roll())
    d(SelectBox("chance"))
    assert d.state.pacing.countdown_deadline is None and next_deadline(d.state) is None
    d(ConfirmTurn(), SetAutoScore(10), Roll(), Roll(), Roll())
    assert d.state.pacing.countdown_deadline == d.now + 10
    d(SetAutoScore(0))
    assert d.state.pacing.countdown_deadline is None
    d(Roll(), Roll(), Roll(), SetAutoScore(7))  # not a choice
    assert d.state.settings.auto_score_seconds == 0


@pytest.mark.parametrize("opener", [OpenSettings(), AskLeave(), OpenRules("yatzy")])
def test_the_countdown_waits_while_a_dialog_is_open(opener: Intent) -> None:
    d = seeded()
    d(StartGame(), Roll(), Roll(), Roll())
    game = d.state.game
    assert d.state.pacing.countdown_deadline == d.now + 3
    d.now += 1
    d(opener)
    assert d.state.ui.dialog is not Dialog.NONE
    assert d.state.pacing.countdown_deadline is None and next_deadline(d.state) is None
    assert d.state.pacing.countdown_paused == 2
    d.now += 60
    d(Tick())
    assert d.state.game is game  # nothing scored behind the dialog
    d(CloseDialog())
    assert (
        d.state.pacing.countdown_deadline == d.now + 2 and d.state.pacing.countdown_paused is None
    )
    d.now += 1.9
    d(Tick())
    assert d.state.game is game
    d.now += 0.1
    d(Tick())
    assert d.state.game is not game and d.state.play.last_auto_scored is not None


def test_holding_the_sheet_without_a_running_countdown_starts_none() -> None:
    d = seeded()
    d(StartGame())
    for setup in ((), (Roll(),)):  # before the first roll, then with rolls left
        d(*setup, HoldSheet(), ReleaseSheet())
        assert d.state.pacing.countdown_deadline is None and d.state.pacing.countdown_paused is None
    d(Roll(), Roll(), SelectBox("chance"), HoldSheet(), ReleaseSheet())
    assert (
        d.state.pacing.countdown_deadline is None and d.state.pacing.countdown_paused is None
    )  # chosen
    d = seeded()
    d(SetAutoScore(0), StartGame(), Roll(), Roll(), Roll(), HoldSheet(), ReleaseSheet())
    assert next_deadline(d.state) is None  # automatic scoring is off
    d = seeded(seats=1)
    d(SetPlayerKind(0, PlayerKind.COMPUTER), AddPlayer(), StartGame(), HoldSheet())
    assert d.state.ui.sheet_held and d.state.pacing.countdown_deadline is None  # a computer's turn
    assert d(HoldSheet()) is d.state  # told twice: nothing new
    d(NewGame(), ReleaseSheet())  # let go on another screen: nothing stays held
    assert not d.state.ui.sheet_held


def test_a_hint_before_the_last_roll_leaves_that_rolls_countdown_alone() -> None:
    d = seeded()
    d(StartGame(), Roll(), ShowHint(), Roll(), Roll())
    assert d.state.pacing.countdown_deadline == d.now + 3


def test_turning_the_countdown_off_in_the_settings_dialog_stops_it() -> None:
    d = seeded()
    d(StartGame(), Roll(), Roll(), Roll(), OpenSettings(), SetAutoScore(0), CloseDialog())
    assert d.state.pacing.countdown_deadline is None and d.state.pacing.countdown_paused is None
    assert next_deadline(d.state) is None


def test_a_whole_game_ends_on_the_end_screen_and_plays_again() -> None:
    d = seeded(seats=2)
    d(StartGame())
    while d.state.screen is Screen.GAME:
        game = d.state.game
        assert game is not None
        if game.dice is None:
            d(Roll())
        else:
            d(SelectBox(best_immediate_box(game)), ConfirmTurn())
    assert d.state.screen is Screen.END
    finished = d.state.game
    assert finished is not None and finished.is_over
    again = d(PlayAgain())
    assert again.screen is Screen.GAME and again.game is not None
    assert again.game.players == finished.players
    assert not again.game.sheets[0].filled_boxes
    d(AskLeave())
    assert d.state.ui.dialog is Dialog.LEAVE
    d(NewGame())
    assert d.state.screen is Screen.SETUP and d.state.game is None


def test_hints_come_from_the_coach_and_clear_when_the_dice_change() -> None:
    d = seeded()
    d(StartGame(), ShowHint())
    assert d.state.pacing.hint is None  # nothing rolled yet
    d(Roll(), ShowHint())
    assert d.state.pacing.hint is None  # as the Hint button: not without the strategy table
    d.tables_ready()
    d(ShowHint())
    assert d.state.pacing.hint_requested and d.state.pacing.hint == COACH.best_action(d.state.game)  # type: ignore[arg-type]
    hint = d.state.pacing.hint
    d(ToggleKeep(0), ToggleKeep(0), ToggleKeep(3))  # following it die by die: it stays
    assert d.state.pacing.hint_requested and d.state.pacing.hint == hint
    d(Roll())
    assert d.state.pacing.hint is None and not d.state.pacing.hint_requested


def test_dialogs_settings_and_coach_status() -> None:
    d = seeded()
    d(OpenRules("yatzy"))
    assert d.state.ui.dialog is Dialog.RULES and d.state.ui.rules_ruleset == "yatzy"
    state = d(OpenRules("poker"), CloseDialog(), OpenSettings())
    assert state.ui.dialog is Dialog.SETTINGS
    d(SetComputerSpeed(Speed.FAST), SetLanguage("he"), SetLanguage("xx"), CloseDialog())
    assert d.state.settings.language == "he" and d.state.settings.computer_speed is Speed.FAST
    d(TableLoaded("penta"))
    assert d.state.coach_status is CoachStatus.READY
    d(AskLeave())  # not in a game
    assert d.state.ui.dialog is Dialog.NONE


def test_preferences_round_trip_and_bad_data_is_refused() -> None:
    d = seeded(seats=2)
    d(
        SetLanguage("et"),
        SetAutoScore(5),
        ChooseRuleset("yatzy"),
        RenamePlayer(0, "Mari"),
        SetPlayerKind(1, PlayerKind.COMPUTER),
        SetPlayerLevel(1, "beginner"),
    )
    data = preferences_to_data(d.state)
    restored = preferences_from_data(AppState(), data)
    assert restored.settings == d.state.settings
    assert restored.setup.ruleset_id == d.state.setup.ruleset_id
    assert restored.setup.seats == d.state.setup.seats
    assert restored.setup.restored
    # Stored data set aside when refused (tests/app/test_stored_preferences.py), not ignored.
    bad: object
    for bad in (None, 3, [], {"format": "x"}, {**data, "version": 99}, {**data, "ruleset": 1}):
        with pytest.raises(SaveFileError):
            preferences_from_data(AppState(), bad)
    ok_players = {
        **data,
        "players": [{"name": "<img src=x>", "kind": "human", "level": "casual", "coach": "off"}],
    }
    assert preferences_from_data(AppState(), ok_players).setup.seats[0].name == "<img src=x>"


def test_initial_state_applies_stored_preferences_over_the_browser_language() -> None:
    stored = {"format": "penta-preferences", "version": 1, "language": "et"}
    assert initial_state(["he"], preferences=stored).settings.language == "et"


intents = st.one_of(
    st.builds(ToggleKeep, st.integers(-1, 5)),
    st.just(Roll()),
    st.builds(SelectBox, st.sampled_from(["ones", "chance", "penta", "full_house", "nope"])),
    st.just(ConfirmTurn()),
    st.just(Tick()),
    st.just(ShowHint()),
    st.just(SkipComputers()),
    st.just(SpeedUp()),
    st.just(PlayAgain()),
    st.builds(SetAutoScore, st.sampled_from([0, 3, 5, 10, 4])),
)


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.tuples(intents, st.floats(0, 12)), max_size=120),
    st.integers(0, 2**20),
    st.sampled_from(["penta", "yatzy"]),
)
def test_any_sequence_of_intents_keeps_a_consistent_state(
    steps: list[tuple[Intent, float]], seed: int, ruleset: str
) -> None:
    d = seeded(seed=seed, seats=2)
    d.pace_rolls = False  # double taps included
    d(SetPlayerKind(1, PlayerKind.COMPUTER), ChooseRuleset(ruleset), StartGame())
    d(TableFailed("penta", "not loaded in this test"))
    for intent, wait in steps:
        d.now += wait
        before = d.state
        state = d(intent)
        last = before.pacing.last_roll_at
        if isinstance(intent, Roll) and last is not None and d.now - last < ROLL_GUARD_SECONDS:
            assert state is before  # the second tap of a double tap
        game = state.game
        assert game is not None
        if state.screen is Screen.GAME:
            assert not game.is_over
            if state.pacing.countdown_deadline is not None:
                assert game.rolls_left == 0 and game.selected_box is None
                assert not is_computer_turn(state)
            assert (state.pacing.computer_due is not None) == is_computer_turn(state)
        else:
            assert state.screen is Screen.END and game.is_over
        totals = [sheet.total for sheet in game.sheets]
        assert all(total >= 0 for total in totals)


def test_replaying_the_choices_in_the_engine_gives_the_same_totals() -> None:
    d = seeded(seed=99, seats=2)
    d(StartGame())
    game = new_game("penta", [Player("Player 1"), Player("Player 2")], SeededDice(99))
    while d.state.screen is Screen.GAME:
        current = d.state.game
        assert current is not None
        if current.dice is None:
            d(Roll())
            game = roll(game, game.current_player)
        else:
            box = best_immediate_box(current)
            d(SelectBox(box), ConfirmTurn())
            game = score(game, game.current_player, box)
    assert d.state.game is not None
    assert [s.total for s in d.state.game.sheets] == [s.total for s in game.sheets]


@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_the_scores_announced_match_the_sheet(language: str) -> None:
    d = seeded()
    d(SetLanguage(language), StartGame(), Roll())
    game = d.state.game
    assert game is not None
    box = ScoreAdvice(best_immediate_box(game)).box
    d(SelectBox(box), ConfirmTurn())
    event = d.state.ui.announcement
    assert isinstance(event, Scored) and event.box == box
    assert d.state.game is not None
    assert d.state.game.sheets[0].points_in(box) == event.points


def test_a_table_once_loaded_serves_every_later_game_of_its_ruleset() -> None:
    d = seeded()
    d(ChooseRuleset("yatzy"), StartGame())
    assert d.state.coach_status is CoachStatus.LOADING
    loaded = d(TableLoaded("yatzy"))
    assert loaded.coach_status is CoachStatus.READY
    d(TableFailed("yatzy", "late"))  # a table loaded stays loaded
    assert d.state.coach_status is CoachStatus.READY
    d(NewGame(), ChooseRuleset("penta"), StartGame())
    assert d.state.coach_status is CoachStatus.LOADING  # another ruleset, another table
    d(TableFailed("penta", "offline"))
    assert d.state.coach_status is CoachStatus.UNAVAILABLE
    d(NewGame(), ChooseRuleset("yatzy"), StartGame())
    assert d.state.coach_status is CoachStatus.READY  # without being told again
    before = d.state
    assert d(TableLoaded("nope")) is before  # not a ruleset: nothing changes
