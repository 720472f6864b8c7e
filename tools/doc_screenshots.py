"""Phone-size screenshots of the game screens for the README: `python -m tools.doc_screenshots`.

Run after a build (dist/). For each language (English, Hebrew, Estonian) it plays a seeded game
through the UI and writes docs/screenshots/<language>-setup.png, -game.png and -end.png at
360x640 CSS pixels (2x device pixels), in the light theme, and the help at the table:
-guide.png (the guided first turn), -handover.png (passing the phone between two humans),
-box-help.png (a box's name tapped) and -rules-game.png (the rules opened mid-turn, the
countdown waiting); after the end, the first player's review: -review.png and
-review-decision.png (the costliest decision opened). `--dark` adds the dark theme's
(<language>-<screen>-dark.png). Then the game screen of four players at each layout's size
(LAYOUTS: a phone upright and sideways, a tablet either way up, a desktop), at the last roll
with the hint shown: <language>-layout-<width>x<height>.png.
And the games kept: -kept.png (the unfinished games on the New game screen), -kept-delete.png
(deleting one asks first), -history-games.png (personal bests and finished games) and
-finished.png (a finished game's whole sheet); `--only kept` makes only these.
Then the coach while playing in a one-player game: -coach-warn.png (on "warn", a costly keep
waiting) and -coach-always.png (on "always", the line after a move); `--only coach` takes only
those.
Then the daily challenge (on a fixed day): <language>-daily.png and -daily-history.png;
`--only daily` makes only these. Last, real dice (`--only real-dice`): the pad at 360x640 with a
roll entered and a box chosen, <language>-real-dice-pad.png, a correction asking to be
confirmed, <language>-real-dice-correct.png, and six players' whole sheet with the "Next"
line and that box marked corrected on a phone turned sideways (640x360),
<language>-real-dice-sideways.png, and on a tablet (1024x768), <language>-real-dice-tablet.png.
The dice are seeded, so the pictures change only when the app's look does.
"""

from __future__ import annotations

import argparse
from datetime import datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from game.app.fresh_choices import CHOICE_GUARD_SECONDS
from game.app.model import ROLL_GUARD_SECONDS
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
LANGUAGES = {"en": "en-US", "he": "he-IL", "et": "et-EE"}
PLAYERS = {
    "en": ("Dana", "Avi"),
    "he": ("דנה", "אבי"),
    "et": ("Mari", "Jaan"),
}
SEED = 2026
LAYOUTS = ((360, 640), (640, 360), (768, 1024), (1024, 768), (1280, 800))
DAILY_MORNING = datetime(2026, 12, 1, 9, 30)


def phone_page(browser: Browser, language: str, **options: Any) -> tuple[BrowserContext, Page]:
    """A fresh page at 360x640 CSS pixels (2x device pixels) in `language`, motion reduced and
    no service worker: every picture starts from a first visit."""
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        device_scale_factor=2,
        locale=LANGUAGES[language],
        reduced_motion="reduce",
        service_workers="block",
        **options,
    )
    return context, context.new_page()


