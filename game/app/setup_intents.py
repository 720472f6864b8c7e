"""The New game screen's intents: the ruleset, and the seats with their players."""

from __future__ import annotations

from dataclasses import dataclass

from game.play.state import PlayerKind


@dataclass(frozen=True)
class ChooseRuleset:
    ruleset_id: str


@dataclass(frozen=True)
class AddPlayer:
    kind: PlayerKind = PlayerKind.HUMAN


@dataclass(frozen=True)
class RemovePlayer:
    """Remove the player of seat `index`; one whose name was typed is asked about first
    (Dialog.REMOVE_PLAYER), the typed name being lost with the seat."""

    index: int


@dataclass(frozen=True)
class ConfirmRemovePlayer:
    """Remove the player that Dialog.REMOVE_PLAYER asks about."""


@dataclass(frozen=True)
class MovePlayer:
    index: int
    delta: int
    """-1 moves the player up (earlier in the turn order), +1 down."""


@dataclass(frozen=True)
class RenamePlayer:
    index: int
    name: str


@dataclass(frozen=True)
class SetPlayerKind:
    index: int
    kind: PlayerKind


@dataclass(frozen=True)
class SetPlayerLevel:
    index: int
    level: str


@dataclass(frozen=True)
class RenameInGame:
    """Rename `player` of the game under way, from the settings (blank: their default name).
    The New game screen's names are the next game's: a walk renamed a player there, resumed,
    and found the game unchanged."""

    player: int
    name: str
