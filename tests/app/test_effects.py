"""The effects the core asks of the shell (game.app.effects), and the result intents that come
back: every row of the effects table of game.app.update, the notices that storage problems and
imports bring, and `start(boot, now)`. CPython, through the AppDriver, as the runner sends them.
"""

from __future__ import annotations

import pytest

from game.app.effects import (
    AnimateRoll,
    CheckHistory,
    ClaimTab,
    FetchTable,
    Focus,
    KeepAwake,
    KeepGame,
    ListUnreadable,
    LoadKept,
    LoadStats,
    SavePreferences,
    SaveSession,
    ScheduleTick,
    Warn,
)
from game.app.intents import (
    ConfirmTurn,
    NewGame,
    OpenSettings,
    PageHidden,
    PageShown,
    Roll,
    SelectBox,
    SessionRead,
    SetLanguage,
    StartGame,
    StorageProblems,
    TabClaimed,
    TabLost,
    TakeOver,
    Tick,
    ToggleKeep,
    Undo,
    UnreadableListed,
)
from game.app.model import RESTORED_NOTICE, Notice, Screen, next_deadline
from game.app.preferences import preferences_to_data
from game.app.setup_intents import (
    AddPlayer,
    ChooseRuleset,
    MovePlayer,
    RemovePlayer,
    RenamePlayer,
    SetPlayerKind,
)
from game.app.start import Boot, initial_state, start
from game.app.table_intents import TableFailed
from game.persistence.turn_record import PendingCountdown
from game.play.engine import new_game, roll
from game.play.random_source import SeededDice
from game.play.state import GameState, Player, PlayerKind
from game.present.snapshot import present
from tests.app.driver import AppDriver
from tests.app.effect_helpers import DAMAGED, FULL, asked, notice_keys, of, playing


def a_game_rolled() -> GameState:
    return roll(new_game("penta", [Player("Dana")], SeededDice(1)), 0)


# --- saving ---------------------------------------------------------------------------------


def test_the_session_is_saved_when_what_it_keeps_changed_and_only_then() -> None:
    driver = playing()
    (started,) = of(SaveSession, asked(driver))
    assert started.game is driver.game and started.before_last_turn is None
    driver(Roll())
    (rolled,) = of(SaveSession, asked(driver))
    assert rolled.game is driver.game and rolled.game.dice is not None
    driver(OpenSettings())  # a dialog opened: nothing kept changed
    assert driver.state.ui.dialog.value == "settings" and of(SaveSession, asked(driver)) == []
    game = driver.game
    driver(NewGame())  # the game left: kept, which removes the session once it is kept
    assert of(SaveSession, asked(driver)) == []
    (kept,) = of(KeepGame, asked(driver))
    assert kept.game is game


def test_hiding_the_page_saves_the_countdowns_time_left_as_it_is() -> None:
    driver = playing(auto_score=5)
    driver(Roll(), Roll(), Roll())
    deadline = driver.state.pacing.countdown_deadline
    assert deadline is not None
    driver.now = deadline - 2
    driver(PageHidden())
    (saved,) = asked(driver)
    assert isinstance(saved, SaveSession) and saved.game is driver.game
    countdown = saved.turn.countdown
    assert countdown is not None
    assert countdown == PendingCountdown(driver.state.pacing.countdown_box, 5, countdown.remaining)
    assert countdown.remaining == pytest.approx(2.0)
    nothing_pending = playing()
    nothing_pending(PageHidden())
    assert asked(nothing_pending) == ()


def test_the_preferences_are_saved_when_they_changed() -> None:
    driver = AppDriver.seeded(1)
    driver(SetLanguage("et"))
    assert of(SavePreferences, asked(driver)) == [
        SavePreferences(preferences_to_data(driver.state))
    ]
    assert driver.state.settings.language == "et"
    driver(StartGame(), Roll())
    assert of(SavePreferences, asked(driver)) == []


def test_a_tab_without_the_game_saves_nothing() -> None:
    driver = playing()
    driver(TabLost())
    assert driver.state.screen is Screen.ELSEWHERE
    assert of(SaveSession, asked(driver)) == []
    assert of(SavePreferences, asked(driver)) == []
    driver(SetLanguage("et"), Roll(), PageHidden())
    assert asked(driver) == ()


