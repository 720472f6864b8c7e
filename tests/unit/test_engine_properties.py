"""Property-based tests: thousands of random legal games, illegal actions, save files.

Each game is played by a random agent that uses every action (roll, roll with a keep,
toggle a die, select a box, score), checking the invariants after every step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.random_play import random_rolls, random_score, random_turn
from game.errors import (
    AllDiceKeptError,
    BoxFilledError,
    GameError,
    GameOverError,
    InvalidDieIndexError,
    JokerForbiddenBoxError,
    NoRollsLeftError,
    NotRolledYetError,
    SaveFileError,
    UnknownBoxError,
    WrongPlayerError,
)
from game.persistence.savefile import dump_game, game_to_data, load_game
from game.play.engine import new_game, roll, score, select_box, toggle_keep
from game.play.random_source import MAX_SEED, SeededDice
from game.play.sheet import Sheet
from game.play.state import GameState, Player, PlayerKind
from game.rules.dice import DICE_COUNT
from game.rules.rulesets import RULESETS
from tests.profiles import examples

ruleset_ids = st.sampled_from(sorted(RULESETS))
player_counts = st.integers(min_value=1, max_value=8)
seeds = st.integers(min_value=0, max_value=MAX_SEED)
UPPER_BOXES = {"ones", "twos", "threes", "fours", "fives", "sixes"}
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def players(count: int) -> list[Player]:
    return [
        Player(f"P{index}", PlayerKind.COMPUTER, "beginner") if index % 2 else Player(f"P{index}")
        for index in range(count)
    ]


def random_action(state: GameState, agent: random.Random) -> GameState:
    """One random legal action for the current player."""
    player = state.current_player
    if state.options is None:
        return roll(state, player)
    choice = agent.random()
    if state.rolls_left and choice < 0.15:
        return toggle_keep(state, player, agent.randrange(DICE_COUNT))
    if state.can_roll and choice < 0.4:
        return roll(state, player)
    if state.rolls_left and choice < 0.5:
        keep = agent.sample(range(DICE_COUNT), agent.randrange(DICE_COUNT))
        return roll(state, player, keep)
    box_id = agent.choice(sorted(state.options.legal))
    if choice < 0.65:
        return select_box(state, player, box_id)
    return score(state, player, state.selected_box or box_id)


def check_sheet(sheet: Sheet) -> None:
    ruleset = sheet.ruleset
    filled = sheet.filled_boxes
    upper = sum(points for box_id, points in filled.items() if box_id in UPPER_BOXES)
    assert sheet.upper_subtotal == upper
    assert sheet.upper_bonus == (ruleset.upper_bonus if upper >= 63 else 0)
    assert sheet.points_to_upper_bonus == max(0, 63 - upper)
    assert sheet.lower_subtotal == sum(filled.values()) - upper
    assert sheet.total == (
        sum(filled.values())
        + sheet.upper_bonus
        + sheet.five_of_a_kind_bonus_count * ruleset.extra_five_of_a_kind_bonus
    )


def check_scoring(before: GameState, after: GameState) -> str | None:
    """The box `before`'s player filled on the way to `after` (None if none), checked."""
    mover = before.current_player
    if after.sheets[mover] == before.sheet:
        return None
    assert before.options is not None
    (box_id,) = set(after.sheets[mover].filled_boxes) - set(before.sheet.filled_boxes)
    assert after.sheets[mover].points_in(box_id) == before.options.points[box_id]
    assert box_id in before.options.legal
    earned = 1 if before.options.five_of_a_kind_bonus else 0
    assert after.sheets[mover].five_of_a_kind_bonus_count == (
        before.sheet.five_of_a_kind_bonus_count + earned
    )
    assert after.current_player == (mover + 1) % len(after.players)
    assert (after.dice, after.kept, after.rolls_left, after.selected_box) == (None, (), 3, None)
    check_sheet(after.sheets[mover])
    others = [index for index in range(len(after.sheets)) if index != mover]
    assert [after.sheets[i] for i in others] == [before.sheets[i] for i in others]
    return box_id


