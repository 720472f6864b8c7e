"""Helpers of the game-screen browser tests: drive the app through its UI like a player.

`Ui` wraps a Playwright page of the app: set up players, roll, keep dice, pick and confirm
boxes, read the dice and the sheet, or start from a game stored in the page's storage (played
in CPython by tests.app.driver, which plays whole games). `keep_most_frequent` (from there) is
the simple, deterministic way the tests' human players keep dice, so that a test can play the
same game in CPython beside the browser (the same seed gives the same dice) and compare every
total.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from game.app.fresh_choices import CHOICE_GUARD_SECONDS
from game.app.model import ROLL_GUARD_SECONDS, STEP_SECONDS, Speed
from game.i18n.translator import Translator
from game.rules.dice import Dice
from tests.app.driver import keep_most_frequent as keep_most_frequent  # for the tests here
from tests.e2e.browser_helpers import start_failure

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE: ViewportSize = {"width": 360, "height": 640}
TALL_PHONE: ViewportSize = {"width": 390, "height": 844}
BOOT_MS = 30_000
ROLL_PACE = ROLL_GUARD_SECONDS + 0.1
"""The least time between two of `Ui.roll`'s clicks: a Roll sooner is a double tap, ignored."""
OPTIMAL_HINT = re.compile(r"your final score would be .* lower with it|As good: ")
"""The hint of the optimal coach, which names the next best move (the fallback names none)."""
CHOICE_PACE = CHOICE_GUARD_SECONDS + 0.1
"""The least time before a click answers buttons that a click brought up (the coach's warning,
the computer's turn, Take back, the hand-over): sooner is a double tap, ignored
(game.app.fresh_choices). `Ui.answer` waits it."""
# Where a cell of the sheet is (`page.evaluate(IN_SIGHT, selector)`): a list of problems, empty
# when it shows whole inside the sheet's frame, below the row of names and above the tray, and
# nothing covers it.
IN_SIGHT = """(selector) => {
    const cell = document.querySelector(selector);
    if (!cell) return [`no cell ${selector}`];
    const frame = document.getElementById('sheet-wrap');
    const outer = frame.getBoundingClientRect();
    const head = document.querySelector('#sheet thead').getBoundingClientRect();
    const tray = document.getElementById('tray').getBoundingClientRect();
    const bar = document.querySelector('header.bar').getBoundingClientRect();
    const top = Math.max(outer.top + frame.clientTop + head.height, bar.bottom);
    const bottom = Math.min(outer.top + frame.clientTop + frame.clientHeight, tray.top);
    const box = cell.getBoundingClientRect();
    const problems = [];
    if (box.top < top - 1 || box.bottom > bottom + 1) {
        problems.push(`cell at ${box.top}..${box.bottom}, frame shows ${top}..${bottom}`);
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !cell.contains(hit)) problems.push(`under ${hit && (hit.id || hit.className)}`);
    return problems;
}"""


def expect_in_sight(page: Page, selector: str, timeout_ms: float = 5_000) -> None:
    """Waits until the cell `selector` shows whole in the sheet's frame (the app may scroll it in
    smoothly); fails with what is still wrong."""
    deadline = time.monotonic() + timeout_ms / 1000
    while (problems := page.evaluate(IN_SIGHT, selector)) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert problems == [], f"{selector} is not in sight: {problems}"


COMPUTER_TURN_SECONDS = 12 * STEP_SECONDS[Speed.NORMAL]
"""Longer than a computer player's whole turn at the normal pace (a dozen steps at most)."""


def reload_when_written(page: Page) -> None:
    """Reloads the page once every write to its storage made so far has committed. A test
    reloads sooner than a player can: on CI's loaded machine a reload came before the write of
    the click just made. IndexedDB runs a read after the writes made before it on its records."""
    page.evaluate("async () => { await window.pentaStore?.load(); }")
    page.reload()


def default_name(language: str, number: int) -> str:
    """The name the app gives a new seat, as in its catalog."""
    return Translator(language, isolate=False)("setup.default_name", number=number)


def new_context(browser: Browser, locale: str = "en-US", **options: object) -> BrowserContext:
    return browser.new_context(
        viewport=PHONE,
        locale=locale,
        service_workers="block",
        **options,  # type: ignore[arg-type]
    )


