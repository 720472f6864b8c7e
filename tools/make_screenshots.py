"""Takes the manifest's screenshots from the built app: `python -m tools.make_screenshots`.

Run after a build (dist/); the PNGs in assets/screenshots/ are committed, so rerun this when the
app's look changes (then rebuild). Narrow is a phone (360x640 at 2x), wide a desktop window.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "assets" / "screenshots"
# name: (CSS width, CSS height, device scale factor); sizes must match the manifest's.
SHOTS = {"narrow": (360, 640, 2), "wide": (1280, 720, 1)}


def main() -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with SiteServer(ROOT / "dist") as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for name, (width, height, scale) in SHOTS.items():
            page = browser.new_page(
                viewport={"width": width, "height": height},
                device_scale_factor=scale,
                service_workers="block",
            )
            page.goto(server.url)
            page.wait_for_selector("html[data-state=ready]", timeout=60_000)
            page.click("#roll")
            page.screenshot(path=SCREENSHOTS / f"{name}.png")
            page.close()
        browser.close()
    print(f"screenshots written to {SCREENSHOTS}")


if __name__ == "__main__":
    main()
