"""What a screen reader hears (the aria-live announcement) when a box is scored: whose turn it
now is, where no hand-over says it; at the game's end the last box, then the result, as the
end screen's headline says it (a keyboard walk heard only "Game over"); and what [Show it] set
up."""

from __future__ import annotations

from dataclasses import replace

from game.app.announcements import Kept
from game.app.coach_intents import SetPlayerCoach, ShowBestMove
from game.app.intents import (
    ConfirmTurn,
    HoldSheet,
    ReleaseSheet,
    Roll,
    SelectBox,
    SetAutoScore,
    SetPassPhone,
    SkipComputers,
    StartGame,
    ToggleKeep,
)
from game.app.model import Screen, Seat
from game.app.setup_intents import AddPlayer
from game.app.start import initial_state
from game.coach.greedy import GreedyCoach
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import CoachMode, KeepAdvice
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player, PlayerKind
from game.present.end_words import end_words
from game.present.game_screen import turn_title
from game.present.move_lines import played_text
from game.present.snapshot import present
from tests.app.driver import AppDriver
from tests.app.test_app_countdown import last_roll, table
from tests.app.test_real_dice_walkthrough import dana_s_penta_bonus
from tests.solved_tables import solved_advisor

EN = Translator("en", isolate=False)


def heard(d: AppDriver) -> str:
    return without_isolates(d.snapshot().announcement)


def scored_chance(d: AppDriver) -> str:
    """The first player's first box, Chance, scored: as the line of the last move says it."""
    d(Roll(), SelectBox("chance"), ConfirmTurn())
    points = d.game.sheets[0].points_in("chance")
    assert points is not None
    return without_isolates(EN("turn.scored", name="Player 1", points=points, box="Chance"))


def test_the_next_turn_is_said_where_no_hand_over_says_it() -> None:
    for pass_phone, said in ((False, True), (True, False)):
        d = AppDriver.seeded(3)
        d(AddPlayer(), SetPassPhone(pass_phone), SetAutoScore(0), StartGame())
        d.tables_failed()
        box = scored_chance(d)
        next_turn = without_isolates(turn_title(d.game, EN))
        assert heard(d) == (f"{box}. {next_turn}" if said else box)


def test_a_computer_s_box_is_followed_by_the_human_s_turn() -> None:
    d = AppDriver.seeded(3)
    d(AddPlayer(PlayerKind.COMPUTER), SetAutoScore(0), StartGame())
    d.tables_failed()
    d.play_human_turn()
    d.play_computer_turn()
    assert heard(d).endswith(". Player 1's turn")


def test_a_computer_s_roll_says_whose_it_is() -> None:
    """As its keep does ("Computer 1 keeps 5, 6"): a screen-reader walk heard "Rolled 5, 2, 2,
    3, 2" in the computer's turn, as if it were its own."""
    d = AppDriver.seeded(3)
    d(AddPlayer(PlayerKind.COMPUTER), SetAutoScore(0), StartGame())
    d.tables_failed()
    d(Roll())
    own = EN.format_dice(d.game.dice or ())
    assert heard(d) == without_isolates(EN("turn.rolled", dice=own))
    d(SelectBox("chance"), ConfirmTurn())
    while d.game.dice is None:
        d.wait_until_due()  # the computer's first roll, at its pace
    dice = EN.format_dice(d.game.dice)
    assert heard(d) == without_isolates(EN("computer.rolled", name="Computer 1", dice=dice))


def test_a_roll_after_a_keep_says_the_new_dice_apart_from_those_kept() -> None:
    """A keyboard walk heard "Rolled 6, 1, 4, 6, 6" after keeping three sixes, and could not
    tell which two were new."""
    for seed in range(3, 9):
        d = AppDriver.seeded(seed)
        d(SetAutoScore(0), StartGame())
        d.tables_failed()
        d(Roll())
        before = d.game.dice or ()
        keep = (0, 3)
        d(*[ToggleKeep(die) for die in keep], Roll())
        after = d.game.dice or ()
        assert [after[die] for die in keep] == [before[die] for die in keep]
        fresh = [face for at, face in enumerate(after) if at not in keep]
        kept = [after[die] for die in keep]
        assert heard(d) == without_isolates(
            EN("turn.rolled_beside_kept", dice=EN.format_dice(fresh), kept=EN.format_dice(kept))
        )
        assert heard(d).startswith("Rolled ") and "; kept " in heard(d)
        # All five rolled again: the five are new.
        d(*[ToggleKeep(die) for die in keep], Roll())
        assert heard(d) == without_isolates(
            EN("turn.rolled", dice=EN.format_dice(d.game.dice or ()))
        )


