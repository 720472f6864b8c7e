"""The countdown says when the box it will score takes 0 there ("Giving up Small straight (0)
in 3 seconds…"): a family read "Scoring Small straight" and then its 0 as points thrown away
by mistake, with Chance giving 19 (the strategy gives a box up to keep a better one open). With
one box left for the dice, it offers no other."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.intents import ConfirmTurn, Roll, SelectBox, SetAutoScore, SetLanguage, StartGame
from game.app.start import initial_state
from game.coach.greedy import GreedyCoach
from game.i18n.translator import Translator
from game.play.engine import new_game, roll
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import GameState, Player, PlayerKind
from game.present.snapshot import present
from tests.app.driver import AppDriver
from tests.app.test_app_countdown import last_roll, table


class GivesUpABox(GreedyCoach):
    """Automatic scoring that gives a box up for 0 where the dice score 0 in one, as the
    optimal strategy may: else the greedy choice."""

    def best_box(self, game: GameState) -> str:
        assert game.options is not None
        zeros = sorted(box for box in game.options.legal if game.options.points[box] == 0)
        return zeros[0] if zeros else super().best_box(game)


@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_a_box_given_up_by_the_countdown_is_said_with_its_0(language: str) -> None:
    tr = Translator(language)
    said = {}
    for coach in (GivesUpABox(), GreedyCoach()):  # greedy: Chance scores, at least
        t = AppDriver(initial_state(["en-US"], seed=5), coach)
        t(SetLanguage(language), StartGame(), Roll(), Roll(), Roll())
        game, box = t.game, t.state.pacing.countdown_box
        assert game.options is not None and box is not None
        view = present(t.state, t.now).game
        assert view is not None
        scores = game.options.points[box] > 0
        key = "turn.auto_score_countdown_box" if scores else "turn.auto_score_countdown_zero"
        assert view.countdown_text == tr(key, box=tr.box_name("penta", box), seconds=3)
        said[scores] = view.countdown_text
    assert set(said) == {False, True}, said  # a box given up, then one that scores
    if language == "en":
        assert said[False].startswith("Giving up ") and "(0) in " in said[False]
        assert said[True].startswith("Scoring ")


def test_folded_the_tray_names_the_box_given_up_when_no_box_scores() -> None:
    """Folded, the tray said only "No open box scores points: you must sacrifice one", the box
    the countdown was about to zero behind "More" (a walk)."""
    game = new_game("penta", [Player("Dana")], SeededDice(1))
    open_boxes = ("penta", "large_straight")
    filled = {box: 0 for box in game.ruleset.box_ids if box not in open_boxes}
    t = AppDriver.with_game(replace(game, sheets=(Sheet.from_scores(game.ruleset, filled),)))
    t(SetAutoScore(3), Roll(), Roll(), Roll())
    options = t.game.options
    assert options is not None and options.must_sacrifice  # the seed's last dice score nothing
    view = t.view()
    assert view.message and view.countdown_text
    assert view.tray_summary == f"{view.countdown_text} {view.countdown_help}"
    assert view.tray_toggle_label  # the message is behind "More"


def test_with_one_box_left_the_countdown_offers_no_other() -> None:
    """ "Or pick another box" in the last round, with none to pick (a walk)."""
    t = table()
    for box in t.game.ruleset.box_ids[:-1]:
        t(Roll(), SelectBox(box), ConfirmTurn())
    last_roll(t)
    assert t.game.options is not None and len(t.game.options.legal) == 1
    view = t.snapshot().game
    assert view is not None
    assert view.countdown_help == Translator("en")("turn.countdown_help_only")


def test_a_computers_dice_that_score_nothing_yet_say_nothing_to_the_player() -> None:
    """Under a computer's dice that scored nothing, a walk read "No open box scores points yet:
    you can still roll"; said to a person, it stays."""
    open_boxes = ("penta", "large_straight")
    shown = {}
    for kind in (PlayerKind.HUMAN, PlayerKind.COMPUTER):
        for seed in range(1, 100):  # the first seed whose first roll scores nothing
            bot = Player("Bot", kind, "casual" if kind is PlayerKind.COMPUTER else None)
            game = new_game("penta", [bot], SeededDice(seed))
            filled = {box: 0 for box in game.ruleset.box_ids if box not in open_boxes}
            game = roll(replace(game, sheets=(Sheet.from_scores(game.ruleset, filled),)), 0)
            if game.options is not None and game.options.must_sacrifice:
                break
        assert game.rolls_left and game.options is not None and game.options.must_sacrifice
        view = AppDriver.with_game(game).snapshot().game
        assert view is not None
        shown[kind] = view.message
    assert shown == {
        PlayerKind.HUMAN: Translator("en")("turn.nothing_scores_yet"),
        PlayerKind.COMPUTER: "",
    }
