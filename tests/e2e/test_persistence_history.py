"""History and statistics on the device (issue 6): the statistics screen, a finished game
recorded, export and import (merging, no duplicates), and refused imports.

The stored history is made in CPython (seeded random games, recorded as the app records them)
and put in localStorage before the app loads (which moves it into IndexedDB, as it does with
what older builds kept there), so the statistics on screen are compared with
game.persistence.stats computed from the very same records.
"""

from __future__ import annotations

import json
import random
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from cli.random_play import random_game
from game.i18n.translator import Translator
from game.persistence.exchange import MAX_IMPORT_BYTES
from game.persistence.history import HISTORY, GameRecord, record_game, records_to_data
from game.persistence.kept import KEPT, KeptGame, kept_to_data
from game.persistence.stats import player_stats
from game.persistence.storage import encode_record
from game.play.engine import new_game, roll, score
from game.play.random_source import SeededDice
from game.play.state import Player
from game.present.kept_screens import leaderboard_order
from tests.e2e.browser_helpers import (
    clear_stored_records,
    dismissed_dialogs,
    stored_records,
    wait_until_ready,
)
from tests.e2e.game_helpers import Ui

HOSTILE = "<img src=x onerror=alert(1)>"


def finished_games() -> tuple[GameRecord, ...]:
    records = []
    for number in range(3):
        players = [Player("Dana"), Player(HOSTILE)] if number < 2 else [Player("Dana")]
        game = random_game(
            new_game("penta", players, SeededDice(100 + number)), random.Random(number)
        )
        records.append(record_game(f"{number + 1:016x}", game, date(2026, 11, 20 + number)))
    return tuple(records)


def card_texts(page: Page) -> list[str]:
    return page.locator("#stats-list > li").all_inner_texts()


def open_history(page: Page) -> None:
    page.click("#history-button")
    expect(page.locator("#history-screen")).to_be_visible()


def kept_game() -> KeptGame:
    """An unfinished game kept: Dana's Chance filled, the Bot's dice rolled."""
    game = new_game("penta", [Player("Dana"), Player("Bot")], SeededDice(7))
    game = roll(score(roll(game, 0), 0, "chance"), 1)
    return KeptGame("00000000000000c1", game, None, None, date(2026, 11, 25))


def open_history_of(
    page: Page, app_url: str, records: tuple[GameRecord, ...], kept: tuple[KeptGame, ...] = ()
) -> None:
    """Starts the app with `records` as its stored history (and `kept` as its unfinished games
    kept), on the history screen."""
    stored = encode_record(HISTORY, {"games": records_to_data(records)})
    Ui(page).open(app_url)
    page.evaluate("(text) => localStorage.setItem('penta.history', text)", stored)
    if kept:
        kept_text = encode_record(KEPT, {"games": kept_to_data(kept)})
        page.evaluate("(text) => localStorage.setItem('penta.kept', text)", kept_text)
    page.reload()
    wait_until_ready(page)
    open_history(page)


