"""Saved games as JSON: the whole GameState, exactly, with a schema version.

    dump_game(state, before_last_turn=None) -> str    canonical JSON (same state, same text)
    load_game(text, entropy=None) -> GameState        refuses bad data with SaveFileError
    load_saved_game(text, entropy=None) -> SavedGame  the game and the state before its last turn
    game_to_data(state, before_last_turn=None) -> dict    the same, as plain JSON-ready data
    game_from_data(data, entropy=None) -> GameState
    saved_game_from_data(data, entropy=None) -> SavedGame
    player_to_data / player_from_data, sheet_to_data / sheet_from_data    one entry of each,
                                                  also used by the history of finished games

`entropy` is the random source a game with "entropy" dice continues with (default
random.SystemRandom()); seeded games carry on from their saved position and ignore it.

`before_last_turn` is the state just before the last confirmed box, kept so that the box can be
taken back (see game.persistence.undo). It is saved as the turn that was confirmed, which is
all that differs, and loading rebuilds it and checks that confirming that turn gives exactly
the saved game.

Format (schema_version 6):

    {
      "format": "penta-game",
      "schema_version": 6,
      "ruleset": "penta",                       a ruleset id: "penta" or "yatzy"
      "players": [                              seat order, at least one
        {"name": "Dana", "kind": "human", "level": null},
        {"name": "Bot", "kind": "computer", "level": "optimal"}
      ],
      "sheets": [                               one per player, same order
        {"scores": {"ones": 3, "penta": 50},    filled boxes only, in sheet order
         "five_of_a_kind_bonuses": 1}           how many bonuses (Penta: 100 each) were earned
      ],
      "turn": {
        "player": 1,                            whose turn: game.play.sheet.seat_to_move
        "dice": [4, 4, 2, 6, 1],                die 0..4, or null before the turn's first roll
        "kept": [0, 1],                         sorted positions set aside for the next roll
        "rolls_left": 2,                        3 before the first roll, then 2, 1, 0
        "selected_box": null                    picked but not confirmed, or null
      },
      "dice_source": {"kind": "seeded", "seed": 42, "position": 37}
                  or {"kind": "entropy"},       (fresh system randomness; nothing to restore)
                  or {"kind": "daily", "day": "2026-12-01"}   the daily challenge of that local
                                                date, for the game's ruleset (game.play.daily_dice)
                  or {"kind": "real"},          (real dice at the table: faces entered by hand,
                                                the log's "enter" moves; humans only)
      "last_turn": {                            the box just confirmed, or null
        "player": 0,                            who confirmed it
        "box": "fours",                         the box it filled
        "dice": [4, 4, 4, 4, 4],                that turn's dice, kept dice, rolls left and
        "kept": [0, 1],                         selected box when the box was confirmed
        "rolls_left": 1,
        "selected_box": "fours"
      },
      "log": {"since_turn": 0,                  every roll, keep and box so far, in order
              "moves": ["roll 44256", "keep 013", "roll 44216", "score fours", ...]}
    }                                           (see game.persistence.move_log_data)

Totals, subtotals and bonuses are not stored: they follow from the scores.

Older versions are migrated on loading (see game.persistence.migrations): schema 1 had no
"last_turn", so a game saved in it loads with none (nothing to take back); schema 2 had no
"log", so a game saved in it has the moves from the next turn that starts after loading on
(its "since_turn" says which); schema 3 had no daily dice, schema 4 no corrections kept in
the log ("correct", "clear"), and schema 5 no moves marked "advised": each reads as it is.

Loading checks everything before building anything, so it either returns a complete game
or raises SaveFileError naming the field and the bad value (UnsupportedVersionError for
another schema version): unknown or missing keys, wrong types, an unknown ruleset or box,
a score no roll can make in its box, bonuses the sheet could not have earned, sheets that
do not match the turn order, dice that are not 1..6, too many rolls, kept dice or a
selected box that the turn does not allow, a seed position earlier than the dice already
drawn, a last turn whose confirm does not give exactly the saved game, a log whose moves do
not replay to exactly the saved sheets and turn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from game.errors import SaveFileError
from game.persistence.migrations import JsonObject, MigrationChain
from game.persistence.move_log_data import log_since_now, move_log_from_data, move_log_to_data
from game.persistence.readers import (
    check_keys,
    date_from_data,
    parse_json,
    read_int,
    read_list,
    read_object,
    translated,
)
from game.persistence.sheet_data import (
    player_from_data,
    player_to_data,
    sheet_from_data,
    sheet_to_data,
)
from game.play.daily_dice import DailyDice
from game.play.move_log import Corrected, Entered, MoveLog
from game.play.random_source import DiceSource, EntropyDice, RealDice, SeededDice
from game.play.sheet import Sheet, seat_to_move
from game.play.state import MAX_PLAYERS, GameState, Player, PlayerKind
from game.play.undo import confirmed_box
from game.rules.dice import DICE_COUNT, ROLLS_PER_TURN, Dice, RandomSource, validate_dice
from game.rules.rulesets import Ruleset, get_ruleset

FORMAT = "penta-game"
SCHEMA_VERSION = 6


def _add_last_turn(data: JsonObject) -> JsonObject:
    """Schema 1 -> 2: schema 1 kept no last turn, so there is nothing to take back."""
    data["last_turn"] = None
    data["schema_version"] = 2
    return data


def _add_log(data: JsonObject) -> JsonObject:
    """Schema 2 -> 3: no move was logged, so the log starts with the next turn."""
    data["log"] = log_since_now(data)
    data["schema_version"] = 3
    return data


def _as_it_is(data: JsonObject) -> JsonObject:
    """Schema 3 -> 4, 4 -> 5 and 5 -> 6, each adding what no game of the one before holds: the
    daily challenge's dice source, corrections in the log, moves marked advised."""
    data["schema_version"] += 1
    return data


