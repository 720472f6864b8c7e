"""Never lose a game (issue 6): autosave and resume, offline reopening, undo, bad stored data.

The games are seeded (`?seed=N`) and played beside the engine in CPython with the tests'
keeping rule (game_helpers.keep_most_frequent), so every check compares the page with the exact
state the engine gives: a reload must show the same dice, kept dice, rolls left and selected
box, and the next roll must be the one the seeded dice would have given (no extra roll, no
fresh dice).
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from game.app.intents import SetAutoScore, StartGame
from game.app.setup_intents import ChooseRuleset
from game.app.start_hint import START_HINT_KEY
from game.coach.greedy import best_immediate_box
from game.persistence.session import read_session_text
from game.play.engine import new_game, roll, score
from game.play.random_source import SeededDice
from game.play.state import GameState, Player
from game.rules.rulesets import JokerBranch
from tests.app.driver import AppDriver, stored_session
from tests.e2e.browser_helpers import (
    boot,
    dismissed_dialogs,
    stored_records,
    wait_for_offline_ready,
    wait_until_ready,
)
from tests.e2e.game_helpers import Ui, expect_in_sight, keep_most_frequent
from tests.e2e.test_offline import changed_build, stylesheet_text
from tools.serve import SiteServer

SEED = 2
"""As in test_game_penta: a Penta (50), then in round 8 five 2s with Twos open (joker + bonus)."""


def start_dana(ui: Ui, url: str) -> GameState:
    ui.open(url, seed=SEED)
    ui.set_players([("Dana", "human", None)])
    ui.choose_ruleset("penta")
    ui.set_auto_score(0)
    ui.start()
    return new_game("penta", [Player("Dana")], SeededDice(SEED))


def play_turn(ui: Ui, game: GameState) -> GameState:
    """One whole turn through the UI, beside the engine: roll, keep, score the best box."""
    game = roll(game, 0)
    assert ui.roll() == game.dice
    assert game.dice is not None
    while game.rolls_left and len(set(game.dice)) > 1:
        keep = keep_most_frequent(game.dice)
        ui.keep(keep)
        game = roll(game, 0, keep)
        assert ui.roll() == game.dice
    box = best_immediate_box(game)
    ui.score(box)
    return score(game, 0, box)


SAVED_SESSION = """async () => window.pentaStore
    ? Object.fromEntries(await pentaStore.load())["penta.session"] ?? null
    : localStorage.getItem("penta.session")"""
"""The session as the page's storage gives it back: from IndexedDB (a transaction that waits for
the writes before it to commit), or from localStorage before it (builds without store.js)."""


def wait_until_saved(page: Page, holds: Callable[[GameState], bool], what: str) -> float:
    """Waits until the page's own storage gives back a session whose game `holds` (`what` it
    should hold, for the failure); returns how long that took. A test acts and reloads sooner
    than a player can: on a loaded machine a write to a profile on disk was still under way
    (a write under way when the page goes may be lost)."""
    start = time.monotonic()
    while time.monotonic() - start < 10:
        text = page.evaluate(SAVED_SESSION)
        if text is not None and holds(read_session_text(text).saved.game):
            return time.monotonic() - start
        time.sleep(0.005)
    raise AssertionError(f"the page's storage never held {what}")


def test_a_reload_mid_turn_restores_dice_kept_dice_rolls_left_and_the_selected_box(
    page: Page, app_url: str
) -> None:
    ui = Ui(page)
    game = start_dana(ui, app_url)
    notices = page.locator("#notice-list .notice-text")
    expect(page.locator("#notices")).to_be_hidden()  # a first start restores no game
    game = play_turn(ui, game)  # one box filled
    game = roll(game, 0)
    assert ui.roll() == game.dice and game.dice is not None
    keep = keep_most_frequent(game.dice)
    ui.keep(keep)
    box = "chance"  # the sheet's last box: after a reload it was out of the frame (a walk)
    ui.box(box).click()
    expect(ui.box(box)).to_have_attribute("aria-pressed", "true")
    wait_until_saved(page, lambda saved: saved.selected_box == box, f"{box} selected")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")

    page.reload()
    wait_until_ready(page)
    expect(page.locator("#game-screen")).to_be_visible()
    expect(notices).to_have_text(["Your game was restored where you left off."])
    # The page starts at its top, so the notice is seen, not left under the header.
    expect(page.locator("#notices")).to_be_in_viewport(ratio=1)
    # Its Close beside its words: it took 115 px of a small phone's sheet (a walk).
    notice = page.locator("#notices").bounding_box()
    assert notice is not None and notice["height"] < 60, notice
    assert page.evaluate("!document.activeElement.closest('#notices')")  # it takes no focus
    assert ui.dice() == game.dice
    assert ui.kept() == tuple(sorted(keep))
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
    expect(page.locator("#round")).to_have_text("Round 2 of 13")
    expect(ui.box(box)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#confirm")).to_be_enabled()
    expect_in_sight(page, f'#sheet tr[data-row="{box}"]')  # the box selected, in the frame

    # Twice: reloading again grants nothing either.
    page.reload()
    wait_until_ready(page)
    assert ui.dice() == game.dice
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
    # The next roll is the one the seeded dice give next: no fresh dice.
    game = roll(game, 0, keep)
    expect(notices).to_have_count(1)
    assert ui.roll() == game.dice
    expect(page.locator("#roll")).to_have_text("Roll (1 left)")
    expect(page.locator("#notices")).to_be_hidden()  # played on: it has served its purpose
    ui.score(best_immediate_box(game))
    expect(page.locator("#round")).to_have_text("Round 3 of 13")


def test_closing_and_reopening_offline_resumes_the_game(
    persistent_context: Callable[[], BrowserContext], site_server: Callable[..., SiteServer]
) -> None:
    server = site_server()
    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    ui = Ui(page)
    game = start_dana(ui, server.url)
    wait_for_offline_ready(page)
    game = play_turn(ui, game)
    game = roll(game, 0)
    assert ui.roll() == game.dice
    totals = ui.row_texts("sheet", "total")
    # Closed once the roll is written, as a player could at the earliest: closed at once, on a
    # loaded machine the write was still under way (the page reopened before the roll).
    wait_until_saved(page, lambda saved: saved.dice == game.dice, f"the dice {game.dice}")
    context.close()  # the app is closed (killed) mid-turn

    server.stop()  # no network at all: the service worker serves the app
    context = persistent_context()
    context.set_offline(True)
    page = context.pages[0] if context.pages else context.new_page()
    boot(page, server.url + f"?seed={SEED}")
    ui = Ui(page)
    expect(page.locator("#game-screen")).to_be_visible()
    assert ui.dice() == game.dice
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
    assert ui.row_texts("sheet", "total") == totals


def test_undo_takes_back_a_joker_with_its_penta_bonus_exactly(page: Page, app_url: str) -> None:
    ui = Ui(page)
    start_dana(ui, app_url)
    # The first seven turns of the same game, played in CPython (tests.app.driver) and stored
    # as the app stores a game in progress: the page goes on from there.
    played = AppDriver.seeded(SEED)
    played.set_players([("Dana", "human", None)])
    played(ChooseRuleset("penta"), SetAutoScore(0), StartGame())
    played.play_turns(7)
    game = played.game
    assert game.turn_number == 8
    ui.restore(stored_session(game))
    expect(page.locator("#round")).to_have_text("Round 8 of 13")
    game = roll(game, 0)
    assert ui.roll() == game.dice and game.dice is not None
    while game.rolls_left and len(set(game.dice)) > 1:
        keep = keep_most_frequent(game.dice)
        ui.keep(keep)
        game = roll(game, 0, keep)
        assert ui.roll() == game.dice
    assert game.options is not None
    assert game.options.joker is JokerBranch.SAME_FACE and game.options.five_of_a_kind_bonus
    (box,) = game.options.legal
    rows = ("twos", "upper_subtotal", "upper_bonus", "five_of_a_kind_bonus", "total")
    before = {row: ui.row_texts("sheet", row) for row in rows}
    dice = ui.dice()
    roll_label = page.locator("#roll").inner_text()

    ui.score(box)
    after = score(game, 0, box)
    sheet = after.sheets[0]
    assert sheet.five_of_a_kind_bonus_count == 1
    expect(ui.row_cells("sheet", "five_of_a_kind_bonus")).to_have_text(["100"])
    expect(ui.row_cells("sheet", "total")).to_have_text([str(sheet.total)])
    undo = page.locator("#undo")
    expect(undo).to_have_text("Take back the Twos box")

    ui.answer("#undo")
    expect(page.locator("#live")).to_have_text("Took back Twos")
    for row, texts in before.items():
        assert ui.row_texts("sheet", row) == texts, row
    assert ui.dice() == dice
    expect(page.locator("#round")).to_have_text("Round 8 of 13")
    expect(page.locator("#roll")).to_have_text(roll_label)  # no roll granted
    expect(page.locator("#bonus-message")).to_have_text("Penta bonus: 100 points")
    expect(undo).to_be_hidden()

    # A reload after the undo restores the same turn; scoring again gives the same sheet.
    page.reload()
    wait_until_ready(page)
    for row, texts in before.items():
        assert ui.row_texts("sheet", row) == texts, row
    ui.score(box)
    assert ui.row_texts("sheet", "total") == [str(sheet.total)]
    assert ui.row_texts("sheet", "five_of_a_kind_bonus") == ["100"]
    # Only until the next roll.
    after = roll(after, 0)
    assert ui.roll() == after.dice
    expect(undo).to_be_hidden()


def test_undo_can_be_turned_off_in_the_settings(page: Page, app_url: str) -> None:
    ui = Ui(page)
    game = start_dana(ui, app_url)
    page.click("#settings-button")
    page.locator("label[for=undo-setting-off]").click()
    page.click("#settings-done")
    game = play_turn(ui, game)
    expect(page.locator("#undo")).to_be_hidden()
    wait_until_saved(page, lambda saved: saved.sheets == game.sheets, "the box scored")
    page.reload()
    wait_until_ready(page)
    page.click("#settings-button")
    expect(page.locator("#undo-setting-off")).to_be_checked()
    # Turned on again before the next roll, it offers the box just scored.
    page.locator("label[for=undo-setting-on]").click()
    page.click("#settings-done")
    expect(page.locator("#undo")).to_be_visible()


@pytest.mark.parametrize("name", ["<img src=x onerror=alert(1)>"])
def test_a_hostile_name_survives_a_reload_as_text_and_runs_nothing(
    page: Page, app_url: str, name: str
) -> None:
    dialogs = dismissed_dialogs(page)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([(name, "human", None)])
    ui.start()
    ui.roll()
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#turn-title")).to_have_text(f"{name}'s turn")
    expect(page.locator("#sheet thead th").nth(1)).to_have_text(name)
    assert page.locator("img").count() == 0
    assert dialogs == []
    assert not [url for url in requests if url.rstrip("/").endswith("/x")]


def test_a_game_in_progress_survives_an_update_to_a_changed_build(
    page: Page, site_server: Callable[..., SiteServer], dist: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server = site_server(root=site)
    ui = Ui(page)
    game = start_dana(ui, server.url)
    wait_for_offline_ready(page)
    game = play_turn(ui, game)
    game = roll(game, 0)
    assert ui.roll() == game.dice and game.dice is not None
    keep = keep_most_frequent(game.dice)
    ui.keep(keep)
    totals = ui.row_texts("sheet", "total")

    changed_build(dist, site, "version 2")  # deployed in the middle of the game
    page.evaluate("navigator.serviceWorker.ready.then(r => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=30_000)
    with page.expect_navigation():
        page.click("#update-reload")  # the player agrees
    wait_until_ready(page)
    assert "version 2" in stylesheet_text(page)
    expect(page.locator("#game-screen")).to_be_visible()
    assert ui.dice() == game.dice
    assert ui.kept() == tuple(sorted(keep))
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
    assert ui.row_texts("sheet", "total") == totals
    game = roll(game, 0, keep)
    assert ui.roll() == game.dice  # the seeded dice carry on: nothing rerolled by the update


def test_the_content_security_policy_allows_only_the_own_origin(dist: Path) -> None:
    html = (dist / "index.html").read_text(encoding="utf-8")
    match = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert match is not None
    policy = dict(
        (parts[0], set(parts[1:]))
        for parts in (directive.split() for directive in match.group(1).split(";"))
        if parts
    )
    allowed = {"'self'", "'none'", "'wasm-unsafe-eval'"}
    assert {source for sources in policy.values() for source in sources} <= allowed, policy
    assert policy["default-src"] == {"'self'"}
    assert policy["script-src"] == {"'self'", "'wasm-unsafe-eval'"}  # no inline, no eval
    assert policy["style-src"] == {"'self'"}  # no inline styles
    assert policy["object-src"] == {"'none'"} and policy["base-uri"] == {"'none'"}


def test_preferences_saved_by_an_older_build_are_migrated_and_said_so(
    page: Page, app_url: str
) -> None:
    older = {
        "format": "penta-preferences",
        "version": 1,
        "language": "en",
        "auto_score_seconds": 5,
        "computer_speed": "normal",
        "ruleset": "yatzy",
        "players": [{"name": "Dana", "kind": "human", "level": "optimal"}],
    }
    Ui(page).open(app_url)
    page.evaluate(
        "(text) => { localStorage.clear(); localStorage.setItem('penta.preferences', text); }",
        json.dumps(older),
    )
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#notice-list .notice-text")).to_have_text(
        ["Saved data from an older version of Penta was updated."]
    )
    expect(page.locator("#seat-0-name")).to_have_value("Dana")
    expect(page.locator("#ruleset-yatzy")).to_be_checked()
    assert not [key for key in stored_records(page) if key.startswith("penta.quarantine.")]
    # Moved into IndexedDB: only the next start's hint is there (game.app.start_hint).
    assert page.evaluate("() => Object.keys(localStorage)") == [START_HINT_KEY]


def test_an_update_applied_at_the_next_start_keeps_the_game(
    persistent_context: Callable[[], BrowserContext],
    site_server: Callable[..., SiteServer],
    dist: Path,
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server = site_server(root=site)
    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    ui = Ui(page)
    game = start_dana(ui, server.url)
    wait_for_offline_ready(page)
    game = roll(game, 0)
    assert ui.roll() == game.dice

    changed_build(dist, site, "version 2")
    page.evaluate("navigator.serviceWorker.ready.then(r => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=30_000)
    context.close()  # the player closes the app without pressing Reload

    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    boot(page, server.url + f"?seed={SEED}")
    assert "version 2" in stylesheet_text(page)  # the new version took over on this start
    ui = Ui(page)
    expect(page.locator("#game-screen")).to_be_visible()
    assert ui.dice() == game.dice
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
