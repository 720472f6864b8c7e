"""Phone-size screenshots of the game screens for the README: `python -m tools.doc_screenshots`.

Run after a build (dist/). For each language (English, Hebrew, Estonian) it plays a seeded game
through the UI and writes docs/screenshots/<language>-setup.png, -game.png and -end.png at
360x640 CSS pixels (2x device pixels), in the light theme, and the help at the table:
-guide.png (the guided first turn), -handover.png (passing the phone between two humans),
-box-help.png (a box's name tapped) and -rules-game.png (the rules opened mid-turn, the
countdown waiting); `--dark` adds the dark theme's (<language>-<screen>-dark.png). Then the
game screen of four players at each layout's size (LAYOUTS: a phone upright and sideways, a
tablet, a desktop), at the last roll with the hint shown: <language>-layout-<width>x<height>.png.
Real dice (`--real-dice-only` for these alone): the pad at 360x640 with a roll entered and a
box chosen, <language>-real-dice-pad.png, a correction asking to be confirmed,
<language>-real-dice-correct.png, and six players' whole sheet on a tablet (1024x768)
with the "Next" line, <language>-real-dice-tablet.png.
The dice are seeded, so the pictures change only when the app's look does.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import Browser, Page, expect, sync_playwright

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
LAYOUTS = ((360, 640), (640, 360), (1024, 768), (1280, 800))


def shoot(browser: Browser, url: str, language: str, scheme: str) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        device_scale_factor=2,
        locale=LANGUAGES[language],
        color_scheme=scheme,  # type: ignore[arg-type]
        reduced_motion="reduce",
        service_workers="block",
    )
    page = context.new_page()
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
        page.wait_for_timeout(500)  # (a roll sooner than 0.4 s after the last is a double tap)
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
        page.wait_for_timeout(450)  # past the double-tap guard
    page.click("#hint")
    for width, height in LAYOUTS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => document.activeElement?.blur()")
        page.wait_for_timeout(300)
        page.screenshot(path=OUT / f"{language}-layout-{width}x{height}.png")
    context.close()


REAL_DICE = ((6, 6, 5, 5, 5), (1, 2, 3, 4, 5), (4, 4, 4, 2, 1), (3, 3, 6, 6, 6))
"""The rolls entered, one per turn, on the real-dice screenshots."""


def shoot_real_dice(browser: Browser, url: str, language: str) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        device_scale_factor=2,
        locale=LANGUAGES[language],
        reduced_motion="reduce",
        service_workers="block",
    )
    page = context.new_page()
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
    page.click("#correct-cancel")
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
    while page.locator("#human-controls").is_visible() or take_phone(page):
        page.click("#roll")
        score_best(page)


def score_best(page: Page) -> None:
    """Takes the box that pays most now."""
    boxes = page.locator("#sheet button[data-box]:not([disabled])")
    values = boxes.evaluate_all("bs => bs.map(b => Number(b.textContent) || 0)")
    boxes.nth(values.index(max(values))).click()
    page.click("#confirm")


def take_phone(page: Page) -> bool:
    """Taps the hand-over between two humans' turns, if it shows."""
    if not page.locator("#handover-screen").is_visible():
        return False
    page.click("#handover-start")
    return True


def skip_computer(page: Page) -> None:
    if page.locator("#computer-controls").is_visible():
        page.click("#skip")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dark", action="store_true", help="also the dark theme")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--language", choices=sorted(LANGUAGES), action="append")
    parser.add_argument("--real-dice-only", action="store_true", help="the real-dice screens")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    schemes = ("light", "dark") if args.dark else ("light",)
    with SiteServer(args.dist) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for language in args.language or LANGUAGES:
            if not args.real_dice_only:
                for scheme in schemes:
                    shoot(browser, server.url, language, scheme)
                shoot_layouts(browser, server.url, language)
            shoot_real_dice(browser, server.url, language)
        browser.close()
    print(f"screenshots written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
