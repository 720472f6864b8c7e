"""Taking back the last confirmed box: exactly the state before, and only when allowed."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date

import pytest

from game.persistence.savefile import dump_game
from game.persistence.session import restore_session, save_session
from game.persistence.storage import MemoryStorage
from game.play.engine import roll, score, select_box
from game.play.state import Player, PlayerKind
from game.play.undo import (
    UndoNotAllowedError,
    UndoSetting,
    can_undo,
    confirmed_box,
    undo,
    undo_enabled,
    undo_point,
)
from tests.persistence.persistence_helpers import (
    penta_joker_turn,
    players,
    random_steps,
    seeded_game,
)


@pytest.mark.parametrize(
    ("humans", "computers", "setting", "enabled"),
    [
        (1, 0, UndoSetting.AUTO, True),
        (1, 3, UndoSetting.AUTO, True),
        (2, 0, UndoSetting.AUTO, False),
        (0, 2, UndoSetting.AUTO, False),
        (2, 1, UndoSetting.ON, True),
        (1, 0, UndoSetting.OFF, False),
    ],
)
def test_undo_is_on_by_default_only_when_one_human_plays(
    humans: int, computers: int, setting: UndoSetting, enabled: bool
) -> None:
    assert undo_enabled(setting, players(humans + computers, computers)) is enabled


def test_undo_of_a_joker_with_a_penta_bonus_restores_the_totals_exactly() -> None:
    before = select_box(penta_joker_turn(), 0, "fours")
    assert before.options is not None and before.options.legal == {"fours"}
    after = score(before, 0, "fours")
    sheet = after.sheets[0]
    assert (sheet.points_in("fours"), sheet.five_of_a_kind_bonus_points) == (20, 100)
    assert sheet.total == before.sheets[0].total + 20 + 100
    kept = undo_point(before, after, UndoSetting.AUTO)
    assert kept is not None and can_undo(after, kept, UndoSetting.AUTO)

    back = undo(after, kept, UndoSetting.AUTO)
    assert back == before
    assert back.sheets[0].total == 53 and back.sheets[0].five_of_a_kind_bonus_count == 0
    assert (back.dice, back.kept, back.rolls_left) == ((4, 4, 4, 4, 4), (0, 1, 2), 1)
    assert back.selected_box == "fours" and back.dice_source == after.dice_source
    # Scored again elsewhere? The joker still allows only Fours, with the same bonus.
    assert score(back, 0, "fours") == after


def test_undo_of_a_lower_box_joker_restores_the_bonus_and_survives_a_reload() -> None:
    before = penta_joker_turn(fours_open=False)
    after = score(before, 0, "large_straight")
    assert after.sheets[0].points_in("large_straight") == 40
    storage = MemoryStorage()
    save_session(
        storage,
        after,
        today=date(2026, 11, 30),
        before_last_turn=undo_point(before, after, UndoSetting.AUTO),
        ids=random.Random(1),
    )
    restored = restore_session(storage)
    assert restored.game == after and restored.before_last_turn == before
    back = undo(after, restored.before_last_turn, UndoSetting.AUTO)
    assert back.sheets[0].total == after.sheets[0].total - 40 - 100
    assert dump_game(back) == dump_game(before)


def test_no_undo_after_the_next_roll() -> None:
    state = seeded_game("yatzy", 1, seed=5)
    before = roll(state, 0)
    after = score(before, 0, "chance")
    kept = undo_point(before, after, UndoSetting.AUTO)
    rolled = roll(after, 0)
    assert not can_undo(rolled, kept, UndoSetting.AUTO)
    with pytest.raises(UndoNotAllowedError, match=r"no longer.*dice \("):
        undo(rolled, kept, UndoSetting.AUTO)


def test_no_undo_when_the_setting_forbids_it_or_nothing_was_kept() -> None:
    before = roll(seeded_game("penta", 2, seed=5), 0)
    after = score(before, 0, "chance")
    assert undo_point(before, after, UndoSetting.AUTO) is None  # two humans
    assert undo_point(before, after, UndoSetting.ON) is before
    with pytest.raises(UndoNotAllowedError, match="'auto'"):
        undo(after, before, UndoSetting.AUTO)
    with pytest.raises(UndoNotAllowedError, match="no confirmed box to take back"):
        undo(after, None, UndoSetting.ON)


def test_a_computer_players_box_cannot_be_taken_back() -> None:
    state = seeded_game("penta", 2, seed=9, computers=1)
    state = score(roll(state, 0), 0, "chance")
    before = roll(state, 1)
    after = score(before, 1, "chance")
    assert before.player.kind is PlayerKind.COMPUTER
    assert undo_point(before, after, UndoSetting.ON) is None
    assert not can_undo(after, before, UndoSetting.ON)


def test_confirmed_box_names_the_box_only_for_a_single_real_confirm() -> None:
    state = seeded_game("yatzy", 2, seed=3)
    chooser = random.Random(3)
    confirms = 0
    for before, after in random_steps(state, chooser):
        box = confirmed_box(before, after)
        if after.dice is None:
            confirms += 1
            assert (
                box is not None and after.sheets[before.current_player].points_in(box) is not None
            )
        else:
            assert box is None
        assert confirmed_box(after, before) is None
    assert confirms == 2 * 15
    one = roll(seeded_game("yatzy", 1, seed=3), 0)
    other_players = replace(score(one, 0, "chance"), players=(Player("Someone else"),))
    assert confirmed_box(one, other_players) is None


def test_the_last_box_of_the_game_can_be_taken_back_from_the_end_screen() -> None:
    steps = list(random_steps(seeded_game("yatzy", 1, seed=30), random.Random(30)))
    before, finished = steps[-1]
    assert finished.is_over and not before.is_over
    kept = undo_point(before, finished, UndoSetting.AUTO)
    assert can_undo(finished, kept, UndoSetting.AUTO)
    back = undo(finished, kept, UndoSetting.AUTO)
    assert back == before and not back.is_over and back.turn_number == 15
