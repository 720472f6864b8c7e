"""When the guided first turn (game.app.guide) stops being offered: skipped or played through
(tests/app/test_table_help.py), or once a human has played a turn on screen without it; and
how its steps are numbered."""

from __future__ import annotations

from game.app.effects import SavePreferences
from game.app.intents import (
    AskLeave,
    ConfirmTurn,
    NewGame,
    Roll,
    SelectBox,
    StartGame,
    StartGuide,
    Undo,
)
from game.app.start import initial_state
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
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


def test_a_box_chosen_at_the_second_step_leads_to_the_last_not_to_step_4() -> None:
    """Step 2 offers a box as well as a roll: "Step 4 of 4" after it read as a step missed."""
    for language, last in (("en", "Last step: "), ("et", "Viimane samm: "), ("he", "צעד אחרון: ")):
        tr = Translator(language)
        t = AppDriver(initial_state([language], seed=3))
        t(StartGame())
        t(StartGuide(), Roll())
        guide = t.view().guide
        assert guide is not None
        assert guide.text == tr("guide.step", number=2, count=4, text=tr("guide.keep"))
        t(SelectBox("chance"))
        guide = t.view().guide
        assert guide is not None
        assert without_isolates(guide.text) == last + tr("guide.confirm"), language