# --- the strategy tables --------------------------------------------------------------------


def test_the_table_of_a_games_ruleset_is_fetched_once() -> None:
    driver = playing()
    assert of(FetchTable, asked(driver)) == [FetchTable("penta")]
    assert driver.state.tables.loading == {"penta"}
    assert driver.state.coach_status.value == "loading"
    driver(Roll(), NewGame(), StartGame())
    assert of(FetchTable, asked(driver)) == []  # still loading: not asked again
    driver.tables_ready()
    assert driver.state.tables.loading == frozenset() and driver.state.tables.ready == {"penta"}
    driver(NewGame(), ChooseRuleset("yatzy"), StartGame())
    assert of(FetchTable, asked(driver)) == [FetchTable("yatzy")]


def test_a_table_that_failed_is_logged_and_not_fetched_again() -> None:
    driver = playing()
    driver(TableFailed("penta", "offline"))
    assert of(Warn, asked(driver)) == [Warn("The penta strategy table is unavailable: offline")]
    assert driver.state.tables.failed == {"penta"} and driver.state.tables.loading == frozenset()
    driver(NewGame(), StartGame())
    assert of(FetchTable, asked(driver)) == []


# --- storage problems -----------------------------------------------------------------------


def test_storage_problems_are_told_once_logged_and_set_aside_records_listed() -> None:
    driver = playing()
    driver(StorageProblems((FULL,)))
    assert notice_keys(driver) == ["storage.save_failed"]
    assert of(Warn, asked(driver)) == [
        Warn("Storage: penta.session: write_failed: the quota is full")
    ]
    assert of(ListUnreadable, asked(driver)) == []  # nothing was moved aside
    driver(StorageProblems((FULL, DAMAGED)))
    assert notice_keys(driver) == ["storage.save_failed", "storage.corrupt"]
    assert len(of(Warn, asked(driver))) == 2 and of(ListUnreadable, asked(driver)) == [
        ListUnreadable()
    ]


def test_the_unreadable_records_listed_are_offered() -> None:
    driver = AppDriver.seeded(1)
    driver(UnreadableListed(("penta.bad.1",)))
    assert driver.state.ui.unreadable == ("penta.bad.1",)
    before = driver.state
    assert driver(UnreadableListed(("penta.bad.1",))) is before and asked(driver) == ()


# --- the page ----------------------------------------------------------------------------------


def test_the_screen_is_kept_awake_during_a_game() -> None:
    driver = AppDriver.seeded(1)
    driver(StartGame())
    assert of(KeepAwake, asked(driver)) == [KeepAwake(True)]
    driver(Roll())
    assert of(KeepAwake, asked(driver)) == []
    driver(PageShown())  # the browser let go of it while the page was hidden
    assert asked(driver) == (KeepAwake(True),)
    driver(NewGame())
    assert of(KeepAwake, asked(driver)) == [KeepAwake(False)]
    driver(PageShown())
    assert asked(driver) == ()


def test_a_person_added_gets_the_focus_on_their_name_and_a_computer_on_its_level() -> None:
    # Left on Add computer, the focus was pushed under the Start bar by the new card.
    driver = AppDriver.seeded(1)
    driver(AddPlayer())
    assert of(Focus, asked(driver)) == [Focus((("name", 1),))]
    driver(AddPlayer(PlayerKind.COMPUTER))
    assert of(Focus, asked(driver)) == [Focus((("level", 2),))]


def test_the_focus_follows_a_player_moved_or_removed() -> None:
    driver = AppDriver.seeded(1)
    driver(AddPlayer(), AddPlayer())
    driver(MovePlayer(2, -1))
    assert of(Focus, asked(driver)) == [Focus((("up", 1), ("down", 1)))]
    driver(MovePlayer(0, 1))
    assert of(Focus, asked(driver)) == [Focus((("down", 1), ("up", 1)))]
    driver(MovePlayer(0, -1))  # the first cannot move up: nothing changes
    assert asked(driver) == ()
    driver(RemovePlayer(1))
    assert of(Focus, asked(driver)) == [Focus((("remove", 1), ("add-human", None)))]


