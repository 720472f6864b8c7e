"""Corrections kept: a real-dice game with changed and cleared boxes saved, resumed, recorded
in the history and exported replays to exactly the live game; hostile correction moves are
refused with a SaveFileError; whole games of each ruleset with corrections entered through the
app total as the engine's; the review covers the game as corrected; and, whatever the entries,
corrections and clears, the game, its log and its save agree (hypothesis)."""

from __future__ import annotations

import contextlib
import json
import random
import re
from dataclasses import replace
from datetime import date
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.entry_intents import ApplyCorrection, CorrectionFace, OpenCorrection
from game.app.intents import CloseDialog, ConfirmTurn, SelectBox
from game.app.model import AppState, Screen, Ui
from game.coach.greedy import best_immediate_box
from game.coach.review import review_game
from game.errors import GameError, SaveFileError
from game.i18n.translator import Translator
from game.persistence.exchange import export_history, read_export
from game.persistence.history import record_from_data, record_game, record_to_data
from game.persistence.savefile import (
    SCHEMA_VERSION,
    dump_game,
    game_to_data,
    load_game,
    load_saved_game,
)
from game.persistence.session import restore_session, save_session
from game.persistence.storage import MemoryStorage
from game.play.corrections import clear_box, correct_box, corrected_boxes
from game.play.engine import new_game, score
from game.play.move_log import walk
from game.play.random_source import RealDice, SeededDice
from game.play.real_dice import enter_dice
from game.play.recheck import CorrectionRefusedError
from game.play.sheet import Sheet, seat_to_move
from game.play.state import GameState, Player
from game.present.kept_screens import finished_view
from game.rules.dice import Dice
from game.strategy.advisor import Advisor
from tests.app.test_real_dice import NAMES, enter, real_dice_driver
from tests.app.test_real_dice_corrections import alone, play, played
from tests.profiles import examples
from tests.solved_tables import solved_advisor

TODAY = date(2026, 12, 1)


def corrected_game() -> GameState:
    return corrected_game_and_before()[0]


def corrected_game_and_before() -> tuple[GameState, GameState]:
    """Three players of Yatzy: a box changed, an earlier box cleared and played again; and the
    state before that last turn was confirmed."""
    game = played(
        "yatzy",
        [
            ((2, 2, 2, 3, 3), "twos"),
            ((3, 3, 3, 1, 1), "threes"),
            ((4, 4, 1, 2, 3), "fours"),
            ((6, 6, 6, 5, 5), "full_house"),
            ((1, 1, 1, 2, 3), "ones"),
        ],
        players=3,
    )
    game = correct_box(game, 1, "threes", (3, 3, 3, 3, 1))
    game = clear_box(game, 0, "twos")
    before = enter_dice(game, 0, (2, 2, 2, 2, 5))
    return score(before, 0, "twos"), before


def test_a_saved_game_with_corrections_replays_to_the_live_game() -> None:
    game, before = corrected_game_and_before()
    moves = game_to_data(game)["log"]["moves"]
    assert "correct 1 threes 33311 33331" in moves and "clear 0 twos 22233" in moves
    assert game_to_data(game)["schema_version"] == SCHEMA_VERSION
    assert load_game(dump_game(game)) == game
    storage = MemoryStorage()
    assert not save_session(storage, game, today=TODAY, ids=random.Random(1)).problems
    assert restore_session(storage).game == game
    # The turn played again after the clear can be taken back, as any last turn.
    saved = load_saved_game(dump_game(game, before))
    assert saved.game == game and saved.before_last_turn == before


def test_a_finished_game_with_corrections_is_recorded_and_exported_with_them() -> None:
    game = new_game("penta", [Player("Dana"), Player("Avi")], RealDice())
    boxes = list(game.ruleset.box_ids)
    game = play(game, [((1, 2, 3, 4, 6), boxes[0])])
    game = correct_box(game, 0, boxes[0], (1, 1, 3, 4, 6))
    game = clear_box(game, 0, boxes[0])
    for box in boxes:
        game = play(game, [((1, 1, 3, 4, 6), box)] * 2)
    assert game.is_over
    record = record_game("ab" * 8, game, TODAY)
    data = record_to_data(record)
    assert "clear 0 ones 11346" in data["log"]["moves"]
    assert record_from_data(json.loads(json.dumps(data)), "games[0]") == record
    assert read_export(export_history((record,), TODAY)) == (record,)


