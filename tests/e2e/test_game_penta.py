"""A whole one-player Penta game, checked against the engine: its first round and its last six
played through the UI, the rounds between in CPython and restored into the page, as a reload
restores a saved game (whole games are CPython's to test; the page shows what they look like).

Seed 2 with the tests' keeping rule (keep the most frequent face, score the box that pays most)
brings a Penta (50), then in round 8 five 2s with Twos open: the joker allows only Twos and
adds the 100-point Penta bonus; rounds 10 to 13 leave no box that scores, so the sacrifice
message shows, and only then.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from game.coach.greedy import best_immediate_box
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.play.engine import new_game, roll, score
from game.play.random_source import SeededDice
from game.play.state import GameState, Player
from game.rules.rulesets import JokerBranch
from tests.app.driver import stored_session
from tests.e2e.game_helpers import Ui, keep_most_frequent

SEED = 2
UI_ROUNDS_FIRST = 1
UI_ROUNDS_FROM = 8
"""The rounds played through the UI: the first, and from the joker's round to the end."""


def play_a_turn_in_cpython(game: GameState) -> GameState:
    """The turn as the loop below plays it through the UI."""
    game = roll(game, 0)
    while game.rolls_left and game.dice is not None and len(set(game.dice)) > 1:
        game = roll(game, 0, keep_most_frequent(game.dice))
    return score(game, 0, best_immediate_box(game))


def test_a_whole_one_player_penta_game_matches_the_engine(page: Page, app_url: str) -> None:
    t = Translator("en")
    ui = Ui(page).open(app_url, seed=SEED)
    expect(page.locator("#setup-note")).to_have_text(f"Same dice for everyone: dice code {SEED}")
    ui.set_players([("Dana", "human", None)])
    ui.choose_ruleset("penta")
    ui.set_auto_score(0)  # this test picks every box itself; the countdown has its own test
    ui.start()
    game = new_game("penta", [Player("Dana")], SeededDice(SEED))
    seen_joker = seen_sacrifice = False
    while not game.is_over:
        if game.turn_number == UI_ROUNDS_FIRST + 1:
            while game.turn_number < UI_ROUNDS_FROM:
                game = play_a_turn_in_cpython(game)
            ui.restore(stored_session(game))
        expect(page.locator("#round")).to_have_text(f"Round {game.turn_number} of 13")
        expect(page.locator("#roll")).to_have_text("Roll (3 left)")
        game = roll(game, 0)
        assert ui.roll() == game.dice
        assert game.dice is not None
        expect(page.locator("#live")).to_have_text(f"Rolled {t.format_dice(game.dice)}")
        while game.rolls_left and len(set(game.dice)) > 1:
            keep = keep_most_frequent(game.dice)
            ui.keep(keep)
            for die in keep:
                label = f"Die {die + 1}: {game.dice[die]}, kept"
                expect(page.locator("#dice .die").nth(die)).to_have_attribute("aria-label", label)
            game = roll(game, 0, keep)
            assert ui.roll() == game.dice
            assert game.dice is not None
        if game.rolls_left == 0:
            expect(page.locator("#roll")).to_be_disabled()
            expect(page.locator("#roll")).to_have_text("No rolls left")
        options = game.options
        assert options is not None
        message = page.locator("#turn-message")
        if options.joker is JokerBranch.SAME_FACE:
            seen_joker = True
            (only,) = options.legal
            expect(message).to_have_text(
                f"Joker: this Penta must go in {t.box_name('penta', only)}."
            )
            expect(page.locator("#bonus-message")).to_have_text("Penta bonus: 100 points")
            for box in options.forbidden:
                expect(ui.box(box)).to_have_count(0)  # not selectable ...
                row = page.locator(f'#sheet tr[data-row="{box}"] td').first
                forbidden = row.locator("button")
                # ... but shown, dimmed, with its reason, said again when it is tapped
                expect(forbidden).to_have_attribute("aria-disabled", "true")
                reason = f"{t.box_name('penta', box)}: not allowed with this roll"
                expect(forbidden).to_have_attribute("aria-label", reason)
                forbidden.click(force=True)  # Playwright takes aria-disabled for disabled
                expect(page.locator("#turn-status")).to_have_text(reason)
                expect(row).to_have_class(re.compile(r"\brefused\b"))
            expect(ui.box(only)).to_be_enabled()
        elif options.must_sacrifice:
            seen_sacrifice = True
            if len(options.legal) > 1:
                expect(message).to_have_text("No open box scores points: you must sacrifice one")
            else:  # the last box: no choice to make
                (last,) = options.legal
                name = t.box_name("penta", last)
                expect(message).to_have_text(f"{name} scores nothing with these dice: it takes a 0")
        else:
            expect(message).to_be_hidden()
        box = best_immediate_box(game)
        points = options.points[box]
        expect(ui.box(box)).to_have_attribute(
            "aria-label", f"{t.box_name('penta', box)}: {points} if scored now"
        )
        game = score(game, 0, box)
        ui.score(box)
        if not game.is_over:
            sheet = game.sheets[0]
            assert ui.row_texts("sheet", box) == [str(points)]
            assert ui.row_texts("sheet", "total") == [str(sheet.total)]
            assert ui.row_texts("sheet", "five_of_a_kind_bonus") == [
                str(sheet.five_of_a_kind_bonus_points)
            ]
    assert seen_joker and seen_sacrifice  # in the rounds played through the UI
    expect(page.locator("#end-screen")).to_be_visible()
    sheet = game.sheets[0]
    assert sheet.five_of_a_kind_bonus_count == 1 and sheet.points_in("penta") == 50
    assert ui.totals() == [sheet.total]
    expect(page.locator("#standings")).to_be_hidden()  # alone: no places
    # The player's first game (an empty history): the words say so, with the total.
    first = Translator("en")("end.solo_first", points=str(sheet.total))
    expect(page.locator("#end-headline")).to_have_text(without_isolates(first))
    assert ui.row_texts("end-sheet", "upper_subtotal") == [str(sheet.upper_subtotal)]
    assert ui.row_texts("end-sheet", "five_of_a_kind_bonus") == ["100"]
    ui.no_page_scroll_sideways()
    # Play again: same player, a fresh sheet.
    page.click("#play-again")
    expect(page.locator("#game-screen")).to_be_visible()
    expect(page.locator("#turn-title")).to_have_text("Dana's turn")
    expect(page.locator("#round")).to_have_text("Round 1 of 13")
