"""The rules of play: start a game, then apply actions that each return a new GameState.

    new_game(ruleset, players, dice_source=EntropyDice()) -> GameState
    roll(state, player, keep=None) -> GameState
        Rolls every die not kept. `keep` (die positions 0..4) replaces the kept set first;
        without it the dice kept so far stay kept. Kept dice stay kept after the roll.
    toggle_keep(state, player, die) -> GameState      keep a die, or release a kept one
    keep_exactly(state, player, dice) -> GameState    keep those dice, release the others
    select_box(state, player, box_id | None) -> GameState
        Remembers the box picked before confirming (a screen's "tap, then Confirm turn");
        a roll clears it.
    score(state, player, box_id) -> GameState
        Fills the box with the current dice (joker applied), adds any five-of-a-kind bonus,
        and passes the turn on (game.play.sheet.seat_to_move: the next seat). The game is over
        when every sheet is complete.
    Each roll and score adds its moves to the state's log (game.play.move_log): the roll's
    dice, after the keep it was made with (the dice held then; toggling is no move).
    (a game played with real dice enters its dice instead: game.play.real_dice)
    standings(state) -> tuple[Standing, ...]          best total first; ties share a place

`player` is the index of the player acting, an int (not 1.0, not True); acting out of turn,
or for a player named by anything else, raises WrongPlayerError.
Every illegal action raises a specific IllegalActionError (see game.errors) and, as states
are immutable, leaves the state it was given untouched.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from game.errors import (
    AllDiceKeptError,
    GameOverError,
    InvalidDieIndexError,
    InvalidSetupError,
    NoRollsLeftError,
    NotRolledYetError,
    WrongPlayerError,
)
from game.play.move_log import Kept, MoveLog, Rolled, Scored
from game.play.random_source import DiceSource, EntropyDice, RollAt
from game.play.sheet import Sheet, seat_to_move
from game.play.state import GameState, Player
from game.rules.dice import DICE_COUNT, ROLLS_PER_TURN, validate_dice
from game.rules.rulesets import Ruleset, ScoreOptions, get_ruleset


def new_game(
    ruleset: Ruleset | str,
    players: Sequence[Player],
    dice_source: DiceSource | None = None,
) -> GameState:
    """A game before the first roll. `dice_source` defaults to EntropyDice (SystemRandom).

    >>> from game.play.random_source import SeededDice
    >>> game = new_game("penta", [Player("Dana"), Player("Avi")], SeededDice(7))
    >>> game.current_player, game.rolls_left, game.dice
    (0, 3, None)
    >>> new_game("penta", [])
    Traceback (most recent call last):
    game.errors.InvalidSetupError: a game needs at least one player, got none

    Raises:
        UnknownRulesetError: `ruleset` is neither a Ruleset nor an id that names one.
        InvalidSetupError: no players, or a player that is not a Player.
    """
    rules = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    if not players:
        raise InvalidSetupError("a game needs at least one player, got none")
    for seat in players:
        if not isinstance(seat, Player):
            raise InvalidSetupError(f"players are Player values, not {seat!r}")
    return GameState(
        ruleset=rules,
        players=tuple(players),
        sheets=tuple(Sheet.empty(rules) for _ in players),
        current_player=0,
        dice=None,
        kept=(),
        rolls_left=ROLLS_PER_TURN,
        selected_box=None,
        dice_source=EntropyDice() if dice_source is None else dice_source,
        log=MoveLog(),
    )


def roll(
    state: GameState, player: int, keep: Iterable[int] | None = None, *, advised: bool = False
) -> GameState:
    """Roll every die not kept; `keep` (positions 0..4) replaces the kept set first. `advised`:
    the keep is the app's advice followed, not the player's own (the log's Kept.advised).

    The dice come from the game's dice source, so seeded dice roll the same every time:

    >>> from game.play.random_source import SeededDice
    >>> game = new_game("penta", [Player("Dana"), Player("Avi")], SeededDice(7))
    >>> rolled = roll(game, 0)
    >>> rolled.dice == roll(game, 0).dice, rolled.rolls_left
    (True, 2)
    >>> again = roll(rolled, 0, keep=[0, 1])
    >>> again.dice[:2] == rolled.dice[:2], again.kept
    (True, (0, 1))
    >>> roll(rolled, 1)
    Traceback (most recent call last):
    game.errors.WrongPlayerError: it is player 0's turn ('Dana'), not player 1's

    Raises:
        WrongPlayerError: `player` is not an int, or not the player whose turn it is.
        GameOverError: the game is over.
        NoRollsLeftError: the turn's three rolls are used.
        InvalidDieIndexError: `keep` is not a list of distinct positions from 0 to 4.
        NotRolledYetError: `keep` names dice before the turn's first roll.
        AllDiceKeptError: all five dice would be kept, so the roll would change nothing.
        InvalidDiceError: the game's dice source drew something other than faces 1 to 6.
    """
    check_turn(state, player)
    if state.rolls_left == 0:
        raise NoRollsLeftError(
            f"no rolls left this turn (after {ROLLS_PER_TURN} rolls): score a box"
        )
    kept = state.kept if keep is None else _die_positions(keep)
    if state.dice is None:
        if kept:
            raise NotRolledYetError(f"no dice to keep before the first roll, got {list(kept)}")
        fresh, source = state.dice_source.draw(
            DICE_COUNT, _roll_at(state, tuple(range(DICE_COUNT)))
        )
        fresh = validate_dice(fresh)  # a source's fault, caught here rather than at scoring
        return replace(
            state,
            dice=fresh,
            rolls_left=state.rolls_left - 1,
            dice_source=source,
            log=state.log.added(state.game_turn, Rolled(fresh)),
        )
    if len(kept) == DICE_COUNT:
        raise AllDiceKeptError(
            f"all {DICE_COUNT} dice are kept ({list(kept)}): rolling would waste a roll"
        )
    rolled = tuple(position for position in range(DICE_COUNT) if position not in kept)
    fresh, source = state.dice_source.draw(len(rolled), _roll_at(state, rolled))
    fresh = validate_dice(fresh, len(rolled))
    rerolled = iter(fresh)
    dice = tuple(
        face if position in kept else next(rerolled) for position, face in enumerate(state.dice)
    )
    return replace(
        state,
        dice=dice,
        kept=kept,
        rolls_left=state.rolls_left - 1,
        selected_box=None,
        dice_source=source,
        log=state.log.added(state.game_turn, Kept(kept, advised), Rolled(dice)),
    )


def toggle_keep(state: GameState, player: int, die: int) -> GameState:
    """Keep the die at position `die` for the next roll, or release it if it is kept.

    Raises:
        WrongPlayerError: `player` is not an int, or not the player whose turn it is.
        GameOverError: the game is over.
        InvalidDieIndexError: `die` is not a position from 0 to 4.
        NotRolledYetError: the turn's first roll has not been made.
        NoRollsLeftError: no roll is left, so keeping would change nothing.
    """
    check_turn(state, player)
    (position,) = _die_positions([die])
    if state.dice is None:
        raise NotRolledYetError(f"no dice to keep before the first roll (die {die})")
    if state.rolls_left == 0:
        raise NoRollsLeftError(f"no rolls left, so keeping die {die} would change nothing")
    kept = set(state.kept) ^ {position}
    return replace(state, kept=tuple(sorted(kept)))


def keep_exactly(state: GameState, player: int, dice: Iterable[int]) -> GameState:
    """Keep the dice at the positions `dice` for the next roll, and release the others.

    Raises: as toggle_keep, for a die whose keeping changes.
    """
    for die in set(state.kept) ^ set(dice):
        state = toggle_keep(state, player, die)
    return state


def select_box(state: GameState, player: int, box_id: str | None) -> GameState:
    """Pick `box_id` to confirm later (None clears the choice); a roll clears it too.

    Raises:
        WrongPlayerError: `player` is not an int, or not the player whose turn it is.
        GameOverError: the game is over.
        NotRolledYetError: a box is picked before the turn's first roll.
        UnknownBoxError: the ruleset has no box `box_id`.
        BoxFilledError: `box_id` already holds points.
        JokerForbiddenBoxError: the joker rule sends these dice to another box.
    """
    check_turn(state, player)
    if box_id is not None:
        options = _options_after_roll(state, f"select box {box_id!r}")
        state.sheet.check_legal(box_id, options)
    return replace(state, selected_box=box_id)


def score(state: GameState, player: int, box_id: str, *, advised: bool = False) -> GameState:
    """Fill `box_id` with the current dice and pass the turn on; `advised`: the box is the app's
    choice, not the player's own (the log's Scored.advised).

    >>> from game.play.random_source import SeededDice
    >>> game = new_game("yatzy", [Player("Dana")], SeededDice(7))
    >>> score(game, 0, "chance")
    Traceback (most recent call last):
    game.errors.NotRolledYetError: cannot score box 'chance' before the first roll
    >>> rolled = roll(game, 0)
    >>> scored = score(rolled, 0, "chance")
    >>> scored.sheet.points_in("chance") == sum(rolled.dice), scored.dice, scored.rolls_left
    (True, None, 3)

    Raises:
        WrongPlayerError: `player` is not an int, or not the player whose turn it is.
        GameOverError: the game is over.
        NotRolledYetError: the turn's first roll has not been made.
        UnknownBoxError: the ruleset has no box `box_id`.
        BoxFilledError: `box_id` already holds points.
        JokerForbiddenBoxError: the joker rule sends these dice to another box.
    """
    check_turn(state, player)
    options = _options_after_roll(state, f"score box {box_id!r}")
    sheet = state.sheet.filled_with(box_id, options)
    sheets = (
        *state.sheets[: state.current_player],
        sheet,
        *state.sheets[state.current_player + 1 :],
    )
    return replace(
        state,
        sheets=sheets,
        current_player=seat_to_move(sheets),
        dice=None,
        kept=(),
        rolls_left=ROLLS_PER_TURN,
        selected_box=None,
        log=state.log.added(state.game_turn, Scored(box_id, advised)),
    )


@dataclass(frozen=True)
class Standing:
    place: int
    """1 for the best total; players with equal totals share a place (1, 1, 3, ...)."""
    player: int
    name: str
    total: int


def standings(state: GameState) -> tuple[Standing, ...]:
    """Players by total, best first (seat order among equals). Provisional until is_over."""
    totals = [sheet.total for sheet in state.sheets]
    order = sorted(range(len(totals)), key=lambda index: -totals[index])
    return tuple(
        Standing(
            place=1 + sum(1 for other in totals if other > totals[index]),
            player=index,
            name=state.players[index].name,
            total=totals[index],
        )
        for index in order
    )


def _roll_at(state: GameState, slots: tuple[int, ...]) -> RollAt:
    return RollAt(state.game_turn, ROLLS_PER_TURN - state.rolls_left + 1, slots)


def check_turn(state: GameState, player: int) -> None:
    """Checks that `player` may act now.

    Raises:
        WrongPlayerError: `player` is not an int, or not the player whose turn it is.
        GameOverError: the game is over.
    """
    # 1.0 == 1 and True == 1: only an int names a player (as a saved game requires).
    if isinstance(player, bool) or not isinstance(player, int):
        raise WrongPlayerError(
            f"a player is a whole number from 0 to {len(state.players) - 1}, not {player!r}"
        )
    if state.is_over:
        raise GameOverError(f"the game is over: player {player!r} cannot act")
    if player != state.current_player:
        raise WrongPlayerError(
            f"it is player {state.current_player}'s turn ({state.player.name!r}), "
            f"not player {player!r}'s"
        )


def _die_positions(chosen: Iterable[int]) -> tuple[int, ...]:
    if isinstance(chosen, str | bytes) or not isinstance(chosen, Iterable):
        raise InvalidDieIndexError(f"die positions are a list of numbers, not {chosen!r}")
    positions = list(chosen)
    valid = range(DICE_COUNT)
    for position in positions:
        if isinstance(position, bool) or not isinstance(position, int) or position not in valid:
            raise InvalidDieIndexError(f"a die position is 0 to {DICE_COUNT - 1}, not {position!r}")
    if len(set(positions)) != len(positions):
        raise InvalidDieIndexError(f"die positions named twice: {sorted(positions)}")
    return tuple(sorted(positions))


def _options_after_roll(state: GameState, action: str) -> ScoreOptions:
    if state.options is None:
        raise NotRolledYetError(f"cannot {action} before the first roll")
    return state.options