def check_finished(state: GameState, boxes_in_order: list[list[str]]) -> None:
    box_ids = sorted(state.ruleset.box_ids)
    assert all(sorted(filled) == box_ids for filled in boxes_in_order), "each box once"
    assert all(sheet.is_complete for sheet in state.sheets)
    assert state.is_over and state.dice is None and state.current_player == 0
    for sheet in state.sheets:
        check_sheet(sheet)


@pytest.mark.heavy  # in CI (2,000 games)
@settings(FAST, max_examples=examples(2000))
@given(ruleset_ids, player_counts, seeds, seeds)
def test_thousands_of_random_games_keep_every_rule(
    ruleset_id: str, count: int, dice_seed: int, agent_seed: int
) -> None:
    state = new_game(ruleset_id, players(count), SeededDice(dice_seed))
    agent = random.Random(agent_seed)
    boxes_in_order: list[list[str]] = [[] for _ in range(count)]
    while not state.is_over:
        before = random_rolls(state, agent)
        state = random_score(before, agent)
        box_id = check_scoring(before, state)
        assert box_id is not None
        boxes_in_order[before.current_player].append(box_id)
    check_finished(state, boxes_in_order)


def play_every_action(
    ruleset_id: str, count: int, dice_seed: int, agent_seed: int, save_every: int
) -> list[GameState]:
    """Play a whole game with every kind of action, checking every step and saving and
    loading every `save_every` actions; returns the state after each action."""
    state = new_game(ruleset_id, players(count), SeededDice(dice_seed))
    agent = random.Random(agent_seed)
    boxes_in_order: list[list[str]] = [[] for _ in range(count)]
    trail = []
    while not state.is_over:
        before = state
        state = random_action(state, agent)
        box_id = check_scoring(before, state)
        if box_id is not None:
            boxes_in_order[before.current_player].append(box_id)
        trail.append(state)
        if len(trail) % save_every == 0:
            text = dump_game(state)
            assert load_game(text) == state
            assert dump_game(load_game(text)) == text
    check_finished(state, boxes_in_order)
    return trail


@pytest.mark.heavy  # in CI (150 games, each action saved)
@settings(FAST, max_examples=examples(150))
@given(ruleset_ids, player_counts, seeds, seeds)
def test_random_games_using_every_action_keep_every_rule_and_save_exactly(
    ruleset_id: str, count: int, dice_seed: int, agent_seed: int
) -> None:
    play_every_action(ruleset_id, count, dice_seed, agent_seed, save_every=8)


@settings(FAST, max_examples=examples(60))
@given(ruleset_ids, player_counts, seeds, seeds)
def test_a_seeded_game_replays_identically(
    ruleset_id: str, count: int, dice_seed: int, agent_seed: int
) -> None:
    first = play_every_action(ruleset_id, count, dice_seed, agent_seed, save_every=10**9)
    again = play_every_action(ruleset_id, count, dice_seed, agent_seed, save_every=10**9)
    assert again == first
    assert dump_game(again[-1]) == dump_game(first[-1])