def test_a_finished_game_with_corrections_opens_from_the_history_as_at_the_table() -> None:
    """Its sheet from the history marks the boxes the end screen marked, and its title says it
    was played with real dice, as the history's list does."""
    game = new_game("penta", [Player("Dana"), Player("Avi")], RealDice())
    boxes = list(game.ruleset.box_ids)
    game = play(game, [((1, 2, 3, 4, 6), boxes[0])])
    game = correct_box(game, 0, boxes[0], (1, 1, 3, 4, 6))
    for box in boxes:
        game = play(game, [((1, 1, 3, 4, 6), box)] * (1 if box == boxes[0] else 2))
    assert game.is_over
    record = record_game("ab" * 8, game, TODAY)
    ui = replace(Ui(), screen=Screen.FINISHED, history_games=(record,), finished_id=record.id)
    t = Translator("en", isolate=False)
    finished = finished_view(replace(AppState(), ui=ui), t)
    assert finished is not None
    assert finished.subtitle.endswith("· Penta · real dice")
    marked = {
        (column, row.key)
        for row in finished.sheet.rows
        for column, cell in enumerate(row.cells)
        if cell.corrected
    }
    assert marked == corrected_boxes(game) == {(0, boxes[0])}


def hostile(change: Any) -> dict[str, Any]:
    data = game_to_data(corrected_game())
    change(data["log"]["moves"])
    return data


def replace_move(new: str, old: str = "clear 0 twos 22233") -> Any:
    return lambda moves: moves.__setitem__(moves.index(old), new)


CHANGE = "correct 1 threes 33311 33331"


HOSTILE = [
    ("wrong dice before", replace_move("clear 0 twos 22222"), "those dice"),
    ("no such player", replace_move("clear 7 twos 22233"), "no player 7"),
    ("a box not filled", replace_move("clear 0 sixes 22233"), "not filled"),
    ("four faces", replace_move("clear 0 twos 2223"), "'clear'"),
    ("a face 7", replace_move("correct 1 threes 33311 33371", CHANGE), "'correct'"),
    ("a seat -1", replace_move("clear -1 twos 22233"), "'clear'"),
    ("extra words", replace_move("clear 0 twos 22233 x"), "'clear'"),
    ("cleared twice", lambda moves: moves.append("clear 0 twos 22233"), "those dice"),
    ("mid-turn", lambda moves: moves.extend(["enter 12345", "clear 2 fours 44123"]), "between"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "names"), [(c, n) for _, c, n in HOSTILE], ids=[h[0] for h in HOSTILE]
)
def test_a_hostile_correction_in_a_save_is_refused_naming_it(change: Any, names: str) -> None:
    with pytest.raises(SaveFileError, match=re.escape(names)):
        load_game(json.dumps(hostile(change)))


def test_a_logged_correction_that_breaks_a_later_joker_is_refused() -> None:
    game = played(
        "penta",
        [((5, 5, 5, 5, 5), "penta"), ((6, 6, 6, 1, 2), "sixes"), ((6, 6, 6, 6, 6), "full_house")],
    )
    data = game_to_data(game)
    data["log"]["moves"].append("clear 0 sixes 66612")
    data["sheets"][0]["scores"].pop("sixes")
    with pytest.raises(SaveFileError, match="joker"):
        load_game(json.dumps(data))


def test_corrections_only_in_a_game_played_with_real_dice() -> None:
    data = game_to_data(corrected_game())
    data["dice_source"] = {"kind": "entropy"}
    data["log"]["moves"] = [m.replace("enter", "roll") for m in data["log"]["moves"]]
    with pytest.raises(SaveFileError, match="entered by hand"):
        load_game(json.dumps(data))


