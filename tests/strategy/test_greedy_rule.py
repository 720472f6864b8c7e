"""The greedy rule has one copy (game.coach.greedy.greedy_move): the app's coach without a
table (GreedyCoach) and the `beginner` computer level (BeginnerPlayer) must choose alike."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cli.random_play import random_score
from game.coach.greedy import GreedyCoach
from game.coach.optimal import advice_for, position_of
from game.play.engine import new_game, roll
from game.play.random_source import MAX_SEED, SeededDice
from game.play.state import GameState, Player
from game.rules.dice import DICE_COUNT
from game.rules.rulesets import RULESETS
from game.strategy.players import BeginnerPlayer
from tests.profiles import examples


def positions_of_a_random_game(game: GameState, chooser: random.Random) -> list[GameState]:
    """Every rolled position of a one-player game played to its end by random choices."""
    seen: list[GameState] = []
    while not game.is_over:
        game = roll(game, 0)
        seen.append(game)
        while game.rolls_left and chooser.random() < 0.6:
            keep = [die for die in range(DICE_COUNT) if chooser.random() < 0.5]
            if len(keep) < DICE_COUNT:
                game = roll(game, 0, keep)
                seen.append(game)
        game = random_score(game, chooser)
    return seen


@settings(deadline=None, max_examples=examples(80))
@given(
    ruleset_id=st.sampled_from(sorted(RULESETS)),
    dice_seed=st.integers(min_value=0, max_value=MAX_SEED),
    chooser_seed=st.integers(min_value=0, max_value=2**32),
)
def test_the_greedy_coach_and_the_beginner_level_choose_alike(
    ruleset_id: str, dice_seed: int, chooser_seed: int
) -> None:
    game = new_game(ruleset_id, [Player("Ada")], SeededDice(dice_seed))
    coach, beginner = GreedyCoach(), BeginnerPlayer()
    for position in positions_of_a_random_game(game, random.Random(chooser_seed)):
        action = beginner.choose(position_of(position), random.Random(0))
        assert coach.best_action(position) == advice_for(action, position), position
        assert coach.computer_action(position, "beginner", random.Random(0)) == advice_for(
            action, position
        )
