"""One tab plays the game (CPython): a tab giving way to another does nothing but show its
notices, and taking the game over starts from the newest save."""

from __future__ import annotations

from game.app.intents import (
    ConfirmTurn,
    Intent,
    OpenSettings,
    Roll,
    SelectBox,
    SetAutoScore,
    SetLanguage,
    StartGame,
    StorageProblems,
    Tick,
)
from game.app.model import RESTORED_NOTICE, AppState, Notice, Screen, next_deadline
from game.app.preferences import preferences_to_data
from game.app.seats import named_in
from game.app.setup_intents import SetPlayerKind
from game.app.start import initial_state, open_elsewhere, resume, take_over
from game.coach.greedy import GreedyCoach
from game.persistence.storage import ProblemKind, StorageProblem
from game.play.engine import roll, score
from game.play.state import PlayerKind
from game.present.snapshot import present
from tests.app.driver import AppDriver

COACH = GreedyCoach()


def send(state: AppState, *intents: Intent, now: float = 1000.0) -> AppState:
    """`state` after `intents`, each sent at the moment `now`."""
    driver = AppDriver(state, COACH)
    driver.now, driver.pace_rolls = now, False
    return driver(*intents)


def started(seed: int = 2, auto_score: int = 0) -> AppState:
    return send(initial_state(["en-US"], seed=seed), SetAutoScore(auto_score), StartGame())


def test_a_tab_that_gives_way_shows_only_the_offer_to_take_over() -> None:
    state = send(started(), Roll())
    elsewhere = open_elsewhere(state)
    assert elsewhere.screen is Screen.ELSEWHERE
    snapshot = present(elsewhere, 1000.0)
    assert snapshot.game is None and snapshot.screen == "elsewhere"
    assert snapshot.elsewhere is not None
    assert snapshot.elsewhere.take_over_label == "Play here"
    assert "another tab" in snapshot.elsewhere.text
    for language in ("he", "et"):
        view = present(open_elsewhere(send(state, SetLanguage(language))), 0).elsewhere
        assert view is not None and view.text and view.take_over_label != "Play here"


def test_nothing_is_played_or_changed_in_a_tab_that_gave_way() -> None:
    state = send(started(), Roll())
    elsewhere = open_elsewhere(state)
    assert state.game is not None and state.game.options is not None
    box = sorted(state.game.options.legal)[0]
    for intent in (Roll(), SelectBox(box), ConfirmTurn(), StartGame(), OpenSettings(), Tick()):
        assert send(elsewhere, intent) is elsewhere, intent
    assert send(elsewhere, SetLanguage("et")) is elsewhere  # no preference saved from here
    # Its notices still come and go.
    full = StorageProblem("penta.session", ProblemKind.WRITE_FAILED, "the quota is full")
    noticed = send(elsewhere, StorageProblems((full,)))
    assert noticed.ui.notices[-1] == Notice("storage.save_failed")


def test_a_tab_that_gives_way_runs_no_timer() -> None:
    countdown = started(auto_score=3)
    for second in range(3):  # a second apart: not a double tap
        countdown = send(countdown, Roll(), now=1000.0 + second)
    assert next_deadline(countdown) is not None  # the auto-score countdown runs
    assert next_deadline(open_elsewhere(countdown)) is None
    computer = send(
        initial_state(["en-US"], seed=2), SetPlayerKind(0, PlayerKind.COMPUTER), StartGame()
    )
    assert next_deadline(computer) is not None
    assert next_deadline(open_elsewhere(computer)) is None


def test_giving_way_drops_the_restored_notice_it_no_longer_plays_that_game() -> None:
    state = started()
    assert state.game is not None
    restored = resume(initial_state(["en-US"]), state.game, None, now=0)
    assert RESTORED_NOTICE in restored.ui.notices
    assert RESTORED_NOTICE not in open_elsewhere(restored).ui.notices


def test_taking_over_starts_from_the_newest_save_with_its_preferences() -> None:
    mine = send(started(), Roll())
    elsewhere = open_elsewhere(mine)
    # Meanwhile the other tab scored a box and switched to Estonian.
    assert mine.game is not None and mine.game.options is not None
    before = named_in(mine.game, "et")  # "Mängija 1" there
    other = score(before, 0, sorted(mine.game.options.legal)[0])
    preferences = preferences_to_data(send(mine, SetLanguage("et")))
    taken = take_over(elsewhere, other, before, preferences, now=2000.0)
    assert taken.screen is Screen.GAME
    assert taken.game == other and taken.play.before_last_turn == before
    assert taken.settings.language == "et"
    assert send(taken, Roll()).game == roll(other, 0)  # it plays again


def test_taking_over_when_the_other_tab_left_the_game_opens_new_game() -> None:
    elsewhere = open_elsewhere(send(started(), Roll()))
    taken = take_over(elsewhere, None, None, None, now=0)
    assert taken.screen is Screen.SETUP and taken.game is None
    assert send(taken, StartGame()).screen is Screen.GAME
