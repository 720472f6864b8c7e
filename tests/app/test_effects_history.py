"""The effects of the history screen, the downloads and the imports: what the update asks the
shell to do, and what it makes of the outcomes the shell sends back."""

from __future__ import annotations

import random
from datetime import date, time

import pytest

from cli.random_play import random_game
from game.app.effects import (
    DownloadGame,
    DownloadHistory,
    DownloadUnreadable,
    FetchTable,
    ForgetUnreadable,
    ImportFile,
    ListUnreadable,
    LoadKept,
    LoadStats,
    ScheduleTick,
    Warn,
)
from game.app.intents import (
    AskDiscardUnreadable,
    DiscardUnreadable,
    DismissNotice,
    ExportData,
    ExportGame,
    ExportUnreadableData,
    HistoryExported,
    ImportData,
    ImportFinished,
    NewGame,
    OpenHistory,
    Roll,
    SetLanguage,
    StartGame,
    StatsLoaded,
    StorageProblems,
    UnreadableListed,
)
from game.app.model import Dialog, Notice, Screen
from game.i18n.bidi import without_isolates
from game.persistence.exchange import MAX_IMPORT_BYTES, ImportRefusal
from game.persistence.history import record_game
from game.persistence.kept import MAX_KEPT
from game.persistence.stats import player_stats
from game.persistence.turn_record import TurnRecord
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player
from game.present.snapshot import present
from tests.app.driver import AppDriver
from tests.app.effect_helpers import DAMAGED, asked, notice_keys, of, playing

# --- the history, downloads and imports -----------------------------------------------------

EXPORTED = "penta-history-2026-12-07.json"


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
    assert of(Warn, asked(driver)) == [Warn("Storage: penta.unsaved: invalid: no game")]
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


def test_the_unreadable_data_is_deleted_only_once_asked_and_confirmed() -> None:
    driver = AppDriver.seeded(1)
    driver(AskDiscardUnreadable())  # nothing set aside: nothing to ask
    assert driver.state.ui.dialog is Dialog.NONE
    driver(UnreadableListed(("penta.quarantine.1:penta.history",)), DiscardUnreadable())
    assert of(ForgetUnreadable, asked(driver)) == []  # not without asking first
    driver(AskDiscardUnreadable())
    assert driver.state.ui.dialog is Dialog.DISCARD_UNREADABLE
    assert driver.snapshot().discard_unreadable_label == "Delete the unreadable data"
    driver(DiscardUnreadable())
    assert driver.state.ui.dialog is Dialog.NONE
    assert of(ForgetUnreadable, asked(driver)) == [ForgetUnreadable()]
    driver(StartGame(), AskDiscardUnreadable())  # over a game it is not offered
    assert driver.state.ui.dialog is Dialog.NONE


def test_the_unreadable_data_is_offered_with_words_that_say_what_it_is() -> None:
    driver = AppDriver.seeded(1)
    two = ("penta.quarantine.1:penta.session", "penta.quarantine.2:penta.history")
    driver(UnreadableListed(two))  # as at a start, with nothing else said
    snapshot = driver.snapshot()
    assert tuple(map(without_isolates, snapshot.notices)) == (
        "Penta is keeping 2 items of saved data that it could not read. Export them to keep a"
        " copy, or delete them.",
    )
    assert snapshot.export_unreadable_label and snapshot.discard_unreadable_label
    driver(DismissNotice(0))  # put away: the offer goes with its words
    snapshot = driver.snapshot()
    assert (snapshot.export_unreadable_label, snapshot.discard_unreadable_label) == ("", "")
    driver(AskDiscardUnreadable())
    assert driver.state.ui.dialog is Dialog.NONE
    driver(UnreadableListed(two[:1]))  # what is set aside changed: said again
    assert notice_keys(driver) == ["storage.unreadable_kept"]
    said = without_isolates(driver.snapshot().notices[0])
    assert said.startswith("Penta is keeping 1 item of saved data")
    driver(UnreadableListed(()))  # all deleted: nothing left to say
    assert notice_keys(driver) == []


def test_an_export_says_it_is_done_and_what_it_could_not_read() -> None:
    driver = AppDriver.seeded(1)
    driver(ImportData(10, "file"), HistoryExported(EXPORTED))
    assert notice_keys(driver) == ["data.export_done"]  # in place of the import's notice
    # Where the file went, by its name (a walk was told "exported" and not where).
    (said,) = driver.snapshot().notices
    assert without_isolates(said) == (
        f"Your games were exported to the file {EXPORTED}, in your downloads."
    )
    driver(HistoryExported(EXPORTED, DAMAGED))
    assert notice_keys(driver) == ["storage.corrupt", "data.export_done"]
    assert of(ListUnreadable, asked(driver)) == [ListUnreadable()]


