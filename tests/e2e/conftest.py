"""Shared fixtures of the browser tests: the built site served on localhost, Debian's Chromium
driven by pytest-playwright, and strict error checking.

Strictness: every test that uses a browser context fails when the page, a worker or the service
worker logs a console error or a Python traceback, or throws an uncaught error (a Python
exception in an event handler surfaces only as such a page error). A test that provokes errors
on purpose marks itself `@pytest.mark.allow_browser_errors` and inspects `browser_problems`.

Fixtures and helpers for later tests:
- `page`: a phone-sized page of the app installed (tests/e2e/installed_app.py), without its
  records; of a fresh browser context (a first visit, as `context`'s) where the test uses
  `context` too or is marked `first_visit`;
- `app_url`: the app served from dist/ at the root of a localhost server;
- `site_server(mount="/")`: a server of its own (for a sub-path, or to stop it);
- `boot(page, url)`: opens the app and waits until it is ready (fails on a start-up error);
- `persistent_context()`: a Chromium profile on disk (service worker kept, installability);
- `browser_problems`: what the strict check collected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    BrowserContext,
    BrowserType,
    Page,
)

from tests.e2e.browser_helpers import DIST, PHONE_VIEWPORT, BrowserProblems
from tests.e2e.installed_app import InstalledTab, install, restart_clock
from tools.chromium import TEST_CHROMIUM, TEST_CHROMIUM_ARGS
from tools.serve import SiteServer


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "allow_browser_errors: the test provokes browser errors and checks them itself"
    )
    config.addinivalue_line(
        "markers", "first_visit: the test's `page` is of a fresh browser context, not installed"
    )


# --- pytest-playwright settings -------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not TEST_CHROMIUM.exists():
        pytest.fail(
            f"{TEST_CHROMIUM} is missing: run ./scripts/setup as root,"
            " or apt-get install chromium-headless-shell"
        )
    return {
        **browser_type_launch_args,
        "executable_path": str(TEST_CHROMIUM),
        "args": TEST_CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE_VIEWPORT}


# --- the site -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run ./scripts/setup (or python -m tools.build_site)")
    return DIST


@pytest.fixture(scope="session")
def app_url(dist: Path) -> Iterator[str]:
    with SiteServer(dist) as server:
        yield server.url


@pytest.fixture
def site_server(dist: Path) -> Iterator[Callable[..., SiteServer]]:
    """Starts servers of the test's own (stopped at the end unless the test stopped them)."""
    servers: list[SiteServer] = []

    def start(mount: str = "/", root: Path = dist) -> SiteServer:
        server = SiteServer(root, mount).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


# --- strict error checking ------------------------------------------------------------------


PROBLEMS = pytest.StashKey[BrowserProblems]()


@pytest.fixture
def browser_problems(request: pytest.FixtureRequest) -> BrowserProblems:
    problems = BrowserProblems()
    if "context" in request.fixturenames:
        problems.watch(request.getfixturevalue("context"))
    request.node.stash[PROBLEMS] = problems
    return problems


@pytest.fixture(autouse=True)
def _strict_browser(request: pytest.FixtureRequest) -> None:
    # Makes every test that uses a browser context collect problems (see the hook below).
    if "context" in request.fixturenames or "page" in request.fixturenames:
        request.getfixturevalue("browser_problems")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    problems = item.stash.get(PROBLEMS, None)
    try:
        result = yield
    except BaseException:
        # A test that already failed is reported as it is, with what the browser said.
        if problems and problems.problems:
            item.add_report_section("call", "browser problems", problems.text())
        raise
    if problems and problems.problems and not item.get_closest_marker("allow_browser_errors"):
        pytest.fail(f"the browser reported problems:\n{problems.text()}", pytrace=False)
    return result


# --- the installed app ----------------------------------------------------------------------


@pytest.fixture(scope="session")
def installed_context(
    browser_type: BrowserType, app_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """This test process's profile with the app installed (tests/e2e/installed_app.py)."""
    context = browser_type.launch_persistent_context(
        tmp_path_factory.mktemp("installed") / "profile",
        executable_path=str(TEST_CHROMIUM),
        args=TEST_CHROMIUM_ARGS,
        headless=True,
        viewport=PHONE_VIEWPORT,
    )
    install(context, app_url)
    yield context
    context.close()


@pytest.fixture(scope="session")
def installed_tab(installed_context: BrowserContext, app_url: str) -> InstalledTab:
    """The tab of the installed app that this process's tests open it in, one after another."""
    return InstalledTab(installed_context, app_url)


@pytest.fixture
def page(request: pytest.FixtureRequest, browser_problems: BrowserProblems) -> Iterator[Page]:
    """A page of the installed app without its records; of a fresh browser context (a first
    visit) where the test uses `context` too or is marked `first_visit`."""
    uses_context = "context" in request.fixturenames  # (before it is asked for below)
    if uses_context or request.node.get_closest_marker("first_visit"):
        context: BrowserContext = request.getfixturevalue("context")
        if not uses_context:  # else browser_problems watches it already
            browser_problems.watch(context)
        yield context.new_page()  # closed with its context
        return
    installed: BrowserContext = request.getfixturevalue("installed_context")
    tab: InstalledTab = request.getfixturevalue("installed_tab")
    page = tab.clean_page()
    browser_problems.watch(installed)
    try:
        yield page
    finally:
        browser_problems.unwatch(installed)
        restart_clock(installed)
        tab.leave()


# --- persistent profiles --------------------------------------------------------------------


@pytest.fixture
def persistent_context(
    browser_type: BrowserType,
    browser_problems: BrowserProblems,
    tmp_path: Path,
) -> Iterator[Callable[..., BrowserContext]]:
    """Opens Chromium with a profile on disk, like an installed app's (the same profile each
    call within a test, so a second call is a restart). Problems are checked strictly.
    `browser`: the full browser, for what its headless shell leaves out (the settings of a
    profile's Preferences file)."""
    profile = tmp_path / "profile"
    opened: list[BrowserContext] = []

    def open_context(browser: Path = TEST_CHROMIUM) -> BrowserContext:
        context = browser_type.launch_persistent_context(
            profile,
            executable_path=str(browser),
            args=TEST_CHROMIUM_ARGS,
            headless=True,
            viewport=PHONE_VIEWPORT,
        )
        browser_problems.watch(context)
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        context.close()
