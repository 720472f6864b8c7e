"""What the correction dialog of a game played with real dice shows (game.app.correcting), and
the accessible name of a filled box's button that opens it."""

from __future__ import annotations

from game.app.correcting import corrected_game
from game.app.model import AppState, Dialog
from game.errors import GameError
from game.i18n.translator import Translator
from game.play.corrections import dice_scored
from game.play.recheck import CorrectionRefusedError, Refusal
from game.play.sheet import Sheet
from game.present.views import CorrectionView, EnteredDie, PadFace
from game.rules.dice import DICE_COUNT, FACES


def correction_view(state: AppState, t: Translator) -> CorrectionView | None:
    game, correction = state.game, state.ui.correction
    if game is None or correction is None or state.ui.dialog is not Dialog.CORRECT:
        return None
    name = game.players[correction.player].name
    box = t.box_name(game.ruleset.id, correction.box)
    points = game.sheets[correction.player].points_in(correction.box) or 0
    faces = correction.faces
    full = len(faces) == DICE_COUNT
    unchanged = sorted(faces) == sorted(dice_scored(game, correction.player, correction.box))
    preview, new_points, refusal = "", points, correction.refusal
    before = after_sheet = game.sheets[correction.player]
    if full and refusal is None and not unchanged:
        try:
            after = corrected_game(game, correction, clear=False)
        except CorrectionRefusedError as refused:
            refusal = refused.refusal
        except GameError:
            refusal = Refusal(correction.player, 0, correction.box, "rules")
        else:
            after_sheet = after.sheets[correction.player]
            new_points = after_sheet.points_in(correction.box) or 0
            preview = t("correct.preview", points=new_points)
    cleared, clear_refusal = None, ""
    try:
        cleared = corrected_game(game, correction, clear=True)
    except CorrectionRefusedError as refused:
        clear_refusal = _refusal_text(state, refused.refusal, t, clearing=True)
    except GameError:
        pass
    question = ""
    if correction.asked == "change":
        question = t("correct.ask_change", name=name, box=box, old=points, new=new_points)
        question += " " + _consequence(name, before, after_sheet, t)
    elif correction.asked == "clear":
        # Whose turn and which round come next: a walk saw the round go back from 5 to 4,
        # unwarned.
        question = t("correct.ask_clear", name=name, box=box)
        if cleared is not None:
            question += " " + t(
                "correct.ask_clear_then", player=cleared.player.name, round=cleared.turn_number
            )
    return CorrectionView(
        title=t("correct.title", name=name, box=box),
        current=t("correct.current", points=points),
        entered_label=t("pad.entered", count=len(faces), total=DICE_COUNT),
        entered=tuple(EnteredDie(face, t("pad.remove", face=face)) for face in sorted(faces)),
        faces=tuple(PadFace(face, t("pad.add", face=face), not full) for face in FACES),
        preview=preview,
        refusal="" if refusal is None else _refusal_text(state, refusal, t),
        question=question,
        change_label=t("correct.yes_change" if correction.asked == "change" else "correct.change"),
        can_change=full and refusal is None and not unchanged,
        clear_label=t("correct.yes_clear" if correction.asked == "clear" else "correct.clear"),
        can_clear=cleared is not None,
        cancel_label=t("correct.cancel"),
        clear_refusal=clear_refusal,
        # Whose turn comes back, said before the tap too (a walk could not tell).
        clear_help=(
            t("correct.clear_help", player=cleared.player.name)
            if cleared is not None and not question
            else ""
        ),
    )


def _consequence(name: str, before: Sheet, after: Sheet, t: Translator) -> str:
    """The player's total before and after a change, and their bonuses when those change
    too (a change of one box can take away, or give back, a bonus worth far more)."""
    old_bonus = before.upper_bonus + before.five_of_a_kind_bonus_points
    new_bonus = after.upper_bonus + after.five_of_a_kind_bonus_points
    if old_bonus == new_bonus:
        return t("correct.ask_total", name=name, before=before.total, after=after.total)
    return t(
        "correct.ask_total_bonus",
        name=name,
        before=before.total,
        after=after.total,
        bonus_before=old_bonus,
        bonus_after=new_bonus,
    )


def _refusal_text(
    state: AppState, refusal: Refusal, t: Translator, *, clearing: bool = False
) -> str:
    game = state.game
    assert game is not None
    values: dict[str, str | int] = {
        "name": game.players[refusal.player].name,
        "box": t.box_name(game.ruleset.id, refusal.box),
        "round": refusal.turn,
    }
    params = {key: values[key] for key in _PLACEHOLDERS[refusal.reason]}
    if clearing:
        return t(f"correct.clear_refused.{refusal.reason}", **params)
    return t(f"correct.refused.{refusal.reason}", **params)


_PLACEHOLDERS = {
    "joker": ("name", "box", "round"),
    "bonus": ("name", "box", "round"),
    "rules": ("box",),
    "dice": (),
    "many": (),
}
"""What each reason's text names (game.play.recheck.Refusal.reason)."""
