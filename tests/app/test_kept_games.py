"""Games kept, not thrown away (issue 14, point 4), in CPython: leaving a game keeps it on the
New game screen, from where it is resumed exactly or deleted after a confirmation; at most 20
are kept, and the 21st is left only when the player says so; a damaged list is set aside and
told; a finished game of the history opens as its whole sheet; personal bests per player and
ruleset. The device is played by `Device`, which runs the effects as the shell does, with the
persistence functions the shell calls, on a MemoryStorage."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta

from game.app.effects import Focus, KeepGame
from game.app.entry_intents import ChooseDice, EnterFace
from game.app.intents import (
    AskLeave,
    CloseDialog,
    ConfirmTurn,
    NewGame,
    OpenHistory,
    Roll,
    SelectBox,
    SetAutoScore,
    SetLanguage,
    StartDaily,
    StartGame,
    ToggleKeep,
)
from game.app.kept_intents import (
    AskDeleteKept,
    CloseFinished,
    DeleteKept,
    OpenFinished,
    ResumeGame,
)
from game.app.model import Dialog, Screen
from game.app.setup_intents import ChooseRuleset
from game.app.start import initial_state
from game.i18n.bidi import without_isolates as plain
from game.persistence.kept import KEPT_KEY, MAX_KEPT, add_kept, load_kept, remove_kept
from game.persistence.session import SESSION_KEY, keep_left_game, restore_session
from game.persistence.storage import MemoryStorage, ProblemKind, ReadResult, quarantined
from game.play.engine import new_game, roll
from game.play.random_source import SeededDice
from game.play.state import Player
from tests.app.kept_device import TODAY, Device, kept_list, left, opened, playing


def test_leaving_keeps_the_game_and_resuming_restores_it_exactly() -> None:
    device = playing()
    driver = device
    driver.play_turns(4)
    driver.play_human_turn()  # Dana has scored three boxes, Bot two
    driver.play_computer_turn()
    driver(Roll())
    dice = driver.game.dice
    assert dice is not None
    box = driver.game.sheet.open_boxes[-1]
    driver(ToggleKeep(0), ToggleKeep(2), Roll(), SelectBox(box))
    game = driver.game
    leave = driver.snapshot().leave
    assert leave.confirm_label == "Leave game"
    assert not leave.destructive  # the game is kept: not the warning's red (a walk)

    left(device)

    assert driver.state.screen is Screen.SETUP and driver.state.game is None
    assert device.storage.get(SESSION_KEY) is None  # no game in progress now: it is kept
    (listed,) = kept_list(device)
    dana, bot = (sheet.total for sheet in game.sheets)
    assert plain(listed.title) == f"Penta · Round {game.turn_number} of 13"
    # A name and its score never part; no winner yet in a game left unfinished.
    # The dot kept on the line of the score before it (SCORES_APART).
    assert plain(listed.scores) == f"Dana:\u00a0{dana}\u00a0· Bot:\u00a0{bot}"
    # Whose turn it is: the player who takes the phone on resuming.
    next_name = game.players[game.current_player].name
    assert plain(listed.date) == f"Last played 1\u00a0Dec\u00a02026 · {next_name}'s turn"
    # Heard with where the game stands: two games of a day by the same players read alike.
    assert plain(listed.resume_name) == (
        "Resume Penta with Dana and Bot, last played 1\u00a0Dec\u00a02026, "
        f"round {game.turn_number} of 13: {plain(listed.scores)}"
    )

    device(ResumeGame(listed.id))

    assert driver.state.screen is Screen.GAME
    assert driver.game == game  # dice, kept dice, rolls left, the selected box, the move log
    assert (driver.game.kept, driver.game.rolls_left, driver.game.selected_box) == (
        game.kept,
        game.rolls_left,
        box,
    )
    assert driver.game.log == game.log
    assert driver.state.ui.kept_games == ()  # off the list while it is played
    assert load_kept(device.storage).value == ()
    assert device.storage.get(SESSION_KEY) is not None  # autosaved as the game in progress
    assert "Your game was restored" not in " ".join(driver.snapshot().notices)
    # Under the id it was kept with, played on and left again: an import of a backup made
    # before knows the game (it brought it back as a second one), as the history will.
    assert restore_session(device.storage).game_id == listed.id
    driver.play_human_turn()
    left(device)
    (again,) = kept_list(device)
    assert again.id == listed.id


def test_a_kept_game_survives_a_reload_and_resumes_there() -> None:
    device = playing(seed=8)
    device.play_turns(2)
    game = device.game
    left(device)

    again = device.reopened()

    assert again.state.screen is Screen.SETUP
    (listed,) = kept_list(again)
    again(ResumeGame(listed.id))
    assert again.game == game


def test_several_games_are_kept_newest_first_and_a_new_game_keeps_the_one_left() -> None:
    device = playing(seed=1)
    device.play_turns(2)
    first = device.game
    left(device)
    device(ChooseRuleset("yatzy"), StartGame())
    device.tables_failed()
    device.play_turns(4)
    second = device.game
    left(device)

    titles = [plain(view.title) for view in kept_list(device)]
    assert titles == ["Yatzy · Round 3 of 15", "Penta · Round 2 of 13"]
    games = [kept.game for kept in device.state.ui.kept_games]
    assert games == [second, first]


def test_a_game_with_real_dice_is_told_apart_in_the_list() -> None:
    # Found by a walk: a family's game at the table looked like a game of the app's dice, and
    # resuming it was the only way to tell.
    device = Device(initial_state(["en-US"], seed=4))
    device.set_players([("Dana", "human", None), ("Avi", "human", None)])
    device(ChooseRuleset("yatzy"), ChooseDice(True), StartGame())
    device(*[EnterFace(face) for face in (6, 6, 5, 2, 1)], SelectBox("chance"), ConfirmTurn())
    left(device)
    device.now += 60  # (the ids of kept games are drawn from the time)
    device(ChooseDice(False), StartGame())
    device.play_turns(1)
    left(device)

    app, table = kept_list(device)  # newest first
    assert plain(table.title) == "Yatzy · real dice · Round 1 of 15"
    assert "with real dice" in plain(table.resume_name)
    assert plain(app.title) == "Yatzy · Round 1 of 15"
    assert "real dice" not in plain(app.resume_name) + plain(app.delete_name)
    for language in ("he", "et"):
        device(SetLanguage(language))
        app_there, table_there = kept_list(device)
        assert len(table_there.title) > len(app_there.title)


def challenge(day: date) -> Device:
    device = Device(initial_state(["en-US"], seed=4))
    device.set_players([("Dana", "human", None)])
    device(SetAutoScore(0), StartDaily(day))
    device.tables_failed()
    return device


def test_todays_challenge_left_unfinished_is_resumed_not_dealt_again() -> None:
    # A walk left the challenge and started it again: the same first dice came, to be played
    # better with what it had learnt.
    device = challenge(TODAY)
    assert plain(device.view().round) == "Daily challenge · Round\u00a01\u00a0of\u00a013"
    device.play_turns(2)
    device(Roll())
    game = device.game
    left(device)
    (listed,) = kept_list(device)
    assert plain(listed.title) == "Penta · daily challenge of 1\u00a0Dec\u00a02026 · Round 3 of 13"
    assert plain(listed.resume_name).startswith("Resume Penta challenge with Dana")
    setup = device.snapshot().setup
    assert setup is not None and setup.daily_available
    assert plain(setup.daily_label) == "Resume today's challenge · 1\u00a0Dec\u00a02026"
    for language in ("he", "et"):
        device(SetLanguage(language))
        there = device.snapshot().setup
        assert there is not None and (there.daily_label, there.daily_help) != (
            setup.daily_label,
            setup.daily_help,
        )
    device(SetLanguage("en"))

    device(StartDaily(TODAY))

    assert device.state.screen is Screen.GAME and device.game == game  # its dice, its turn
    assert device.state.ui.kept_games == ()  # off the list while it is played


def test_today_s_challenge_kept_cannot_be_deleted_until_the_next_day() -> None:
    # A walk deleted it and started it again: the same dice, to be played better.
    device = challenge(TODAY)
    device.play_turns(1)
    left(device)
    (listed,) = kept_list(device)
    assert listed.delete_label == "" and listed.delete_name == ""
    assert plain(listed.note).startswith("Today's challenge: finish it today")
    device(AskDeleteKept(listed.id))
    assert device.state.ui.dialog is Dialog.NONE and len(device.state.ui.kept_games) == 1
    # The next day (the page opened again, or tomorrow's challenge asked for) it may go.
    device(StartDaily(TODAY + timedelta(days=1)))
    device.now += 60
    left(device)
    listed = next(kept for kept in kept_list(device) if kept.id == listed.id)
    assert listed.delete_label == "Delete" and listed.note == ""
    device(AskDeleteKept(listed.id))
    assert device.state.ui.dialog is Dialog.DELETE_KEPT


def test_a_challenge_of_another_day_left_unfinished_leaves_today_s_to_be_started() -> None:
    device = challenge(TODAY - timedelta(days=1))
    device.play_turns(1)
    yesterday = device.game
    left(device)
    device.now += 60

    device(StartDaily(TODAY))  # the day changed with the screen open: it shows the new day
    assert device.state.screen is Screen.SETUP and device.state.setup.today == TODAY
    device(StartDaily(TODAY))

    assert device.game != yesterday and device.game.turn_number == 1
    assert [kept.game for kept in device.state.ui.kept_games] == [yesterday]


def test_past_three_the_kept_games_fold_under_a_line_that_counts_them() -> None:
    # A walk's eleven games pushed the setup three screens down.
    device = playing(seed=2)
    for number in range(5):
        device.play_turns(1)
        left(device)
        device.now += 60
        setup = device.snapshot().setup
        assert setup is not None and len(setup.kept) == number + 1
        assert setup.kept_shown == min(number + 1, 3)
        more = {4: "1 more unfinished game", 5: "2 more unfinished games"}.get(number + 1, "")
        assert plain(setup.kept_more_label) == more
        device(StartGame())
        device.tables_failed()
    for language in ("he", "et"):
        device(SetLanguage(language))
        assert device.state.game is not None
        device(AskLeave(), NewGame())
        setup = device.snapshot().setup
        assert setup is not None and setup.kept_more_label
        folded = str(len(setup.kept) - 3)
        assert folded in plain(setup.kept_more_label) and "more" not in setup.kept_more_label
        device(StartGame())
        device.tables_failed()


def test_delete_asks_first_and_cancel_keeps_the_game() -> None:
    device = playing(seed=3)
    device.play_turns(2)
    left(device)
    (listed,) = kept_list(device)

    device(AskDeleteKept(listed.id))
    snapshot = device.snapshot()
    assert snapshot.dialog == Dialog.DELETE_KEPT.value
    assert snapshot.delete_kept is not None
    # With where it stands: two games of a day by the same players were asked alike (a walk).
    (stored,) = load_kept(device.storage).value or ()
    where = f"round {stored.game.turn_number} of 13: {plain(listed.scores)}"
    assert plain(snapshot.delete_kept.text) == (
        f"Delete Penta with Dana and Bot, last played 1\u00a0Dec\u00a02026, {where}? "
        "The game cannot be resumed afterwards."
    )
    device(CloseDialog())
    assert len(kept_list(device)) == 1 and len(load_kept(device.storage).value or ()) == 1

    device(AskDeleteKept(listed.id), DeleteKept())
    assert kept_list(device) == ()
    assert load_kept(device.storage).value == ()
    assert Focus((("resume-kept", None), ("start", None))) in device.effects
    # Confirming again, or a game that is not kept, does nothing.
    device(DeleteKept(), AskDeleteKept(listed.id))
    assert device.state.ui.dialog is Dialog.NONE


def test_at_the_cap_the_leave_dialog_says_the_game_is_not_kept_and_none_is_lost() -> None:
    assert MAX_KEPT == 20
    device = playing(seed=11)
    for _ in range(MAX_KEPT):
        device.play_turns(1)
        left(device)
        device(StartGame())
        device.tables_failed()
    assert len(load_kept(device.storage).value or ()) == MAX_KEPT
    device.play_turns(1)

    device(AskLeave())
    leave = device.snapshot().leave
    assert plain(leave.text).startswith("20 unfinished games are kept already")
    assert leave.confirm_label == "Leave without keeping"
    assert leave.destructive
    device(NewGame())  # the player said so: this one is left, the 20 stay
    assert len(load_kept(device.storage).value or ()) == MAX_KEPT
    assert not any(isinstance(effect, KeepGame) for effect in device.effects)


def test_a_game_that_cannot_be_kept_stays_in_the_session_and_is_told() -> None:
    device = playing(seed=12)
    device.play_turns(2)
    game = device.game
    # The list filled up meanwhile (another tab): storage refuses, and says so.
    storage = device.storage
    for number in range(MAX_KEPT):
        other = roll(new_game("penta", [Player(f"P{number}")], SeededDice(number)), 0)
        change = keep_left_game(storage, other, today=TODAY, ids=random.Random(number))
        assert change.done
    left(device)

    assert "could not be kept" in plain(" ".join(device.snapshot().notices))
    again = opened(storage)
    assert again.game == game  # back as the game in progress at the next start
    assert len(again.state.ui.kept_games) == MAX_KEPT


def test_a_damaged_list_is_set_aside_told_and_the_app_starts() -> None:
    for text in ("{not json", '{"format": "penta-kept-games", "version": 1, "payload": {}}'):
        storage = MemoryStorage({KEPT_KEY: text})
        device = opened(storage)
        assert device.state.screen is Screen.SETUP and device.state.ui.kept_games == ()
        assert "could not be read" in plain(" ".join(device.snapshot().notices))
        (moved,) = quarantined(storage)
        assert moved.original_key == KEPT_KEY
        assert storage.get(moved.key) == text  # set aside byte for byte, not deleted
        assert storage.get(KEPT_KEY) is None


def test_every_damage_to_an_entry_is_refused_by_the_reader() -> None:
    storage = MemoryStorage()
    game = roll(new_game("penta", [Player("Dana")], SeededDice(4)), 0)
    assert keep_left_game(storage, game, today=TODAY, ids=random.Random(1)).done
    good = storage.get(KEPT_KEY)
    assert good is not None
    damaged = {
        "an id twice": good.replace('"games":[', '"games":[' + _entry(good) + ","),
        "a bad id": good.replace('"id":"', '"id":"x', 1),
        "a bad date": good.replace('"last_played":"2026-12-01"', '"last_played":"2026-13-01"'),
        "dice no roll gives": good.replace('"dice":[', '"dice":[7,', 1),
        "an unknown key": good.replace('"turn":null}', '"turn":null,"x":1}', 1),
    }
    for what, text in damaged.items():
        assert text != good, what
        storage = MemoryStorage({KEPT_KEY: text})
        result = load_kept(storage)
        assert result.problem is not None, what
        assert storage.get(result.problem.moved_to or "") == text, what  # set aside whole
        if what == "an id twice":  # the game read once: the list read in part
            assert result.problem.kind is ProblemKind.SET_ASIDE_IN_PART
            assert result.value == load_kept(MemoryStorage({KEPT_KEY: good})).value
            assert load_kept(storage) == ReadResult(result.value)  # written back as it reads
            continue
        assert result.value is None, what
        assert result.problem.kind in (ProblemKind.INVALID, ProblemKind.NOT_JSON), what


def _entry(text: str) -> str:
    start_at = text.index('"games":[') + len('"games":[')
    return text[start_at : text.rindex("]")]


def test_keeping_and_removing_read_what_is_stored_first() -> None:
    storage = MemoryStorage()
    game = roll(new_game("yatzy", [Player("Ann")], SeededDice(9)), 0)
    added = keep_left_game(storage, game, today=TODAY, ids=random.Random(2))
    (entry,) = added.games
    assert entry.game == game and entry.last_played == TODAY
    assert add_kept(storage, entry).games == (entry,)  # the same id replaces, never doubles
    assert remove_kept(storage, "0" * 16).done is False
    assert remove_kept(storage, entry.id).games == ()


def test_a_finished_game_opens_from_the_history_as_its_whole_sheet() -> None:
    device = playing(seed=6)
    device.play_to_end()
    game = device.game
    device(NewGame(), OpenHistory())
    history = device.snapshot().history
    assert history is not None
    (listed,) = history.games
    dana, bot = (sheet.total for sheet in game.sheets)
    assert plain(listed.title) == "1\u00a0Dec\u00a02026 · Penta"
    # A name and its score never part; the winner is marked (a walk could not tell who won).
    marks = ["\u00a0(won)" if total == max(dana, bot) else "" for total in (dana, bot)]
    assert plain(listed.scores) == f"Dana{marks[0]}:\u00a0{dana}\u00a0· Bot{marks[1]}:\u00a0{bot}"

    device(OpenFinished(listed.id))
    snapshot = device.snapshot()
    assert snapshot.screen == "finished" and snapshot.finished is not None
    rows = {row.key: [cell.text for cell in row.cells] for row in snapshot.finished.sheet.rows}
    for box in game.ruleset.box_ids:
        assert rows[box] == [str(sheet.points_in(box)) for sheet in game.sheets]
    assert rows["total"] == [str(dana), str(bot)]
    sheet_rows = snapshot.finished.sheet.rows
    assert all(not cell.enabled and not row.explain for row in sheet_rows for cell in row.cells)
    assert not any(column.explain for column in snapshot.finished.sheet.columns)
    assert snapshot.finished.game_id == listed.id

    device(CloseFinished())
    assert device.state.screen is Screen.HISTORY


def test_personal_bests_per_player_and_ruleset_with_their_day() -> None:
    device = playing(seed=6)
    device.play_to_end()
    first = device.game
    device.today = date(2026, 12, 2)
    device(NewGame(), StartGame())
    device.tables_failed()
    device.play_to_end()
    second = device.game
    device(NewGame(), OpenHistory())
    history = device.snapshot().history
    assert history is not None
    assert history.bests_title == "Personal bests"
    # Dana's alone: a computer's best is no personal best (a walk saw Bot's listed first).
    totals = [
        (first.sheets[0].total, "1\u00a0Dec\u00a02026"),
        (second.sheets[0].total, "2\u00a0Dec\u00a02026"),
    ]
    best = max(total for total, _ in totals)
    day = next(day for total, day in totals if total == best)
    assert [(plain(best.who), plain(best.score)) for best in history.bests] == [
        ("Dana · Penta", f"{best} ({day})")
    ]
    # Both have their statistics, Dana's first.
    assert [plain(card.name) for card in history.cards] == ["Dana", "Bot"]


def test_a_kept_game_under_the_same_id_as_another_game_is_never_overwritten() -> None:
    # Ids are 64 random bits: only damaged or edited data gives two games one id. The game in
    # progress, left, is kept under an id of its own; the game kept before stays as it was.
    storage = MemoryStorage()
    other = roll(new_game("yatzy", [Player("Avi")], SeededDice(8)), 0)
    assert keep_left_game(storage, other, today=TODAY, ids=random.Random(2)).done
    (kept_before,) = load_kept(storage).value or ()
    device = playing()
    device.storage = storage
    device.play_turns(2)
    session = storage.get(SESSION_KEY)
    assert session is not None
    record = json.loads(session)
    record["payload"]["game_id"] = kept_before.id
    storage.set(SESSION_KEY, json.dumps(record))
    device = opened(storage)
    game = device.game
    assert restore_session(storage).problems == ()

    left(device)

    kept = {entry.id: entry for entry in load_kept(storage).value or ()}
    assert len(kept) == 2
    assert kept[kept_before.id] == kept_before
    (mine,) = (entry for entry in kept.values() if entry.id != kept_before.id)
    assert mine.game == game


def test_a_game_resumed_and_left_again_keeps_its_one_entry() -> None:
    device = playing()
    device.play_turns(2)
    left(device)
    (first,) = load_kept(device.storage).value or ()
    device(ResumeGame(first.id))
    device.play_turns(1)
    game = device.game
    left(device)

    (again,) = load_kept(device.storage).value or ()
    assert again.id == first.id and again.game == game != first.game


def test_the_next_players_name_stays_whole_on_its_line() -> None:
    """As in the scores above it: "אברהם-" at a line's end and "יצחק" on the next (a family's
    walk), where the scores' line kept the name together."""
    device = Device(initial_state(["en-US"], seed=5))
    device.set_players([("Ann", "human", None), ("Mari-Liis Tamm", "human", None)])
    device(SetAutoScore(0), StartGame())
    device.tables_failed()
    device.play_human_turn()
    left(device)
    (listed,) = kept_list(device)
    together = "Mari\u2011Liis\u00a0Tamm"
    assert plain(listed.date) == f"Last played 1\u00a0Dec\u00a02026 · {together}'s turn"
    assert together in plain(listed.scores)
