"""The effects the core asks of the shell (game.app.effects), and the result intents that come
back: every row of the effects table of game.app.update, the notices that storage problems and
imports bring, and `start(boot, now)`. CPython, through the AppDriver, as the runner sends them.
"""

from __future__ import annotations

import random
from datetime import date
from typing import TypeVar

import pytest

from cli.random_play import random_game
from game.app.effects import (
    AnimateRoll,
    CheckHistory,
    ClaimTab,
    DownloadGame,
    DownloadHistory,
    DownloadUnreadable,
    Effect,
    FetchTable,
    Focus,
    ImportFile,
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
    AddPlayer,
    ChooseRuleset,
    ExportData,
    ExportGame,
    ExportUnreadableData,
    HistoryExported,
    ImportData,
    ImportFinished,
    MovePlayer,
    NewGame,
    OpenHistory,
    OpenSettings,
    PageHidden,
    PageShown,
    RemovePlayer,
    Roll,
    SessionRead,
    SetAutoScore,
    SetLanguage,
    SetPlayerKind,
    StartGame,
    StatsLoaded,
    StorageProblems,
    TabClaimed,
    TableFailed,
    TabLost,
    TakeOver,
    Tick,
    ToggleKeep,
    UnreadableListed,
)
from game.app.model import RESTORED_NOTICE, Notice, Screen, next_deadline
from game.app.preferences import preferences_to_data
from game.app.start import Boot, initial_state, start
from game.persistence.exchange import MAX_IMPORT_BYTES, ImportRefusal
from game.persistence.history import record_game
from game.persistence.kept import MAX_KEPT
from game.persistence.stats import player_stats
from game.persistence.storage import ProblemKind, StorageProblem
from game.persistence.turn_record import PendingCountdown, TurnRecord
from game.play.engine import new_game, roll
from game.play.random_source import SeededDice
from game.play.state import GameState, Player, PlayerKind
from game.present.snapshot import present
from tests.app.driver import AppDriver

DAMAGED = StorageProblem("penta.session", ProblemKind.INVALID, "no game", "penta.bad.1")
"""A record that could not be read, set aside under another key."""
FULL = StorageProblem("penta.session", ProblemKind.WRITE_FAILED, "the quota is full")


E = TypeVar("E")


def of(kind: type[E], effects: tuple[Effect, ...]) -> list[E]:
    return [effect for effect in effects if isinstance(effect, kind)]


def asked(driver: AppDriver) -> tuple[Effect, ...]:
    """The effects of the driver's last call (a call: mypy narrows no attribute across calls)."""
    return driver.effects


def notice_keys(driver: AppDriver) -> list[str]:
    return [notice.key for notice in driver.state.ui.notices]


def playing(auto_score: int = 0, seed: int = 4) -> AppDriver:
    driver = AppDriver.seeded(seed)
    driver(SetAutoScore(auto_score), StartGame())
    return driver


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


# --- the history, downloads and imports -----------------------------------------------------


def test_the_history_screen_asks_for_the_statistics() -> None:
    driver = AppDriver.seeded(1)
    driver(OpenHistory())
    assert driver.state.screen is Screen.HISTORY
    assert of(LoadStats, asked(driver)) == [LoadStats(trend=True)]  # the points lost too
    in_game = playing()
    in_game(OpenHistory())  # refused during a game: nothing asked
    assert asked(in_game) == ()


def test_the_statistics_come_back_and_a_damaged_history_is_told() -> None:
    driver = AppDriver.seeded(1)
    driver(OpenHistory())
    game = random_game(new_game("penta", [Player("Dana")], SeededDice(4)), random.Random(2))
    stats = player_stats((record_game("00000000000000aa", game, date(2026, 11, 30)),))
    driver(StatsLoaded(stats))
    assert driver.state.ui.stats == stats
    # The points-lost trend reviews the games with the ruleset's table: it is asked for.
    assert asked(driver) == (FetchTable("penta"), ScheduleTick(None))
    history = present(driver.state, driver.now).history
    assert history is not None and [card.name for card in history.cards] == ["Dana"]
    driver(StatsLoaded((), DAMAGED))
    assert notice_keys(driver) == ["storage.corrupt"]
    assert of(Warn, asked(driver)) == [Warn("Storage: penta.session: invalid: no game")]
    assert of(ListUnreadable, asked(driver)) == [ListUnreadable()]


def test_the_downloads_are_asked_for_by_their_intents() -> None:
    driver = playing()
    driver(Roll())
    driver(ExportGame())
    (download,) = asked(driver)
    assert isinstance(download, DownloadGame) and download.game is driver.game
    assert download.turn == TurnRecord()
    driver(ExportData())
    assert asked(driver) == (DownloadHistory(),)
    driver(ExportUnreadableData())
    assert asked(driver) == (DownloadUnreadable(),)
    no_game = AppDriver.seeded(1)
    no_game(ExportGame())
    assert asked(no_game) == ()


