"""A finished game is one game in the history whatever the language shown: switching it on the
end screen renames the unnamed players ("Player 1" is "Mängija 1" in Estonian), and a walk found
the game recorded again, as another game, at each switch (five games counted for three)."""

from __future__ import annotations

from game.app.intents import SetAutoScore, SetLanguage, StartGame
from game.app.model import Screen
from game.app.setup_intents import AddPlayer
from game.app.start import initial_state
from game.persistence.history import load_history
from game.play.state import PlayerKind
from tests.app.kept_device import Device


def finished() -> Device:
    """Player 1 against Computer 1, both unnamed, played to the end screen."""
    device = Device(initial_state(["en-US"], seed=5))
    device(AddPlayer(PlayerKind.COMPUTER), SetAutoScore(0), StartGame())
    device.tables_failed()
    device.play_to_end()
    assert device.state.screen is Screen.END
    return device


def test_switching_the_language_on_the_end_screen_records_the_game_once() -> None:
    device = finished()
    (recorded,) = load_history(device.storage).value or ()
    for language in ("et", "he", "en", "et"):
        device(SetLanguage(language))
    games = load_history(device.storage).value or ()
    assert [game.id for game in games] == [recorded.id]
    names = [result.player.name for result in games[0].results]
    assert "Arvuti 1" in names  # the computer's default name, as shown last
