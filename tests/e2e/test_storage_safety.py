"""Nothing lost: one tab owns the game, a killed browser keeps every box, a full storage says so.

- Two tabs of one browser: the second says the game is open in the other one and offers to take
  it over; taking over shows the newest save, and the first tab then says the same. Boxes
  scored in turn in both tabs all end up in the save.
- A browser killed (SIGKILL of its own process, with a profile on disk) right after Confirm
  keeps the box just scored, 20 times in a row (5 outside CI), from the first box of a new game on.
- A storage that is full: the game in memory is offered for export, and a reload says that the
  game restored is older than the one being played.

The games are seeded and played beside the engine in CPython, as in test_persistence.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from game.coach.greedy import best_immediate_box
from game.persistence.session import read_session_text
from game.play.engine import new_game, roll, score
from game.play.random_source import SeededDice
from game.play.state import GameState, Player
from tests.e2e.browser_helpers import BrowserProblems, wait_until_ready
from tests.e2e.game_helpers import PHONE, Ui
from tests.e2e.test_persistence import SEED, play_turn, start_dana, wait_until_saved
from tests.profiles import is_thorough
from tools.chromium import TEST_CHROMIUM, TEST_CHROMIUM_ARGS
from tools.serve import SiteServer

# 8 in CI (the thorough profile), 3 in a run while working; PENTA_KILLS sets any number (each
# kill is a browser start, about 2 s of CPU).
KILLS = int(os.environ.get("PENTA_KILLS", "8" if is_thorough() else "3"))


def totals(game: GameState) -> list[str]:
    return [str(sheet.total) for sheet in game.sheets]


def expect_totals(page: Page, game: GameState) -> None:
    expect(page.locator('#sheet tr[data-row="total"] td')).to_have_text(totals(game))


# --- point 3: two tabs ------------------------------------------------------------------------


def open_second_tab(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url + f"?seed={SEED}")
    wait_until_ready(page)
    return page


@pytest.mark.heavy
def test_a_second_tab_says_the_game_is_open_elsewhere_and_taking_over_loses_no_move(
    page: Page, app_url: str
) -> None:
    first = Ui(page)
    game = start_dana(first, app_url)
    game = play_turn(first, game)  # a box scored in the first tab

    second_page = open_second_tab(page.context, app_url)  # of the installed app, as the first
    elsewhere = second_page.locator("#elsewhere-screen")
    expect(elsewhere).to_be_visible()
    expect(second_page.locator("#game-screen")).to_be_hidden()
    expect(second_page.locator("#elsewhere-text")).to_have_text(
        "Penta is open in another tab or window. Only one of them can play, so that no move "
        "is lost."
    )
    take_over = second_page.locator("#take-over")
    expect(take_over).to_have_text("Play here")

    take_over.click()
    expect(second_page.locator("#game-screen")).to_be_visible()
    expect_totals(second_page, game)  # the newest save: the first tab's box is there
    expect(page.locator("#elsewhere-screen")).to_be_visible()  # the first tab gave way
    expect(page.locator("#game-screen")).to_be_hidden()

    game = play_turn(Ui(second_page), game)  # a box scored in the second tab
    # And back to the first, brought to the front as a player's click on its tab does (a tab
    # behind another gets its timers and animation frames late, at most once a second).
    page.bring_to_front()
    page.locator("#take-over").click()
    expect(page.locator("#game-screen")).to_be_visible()
    expect_totals(page, game)
    expect(second_page.locator("#elsewhere-screen")).to_be_visible()
    game = play_turn(first, game)

    # Every box of both tabs is in the save.
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#game-screen")).to_be_visible()
    expect_totals(page, game)
    expect(page.locator("#round")).to_have_text("Round 4 of 13")


# --- point 4: a killed browser ----------------------------------------------------------------


class KillableChromium:
    """Debian's Chromium started as its own process on a profile on disk, driven over the
    DevTools protocol, so that the test can kill the browser itself (SIGKILL, no shutdown)."""

    def __init__(self, playwright: Playwright, profile: Path, problems: BrowserProblems) -> None:
        self._playwright = playwright
        self._profile = profile
        self._problems = problems
        self._process: subprocess.Popen[bytes] | None = None

    def launch(self) -> Page:
        port_file = self._profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)
        self._process = subprocess.Popen(
            [
                str(TEST_CHROMIUM),
                *TEST_CHROMIUM_ARGS,
                "--headless=new",
                f"--user-data-dir={self._profile}",
                "--remote-debugging-port=0",
                # As Playwright's own launch: /dev/shm of a container is small (64 MB), and the
                # shared memory of a killed browser is never given back there.
                "--disable-dev-shm-usage",
                f"--window-size={PHONE['width']},{PHONE['height']}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: the kill reaches all of it
        )
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            assert time.monotonic() < deadline, "Chromium did not open its DevTools port"
            time.sleep(0.01)
        port = port_file.read_text().split()[0]
        browser = self._playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        context = browser.contexts[0]
        self._problems.watch(context)
        page = context.pages[0] if context.pages else context.new_page()
        page.set_viewport_size(PHONE)
        return page

    def kill(self) -> None:
        """SIGKILL to the browser's own process, then to what it started (its renderers...),
        which would otherwise linger."""
        if self._process is None:
            return
        process, self._process = self._process, None
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        # The next browser must not start on the profile while a process of this one still
        # runs (zombies are dead: only their parent, here the container's init, has to reap them).
        deadline = time.monotonic() + 10
        while living_members(process.pid) and time.monotonic() < deadline:
            time.sleep(0.01)


def living_members(group: int) -> list[int]:
    """The processes of process group `group` that have not yet died (Linux /proc)."""
    living = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            # "pid (comm) state ppid pgrp ...": the command may hold spaces and parentheses.
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == group and fields[0] != "Z":
                living.append(int(stat.parent.name))
    return living


@pytest.fixture
def killable_chromium(
    playwright: Playwright, tmp_path: Path, browser_problems: BrowserProblems
) -> Iterator[KillableChromium]:
    chromium = KillableChromium(playwright, tmp_path / "profile", browser_problems)
    yield chromium
    chromium.kill()


def wait_until_the_page_says_it_is_saved(page: Page, game: GameState) -> float:
    """Waits until the page's own storage gives back the session with `game`'s boxes (the
    moment a player's browser could be killed at the earliest and still keep them); returns
    how long that took after the box showed."""
    return wait_until_saved(
        page, lambda saved: totals(saved) == totals(game), f"the totals {totals(game)}"
    )


@pytest.mark.heavy
def test_no_box_is_lost_when_the_browser_is_killed_right_after_confirm(
    killable_chromium: KillableChromium, site_server: Callable[..., SiteServer]
) -> None:
    server = site_server()
    url = server.url + f"?seed={SEED}"
    ui = Ui(killable_chromium.launch())
    ui.open(server.url, seed=SEED)
    ui.set_players([("Dana", "human", None), ("Eli", "human", None)])
    ui.set_auto_score(0)
    ui.set_pass_phone(False)  # the sheet stays on screen from one turn to the next
    ui.start()
    game = new_game("penta", [Player("Dana"), Player("Eli")], SeededDice(SEED))
    lost = []
    latencies: list[float] = []
    for kill in range(KILLS):
        game = roll(game, game.current_player)
        assert ui.roll() == game.dice
        box = best_immediate_box(game)
        ui.score(box)
        game = score(game, game.current_player, box)
        expect_totals(ui.page, game)  # the box is on screen: confirmed
        latencies.append(wait_until_the_page_says_it_is_saved(ui.page, game))
        killable_chromium.kill()

        page = killable_chromium.launch()
        page.goto(url)
        wait_until_ready(page)
        ui = Ui(page)
        scored = page.locator('#sheet tr[data-row="total"] td').all_inner_texts()
        if not page.locator("#game-screen").is_visible() or scored != totals(game):
            lost.append(f"kill {kill + 1}: the page shows {scored}, not {totals(game)}")
            break
    assert not lost, lost
    print(f"from the box on screen to the storage holding it: at most {max(latencies):.3f} s")


# --- point 5: a full storage ------------------------------------------------------------------


FILL_LOCAL_STORAGE = """() => {
    // Fills localStorage to its last character, with keys of its own.
    let size = 1 << 20, index = 0;
    while (size >= 1) {
        try { localStorage.setItem(`filler.${index}`, 'x'.repeat(size)); index += 1; }
        catch { size = Math.floor(size / 2); }
    }
}"""


REFUSE_INDEXED_DB_WRITES = """() => {
    // IndexedDB refuses every write from now on, as a browser whose storage is full does.
    // (Chromium's DevTools quota override does not reach IndexedDB's quota here.)
    IDBObjectStore.prototype.put = function put() {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
}"""


def fill_storage(page: Page) -> None:
    """Leaves no room in this page's storage: IndexedDB refuses writes, localStorage is full."""
    page.evaluate(REFUSE_INDEXED_DB_WRITES)
    page.evaluate(FILL_LOCAL_STORAGE)


def test_a_full_storage_offers_the_game_for_export_and_a_reload_says_the_save_is_older(
    page: Page, app_url: str
) -> None:
    ui = Ui(page)
    game = start_dana(ui, app_url)
    saved = play_turn(ui, game)  # saved while there was room
    fill_storage(page)
    game = play_turn(ui, saved)
    game = play_turn(ui, game)  # two boxes more, which cannot be saved
    notices = page.locator("#notice-list .notice-text")
    expect(notices).to_contain_text(
        ["The game could not be saved on this device: storage is full or blocked."]
    )
    export = page.locator("#export-game")
    expect(export).to_have_text("Export the game in progress")
    with page.expect_download() as download:
        export.click()
    exported = read_session_text(download.value.path().read_text(encoding="utf-8"))
    assert exported.saved.game == game  # every box of the game in memory

    page.reload()
    wait_until_ready(page)
    expect_totals(page, saved)  # the older save is what the device kept
    expect(notices).to_contain_text(
        [
            "The game restored is older than the one you were playing: storage was full, so it "
            "has 1 of the 3 boxes you had scored."
        ]
    )
    # It is said once: the next start has nothing more to say about it.
    page.reload()
    wait_until_ready(page)
    assert not [
        text for text in notices.all_inner_texts() if "older than the one you were playing" in text
    ]
