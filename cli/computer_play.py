"""Whole games of computer players for `python -m game play`: every seat at one level.

    computer_game(state, level, advisor, chooser) -> GameState      played to its end

`level` is one of game.play.state.LEVELS (`optimal` and `casual` need the advisor, `beginner`
none) or RANDOM_LEVEL, random legal moves (cli.random_play). The choices come from `chooser`,
the dice from the game's own source, so one seed for each replays a game exactly.
"""

from __future__ import annotations

import random

from cli.random_play import random_game
from game.coach.optimal import position_of
from game.errors import GameError
from game.play.engine import roll, score
from game.play.state import GameState
from game.strategy.advisor import Advisor, Keep, Score
from game.strategy.players import make_player

RANDOM_LEVEL = "random"


def computer_game(
    state: GameState, level: str, advisor: Advisor | None, chooser: random.Random
) -> GameState:
    if level == RANDOM_LEVEL:
        return random_game(state, chooser)
    player = make_player(level, advisor)
    while not state.is_over:
        seat = state.current_player
        state = roll(state, seat)
        while True:
            assert state.dice is not None
            action = player.choose(position_of(state), chooser)
            if isinstance(action, Keep) and state.rolls_left:
                state = roll(state, seat, action.positions(state.dice))
            elif isinstance(action, Score):
                state = score(state, seat, action.box)
                break
            else:
                raise GameError(f"the {level!r} player chose {action!r} in {position_of(state)!r}")
    return state
