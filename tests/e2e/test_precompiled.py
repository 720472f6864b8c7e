"""The app's own modules, and PyScript's Python package, start from the .pyc the build made in the
packages' archive, not compiled in the browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser_helpers import boot

# Appended to shell/main.py: once the app is ready (its start is asynchronous), for every
# module of game/, shell/ and pyscript/ imported at start-up, whether it was loaded from its .pyc
# in the packages' archive (zipimport names the file it loaded), an unchecked hash-based one
# (the archive ships no source to check it against).
REPORT = """
import sys as _sys

def _uses_pyc(module):
    loaded = module.__spec__.origin
    if not loaded.endswith(".pyc"):
        return False
    flags = int.from_bytes(module.__loader__.get_data(loaded)[4:8], "little")
    return flags == 0b01

def _report(*_args):
    packages = ("game", "shell", "pyscript")
    ours = [m for name, m in list(_sys.modules.items()) if name.split(".")[0] in packages]
    ours = [m for m in ours if getattr(m, "__file__", None)]
    document.documentElement.dataset.pyscriptModules = str(
        sum(m.__name__.split(".")[0] == "pyscript" for m in ours)
    )
    document.documentElement.dataset.notFromPyc = " ".join(
        sorted(m.__name__ for m in ours if not _uses_pyc(m))
    )
    document.documentElement.dataset.ownModules = str(len(ours))

from pyodide.ffi import create_proxy as _create_proxy

_REPORT_PROXY = _create_proxy(_report)
document.addEventListener("penta:ready", _REPORT_PROXY)
"""


@pytest.mark.first_visit  # the page's route sees main.py only where no service worker answers
def test_own_modules_load_from_their_pyc(page: Page, app_url: str) -> None:
    page.route("**/shell/main.py", lambda route: route.fulfill(body=route.fetch().text() + REPORT))
    boot(page, app_url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-own-modules", re.compile(r"^\d+$"))
    assert int(html.get_attribute("data-own-modules") or 0) >= 3
    assert int(html.get_attribute("data-pyscript-modules") or 0) >= 3
    assert html.get_attribute("data-not-from-pyc") == ""


def test_a_warm_start_reads_the_runtimes_compiled_code(page: Page, app_url: str) -> None:
    """The installed app's start runs the runtime's classic script, with the code V8 compiled as
    the service worker cached it (tools/classic_runtime.py): no function of it compiled anew."""
    compiled: list[dict[str, object]] = []
    cdp = page.context.new_cdp_session(page)
    cdp.on(
        "Tracing.dataCollected",
        lambda data: compiled.extend(
            event["args"]["data"]
            for event in data["value"]
            if event.get("name") == "v8.compile"
            and "pyodide.asm" in str(event.get("args", {}).get("data", {}).get("url"))
        ),
    )
    cdp.send("Tracing.start", {"categories": "v8", "transferMode": "ReportEvents"})
    boot(page, app_url)
    finished: list[object] = []
    cdp.on("Tracing.tracingComplete", lambda data: finished.append(data))
    cdp.send("Tracing.end")
    expect(page.locator("html")).to_have_attribute("data-snapshot", "restored")
    while not finished:
        page.wait_for_timeout(50)
    cdp.detach()
    assert len(compiled) == 1, f"the runtime's classic script compiled: {compiled}"
    runtime = compiled[0]
    assert str(runtime["url"]).endswith("/runtime/pyodide/pyodide.asm.js")
    assert runtime.get("cacheKind") == "full" and runtime.get("cacheRejected") is False
    assert int(str(runtime.get("consumedCacheSize", 0))) > 1_000_000
    loaded = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert not any(name.endswith("pyodide.asm.mjs") for name in loaded)
