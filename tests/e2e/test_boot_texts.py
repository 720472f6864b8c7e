"""The page is in the user's language before Python starts: the built page carries its texts
in every language (tools/boot_texts.py), and assets/boot.js shows them at once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from game.app.preferences import preferences_to_data
from game.app.start import initial_state
from game.app.start_hint import START_HINT_KEY
from game.i18n.locale import LANGUAGE_ALIASES, LANGUAGE_CODES
from game.i18n.translator import Translator
from game.persistence.session import PREFERENCES, PREFERENCES_KEY
from game.persistence.storage import encode_record
from tests.e2e.browser_helpers import PHONE_VIEWPORT, BrowserProblems, HeldRequests
from tests.e2e.game_helpers import Ui
from tools.boot_texts import SCRIPTS, TextRef, page_texts, read_sources, script_keys
from tools.build_site import PACKAGES_ARCHIVE
from tools.manifests import manifest_path


def inlined_data(dist: Path) -> dict[str, object]:
    page = (dist / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="boot-texts">(.*?)</script>', page)
    assert block, "dist/index.html has no #boot-texts block"
    data: dict[str, object] = json.loads(block.group(1))
    return data


def test_the_built_page_holds_every_start_up_text_in_every_language(dist: Path) -> None:
    page, _ = read_sources()
    refs = {text.ref for text in page_texts(page)}
    boot_keys = {key for path in SCRIPTS for key in script_keys(path.read_text())}
    assert {"boot.startup_failed", "boot.failed.download", "boot.error_after_start"} <= boot_keys
    data = inlined_data(dist)
    assert data["aliases"] == LANGUAGE_ALIASES
    assert data["preferences"] == {"key": PREFERENCES_KEY, "format": PREFERENCES.format}
    languages = data["languages"]
    assert isinstance(languages, dict) and set(languages) == set(LANGUAGE_CODES)
    for language in LANGUAGE_CODES:
        t = Translator(language, strict=True, isolate=False)
        texts = languages[language]["texts"]
        assert languages[language]["dir"] == t.direction
        assert {ref: texts.get(ref) for ref in refs} == {
            ref: TextRef.parse(ref).render(t) for ref in refs
        }
        # A script's message with placeholders arrives as a template that the script fills.
        templates = {
            key: {name: f"{{{name}}}" for name in t.placeholders(key)} for key in boot_keys
        }
        assert {key: texts.get(key) for key in boot_keys} == {
            key: t(key, **templates[key]) for key in boot_keys
        }
        assert texts["boot.downloading"].count("{") == 3


@pytest.mark.allow_browser_errors  # the archive that fails on purpose is a console error
def test_start_up_texts_are_in_the_chosen_language_before_python(
    browser: Browser, app_url: str, dist: Path, browser_problems: BrowserProblems
) -> None:
    context = browser.new_context(locale="he-IL", viewport=PHONE_VIEWPORT)
    browser_problems.watch(context)

    # Hebrew from navigator.languages, past stored preferences that are not even JSON (nested
    # deeply, never closed); Python's code never arrives, so Python never starts.
    page = context.new_page()
    hostile = '[{"language": "et", "payload": ' * 20_000
    page.add_init_script(f"localStorage.setItem({PREFERENCES_KEY!r}, {hostile!r})")
    HeldRequests(page, f"**/{PACKAGES_ARCHIVE}")
    page.goto(app_url, wait_until="domcontentloaded")
    t = Translator("he", strict=True, isolate=False)
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "he")
    expect(html).to_have_attribute("dir", "rtl")
    expect(html).to_have_attribute("data-state", "loading")
    expect(page).to_have_title(t("app.title"))
    expect(page.locator("#status")).to_have_text(t("boot.loading"))
    shown = page.eval_on_selector_all(
        "[data-text]", "elements => elements.map(e => [e.dataset.text, e.textContent])"
    )
    assert len(shown) > 40
    assert {ref: text for ref, text in shown} == {
        ref: TextRef.parse(ref).render(t) for ref, _ in shown
    }
    expect(page.locator("#dice")).to_have_attribute("aria-label", t("die.area"))
    # boot.js fills only the elements its selector finds: every one naming a text is among them.
    unnamed = page.evaluate(
        """(named) => [...document.querySelectorAll("*")]
            .filter((e) => [...e.attributes].some((a) => a.name.startsWith("data-text")))
            .filter((e) => !e.matches(named)).map((e) => e.outerHTML.slice(0, 80))""",
        inlined_data(dist)["named"],
    )
    assert unnamed == []
    # The header's language menu names the languages as Python's view will, Hebrew chosen.
    language_menu = page.locator("#language")
    expect(language_menu.locator("option")).to_have_text(
        [t(f"lang.{code}") for code in LANGUAGE_CODES]
    )
    expect(language_menu).to_have_value("he")
    expect(language_menu).to_be_disabled()
    expect(page.locator("link[rel=manifest]")).to_have_attribute("href", manifest_path("he"))
    assert not browser_problems.problems

    # A language stored in the preferences wins over the browser's; a start-up failure is
    # reported in it.
    estonian = preferences_to_data(initial_state(languages=["et"]))
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [PREFERENCES_KEY, encode_record(PREFERENCES, estonian)],
    )
    page.close()
    page = context.new_page()
    page.route(f"**/{PACKAGES_ARCHIVE}", lambda route: route.abort())
    page.goto(app_url, wait_until="commit")
    page.wait_for_selector("html[data-state=failed]", timeout=30_000)
    et = Translator("et", strict=True, isolate=False)
    expect(html := page.locator("html")).to_have_attribute("lang", "et")
    expect(html).to_have_attribute("dir", "ltr")
    expect(page.locator("#status")).to_have_text(et("boot.startup_failed"))
    # PyScript's fetch of the archive fails, unhandled: the runtime did not load.
    summary = f"{et('boot.failed.runtime')} {et('boot.startup_failed_hint')}"
    expect(page.locator("#problem-summary")).to_have_text(summary)
    expect(page.locator("#problem summary")).to_have_text(et("boot.problem_details"))
    expect(page.locator("#setup-title")).to_have_text(et("setup.title"))
    assert browser_problems.problems == [
        problem
        for problem in browser_problems.problems
        if f"/{PACKAGES_ARCHIVE}" in problem or problem == "uncaught error: Failed to fetch"
    ]
    context.close()


# What the page is like once parsed, before Python has run (it takes some 0.8 s more).
AT_PARSE = """document.addEventListener("DOMContentLoaded", () => {
    const root = document.documentElement;
    const setup = document.getElementById("setup-screen");
    window.atParse = {
        lang: root.lang, dir: root.dir, state: root.dataset.state,
        resuming: "resuming" in root.dataset, setup: getComputedStyle(setup).visibility,
        welcome: getComputedStyle(document.getElementById("setup-welcome")).display !== "none",
    };
});"""


def test_the_next_start_is_in_the_language_and_the_game_that_were_left(
    page: Page, app_url: str
) -> None:
    ui = Ui(page).open(app_url, seed=3)
    page.select_option("#language", "he")
    ui.start()
    dice = ui.roll()
    page.add_init_script(AT_PARSE)
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    # An English browser: before Python, the page was in Hebrew already, and the New game
    # screen out of sight.
    expected = {"lang": "he", "dir": "rtl", "state": "loading", "resuming": True}
    parsed = page.evaluate("atParse")
    assert {key: parsed[key] for key in (*expected, "setup")} == {**expected, "setup": "hidden"}
    expect(page.locator("#game-screen")).to_be_visible()
    assert ui.dice() == dice
    # Left for the New game screen: the next start shows it, still in Hebrew.
    page.click("#leave")
    page.click("#leave-confirm")
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    # Nor the line for a device never played on: this one keeps a game.
    left = {**expected, "resuming": False, "setup": "visible", "welcome": False}
    assert page.evaluate("atParse") == left
    # A hint of another format, or none that reads, is no hint: the browser's language.
    for stored in ('{"format": "penta-start-hint", "version": 2, "language": "he"}', "[[[", "7"):
        page.evaluate(f"localStorage.setItem({START_HINT_KEY!r}, {stored!r})")
        page.evaluate(f"localStorage.removeItem({PREFERENCES_KEY!r})")
        page.reload()
        page.wait_for_selector("html[data-state=ready]")
        assert page.evaluate("atParse")["lang"] == "en", stored
        assert page.evaluate("atParse")["welcome"], stored  # no hint: as a first start


def test_a_start_before_the_first_game_shows_the_welcome_line_from_the_first_paint(
    page: Page, app_url: str
) -> None:
    """A device that opened the app and never played: its hint says so, and the line that says
    what the game is shows before Python, which would otherwise move the page down (0.014 of
    layout shift in Lighthouse's second visit)."""
    Ui(page).open(app_url)
    page.add_init_script(AT_PARSE)
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert page.evaluate("atParse")["welcome"]
    expect(page.locator("#setup-welcome")).to_be_visible()


@pytest.mark.parametrize("locale", ["en-US", "et-EE", "he-IL"])
def test_the_start_s_status_is_whole_on_a_small_phone(
    browser: Browser, app_url: str, locale: str, browser_problems: BrowserProblems
) -> None:
    """At 320 px the header said "Loa…" between the title and the menus (a walk)."""
    context = browser.new_context(locale=locale, viewport={"width": 320, "height": 640})
    browser_problems.watch(context)
    page = context.new_page()
    HeldRequests(page, "**/pyodide.asm.wasm")  # the start goes no further
    page.goto(app_url, wait_until="domcontentloaded")
    t = Translator(locale.split("-")[0], strict=True, isolate=False)
    status = page.locator("#status")
    expect(status).to_have_text(t("boot.loading"))
    assert status.evaluate("(element) => element.scrollWidth <= element.clientWidth")
    context.close()
