"""A tap on a box that cannot take the dice (filled, forbidden by the joker rule, or in another
player's column) changes nothing, and the tray says why, until the player's next move (a walk
tapped a filled box and nothing happened; another, another player's box at the table)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.intents import Roll, SelectBox, ToggleKeep
from game.i18n.bidi import without_isolates as plain
from game.i18n.translator import Translator
from game.play.engine import new_game
from game.play.random_source import RealDice, SeededDice
from game.play.sheet import Sheet
from game.play.state import GameState, Player
from game.rules.dice import Dice
from game.rules.rulesets import RULESETS
from tests.app.driver import AppDriver
from tests.i18n.isolation import iso

RULES = RULESETS["penta"]


def dana_and_avi(scores: dict[str, int], dice: Dice | None, *, real: bool = False) -> GameState:
    """Dana's turn with `scores` on her sheet and `dice` rolled once, Avi's sheet empty."""
    source = RealDice() if real else SeededDice(1)
    game = new_game("penta", [Player("Dana"), Player("Avi")], source)
    sheet = Sheet.from_scores(game.ruleset, scores)
    rolls_left = 3 if dice is None else 2
    return replace(game, sheets=(sheet, game.sheets[1]), dice=dice, rolls_left=rolls_left)


def test_a_filled_box_tapped_is_not_chosen_and_the_tray_says_why() -> None:
    driver = AppDriver.with_game(dana_and_avi({"ones": 3}, (2, 2, 3, 4, 5)))
    before = driver.game
    driver(SelectBox("ones"))
    assert driver.game == before
    view = driver.view()
    assert view.status == f"{iso('Ones')} holds {iso(3)} points already: choose an open box."
    ones = driver.cell("ones")
    assert ones.refused and ones.refuses == "ones" and ones.box is None
    assert not driver.row("ones")[1].refused  # Avi's Ones: a tap there says whose turn it is
    assert driver.cell("twos").box == "twos" and not driver.cell("twos").refused

    driver(SelectBox("twos"))  # an open box: chosen, and the reason goes
    assert driver.game.selected_box == "twos"
    assert plain(driver.view().status) == "Selected: Twos, 4 points"
    assert not driver.cell("ones").refused and driver.cell("ones").refuses == "ones"


@pytest.mark.parametrize("move", [Roll(), ToggleKeep(0)], ids=["roll", "keep"])
def test_the_reason_goes_at_the_next_move(move: Roll | ToggleKeep) -> None:
    driver = AppDriver.with_game(dana_and_avi({"chance": 20}, (2, 2, 3, 4, 5)))
    driver(SelectBox("chance"))
    assert "already" in driver.view().status
    driver(move)
    assert "already" not in driver.view().status
    assert not driver.cell("chance").refused


def test_a_box_the_joker_rule_forbids_says_so_when_tapped() -> None:
    game = dana_and_avi({"penta": 50}, (4, 4, 4, 4, 4))
    driver = AppDriver.with_game(game)
    driver(SelectBox("full_house"))
    assert driver.game == game
    view = driver.view()
    assert view.status == f"{iso('Full house')}: not allowed with this roll"
    assert view.message == f"Joker: this Penta must go in {iso('Fours')}."
    cell = driver.cell("full_house")
    assert cell.state == "forbidden" and cell.refused and not cell.enabled
    # Folded, the tray's one line says it, before the joker's rule (a walk saw a focus ring).
    assert view.tray_summary == view.status


@pytest.mark.parametrize("language", ["en", "et", "he"])
def test_the_reason_names_the_box_and_its_points_in_every_language(language: str) -> None:
    t = Translator(language)
    driver = AppDriver.with_game(dana_and_avi({"ones": 3, "sixes": 24}, (2, 2, 3, 4, 5)), language)
    for box, points in (("ones", 3), ("sixes", 24)):
        driver(SelectBox(box))
        status = plain(driver.view().status)
        assert plain(t.box_name("penta", box)) in status and str(points) in status
        assert status != plain(t("turn.roll_or_choose"))


def test_nothing_is_refused_before_the_roll_nor_where_a_tap_corrects_the_box() -> None:
    unrolled = AppDriver.with_game(dana_and_avi({"ones": 3}, None))
    unrolled.view()  # Dana takes the phone
    assert unrolled.cell("ones").refuses is None
    real = AppDriver.with_game(dana_and_avi({"ones": 3}, (2, 2, 3, 4, 5), real=True))
    ones = real.cell("ones")
    assert ones.correct and ones.refuses is None  # it opens the box's correction


def test_a_box_in_another_player_s_column_says_whose_turn_it_is() -> None:
    driver = AppDriver.with_game(dana_and_avi({"ones": 3}, (2, 2, 3, 4, 5)))
    before = driver.game
    driver(SelectBox("twos", seat=1))
    assert driver.game == before  # nothing chosen for Dana
    view = driver.view()
    said = "That box is in Avi's column. It is Dana's turn: choose a box in the highlighted column."
    assert plain(view.status) == said and plain(view.tray_summary) == said
    avi_twos = driver.row("twos")[1]
    assert avi_twos.refused and avi_twos.refuses == "twos" and avi_twos.box is None
    assert not driver.cell("twos").refused and driver.cell("twos").box == "twos"
    driver(SelectBox("ones", seat=1))  # Avi's other box: marked in its place
    assert driver.row("ones")[1].refused and not driver.row("twos")[1].refused
    assert not driver.cell("ones").refused  # Dana's filled Ones, in the same row

    # A box Avi filled: it stays as it is, and the tray says so (a family's walk was told only
    # to choose in the highlighted column, and looked for a way to correct it).
    avi = replace(
        driver.game, sheets=(driver.game.sheets[0], Sheet.from_scores(RULES, {"sixes": 18}))
    )
    filled = AppDriver.with_game(avi)
    filled(SelectBox("sixes", seat=1))
    said = "Avi's Sixes box can no longer be changed: the turn has passed."
    assert plain(filled.view().status) == said and filled.row("sixes")[1].refused

    driver(SelectBox("twos", seat=0))  # her own column, as a tap there sends it
    assert driver.game.selected_box == "twos"
    assert plain(driver.view().status) == "Selected: Twos, 4 points"
    assert not any(cell.refused for cell in driver.row("ones"))


def test_a_tap_of_no_player_s_column_or_before_the_roll_changes_nothing() -> None:
    driver = AppDriver.with_game(dana_and_avi({}, (2, 2, 3, 4, 5)))
    state = driver.state
    driver(SelectBox("twos", seat=2), SelectBox("nothing", seat=1))
    assert driver.state == state
    before_roll = AppDriver.with_game(dana_and_avi({}, None))
    assert before_roll.row("twos")[1].refuses is None  # nothing to choose yet: no reason
