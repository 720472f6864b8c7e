"""A whole three-player Yatzy game (two humans, one computer), its first three rounds and its
last two played through the UI.

CPython plays the same game beside the browser: the same seed gives the same dice, the humans
make the same choices, and the computer (level optimal, from the same strategy table) makes the
same moves, so every die shown and every final total must be equal. The rounds between are
played in CPython alone (whole games are CPython's to test) and restored into the page, as a
reload restores a saved game: the UI then finishes the game, its bonuses and its standings.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from cli.tables import load_table
from game.app.intents import ConfirmTurn, Roll, SelectBox, SkipComputers, ToggleKeep
from game.app.model import AppState, Play, Screen, Settings, Setup, Tables
from game.app.model import Ui as Screens
from game.coach.greedy import best_immediate_box
from game.coach.optimal import AdvisorCoach
from game.play.engine import new_game, standings
from game.play.random_source import SeededDice
from game.play.state import Player, PlayerKind
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Advisor
from tests.app.driver import AppDriver, stored_session
from tests.e2e.game_helpers import Ui, keep_most_frequent

SEED = 31
UI_ROUNDS_FIRST, UI_ROUNDS_LAST = 3, 2


def play_a_turn_in_cpython(send: AppDriver) -> None:
    """The turn of the player whose turn it is, as the loop below plays it in both."""
    game = send.game
    assert game is not None
    if game.player.kind is PlayerKind.COMPUTER:
        send(SkipComputers())
        return
    send(Roll())
    while (game := send.game) is not None and game.dice is not None:
        if not game.rolls_left or len(set(game.dice)) == 1:
            break
        keep = keep_most_frequent(game.dice)
        send(*[ToggleKeep(die) for die in sorted(set(keep) ^ set(game.kept))])
        send(Roll())
    assert game is not None
    box = best_immediate_box(game)
    send(SelectBox(box), ConfirmTurn())


@pytest.mark.heavy
def test_a_whole_three_player_yatzy_game_matches_the_engine(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=SEED)
    ui.choose_ruleset("yatzy")
    ui.set_players([("Ann", "human", None), ("Bo", "human", None), ("Robo", "computer", "optimal")])
    ui.set_auto_score(0)
    ui.start()
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    expect(page.locator("#sheet thead th:not(.corner)")).to_have_text(["Ann", "Bo", "Robo"])
    expect(page.locator("#sheet thead .corner-label")).to_have_text("Box")

    # The same game in CPython, through the same app logic and the same strategy table.
    players = (Player("Ann"), Player("Bo"), Player("Robo", PlayerKind.COMPUTER, "optimal"))
    coach = AdvisorCoach(Advisor(load_table(RULESETS["yatzy"])))
    send = AppDriver(
        AppState(
            settings=Settings(auto_score_seconds=0),
            tables=Tables(ready=frozenset({"yatzy"})),
            ui=Screens(screen=Screen.GAME),
            play=Play(game=new_game("yatzy", players, SeededDice(SEED))),
            setup=Setup(seed=SEED),
        ),
        coach,
    )
    send.rng = random.Random(SEED)  # as the page's: the computer's choices are the same

    turns = 0
    rounds = len(RULESETS["yatzy"].box_ids)
    while (mirror := send.state).screen is Screen.GAME:
        if turns == 3 * UI_ROUNDS_FIRST:
            while turns < 3 * (rounds - UI_ROUNDS_LAST):
                play_a_turn_in_cpython(send)
                turns += 1
            assert send.game is not None
            ui.restore(stored_session(send.game))
            mirror = send.state
        game = mirror.game
        assert game is not None
        if game.player.kind is PlayerKind.COMPUTER:
            expect(page.locator("#computer-controls")).to_be_visible()
            expect(page.locator("#turn-title")).to_have_text("Robo's turn")
            expect(page.locator("#roll")).to_be_hidden()
            ui.skip_computers()
            send(SkipComputers())
            turns += 1
            continue
        ui.take_phone()  # Ann and Bo pass the phone between their turns
        expect(page.locator("#turn-title")).to_have_text(f"{game.player.name}'s turn")
        header = page.locator("#sheet thead th").nth(game.current_player + 1)
        expect(header).to_have_class("current")
        send(Roll())
        assert ui.roll() == send.game.dice
        while True:
            game = send.game
            assert game is not None and game.dice is not None
            if not game.rolls_left or len(set(game.dice)) == 1:
                break
            keep = keep_most_frequent(game.dice)
            ui.keep(keep)
            send(*[ToggleKeep(die) for die in sorted(set(keep) ^ set(game.kept))])
            send(Roll())
            assert ui.roll() == send.game.dice
        box = best_immediate_box(game)
        ui.score(box)
        send(SelectBox(box), ConfirmTurn())
        turns += 1
    assert turns == 3 * 15
    final = send.state.game
    assert final is not None and final.is_over
    expect(page.locator("#end-screen")).to_be_visible()
    totals = [sheet.total for sheet in final.sheets]
    assert ui.totals() == totals
    for index, sheet in enumerate(final.sheets):
        # Each total is the sum of its parts, box by box as the UI shows them.
        column = [
            int(page.locator(f'#end-sheet tr[data-row="{box}"] td').nth(index).inner_text())
            for box in final.ruleset.box_ids
        ]
        assert column == [sheet.points_in(box) for box in final.ruleset.box_ids]
        assert sum(column) + sheet.upper_bonus == sheet.total
    table = standings(final)
    expect(page.locator("#standings .name")).to_have_text([s.name for s in table])
    expect(page.locator("#standings .total")).to_have_text([str(s.total) for s in table])
    ui.no_page_scroll_sideways()
    # New game: back to the setup, with the same players remembered.
    page.click("#new-game")
    expect(page.locator("#setup-screen")).to_be_visible()
    expect(page.locator("#seat-2-name")).to_have_value("Robo")
    expect(page.locator("#ruleset-yatzy")).to_be_checked()