def test_an_export_or_import_outcome_is_dropped_once_the_player_leaves_its_screen() -> None:
    driver = AppDriver.seeded(1)
    driver(OpenHistory(), StorageProblems((DAMAGED,)), HistoryExported(EXPORTED))
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
    # Games of the file that did not read were left out: said after what was added.
    state = driver(ImportFinished(added=2, unreadable=1))
    assert state.ui.notices[-2:] == (
        Notice("data.import_done", (("games", 2),)),
        Notice("data.import_unreadable", (("count", 1),)),
    )
    # Not "every game in the file is already here" beside games left out (a hostile walk).
    state = driver(ImportFinished(already_known=4, unreadable=2))
    assert state.ui.notices[-2:] == (
        Notice("data.import_duplicates", (("count", 4),)),
        Notice("data.import_unreadable", (("count", 2),)),
    )
    state = driver(ImportFinished(unreadable=3))
    assert state.ui.notices[-1:] == (Notice("data.import_unreadable", (("count", 3),)),)
    assert Notice("data.import_nothing_new") not in state.ui.notices
    # Games dated after the file read, and are told apart: "could not be read" was untrue.
    state = driver(ImportFinished(misdated=2))
    assert state.ui.notices[-1:] == (Notice("data.import_misdated", (("count", 2),)),)
    assert Notice("data.import_nothing_new") not in state.ui.notices
    state = driver(ImportFinished(added=1, unreadable=1, misdated=1))
    assert state.ui.notices[-2:] == (
        Notice("data.import_unreadable", (("count", 1),)),
        Notice("data.import_misdated", (("count", 1),)),
    )
    # A day's challenge the device holds already: left out, and said so, never "nothing new".
    state = driver(ImportFinished(already_known=1, challenges_repeated=1))
    assert state.ui.notices[-2:] == (
        Notice("data.import_duplicates", (("count", 1),)),
        Notice("data.import_challenge_played", (("count", 1),)),
    )
    for language in ("en", "he", "et"):
        for told in (ImportFinished(misdated=1), ImportFinished(challenges_repeated=2)):
            driver(SetLanguage(language), told)
            text = present(driver.state, 0.0).notices[-1]
            assert text and "{" not in text


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
    # Finished games already here are said with the unfinished ones added, not only with
    # finished games added.
    state = driver(ImportFinished(already_known=2, kept_added=1))
    assert state.ui.notices == (
        Notice("data.import_duplicates", (("count", 2),)),
        Notice("data.import_kept", (("count", 1),)),
    )
    for language in ("en", "he", "et"):
        driver(SetLanguage(language), ImportFinished(kept_added=2, kept_left_out=1))
        texts = present(driver.state, 0.0).notices
        assert len(texts) == 2 and all(text and "{" not in text for text in texts)


@pytest.mark.parametrize(
    ("language", "morning", "evening"),
    [
        ("en", "30\u00a0Nov\u00a02026, 09:05", "30\u00a0Nov\u00a02026, 21:40"),
        ("he", "30\u00a0בנוב׳\u00a02026, בשעה 09:05", "30\u00a0בנוב׳\u00a02026, בשעה 21:40"),
        ("et", "30.\u00a0nov\u00a02026, kell 09:05", "30.\u00a0nov\u00a02026, kell 21:40"),
    ],
)
def test_the_games_of_one_day_are_told_apart_by_their_time(
    language: str, morning: str, evening: str
) -> None:
    """A family's games of one day looked alike in the list (a walk): each says its time, and
    the latest comes first. A game recorded before the history kept the time says its day."""
    day = date(2026, 11, 30)
    games = [
        random_game(new_game("penta", [Player("Dana")], SeededDice(seed)), random.Random(seed))
        for seed in (4, 5, 6)
    ]
    records = (
        record_game("00000000000000bb", games[0], day, time(21, 40)),
        record_game("00000000000000aa", games[1], day, time(9, 5)),
        record_game("00000000000000cc", games[2], day),
    )
    driver = AppDriver.seeded(1, language)
    driver(OpenHistory(), StatsLoaded(player_stats(records), None, records))
    history = present(driver.state, driver.now).history
    assert history is not None
    titles = [without_isolates(game.title) for game in history.games]
    assert [title.split(" · ")[0] for title in titles] == [
        evening,
        morning,
        without_isolates(morning.split(",")[0]),
    ]
