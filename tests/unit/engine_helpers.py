"""Shared helpers for the engine's unit tests (a plain module, imported by name)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.play.random_source import RollAt
from game.rules.dice import Dice


@dataclass(frozen=True)
class ScriptedDice:
    """A dice source that hands out the given faces in order (a loaded table for tests)."""

    faces: tuple[int, ...]
    position: int = 0

    def draw(self, count: int, at: RollAt | None = None) -> tuple[Dice, ScriptedDice]:
        end = self.position + count
        assert end <= len(self.faces), "the script ran out of dice"
        return self.faces[self.position : end], ScriptedDice(self.faces, end)


def faces(*rolls: str | Sequence[int]) -> tuple[int, ...]:
    """'66666', '123' -> (6, 6, 6, 6, 6, 1, 2, 3)."""
    return tuple(int(face) for roll in rolls for face in roll)
