"""The sheet's help dialog (Dialog.BOX): a box's name says what the box scores, and a player's
heading says whose column it is. With four players on a phone a heading holds a name cut
short, and "Mar…" was Mari-Liis's column as much as Mart's (a family's walk)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.app.model import AppState, Dialog


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
            return _dialog(state, box, -1)
        case ExplainPlayer(column):
            is_index = isinstance(column, int) and not isinstance(column, bool)
            if not (is_index and 0 <= column < len(game.players)):
                return state
            return _dialog(state, "", column)


def _dialog(state: AppState, box: str, player: int) -> AppState:
    ui = replace(state.ui, dialog=Dialog.BOX, explained_box=box, explained_player=player)
    return replace(state, ui=ui)