def test_an_export_says_it_is_done_and_what_it_could_not_read() -> None:
    driver = AppDriver.seeded(1)
    driver(ImportData(10, "file"), HistoryExported())
    assert notice_keys(driver) == ["data.export_done"]  # in place of the import's notice
    driver(HistoryExported(DAMAGED))
    assert notice_keys(driver) == ["storage.corrupt", "data.export_done"]
    assert of(ListUnreadable, asked(driver)) == [ListUnreadable()]


def test_an_export_or_import_outcome_is_dropped_once_the_player_leaves_its_screen() -> None:
    driver = AppDriver.seeded(1)
    driver(OpenHistory(), StorageProblems((DAMAGED,)), HistoryExported())
    assert notice_keys(driver) == ["storage.corrupt", "data.export_done"]
    driver(OpenHistory())  # the same screen: still told
    assert notice_keys(driver) == ["storage.corrupt", "data.export_done"]
    driver(NewGame())
    assert driver.state.screen is Screen.SETUP
    assert notice_keys(driver) == ["storage.corrupt"]  # a storage problem stays until dismissed


def test_a_file_is_imported_unless_it_is_too_large_to_read() -> None:
    driver = AppDriver.seeded(1)
    file = object()
    driver(ImportData(MAX_IMPORT_BYTES, file))
    assert of(ImportFile, asked(driver)) == [ImportFile(file)]
    assert driver.state.ui.notices == (Notice("data.import_reading"),)
    driver(ImportData(MAX_IMPORT_BYTES + 1, file))
    assert of(ImportFile, asked(driver)) == []
    megabytes = MAX_IMPORT_BYTES // 1_000_000
    assert driver.state.ui.notices == (
        Notice("data.import_too_large", (("megabytes", megabytes),)),
    )


@pytest.mark.parametrize(
    ("refusal", "key"),
    [
        (ImportRefusal.TOO_LARGE, "data.import_too_large"),
        (ImportRefusal.UNKNOWN_VERSION, "data.import_newer"),
        (ImportRefusal.NOT_JSON, "data.import_malformed"),
        (ImportRefusal.NOT_AN_EXPORT, "data.import_malformed"),
        (ImportRefusal.INVALID, "data.import_malformed"),
    ],
)
def test_a_refused_import_is_told_and_logged(refusal: ImportRefusal, key: str) -> None:
    driver = AppDriver.seeded(1)
    driver(ImportData(10, "file"), ImportFinished(refusal=refusal, reason="why"))
    assert notice_keys(driver) == [key]
    assert of(Warn, asked(driver)) == [Warn("Import refused: why")]
    assert of(LoadStats, asked(driver)) == []


def test_an_import_tells_what_it_added_and_refreshes_the_statistics() -> None:
    driver = AppDriver.seeded(1)
    state = driver(ImportFinished(added=0))
    assert state.ui.notices == (Notice("data.import_nothing_new"),)
    assert of(LoadStats, asked(driver)) == [LoadStats()]
    state = driver(ImportFinished(added=3, already_known=2))
    assert state.ui.notices == (
        Notice("data.import_done", (("games", 3),)),
        Notice("data.import_duplicates", (("count", 2),)),
    )
    state = driver(ImportFinished(added=1, problems=(DAMAGED,)))
    assert state.ui.notices == (
        Notice("storage.corrupt"),
        Notice("data.import_done", (("games", 1),)),
    )
    assert [type(effect) for effect in asked(driver)[:3]] == [Warn, ListUnreadable, LoadStats]


def test_an_import_of_unfinished_games_tells_them_and_lists_them_anew() -> None:
    """The games kept travel in the export: an import says how many it added to the New game
    screen's list (which is read again) and how many found no room there."""
    driver = AppDriver.seeded(1)
    state = driver(ImportFinished(kept_added=2))
    assert state.ui.notices == (Notice("data.import_kept", (("count", 2),)),)
    assert of(LoadKept, asked(driver)) == [LoadKept()]
    state = driver(ImportFinished(added=1, kept_added=1, kept_left_out=3))
    assert state.ui.notices == (
        Notice("data.import_done", (("games", 1),)),
        Notice("data.import_kept", (("count", 1),)),
        Notice("data.import_kept_full", (("count", 3), ("most", MAX_KEPT))),
    )
    state = driver(ImportFinished(kept_left_out=1))  # nothing added, but not "nothing new"
    assert state.ui.notices == (
        Notice("data.import_kept_full", (("count", 1), ("most", MAX_KEPT))),
    )
    assert of(LoadKept, asked(driver)) == []
    for language in ("en", "he", "et"):
        driver(SetLanguage(language), ImportFinished(kept_added=2, kept_left_out=1))
        texts = present(driver.state, 0.0).notices
        assert len(texts) == 2 and all(text and "{" not in text for text in texts)


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


def test_a_person_added_gets_the_focus_on_their_name_and_a_computer_does_not() -> None:
    driver = AppDriver.seeded(1)
    driver(AddPlayer())
    assert of(Focus, asked(driver)) == [Focus((("name", 1),))]
    driver(AddPlayer(PlayerKind.COMPUTER))
    assert of(Focus, asked(driver)) == []


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
        Warn("Storage: penta.session: invalid: no game"),
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
