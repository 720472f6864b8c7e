"""How the tests, the benchmark and the screenshot tool start Debian's Chromium.

Playwright cannot download its own browser on these machines, so it drives /usr/bin/chromium
(Debian's package `chromium`; scripts/setup installs it when missing and running as root).
"""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = Path(os.environ.get("PENTA_CHROMIUM", "/usr/bin/chromium"))

# Headless as root, without Chromium's own background connections (this machine reaches no
# network but the package registries: they would only add failed requests and delays).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# The browser tests check behaviour, not speed (bench/ measures that with CHROMIUM_ARGS). By
# default V8 compiles the 9.6 MB runtime quickly, then again, optimised, on background threads:
# on a 2-core machine running two test workers that second compile competes with the other
# worker's page for the CPU, and a test's fresh browser context never keeps its result. Only the
# first, baseline compiler: the test command ran its browser tests about a third faster.
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
