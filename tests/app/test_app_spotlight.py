"""The sheet shows the box that matters (issue "Nothing lost, nothing confusing", point 13):
the presentation names the box the shell brings into the sheet's frame (the joker's forced
box, the box just scored automatically, the first Penta/Yatzy, the hint's box) and celebrates
a player's first five of a kind, in words for everyone and for screen readers."""

from __future__ import annotations

from dataclasses import replace

import pytest

import game.app.handover as handover
from game.app.intents import (
    ConfirmTurn,
    Intent,
    Roll,
    SelectBox,
    SetAutoScore,
    ShowHint,
    StartGame,
    StartTurn,
    Tick,
    Undo,
)
from game.app.model import AppState
from game.app.setup_intents import AddPlayer
from game.app.start import initial_state, resume
from game.app.table_intents import TableLoaded
from game.coach.protocol import ScoreAdvice
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player
from game.present.snapshot import present
from game.present.views import GameView
from tests.app.driver import AppDriver
from tests.i18n.isolation import iso


def driven(state: AppState) -> AppDriver:
    """`state` driven at the moment 100, every intent at the moment the test sets."""
    driver = AppDriver(state)
    driver.now, driver.pace_rolls = 100.0, False
    return driver


def view(driver: AppDriver) -> GameView:
    """The game screen (a hand-over between two humans tapped through: the next one's sheet)."""
    if handover.is_pending(driver.state):
        driver(StartTurn())
    game_view = present(driver.state, 100.0).game
    assert game_view is not None
    return game_view


def at_table(
    ruleset: str, scores: dict[str, int], dice: tuple[int, ...], language: str = "en"
) -> AppDriver:
    """Dana's turn (Avi plays next) with `dice` on the table and one roll left."""
    game = new_game(ruleset, [Player("Dana"), Player("Avi")], SeededDice(1))
    sheet = Sheet.from_scores(game.ruleset, scores)
    game = replace(game, sheets=(sheet, game.sheets[1]), dice=dice, rolls_left=1)
    driver = AppDriver.with_game(game, language)
    driver.now, driver.pace_rolls = 100.0, False
    return driver


def at(driver: AppDriver, now: float, *intents: Intent) -> AppState:
    driver.now = now
    return driver(*intents)


def celebrated_cells(game_view: GameView) -> list[tuple[int, str]]:
    return [
        (column, row.key)
        for row in game_view.sheet.rows
        for column, cell in enumerate(row.cells)
        if cell.celebrate
    ]


def test_the_jokers_forced_box_is_the_one_the_sheet_shows() -> None:
    table = at_table("penta", {"penta": 50}, (2, 2, 2, 2, 2))
    assert table.game.options is not None
    assert table.game.options.legal == {"twos"}  # the joker: Twos is open, so Twos it is
    assert view(table).sheet.spotlight == (0, "twos")
    assert celebrated_cells(view(table)) == []  # a further Penta: a bonus, no celebration


def test_the_box_the_countdown_scored_is_shown_until_the_next_roll() -> None:
    table = driven(initial_state(["en"], seed=7))
    table(AddPlayer(), StartGame())
    for second in range(3):
        at(table, 100.0 + second, Roll())
    box = table.state.pacing.countdown_box
    assert box is not None
    state = at(table, 105.0, Tick())
    assert state.play.last_auto_scored == box
    assert table.game.current_player == 1  # the turn passed on; the box is Player 1's
    assert view(table).sheet.spotlight == (0, box)
    at(table, 106.0, Roll())
    assert view(table).sheet.spotlight is None


def test_the_hints_box_is_the_one_the_sheet_shows() -> None:
    table = driven(initial_state(["en"], seed=7))
    table(StartGame(), TableLoaded("penta"))
    for second in range(3):
        at(table, 100.0 + second, Roll())
    state = at(table, 103.0, ShowHint())
    assert isinstance(state.pacing.hint, ScoreAdvice)
    assert view(table).sheet.spotlight == (0, state.pacing.hint.box)


@pytest.mark.parametrize(
    ("ruleset", "language", "words"),
    [
        ("penta", "en", f"Penta! Well done, {iso('Dana')}!"),
        ("yatzy", "en", f"Yatzy! Well done, {iso('Dana')}!"),
        ("penta", "he", f"פנטה! כל הכבוד, {iso('Dana')}!"),
        ("yatzy", "et", f"Yatzy! Tubli, {iso('Dana')}!"),
    ],
)
def test_a_players_first_five_of_a_kind_is_celebrated_and_shown(
    ruleset: str, language: str, words: str
) -> None:
    table = at_table(ruleset, {}, (5, 5, 5, 5, 5), language)
    box = table.game.ruleset.five_of_a_kind_box
    table(SelectBox(box), ConfirmTurn())
    game_view = view(table)
    assert game_view.celebration == words
    # Heard after the move that earned it (a walk heard the upper bonus before its move).
    heard = present(table.state, 100.0).announcement
    assert f". {words} " in heard and heard.index(words) > heard.index(
        str(table.game.sheets[0].points_in(box))
    )
    assert celebrated_cells(game_view) == [(0, box)]
    assert game_view.sheet.spotlight == (0, box)
    # Avi rolls: the moment has passed.
    at(table, 101.0, Roll())
    assert view(table).celebration == "" and celebrated_cells(view(table)) == []


def test_a_five_of_a_kind_box_crossed_out_is_no_celebration() -> None:
    table = at_table("penta", {}, (1, 2, 3, 4, 6))
    table(SelectBox("penta"), ConfirmTurn())
    assert view(table).celebration == "" and celebrated_cells(view(table)) == []


def test_the_box_selected_is_brought_into_the_frame_taken_back_or_restored() -> None:
    """Walks found the box selected scrolled out of the sheet's frame after a Take back and
    after a reload. A box the player taps is the spotlight too: it shows already (the shell
    moves the frame only as far as a box is not whole in it)."""
    driver = driven(initial_state(["en"], seed=4))
    driver(SetAutoScore(0), StartGame(), Roll(), SelectBox("chance"), ConfirmTurn())
    driver(Undo())
    assert driver.game.selected_box == "chance"
    assert view(driver).sheet.spotlight == (0, "chance")
    driver(SelectBox("ones"))
    assert view(driver).sheet.spotlight == (0, "ones")
    restored = resume(initial_state(["en"]), driver.game, None, now=5.0)
    assert restored.game is not None and restored.game.selected_box == "ones"
    game_view = present(restored, 5.0).game
    assert game_view is not None and game_view.sheet.spotlight == (0, "ones")
    driver(Roll())  # a roll lets the box go: nothing to bring in
    assert view(driver).sheet.spotlight is None
