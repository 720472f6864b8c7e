"""Passing the phone: in a game of several humans, the turn of a human after another human's
turn starts on a hand-over screen ("Pass the phone to Dana"), and nothing of that turn can be
seen or played until StartTurn (one tap). Not at the game's first human turn (the phone is in
the hands of whoever set the game up), never in a game of one human, and not when the
`pass_phone` setting is off.

The hand-over is derived from the game, not saved: it is pending until the player rolls, so a
reload during it (even after the tap, before the roll) shows it again. A game resumed (kept, or
reloaded) starts on it in any case, its first human turn and a turn already rolled too: who
picks the phone up is not known (a walk resumed a family's game straight onto a player's
rolled dice). The auto-score countdown waits while it shows (game.app.countdown).
"""

from __future__ import annotations

from dataclasses import replace

from game.app.model import AppState, Screen
from game.play.state import GameState, PlayerKind


def humans(game: GameState) -> int:
    return sum(player.kind is PlayerKind.HUMAN for player in game.players)


def turn_key(game: GameState) -> tuple[int, int]:
    return game.turn_number, game.current_player


def is_pending(state: AppState) -> bool:
    """Whether the game screen shows the hand-over instead of the turn."""
    game = state.game
    if (
        state.screen is not Screen.GAME
        or game is None
        or game.is_over
        or not state.settings.pass_phone
        or game.player.kind is not PlayerKind.HUMAN
        or humans(game) < 2
        or game.real_dice  # the scorekeeper keeps the device: nothing to hide or pass
    ):
        return False
    turn = turn_key(game)
    if state.ui.resumed_turn != turn:
        if game.dice is not None:
            return False  # rolled: the turn is under way in the player's hands
        if not _a_human_played(game):
            return False  # the first human turn: the phone is already in their hands
    return state.ui.handed_over != turn


def start_turn(state: AppState) -> AppState:
    """The player took the phone: their turn shows."""
    if not is_pending(state):
        return state
    assert state.game is not None
    return replace(state, ui=replace(state.ui, handed_over=turn_key(state.game)))


def _a_human_played(game: GameState) -> bool:
    return any(
        sheet.filled_boxes
        for player, sheet in zip(game.players, game.sheets, strict=True)
        if player.kind is PlayerKind.HUMAN
    )
