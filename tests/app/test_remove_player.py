"""Removing a player on the New game screen: a seat left unnamed goes at once; one whose name was
typed is asked about first, as the name goes with it (nothing a player typed is lost unasked)."""

from __future__ import annotations

import pytest

from game.app.effects import Focus
from game.app.intents import CloseDialog, SetLanguage
from game.app.model import Dialog
from game.app.setup_intents import AddPlayer, ConfirmRemovePlayer, RemovePlayer, RenamePlayer
from game.i18n.bidi import without_isolates
from game.i18n.locale import LANGUAGE_CODES
from game.play.state import NAME_JOINERS
from tests.app.driver import AppDriver


def three_seats(*names: str) -> AppDriver:
    d = AppDriver.seeded(5)
    d(AddPlayer(), AddPlayer(), *[RenamePlayer(index, name) for index, name in enumerate(names)])
    return d


def focus(d: AppDriver) -> list[Focus]:
    """Where the intents of the driver's last call moved the focus."""
    return [effect for effect in d.effects if isinstance(effect, Focus)]


def names(d: AppDriver) -> list[str]:
    return [seat.name for seat in d.state.setup.seats]


def test_a_seat_left_unnamed_goes_at_once_the_focus_on_the_next_remove_button() -> None:
    d = three_seats("Dana", "", "Avi")
    d(RemovePlayer(1))
    assert names(d) == ["Dana", "Avi"] and d.state.ui.dialog is Dialog.NONE
    assert focus(d) == [Focus((("remove", 1), ("add-human", None)))]


@pytest.mark.parametrize("blank", [" ", NAME_JOINERS[0]])
def test_a_name_of_spaces_or_joiners_alone_is_no_name(blank: str) -> None:
    d = three_seats("Dana", blank * 3, "Avi")
    d(RemovePlayer(1))
    assert names(d) == ["Dana", "Avi"]


def test_a_typed_name_is_asked_about_and_cancel_keeps_the_player() -> None:
    d = three_seats("Dana", "", "Avi")
    d(RemovePlayer(2))
    assert names(d) == ["Dana", "", "Avi"]
    assert d.state.ui.dialog is Dialog.REMOVE_PLAYER and d.state.ui.removing == 2
    assert focus(d) == []  # the dialog takes the focus
    view = d.snapshot().setup
    assert view is not None and view.remove_player is not None
    assert without_isolates(view.remove_player.text) == (
        "Remove Avi from the players? The name typed goes too."
    )
    assert (view.remove_player.confirm_label, view.remove_player.cancel_label) == (
        "Remove",
        "Cancel",
    )
    d(CloseDialog())
    assert names(d) == ["Dana", "", "Avi"] and d.state.ui.dialog is Dialog.NONE
    view = d.snapshot().setup
    assert view is not None and view.remove_player is None


def test_confirmed_the_player_goes_and_the_focus_moves_on() -> None:
    d = three_seats("Dana", "", "Avi")
    d(RemovePlayer(0), ConfirmRemovePlayer())
    assert names(d) == ["", "Avi"] and d.state.ui.dialog is Dialog.NONE
    assert focus(d) == [Focus((("remove", 0), ("add-human", None)))]
    d(RemovePlayer(1), ConfirmRemovePlayer())
    assert names(d) == [""]
    assert focus(d) == [Focus((("remove", 1), ("add-human", None)))]


def test_a_confirmation_with_nothing_asked_changes_nothing() -> None:
    d = three_seats("Dana", "", "Avi")
    before = d.state
    assert d(ConfirmRemovePlayer()) is before
    d(RemovePlayer(2), CloseDialog())
    after_cancel = d.state
    assert d(ConfirmRemovePlayer()) is after_cancel  # cancelled: nothing left to confirm


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_the_question_is_asked_in_every_language_with_the_name(language: str) -> None:
    d = three_seats("Dana", "", "Avi")
    d(SetLanguage(language), RemovePlayer(0))
    view = d.snapshot().setup
    assert view is not None and view.remove_player is not None
    words = view.remove_player
    assert "Dana" in without_isolates(words.text)
    texts = (words.text, words.confirm_label, words.cancel_label)
    assert all(text and "." not in text.split()[0] for text in texts)  # no raw keys
