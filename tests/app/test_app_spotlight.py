"""The sheet shows the box that matters (issue "Nothing lost, nothing confusing", point 13):
the presentation names the box the shell brings into the sheet's frame (the joker's forced
box, the box just scored automatically, the first Penta/Yatzy, the hint's box) and celebrates
a player's first five of a kind, in words for everyone and for screen readers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.app.intents import (
    AddPlayer,
    ConfirmTurn,
    Roll,
    SelectBox,
    ShowHint,
    StartGame,
    TableLoaded,
    Tick,
)
from game.app.model import AppState, Play, Screen
from game.app.start import initial_state
from game.app.update import dispatch
from game.coach.greedy import GreedyCoach
from game.coach.protocol import ScoreAdvice
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player
from game.present.snapshot import present
from game.present.views import GameView
from tests.i18n.isolation import iso

COACH = GreedyCoach()


def run(state: AppState, *intents: object, now: float = 100.0) -> AppState:
    for intent in intents:
        state = dispatch(state, intent, now=now, coach=COACH, rng=random.Random(0))  # type: ignore[arg-type]
    return state


def view(state: AppState, now: float = 100.0) -> GameView:
    game_view = present(state, now).game
    assert game_view is not None
    return game_view


def at_table(
    ruleset: str, scores: dict[str, int], dice: tuple[int, ...], language: str = "en"
) -> AppState:
    """Dana's turn (Avi plays next) with `dice` on the table and one roll left."""
    game = new_game(ruleset, [Player("Dana"), Player("Avi")], SeededDice(1))
    sheet = Sheet.from_scores(game.ruleset, scores)
    game = replace(game, sheets=(sheet, game.sheets[1]), dice=dice, rolls_left=1)
    state = initial_state([language])
    return replace(state, ui=replace(state.ui, screen=Screen.GAME), play=Play(game))


def celebrated_cells(game_view: GameView) -> list[tuple[int, str]]:
    return [
        (column, row.key)
        for row in game_view.sheet.rows
        for column, cell in enumerate(row.cells)
        if cell.celebrate
    ]


def test_the_jokers_forced_box_is_the_one_the_sheet_shows() -> None:
    state = at_table("penta", {"penta": 50}, (2, 2, 2, 2, 2))
    assert state.game is not None and state.game.options is not None
    assert state.game.options.legal == {"twos"}  # the joker: Twos is open, so Twos it is
    assert view(state).sheet.spotlight == (0, "twos")
    assert celebrated_cells(view(state)) == []  # a further Penta: a bonus, no celebration


def test_the_box_the_countdown_scored_is_shown_until_the_next_roll() -> None:
    state = run(initial_state(["en"], seed=7), AddPlayer(), StartGame())
    for second in range(3):
        state = run(state, Roll(), now=100.0 + second)
    box = state.pacing.countdown_box
    assert box is not None
    state = run(state, Tick(), now=105.0)
    assert state.play.last_auto_scored == box and state.game is not None
    assert state.game.current_player == 1  # the turn passed on; the box is Player 1's
    assert view(state).sheet.spotlight == (0, box)
    state = run(state, Roll(), now=106.0)
    assert view(state).sheet.spotlight is None


def test_the_hints_box_is_the_one_the_sheet_shows() -> None:
    state = run(initial_state(["en"], seed=7), StartGame(), TableLoaded("penta"))
    for second in range(3):
        state = run(state, Roll(), now=100.0 + second)
    state = run(state, ShowHint(), now=103.0)
    assert isinstance(state.pacing.hint, ScoreAdvice)
    assert view(state).sheet.spotlight == (0, state.pacing.hint.box)


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
    state = at_table(ruleset, {}, (5, 5, 5, 5, 5), language)
    assert state.game is not None
    box = state.game.ruleset.five_of_a_kind_box
    state = run(state, SelectBox(box), ConfirmTurn())
    game_view = view(state)
    assert game_view.celebration == words
    assert present(state, 100.0).announcement.startswith(words + " ")
    assert celebrated_cells(game_view) == [(0, box)]
    assert game_view.sheet.spotlight == (0, box)
    # Avi rolls: the moment has passed.
    state = run(state, Roll(), now=101.0)
    assert view(state).celebration == "" and celebrated_cells(view(state)) == []


def test_a_five_of_a_kind_box_crossed_out_is_no_celebration() -> None:
    state = at_table("penta", {}, (1, 2, 3, 4, 6))
    state = run(state, SelectBox("penta"), ConfirmTurn())
    assert view(state).celebration == "" and celebrated_cells(view(state)) == []
