"""The sheet's help intents (game.app.sheet_help answers them): a box's name or a player's
heading was tapped. Apart from that module so that the state (game.app.model) can hold what the
dialog explains."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExplainBox:
    """Explain a box of the sheet of the game being played, or one of its totals with a rule
    of their own (`Ruleset.ruled_totals`): its name was tapped."""

    box: str


@dataclass(frozen=True)
class ExplainPlayer:
    """Say whose column of the sheet of the game being played the `column`th is (from 0), and
    where that player stands: its heading was tapped."""

    column: int


SheetHelpIntent = ExplainBox | ExplainPlayer