def shoot(browser: Browser, url: str, language: str, scheme: str) -> None:
    context, page = phone_page(browser, language, color_scheme=scheme)
    suffix = "" if scheme == "light" else "-dark"
    page.goto(f"{url}?seed={SEED}")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    first, second = PLAYERS[language]
    page.fill("#seat-0-name", first)
    page.click("#add-human")
    page.fill("#seat-1-name", second)
    page.click("#add-computer")
    page.select_option("#seat-2-level", "optimal")
    page.locator("#start").focus()
    settle(page)
    page.screenshot(path=OUT / f"{language}-setup{suffix}.png")

    page.click("#start")
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    page.click("#guide-start")
    settle(page)
    page.screenshot(path=OUT / f"{language}-guide{suffix}.png")
    page.click("#guide-skip")
    page.click("#roll")
    score_best(page)
    expect(page.locator("#handover-screen")).to_be_visible()
    settle(page)
    page.screenshot(path=OUT / f"{language}-handover{suffix}.png")
    for _ in range(4):  # a few rounds, so the sheet has points in it
        play_humans(page)
        skip_computer(page)
    take_phone(page)
    page.click("#roll")
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.click("#roll")
    settle(page)
    page.screenshot(path=OUT / f"{language}-game{suffix}.png")

    page.click('#sheet tr[data-row="full_house"] button.row-explain')
    expect(page.locator("#box-dialog")).to_be_visible()
    settle(page)
    page.screenshot(path=OUT / f"{language}-box-help{suffix}.png")
    page.click("#box-close")
    while page.locator("#roll").is_enabled():  # the last roll: the countdown runs...
        # A roll sooner than that after the last is a double tap.
        page.wait_for_timeout(ROLL_GUARD_SECONDS * 1000 + 100)
        page.click("#roll")
    page.click("#game-rules")  # ...and waits for the rules
    expect(page.locator("#rules-note")).to_be_visible()
    page.wait_for_timeout(300)
    page.screenshot(path=OUT / f"{language}-rules-game{suffix}.png")
    page.click("#rules-close")
    score_best(page)

    while page.locator("#game-screen").is_visible() or take_phone(page):
        play_humans(page)
        skip_computer(page)
    expect(page.locator("#end-screen")).to_be_visible()
    settle(page)
    page.screenshot(path=OUT / f"{language}-end{suffix}.png")

    page.locator("#end-review-buttons button").first.click()
    expect(page.locator("#review-body")).to_be_visible(timeout=30_000)
    settle(page)
    page.screenshot(path=OUT / f"{language}-review{suffix}.png")
    costliest = page.locator("#review-mistakes details").first
    costliest.locator("summary").click()
    costliest.evaluate("d => d.scrollIntoView({block: 'center'})")
    page.evaluate("() => document.activeElement?.blur()")
    page.wait_for_timeout(300)
    page.screenshot(path=OUT / f"{language}-review-decision{suffix}.png")
    context.close()


def shoot_layouts(browser: Browser, url: str, language: str) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        locale=LANGUAGES[language],
        reduced_motion="reduce",
        service_workers="block",
    )
    page = context.new_page()
    page.goto(f"{url}?seed={SEED}")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    for index, name in enumerate((*PLAYERS[language], *PLAYERS[language])):
        if index:
            page.click("#add-human")
        page.fill(f"#seat-{index}-name", f"{name} {index // 2 + 1}" if index > 1 else name)
    page.click("#start")
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    for _ in range(3):
        page.click("#roll")
        page.wait_for_timeout(ROLL_GUARD_SECONDS * 1000 + 100)  # past the double-tap guard
    page.click("#hint")
    for width, height in LAYOUTS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => document.activeElement?.blur()")
        page.wait_for_timeout(300)
        page.screenshot(path=OUT / f"{language}-layout-{width}x{height}.png")
    context.close()


def shoot_kept(browser: Browser, url: str, language: str) -> None:
    context, page = phone_page(browser, language)
    page.goto(f"{url}?seed={SEED}")
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    first, second = PLAYERS[language]
    page.fill("#seat-0-name", first)
    page.click("#start")  # a solo game to its end, for the history
    while page.locator("#game-screen").is_visible():
        play_humans(page)
    page.click("#new-game")
    page.click("#add-human")
    page.fill("#seat-1-name", second)
    page.click("#start")
    for _ in range(5):  # each human's turn: roll once, take the box that pays most
        take_phone(page)
        page.click("#roll")
        score_best(page)
    take_phone(page)
    page.click("#leave")
    page.click("#leave-confirm")
    page.check("#ruleset-yatzy")
    page.click("#start")
    page.click("#roll")
    score_best(page)
    take_phone(page)
    page.click("#leave")
    page.click("#leave-confirm")
    expect(page.locator("#kept-list > li")).to_have_count(2)
    settle(page)
    page.screenshot(path=OUT / f"{language}-kept.png")
    page.locator("#kept-list > li").nth(1).locator("[data-action=delete-kept]").click()
    expect(page.locator("#delete-kept-dialog")).to_be_visible()
    page.wait_for_timeout(300)
    page.screenshot(path=OUT / f"{language}-kept-delete.png")
    page.keyboard.press("Escape")
    page.click("#history-button")
    expect(page.locator("#games-list > li")).to_have_count(1)
    settle(page)
    page.evaluate("() => document.getElementById('games-title').scrollIntoView()")
    page.screenshot(path=OUT / f"{language}-history-games.png")
    page.locator("#games-list [data-action=open-finished]").click()
    expect(page.locator("#finished-screen")).to_be_visible()
    settle(page)
    page.screenshot(path=OUT / f"{language}-finished.png")
    context.close()