def test_a_box_taken_back_puts_the_focus_on_confirm_turn() -> None:
    # The box stays chosen: Enter on Roll, where the focus fell, rolled and dropped it.
    driver = AppDriver(initial_state(["en"], seed=3))
    driver(StartGame(), Roll(), SelectBox("chance"), ConfirmTurn())
    driver(Undo())
    assert driver.game.selected_box == "chance"
    assert of(Focus, asked(driver)) == [Focus((("confirm", None), ("roll", None)))]
    driver(Undo())  # nothing left to take back: the focus stays where it is
    assert of(Focus, asked(driver)) == []


def test_a_double_tap_on_an_arrow_moves_its_player_twice() -> None:
    """Both taps land on the arrow of the seat tapped, which after the first holds the other
    player: the second moved that one back, and the double tap did nothing (a walk)."""
    driver = AppDriver.seeded(1)
    driver(AddPlayer(), AddPlayer(), *[RenamePlayer(i, name) for i, name in enumerate("ABC")])
    driver(MovePlayer(2, -1), MovePlayer(2, -1))  # at once: one double tap
    assert [seat.name for seat in driver.state.setup.seats] == ["C", "A", "B"]
    assert of(Focus, asked(driver))[-1] == Focus((("up", 0), ("down", 0)))  # with C
    driver.now += 1  # two taps apart: each moves the player on that seat
    driver(MovePlayer(1, 1))
    driver.now += 1
    driver(MovePlayer(1, 1))
    assert [seat.name for seat in driver.state.setup.seats] == ["C", "A", "B"]


def test_the_dice_rolled_are_animated_not_those_kept() -> None:
    driver = playing()
    driver(Roll())
    assert of(AnimateRoll, asked(driver)) == [AnimateRoll((0, 1, 2, 3, 4))]
    driver(ToggleKeep(0), ToggleKeep(3))
    assert of(AnimateRoll, asked(driver)) == []
    driver(Roll())
    assert of(AnimateRoll, asked(driver)) == [AnimateRoll((1, 2, 4))]


def test_the_next_tick_is_scheduled_after_every_change_and_every_tick() -> None:
    computer = AppDriver.seeded(1)
    computer(SetPlayerKind(0, PlayerKind.COMPUTER), StartGame())
    assert asked(computer)[-1] == ScheduleTick(next_deadline(computer.state))
    assert computer.state.pacing.computer_due is not None
    countdown = playing(auto_score=5)
    countdown(Roll(), Roll(), Roll())
    # While the countdown runs, soon enough to redraw it.
    assert asked(countdown)[-1] == ScheduleTick(countdown.now + 0.2)
    countdown.now += 0.1
    countdown(Tick())  # nothing is due: the state stays, and the timer is set again
    assert asked(countdown) == (ScheduleTick(countdown.now + 0.2),)
    unchanged = AppDriver.seeded(1)
    unchanged(MovePlayer(0, -1))
    assert asked(unchanged) == ()


# --- one tab plays ------------------------------------------------------------------------------


def test_a_tab_that_lost_the_game_lets_the_screen_sleep_and_can_claim_it_back() -> None:
    driver = playing()
    driver(TakeOver())  # this tab has the game: nothing to claim
    assert asked(driver) == ()
    driver(TabLost())
    assert driver.state.screen is Screen.ELSEWHERE
    assert of(KeepAwake, asked(driver)) == [KeepAwake(False)]
    driver(TakeOver())
    assert asked(driver) == (ClaimTab(take_over=True),)


