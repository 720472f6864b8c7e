"""A finished game deleted from the history (game.app.kept: AskDeleteFinished, DeleteFinished):
asked first, then gone from the list, from the device and from the statistics and personal
bests; today's challenge is not deleted, or the day could be played again."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from game.app.intents import CloseDialog, NewGame, OpenHistory, StartDaily, StartGame
from game.app.kept_intents import AskDeleteFinished, DeleteFinished, OpenFinished
from game.app.model import Dialog, Screen
from game.app.start import initial_state
from game.i18n.bidi import without_isolates as plain
from game.persistence.history import forget_finished, load_history
from game.persistence.storage import MemoryStorage
from game.present.history_views import HistoryView
from tests.app.kept_device import TODAY, Device, playing


def history_of(device: Device) -> HistoryView:
    history = device.snapshot().history
    assert history is not None
    return history


def test_a_finished_game_is_deleted_after_asking_and_leaves_the_personal_best() -> None:
    device = playing(seed=6)
    totals = []
    for game_number in range(2):
        if game_number:  # the same players again, with other dice
            device(NewGame())
            device.state = replace(device.state, setup=replace(device.state.setup, seed=7))
            device(StartGame())
        device.play_to_end()
        totals.append(device.game.sheets[0].total)  # Dana's
    assert totals[0] != totals[1]  # (the seeds' games: each best is one game's)
    device(NewGame(), OpenHistory())
    records = {record.id: record for record in device.state.ui.history_games}
    assert len(records) == 2
    best_id = next(i for i, r in records.items() if r.results[0].sheet.total == max(totals))
    (dana_best,) = [best for best in history_of(device).bests if "Dana" in best.who]
    assert plain(dana_best.score).startswith(f"{max(totals)} ")

    device(OpenFinished(best_id))
    finished = device.snapshot().finished
    assert finished is not None and finished.delete_label == "Delete game"
    device(AskDeleteFinished())
    assert device.state.ui.dialog is Dialog.DELETE_FINISHED
    dialog = device.snapshot().delete_finished
    assert dialog is not None and dialog.confirm_label == "Delete" and dialog.destructive
    asked = plain(dialog.text)
    assert asked.startswith("Delete this game from the history? Penta, 1\u00a0Dec\u00a02026")
    for result in records[best_id].results:  # named by its scores
        assert f"{result.player.name}" in asked and f"{result.sheet.total}" in asked
    device(CloseDialog())  # cancelled: nothing goes
    assert device.state.screen is Screen.FINISHED
    assert len(load_history(device.storage).value or ()) == 2

    device(AskDeleteFinished(), DeleteFinished())
    assert device.state.screen is Screen.HISTORY and device.state.ui.dialog is Dialog.NONE
    assert "The game was deleted from the history." in device.snapshot().notices
    stored = load_history(device.storage).value or ()
    assert [record.id for record in stored] == [i for i in records if i != best_id]
    assert [game.id for game in history_of(device).games] == [stored[0].id]
    (dana_best,) = [best for best in history_of(device).bests if "Dana" in best.who]
    assert plain(dana_best.score).startswith(f"{min(totals)} ")
    device(DeleteFinished())  # asked twice (a double tap): nothing more happens
    assert len(load_history(device.storage).value or ()) == 1


def test_todays_challenge_is_not_deleted_but_an_earlier_days_is() -> None:
    device = Device(initial_state(["en-US"], seed=2))
    device(StartDaily(TODAY))
    device.tables_failed()
    device.play_to_end()
    device(NewGame(), OpenHistory())
    (listed,) = history_of(device).games
    device(OpenFinished(listed.id))
    finished = device.snapshot().finished
    assert finished is not None and finished.delete_label == ""
    device(AskDeleteFinished(), DeleteFinished())
    assert device.state.ui.dialog is Dialog.NONE and device.state.screen is Screen.FINISHED
    assert len(load_history(device.storage).value or ()) == 1

    tomorrow = TODAY + timedelta(days=1)
    device.state = replace(device.state, setup=replace(device.state.setup, today=tomorrow))
    finished = device.snapshot().finished
    assert finished is not None and finished.delete_label == "Delete game"
    device(AskDeleteFinished(), DeleteFinished())
    assert load_history(device.storage).value == ()


def test_deleting_a_game_the_history_does_not_hold_writes_nothing() -> None:
    device = playing(seed=6)
    device.play_to_end()
    stored = dict(device.storage.items)
    assert forget_finished(device.storage, "0" * 16) is None
    assert device.storage.items == stored
    assert forget_finished(MemoryStorage(), "0" * 16) is None
