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
