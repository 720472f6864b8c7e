"""Games for the persistence tests: random play one action at a time, and a Penta joker."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from game.persistence.savefile import game_from_data
from game.play.engine import new_game, roll, score, select_box, toggle_keep
from game.play.random_source import SeededDice
from game.play.state import GameState, Player, PlayerKind
from game.rules.dice import DICE_COUNT


def players(count: int, computers: int = 0) -> list[Player]:
    humans = [Player(f"Human {n}") for n in range(1, count - computers + 1)]
    bots = [Player(f"Bot {n}", PlayerKind.COMPUTER, "casual") for n in range(1, computers + 1)]
    return humans + bots


def random_steps(state: GameState, chooser: random.Random) -> Iterator[tuple[GameState, GameState]]:
    """Yield (before, after) for every action of random legal play to the end of the game:
    rolls, dice kept and released, boxes selected, boxes confirmed."""
    while not state.is_over:
        player = state.current_player
        after = roll(state, player)
        yield state, after
        state = after
        while True:
            assert state.options is not None
            if chooser.random() < 0.3:
                after = select_box(state, player, chooser.choice(sorted(state.options.legal)))
            elif state.rolls_left and chooser.random() < 0.5:
                after = toggle_keep(state, player, chooser.randrange(DICE_COUNT))
            elif state.rolls_left and len(state.kept) < DICE_COUNT and chooser.random() < 0.6:
                after = roll(state, player)
            else:
                box = state.selected_box or chooser.choice(sorted(state.options.legal))
                after = score(state, player, box)
                yield state, after
                state = after
                break
            yield state, after
            state = after


def play_to_end(state: GameState, chooser: random.Random) -> GameState:
    last = state
    for _, last in random_steps(state, chooser):  # noqa: B007  (only the last state is wanted)
        pass
    return last


def penta_joker_turn(fours_open: bool = True) -> GameState:
    """One human's Penta game: Penta already 50, five 4s on the table, one roll left, so the
    joker applies and scoring earns the 100-point Penta bonus."""
    scores: dict[str, Any] = {"ones": 3, "penta": 50}
    if not fours_open:
        scores["fours"] = 12
    return game_from_data(
        {
            "format": "penta-game",
            "schema_version": 2,
            "ruleset": "penta",
            "players": [{"name": "Dana", "kind": "human", "level": None}],
            "sheets": [{"scores": scores, "five_of_a_kind_bonuses": 0}],
            "turn": {
                "player": 0,
                "dice": [4, 4, 4, 4, 4],
                "kept": [0, 1, 2],
                "rolls_left": 1,
                "selected_box": None,
            },
            "dice_source": {"kind": "seeded", "seed": 42, "position": 40},
            "last_turn": None,
        }
    )


def seeded_game(ruleset_id: str, count: int, seed: int, computers: int = 0) -> GameState:
    return new_game(ruleset_id, players(count, computers), SeededDice(seed))
