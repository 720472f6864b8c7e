"""The app's side of issue 6 in CPython: undo (intent, setting, presentation), resuming a
restored game, notices, and the history screen's statistics."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date

import pytest

from cli.random_play import random_game
from game.app import handover
from game.app.announcements import Undone
from game.app.effects import SaveSession
from game.app.intents import (
    AskLeave,
    ConfirmTurn,
    DismissNotice,
    HistoryExported,
    ImportData,
    ImportFinished,
    Intent,
    NewGame,
    OpenHistory,
    Roll,
    SelectBox,
    SetAutoScore,
    SetLanguage,
    SetUndo,
    SkipComputers,
    SpeedUp,
    StartGame,
    StartTurn,
    StatsLoaded,
    StorageProblems,
    Tick,
    ToggleKeep,
    Undo,
)
from game.app.model import (
    RESTORED_NOTICE,
    STEP_SECONDS,
    UNDO_WINDOW_SECONDS,
    AppState,
    Dialog,
    Notice,
    Screen,
    Speed,
    auto_score_seconds,
    is_computer_turn,
    next_deadline,
)
from game.app.preferences import preferences_from_data, preferences_to_data
from game.app.setup_intents import AddPlayer, SetPlayerKind
from game.app.start import initial_state, resume
from game.app.table_intents import TableFailed
from game.app.take_back import undo_available
from game.coach.greedy import GreedyCoach
from game.errors import SaveFileError
from game.i18n.bidi import without_isolates as plain
from game.i18n.translator import Translator
from game.persistence.history import record_game
from game.persistence.session import restore_session, save_session
from game.persistence.stats import distribution, player_stats
from game.persistence.storage import MemoryStorage, ProblemKind, StorageProblem
from game.play.engine import new_game, roll
from game.play.random_source import SeededDice
from game.play.state import Player, PlayerKind
from game.play.undo import UndoSetting
from game.present.snapshot import present
from tests.app.driver import AppDriver
from tests.i18n.isolation import iso

COACH = GreedyCoach()
DAMAGED = StorageProblem("penta.unsaved", ProblemKind.INVALID, "not a game")
"""A record that storage could not read: its notice is "storage.corrupt" (records that hold
games have notices of their own: tests/app/test_notices.py)."""


def send(state: AppState, *intents: Intent, now: float = 1000.0) -> AppState:
    """`state` after `intents`, each sent at the moment `now`."""
    driver = AppDriver(state, COACH)
    driver.now, driver.pace_rolls = now, False
    return driver(*intents)


def started(seed: int = 2) -> AppState:
    return send(initial_state(["en-US"], seed=seed), SetAutoScore(0), StartGame())


def test_undo_takes_back_the_last_box_until_the_next_roll() -> None:
    state = send(started(), Roll(), SelectBox("chance"))
    before = state.game
    state = send(state, ConfirmTurn())
    assert state.play.before_last_turn == before
    snap = present(state, 1000.0)
    assert snap.game is not None and snap.game.can_undo
    assert snap.game.undo_label == f"Take back the {iso('Chance')} box"
    undone = send(state, Undo())
    assert undone.game == before and undone.play.before_last_turn is None
    assert isinstance(undone.ui.announcement, Undone)
    assert present(undone, 1000.0).announcement == f"Took back {iso('Chance')}"
    assert send(undone, Undo()) is undone  # nothing more to take back
    rolled = send(state, Roll())
    assert rolled.play.before_last_turn is None
    assert send(rolled, Undo()) is rolled


def test_undo_is_off_with_two_humans_by_default_and_follows_the_setting() -> None:
    two = send(initial_state(["en-US"], seed=2), AddPlayer(), SetAutoScore(0), StartGame())
    state = send(two, Roll(), SelectBox("chance"), ConfirmTurn())
    # By default, only while the hand-over waits: a wrong tap is taken back before the next
    # person has the phone (a walk's family could not), and not once they have it.
    assert handover.is_pending(state) and undo_available(state)
    assert send(state, Undo()).game == send(two, Roll(), SelectBox("chance")).game
    state = send(state, StartTurn())
    assert not undo_available(state) and send(state, Undo()) is state
    assert not undo_available(
        send(two, SetUndo(UndoSetting.OFF), Roll(), SelectBox("chance"), ConfirmTurn())
    )
    on = send(two, SetUndo(UndoSetting.ON), Roll(), SelectBox("chance"), ConfirmTurn())
    assert undo_available(on)
    assert send(on, Undo()).game == send(two, Roll(), SelectBox("chance")).game
    # Turned on just after the box: that box may be taken back (a walk found nothing to undo).
    later = send(
        send(two, Roll(), SelectBox("chance"), ConfirmTurn(), StartTurn()), SetUndo(UndoSetting.ON)
    )
    assert undo_available(later)
    assert send(later, Undo()).game == send(two, Roll(), SelectBox("chance")).game
    off = send(started(), SetUndo(UndoSetting.OFF), Roll(), SelectBox("chance"), ConfirmTurn())
    assert not undo_available(off)
    data = preferences_to_data(send(started(), SetUndo(UndoSetting.OFF)))
    assert data["undo"] == "off"
    restored = preferences_from_data(initial_state(["en-US"]), data)
    assert restored.settings.undo is UndoSetting.OFF
    with pytest.raises(SaveFileError, match="'x'"):
        preferences_from_data(initial_state(["en-US"]), {**data, "undo": "x"})


def against_a_computer(*seats: PlayerKind, undo: UndoSetting = UndoSetting.AUTO) -> AppState:
    """Dana (human) has confirmed Chance at 1000.0; a computer player is next."""
    state = send(initial_state(["en-US"], seed=2), SetUndo(undo), SetAutoScore(0))
    for kind in (PlayerKind.COMPUTER, *seats):
        state = send(state, AddPlayer(kind))
    state = send(state, StartGame(), TableFailed("penta", "not loaded in this test"))
    state = send(state, Roll(), SelectBox("chance"), ConfirmTurn())
    assert is_computer_turn(state)
    return state


def test_the_computer_waits_before_its_first_roll_while_the_box_may_be_taken_back() -> None:
    state = against_a_computer()
    assert state.pacing.computer_due == 1000.0 + UNDO_WINDOW_SECONDS
    assert STEP_SECONDS[Speed.NORMAL] < UNDO_WINDOW_SECONDS
    snap = present(state, 1000.0).game
    assert snap is not None and snap.is_computer and snap.can_undo
    assert snap.undo_label == f"Take back the {iso('Chance')} box"
    # The still dice are said to wait for the take-back (a walk read them as stalled).
    assert snap.status == (
        f"A moment before {iso('Computer 1')} plays: your box can still be taken back."
    )
    waiting = send(state, Tick(), now=1000.0 + UNDO_WINDOW_SECONDS - 0.1)
    assert waiting.game is state.game  # not rolled yet
    undone = send(waiting, Undo(), now=1002.5)
    assert undone.game is not None and undone.game.current_player == 0
    assert undone.game.selected_box == "chance" and undone.pacing.computer_due is None
    assert not is_computer_turn(undone) and next_deadline(undone) is None
    # Left alone, the window runs out: the computer rolls, and undo is over.
    rolled = send(state, Tick(), now=1000.0 + UNDO_WINDOW_SECONDS)
    assert rolled.game is not None and rolled.game.dice is not None
    assert rolled.pacing.computer_due is None or rolled.pacing.computer_due > 1003.0
    assert not undo_available(rolled)
    snap = present(rolled, 1003.0).game
    assert snap is not None and not snap.can_undo
    assert snap.status == f"{iso('Computer 1')} is playing…"
    assert send(rolled, Undo(), now=1003.1) is rolled


def test_with_two_humans_the_box_before_a_computer_is_taken_back_as_at_a_hand_over() -> None:
    # Dana, the computer, then Eli: with two humans "auto" undo is off, but Dana's box may be
    # taken back until the computer rolls, as it may while the hand-over waits for a human.
    state = against_a_computer(PlayerKind.HUMAN)
    assert state.pacing.computer_due == 1000.0 + UNDO_WINDOW_SECONDS
    snap = present(state, 1000.0).game
    assert snap is not None and snap.can_undo
    # Eli reads it too: whose box it is.
    assert snap.undo_label == f"Take back {iso('Player 1')}'s {iso('Chance')} box"
    assert snap.status == (
        f"A moment before {iso('Computer 1')} plays:"
        f" {iso('Player 1')}'s box can still be taken back."
    )
    undone = send(state, Undo(), now=1002.0)
    assert undone.game is not None and undone.game.current_player == 0
    assert undone.game.selected_box == "chance"
    rolled = send(state, Tick(), now=1000.0 + UNDO_WINDOW_SECONDS)
    assert rolled.game is not None and rolled.game.dice is not None
    assert not undo_available(rolled)
    assert send(rolled, Undo(), now=1003.1) is rolled
    # Turned off, nothing waits.
    off = against_a_computer(PlayerKind.HUMAN, undo=UndoSetting.OFF)
    assert not undo_available(off)
    assert off.pacing.computer_due == 1000.0 + STEP_SECONDS[Speed.NORMAL]


def test_faster_or_skip_end_the_wait_for_a_take_back() -> None:
    state = against_a_computer()
    faster = send(state, SpeedUp(), now=1001.0)
    assert faster.pacing.computer_due == 1001.0 + STEP_SECONDS[Speed.FAST]
    rolled = send(faster, Tick(), now=1001.0 + STEP_SECONDS[Speed.FAST])
    assert rolled.game is not None and rolled.game.dice is not None
    assert not undo_available(rolled)
    skipped = send(state, SkipComputers(), now=1001.0)
    assert skipped.game is not None and skipped.game.current_player == 0
    assert skipped.game.sheets[1].filled_boxes and not undo_available(skipped)


def test_no_wait_when_there_is_nothing_to_take_back() -> None:
    step = STEP_SECONDS[Speed.NORMAL]
    assert against_a_computer(undo=UndoSetting.OFF).pacing.computer_due == 1000.0 + step
    # A computer's own box cannot be taken back: the next computer does not wait.
    state = against_a_computer(PlayerKind.COMPUTER)
    state = send(state, Tick(), now=1003.0)  # first computer rolls
    now = 1003.0
    while state.game is not None and state.game.current_player == 1:
        due = next_deadline(state)
        assert due is not None
        now = due
        state = send(state, Tick(), now=now)
    assert is_computer_turn(state) and state.pacing.computer_due == now + step


def test_undo_of_the_last_box_returns_from_the_end_screen() -> None:
    game = new_game("penta", [Player("Dana")], SeededDice(3))
    played = random_game(game, random.Random(1))
    assert played.is_over
    # Replay to the last turn, then score through the app.
    state = started(3)
    state = resume(state, game, None, now=1000.0)
    while state.game is not None and not state.game.is_over:
        state = send(state, Roll())
        assert state.game is not None and state.game.options is not None
        box = COACH.best_box(state.game)
        state = send(state, SelectBox(box), ConfirmTurn())
    assert state.screen is Screen.END
    undone = send(state, Undo())
    assert undone.screen is Screen.GAME and undone.game is not None and not undone.game.is_over


def test_resume_picks_the_screen_and_schedules_the_computer_or_countdown() -> None:
    state = initial_state(["en-US"])
    assert resume(state, None, None, now=5.0) is state
    game = roll(new_game("penta", [Player("Dana")], SeededDice(1)), 0)
    resumed = resume(state, game, None, now=5.0)
    assert resumed.screen is Screen.GAME and resumed.game is game
    assert resumed.pacing.countdown_deadline is None  # rolls left: nothing to count down
    last = roll(roll(game, 0), 0)
    resumed = resume(state, last, None, now=5.0)
    assert resumed.pacing.countdown_deadline == 5.0 + auto_score_seconds(resumed)
    bot = new_game("penta", [Player("Bot", PlayerKind.COMPUTER, "beginner")], SeededDice(1))
    resumed = resume(state, bot, None, now=5.0)
    assert resumed.pacing.computer_due is not None
    over = random_game(new_game("yatzy", [Player("Dana")], SeededDice(1)), random.Random(0))
    assert resume(state, over, None, now=5.0).screen is Screen.END


def test_the_double_tap_guard_is_not_kept_a_reload_may_roll_at_once() -> None:
    state = send(started(), Roll(), now=1000.0)
    assert state.pacing.last_roll_at == 1000.0
    assert send(state, Roll(), now=1000.1) is state  # a double tap
    # After a reload the state is built again from the saved game alone.
    reloaded = resume(initial_state(["en-US"], seed=2), state.game, None, now=1000.1)
    assert reloaded.pacing.last_roll_at is None
    rolled = send(reloaded, Roll(), now=1000.1)
    assert rolled.game is not None and rolled.game.rolls_left == 1
    # Undo goes back to a turn whose last roll is long past: its next roll is allowed too.
    state = send(state, SelectBox("chance"), ConfirmTurn(), now=1000.2)
    undone = send(state, Undo(), now=1000.3)
    assert undone.pacing.last_roll_at is None and undone.game is not None
    assert send(undone, Roll(), now=1000.3).game.rolls_left == 1  # type: ignore[union-attr]


def test_a_restored_game_in_progress_says_so_until_it_is_played_on() -> None:
    fresh = initial_state(["he-IL"], seed=2)
    assert fresh.ui.notices == ()
    assert resume(fresh, None, None, now=5.0).ui.notices == ()  # only preferences, or nothing
    over = random_game(new_game("yatzy", [Player("Dana")], SeededDice(1)), random.Random(0))
    assert resume(fresh, over, None, now=5.0).ui.notices == ()  # the end screen: nothing to resume
    game = roll(new_game("penta", [Player("Dana"), Player("Eli")], SeededDice(1)), 0)
    state = resume(fresh, game, None, now=5.0)
    assert state.ui.notices == (RESTORED_NOTICE,)
    assert present(state, 5.0).notices == ("המשחק שוחזר מהמקום שבו הפסקתם.",)
    assert resume(state, game, None, now=6.0).ui.notices == (RESTORED_NOTICE,)  # only once
    # The clock's ticks and the hand-over leave it; the player's first move takes it away: a
    # roll, a keep, a box.
    state = send(state, Tick(), StartTurn(), now=7.0)
    assert state.ui.notices == (RESTORED_NOTICE,)
    for move in (Roll(), ToggleKeep(0), SelectBox("chance")):
        assert send(state, move, now=10.0).ui.notices == (), move
    # Other notices stay; the player may dismiss it sooner.
    state = send(state, StorageProblems((DAMAGED,)), now=12.0)
    assert send(state, Roll(), now=13.0).ui.notices == (Notice("storage.corrupt"),)
    assert send(state, DismissNotice(0), now=13.0).ui.notices == (Notice("storage.corrupt"),)
    # A computer player's turn restored: its moves (the clock's ticks) leave it, until its box.
    seats = [Player("Bot", PlayerKind.COMPUTER, "casual"), Player("Dana")]
    bot = new_game("penta", seats, SeededDice(1))
    state = send(resume(fresh, bot, None, now=5.0), TableFailed("penta", "none here"), now=5.0)
    moves = 0
    while state.game is not None and state.game.sheets == bot.sheets:
        assert state.ui.notices == (RESTORED_NOTICE,) and moves < 20
        due = next_deadline(state)
        assert due is not None  # the computer plays on
        state, moves = send(state, Tick(), now=due), moves + 1
    assert moves > 1 and state.ui.notices == ()
    # Leaving the game takes it away too.
    left = send(resume(fresh, game, None, now=5.0), AskLeave(), NewGame(), now=6.0)
    assert left.game is None and left.ui.notices == ()


def test_notices_are_translated_deduplicated_and_dismissed() -> None:
    state = send(
        initial_state(["et"]),
        StorageProblems((DAMAGED,)),
        StorageProblems((DAMAGED,)),
        ImportFinished(added=2),
    )
    assert len(state.ui.notices) == 2
    snap = present(state, 0.0)
    assert all(text and "{" not in text for text in snap.notices)
    state = send(state, DismissNotice(0), DismissNotice(5))
    assert [notice.key for notice in state.ui.notices] == ["data.import_done"]


def test_a_device_that_keeps_nothing_is_told_and_leaving_a_game_promises_no_more() -> None:
    """The browser blocks the site's data: the notice says that nothing is kept, and the Leave
    dialog no longer says the game can be resumed whenever one likes (a walk)."""
    state = send(initial_state(["en"]), StartGame(), Roll())  # a game played: kept
    kept_text = present(send(state, AskLeave()), 0.0).leave.text
    assert "whenever you like" in kept_text
    blocked = StorageProblem("penta.*", ProblemKind.NOT_KEPT, "neither IndexedDB nor localStorage")
    state = send(state, StorageProblems((blocked,)))
    assert state.ui.notices == (Notice("storage.not_kept"),) and state.ui.nothing_kept
    state = send(state, DismissNotice(0), AskLeave())
    assert state.ui.nothing_kept  # told once, remembered after
    assert "until this page closes" in present(state, 0.0).leave.text
    assert present(state, 0.0).leave.destructive  # lost when the page closes
    for language in ("he", "et"):
        kept = send(initial_state([language]), StartGame(), Roll(), AskLeave())
        unkept = send(state, SetLanguage(language))
        assert present(unkept, 0.0).leave.text != present(kept, 0.0).leave.text


def test_an_import_or_export_outcome_replaces_the_earlier_ones_and_no_other_notice() -> None:
    done = Notice("data.import_done", (("games", 2),))
    skipped = Notice("data.import_duplicates", (("count", 1),))
    state = send(
        initial_state(["en"]),
        StorageProblems((DAMAGED,)),
        ImportData(size=10, file="a file"),
    )
    assert state.ui.notices == (Notice("storage.corrupt"), Notice("data.import_reading"))
    state = send(state, ImportFinished(added=2, already_known=1))
    assert state.ui.notices == (Notice("storage.corrupt"), done, skipped)
    state = send(state, HistoryExported("penta-history.json"))
    exported = Notice("data.export_done", (("file", "penta-history.json"),))
    assert state.ui.notices == (Notice("storage.corrupt"), exported)
    assert present(state, 0.0).notices[1] == (
        "Your games were exported to the file \u2068penta-history.json\u2069, in your downloads."
    )


def test_the_history_screen_shows_statistics_as_text() -> None:
    hostile = "<img src=x onerror=alert(1)>"
    game = random_game(
        new_game("penta", [Player(hostile), Player("Dana")], SeededDice(4)), random.Random(2)
    )
    records = (record_game("00000000000000aa", game, date(2026, 11, 30)),)
    state = send(initial_state(["en-US"]), SetPlayerKind(0, PlayerKind.HUMAN), OpenHistory())
    assert state.screen is Screen.HISTORY
    # Not said to be empty before it is read (a long history took seconds).
    reading = present(state, 0.0).history
    assert reading is not None and reading.empty == "Reading your history…"
    empty = present(send(state, StatsLoaded((), records=())), 0.0).history
    # What the page will hold, not only that it is empty (a walk found it bare).
    assert empty is not None and empty.empty.startswith("No finished games yet. Each game")
    assert "review" in empty.empty
    assert empty.export_label == ""  # nothing to export
    state = send(state, StatsLoaded(player_stats(records), records=records))
    view = present(state, 0.0).history
    assert view is not None and view.empty == ""
    assert view.export_label == "Export all games"
    # Every heading in the language shown (a walk found "Your data" left in English).
    assert view.data_title == "Back up your games"
    hebrew = present(send(state, SetLanguage("he")), 0.0).history
    assert hebrew is not None and hebrew.data_title == "גיבוי המשחקים"
    assert {card.name for card in view.cards} == {"<img src=x onerror=alert(1)>", "Dana"}
    card = view.cards[0]
    assert [fact.label for fact in card.facts] == [
        "Games",
        "Average",
        "Best",
        "Upper bonus rate",
        "Pentas rolled",
    ]
    assert max(bar.share for bar in card.bars) == 1.0
    # The chart's ranges run from the lowest total's to the highest's, a gap between kept.
    spread = replace(state.ui.stats[0], distribution=distribution((60, 160, 170, 99)))
    view = present(send(state, StatsLoaded((spread,))), 0.0).history
    assert view is not None
    assert [(plain(bar.text), bar.share) for bar in view.cards[0].bars] == [
        ("50–99: 2 games", 1.0),
        ("100–149: 0 games", 0.0),
        ("150–199: 2 games", 1.0),
    ]
    # A computer's card is short: what to measure oneself against, after the people's.
    robo = random_game(
        new_game("penta", [Player("Robo", PlayerKind.COMPUTER, "casual")], SeededDice(5)),
        random.Random(3),
    )
    both = (*records, record_game("00000000000000ab", robo, date(2026, 11, 30)))
    view = present(send(state, StatsLoaded(player_stats(both))), 0.0).history
    assert view is not None and [card.name for card in view.cards][-1] == "Robo"
    computer = view.cards[-1]
    assert [fact.label for fact in computer.facts] == ["Games", "Average", "Best"]
    assert computer.bars == () and computer.trend_bars == ()
    assert send(state, StartGame()) is state  # only Back leaves the history screen
    assert send(state, NewGame()).screen is Screen.SETUP


def test_a_reload_while_a_computer_holds_dice_goes_on_from_those_dice() -> None:
    """A walk-through saw a reload come back with the computer's turn played (the next
    hand-over up): the session saved after the computer set dice aside restores that very
    position, and the computer goes on from it a step at a time, rolling only the others."""
    driver = AppDriver.seeded(3)
    driver.set_players([("Dana", "human", None), ("Robo", "computer", "beginner")])
    driver(SetAutoScore(0), StartGame())
    driver.tables_failed()
    driver.play_human_turn()
    while not (driver.game.current_player == 1 and driver.game.kept):
        driver.wait_until_due()
    held = driver.game
    (saved, *_) = [e for e in reversed(driver.effects) if isinstance(e, SaveSession)]
    assert saved.game == held  # the position is saved as the computer left it
    storage = MemoryStorage()
    save_session(storage, held, today=date(2026, 12, 1), turn=saved.turn)
    restored = restore_session(storage)
    state = resume(initial_state(["en-US"]), restored.game, None, now=5000.0, turn=restored.turn)
    assert state.game == held and state.screen is Screen.GAME and state.ui.dialog is Dialog.NONE
    assert state.pacing.computer_due is not None and state.pacing.computer_due > 5000.0
    again = AppDriver(state)
    again.now = 5000.0
    again.tables_failed()
    again.wait_until_due()  # one step: the held dice stay, the others are rolled
    assert again.game.current_player == 1 and again.game.rolls_left == held.rolls_left - 1
    assert again.game.dice is not None and held.dice is not None
    assert all(again.game.dice[die] == held.dice[die] for die in held.kept)


def test_with_several_people_the_games_last_box_is_taken_back_from_the_end_screen() -> None:
    """No one plays after the last box: as while the hand-over waits, "Automatic" lets it be
    taken back, the same dice kept (a walk's last player could not); "Off" does not."""
    for setting, allowed in ((UndoSetting.AUTO, True), (UndoSetting.OFF, False)):
        d = AppDriver.seeded(4)
        d(AddPlayer(), SetUndo(setting), SetAutoScore(0), StartGame())
        d.tables_failed()
        d.play_turns(2 * len(d.game.ruleset.box_ids) - 1)
        if handover.is_pending(d.state):
            d(StartTurn())
        d(Roll())
        box = COACH.best_box(d.game)
        before = d(SelectBox(box)).game
        d(ConfirmTurn())
        assert d.state.screen is Screen.END
        end = d.snapshot().end
        assert end is not None and end.can_undo is allowed and undo_available(d.state) is allowed
        if not allowed:
            assert d(Undo()).screen is Screen.END
            continue
        name = Translator("en", isolate=False).box_name("penta", box)
        assert plain(end.undo_label) == f"Take back Player 2's {name} box"
        d(Undo())
        assert d.state.screen is Screen.GAME and d.game == before  # the same dice, the box open
        d(ConfirmTurn())
        assert d.state.screen is Screen.END
