"""The players' names as typed, kept and read back: what a name may hold."""

from __future__ import annotations

import pytest

from game.app.intents import SetLanguage, StartGame
from game.app.model import AppState
from game.app.preferences import preferences_from_data, preferences_to_data
from game.app.setup_intents import RenamePlayer, SetPlayerKind
from game.errors import SaveFileError
from game.play.state import PlayerKind
from tests.app.test_app import seeded


def test_names_are_cleaned_and_blank_names_get_a_number() -> None:
    d = seeded(seats=3)
    d(RenamePlayer(0, "Ann\x00\n" + "x" * 80), SetPlayerKind(2, PlayerKind.COMPUTER))
    assert d.state.setup.seats[0].name == "Ann" + "x" * 47
    d(SetLanguage("et"), StartGame())
    assert d.state.game is not None
    assert [p.name for p in d.state.game.players] == ["Ann" + "x" * 47, "Mängija 2", "Arvuti 1"]
    assert d.state.game.players[2].kind is PlayerKind.COMPUTER


def test_a_name_keeps_its_joiners_and_loses_its_direction_overrides() -> None:
    family = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # one emoji, joined by ZWJs
    persian = "\u0645\u06cc\u200c\u0631\u0648\u062f"  # a word with a non-joiner
    d = seeded(seats=2)
    d(RenamePlayer(0, f"{family} Cohen\u202e"), RenamePlayer(1, persian))
    assert [seat.name for seat in d.state.setup.seats] == [f"{family} Cohen", persian]
    # Kept with the preferences and read back as typed.
    restored = preferences_from_data(AppState(), preferences_to_data(d.state))
    assert restored.setup.seats == d.state.setup.seats
    d(RenamePlayer(1, "\u200d\u200c"), StartGame())  # joiners alone: nothing to see
    assert d.state.game is not None
    assert [p.name for p in d.state.game.players] == [f"{family} Cohen", "Player 2"]


def test_a_name_stacks_at_most_three_marks_on_a_letter() -> None:
    pointed = "\u05e9\u05bc\u05b8\u0591\u05dc"  # shin with dagesh, qamats and an accent
    d = seeded(seats=2)
    d(RenamePlayer(0, "Zo" + "\u0301" * 24 + "e"), RenamePlayer(1, pointed))
    assert [seat.name for seat in d.state.setup.seats] == ["Zo" + "\u0301" * 3 + "e", pointed]
    # A stored seat with more is no name: the preferences' seats are read without it.
    data = preferences_to_data(d.state)
    data["players"][0]["name"] = "Zo" + "\u0301" * 4 + "e"
    with pytest.raises(SaveFileError, match="name"):
        preferences_from_data(AppState(), data)