MIGRATIONS = MigrationChain(
    FORMAT,
    current=SCHEMA_VERSION,
    steps={1: _add_last_turn, 2: _add_log, 3: _as_it_is, 4: _as_it_is, 5: _as_it_is},
)


@dataclass(frozen=True)
class SavedGame:
    game: GameState
    before_last_turn: GameState | None
    """The state just before the last confirmed box (None: nothing to take back)."""


def game_to_data(state: GameState, before_last_turn: GameState | None = None) -> JsonObject:
    """`before_last_turn` must be the state whose confirmed box gave `state` (ValueError if not).

    Raises:
        ValueError: `before_last_turn` is not the state before `state`'s last confirmed box.
        TypeError: the game's dice come from a source that is neither seeded nor entropy.
    """
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "ruleset": state.ruleset.id,
        "players": [player_to_data(player) for player in state.players],
        "sheets": [sheet_to_data(sheet) for sheet in state.sheets],
        "turn": {
            "player": state.current_player,
            "dice": None if state.dice is None else list(state.dice),
            "kept": list(state.kept),
            "rolls_left": state.rolls_left,
            "selected_box": state.selected_box,
        },
        "dice_source": _dice_source_to_data(state.dice_source),
        "last_turn": None if before_last_turn is None else _last_turn(before_last_turn, state),
        "log": move_log_to_data(state.log),
    }