def test_a_tab_that_claimed_the_game_plays_on_from_the_newest_save() -> None:
    driver = playing()
    driver(SetLanguage("et"), TabLost())
    game = a_game_rolled()
    session = SessionRead(
        game=game, preferences=preferences_to_data(driver.state), problems=(DAMAGED,)
    )
    driver(TabClaimed(session))
    assert driver.state.screen is Screen.GAME and driver.state.game is game
    assert notice_keys(driver) == [RESTORED_NOTICE.key, "storage.corrupt"]
    assert of(SaveSession, asked(driver)) == []
    assert of(SavePreferences, asked(driver)) == []
    assert of(KeepAwake, asked(driver)) == [KeepAwake(True)]
    assert of(CheckHistory, asked(driver)) == [CheckHistory()]
    assert of(ListUnreadable, asked(driver)) == [ListUnreadable()]
    before = driver.state
    assert driver(TabClaimed(SessionRead())) is before  # it has the game already


# --- start ------------------------------------------------------------------------------------


def test_a_game_restored_at_a_hand_over_puts_the_focus_on_its_button() -> None:
    # After a reload, a keyboard walk found "Continue Mari's turn" four Tabs away.
    two = new_game("penta", [Player("Mari"), Player("Sam")], SeededDice(1))
    state, effects = start(Boot(["en-US"], 3, True, SessionRead(game=two)), 50.0)
    assert present(state, 50.0).handover is not None
    assert of(Focus, effects) == [Focus((("start-turn", None),))]
    alone = new_game("penta", [Player("Mari")], SeededDice(1))
    state, effects = start(Boot(["en-US"], 3, True, SessionRead(game=alone)), 50.0)
    assert of(Focus, effects) == []  # no hand-over: the focus stays where the page starts


def test_start_resumes_the_stored_game_and_checks_the_history() -> None:
    game = a_game_rolled()
    stale = Notice("storage.restored_older", (("played", 3), ("saved", 2)))
    session = SessionRead(game=game, problems=(DAMAGED,), migrated=True, stale=stale)
    state, effects = start(Boot(["he-IL"], 3, True, session), 50.0)
    assert state.screen is Screen.GAME and state.game is game and state.setup.seed == 3
    assert state.settings.language == "he"
    assert state.ui.notices == (
        RESTORED_NOTICE,
        Notice("storage.corrupt"),
        Notice("storage.migrated"),
        stale,
    )
    assert effects == (
        Warn("Storage: penta.unsaved: invalid: no game"),
        KeepAwake(True),
        LoadStats(),  # the earlier games, for the end screen's words
        FetchTable("penta"),
        ScheduleTick(next_deadline(state)),
        CheckHistory(),
        LoadKept(),
        ListUnreadable(),
    )
    assert state.tables.loading == {"penta"}
    assert all(text for text in present(state, 50.0).notices)


def test_start_with_nothing_stored_opens_the_new_game_screen_with_the_preferences() -> None:
    preferences = preferences_to_data(initial_state(["et"]))
    state, effects = start(Boot(["en-US"], None, True, SessionRead(preferences=preferences)), 0)
    assert state.screen is Screen.SETUP and state.settings.language == "et"
    assert state.ui.notices == ()
    # The statistics too: the New game screen says whether today's challenge was played.
    assert effects == (
        ScheduleTick(None),
        CheckHistory(),
        LoadKept(),
        ListUnreadable(),
        LoadStats(),
    )


def test_a_tab_opened_while_another_plays_only_offers_to_take_over() -> None:
    session = SessionRead(game=a_game_rolled(), problems=(DAMAGED,))
    state, effects = start(Boot(["en-US"], None, False, session), 0)
    assert state.screen is Screen.ELSEWHERE and state.game is None
    assert state.ui.notices == ()  # what the other tab's storage holds is for it to tell
    assert effects == (ScheduleTick(None),)


def test_a_start_on_a_finished_game_asks_for_it_to_be_recorded_if_missing() -> None:
    """Only then is the stored session read again (game.persistence.session.
    record_finished_session): a start on a game in progress does not replay it twice."""
    game = playing()
    game.play_to_end()
    state, effects = start(Boot(["en-US"], None, True, SessionRead(game=game.game)), 0)
    assert state.screen is Screen.END
    assert of(CheckHistory, effects) == [CheckHistory(game_over=True)]
    _, effects = start(Boot(["en-US"], None, True, SessionRead(game=a_game_rolled())), 0)
    assert of(CheckHistory, effects) == [CheckHistory(game_over=False)]
