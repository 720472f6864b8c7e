"""The statistics' count of Pentas (Yatzys) thrown: every turn scored with five alike."""

from __future__ import annotations

import random
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from game.persistence.history import record_game
from game.persistence.stats import player_stats
from game.play.engine import new_game, roll, score
from game.play.move_log import final_dice, walk
from game.play.sheet import Sheet
from game.play.state import Player
from game.rules.rulesets import PENTA, YATZY
from tests.persistence.persistence_helpers import play_to_end, players
from tests.unit.engine_helpers import ScriptedDice, faces


def test_statistics_count_every_five_alike_scored_wherever_it_went() -> None:
    """A Yatzy thrown when its box was filled went into Sixes; one thrown in Penta with the Penta
    box at 0 earns no bonus. Both were thrown: the count is of turns scored with five alike,
    read from the whole game's log."""
    straight, pair = "12346", "11223"
    cases = [
        # ruleset, the boxes in the order scored (a turn each), the dice of each turn
        (YATZY, ["yatzy", "sixes", "twos"], ["66666", "66666", "22222"], 3),
        (PENTA, ["penta", "sixes", "chance"], [straight, "66666", "33333"], 2),
    ]
    for ruleset, boxes, dice, expected in cases:
        rest = [box for box in ruleset.box_ids if box not in boxes]
        script = dice + [straight if n % 2 else pair for n in range(len(rest))]
        state = new_game(ruleset.id, [Player("Dana")], ScriptedDice(faces(*script)))
        for box in boxes + rest:
            state = score(roll(state, 0), 0, box)
        record = record_game("00000000000000a1", state, date(2026, 11, 30))
        (stats,) = player_stats([record])
        assert stats.five_of_a_kind == expected, (ruleset.id, state.sheet)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10**6), count=st.integers(2, 4), ruleset=st.sampled_from(["penta", "yatzy"])
)
def test_each_players_fives_of_a_kind_are_their_own_turns_with_five_alike(
    seed: int, count: int, ruleset: str
) -> None:
    """Read against the log's replay (game.play.move_log.walk), which tells whose turn each was.
    Dice of two faces throw five alike in every few turns."""
    chooser = random.Random(seed)
    loaded = ScriptedDice(tuple(chooser.choice((5, 6)) for _ in range(count * 15 * 15)))
    game = play_to_end(new_game(ruleset, players(count), loaded), chooser)
    record = record_game(f"{seed:016x}", game, date(2026, 11, 30))
    empty = [Sheet.empty(game.ruleset)] * count
    turns = walk(game.ruleset, empty, 0, game.log.moves).turns
    thrown = [sum(len(set(final_dice(turn))) == 1 for turn in own) for own in turns]
    by_name = {stats.name: stats.five_of_a_kind for stats in player_stats([record])}
    assert [by_name[player.name] for player in game.players] == thrown