def test_statistics_export_import_round_trip_without_duplicates(
    page: Page, app_url: str, tmp_path: Path
) -> None:
    dialogs = dismissed_dialogs(page)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    records = finished_games()
    open_history_of(page, app_url, records, (kept_game(),))

    t = Translator("en")
    expected = sorted(player_stats(records), key=leaderboard_order)  # as the list shows them
    cards = page.locator("#stats-list > li")
    expect(cards).to_have_count(len(expected))
    for card, stats in zip(cards.all(), expected, strict=True):
        expect(card.locator("h4 .stats-name")).to_have_text(stats.name)  # as text, literally
        facts = card.locator("dd").all_inner_texts()
        assert facts == [
            str(stats.games),
            t.format_number(stats.average, 1),
            str(stats.best),
            t.format_percent(stats.upper_bonus_rate),
            str(stats.five_of_a_kind),
        ]
        # The scores' chart (the points-lost chart follows once a strategy table is there).
        bars = card.locator(".chart").first.locator("li").all_inner_texts()
        assert sum(int(text.split(": ")[1].split()[0]) for text in bars) == stats.games
    # The figures one under another from card to card (a walk found each card's elsewhere).
    ends = page.locator("#stats-list dd").evaluate_all(
        "figures => figures.map(figure => figure.getBoundingClientRect().right)"
    )
    assert len(set(ends)) == 1, ends
    assert page.locator("img").count() == 0 and dialogs == []
    assert not [url for url in requests if url.rstrip("/").endswith("/x")]
    # Each card's points-lost chart comes once its ruleset's strategy table has loaded.
    charts = page.locator("#stats-list > li .chart")
    expect(charts).to_have_count(2 * len(expected), timeout=30_000)
    before = card_texts(page)

    with page.expect_download() as download:
        page.click("#export-history")
    # Said with the file's name, where a player looks for it.
    name = download.value.suggested_filename
    expect(page.locator("#notice-list .notice-text")).to_have_text(
        [f"Your games were exported to the file {name}, in your downloads."]
    )
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["format"] == "penta-export"
    assert {game["id"] for game in document["payload"]["games"]} == {r.id for r in records}
    assert [game["id"] for game in document["payload"]["kept"]] == [kept_game().id]

    clear_stored_records(page)
    page.reload()
    wait_until_ready(page)
    open_history(page)
    expect(page.locator("#history-empty")).to_contain_text(
        "No finished games yet. Each game you finish is kept here"
    )
    expect(page.locator("#stats-list > li")).to_have_count(0)

    page.set_input_files("#import-file", exported)
    expect(page.locator("#notice-list .notice-text")).to_have_text(
        ["Imported 3 games.", "1 unfinished game added: it is on the New game screen."]
    )
    expect(page.locator("#stats-list > li")).to_have_count(len(expected))
    expect(charts).to_have_count(2 * len(expected), timeout=30_000)
    assert card_texts(page) == before
    # Closed from the keyboard, a notice leaves the focus on the next one's Close, and the last
    # on the screen's heading (it fell to the page's start: a keyboard walk).
    closes = page.locator("#notice-list button")
    closes.first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#notice-list .notice-text")).to_have_text(
        ["1 unfinished game added: it is on the New game screen."]
    )
    expect(closes.first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#notices")).to_be_hidden()
    expect(page.locator("#history-title")).to_be_focused()

    page.set_input_files("#import-file", exported)  # again: nothing is added twice
    # The latest outcome replaces the earlier one.
    expect(page.locator("#notice-list .notice-text")).to_have_text(
        ["Nothing new to import: every game in the file is already here."]
    )
    assert card_texts(page) == before
    history = json.loads(stored_records(page)["penta.history"])
    assert len(history["payload"]["games"]) == 3
    kept = json.loads(stored_records(page)["penta.kept"])
    assert [game["id"] for game in kept["payload"]["games"]] == [kept_game().id]
    page.click("#history-back")
    expect(page.locator("#kept-list > li")).to_have_count(1)


def test_oversized_and_malformed_imports_are_refused_plainly(
    page: Page, app_url: str, tmp_path: Path
) -> None:
    Ui(page).open(app_url)
    open_history(page)
    # A file on disk, which the browser reads itself: the same bytes passed as a buffer went
    # through Playwright's protocol (some 10 s of the test).
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_IMPORT_BYTES + 1)  # spaces or zeros: refused by its size alone
    page.set_input_files("#import-file", huge)
    expect(page.locator("#notice-list")).to_contain_text(
        f"Import refused: the file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB."
    )
    bad = (
        b'{"format": "penta-export", "version": 1, '
        b'"payload": {"exported": "2026-11-30", "games": [{"id": 1}]}}'
    )
    page.set_input_files(
        "#import-file", {"name": "bad.json", "mimeType": "application/json", "buffer": bad}
    )
    expect(page.locator("#notice-list")).to_contain_text(
        "Import refused: this file is not a Penta export, or it is damaged."
    )
    deep = b"[" * 100_000
    page.set_input_files(
        "#import-file", {"name": "deep.json", "mimeType": "application/json", "buffer": deep}
    )
    newer = b'{"format": "penta-export", "version": 9, "payload": {}}'
    page.set_input_files(
        "#import-file", {"name": "newer.json", "mimeType": "application/json", "buffer": newer}
    )
    expect(page.locator("#notice-list .notice-text")).to_have_text(
        ["Import refused: the file comes from a newer version of Penta."]
    )
    # The page still answers, and nothing was stored.
    page.click("#history-back")
    expect(page.locator("#setup-screen")).to_be_visible()
    assert "penta.history" not in stored_records(page)


HOSTILE_IMPORTS = {
    # A string of closers used to cancel the openers after it; 20000 levels overflow the
    # WebAssembly stack, which kills the interpreter.
    "closers first": b'{"a": "'
    + b"]" * 20_000
    + b'", "b": '
    + b"[" * 20_000
    + b"]" * 20_000
    + b"}",
    # A string that never ends, full of escaped quotes, used to take hours to measure.
    "escaped quotes": b"[" * 21 + b'"' + b'\\"' * 1_000_000,
}