def dump_game(state: GameState, before_last_turn: GameState | None = None) -> str:
    """The canonical JSON text of the game (see game_to_data).

    Raises:
        ValueError: `before_last_turn` is not the state before `state`'s last confirmed box.
        TypeError: the game's dice come from a source that is neither seeded nor entropy.
    """
    data = game_to_data(state, before_last_turn)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def load_game(text: str | bytes, entropy: RandomSource | None = None) -> GameState:
    """The game saved as `text`, checked through and through before it is built.

    >>> from game.play.engine import new_game, roll
    >>> from game.play.random_source import SeededDice
    >>> from game.play.state import Player
    >>> game = roll(new_game("penta", [Player("Dana")], SeededDice(42)), 0)
    >>> load_game(dump_game(game)) == game
    True
    >>> load_game(dump_game(game).replace('"rolls_left":2', '"rolls_left":3'))
    Traceback (most recent call last):
    game.errors.SaveFileError: turn.rolls_left: expected 0 to 2, got 3
    >>> load_game("{")
    Traceback (most recent call last):
    game.persistence.readers.NotJsonError: a saved game is not valid JSON: ...

    Raises:
        NotJsonError: `text` is not JSON (a SaveFileError).
        SaveFileError: not a saved game, or one no game can reach (naming field and value).
        UnsupportedVersionError: a schema version this build does not read.
    """
    return load_saved_game(text, entropy).game


def load_saved_game(text: str | bytes, entropy: RandomSource | None = None) -> SavedGame:
    """The game saved as `text` and the state before its last confirmed box.

    Raises:
        NotJsonError: `text` is not JSON (a SaveFileError).
        SaveFileError: not a saved game, or one no game can reach (naming field and value).
        UnsupportedVersionError: a schema version this build does not read.
    """
    return saved_game_from_data(parse_json(text, "a saved game"), entropy)


def game_from_data(data: object, entropy: RandomSource | None = None) -> GameState:
    """The game in decoded JSON `data` (see saved_game_from_data).

    Raises:
        SaveFileError: not a saved game, or one no game can reach (naming field and value).
        UnsupportedVersionError: a schema version this build does not read.
    """
    return saved_game_from_data(data, entropy).game


def saved_game_from_data(data: object, entropy: RandomSource | None = None) -> SavedGame:
    """The game in decoded JSON `data`, migrated from an older schema, and its last turn.

    Raises:
        SaveFileError: not a saved game, or one no game can reach (naming field and value).
        UnsupportedVersionError: a schema version this build does not read.
    """
    top = read_object(data, "game")
    if top.get("format") != FORMAT:
        raise SaveFileError(f"format: expected {FORMAT!r}, got {top.get('format')!r:.80}")
    try:
        top = MIGRATIONS.upgrade(top, top.get("schema_version"))
    except SaveFileError as error:  # its kind kept: a newer build's, or no build's
        raise type(error)(f"schema_version: {error}") from None
    check_keys(top, "game", set(TOP_LEVEL_KEYS))
    state = _game_state(top, entropy)
    before = None
    if top["last_turn"] is not None:
        before = _before_last_turn(top, state, entropy)
    return SavedGame(state, before)


def _game_state(top: JsonObject, entropy: RandomSource | None) -> GameState:
    ruleset = translated("ruleset", lambda: get_ruleset(top["ruleset"]))
    players = tuple(
        player_from_data(entry, f"players[{index}]")
        for index, entry in enumerate(read_list(top["players"], "players", 1, MAX_PLAYERS))
    )
    sheet_entries = read_list(top["sheets"], "sheets")
    if len(sheet_entries) != len(players):
        raise SaveFileError(
            f"sheets: {len(players)} players need as many sheets, not {len(sheet_entries)}"
        )
    sheets = tuple(
        sheet_from_data(entry, f"sheets[{index}]", ruleset)
        for index, entry in enumerate(sheet_entries)
    )
    turn = _turn(top["turn"], sheets)
    log = move_log_from_data(top["log"], "log", sheets, turn.dice, turn.rolls_left)
    source = _dice_source(top["dice_source"], turn, sheets, entropy, ruleset)
    _check_dice_entered(source, players, log)
    return GameState(
        ruleset=ruleset,
        players=players,
        sheets=sheets,
        current_player=turn.player,
        dice=turn.dice,
        kept=turn.kept,
        rolls_left=turn.rolls_left,
        selected_box=turn.selected_box,
        dice_source=source,
        log=log,
    )