COACH_SEED = 5
"""The first roll is 6, 6, 6, 6, 5: rolling all five again costs a good deal."""


def shoot_coach(browser: Browser, url: str, language: str) -> None:
    for mode in ("warn", "always"):
        context, page = phone_page(browser, language)
        page.goto(f"{url}?seed={COACH_SEED}")
        page.wait_for_selector("html[data-state=ready]", timeout=60_000)
        page.fill("#seat-0-name", PLAYERS[language][0])
        page.select_option("#seat-0-coach", mode)
        page.click("#start")
        expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
        page.click("#roll")
        page.wait_for_timeout(ROLL_GUARD_SECONDS * 1000 + 100)  # past the double-tap guard
        page.click("#roll")  # nothing kept: all five again
        shown = "#coach-warning" if mode == "warn" else "#tray-summary"
        expect(page.locator(shown)).to_be_visible()
        settle(page)
        page.screenshot(path=OUT / f"{language}-coach-{mode}.png")
        context.close()


def shoot_daily(browser: Browser, url: str, language: str) -> None:
    """The daily challenge: its button (<language>-daily.png), then, once today's game is
    played, the history listing it with the points-lost chart (<language>-daily-history.png).
    The page's clock starts on a fixed day, so that the dice and the date stay the same."""
    context, page = phone_page(browser, language)
    page.clock.install(time=DAILY_MORNING)
    page.goto(url)
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    page.fill("#seat-0-name", PLAYERS[language][0])
    settle(page)
    page.evaluate("() => document.getElementById('daily').scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    page.screenshot(path=OUT / f"{language}-daily.png")
    page.click("#daily-button")
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    if page.locator("#guide-skip").is_visible():
        page.click("#guide-skip")
    play_humans(page)
    expect(page.locator("#end-screen")).to_be_visible()
    page.click("#new-game")
    expect(page.locator("#daily-button")).to_be_disabled()
    page.click("#history-button")
    expect(page.locator(".stats-card .chart")).to_have_count(2, timeout=30_000)
    settle(page)
    page.evaluate("() => document.getElementById('daily-title').scrollIntoView()")
    page.wait_for_timeout(300)
    page.screenshot(path=OUT / f"{language}-daily-history.png")
    context.close()


REAL_DICE = ((6, 6, 5, 5, 5), (1, 2, 3, 4, 5), (4, 4, 4, 2, 1), (3, 3, 6, 6, 6))
"""The rolls entered, one per turn, on the real-dice screenshots."""


def shoot_real_dice(browser: Browser, url: str, language: str) -> None:
    context, page = phone_page(browser, language)
    page.goto(url)
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    for index, name in enumerate((*PLAYERS[language], *PLAYERS[language], *PLAYERS[language])):
        if index:
            page.click("#add-human")
        page.fill(f"#seat-{index}-name", f"{name} {index // 2 + 1}" if index > 1 else name)
    page.click("#dice-real-label")
    page.click("#start")
    for turn in range(7):
        for face in REAL_DICE[turn % len(REAL_DICE)]:
            page.click(f'#pad-faces [data-face="{face}"]')
        if turn == 6:
            break
        page.locator("#sheet button[data-box]:not([disabled])").first.click()
        page.click("#confirm")
    page.click('#sheet button[data-box="three_of_a_kind"]')
    settle(page)
    page.screenshot(path=OUT / f"{language}-real-dice-pad.png")
    page.click("#confirm")
    page.click('#sheet tr[data-row="ones"] td:nth-child(2) button')  # the first player's Ones
    page.click('#correct-entered button[data-face="6"]')
    page.click('#correct-faces [data-face="1"]')
    page.click("#correct-change")
    page.wait_for_timeout(300)
    page.screenshot(path=OUT / f"{language}-real-dice-correct.png")
    page.click("#correct-change")  # confirmed: the sheets below mark the box corrected
    page.set_viewport_size({"width": 640, "height": 360})
    settle(page)
    page.screenshot(path=OUT / f"{language}-real-dice-sideways.png")
    page.set_viewport_size({"width": 1024, "height": 768})
    settle(page)
    page.screenshot(path=OUT / f"{language}-real-dice-tablet.png")
    context.close()


def settle(page: Page) -> None:
    """No focus ring and the top of the screen, as a player first sees it."""
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    page.wait_for_timeout(300)


def play_humans(page: Page) -> None:
    """Each human's turn: roll once, then take the box that pays most now."""
    # The hand-over first: a turn's buttons still show as it comes up.
    while take_phone(page) or page.locator("#human-controls").is_visible():
        page.click("#roll")
        score_best(page)


# Whose turn, in which round: what the game screen says of the turn.
TURN = """() => ['turn-title', 'round'].map(id => document.getElementById(id).textContent).join()"""


def score_best(page: Page) -> None:
    """Takes the box that pays most now."""
    boxes = page.locator("#sheet button[data-box]:not([disabled])")
    values = boxes.evaluate_all("bs => bs.map(b => Number(b.textContent) || 0)")
    boxes.nth(values.index(max(values))).click()
    turn = page.evaluate(TURN)
    page.click("#confirm")
    # The turn has passed: to the hand-over, the next turn, or the end.
    page.wait_for_function(
        f"""(turn) => document.getElementById('handover-screen').checkVisibility()
            || !document.getElementById('game-screen').checkVisibility()
            || ({TURN})() !== turn""",
        arg=turn,
    )


def take_phone(page: Page) -> bool:
    """Taps the hand-over between two humans' turns, if it shows."""
    if not page.locator("#handover-screen").is_visible():
        return False
    # Not sooner than a player reads it: a tap at once is taken for a double tap, and ignored.
    page.wait_for_timeout(CHOICE_GUARD_SECONDS * 1000 + 100)
    page.click("#handover-start")
    expect(page.locator("#handover-screen")).to_be_hidden()
    return True


def skip_computer(page: Page) -> None:
    if page.locator("#computer-controls").is_visible():
        page.wait_for_timeout(CHOICE_GUARD_SECONDS * 1000 + 100)  # as take_phone
        page.click("#skip")
        expect(page.locator("#computer-controls")).to_be_hidden(timeout=30_000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dark", action="store_true", help="also the dark theme")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--language", choices=sorted(LANGUAGES), action="append")
    parser.add_argument(
        "--only", choices=("kept", "coach", "daily", "real-dice"), help="only these screenshots"
    )
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    schemes = ("light", "dark") if args.dark else ("light",)
    with SiteServer(args.dist) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for language in args.language or LANGUAGES:
            if args.only is None:
                for scheme in schemes:
                    shoot(browser, server.url, language, scheme)
                shoot_layouts(browser, server.url, language)
            if args.only in (None, "kept"):
                shoot_kept(browser, server.url, language)
            if args.only in (None, "coach"):
                shoot_coach(browser, server.url, language)
            if args.only in (None, "daily"):
                shoot_daily(browser, server.url, language)
            if args.only in (None, "real-dice"):
                shoot_real_dice(browser, server.url, language)
        browser.close()
    print(f"screenshots written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
