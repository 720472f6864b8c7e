"""The coach while playing in the browser, on a phone: on "warn" a costly keep waits, [Show it]
shows the best move and lets the player change; a costly box waits, [Play mine anyway] scores
it. In English, Hebrew and Estonian: axe clean, the tray under 40 % of the height, numbers as
the language writes them. (The rules of when it warns are tested in CPython:
tests/app/test_coach_while_playing.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from game.app.coach_intents import PlayMineAnyway, SetPlayerCoach
from game.app.intents import ConfirmTurn, Roll, SelectBox, StartGame, ToggleKeep
from game.app.model import DEFAULT_COACH_THRESHOLD
from game.coach.optimal import AdvisorCoach, position_of
from game.coach.protocol import CoachMode
from game.i18n.locale import LANGUAGES
from game.strategy.advisor import Score
from tests.app.driver import AppDriver
from tests.e2e.browser_helpers import TEXT_UP_TO_IN_SIGHT, wait_until_ready
from tests.e2e.game_helpers import ROLL_PACE, Ui, expect_in_sight
from tests.solved_tables import solved_advisor

SEED = 5
"""The first roll is 6, 6, 6, 6, 5 (tests/app/test_coach_while_playing.py)."""
TRAY_SHARE = "document.getElementById('tray').getBoundingClientRect().height / innerHeight"


def in_every_language(
    ui: Ui, check: Callable[[str], None], problems: dict[str, object], where: str
) -> None:
    page = ui.page
    for language in LANGUAGES:
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        found = ui.run_axe()
        if found:
            problems[f"{where} ({language})"] = found
        share = page.evaluate(TRAY_SHARE)
        if share > 0.4:
            problems[f"{where} tray ({language})"] = f"{share:.0%} of the height"
        check(language)
    page.select_option("#language", "en")


def worst_box_after_the_best_keep(coach: AdvisorCoach) -> tuple[str, float]:
    """The game the page plays, in CPython: the second roll after keeping the four sixes, and
    its costliest box (with what it costs)."""
    d = AppDriver.seeded(SEED, coach=coach)
    d(SetPlayerCoach(0, CoachMode.WARN), StartGame())
    d.tables_ready()
    d(Roll(), *[ToggleKeep(die) for die in range(4)], Roll())
    ranked = coach.advisor.rank(position_of(d.game))
    worst = ranked[-1]
    assert isinstance(worst.action, Score)
    d(SelectBox(worst.action.box), ConfirmTurn(), PlayMineAnyway())
    # As the warning gives it: the difference of the two figures it shows, as shown.
    return worst.action.box, round(round(ranked[0].expected, 1) - round(worst.expected, 1), 1)


def test_the_coach_warns_of_a_costly_keep_and_a_costly_box(page: Page, app_url: str) -> None:
    box, loss = worst_box_after_the_best_keep(AdvisorCoach(solved_advisor("penta")))
    assert loss >= DEFAULT_COACH_THRESHOLD
    ui = Ui(page).open(app_url, seed=SEED)
    problems: dict[str, object] = {}

    page.select_option("#seat-0-coach", "warn")
    found = ui.run_axe()
    if found:
        problems["setup"] = found
    ui.start()
    assert ui.roll() == (6, 6, 6, 6, 5)
    expect(page.locator("#hint")).to_be_enabled(timeout=20_000)  # the table is there

    # A costly keep: all five again. It waits; nothing is rolled.
    ui.pass_time(ROLL_PACE)  # not a double tap
    page.click("#roll")
    warning = page.locator("#coach-warning")
    expect(warning).to_be_visible()
    expect(page.locator("#human-controls")).to_be_hidden()
    expect(page.locator("#show-best")).to_be_focused()  # its choices are the next thing to do
    assert ui.dice() == (6, 6, 6, 6, 5)
    page.keyboard.press("Escape")  # set aside: nothing rolled, the tray's buttons back
    expect(warning).to_be_hidden()
    expect(page.locator("#roll")).to_be_focused()  # the move it held back
    assert ui.dice() == (6, 6, 6, 6, 5)
    ui.pass_time(ROLL_PACE)
    page.click("#roll")  # the same move: the coach asks again
    expect(warning).to_be_visible()
    title, reason = page.locator("#coach-warning-title"), page.locator("#coach-reason")
    expect(title).to_have_text(re.compile(r"^Better: \S.* \(\d+\.\d more points on average\)$"))
    expect(title).to_contain_text("keeping 6, 6, 6, 6")
    expect(reason).to_contain_text("Yours (rerolling all five) averages a final score of")

    def warned_in(language: str) -> None:
        expect(title).not_to_have_text("")
        if language == "et":
            expect(title).to_have_text(re.compile(r"\d,\d"))  # a decimal comma
        if language == "he":
            expect(page.locator("html")).to_have_attribute("dir", "rtl")
        ui.no_page_scroll_sideways()

    in_every_language(ui, warned_in, problems, "the keep's warning")

    # [Show it]: the best move shows as the hint does, and is set up: the four sixes kept.
    ui.answer("#show-best")
    expect(warning).to_be_hidden()
    expect(page.locator("#hint-text")).to_contain_text("keep 6, 6, 6, 6")
    expect(page.locator("#dice .die.suggested")).to_have_count(4)
    expect(page.locator('#dice .die[aria-pressed="true"]')).to_have_count(4)
    assert ui.kept() == (0, 1, 2, 3)
    ui.roll()  # the best move: no warning
    expect(warning).to_be_hidden()

    # A costly box: it waits; [Play mine anyway] scores it.
    ui.box(box).click()
    page.click("#confirm")
    expect(warning).to_be_visible()
    expect(title).to_contain_text(f"{loss:.1f}")
    in_every_language(ui, warned_in, problems, "the box's warning")
    # The box it warns of in sight above the warning, which takes the tray's place (a walk
    # found it hidden under the taller tray).
    expect_in_sight(page, f'#sheet tr[data-row="{box}"]')
    ui.answer("#play-anyway")
    expect(warning).to_be_hidden()
    expect(page.locator(f'#sheet tr[data-row="{box}"] td').first).not_to_have_text("")
    expect(page.locator("#roll")).to_have_text("Roll (3 left)")
    assert not problems, problems


def test_the_coach_is_turned_on_mid_game_in_the_settings(page: Page, app_url: str) -> None:
    """A walk could not turn the coach on once playing: the settings offer each person theirs."""
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None), ("Avi", "human", None)])
    ui.start()
    assert ui.roll() == (6, 6, 6, 6, 5)
    expect(page.locator("#hint")).to_be_enabled(timeout=20_000)  # the table is there
    page.click("#settings-button")
    settings = page.locator("#settings-dialog")
    problems: dict[str, object] = {}
    for language in LANGUAGES:  # a select per person, named by them, in every language
        page.select_option("#settings-language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        for name in ("Dana", "Avi"):
            expect(settings.get_by_label(name, exact=True)).to_have_value("off")
        if found := ui.run_axe():
            problems[language] = found
    assert not problems
    page.select_option("#settings-language", "en")
    settings.get_by_label("Dana", exact=True).select_option("warn")
    page.click("#settings-done")
    ui.pass_time(ROLL_PACE)
    page.click("#roll")  # all five again: the coach now asks first
    expect(page.locator("#coach-warning")).to_be_visible()
    page.reload()  # saved with the game
    wait_until_ready(page)
    page.click("#settings-button")
    expect(settings.get_by_label("Dana", exact=True)).to_have_value("warn")
    # A name changed for this game there too (a walk changed it on the New game screen, whose
    # names are the next game's); blank, the seat's default name.
    names = page.locator("#sheet thead .column-name")
    for field, typed, shown in (
        ("#game-name-1", "Avraham", "Avraham"),
        ("#game-name-0", " ", "Player 1"),
    ):
        page.fill(field, typed)
        page.locator(field).press("Tab")  # a change is made once the field is left
        expect(page.locator(field)).to_have_value(shown)
    page.fill("#game-name-0", "")  # blank again: no change, the name shown again
    page.locator("#game-name-0").press("Tab")
    expect(page.locator("#game-name-0")).to_have_value("Player 1")
    page.click("#settings-done")
    ui.take_phone()  # the hand-over that the reload brought
    expect(names).to_have_text(["Player 1", "Avraham"])  # saved with it: tests/app


def test_what_a_move_cost_shows_on_the_folded_line_in_every_language(
    page: Page, app_url: str
) -> None:
    """On "always", the tray's folded line says what the last move cost before the move that
    was best: said after it, the figure was cut off behind "More" in Estonian (a walk)."""
    ui = Ui(page).open(app_url, seed=SEED)
    page.select_option("#seat-0-coach", "always")
    ui.start()
    assert ui.roll() == (6, 6, 6, 6, 5)
    expect(page.locator("#hint")).to_be_enabled(timeout=20_000)  # the table is there
    ui.pass_time(ROLL_PACE)
    ui.roll()  # all five again: a costly keep
    shown: dict[str, object] = {}
    for language in LANGUAGES:
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#tray-summary")).to_contain_text(":")
        # The end of the coach's "(points lost: 35.4)" within the folded line's lines.
        shown[language] = page.locator("#tray-summary").evaluate(TEXT_UP_TO_IN_SIGHT, ")")
    assert shown == dict.fromkeys(LANGUAGES, True)
