"""The setup screen's intents (the ruleset, the seats and their players) and the players'
default names ("Player 2", "Computer 1"), in the language shown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import overload

from game.app.coach_intents import SetPlayerCoach
from game.app.intents import Intent
from game.app.model import ROLL_GUARD_SECONDS, AppState, Dialog, Screen, Seat, Setup
from game.app.setup_intents import (
    AddPlayer,
    ChooseRuleset,
    ConfirmRemovePlayer,
    MovePlayer,
    RemovePlayer,
    RenamePlayer,
    SetPlayerKind,
    SetPlayerLevel,
)
from game.coach.protocol import CoachMode
from game.i18n.player_names import COMPUTER_KEY, HUMAN_KEY, default_name, shown_name
from game.play.state import (
    LEVELS,
    MAX_PLAYERS,
    NAME_JOINERS,
    GameState,
    Player,
    PlayerKind,
    as_name,
)
from game.rules.rulesets import RULESETS


def apply_setup(state: AppState, intent: Intent, now: float) -> AppState:
    setup = state.setup
    seats = list(setup.seats)
    match intent:
        case ChooseRuleset(ruleset_id):
            if ruleset_id not in RULESETS:
                return state
            return replace(state, setup=replace(setup, ruleset_id=ruleset_id))
        case AddPlayer(kind):
            if len(seats) >= MAX_PLAYERS or _computer_at_real_dice(setup, kind):
                return state
            seats.append(Seat(kind=PlayerKind(kind)))
        case RemovePlayer(index):
            if not _valid_seat(index, seats) or len(seats) <= 1:
                return state
            if _typed_name(seats[index]):  # asked first: the name typed goes with the seat
                ui = replace(state.ui, dialog=Dialog.REMOVE_PLAYER, removing=index)
                return replace(state, ui=ui)
            del seats[index]
        case ConfirmRemovePlayer():
            index = state.ui.removing
            asked = state.ui.dialog is Dialog.REMOVE_PLAYER
            if not asked or not _valid_seat(index, seats) or len(seats) <= 1:
                return state
            del seats[index]
            state = replace(state, ui=replace(state.ui, dialog=Dialog.NONE, removing=-1))
        case MovePlayer(index, delta):
            tapped, moved = index, setup.moved
            if moved is not None and _tapped_again(moved, index, delta, now):
                # The second tap of a double tap on the same arrow: the player it moved moves
                # again (the arrow's seat now holds the other player, who was moved back).
                index = moved[2]
            other = index + delta
            if not _valid_seat(index, seats) or not _valid_seat(other, seats) or delta == 0:
                return state
            seats[index], seats[other] = seats[other], seats[index]
            setup = replace(setup, moved=(tapped, delta, other, now))
        case RenamePlayer(index, name):
            if not _valid_seat(index, seats) or not isinstance(name, str):
                return state
            clean = as_name(name)
            seats[index] = replace(seats[index], name=clean)
            if setup.real_dice and _typed_name(seats[index]):
                # A computer's seat named at the table is the person's who throws for it: back
                # on screen, the computer came back under "Dad" (a walk).
                seats[index] = replace(seats[index], kind=PlayerKind.HUMAN)
        case SetPlayerKind(index, kind):
            if not _valid_seat(index, seats) or kind not in tuple(PlayerKind):
                return state
            if _computer_at_real_dice(setup, kind):
                return state
            seats[index] = replace(seats[index], kind=PlayerKind(kind))
        case SetPlayerLevel(index, level):
            if not _valid_seat(index, seats) or level not in LEVELS:
                return state
            seats[index] = replace(seats[index], level=level)
        case SetPlayerCoach(index, mode):
            if not _valid_seat(index, seats) or mode not in tuple(CoachMode):
                return state
            seats[index] = replace(seats[index], coach=CoachMode(mode))
        case _:
            return state
    return replace(state, setup=replace(replace(setup, seats=tuple(seats)), restored=False))


def _tapped_again(moved: tuple[int, int, int, float], index: int, delta: int, now: float) -> bool:
    return moved[:2] == (index, delta) and 0 <= now - moved[3] < ROLL_GUARD_SECONDS


def _typed_name(seat: Seat) -> bool:
    """Whether the seat has a name of its own: not blank, nor joiners alone (nothing to see),
    which get the default name."""
    return bool(seat.name.strip().strip(NAME_JOINERS))


def _computer_at_real_dice(setup: Setup, kind: object) -> bool:
    """Real dice are thrown by people: a game with them has no computer player."""
    return setup.real_dice and kind == PlayerKind.COMPUTER


def _valid_seat(index: object, seats: list[Seat]) -> bool:
    return isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(seats)


def default_names(kinds: Sequence[PlayerKind], language: str) -> tuple[str, ...]:
    """The names of unnamed players, each kind counted apart: people "Player N", computers
    "Computer N" (Player 1, Computer 1, Player 2). Numbered by the seat's place in the turn
    order, the third person after a computer was "Player 4" beside no Player 3 (a walk)."""
    counted = {PlayerKind.HUMAN: 0, PlayerKind.COMPUTER: 0}
    names = []
    for kind in kinds:
        counted[kind] += 1
        key = COMPUTER_KEY if kind is PlayerKind.COMPUTER else HUMAN_KEY
        names.append(default_name(key, counted[kind], language))
    return tuple(names)


def players_for(setup: Setup, language: str) -> tuple[Player, ...]:
    """The game's players from the setup; blank names get their default name."""
    seats = setup.seats_at_play
    defaults = default_names([seat.kind for seat in seats], language)
    players = []
    for seat, default in zip(seats, defaults, strict=True):
        name = seat.name.strip() if _typed_name(seat) else default
        if seat.kind is PlayerKind.COMPUTER:
            players.append(Player(name, PlayerKind.COMPUTER, seat.level))
        else:
            players.append(Player(name))
    return tuple(players)


@overload
def named_in(game: GameState, language: str) -> GameState: ...
@overload
def named_in(game: None, language: str) -> None: ...
@overload
def named_in(game: GameState | None, language: str) -> GameState | None: ...


def named_in(game: GameState | None, language: str) -> GameState | None:
    """`game` with the players left unnamed called by their default name in `language`
    ("Mängija 2" becomes "Player 2"); a name a player typed stays as it is."""
    if game is None:
        return None
    players = tuple(
        replace(player, name=shown_name(player.name, language)) for player in game.players
    )
    return game if players == game.players else replace(game, players=players)


def renamed_in_game(state: AppState, player: int, name: str) -> AppState:
    """`state` with `player` of the game under way called `name` (as the setup cleans a name;
    blank: their default name), in the game and in the state an undo goes back to; unchanged
    when there is no game to play or no such player."""
    game = state.game
    if state.screen is not Screen.GAME or game is None or game.is_over:
        return state
    if not isinstance(player, int) or isinstance(player, bool) or not isinstance(name, str):
        return state
    if not 0 <= player < len(game.players):
        return state
    clean = as_name(name).strip()
    kinds = [seat.kind for seat in game.players]
    new_name = clean or default_names(kinds, state.settings.language)[player]
    if new_name == game.players[player].name:
        return state

    def renamed(playing: GameState) -> GameState:
        players = list(playing.players)
        players[player] = replace(players[player], name=new_name)
        return replace(playing, players=tuple(players))

    before = state.play.before_last_turn
    undone_to = None if before is None else renamed(before)
    play = replace(state.play, game=renamed(game), before_last_turn=undone_to)
    return replace(state, play=play)
