"""A long history in the browser: the start and the History screen with N finished games.

    python -m bench.long_history [--games N ...]

For each N (default 100, 1000, 2000), a device holding N two-player games (dist/ served as
tests do, headless Chromium at 360x640) is started, and prints:
- ready: navigation to interactive (Python has started the app);
- longest start task: the longest main-thread task from the navigation until 5 s after ready
  (the history is checked a step at a time after the start: game.persistence.history);
- history tap: the tap on History, from the input to the next paint (Event Timing), and the
  longest task in the 5 s after it (the statistics and the first points-lost trend).
Figures, not goals: they depend on this machine and on what else it runs.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from cli.random_play import random_game
from game.persistence.history import HISTORY, record_game, save_history
from game.persistence.storage import MemoryStorage
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

DIST = Path(__file__).resolve().parent.parent / "dist"
SETTLE_MS = 5_000

# Every main-thread task over 50 ms and every event over 16 ms, from the page's start.
OBSERVE = """
window.benchTasks = []; window.benchEvents = [];
new PerformanceObserver((list) => { for (const t of list.getEntries())
    benchTasks.push([t.startTime, t.duration]); }).observe({ type: "longtask", buffered: true });
new PerformanceObserver((list) => { for (const e of list.getEntries())
    benchEvents.push([e.name, e.startTime, e.duration]); })
    .observe({ type: "event", durationThreshold: 16, buffered: true });
"""


@dataclass
class Figures:
    ready_ms: float
    longest_start_task_ms: float
    history_tap_ms: float
    longest_history_task_ms: float


def history_text(games: int) -> str:
    """The stored history of `games` two-player games, a few different ones over and over."""
    players = [Player("Dana"), Player("Avi")]
    played = [
        random_game(new_game("penta", players, SeededDice(seed)), random.Random(seed))
        for seed in range(20)
    ]
    first = date(2024, 1, 1)
    records = tuple(
        record_game(f"{number:016x}", played[number % 20], first + timedelta(days=number // 3))
        for number in range(games)
    )
    storage = MemoryStorage()
    assert save_history(storage, records) is None
    return storage.get(HISTORY.key) or ""


def longest_after(page: Page, start_ms: float) -> float:
    tasks = page.evaluate("benchTasks")
    return max((duration for begun, duration in tasks if begun >= start_ms), default=0.0)


def measure(page: Page, url: str, text: str) -> Figures:
    page.goto(url)
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    # Kept where the app keeps it (IndexedDB): a record in localStorage is moved there by
    # the next start, which is not what a device with a long history starts with.
    page.evaluate("text => localStorage.setItem('penta.history', text)", text)
    page.reload()
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    page.wait_for_timeout(SETTLE_MS)
    page.reload()
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    ready = float(page.evaluate("performance.getEntriesByName('penta:ready')[0].startTime"))
    page.wait_for_timeout(SETTLE_MS)
    start_task = longest_after(page, 0.0)
    tapped_at = float(page.evaluate("performance.now()"))
    page.locator("#history-button").tap()
    page.wait_for_selector("#history-screen:not([hidden])", timeout=60_000)
    page.wait_for_timeout(SETTLE_MS)
    events = page.evaluate("benchEvents")
    tap = max(
        (duration for name, begun, duration in events if name == "click" and begun >= tapped_at),
        default=0.0,
    )
    return Figures(ready, start_task, tap, longest_after(page, tapped_at))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.long_history", description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[100, 1000, 2000])
    args = parser.parse_args()
    server = SiteServer(DIST).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
            )
            print("games  ready ms  longest start task ms  history tap ms  longest task after")
            for games in args.games:
                text = history_text(games)
                context = browser.new_context(
                    viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True
                )
                context.add_init_script(OBSERVE)
                figures = measure(context.new_page(), server.url, text)
                context.close()
                print(
                    f"{games:>5}  {figures.ready_ms:>8.0f}  {figures.longest_start_task_ms:>21.0f}"
                    f"  {figures.history_tap_ms:>14.0f}  {figures.longest_history_task_ms:>18.0f}"
                )
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