@pytest.mark.parametrize("content", HOSTILE_IMPORTS.values(), ids=HOSTILE_IMPORTS.keys())
def test_a_hostile_import_ends_with_a_plain_refusal(
    page: Page, app_url: str, content: bytes
) -> None:
    Ui(page).open(app_url)
    open_history(page)
    page.set_input_files(
        "#import-file", {"name": "hostile.json", "mimeType": "application/json", "buffer": content}
    )
    # The refusal replaces "Reading the file…", and the page still answers.
    expect(page.locator("#notice-list .notice-text")).to_have_text(
        ["Import refused: this file is not a Penta export, or it is damaged."]
    )
    page.click("#history-back")
    expect(page.locator("#setup-screen")).to_be_visible()
    assert page.evaluate("() => localStorage.getItem('penta.history')") is None


def test_a_finished_game_is_recorded_in_the_history(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=7)
    ui.set_players([("Bot", "computer", "beginner")])
    ui.choose_ruleset("yatzy")
    ui.start()
    ui.skip_computers()
    expect(page.locator("#end-screen")).to_be_visible()
    total = ui.totals()[0]
    page.click("#new-game")
    open_history(page)
    card = page.locator("#stats-list > li")
    expect(card).to_have_count(1)
    expect(card.locator("h4")).to_have_text("Bot · Yatzy")
    expect(card.locator("dd").nth(0)).to_have_text("1")
    expect(card.locator("dd").nth(2)).to_have_text(str(total))


# Each read in one evaluation of its own, from the page: the list may be drawn again between
# the test's steps, and a card found before that is detached (every bar 0 x 0).
FIRST_CARD = "document.querySelector('#stats-list > li')"
BARS = """() => [...CARD.querySelectorAll('.chart:first-of-type li')].map(li => {
    const bar = li.querySelector('.chart-bar').getBoundingClientRect();
    return [li.querySelector('.bar-text').textContent, bar.width, bar.height];
})""".replace("CARD", FIRST_CARD)

RANGE_ORDER = """() => {
    // Where the first and the last digit of the first bin's range ("0–49") are drawn: the
    // range is the first text of the bar's, in an isolate (<bdi>) of its own.
    const bar = CARD.querySelector('.chart:first-of-type li .bar-text');
    const text = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT).nextNode();
    const at = (i) => { const r = document.createRange(); r.setStart(text, i);
                        r.setEnd(text, i + 1); return r.getBoundingClientRect().left; };
    const digits = [...text.data].flatMap((c, i) => /[0-9]/.test(c) ? [i] : []);
    return [at(digits[0]), at(digits[digits.length - 1])];
}""".replace("CARD", FIRST_CARD)


def test_the_score_chart_draws_no_bar_for_no_games_and_ranges_read_low_to_high(
    page: Page, app_url: str
) -> None:
    records = finished_games()
    open_history_of(page, app_url, records)
    for language in ("en", "he", "et"):
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#stats-list > li").first).to_be_visible()
        bars = page.evaluate(BARS)
        empty = [(text, width) for text, width, _ in bars if text.split(": ")[1][0] == "0"]
        full = [(text, width, height) for text, width, height in bars if (text, width) not in empty]
        # The ranges run from the lowest total's to the highest's (an empty one only between).
        assert full and bars[0][0] == full[0][0] and bars[-1][0] == full[-1][0], bars
        assert all(width == 0 for _, width in empty), (language, empty)
        assert all(width > 0 and height < 16 for _, width, height in full), (language, full)
        low, high = page.evaluate(RANGE_ORDER)
        assert low < high, (language, bars[0][0])  # "0–49", never "49–0"


NOTICE_IN_SIGHT = """() => {
    const notice = document.getElementById('notices').getBoundingClientRect();
    const bar = document.querySelector('header.bar').getBoundingClientRect();
    return notice.top >= bar.bottom && notice.bottom <= innerHeight;
}"""


def test_an_imports_outcome_comes_into_sight(page: Page, app_url: str) -> None:
    """A walk imported a file at the foot of the history and never saw what came of it: the
    notice is at the page's top."""
    page.set_viewport_size({"width": 360, "height": 360})
    Ui(page).open(app_url)
    open_history(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("scrollY") > 0
    bad = b'{"format": "penta-export", "version": 1}'
    page.set_input_files(
        "#import-file", {"name": "bad.json", "mimeType": "application/json", "buffer": bad}
    )
    expect(page.locator("#notice-list")).to_contain_text("Import refused")
    page.wait_for_function(NOTICE_IN_SIGHT, polling=100, timeout=5_000)
