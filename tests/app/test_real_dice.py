"""Games played with real dice at the table (game.app.entry): the setup, the pad, whole games
entered through intents against the engine's rolled games, the joker and the sacrifice, the
hand-over line, undo, saving and resuming, and the history."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from datetime import date

import pytest

from game.app.effects import Focus
from game.app.entry_intents import ChooseDice, EnterFace, RemoveFace, RemoveLastFace
from game.app.intents import (
    AskLeave,
    ConfirmTurn,
    Intent,
    NewGame,
    Roll,
    SelectBox,
    SetUndo,
    StartGame,
    StartGuide,
    Undo,
)
from game.app.model import Screen
from game.app.setup_intents import (
    AddPlayer,
    ChooseRuleset,
    RenamePlayer,
    SetPlayerKind,
    SetPlayerLevel,
)
from game.coach.greedy import best_immediate_box
from game.errors import InvalidDiceError, RealDiceError, SaveFileError
from game.i18n.bidi import without_isolates as plain
from game.i18n.translator import Translator
from game.persistence.history import record_game, record_to_data
from game.persistence.savefile import dump_game, game_to_data, load_game
from game.persistence.session import restore_session, save_session
from game.persistence.stats import player_stats
from game.persistence.storage import MemoryStorage
from game.play.engine import new_game, roll, score
from game.play.move_log import Entered
from game.play.random_source import RealDice, RollAt, SeededDice
from game.play.real_dice import enter_dice, withdraw_dice
from game.play.sheet import Sheet
from game.play.state import GameState, Player, PlayerKind
from game.play.undo import UndoSetting
from game.rules.dice import Dice
from tests.app.driver import AppDriver

NAMES = ("Dana", "Avi", "Mari")


@dataclass(frozen=True)
class ScriptedDice:
    """The engine's rolled dice, in a given order: the reference a game entered by hand must
    match (a test double of game.play.random_source)."""

    faces: tuple[int, ...]
    position: int = field(default=0)

    def draw(self, count: int, at: RollAt | None = None) -> tuple[Dice, ScriptedDice]:
        drawn = self.faces[self.position : self.position + count]
        return drawn, replace(self, position=self.position + count)


def real_dice_driver(ruleset: str = "yatzy", names: tuple[str, ...] = NAMES) -> AppDriver:
    driver = AppDriver.seeded(2026)
    driver.set_players([(name, "human", None) for name in names])
    driver(ChooseRuleset(ruleset), ChooseDice(True), StartGame())
    return driver


def enter(driver: AppDriver, dice: Dice) -> None:
    driver(*[EnterFace(face) for face in dice])


def turn_dice(ruleset_turns: int, players: int, seed: int) -> list[Dice]:
    """Dice for every turn of a game, with five of a kind thrown now and then (so that the
    joker and the bonuses come up), the rest from seeded dice."""
    source = SeededDice(seed)
    turns: list[Dice] = []
    for index in range(ruleset_turns * players):
        faces, source = source.draw(5)
        if index % 7 == 3:
            faces = (faces[0],) * 5
        turns.append(faces)
    return turns


# --- the setup ---------------------------------------------------------------------------------


def test_real_dice_seat_people_only_and_a_computer_plays_again_on_screen() -> None:
    driver = AppDriver.seeded(1)
    driver(AddPlayer(PlayerKind.COMPUTER), SetPlayerLevel(1, "casual"))
    driver(ChooseDice(True))
    driver(AddPlayer(PlayerKind.COMPUTER), SetPlayerKind(0, PlayerKind.COMPUTER))
    assert len(driver.state.setup.seats) == 2
    setup = driver.snapshot().setup
    assert setup is not None and not setup.can_add_computer
    assert all(seat.kinds == () for seat in setup.seats)
    assert [choice.selected for choice in setup.dice_choices] == [False, True]
    # The computer's seat says that a person plays it, under a person's default name.
    assert [seat.is_computer for seat in setup.seats] == [False, False]
    assert [bool(seat.note) for seat in setup.seats] == [False, True]
    assert setup.seats[1].heading == "Player 2"
    # Said under the choice of dice as well, where the eyes are: the note is below the fold.
    assert setup.dice_help.endswith(" The computer player below is played by a person.")
    # Back to dice on screen: the computer plays again, at its level.
    driver(ChooseDice(False))
    setup = driver.snapshot().setup
    assert setup is not None and [seat.is_computer for seat in setup.seats] == [False, True]
    assert [seat.note for seat in setup.seats] == ["", ""]
    driver(ChooseDice(True), StartGame())
    game = driver.game
    assert game.real_dice and driver.state.screen is Screen.GAME
    assert [player.kind for player in game.players] == [PlayerKind.HUMAN] * 2
    driver(AskLeave(), NewGame(), ChooseDice(False), StartGame())
    players = driver.game.players
    assert [(p.kind, p.level) for p in players][1] == (PlayerKind.COMPUTER, "casual")


def test_real_dice_says_under_the_choice_how_many_computers_people_play() -> None:
    t = Translator("en")
    driver = AppDriver.seeded(1)
    driver(ChooseDice(True))
    setup = driver.snapshot().setup
    assert setup is not None and setup.dice_help == t("setup.dice.real_help")
    driver(ChooseDice(False), AddPlayer(PlayerKind.COMPUTER), AddPlayer(PlayerKind.COMPUTER))
    driver(ChooseDice(True))
    setup = driver.snapshot().setup
    assert setup is not None
    assert setup.dice_help == t("setup.dice.real_help") + " " + t(
        "setup.dice.computers_played_by_people", count=2
    )
    assert "2 computer players below are played by people" in plain(setup.dice_help)
    driver(ChooseDice(False))
    setup = driver.snapshot().setup
    assert setup is not None and setup.dice_help == ""


def test_a_computer_seat_named_at_real_dice_stays_a_persons_seat() -> None:
    driver = AppDriver.seeded(1)
    driver(AddPlayer(PlayerKind.COMPUTER), AddPlayer(PlayerKind.COMPUTER), ChooseDice(True))
    driver(RenamePlayer(1, "Dad"), RenamePlayer(2, "  "))
    driver(ChooseDice(False))
    seats = driver.state.setup.seats
    assert [(seat.name, seat.kind) for seat in seats[1:]] == [
        ("Dad", PlayerKind.HUMAN),
        ("  ", PlayerKind.COMPUTER),  # nothing typed: still the computer's
    ]


def test_a_first_game_with_real_dice_offers_no_guided_turn_and_keeps_it_for_later() -> None:
    # The guide teaches the on-screen dice (Roll, tap to keep): none of it is on the pad.
    driver = real_dice_driver()
    assert not driver.state.settings.guide_done
    game = driver.snapshot().game
    assert game is not None and game.guide is None
    driver(StartGuide())
    assert not driver.state.ui.guide_on
    enter(driver, (2, 3, 4, 5, 6))
    driver(SelectBox("chance"), ConfirmTurn())
    assert not driver.state.settings.guide_done  # a first game on screen still offers it


# --- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["penta", "yatzy"])
def test_a_whole_game_entered_scores_as_the_engine_rolled_it(ruleset: str) -> None:
    driver = real_dice_driver(ruleset)
    rounds = len(driver.game.ruleset.box_ids)
    dice = turn_dice(rounds, len(NAMES), seed=len(ruleset))
    players = [Player(name) for name in NAMES]
    rolled = new_game(ruleset, players, ScriptedDice(tuple(f for d in dice for f in d)))
    jokers = 0
    for faces in dice:
        rolled = roll(rolled, rolled.current_player)
        box = best_immediate_box(rolled)
        assert rolled.options is not None
        jokers += rolled.options.joker is not None
        rolled = score(rolled, rolled.current_player, box)
        # The same dice entered on the pad, in another order, then the same box, as the
        # scorekeeper taps it.
        enter(driver, faces[::-1])
        view = driver.view()
        assert view.pad is not None and [d.face for d in view.pad.entered] == sorted(faces)
        driver(SelectBox(box), ConfirmTurn())
    assert driver.state.screen is Screen.END
    assert driver.game.sheets == rolled.sheets
    assert [sheet.total for sheet in driver.game.sheets] == [s.total for s in rolled.sheets]
    end = driver.snapshot().end
    assert end is not None
    assert [standing.total for standing in end.standings] == sorted(
        (str(sheet.total) for sheet in rolled.sheets), key=int, reverse=True
    )
    if ruleset == "penta":
        assert jokers, "the test's dice should bring the joker rule into play"
    assert sum(isinstance(move, Entered) for move in driver.game.log.moves) == len(dice)


# --- the pad ------------------------------------------------------------------------------------


def test_the_pad_takes_faces_in_any_order_and_gives_them_back() -> None:
    driver = real_dice_driver()
    pad = driver.view().pad
    assert pad is not None and [face.face for face in pad.faces] == [1, 2, 3, 4, 5, 6]
    assert plain(pad.heading) == "Dice of Dana"
    assert plain(driver.view().status) == "Enter Dana's dice"
    driver(EnterFace(6), EnterFace(2), EnterFace(6))
    pad = driver.view().pad
    assert pad is not None and [d.face for d in pad.entered] == [2, 6, 6]
    assert plain(pad.entered_label) == "Dice entered: 3 of 5" and driver.game.dice is None
    driver(EnterFace(5), EnterFace(5))
    assert driver.game.dice == (6, 2, 6, 5, 5)
    # The sheet shows what the entered dice score in every open box.
    assert driver.cell("chance").text == "24" and driver.cell("full_house").text == "0"
    driver(EnterFace(6))  # a sixth face: there are five dice
    assert driver.game.dice == (6, 2, 6, 5, 5)
    pad = driver.view().pad
    assert pad is not None and not any(face.enabled for face in pad.faces)
    driver(RemoveFace(2))  # a tap on the entered 2
    assert driver.game.dice is None and driver.state.ui.entry == (6, 6, 5, 5)
    assert driver.cell("chance").text == ""
    driver(EnterFace(6))
    assert driver.game.dice == (6, 6, 5, 5, 6)
    assert driver.cell("full_house").text == "28"
    driver(RemoveLastFace(), RemoveLastFace(), RemoveFace(4))
    assert driver.state.ui.entry == (6, 6, 5)
    driver(Roll())  # real dice: the app rolls none
    assert driver.game.dice is None and driver.state.ui.entry == (6, 6, 5)


def test_seven_taps_enter_a_roll_and_score_it() -> None:
    driver = real_dice_driver()
    faces: list[Intent] = [EnterFace(face) for face in (6, 6, 6, 5, 5)]
    taps = [*faces, SelectBox("full_house"), ConfirmTurn()]
    driver(*taps)
    assert len(taps) == 7
    assert driver.game.sheets[0].points_in("full_house") == 28


def test_the_engine_checks_entered_faces() -> None:
    game = new_game("penta", [Player("Dana")], RealDice())
    with pytest.raises(InvalidDiceError, match="not 0"):
        enter_dice(game, 0, [1, 2, 3, 4, 0])
    with pytest.raises(InvalidDiceError, match="got 4"):
        enter_dice(game, 0, [1, 2, 3, 4])
    with pytest.raises(RealDiceError, match="enter"):
        roll(game, 0)
    on_screen = new_game("penta", [Player("Dana")], SeededDice(1))
    with pytest.raises(RealDiceError, match=r"\[1, 2, 3, 4, 5\]"):
        enter_dice(on_screen, 0, [1, 2, 3, 4, 5])
    entered = enter_dice(enter_dice(game, 0, [1, 2, 3, 4, 5]), 0, [6, 6, 6, 6, 6])
    assert entered.log.moves == (Entered((6, 6, 6, 6, 6)),)  # entered again: replaced
    assert withdraw_dice(entered, 0) == game


def test_entered_dice_meet_the_joker_and_the_sacrifice() -> None:
    driver = real_dice_driver("penta", ("Dana",))
    enter(driver, (5, 5, 5, 5, 5))
    driver(SelectBox("penta"), ConfirmTurn())
    enter(driver, (5, 5, 5, 5, 5))  # a second Penta, Fives open: the joker sends it there
    view = driver.view()
    assert plain(view.message) == "Joker: this Penta must go in Fives."
    assert view.bonus_message and "100" in view.bonus_message
    assert not driver.cell("chance").enabled and driver.cell("fives").enabled
    driver(SelectBox("chance"))  # forbidden by the joker: nothing changes
    assert driver.game.selected_box is None
    driver(SelectBox("fives"), ConfirmTurn())
    assert driver.game.sheets[0].five_of_a_kind_bonus_count == 1

    # Only the large straight is open: dice that do not make one score 0 there, no choice.
    ruleset = driver.game.ruleset
    scores = {box: 0 for box in ruleset.box_ids if box != "large_straight"}
    sheet = Sheet.from_scores(ruleset, scores)
    late = replace(new_game(ruleset, [Player("Dana")], RealDice()), sheets=(sheet,))
    driver = AppDriver.with_game(late)
    enter(driver, (1, 1, 2, 3, 4))
    said = "Large straight scores nothing with these dice: it takes a 0"
    assert plain(driver.view().message) == said


# --- at the table -------------------------------------------------------------------------------


def test_no_hand_over_screen_but_a_next_line() -> None:
    driver = real_dice_driver()
    driver.take_phone = False
    enter(driver, (1, 2, 3, 4, 5))
    driver(SelectBox("small_straight"), ConfirmTurn())
    pad = driver.view().pad  # no hand-over: the scorekeeper keeps the device
    assert pad is not None and plain(pad.next_up) == "Next: Avi"
    assert plain(driver.view().last_move) == "Dana scored 15 points in Small straight"
    driver(EnterFace(3))
    pad = driver.view().pad
    assert pad is not None and pad.next_up == ""
    # Alone at the table there is nobody to name.
    alone = real_dice_driver(names=("Dana",))
    enter(alone, (1, 2, 3, 4, 5))
    alone(SelectBox("small_straight"), ConfirmTurn())
    pad = alone.view().pad
    assert pad is not None and pad.next_up == ""


def test_undo_as_usual() -> None:
    driver = real_dice_driver(names=("Dana",))
    enter(driver, (2, 2, 2, 3, 3))
    driver(SelectBox("twos"), ConfirmTurn())
    assert driver.view().can_undo
    driver(Undo())
    assert driver.game.dice == (2, 2, 2, 3, 3) and driver.game.sheets[0].points_in("twos") is None
    driver(SelectBox("full_house"), ConfirmTurn())
    enter(driver, (1, 1, 1, 1, 2))
    assert not driver.view().can_undo  # the next dice are in, as after a roll


def test_the_last_box_can_be_taken_back_until_the_next_face_is_entered() -> None:
    # Taking it back then threw away the faces typed for the next turn, without a word.
    driver = real_dice_driver()
    enter(driver, (2, 2, 2, 3, 3))
    driver(SelectBox("twos"), ConfirmTurn())
    # As the hand-over allows it at a game on screen (a walk found no way to take it back).
    assert driver.state.settings.undo is UndoSetting.AUTO and driver.view().can_undo
    driver(SetUndo(UndoSetting.ON))
    assert driver.view().can_undo
    driver(EnterFace(6))
    assert not driver.view().can_undo
    before = driver.state
    driver(Undo())
    assert driver.state == before  # refused: Avi's face stays, Dana's Twos too
    driver(RemoveLastFace())
    assert driver.view().can_undo


# --- saved, resumed, recorded -------------------------------------------------------------------


def test_saved_and_resumed_with_the_dice_entered() -> None:
    driver = real_dice_driver()
    enter(driver, (4, 4, 4, 1, 1))
    driver(SelectBox("fours"), ConfirmTurn())
    enter(driver, (6, 5, 4, 3, 2))
    storage = MemoryStorage()
    report = save_session(storage, driver.game, today=date(2026, 12, 1), ids=random.Random(1))
    assert not report.problems
    restored = restore_session(storage)
    assert restored.game == driver.game and isinstance(restored.game.dice_source, RealDice)
    assert game_to_data(driver.game)["dice_source"] == {"kind": "real"}
    back = AppDriver.with_game(restored.game)
    assert back.state.pacing.countdown_deadline is None
    back(SelectBox("large_straight"), ConfirmTurn())
    assert back.game.sheets[1].points_in("large_straight") == 20


def test_a_save_with_entered_dice_must_be_a_real_dice_game() -> None:
    game = enter_dice(new_game("penta", [Player("Dana")], RealDice()), 0, [3, 3, 3, 3, 3])
    data = game_to_data(game)
    data["dice_source"] = {"kind": "entropy"}
    with pytest.raises(SaveFileError, match=r"dice \[3, 3, 3, 3, 3\] were entered"):
        load_game(json.dumps(data))
    data = game_to_data(game)
    data["players"] = [{"name": "Bot", "kind": "computer", "level": "casual"}]
    with pytest.raises(SaveFileError, match="human players only"):
        load_game(json.dumps(data))
    assert load_game(dump_game(game)) == game


def test_history_marks_real_dice_and_keeps_their_luck_apart() -> None:
    def finished(source: RealDice | ScriptedDice) -> GameState:
        game = new_game("yatzy", [Player("Dana")], source)
        for _ in game.ruleset.box_ids:
            if isinstance(source, RealDice):
                game = enter_dice(game, 0, (6, 6, 6, 6, 6))
            else:
                game = roll(game, 0)
            game = score(game, 0, best_immediate_box(game))
        return game

    real = record_game("0" * 16, finished(RealDice()), date(2026, 12, 1))
    screen = record_game("1" * 16, finished(ScriptedDice((6,) * 75)), date(2026, 12, 1))
    assert real.real_dice and not screen.real_dice
    assert "enter 66666" in record_to_data(real)["log"]["moves"]
    (stats,) = player_stats([real, screen])
    assert stats.games == 2 and stats.real_dice_games == 1
    # Every turn of both games threw five 6s: the on-screen game's count, not the real dice's,
    # which are no luck.
    assert stats.five_of_a_kind == len(screen.ruleset.box_ids)
    assert real.results[0].total == screen.results[0].total
    assert not stats.best_real_dice  # reached on screen too
    (alone,) = player_stats([real])
    assert alone.best_real_dice
    # The personal bests say so: a walk saw a typed-in 938 stand as a best like any other.
    driver = AppDriver.seeded(1)
    driver.state = replace(
        driver.state,
        ui=replace(driver.state.ui, stats=(alone,), screen=Screen.HISTORY),
    )
    history = driver.snapshot().history
    assert history is not None
    (best,) = history.bests
    assert plain(best.score) == f"{alone.best} (1\u00a0Dec\u00a02026, real dice)"


def test_the_history_card_counts_the_games_with_real_dice() -> None:
    real = record_game(
        "2" * 16, played_through(RealDice()), date(2026, 12, 1)
    )  # every turn entered by hand
    driver = AppDriver.seeded(1)
    driver.state = replace(
        driver.state, ui=replace(driver.state.ui, stats=player_stats([real]), screen=Screen.HISTORY)
    )
    history = driver.snapshot().history
    assert history is not None
    (card,) = history.cards
    facts = {plain(fact.label): plain(fact.value) for fact in card.facts}
    assert facts["Played with real dice"] == "1"
    # Their five of a kind are not counted: with no game of dice on screen, no count at all.
    assert not [label for label in facts if "Yatzys" in label]
    # With one, the count says it is of the dice on screen (a walk read "Pentas 0").
    screen = record_game("3" * 16, played_through_on_screen(), date(2026, 12, 2))
    driver.state = replace(
        driver.state, ui=replace(driver.state.ui, stats=player_stats([real, screen]))
    )
    history = driver.snapshot().history
    assert history is not None
    (card,) = history.cards
    facts = {plain(fact.label): plain(fact.value) for fact in card.facts}
    assert facts["Played with real dice"] == "1"
    assert facts["Yatzys rolled (dice on screen)"] == str(player_stats([screen])[0].five_of_a_kind)


def played_through_on_screen() -> GameState:
    """A whole game of Yatzy with the dice on screen (seeded), each box the most at once."""
    game = new_game("yatzy", [Player("Dana")], SeededDice(3))
    for _ in game.ruleset.box_ids:
        game = roll(game, 0)
        game = score(game, 0, best_immediate_box(game))
    return game


def played_through(source: RealDice) -> GameState:
    game = new_game("yatzy", [Player("Dana")], source)
    for _ in game.ruleset.box_ids:
        game = enter_dice(game, 0, (6, 6, 6, 6, 6))
        game = score(game, 0, best_immediate_box(game))
    return game


def test_after_a_box_the_focus_goes_to_the_pad_for_the_next_dice() -> None:
    """The box scored turns into its Correct button and kept the focus (a keyboard walk)."""
    driver = real_dice_driver(names=("Dana", "Avi"))
    enter(driver, (2, 2, 2, 3, 3))
    driver(SelectBox("twos"), ConfirmTurn())
    assert Focus((("pad-face", None),)) in driver.effects
    driver(Undo())
    driver(SelectBox("twos"))
    assert not [e for e in driver.effects if isinstance(e, Focus)]