def test_a_game_of_an_older_schema_loads_and_a_newer_one_is_refused() -> None:
    data = game_to_data(played("yatzy", [((2, 2, 2, 3, 3), "twos")], players=2))
    assert load_game(json.dumps(data | {"schema_version": 4})) == load_game(json.dumps(data))
    newer = SCHEMA_VERSION + 1
    with pytest.raises(SaveFileError, match=f"not {newer}"):
        load_game(json.dumps(data | {"schema_version": newer}))


# --- whole games through the app -----------------------------------------------------------------


def fresh_dice(source: SeededDice, turn: int) -> tuple[Dice, SeededDice]:
    faces, source = source.draw(5)
    return ((faces[0],) * 5 if turn % 7 == 3 else faces), source


@pytest.mark.parametrize("ruleset", ["penta", "yatzy"])
def test_a_whole_game_with_corrections_totals_as_the_engine(ruleset: str) -> None:
    driver = real_dice_driver(ruleset)
    source = SeededDice(len(ruleset))
    turns: list[list[tuple[Dice, str]]] = [[] for _ in NAMES]  # each sheet's turns, as they stand
    changed = cleared = refused = 0
    turn = 0
    while driver.state.screen is Screen.GAME:
        seat = driver.game.current_player
        faces, source = fresh_dice(source, turn)
        enter(driver, faces)
        box = best_immediate_box(driver.game)
        driver(SelectBox(box), ConfirmTurn())
        turns[seat].append((faces, box))
        turn += 1
        if driver.state.screen is not Screen.GAME:
            break
        other = (seat + 1) % len(NAMES)
        if turn % 5 == 0 and turns[other]:  # one die of another player's first box changed
            old, box = turns[other][0]
            new = (old[0] % 6 + 1, *old[1:])
            driver(OpenCorrection(other, box), CorrectionFace(old[0], add=False))
            driver(CorrectionFace(new[0], add=True), ApplyCorrection(), ApplyCorrection())
            if driver.state.ui.correction is None:
                turns[other][0] = (new, box)
                changed += 1
            else:
                refused += 1
                driver(CloseDialog())
        if turn % 11 == 0 and len(turns[seat]) > 1:  # the player's second box cleared
            _, box = turns[seat][1]
            driver(OpenCorrection(seat, box))
            view = driver.snapshot().correction
            assert view is not None
            if view.can_clear:
                driver(ApplyCorrection(clear=True), ApplyCorrection(clear=True))
                del turns[seat][1]
                cleared += 1
                filled = [len(own) for own in turns]
                assert driver.game.current_player == filled.index(min(filled))
            else:
                assert view.clear_refusal
                refused += 1
                driver(CloseDialog())
    assert changed and cleared, (changed, cleared, refused)
    assert driver.game.is_over
    for seat, own in enumerate(turns):
        assert driver.game.sheets[seat] == alone(ruleset, own)
    end = driver.snapshot().end
    assert end is not None
    totals = sorted((alone(ruleset, own).total for own in turns), reverse=True)
    assert [int(standing.total) for standing in end.standings] == totals
    assert load_game(dump_game(driver.game)) == driver.game


@pytest.fixture(scope="module")
def advisor() -> Advisor:
    return solved_advisor("yatzy")


def test_the_review_covers_the_game_as_corrected(advisor: Advisor) -> None:
    game = new_game("yatzy", [Player("Dana"), Player("Avi")], RealDice())
    boxes = list(game.ruleset.box_ids)
    game = play(game, [((6, 6, 6, 2, 1), "sixes"), ((1, 2, 3, 4, 5), "chance")])
    game = correct_box(game, 0, "sixes", (6, 6, 6, 6, 1))  # Dana's Sixes: 24
    game = clear_box(game, 1, "chance")  # Avi plays that turn again
    game = play(game, [((5, 5, 5, 2, 2), "full_house")])
    while not game.is_over:
        game = play(game, [((1, 2, 3, 4, 6), game.sheet.open_boxes[0])])
    assert game.is_over
    review = review_game(game.ruleset, 2, game.log, advisor)
    for player, sheet in zip(review.players, game.sheets, strict=True):
        assert player.final == sheet.total and player.decisions == len(boxes)
        split = player.start_expected + player.luck - player.points_lost
        assert split == pytest.approx(player.final, abs=1e-6)
    first = [(d.player, d.dice, d.choice) for d in review.decisions if d.turn == 1]
    assert [(seat, dice) for seat, dice, _ in first] == [(0, (6, 6, 6, 6, 1)), (1, (5, 5, 5, 2, 2))]
    assert [d.turn for d in review.decisions] == sorted(d.turn for d in review.decisions)


