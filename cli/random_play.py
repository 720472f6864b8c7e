"""Random legal play: a stand-in player for `python -m game play` and for tests.

    random_turn(state, chooser) -> GameState     the current player's whole turn:
    random_rolls(state, chooser) -> GameState        its one to three rolls
    random_score(state, chooser) -> GameState        then a random legal box
    random_game(state, chooser) -> GameState     every remaining turn, to the end

Choices (how often to reroll, which dice to keep, which legal box) come from `chooser`,
a separate generator from the dice, so one seed for each replays a game exactly.
"""

from __future__ import annotations

import random

from game.play.engine import roll, score
from game.play.state import GameState
from game.rules.dice import DICE_COUNT


def random_turn(state: GameState, chooser: random.Random) -> GameState:
    return random_score(random_rolls(state, chooser), chooser)


def random_rolls(state: GameState, chooser: random.Random) -> GameState:
    player = state.current_player
    state = roll(state, player)
    while state.rolls_left and chooser.random() < 0.6:
        keep = [die for die in range(DICE_COUNT) if chooser.random() < 0.5]
        if len(keep) < DICE_COUNT:
            state = roll(state, player, keep)
    return state


def random_score(state: GameState, chooser: random.Random) -> GameState:
    assert state.options is not None, "score after rolling"
    return score(state, state.current_player, chooser.choice(sorted(state.options.legal)))


def random_game(state: GameState, chooser: random.Random) -> GameState:
    while not state.is_over:
        state = random_turn(state, chooser)
    return state
