"""The app starts in a real browser: layout at once, controls once Python is up, readable errors."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.browser_helpers import (
    BrowserProblems,
    HeldRequests,
    boot,
    patch_packaged_module,
    wait_until_ready,
)
from tests.e2e.game_helpers import Ui
from tools.chromium import CHROMIUM
from tools.manifests import manifest_path

# The start of a first visit: each test's page is of a fresh browser context.
pytestmark = pytest.mark.first_visit

DOWNLOADING = re.compile(r"^Downloading \d+\.\d of \d+\.\d MB \(\d+%\)$")


# Each text the Start game button's download count shows, in turn.
DOWNLOAD_TEXTS = """
window.downloadTexts = [];
new MutationObserver(() => {
    const count = document.getElementById("download");
    const text = count && !count.hidden ? count.textContent : "";
    if (text && text !== downloadTexts.at(-1)) downloadTexts.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def test_page_is_laid_out_and_loading_before_python_is_ready(page: Page, app_url: str) -> None:
    runtime = HeldRequests(page, "**/pyodide.asm.wasm")  # until the checks are done
    page.add_init_script(DOWNLOAD_TEXTS)
    page.goto(app_url)
    page.wait_for_load_state("load")
    expect(page.locator("html")).to_have_attribute("data-state", "loading")
    expect(page).to_have_title("Penta")
    expect(page.locator("h1")).to_have_text("Penta")
    expect(page.locator("#dice .die")).to_have_count(5)
    expect(page.locator("#setup-screen")).to_be_visible()  # the New game screen, before Python
    # A device never played on: what the game is, from the first paint (Python's first render
    # would otherwise move the page down).
    expect(page.locator("#setup-welcome")).to_be_visible()
    # Nothing on it takes a choice before Python can keep it (a dice choice was lost).
    controls = page.locator("#setup-screen :is(input, button, select, textarea)")
    assert controls.count() > 5
    expect(controls.locator("visible=true").and_(page.locator(":enabled"))).to_have_count(0)
    # In English, as written: boot.js filled only the language menu and the manifest's link.
    expect(page.locator("#language option")).to_have_text(["English", "עברית", "Eesti"])
    expect(page.locator("#language")).to_have_value("en")
    expect(page.locator("link[rel=manifest]")).to_have_attribute("href", manifest_path("en"))
    expect(page.locator("#progress")).to_be_visible()
    # A first visit: the bar fills as the runtime's bytes arrive, and says how many.
    expect(page.locator("#download")).to_have_text(DOWNLOADING)
    # On the Start game button that waits for them, the same size: not over the welcome line
    # (under the header, the count lay over its first line).
    count, start = (page.locator(f"#{id}").bounding_box() for id in ("download", "start"))
    assert count == start, (count, start)
    expect(page.locator("#start")).to_have_accessible_name("Start game")
    # The other files arrive, the WebAssembly is still held: the bar shows the part downloaded.
    page.wait_for_function(
        "() => Number(document.getElementById('progress').dataset.done) > 0.1",
        timeout=30_000,
    )
    assert float(page.get_attribute("#progress", "data-done") or "nan") < 1
    expect(page.locator("#download")).to_have_text(DOWNLOADING)

    runtime.release()
    wait_until_ready(page)
    expect(page.locator("#start")).to_be_enabled()
    expect(page.locator("#progress")).to_be_hidden()
    expect(page.locator("#download")).to_be_hidden()
    # Every file in, the button said that the runtime was starting, until Python was up.
    *counts, last = page.evaluate("downloadTexts")
    assert counts and all(DOWNLOADING.match(count) for count in counts), counts
    assert last == "Starting…"
    expect(page.locator("#start")).to_have_text("Start game")


# Every layout shift the page makes by itself, summed (what Lighthouse's CLS adds up), and what
# each of the page's own scripts and stylesheets was waiting for when it was first painted.
LAYOUT_SHIFTS = """
window.layoutShift = 0;
new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }
}).observe({ type: "layout-shift", buffered: true });
"""
RUNTIME_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "packages.zip")


def test_first_visit_paints_before_the_runtime_downloads_and_nothing_moves(
    page: Page, app_url: str
) -> None:
    page.add_init_script(LAYOUT_SHIFTS)
    # The page's requests and its workers' (the WebAssembly is the worker's): when each started.
    requested: list[tuple[str, float]] = []
    page.on(
        "requestfinished",
        lambda request: requested.append(
            (request.url.split("?")[0].split("/")[-1], request.timing["startTime"])
        ),
    )
    runtime = HeldRequests(page, "**/pyodide.asm.wasm")
    page.goto(app_url)
    expect(page.locator("#download")).to_have_text(DOWNLOADING)
    runtime.release()
    wait_until_ready(page)
    expect(page.locator(".seat")).to_have_count(1)  # added by Python, in the room kept for it
    # The runtime's large files were asked for only once the page had painted.
    first_paint = page.evaluate(
        """() => performance.timeOrigin
            + performance.getEntriesByName("first-contentful-paint")[0].startTime"""
    )
    runtime_requests = [(name, start) for name, start in requested if name in RUNTIME_FILES]
    assert {name for name, _ in runtime_requests} == set(RUNTIME_FILES)
    assert all(start > first_paint for _, start in runtime_requests), (
        first_paint,
        runtime_requests,
    )
    shift = page.evaluate("window.layoutShift")
    assert shift < 0.01, f"the page moved by itself while it started: {shift}"


def test_a_click_rolls_five_dice(page: Page, app_url: str) -> None:
    boot(page, app_url)
    page.click("#start")
    expect(page.locator("#dice .die:not([data-face])")).to_have_count(5)
    page.click("#roll")
    dice = page.locator("#dice .die")
    for index in range(5):
        expect(dice.nth(index)).to_have_attribute("data-face", re.compile(r"^[1-6]$"))
        face = dice.nth(index).get_attribute("data-face")
        label = f"Die {index + 1}: {face}, not kept"
        expect(dice.nth(index)).to_have_attribute("aria-label", label)


def test_python_waits_for_the_pyscript_setup_however_late_it_arrives(
    page: Page, app_url: str
) -> None:
    # On a first visit the setup script can queue behind the runtime's large downloads. Python
    # that started before it removed PyScript's eval-built worker hook failed the page's
    # Content-Security-Policy (a console error, which the strict fixture turns into a failure).
    setup = HeldRequests(page, "**/assets/pyscript-setup.js")
    page.goto(app_url, wait_until="commit")  # "load" waits for the held script
    page.wait_for_timeout(3000)  # longer than the runtime takes to load without it
    expect(page.locator("html")).to_have_attribute("data-state", "loading")
    setup.release()
    wait_until_ready(page)
    page.click("#start")
    page.click("#roll")
    expect(page.locator("#dice .die[data-face]")).to_have_count(5)


@pytest.mark.allow_browser_errors
def test_a_python_error_at_start_shows_a_readable_message(
    page: Page, app_url: str, browser_problems: BrowserProblems
) -> None:
    patch_packaged_module(
        page, "game/rules/dice.py", lambda source: "raise RuntimeError('broken on purpose')\n"
    )
    page.goto(app_url)
    page.wait_for_selector("html[data-state=failed]", timeout=30_000)
    expect(page.locator("#status")).to_have_text("Penta could not start.")
    expect(page.locator("#problem-summary")).to_contain_text("error in its Python code")
    expect(page.locator("#problem-details")).to_contain_text("RuntimeError: broken on purpose")
    expect(page.locator("#start")).to_be_disabled()
    expect(page.locator("#progress")).to_be_hidden()
    # The strict check would have failed any other test: the traceback reached the console.
    assert "RuntimeError: broken on purpose" in browser_problems.text()


def test_with_site_data_blocked_by_the_browser_the_game_plays_and_says_nothing_is_kept(
    persistent_context: Callable[..., BrowserContext], tmp_path: Path, app_url: str
) -> None:
    """The browser's setting that blocks cookies and site data refuses IndexedDB,
    localStorage, Cache Storage and the service worker. PyScript's loader kept an IndexedDB
    database of its own and could not start: the app now starts, plays, and says that the
    game is lost once the page closes. Strict: no console error."""
    preferences = tmp_path / "profile" / "Default" / "Preferences"
    preferences.parent.mkdir(parents=True)
    blocked = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    preferences.write_text(json.dumps(blocked))
    ui = Ui(persistent_context(CHROMIUM).new_page()).open(app_url, seed=7)
    page = ui.page
    assert page.evaluate("() => { try { localStorage.length; } catch { return 'blocked'; } }")
    expect(page.locator("#notices")).to_contain_text("nothing is kept")
    ui.start()
    dice = ui.roll()
    ui.score("chance")
    expect(page.locator("#live")).to_have_text(f"Player 1 scored {sum(dice)} points in Chance")
    # No offer to install: the service worker is refused, so installed it would not open offline.
    page.click("#leave")
    page.click("#leave-confirm")
    expect(page.locator("#setup-screen")).to_be_visible()
    page.wait_for_timeout(1_000)  # the service worker's registration refused meanwhile
    expect(page.locator("#install")).to_be_hidden()


@pytest.mark.allow_browser_errors
def test_a_python_error_in_an_event_handler_is_caught(
    page: Page, app_url: str, browser_problems: BrowserProblems
) -> None:
    def broken_roll(source: str) -> str:
        return source + "\n\ndef roll(*args, **kwargs):\n    raise ValueError('no dice')\n"

    patch_packaged_module(page, "game/rules/dice.py", broken_roll)
    boot(page, app_url)
    assert not browser_problems.problems
    # An error of a browser extension's script is not the app's: no problem is shown.
    page.evaluate(
        """() => dispatchEvent(new ErrorEvent("error", {
            message: "extension", filename: "chrome-extension://abcdefgh/content.js"}))"""
    )
    page.click("#start")
    expect(page.locator("#problem")).to_be_hidden()
    page.click("#roll")
    expect(page.locator("#problem")).to_be_visible()
    expect(page.locator("#problem-details")).to_contain_text("ValueError: no dice")
    assert "ValueError: no dice" in browser_problems.text()


def test_start_up_imports_only_pre_compiled_standard_modules(page: Page, app_url: str) -> None:
    # Reports, once the app has started, which modules were imported from the standard
    # library's zip as source (compiled in the browser) instead of as .pyc.
    report = """
import sys as _sys
document.documentElement.dataset.fromSource = " ".join(sorted(
    name for name, module in list(_sys.modules.items())
    if ".zip/" in (origin := getattr(getattr(module, "__spec__", None), "origin", None) or "")
    and origin.endswith(".py")
))
document.documentElement.dataset.compiled = str(sum(
    (getattr(getattr(m, "__spec__", None), "origin", None) or "").endswith(".pyc")
    for m in list(_sys.modules.values())
))
"""
    page.route("**/shell/main.py", lambda route: route.fulfill(body=route.fetch().text() + report))
    boot(page, app_url)
    html = page.locator("html")
    from_source = html.get_attribute("data-from-source")
    assert from_source == "", (
        f"start-up compiled these standard modules in the browser: {from_source}; "
        "take them out of KEEP_AS_SOURCE in tools/pyodide_stdlib.py"
    )
    assert int(html.get_attribute("data-compiled") or 0) > 50


@pytest.mark.allow_browser_errors
@pytest.mark.parametrize(
    ("missing", "named"),
    [
        ("runtime/pyodide/pyodide.asm.wasm", "pyodide.asm.wasm"),
        ("runtime/pyscript/core-*.js", "runtime/pyscript/"),
        ("pyscript.toml", "pyscript.toml"),
    ],
)
def test_a_file_that_does_not_download_shows_a_readable_message(
    page: Page, app_url: str, missing: str, named: str
) -> None:
    page.route(f"**/{missing}", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(app_url)
    page.wait_for_selector("html[data-state=failed]", timeout=30_000)
    expect(page.locator("#status")).to_have_text("Penta could not start.")
    expect(page.locator("#problem-summary")).to_contain_text("Reload the page.")
    expect(page.locator("#problem-details")).to_contain_text(named)
    expect(page.locator(".py-error:visible")).to_have_count(0)  # no raw banner