# --- whatever is entered, corrected and cleared: the game, its log and its save agree -----------


ACTION = st.tuples(
    st.sampled_from(["turn", "turn", "turn", "correct", "clear"]), st.integers(0, 10**6)
)


@settings(max_examples=examples(80))
@given(
    ruleset=st.sampled_from(["penta", "yatzy"]),
    players=st.integers(1, 3),
    actions=st.lists(ACTION, min_size=1, max_size=45),
)
def test_the_game_its_log_and_its_save_agree(
    ruleset: str, players: int, actions: list[Any]
) -> None:
    game = new_game(ruleset, [Player(f"P{seat}") for seat in range(players)], RealDice())
    turns: list[list[tuple[Dice, str]]] = [[] for _ in range(players)]
    for kind, seed in actions:
        if game.is_over:
            break
        chooser = random.Random(seed)
        often = chooser.randint(1, 6)  # so that fives of a kind, jokers and bonuses come up
        dice = tuple(chooser.choice([often] * 4 + [1, 2, 3, 4, 5, 6]) for _ in range(5))
        filled = [(seat, number) for seat in range(players) for number in range(len(turns[seat]))]
        if kind == "turn" or not filled:
            seat = game.current_player
            entered = enter_dice(game, seat, dice)
            if filled and chooser.random() < 0.3:  # a box corrected while the dice are in
                other, number = chooser.choice(filled)
                fixed = tuple(sorted(dice))[::-1]
                with contextlib.suppress(GameError):
                    entered = correct_box(entered, other, turns[other][number][1], fixed)
                    turns[other][number] = (fixed, turns[other][number][1])
                assert entered.dice == dice and load_game(dump_game(entered)) == entered
            assert entered.options is not None
            box = chooser.choice(sorted(entered.options.legal))
            game = score(entered, seat, box)
            turns[seat].append((dice, box))
        else:
            seat, number = chooser.choice(filled)
            box = turns[seat][number][1]
            try:
                if kind == "correct":
                    game = correct_box(game, seat, box, dice)
                    turns[seat][number] = (dice, box)
                else:
                    game = clear_box(game, seat, box)
                    del turns[seat][number]
            except GameError:
                pass  # refused: nothing changed (checked below, as every state)
        counts = [len(own) for own in turns]
        assert [len(sheet.filled_boxes) for sheet in game.sheets] == counts
        assert (
            game.current_player
            == seat_to_move(game.sheets)
            == (0 if game.is_over else counts.index(min(counts)))
        )
        assert game.game_turn == sum(counts)
        for seat, own in enumerate(turns):
            assert game.sheets[seat] == alone(ruleset, own)
        walked = walk(game.ruleset, [Sheet.empty(game.ruleset)] * players, 0, game.log.moves)
        assert walked.sheets == game.sheets and walked.game_turn == game.game_turn
        assert load_game(dump_game(game)) == game


def test_corrections_are_refused_only_when_the_log_has_no_room_left() -> None:
    """Every game played can be saved: a correction that would leave the log no room for the
    rest of the game is refused ("many"), after ample corrections for any table."""
    game = played("yatzy", [((1, 2, 3, 4, 6), "chance")])
    faces = [(1, 2, 3, 4, 6), (1, 2, 3, 5, 6)]
    corrections = 0
    with pytest.raises(CorrectionRefusedError) as refused:
        while True:
            game = correct_box(game, 0, "chance", faces[(corrections + 1) % 2])
            corrections += 1
    assert refused.value.refusal.reason == "many" and corrections > 100
    with pytest.raises(CorrectionRefusedError):
        clear_box(game, 0, "chance")
    while not game.is_over:
        game = play(game, [((6, 6, 6, 6, 6), game.sheet.open_boxes[0])])
    assert load_game(dump_game(game)) == game
