"""When the guided first turn (game.app.guide) stops being offered: skipped or played through
(tests/app/test_table_help.py), or once a human has played a turn on screen without it."""

from __future__ import annotations

from game.app.effects import SavePreferences
from game.app.intents import AskLeave, ConfirmTurn, NewGame, Roll, SelectBox, StartGame, Undo
from game.app.start import initial_state
from tests.app.driver import AppDriver


def test_a_turn_played_without_the_guide_ends_its_offer_for_later_games() -> None:
    # A walk was offered the guide again at each new game, after whole games played.
    t = AppDriver(initial_state(["en"], seed=3))
    t(StartGame())
    assert t.view().guide is not None
    t(Roll(), SelectBox("chance"))
    assert not t.state.settings.guide_done  # rolled, not yet scored: offered again later
    t(ConfirmTurn())
    assert t.state.settings.guide_done
    assert any(isinstance(effect, SavePreferences) for effect in t.effects)
    t(Undo())  # the box taken back: the turn was played all the same
    assert t.state.settings.guide_done
    t(AskLeave(), NewGame(), StartGame())
    assert t.view().guide is None