def test_a_skipped_computer_s_box_is_heard_with_its_dice() -> None:
    """Skipped, its rolls go unheard: a keyboard walk heard only "Computer 1 scored 8 points in
    One pair", and could not check it."""
    d = AppDriver.seeded(3)
    d(AddPlayer(PlayerKind.COMPUTER), SetAutoScore(0), StartGame())
    d.tables_failed()
    d.play_human_turn()
    d(SkipComputers())
    (computer,) = [score for score in d.state.ui.recent_scores if score.player == 1]
    assert len(computer.dice) == 5
    assert d.game.ruleset.points(computer.box, computer.dice) == computer.points
    said = without_isolates(
        EN(
            "turn.scored",
            name="Computer 1",
            points=computer.points,
            box=EN.box_name("penta", computer.box),
        )
    )
    assert heard(d).startswith(
        f"{said} (dice: {without_isolates(EN.format_dice(computer.dice))}). "
    )
    # Shown with them too, in the tray until the player rolls: a walk could not check
    # "Computer 1: Three of a kind, 27 points" once its turn had gone by.
    shown = without_isolates(d.view().last_move)
    assert shown == f"{said} (dice: {without_isolates(EN.format_dice(computer.dice))})"


def test_alone_no_turn_is_said_after_a_box() -> None:
    d = AppDriver.seeded(3)
    d(SetAutoScore(0), StartGame())
    d.tables_failed()
    box = scored_chance(d)
    assert heard(d) == box


def test_the_end_says_the_last_box_and_the_result() -> None:
    for computers in (0, 1):
        d = AppDriver.seeded(6)
        if computers:
            d(AddPlayer(PlayerKind.COMPUTER))
        d(SetAutoScore(0), StartGame())
        d.tables_failed()
        d.play_to_end()
        assert d.state.screen is Screen.END
        event = d.state.ui.announcement
        last = without_isolates(played_text(d.game, event.last, EN))  # type: ignore[union-attr]
        headline = without_isolates(end_words(d.game, d.state.ui.stats, EN).headline)
        # With the last move's cheer between, where it earned one (the test below).
        assert heard(d).startswith(f"{last}. ") and heard(d).endswith(f" Game over. {headline}")
        assert headline and headline == without_isolates(d.snapshot().end.headline)  # type: ignore[union-attr]


def test_an_upper_bonus_reached_by_the_last_move_is_said_with_the_end() -> None:
    """A walk heard "Computer 1 scored 8 points in Twos. Game over." for the move that also
    reached its upper bonus."""
    game = new_game("penta", [Player("Dana")], SeededDice(1))
    others = {box: 0 for box in game.ruleset.box_ids if box not in game.ruleset.upper_box_ids}
    upper = {"ones": 3, "twos": 6, "threes": 9, "fives": 15, "sixes": 18}  # 51: three 4s make 63
    sheet = Sheet.from_scores(game.ruleset, {**others, **upper})
    d = AppDriver.with_game(replace(game, sheets=(sheet,), dice=(4, 4, 4, 1, 2), rolls_left=0))
    d(SelectBox("fours"), ConfirmTurn())
    assert d.state.screen is Screen.END
    cheer = without_isolates(EN("turn.celebrate.upper_bonus", name="Dana", points=35))
    scored = without_isolates(EN("turn.scored", name="Dana", points=12, box="Fours"))
    assert heard(d).startswith(f"{scored}. {cheer} Game over. ")


def test_show_it_says_the_best_move_it_set_up() -> None:
    """[Show it] kept dice or chose a box, unheard (a keyboard walk): it says the hint."""
    d = AppDriver.seeded(5, coach=AdvisorCoach(solved_advisor("penta")))
    d(SetPlayerCoach(0, CoachMode.WARN), StartGame())
    d.tables_ready()
    d(Roll(), Roll())  # all five again: costly, it waits
    assert d.state.coaching.waiting is not None
    d(ShowBestMove())
    said = heard(d)
    assert said and said == without_isolates(d.view().hint)