def _check_dice_entered(source: DiceSource, players: tuple[Player, ...], log: MoveLog) -> None:
    """Dice are entered by hand exactly in the games played with real dice, by humans only."""
    real = isinstance(source, RealDice)
    if real and any(player.kind is not PlayerKind.HUMAN for player in players):
        raise SaveFileError("players: a game played with real dice has human players only")
    entered = next((move for move in log.moves if isinstance(move, Entered | Corrected)), None)
    if entered is not None and not real:
        raise SaveFileError(
            f"log: dice {list(entered.dice)} were entered by hand, but this game's dice roll "
            f"on screen"
        )


TOP_LEVEL_KEYS = (
    "format",
    "schema_version",
    "ruleset",
    "players",
    "sheets",
    "turn",
    "dice_source",
    "last_turn",
    "log",
)
LAST_TURN_KEYS = ("player", "box", "dice", "kept", "rolls_left", "selected_box")


def _last_turn(before: GameState, after: GameState) -> JsonObject:
    box = confirmed_box(before, after)
    if box is None:
        raise ValueError(
            f"before_last_turn is not the state before a confirmed box of this game: "
            f"turn {before.turn_number} of player {before.current_player}, dice {before.dice}"
        )
    assert before.dice is not None  # a box is only ever confirmed after a roll
    return {
        "player": before.current_player,
        "box": box,
        "dice": list(before.dice),
        "kept": list(before.kept),
        "rolls_left": before.rolls_left,
        "selected_box": before.selected_box,
    }


def _before_last_turn(top: JsonObject, after: GameState, entropy: RandomSource | None) -> GameState:
    """The state before the saved last turn, checked to give `after` when that box is scored."""
    last = read_object(top["last_turn"], "last_turn")
    check_keys(last, "last_turn", set(LAST_TURN_KEYS))
    players = len(after.players)
    mover = read_int(last["player"], "last_turn.player", maximum=players - 1)
    box = last["box"]
    sheet = after.sheets[mover]
    if not isinstance(box, str) or box not in sheet.filled_boxes:
        raise SaveFileError(
            f"last_turn.box: a box filled on player {mover}'s sheet, not {box!r:.80}"
        )
    dice = translated(
        "last_turn.dice", lambda: validate_dice(read_list(last["dice"], "last_turn.dice"))
    )
    reopened = Sheet.from_scores(
        after.ruleset,
        {filled: points for filled, points in sheet.filled_boxes.items() if filled != box},
        sheet.five_of_a_kind_bonus_count,
    )
    earned = 1 if reopened.options(dice).five_of_a_kind_bonus else 0
    if earned > sheet.five_of_a_kind_bonus_count:
        raise SaveFileError(
            f"last_turn: scoring {box!r} with dice {list(dice)} earns a five-of-a-kind bonus, "
            f"but sheets[{mover}].five_of_a_kind_bonuses is 0"
        )
    # The turn as it stood: validated by the same reader as any saved game, then confirmed.
    previous = dict(top, last_turn=None)
    previous["sheets"] = list(top["sheets"])
    previous["sheets"][mover] = {
        "scores": reopened.filled_boxes,
        "five_of_a_kind_bonuses": sheet.five_of_a_kind_bonus_count - earned,
    }
    previous["turn"] = {key: last[key] for key in LAST_TURN_KEYS if key != "box"}
    # The log as it stood: without the box scored, when the log covers that turn.
    log = after.log
    if log.covers(after.game_turn - 1):
        log = MoveLog(log.since_turn, log.moves[:-1])
    previous["log"] = move_log_to_data(log)
    try:
        before = _game_state(previous, entropy)
    except SaveFileError as error:
        raise SaveFileError(f"last_turn: {error}") from None
    # Scoring draws no dice, so the state before continues with the very same dice source
    # (for entropy dice, the same generator rather than a second one).
    before = replace(before, dice_source=after.dice_source)
    if confirmed_box(before, after) != box:
        raise SaveFileError(
            f"last_turn: scoring {box!r} with dice {list(dice)} does not give the saved game "
            f"(player {mover}'s {box!r} holds {sheet.filled_boxes[box]})"
        )
    return before