class Ui:
    """`open` installs Playwright's clock on the page (page.clock): the app's time flows as
    usual, and `pass_time` moves it on at once, firing its timers (the countdown, a computer's
    steps) as they fall due, where a test would otherwise sleep; `roll` keeps a player's pace on
    that clock too."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self._rolled_at: float | None = None
        """When the last roll of `roll` was seen (time.monotonic), to keep a player's pace."""
        self._clock = False
        """Whether `open` installed the clock (a page opened otherwise runs on real time)."""

    # --- start --------------------------------------------------------------------------------

    def open(self, url: str, seed: int | None = None, time: datetime | None = None) -> Ui:
        """The app at `url` (with `?seed=`), its clock starting at `time` (default: now)."""
        # Before the app's scripts: they take its Date and timers.
        if time is None:
            self.page.clock.install()
        else:
            self.page.clock.install(time=time)
        self._clock = True
        self.page.goto(url + ("" if seed is None else f"?seed={seed}"))
        self.page.wait_for_selector(
            "html[data-state=ready], html[data-state=failed]", timeout=BOOT_MS
        )
        assert self.page.evaluate("document.documentElement.dataset.state") == "ready", (
            start_failure(self.page)
        )
        expect(self.page.locator("#setup-screen")).to_be_visible()
        return self

    def restore(self, stored: dict[str, str]) -> None:
        """Puts `stored` (localStorage keys and values, e.g. tests.app.driver.stored_session)
        in the page's storage and reloads: the app starts on what it finds there."""
        self.page.evaluate(
            "items => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v))",
            stored,
        )
        self.page.reload()
        self.page.wait_for_selector("html[data-state=ready]", timeout=BOOT_MS)
        self._rolled_at = None

    def set_players(self, seats: Sequence[tuple[str, str, str | None]]) -> None:
        """Replaces the seats with (name, "human" | "computer", level or None)."""
        page = self.page
        self.keep_one_seat()
        for index, (name, kind, level) in enumerate(seats):
            if index > 0:
                page.click("#add-human")
            page.fill(f"#seat-{index}-name", name)
            page.select_option(f"#seat-{index}-kind", kind)
            if level is not None:
                page.select_option(f"#seat-{index}-level", level)
        expect(page.locator("#seats > li")).to_have_count(len(seats))

    def keep_one_seat(self) -> None:
        """Removes every seat but the first, as the player does (saying yes when asked)."""
        page = self.page
        cards = page.locator("#seats > li")
        while (count := cards.count()) > 1:
            cards.last.locator(".seat-remove").click()
            # A seat with a typed name (the last setup's, remembered) is asked about first.
            page.wait_for_function(
                """count => document.querySelectorAll("#seats > li").length < count
                    || document.getElementById("remove-player-dialog").open""",
                arg=count,
            )
            if page.locator("#remove-player-dialog").is_visible():
                page.click("#remove-player-confirm")
            expect(cards).to_have_count(count - 1)

    def choose_ruleset(self, ruleset: str) -> None:
        self.page.check(f"#ruleset-{ruleset}")

    def set_auto_score(self, seconds: int) -> None:
        self.page.click("#settings-button")
        self.page.locator(f"label[for=auto-score-{seconds}]").click()
        self.page.click("#settings-done")
        expect(self.page.locator("#settings-dialog")).to_be_hidden()

    def set_pass_phone(self, on: bool) -> None:
        """The setting of the hand-over between two humans' turns (game.app.handover)."""
        self.page.click("#settings-button")
        choice = "on" if on else "off"
        self.page.click(f"#pass-phone-{choice}-label")
        expect(self.page.locator(f"#pass-phone-{choice}")).to_be_checked()
        self.page.click("#settings-done")
        expect(self.page.locator("#settings-dialog")).to_be_hidden()

    def switch_language(self, language: str) -> None:
        """Chooses the app's language with its own menu (the page stays, its state too)."""
        self.page.select_option("#language", language)
        expect(self.page.locator("html")).to_have_attribute("lang", language)

    def leave(self) -> None:
        """Back to the New game screen (the game left is kept), for the next game."""
        self.page.click("#leave")
        self.page.click("#leave-confirm")
        expect(self.page.locator("#setup-screen")).to_be_visible()

    def start(self) -> None:
        self.page.click("#start")
        expect(self.page.locator("#game-screen")).to_be_visible()

    # --- the turn -----------------------------------------------------------------------------

    def dice(self) -> Dice:
        faces = self.page.locator("#dice .die").evaluate_all(
            "dice => dice.map(d => Number(d.dataset.face || 0))"
        )
        return tuple(faces)

    def kept(self) -> tuple[int, ...]:
        pressed = self.page.locator("#dice .die").evaluate_all(
            "dice => dice.map(d => d.getAttribute('aria-pressed') === 'true')"
        )
        return tuple(index for index, on in enumerate(pressed) if on)

    def pass_time(self, seconds: float) -> None:
        """Lets `seconds` of the app's time pass: at once on the clock, else in real time."""
        if self._clock:
            self.page.clock.run_for(round(seconds * 1000))
        else:
            self.page.wait_for_timeout(seconds * 1000)

    def answer(self, selector: str) -> None:
        """Clicks a button that a click brought up, once a reader could have read it."""
        self.pass_time(CHOICE_PACE)
        self.page.click(selector)

    def take_phone(self) -> None:
        """Taps the hand-over between two humans' turns, if it shows (game.app.handover)."""
        if self.page.locator("#handover-screen").is_visible():
            self.answer("#handover-start")
            expect(self.page.locator("#game-screen")).to_be_visible()

    def roll(self) -> Dice:
        """Clicks Roll at a player's pace (not a double tap) and waits for the roll; the next
        player takes the phone first if the hand-over shows."""
        self.take_phone()
        if self._rolled_at is not None:
            wait = self._rolled_at + ROLL_PACE - time.monotonic()
            if wait > 0:
                self.pass_time(wait)
        live = self.page.locator("#live")
        before = live.get_attribute("data-count") or ""
        self.page.click("#roll")
        expect(live).not_to_have_attribute("data-count", before)
        self._rolled_at = time.monotonic()  # the app rolled before this moment
        return self.dice()

    def keep(self, positions: Sequence[int]) -> None:
        """Makes exactly `positions` kept, with the keyboard's 1-5 keys."""
        for die in sorted(set(positions) ^ set(self.kept())):
            self.page.keyboard.press(str(die + 1))
        expect_kept = sorted(positions)
        assert list(self.kept()) == expect_kept

    def box(self, box_id: str) -> Locator:
        """The box's button, where the box can be chosen (a forbidden one's tap is refused)."""
        return self.page.locator(f'#sheet button[data-box="{box_id}"]:not([aria-disabled])')

    def score(self, box_id: str) -> None:
        self.box(box_id).click()
        expect(self.box(box_id)).to_have_attribute("aria-pressed", "true")
        self.page.click("#confirm")

    def row_cells(self, table: str, row: str) -> Locator:
        """The cells of `row` in `table`, one a player (to wait for with expect)."""
        return self.page.locator(f'#{table} tr[data-row="{row}"] td')

    def row_texts(self, table: str, row: str) -> list[str]:
        return self.row_cells(table, row).all_inner_texts()

    def totals(self, table: str = "end-sheet") -> list[int]:
        return [int(re.sub(r"\D", "", text)) for text in self.row_texts(table, "total")]

    def skip_computers(self) -> None:
        if self.page.locator("#computer-controls").is_visible():
            self.answer("#skip")
        expect(self.page.locator("#computer-controls")).to_be_hidden()

    # --- checks -------------------------------------------------------------------------------

    def no_page_scroll_sideways(self) -> None:
        widths = self.page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"

    def run_axe(self) -> list[dict[str, object]]:
        """axe-core's serious and critical violations on the page as it is now. axe is evaluated
        through the DevTools protocol, which the app's Content-Security-Policy (no inline
        script) does not govern: the page under test keeps its real policy."""
        if not self.page.evaluate("typeof window.axe !== 'undefined'"):
            if not AXE.exists():
                raise AssertionError(f"{AXE} is missing: run ./scripts/setup (npm ci)")
            self.page.evaluate(AXE.read_text(encoding="utf-8"))
        result = self.page.evaluate(
            """async () => {
                const r = await axe.run(document, {resultTypes: ['violations']});
                return r.violations
                    .filter(v => v.impact === 'serious' || v.impact === 'critical')
                    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                                nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
            }"""
        )
        return list(result)
