"""Saved games as JSON: the whole GameState, exactly, with a schema version.

    dump_game(state) -> str                       canonical JSON text (same state, same text)
    load_game(text, entropy=None) -> GameState    refuses bad data with SaveFileError
    game_to_data(state) -> dict                   the same, as plain JSON-ready data
    game_from_data(data, entropy=None) -> GameState

`entropy` is the random source a game with "entropy" dice continues with (default
random.SystemRandom()); seeded games carry on from their saved position and ignore it.

Format (schema_version 1):

    {
      "format": "penta-game",
      "schema_version": 1,
      "ruleset": "penta",                       a ruleset id: "penta" or "yatzy"
      "players": [                              seat order, at least one
        {"name": "Dana", "kind": "human", "level": null},
        {"name": "Bot", "kind": "computer", "level": "strong"}
      ],
      "sheets": [                               one per player, same order
        {"scores": {"ones": 3, "penta": 50},    filled boxes only, in sheet order
         "five_of_a_kind_bonuses": 1}           how many bonuses (Penta: 100 each) were earned
      ],
      "turn": {
        "player": 1,                            whose turn (0 when the game is over)
        "dice": [4, 4, 2, 6, 1],                die 0..4, or null before the turn's first roll
        "kept": [0, 1],                         sorted positions set aside for the next roll
        "rolls_left": 2,                        3 before the first roll, then 2, 1, 0
        "selected_box": null                    picked but not confirmed, or null
      },
      "dice_source": {"kind": "seeded", "seed": 42, "position": 37}
                  or {"kind": "entropy"}        (fresh system randomness; nothing to restore)
    }

Totals, subtotals and bonuses are not stored: they follow from the scores.

Loading checks everything before building anything, so it either returns a complete game
or raises SaveFileError naming the field and the bad value (UnsupportedVersionError for
another schema version): unknown or missing keys, wrong types, an unknown ruleset or box,
a score no roll can make in its box, bonuses the sheet could not have earned, sheets that
do not match the turn order, dice that are not 1..6, too many rolls, kept dice or a
selected box that the turn does not allow, a seed position earlier than the dice already
drawn.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from game.dice import DICE_COUNT, Dice, RandomSource, validate_dice
from game.errors import GameError, SaveFileError, UnsupportedVersionError
from game.random_source import DiceSource, EntropyDice, SeededDice
from game.rulesets import Ruleset, get_ruleset
from game.sheet import Sheet, achievable_points
from game.state import ROLLS_PER_TURN, GameState, Player

FORMAT = "penta-game"
SCHEMA_VERSION = 1

JsonObject = dict[str, Any]
T = TypeVar("T")


def game_to_data(state: GameState) -> JsonObject:
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "ruleset": state.ruleset.id,
        "players": [
            {"name": player.name, "kind": player.kind.value, "level": player.level}
            for player in state.players
        ],
        "sheets": [
            {
                "scores": sheet.filled_boxes,
                "five_of_a_kind_bonuses": sheet.five_of_a_kind_bonus_count,
            }
            for sheet in state.sheets
        ],
        "turn": {
            "player": state.current_player,
            "dice": None if state.dice is None else list(state.dice),
            "kept": list(state.kept),
            "rolls_left": state.rolls_left,
            "selected_box": state.selected_box,
        },
        "dice_source": _dice_source_to_data(state.dice_source),
    }


def dump_game(state: GameState) -> str:
    return json.dumps(game_to_data(state), ensure_ascii=False, separators=(",", ":"))


def load_game(text: str | bytes, entropy: RandomSource | None = None) -> GameState:
    try:
        data = json.loads(text, object_pairs_hook=_refuse_duplicate_keys, parse_constant=_refuse)
    except SaveFileError:
        raise
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise SaveFileError(f"a saved game is JSON, and this is not: {error}") from None
    return game_from_data(data, entropy)


def game_from_data(data: object, entropy: RandomSource | None = None) -> GameState:
    top = _object(data, "game")
    if top.get("format") != FORMAT:
        raise SaveFileError(f"format: expected {FORMAT!r}, got {top.get('format')!r:.80}")
    version = top.get("schema_version")
    if version != SCHEMA_VERSION or isinstance(version, bool):
        raise UnsupportedVersionError(
            f"schema_version: this build reads version {SCHEMA_VERSION}, not {version!r:.80}"
        )
    _keys(top, "game", set(TOP_LEVEL_KEYS))
    ruleset = _translated("ruleset", lambda: get_ruleset(top["ruleset"]))
    players = tuple(
        _player(entry, f"players[{index}]")
        for index, entry in enumerate(_list(top["players"], "players", minimum=1))
    )
    sheet_entries = _list(top["sheets"], "sheets")
    if len(sheet_entries) != len(players):
        raise SaveFileError(
            f"sheets: {len(players)} players need as many sheets, not {len(sheet_entries)}"
        )
    sheets = tuple(
        _sheet(entry, f"sheets[{index}]", ruleset) for index, entry in enumerate(sheet_entries)
    )
    turn = _turn(top["turn"], sheets)
    return GameState(
        ruleset=ruleset,
        players=players,
        sheets=sheets,
        current_player=turn.player,
        dice=turn.dice,
        kept=turn.kept,
        rolls_left=turn.rolls_left,
        selected_box=turn.selected_box,
        dice_source=_dice_source(top["dice_source"], turn, sheets, entropy),
    )


TOP_LEVEL_KEYS = ("format", "schema_version", "ruleset", "players", "sheets", "turn", "dice_source")


def _dice_source_to_data(source: DiceSource) -> JsonObject:
    if isinstance(source, SeededDice):
        return {"kind": "seeded", "seed": source.seed, "position": source.position}
    if isinstance(source, EntropyDice):
        return {"kind": "entropy"}
    raise TypeError(f"cannot save a game whose dice come from {source!r}")


def _player(data: object, path: str) -> Player:
    entry = _object(data, path)
    _keys(entry, path, {"name", "kind", "level"})
    return _translated(path, lambda: Player(entry["name"], entry["kind"], entry["level"]))


def _sheet(data: object, path: str, ruleset: Ruleset) -> Sheet:
    entry = _object(data, path)
    _keys(entry, path, {"scores", "five_of_a_kind_bonuses"})
    scores = _object(entry["scores"], f"{path}.scores")
    for box_id, points in scores.items():
        if box_id not in ruleset.box_ids:
            raise SaveFileError(f"{path}.scores: unknown box {box_id!r} in ruleset {ruleset.id!r}")
        possible = achievable_points(ruleset, box_id)
        if _int(points, f"{path}.scores.{box_id}") not in possible:
            raise SaveFileError(
                f"{path}.scores.{box_id}: no roll scores {points} in {box_id!r} "
                f"(possible: {', '.join(map(str, sorted(possible)))})"
            )
    bonuses = _int(entry["five_of_a_kind_bonuses"], f"{path}.five_of_a_kind_bonuses")
    sheet = Sheet.from_scores(ruleset, scores, bonuses)
    if bonuses:
        earning_box_filled = sheet.five_of_a_kind_box_points == ruleset.five_of_a_kind_points
        # Each bonus came with a box filled after the five-of-a-kind box itself.
        if (
            not ruleset.extra_five_of_a_kind_bonus
            or not earning_box_filled
            or bonuses >= len(scores)
        ):
            raise SaveFileError(
                f"{path}.five_of_a_kind_bonuses: {bonuses} bonuses cannot be earned with "
                f"{ruleset.five_of_a_kind_box!r} holding {sheet.five_of_a_kind_box_points} "
                f"and {len(scores)} boxes filled in ruleset {ruleset.id!r}"
            )
    return sheet


@dataclass(frozen=True)
class _Turn:
    player: int
    dice: Dice | None
    kept: tuple[int, ...]
    rolls_left: int
    selected_box: str | None


def _turn(data: object, sheets: tuple[Sheet, ...]) -> _Turn:
    turn = _object(data, "turn")
    _keys(turn, "turn", {"player", "dice", "kept", "rolls_left", "selected_box"})
    current = _int(turn["player"], "turn.player", maximum=len(sheets) - 1)
    over = all(sheet.is_complete for sheet in sheets)
    if over and current != 0:
        raise SaveFileError(f"turn.player: the game is over, so 0, not {current}")
    filled = [len(sheet.filled_boxes) for sheet in sheets]
    expected = [filled[current] + (1 if index < current else 0) for index in range(len(sheets))]
    if filled != expected:
        raise SaveFileError(
            f"turn.player: with player {current} to play, the sheets would hold {expected} "
            f"filled boxes, not {filled}"
        )

    dice = None
    if turn["dice"] is not None:
        if over:
            raise SaveFileError(f"turn.dice: the game is over, so null, not {turn['dice']!r:.80}")
        dice = _translated("turn.dice", lambda: validate_dice(_list(turn["dice"], "turn.dice")))
    most_rolls_left = ROLLS_PER_TURN if dice is None else ROLLS_PER_TURN - 1
    rolls_left = _int(turn["rolls_left"], "turn.rolls_left", maximum=most_rolls_left)
    if dice is None and rolls_left != ROLLS_PER_TURN:
        raise SaveFileError(
            f"turn.rolls_left: before the first roll, {ROLLS_PER_TURN}, not {rolls_left}"
        )

    kept_entries = _list(turn["kept"], "turn.kept", maximum=DICE_COUNT)
    kept = tuple(
        _int(position, f"turn.kept[{index}]", maximum=DICE_COUNT - 1)
        for index, position in enumerate(kept_entries)
    )
    if list(kept) != sorted(set(kept)):
        raise SaveFileError(f"turn.kept: distinct positions in rising order, not {list(kept)}")
    if kept and dice is None:
        raise SaveFileError(f"turn.kept: nothing is kept before the first roll, not {list(kept)}")

    selected = turn["selected_box"]
    if selected is not None:
        if not isinstance(selected, str):
            raise SaveFileError(f"turn.selected_box: a box id or null, not {selected!r:.80}")
        if dice is None:
            raise SaveFileError(
                f"turn.selected_box: nothing is selected before the first roll, not {selected!r}"
            )
        sheet = sheets[current]
        _translated("turn.selected_box", lambda: sheet.check_legal(selected, sheet.options(dice)))
    return _Turn(current, dice, kept, rolls_left, selected)


def _dice_source(
    data: object, turn: _Turn, sheets: tuple[Sheet, ...], entropy: RandomSource | None
) -> DiceSource:
    entry = _object(data, "dice_source")
    kind = entry.get("kind")
    if kind == "entropy":
        _keys(entry, "dice_source", {"kind"})
        return EntropyDice() if entropy is None else EntropyDice(entropy)
    if kind == "seeded":
        _keys(entry, "dice_source", {"kind", "seed", "position"})
        source = _translated("dice_source", lambda: SeededDice(entry["seed"], entry["position"]))
        turns_done = sum(len(sheet.filled_boxes) for sheet in sheets)
        this_turn = 0
        if turn.dice is not None:  # the first roll throws five dice, each further one at least one
            this_turn = DICE_COUNT + (ROLLS_PER_TURN - 1 - turn.rolls_left)
        least = DICE_COUNT * turns_done + this_turn
        if source.position < least:
            raise SaveFileError(
                f"dice_source.position: at least {least} dice were drawn already, "
                f"so not {source.position}"
            )
        return source
    raise SaveFileError(f"dice_source.kind: 'seeded' or 'entropy', not {kind!r:.80}")


# Readers: each returns the value with its type checked or raises SaveFileError naming `path`.


def _object(value: object, path: str) -> JsonObject:
    if not isinstance(value, dict):
        raise SaveFileError(f"{path}: expected an object, got {value!r:.80}")
    return value


def _keys(entry: JsonObject, path: str, expected: set[str]) -> None:
    missing = sorted(expected - entry.keys())
    unknown = sorted(entry.keys() - expected)
    problems = [f"missing key {key!r}" for key in missing]
    problems += [f"unknown key {key!r:.80}" for key in unknown[:5]]
    if problems:
        raise SaveFileError(f"{path}: {', '.join(problems)}")


def _list(value: object, path: str, minimum: int = 0, maximum: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise SaveFileError(f"{path}: expected a list, got {value!r:.80}")
    if len(value) < minimum or (maximum is not None and len(value) > maximum):
        raise SaveFileError(
            f"{path}: expected {minimum} to {'any number of' if maximum is None else maximum} "
            f"entries, got {len(value)}"
        )
    return value


def _int(value: object, path: str, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveFileError(f"{path}: expected a whole number, got {value!r:.80}")
    if value < 0 or (maximum is not None and value > maximum):
        upper = "any larger number" if maximum is None else maximum
        raise SaveFileError(f"{path}: expected 0 to {upper}, got {value}")
    return value


def _translated(path: str, build: Callable[[], T]) -> T:
    """Run a constructor that checks its input; its GameError becomes a SaveFileError."""
    try:
        return build()
    except GameError as error:
        raise SaveFileError(f"{path}: {error}") from None


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> JsonObject:
    counts = Counter(key for key, _ in pairs)
    duplicates = sorted(key for key, count in counts.items() if count > 1)
    if duplicates:
        raise SaveFileError(f"a key appears twice in one object: {', '.join(duplicates)}")
    return dict(pairs)


def _refuse(constant: str) -> object:
    raise SaveFileError(f"a saved game holds no {constant}")
