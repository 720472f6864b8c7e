"""The coach while playing set mid-game from the settings (SetGameCoach): a walk could not turn
it on once the game had started. Each person of the game under way has a choice; the mode
holds from the next move, a warning or a line it no longer gives goes, and it is saved with the
game."""

from __future__ import annotations

import pytest

from game.app.coach_intents import PlayMineAnyway, SetGameCoach, SetPlayerCoach
from game.app.effects import SaveSession
from game.app.intents import ConfirmTurn, NewGame, OpenSettings, Roll, SelectBox, StartGame
from game.app.setup_intents import AddPlayer
from game.coach.greedy import best_immediate_box
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import CoachMode
from game.i18n.bidi import without_isolates
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player, PlayerKind
from tests.app.driver import AppDriver
from tests.solved_tables import solved_advisor

SEED = 5
"""The first roll is 6, 6, 6, 6, 5: rolling all five again gives away a great deal."""


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


def playing(coach: AdvisorCoach, *intents: object) -> AppDriver:
    """A game of a person (coach off), a computer and another person, after the first roll."""
    d = AppDriver.seeded(SEED, coach=coach)
    d(AddPlayer(PlayerKind.COMPUTER), AddPlayer(), StartGame())
    d.tables_ready()
    d(Roll())
    assert d.game.dice == (6, 6, 6, 6, 5)
    return d


def offered(d: AppDriver) -> dict[int, str]:
    """Each person offered a choice in the settings, with their mode as selected."""
    settings = d.snapshot().settings
    return {
        coach.player: next(choice.value for choice in coach.choices if choice.selected)
        for coach in settings.game_coaches
    }


def test_the_settings_offer_each_person_of_the_game_their_coach(coach: AdvisorCoach) -> None:
    d = AppDriver.seeded(SEED, coach=coach)
    d(OpenSettings())
    assert d.snapshot().settings.game_coaches == ()  # no game: the New game screen has them
    d = playing(coach)
    assert offered(d) == {0: "off", 2: "off"}  # the computer has none
    names = [without_isolates(coach.name) for coach in d.snapshot().settings.game_coaches]
    assert names == ["Player 1", "Player 2"]


def test_warn_turned_on_mid_game_holds_the_next_costly_move(coach: AdvisorCoach) -> None:
    d = playing(coach)
    d(SetGameCoach(0, CoachMode.WARN))
    assert offered(d) == {0: "warn", 2: "off"}
    saved = [effect for effect in d.effects if isinstance(effect, SaveSession)]
    assert saved and saved[-1].turn.coach == (CoachMode.WARN, CoachMode.OFF, CoachMode.OFF)
    d(Roll())  # all five again
    assert d.game.rolls_left == 2 and d.view().coach_warning is not None


def test_turned_off_while_its_warning_waits_the_warning_goes(coach: AdvisorCoach) -> None:
    d = playing(coach)
    d(SetGameCoach(0, CoachMode.WARN), Roll())
    assert d.view().coach_warning is not None
    d(SetGameCoach(0, CoachMode.OFF))
    assert d.view().coach_warning is None and d.game.rolls_left == 2  # the move not made
    d(Roll())
    assert d.game.rolls_left == 1  # and now it goes ahead: nothing judges it


def test_always_turned_off_takes_its_line_away(coach: AdvisorCoach) -> None:
    d = playing(coach)
    d(SetGameCoach(0, CoachMode.ALWAYS), SelectBox(best_immediate_box(d.game)), ConfirmTurn())
    assert d.view().coach_line != ""  # on the box, through the computer's turn
    d(SetGameCoach(0, CoachMode.OFF))
    assert d.view().coach_line == ""


def test_a_warning_kept_when_warn_stays(coach: AdvisorCoach) -> None:
    d = playing(coach)
    d(SetGameCoach(0, CoachMode.WARN), Roll(), SetGameCoach(2, CoachMode.ALWAYS))
    assert d.view().coach_warning is not None  # another player's coach changed
    d(PlayMineAnyway())
    assert d.game.rolls_left == 1


@pytest.mark.parametrize(
    ("player", "mode"),
    [(1, CoachMode.WARN), (3, CoachMode.WARN), (-1, CoachMode.WARN), (True, CoachMode.WARN),
     ("0", CoachMode.WARN), (0, "loud"), (0, None)],
)  # fmt: skip
def test_no_such_person_or_mode_changes_nothing(
    coach: AdvisorCoach, player: object, mode: object
) -> None:
    d = playing(coach)
    before = d.state
    d(SetGameCoach(player, mode))  # type: ignore[arg-type]
    assert d.state is before


def test_with_no_game_it_changes_nothing_and_the_seats_keep_theirs(coach: AdvisorCoach) -> None:
    d = AppDriver.seeded(SEED, coach=coach)
    d(SetPlayerCoach(0, CoachMode.ALWAYS))
    before = d.state
    d(SetGameCoach(0, CoachMode.WARN))
    assert d.state is before


def test_a_coach_turned_on_mid_game_stays_on_for_the_next_new_game(coach: AdvisorCoach) -> None:
    """A walk turned the coach on in the middle of a game, and the next New game had it off."""
    d = playing(coach)
    d(SetGameCoach(2, CoachMode.ALWAYS))
    assert d.state.setup.seats[2].coach is CoachMode.ALWAYS
    d(NewGame(), StartGame())
    assert d.state.coaching.modes == (CoachMode.OFF, CoachMode.OFF, CoachMode.ALWAYS)


def test_a_game_not_started_from_the_seats_set_up_leaves_them_as_they_are(
    coach: AdvisorCoach,
) -> None:
    """A game resumed, say, where the seats set up are others."""
    game = new_game("penta", [Player("Kadri"), Player("Malle")], SeededDice(3))
    d = AppDriver.with_game(game, coach=coach)
    seats = d.state.setup.seats
    d(SetGameCoach(1, CoachMode.WARN))
    assert d.state.coaching.modes == (CoachMode.OFF, CoachMode.WARN)
    assert d.state.setup.seats == seats
