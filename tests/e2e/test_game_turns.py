"""The turn in the browser: the auto-score countdown, keeping dice, the Roll button's states."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from cli.tables import load_table
from game.coach.greedy import best_immediate_box
from game.coach.optimal import AdvisorCoach
from game.i18n.translator import Translator
from game.play.engine import new_game, roll
from game.play.random_source import SeededDice
from game.play.state import Player
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Advisor
from tests.e2e.browser_helpers import BrowserProblems
from tests.e2e.game_helpers import OPTIMAL_HINT, ROLL_PACE, Ui, new_context

SEED = 7


def test_the_countdown_scores_the_advisors_box_after_three_seconds(
    page: Page, app_url: str
) -> None:
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None)])
    ui.choose_ruleset("penta")
    ui.start()
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    game = new_game("penta", [Player("Dana")], SeededDice(SEED))
    for _ in range(3):
        game = roll(game, 0)
        assert ui.roll() == game.dice
    expect(page.locator("#roll")).to_be_disabled()
    expect(page.locator("#countdown")).to_be_visible()
    advisor = AdvisorCoach(Advisor(load_table(RULESETS["penta"])))
    box = advisor.best_box(game)
    name = Translator("en").box_name("penta", box)  # the tray says which box it will be
    expect(page.locator("#countdown-text")).to_have_text(f"Scoring {name} in 3 seconds…")
    ui.pass_time(1)
    expect(page.locator("#countdown-text")).to_have_text(f"Scoring {name} in 2 seconds…")
    ui.pass_time(1)
    expect(page.locator("#countdown-text")).to_have_text(f"Scoring {name} in 1 second…")
    assert game.options is not None
    points = game.options.points[box]
    ui.pass_time(1)
    expect(page.locator("#round")).to_have_text("Round 2 of 13", timeout=5_000)
    expect(page.locator(f'#sheet tr[data-row="{box}"] td')).to_have_text(str(points))
    expect(page.locator("#live")).to_contain_text(" automatically (dice: ")
    filled = [
        row for row in game.ruleset.box_ids if ui.row_texts("sheet", row) != [""]
    ]  # the new turn shows no potential points before its first roll
    assert filled == [box]


def test_a_double_tap_on_roll_uses_one_roll(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None)])
    ui.start()
    roll_button, live = page.locator("#roll"), page.locator("#live")
    expect(roll_button).to_have_text("Roll (3 left)")
    count = int(live.get_attribute("data-count") or 0)
    game = new_game("penta", [Player("Dana")], SeededDice(SEED))
    # The app's time stands still but for pass_time: the taps are then as far apart as written
    # however slowly a loaded machine delivers them (with time flowing, two clicks meant to be
    # 80 ms apart can arrive more than the guard's 0.6 s apart, and rightly roll twice).
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # in seconds
    # A double click, then two taps 80 ms apart: each rolls once.
    for taps, left in ((page.dblclick, "Roll (2 left)"), (None, "Roll (1 left)")):
        if taps is None:
            page.click("#roll")
            ui.pass_time(0.08)
            page.click("#roll")
        else:
            taps("#roll")
        game = roll(game, 0)
        expect(roll_button).to_have_text(left)
        ui.pass_time(ROLL_PACE)  # the second tap was handled, not on its way
        expect(roll_button).to_have_text(left)
        count += 1
        expect(live).to_have_attribute("data-count", str(count))  # one roll announced
        assert ui.dice() == game.dice  # the seeded dice's next roll, not the one after
        ui.pass_time(ROLL_PACE)  # a player's pace before the next roll
    page.clock.resume()
    expect(page.locator("#countdown")).to_be_hidden()  # a roll is left: no auto-score
    assert ui.roll() == roll(game, 0).dice
    expect(roll_button).to_have_text("No rolls left")


def test_selecting_a_box_stops_the_countdown_and_keys_keep_dice(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None)])
    ui.start()
    roll_button = page.locator("#roll")
    expect(roll_button).to_have_text("Roll (3 left)")
    expect(page.locator("#dice .die").first).to_have_attribute(
        "aria-label", "Die 1: not rolled yet"
    )
    ui.roll()
    expect(roll_button).to_have_text("Roll (2 left)")
    # Keys 1-5 keep and release; all five kept disables the Roll button.
    for key in "12345":
        page.keyboard.press(key)
    expect(page.locator("#dice .die[aria-pressed=true]")).to_have_count(5)
    expect(page.locator("#dice .kept-badge")).to_have_text(["Kept"] * 5)
    expect(roll_button).to_be_disabled()
    expect(page.locator("#turn-status")).to_have_text(
        "All dice are kept: release one to roll again."
    )
    page.locator("#dice .die").nth(2).click()  # a tap releases die 3
    expect(page.locator("#dice .die").nth(2)).to_have_attribute("aria-pressed", "false")
    expect(roll_button).to_be_enabled()
    kept_faces = ui.dice()
    ui.roll()
    ui.roll()
    after = ui.dice()
    assert [after[i] for i in (0, 1, 3, 4)] == [kept_faces[i] for i in (0, 1, 3, 4)]
    expect(page.locator("#countdown")).to_be_visible()
    ui.box("chance").click()
    expect(page.locator("#countdown")).to_be_hidden()
    expect(page.locator("#turn-status")).to_have_text(f"Selected: Chance, {sum(after)} points")
    ui.box("ones").click()  # tap another box to change
    ones = after.count(1)
    expect(page.locator("#turn-status")).to_have_text(
        f"Selected: Ones, {ones} point{'' if ones == 1 else 's'}"
    )
    ui.pass_time(3.5)  # no auto-score once a box is selected
    expect(page.locator("#round")).to_have_text("Round 1 of 13")
    page.click("#confirm")
    expect(page.locator("#round")).to_have_text("Round 2 of 13")


WAKE_LOCK_STUB = """
window.__wakeLocks = [];
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
    request: async (type) => {
        const lock = {type, released: false, release: async () => { lock.released = true; }};
        window.__wakeLocks.push(lock);
        return lock;
    }
}});
"""


def test_the_screen_stays_awake_during_a_game_and_hints_come_from_the_advisor(
    page: Page, app_url: str
) -> None:
    page.add_init_script(WAKE_LOCK_STUB)
    ui = Ui(page).open(app_url, seed=SEED)
    assert page.evaluate("window.__wakeLocks.length") == 0
    ui.start()
    page.wait_for_function("() => window.__wakeLocks.length === 1")
    # The browser lets the lock go when the page is hidden; back in view, it is taken again.
    page.evaluate(
        "() => { window.__wakeLocks[0].released = true;"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_function("() => window.__wakeLocks.length === 2")
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    expect(page.locator("#hint")).to_be_disabled()  # nothing to advise before the first roll
    ui.roll()
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text(OPTIMAL_HINT)
    page.click("#hide-hint")
    expect(page.locator("#hint-text")).to_be_hidden()
    page.click("#leave")
    expect(page.locator("#leave-dialog")).to_be_visible()
    page.click("#leave-confirm")
    expect(page.locator("#setup-screen")).to_be_visible()
    page.wait_for_function("() => window.__wakeLocks.every(lock => lock.released)")


def test_a_hint_stays_when_a_box_is_tapped(page: Page, app_url: str) -> None:
    # The defect: online, with the table loaded, tapping any box after "Hint" made the panel
    # say that hints are unavailable offline (3 times in 3).
    ui = Ui(page).open(app_url, seed=1)
    ui.start()
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    ui.roll()
    page.click("#hint")
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text(OPTIMAL_HINT)
    # Heard too, as after the H key: a screen reader does not go to the words by itself.
    expect(page.locator("#live")).to_contain_text(OPTIMAL_HINT)
    advice = hint.inner_text()
    for box in ("chance", "ones"):
        ui.box(box).click()
        expect(ui.box(box)).to_have_attribute("aria-pressed", "true")
        expect(hint).to_have_text(advice)


@pytest.mark.allow_browser_errors
def test_without_the_strategy_table_the_game_plays_on_says_so_and_gets_it_back_online(
    browser: Browser, app_url: str, browser_problems: BrowserProblems
) -> None:
    context = new_context(browser)  # no service worker: it would answer before the route
    browser_problems.watch(context)
    page = context.new_page()
    page.route("**/assets/tables/*", lambda route: route.fulfill(status=404, body="gone"))
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None), ("Bot", "computer", "optimal")])
    ui.start()
    expect(page.locator("html")).to_have_attribute("data-coach", "unavailable")
    expect(page.locator("#coach-note")).to_contain_text("Hints are unavailable")
    expect(page.locator("#coach-note")).to_contain_text("the box that scores most now")
    game = new_game("penta", [Player("Dana"), Player("Bot")], SeededDice(SEED))
    for _ in range(3):
        game = roll(game, 0)
        assert ui.roll() == game.dice
    expect(page.locator("#hint")).to_be_disabled()
    box = best_immediate_box(game)
    assert game.options is not None
    ui.pass_time(3)  # the countdown scores the box that scores most now
    expect(page.locator("#turn-title")).to_have_text("Bot's turn", timeout=6_000)
    assert ui.row_texts("sheet", box)[0] == str(game.options.points[box])
    # The countdown's box: the computer waits to be let play, then plays on without the table,
    # like a beginner.
    page.click("#play-on")
    ui.skip_computers()
    expect(page.locator("#turn-title")).to_have_text("Dana's turn")
    expect(page.locator("#sheet td.s-filled")).to_have_count(2)
    # The only problems are the refused downloads.
    assert browser_problems.problems
    assert all("404" in problem for problem in browser_problems.problems), browser_problems.text()
    # Back online, the table is asked for again: the hints come back without a restart.
    page.unroute("**/assets/tables/*")
    page.evaluate("dispatchEvent(new Event('online'))")
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    ui.roll()
    expect(page.locator("#hint")).to_be_enabled()
    context.close()


def test_the_rolls_rattle_leaves_no_audio_open_once_it_has_ended(page: Page, app_url: str) -> None:
    # An open AudioContext keeps Chromium's audio output going, silent, for as long as the app
    # stays open (shell/feel.py): each rattle's context is closed once it has sounded.
    states: list[str] = []
    devtools = page.context.new_cdp_session(page)
    for event in ("WebAudio.contextCreated", "WebAudio.contextChanged"):
        devtools.on(event, lambda change: states.append(change["context"]["contextState"]))
    devtools.send("WebAudio.enable")
    ui = Ui(page).open(app_url, seed=SEED)
    ui.start()
    for rattle in (1, 2):
        ui.roll()
        for _ in range(50):
            if states.count("closed") == rattle:
                break
            page.wait_for_timeout(100)  # also lets Playwright take DevTools' events
        assert states.count("closed") == rattle, states
    assert states.count("running") == 2, states  # each roll did sound