def illegal_actions(state: GameState) -> list[tuple[Callable[[], object], type[GameError]]]:
    """Actions the rules forbid in `state`, each with the error it must raise."""
    current, count = state.current_player, len(state.players)
    everything = [
        lambda: roll(state, current),
        lambda: toggle_keep(state, current, 0),
        lambda: select_box(state, current, state.ruleset.box_ids[0]),
        lambda: score(state, current, state.ruleset.box_ids[0]),
    ]
    if state.is_over:
        return [(action, GameOverError) for action in everything]
    cases: list[tuple[Callable[[], object], type[GameError]]] = [
        (lambda: roll(state, -1), WrongPlayerError),
        (lambda: roll(state, count), WrongPlayerError),
    ]
    if count > 1:
        other = (current + 1) % count
        cases += [(lambda: roll(state, other), WrongPlayerError)]
        cases += [(lambda: select_box(state, other, None), WrongPlayerError)]
    filled = list(state.sheet.filled_boxes)
    if state.options is None:
        some_box = state.sheet.open_boxes[0]
        cases += [
            (lambda: score(state, current, some_box), NotRolledYetError),
            (lambda: select_box(state, current, some_box), NotRolledYetError),
            (lambda: toggle_keep(state, current, 2), NotRolledYetError),
            (lambda: roll(state, current, [1]), NotRolledYetError),
        ]
        return cases
    if state.rolls_left == 0:
        cases += [
            (lambda: roll(state, current), NoRollsLeftError),
            (lambda: roll(state, current, []), NoRollsLeftError),
            (lambda: toggle_keep(state, current, 1), NoRollsLeftError),
        ]
    else:
        cases += [
            (lambda: roll(state, current, range(DICE_COUNT)), AllDiceKeptError),
            (lambda: roll(state, current, [DICE_COUNT]), InvalidDieIndexError),
            (lambda: roll(state, current, [0, 0]), InvalidDieIndexError),
            (lambda: toggle_keep(state, current, -1), InvalidDieIndexError),
        ]
        if len(state.kept) == DICE_COUNT:
            cases += [(lambda: roll(state, current), AllDiceKeptError)]
    cases += [(lambda: score(state, current, "no_such_box"), UnknownBoxError)]
    cases += [(lambda: select_box(state, current, "no_such_box"), UnknownBoxError)]
    for box_id in filled[:2]:
        cases += [(partial(score, state, current, box_id), BoxFilledError)]
        cases += [(partial(select_box, state, current, box_id), BoxFilledError)]
    for box_id in sorted(state.options.forbidden)[:2]:
        cases += [(partial(score, state, current, box_id), JokerForbiddenBoxError)]
        cases += [(partial(select_box, state, current, box_id), JokerForbiddenBoxError)]
    return cases


def reached(ruleset_id: str, count: int, seed: int, turns: int, actions: int) -> GameState:
    """The state after up to `turns` random turns and then `actions` random actions."""
    state = new_game(ruleset_id, players(count), SeededDice(seed))
    agent = random.Random(seed)
    for _ in range(turns):
        if state.is_over:
            return state
        state = random_turn(state, agent)
    for _ in range(actions):
        if state.is_over:
            return state
        state = random_action(state, agent)
    return state


@settings(FAST, max_examples=examples(600))
@given(ruleset_ids, player_counts, seeds, st.integers(0, 110), st.integers(0, 8))
def test_illegal_actions_raise_their_error_and_change_nothing(
    ruleset_id: str, count: int, seed: int, turns: int, actions: int
) -> None:
    state = reached(ruleset_id, count, seed, turns, actions)
    before = dump_game(state)
    for action, error in illegal_actions(state):
        try:
            action()
        except GameError as raised:
            assert type(raised) is error, (raised, error)
        else:
            raise AssertionError(f"expected {error.__name__}")
        assert dump_game(state) == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, (*prefix, index))
    return found


@settings(FAST, max_examples=examples(500))
@given(ruleset_ids, player_counts, seeds, st.integers(0, 110), st.integers(0, 8), st.data())
def test_a_tampered_save_loads_consistently_or_is_refused(
    ruleset_id: str, count: int, seed: int, turns: int, actions: int, data: st.DataObject
) -> None:
    state = reached(ruleset_id, count, seed, turns, actions)
    saved = game_to_data(state)
    path = data.draw(st.sampled_from(paths(saved)[1:]))
    target = saved
    for key in path[:-1]:
        target = target[key]
    if data.draw(st.booleans()) and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = data.draw(json_values)
    try:
        loaded = load_game(json.dumps(saved))
    except SaveFileError:
        return
    assert game_to_data(loaded) == json.loads(dump_game(loaded))
    assert dump_game(load_game(dump_game(loaded))) == dump_game(loaded)
