"""What Confirm turn says: on screen, "Confirm turn", or the hint's box where it scores that
one ("Confirm: Chance"); heard, the box and points it scores ("Confirm turn: Chance, 24
points")."""

from __future__ import annotations

from game.app.model import AppState
from game.app.turns import box_to_confirm
from game.i18n.translator import Translator


def hinted_box(state: AppState) -> str | None:
    """The hint's box, which Confirm turn scores where none is chosen."""
    game, box = state.game, box_to_confirm(state)
    return box if game is not None and box is not None and game.selected_box is None else None


def confirm_label(state: AppState, t: Translator) -> str:
    """ "Confirm turn", or the hint's box that it scores: two walks saw it lit with no box
    chosen, and one gave up its Penta box for 0 with it."""
    game, box = state.game, hinted_box(state)
    if game is None or box is None:
        return t("turn.confirm")
    return t("turn.confirm_hinted", box=t.box_name(game.ruleset.id, box))


def confirm_name(state: AppState, t: Translator) -> str:
    """Confirm turn's name, with the box it scores: the hint's where none is chosen, which a
    screen reader did not hear (a keyboard walk)."""
    game, box = state.game, box_to_confirm(state)
    if game is None or box is None or game.options is None:
        return ""
    name = t.box_name(game.ruleset.id, box)
    # Heard as it reads, with the points: the name holds the words shown (what a voice
    # control user says to tap it).
    key = "turn.confirm_hinted_named" if hinted_box(state) == box else "turn.confirm_named"
    return t(key, box=name, points=game.options.points[box])
