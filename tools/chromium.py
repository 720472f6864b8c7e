"""How the tests, the benchmark and the screenshot tool start Debian's Chromium.

Playwright cannot download its own browser on these machines, so it drives Debian's Chromium:
/usr/bin/chromium (package `chromium`) and, for the tests, its headless shell (package
`chromium-headless-shell`); scripts/setup installs them when missing and running as root.
"""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = Path(os.environ.get("PENTA_CHROMIUM", "/usr/bin/chromium"))

# The browser tests drive the same Chromium build without its browser window (Debian's
# `chromium-headless-shell`, from the same source package): no window, tab strip or address bar
# to draw per page (the binary itself, not /usr/bin's wrapper script, so that a test that kills
# the browser kills it). On 2 cores its browser tests ran in 346 s and 685 core-seconds against
# 425 s and 845 for the full browser, and none behaved differently. The benchmarks keep the
# full browser, as a phone's is.
TEST_CHROMIUM = Path(
    os.environ.get("PENTA_TEST_CHROMIUM", "/usr/lib/chromium/chromium-headless-shell")
)

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