def _dice_source_to_data(source: DiceSource) -> JsonObject:
    if isinstance(source, SeededDice):
        return {"kind": "seeded", "seed": source.seed, "position": source.position}
    if isinstance(source, EntropyDice):
        return {"kind": "entropy"}
    if isinstance(source, DailyDice):
        return {"kind": "daily", "day": source.day.isoformat()}
    if isinstance(source, RealDice):
        return {"kind": "real"}
    raise TypeError(f"cannot save a game whose dice come from {source!r}")


@dataclass(frozen=True)
class _Turn:
    player: int
    dice: Dice | None
    kept: tuple[int, ...]
    rolls_left: int
    selected_box: str | None


def _turn(data: object, sheets: tuple[Sheet, ...]) -> _Turn:
    turn = read_object(data, "turn")
    check_keys(turn, "turn", {"player", "dice", "kept", "rolls_left", "selected_box"})
    current = read_int(turn["player"], "turn.player", maximum=len(sheets) - 1)
    over = all(sheet.is_complete for sheet in sheets)
    if over and current != 0:
        raise SaveFileError(f"turn.player: the game is over, so 0, not {current}")
    if current != seat_to_move(sheets):
        filled = [len(sheet.filled_boxes) for sheet in sheets]
        raise SaveFileError(
            f"turn.player: the earliest seat with the fewest boxes filled ({filled}) plays, "
            f"{seat_to_move(sheets)}, not {current}"
        )

    dice = None
    if turn["dice"] is not None:
        if over:
            raise SaveFileError(f"turn.dice: the game is over, so null, not {turn['dice']!r:.80}")
        dice = translated("turn.dice", lambda: validate_dice(read_list(turn["dice"], "turn.dice")))
    most_rolls_left = ROLLS_PER_TURN if dice is None else ROLLS_PER_TURN - 1
    rolls_left = read_int(turn["rolls_left"], "turn.rolls_left", maximum=most_rolls_left)
    if dice is None and rolls_left != ROLLS_PER_TURN:
        raise SaveFileError(
            f"turn.rolls_left: before the first roll, {ROLLS_PER_TURN}, not {rolls_left}"
        )

    kept_entries = read_list(turn["kept"], "turn.kept", maximum=DICE_COUNT)
    kept = tuple(
        read_int(position, f"turn.kept[{index}]", maximum=DICE_COUNT - 1)
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
        translated("turn.selected_box", lambda: sheet.check_legal(selected, sheet.options(dice)))
    return _Turn(current, dice, kept, rolls_left, selected)


def _dice_source(
    data: object,
    turn: _Turn,
    sheets: tuple[Sheet, ...],
    entropy: RandomSource | None,
    ruleset: Ruleset,
) -> DiceSource:
    entry = read_object(data, "dice_source")
    kind = entry.get("kind")
    if kind == "daily":
        check_keys(entry, "dice_source", {"kind", "day"})
        if len(sheets) != 1:
            raise SaveFileError(
                f"dice_source: a daily challenge is played alone, not by {len(sheets)} players"
            )
        return DailyDice(date_from_data(entry["day"], "dice_source.day"), ruleset.id)
    if kind == "entropy":
        check_keys(entry, "dice_source", {"kind"})
        return EntropyDice() if entropy is None else EntropyDice(entropy)
    if kind == "seeded":
        check_keys(entry, "dice_source", {"kind", "seed", "position"})
        source = translated("dice_source", lambda: SeededDice(entry["seed"], entry["position"]))
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
    if kind == "real":
        check_keys(entry, "dice_source", {"kind"})
        return RealDice()
    raise SaveFileError(
        f"dice_source.kind: 'seeded', 'entropy', 'daily' or 'real', not {kind!r:.80}"
    )
