"""Helpers of the browser tests, shared with conftest.py: import them as `browser_helpers`."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Dialog,
    Page,
    Route,
    ViewportSize,
    WebError,
    Worker,
)

from tools.build_site import PACKAGES_ARCHIVE

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
PHONE_VIEWPORT: ViewportSize = {"width": 360, "height": 640}
BOOT_TIMEOUT_MS = 30_000  # generous: a loaded CI machine; the benchmark measures speed


def boot(page: Page, url: str) -> Page:
    """Opens the app and waits until Python has started it; fails with the page's message."""
    page.goto(url)
    wait_until_ready(page)
    return page


def wait_until_ready(page: Page) -> None:
    page.wait_for_selector(
        "html[data-state=ready], html[data-state=failed]", timeout=BOOT_TIMEOUT_MS
    )
    if page.evaluate("document.documentElement.dataset.state") == "failed":
        pytest.fail(f"the app failed to start:\n{start_failure(page)}")


# What the page knows of its scripts' downloads, for a failed start: whether a service worker
# controlled it, and how each script arrived (deliveryType "cache-storage": from its cache).
# Whether an element's text, up to the first `mark` in it (a character), ends within the
# element's own box: a line clamp hides what runs past its last line.
TEXT_UP_TO_IN_SIGHT = """(element, mark) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.data.indexOf(mark);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const end = range.getBoundingClientRect();
        return end.height > 0 && end.bottom <= element.getBoundingClientRect().bottom + 1;
    }
    return false;
}"""

SCRIPT_DOWNLOADS = """() => ({
    controller: navigator.serviceWorker?.controller?.state ?? null,
    scripts: performance.getEntriesByType("resource")
        .filter((entry) => entry.initiatorType === "script")
        .map((entry) => [entry.name, entry.responseStatus, entry.deliveryType,
                         Math.round(entry.startTime), Math.round(entry.duration)]),
})"""


def start_failure(page: Page) -> str:
    """The page's message of a failed start, and how its scripts were downloaded."""
    return f"{page.inner_text('#problem')}\n{page.evaluate(SCRIPT_DOWNLOADS)}"


def wait_for_offline_ready(page: Page) -> None:
    """Waits until the service worker has cached this version and controls the page."""
    # A function, not an expression: Playwright evaluates expressions with eval(), which the
    # app's Content-Security-Policy forbids.
    page.wait_for_function(
        "() => navigator.serviceWorker.controller?.state === 'activated'",
        timeout=BOOT_TIMEOUT_MS,
    )


def wait_for_offline_complete(page: Page) -> None:
    """Waits until the service worker has also kept the files it fetches after the install (the
    strategy tables), as assets/pwa.js marks on <html>."""
    page.wait_for_selector("html[data-offline=complete]", state="attached", timeout=BOOT_TIMEOUT_MS)


def stored_records(page: Page) -> dict[str, str]:
    """Every record the app keeps on the device (in IndexedDB, read by assets/store.js)."""
    return dict(page.evaluate("() => pentaStore.load()"))


def clear_stored_records(page: Page) -> None:
    """Deletes every record the app keeps on the device, as clearing the site's data would."""
    page.evaluate(
        """async () => {
            for (const [key] of await pentaStore.load()) await pentaStore.write(key, null);
            localStorage.clear();
        }"""
    )


class BrowserProblems:
    """Every console error, uncaught error and Python traceback of the watched contexts."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def watch(self, context: BrowserContext) -> None:
        context.on("console", self._on_console)
        context.on("weberror", self._on_error)
        context.on("serviceworker", self._watch_worker)
        for worker in context.service_workers:
            self._watch_worker(worker)

    def unwatch(self, context: BrowserContext) -> None:
        """Stops watching `context` (one that outlives the test)."""
        context.remove_listener("console", self._on_console)
        context.remove_listener("weberror", self._on_error)
        context.remove_listener("serviceworker", self._watch_worker)
        for worker in context.service_workers:
            worker.remove_listener("console", self._on_console)

    def _watch_worker(self, worker: Worker) -> None:
        worker.on("console", self._on_console)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" or "Traceback (most recent call last)" in message.text:
            self.problems.append(f"console {message.type} at {message.location}: {message.text}")

    def _on_error(self, error: WebError) -> None:
        self.problems.append(f"uncaught error: {error.error}")

    def text(self) -> str:
        return "\n".join(self.problems)


def dismissed_dialogs(page: Page) -> list[str]:
    """Dismisses every alert/confirm the page opens; the returned list collects their messages."""
    messages: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        messages.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    return messages


def patch_packaged_module(page: Page, module_path: str, edit: Callable[[str], str]) -> None:
    """Serves the page a packages archive in which `module_path` (e.g. "game/rules/dice.py") is
    the source `edit` returns for the project's own, in place of its compiled .pyc (the archive
    ships no source): Python compiles the edited source."""
    source = edit((ROOT / module_path).read_text())

    def serve(route: Route) -> None:
        original = zipfile.ZipFile(io.BytesIO(route.fetch().body()))
        patched = io.BytesIO()
        with zipfile.ZipFile(patched, "w") as archive:
            for entry in original.infolist():
                if entry.filename == f"{module_path}c":
                    archive.writestr(module_path, source)
                else:
                    archive.writestr(entry, original.read(entry))
        route.fulfill(body=patched.getvalue(), content_type="application/zip")

    page.route(f"**/{PACKAGES_ARCHIVE}", serve)


class HeldRequests:
    """Holds back every request for `pattern` (e.g. "**/pyodide.asm.wasm") until release():
    the page's, or with `context_wide` those of the whole context (its service worker's too)."""

    def __init__(self, page: Page, pattern: str, context_wide: bool = False) -> None:
        self._page = page
        self._held: list[Route] = []
        self._released = False
        (page.context if context_wide else page).route(pattern, self._hold)

    def _hold(self, route: Route) -> None:
        if self._released:
            route.continue_()
        else:
            self._held.append(route)

    def wait_until_requested(self) -> None:
        """Waits until a request is held; fails if none comes within 10 s."""
        for _ in range(200):  # route handlers run while Playwright waits
            if self._held:
                break
            self._page.wait_for_timeout(50)
        assert self._held, "the held file was never requested"

    def release(self) -> None:
        """Lets the held requests and every later one through; fails if none was made."""
        self.wait_until_requested()
        self._released = True
        for route in self._held:
            route.continue_()
