"""The sheet's help dialog (Dialog.BOX): a box's name says what the box scores, and a player's
heading says whose column it is. With four players on a phone a heading holds a name cut
short, and "Mar…" was Mari-Liis's column as much as Mart's (a family's walk)."""

from __future__ import annotations

from dataclasses import replace

from game.app.model import AppState, Dialog
from game.app.sheet_help_intents import ExplainBox, ExplainPlayer, SheetHelpIntent


def explain(state: AppState, intent: SheetHelpIntent) -> AppState:
    """The help dialog open on what `intent` asks about; `state` itself when there is no
    game, or no such box or column in it."""
    game = state.game
    if game is None:
        return state
    match intent:
        case ExplainBox(box):
            if box not in (*game.ruleset.box_ids, *game.ruleset.ruled_totals):
                return state
        case ExplainPlayer(column):
            is_index = isinstance(column, int) and not isinstance(column, bool)
            if not (is_index and 0 <= column < len(game.players)):
                return state
    return replace(state, ui=replace(state.ui, dialog=Dialog.BOX, explained=intent))