def test_the_last_roll_says_when_its_countdown_is_paused_and_again_as_it_runs() -> None:
    """The focus put on the sheet after the last roll (Enter on Roll) pauses the countdown at
    once: a keyboard walk's screen reader still heard "in 3 seconds"."""
    t = table()
    game = last_roll(t)
    tr = Translator("en")
    box = tr.box_name("penta", t.state.pacing.countdown_box or "")
    rolled = tr("turn.rolled", dice=tr.format_dice(game.dice or ()))
    coming = f"{rolled}. {tr('turn.auto_score_countdown_box', box=box, seconds=3)}"
    count = t.state.ui.announcement_count
    t(HoldSheet())
    paused = tr("turn.countdown_paused_sheet")
    assert present(t.state, t.now).announcement == f"{coming} {paused}"
    assert t.state.ui.announcement_count == count + 1  # said again, as it changed
    t(HoldSheet())
    assert t.state.ui.announcement_count == count + 1  # not again while nothing changes
    t(ReleaseSheet())  # it runs again, from its full length: said so
    assert present(t.state, t.now).announcement == coming
    assert t.state.ui.announcement_count == count + 2


def test_a_word_after_every_move_is_said_with_the_roll_and_the_box_it_judges() -> None:
    """On "a word after every move", the coach's line shows beside the tray, where a screen
    reader does not go by itself: a walk heard only "Rolled ..." and the box."""
    d = AppDriver.seeded(5, coach=AdvisorCoach(solved_advisor("penta")))
    d(AddPlayer(), SetPlayerCoach(0, CoachMode.ALWAYS), SetAutoScore(0), StartGame())
    d.tables_ready()
    d(Roll())
    first = heard(d)
    assert "Coach" not in first  # the first roll is no decision: nothing to judge yet
    d(Roll())  # all five again
    line = d.state.coaching.lines[-1]
    assert line.player == 0
    rolled = without_isolates(EN("turn.rolled", dice=EN.format_dice(d.game.dice or ())))
    said = heard(d)
    assert said.startswith(f"{rolled}. Coach to Player 1 (points lost: "), said
    d(SelectBox("chance"), ConfirmTurn())
    said = heard(d)
    assert said.startswith("Player 1 scored "), said
    assert ". Coach to Player 1 (points lost: " in said, said
    d(Roll())  # Player 2 has no coach: their roll is said alone
    assert "Coach" not in heard(d)


class _KeepsTheFirstDie(GreedyCoach):
    def computer_action(self, game, level, rng):  # type: ignore[no-untyped-def]
        return KeepAdvice((0,))


def test_a_computer_keeping_one_die_is_heard_as_one_die() -> None:
    """ "Computer 1 keeps 2" read as two dice kept, or as a die's face (a screen-reader walk)."""
    said = {}
    for language in ("en", "et", "he"):
        state = initial_state([language], seed=4)
        seats = (Seat("Bot", PlayerKind.COMPUTER),)
        d = AppDriver(replace(state, setup=replace(state.setup, seats=seats)), _KeepsTheFirstDie())
        d.now = 0.0
        d(StartGame())
        d.tables_ready()
        while not isinstance(d.state.ui.announcement, Kept):
            d.tick_after(10)
        face = d.game.dice[0] if d.game.dice else 0
        said[language] = without_isolates(d.snapshot().announcement)
        tr = Translator(language, isolate=False)
        assert said[language] == tr("computer.keeps_one", name="Bot", dice=str(face))
    assert said["en"].startswith("Bot keeps the ")


def test_the_take_back_before_a_computer_plays_is_said_with_the_box() -> None:
    """The tray says it for a few seconds; a screen-reader walk heard only the box and whose
    turn it was, and never learnt that the box could be taken back."""
    d = AppDriver.seeded(3)
    d(AddPlayer(PlayerKind.COMPUTER), SetAutoScore(0), StartGame())
    d.tables_failed()
    box = scored_chance(d)
    waits = EN("computer.waits_for_take_back", name="Computer 1")
    assert heard(d) == f"{box}. Computer 1's turn. {without_isolates(waits)}"
    view = d.snapshot().game
    assert view is not None and without_isolates(view.status) == waits  # as the tray says it
    # Alone, with no computer to wait for, nothing more is said: the test above.


def test_a_further_pentas_bonus_is_said_once() -> None:
    """ "Penta bonus: 100 points. Another Penta! 100 bonus points for Mari!" said the bonus
    twice (a walk): the cheer says it, the box's line does not again."""
    driver = dana_s_penta_bonus()
    said = heard(driver)
    cheer = without_isolates(
        EN("turn.celebrate.five_of_a_kind_bonus", box="Penta", points=100, name="Dana")
    )
    assert said.startswith("Dana scored 30 points in Sixes. " + cheer), said
    assert "Penta bonus" not in said
    # The tray's line of the last move, with no cheer beside it, keeps the bonus.
    assert "Penta bonus: 100 points" in without_isolates(driver.view().last_move)
