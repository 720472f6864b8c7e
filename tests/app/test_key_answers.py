"""Keys whose change shows away from the keyboard's focus are announced (game.app.key_answers):
1 to 5 keep a die, H shows the hint, and with real dice 1 to 6 and Backspace enter the dice. The
same intents from a tap say nothing more: the die tapped has the focus, and reads its state."""

from __future__ import annotations

import pytest

from game.app.entry_intents import EnterFace, RemoveLastFace
from game.app.intents import Roll, ShowHint, StartGame, ToggleKeep
from game.coach.optimal import AdvisorCoach
from game.i18n.bidi import without_isolates as plain
from game.i18n.translator import Translator
from tests.app.driver import AppDriver
from tests.app.test_real_dice import real_dice_driver
from tests.solved_tables import solved_advisor


@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_a_die_kept_by_its_key_is_said_with_its_face(language: str) -> None:
    d = AppDriver.seeded(5, language)
    d(StartGame(), Roll())
    dice = d.game.dice
    assert dice is not None
    t = Translator(language)
    count = d.state.ui.announcement_count
    d(ToggleKeep(1, said=True))
    assert d.snapshot().announcement == t("die.kept", index=2, face=dice[1])
    assert d.state.ui.announcement_count == count + 1
    d(ToggleKeep(1, said=True))  # and let go again
    assert d.snapshot().announcement == t("die.not_kept", index=2, face=dice[1])
    before = d.snapshot().announcement, d.state.ui.announcement_count
    d(ToggleKeep(3))  # tapped: the die itself says it
    assert (d.snapshot().announcement, d.state.ui.announcement_count) == before
    assert d(ToggleKeep(9, said=True)) is d.state  # no such die: nothing changed, nothing said


def test_the_hint_asked_by_its_key_is_said() -> None:
    d = AppDriver.seeded(5, coach=AdvisorCoach(solved_advisor("penta")))
    d(StartGame())
    d.tables_ready()
    d(Roll(), ShowHint(said=True))
    hint = d.view().hint
    assert hint and d.snapshot().announcement == hint
    assert plain(hint).startswith("Best: keep")


def test_dice_typed_on_the_pad_are_said() -> None:
    d = real_dice_driver()
    d(EnterFace(4, said=True), EnterFace(2, said=True))
    assert plain(d.snapshot().announcement) == "Dice entered: 2 of 5: 2, 4"
    d(RemoveLastFace(said=True))
    assert plain(d.snapshot().announcement) == "Dice entered: 1 of 5: 4"
    said = d.state.ui.announcement_count
    d(EnterFace(6))  # tapped on the pad: its list of dice shows it where the finger is
    assert d.state.ui.announcement_count == said
