"""What the pad of a game played with real dice shows (game.app.entry): the six faces to tap,
the dice entered so far (sorted, each taken back by a tap), and who plays next."""

from __future__ import annotations

from collections import Counter

from game.app.announcements import Corrected, Scored
from game.app.entry import asking_roll, entered_faces, offered_again
from game.app.model import AppState
from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.i18n.translator import Translator
from game.present.choice import Choice
from game.present.views import EnteredDie, PadFace, PadView
from game.rules.dice import DICE_COUNT, FACES, ROLLS_PER_TURN


def pad_view(
    state: AppState, t: Translator, advice: KeepAdvice | ScoreAdvice | None = None
) -> PadView | None:
    """The pad; `advice` is the hint on screen (None: none), whose dice to keep it marks."""
    game = state.game
    if game is None or not game.real_dice or game.is_over:
        return None
    faces = entered_faces(state)
    full = len(faces) >= DICE_COUNT
    name = game.player.name
    # After a box scored, and after a correction (which replaces the line of the score).
    scored = isinstance(state.ui.announcement, Scored | Corrected)
    asking = asking_roll(state)
    return PadView(
        heading=t("pad.heading", name=name),
        faces=tuple(PadFace(face, t("pad.add", face=face), not full) for face in FACES),
        entered_label=t("pad.entered", count=len(faces), total=DICE_COUNT),
        entered=_entered(sorted(faces), _advised_faces(state, advice), t),
        keys_hint=t("pad.keys_hint", keys=t.format_range(FACES[0], FACES[-1])),
        # Alone at the table, "Next: Dana" would name the only player (a walk).
        next_up=t("pad.next", name=name) if scored and not faces and len(game.players) > 1 else "",
        # How the next throw goes in (the pad holds one throw at a time), until a box is chosen.
        reroll_help=(
            t("pad.reroll_help")
            if isinstance(advice, KeepAdvice) and game.selected_box is None
            else ""
        ),
        question=t("pad.which_roll") if asking else "",
        enter_again=(
            t("pad.enter_again", dice=t.format_dice(sorted(offered_again(state))))
            if offered_again(state)
            else ""
        ),
        rolls=tuple(
            Choice(str(roll), t(f"pad.roll_{roll}"), False)
            for roll in range(1, ROLLS_PER_TURN + 1)
            if asking
        ),
    )


def _advised_faces(state: AppState, advice: KeepAdvice | ScoreAdvice | None) -> Counter[int]:
    """The faces the hint says to keep (each as often as it keeps it): the advice's positions
    are those of the game's dice, which are the pad's while the hint is shown (entering or
    taking back a die puts the hint away)."""
    game = state.game
    if not isinstance(advice, KeepAdvice) or game is None or game.dice is None:
        return Counter()
    return Counter(game.dice[position] for position in advice.kept)


def _entered(faces: list[int], to_keep: Counter[int], t: Translator) -> tuple[EnteredDie, ...]:
    dice = []
    for face in faces:
        label = t("pad.remove", face=face)
        if to_keep[face] > 0:
            to_keep[face] -= 1
            dice.append(
                EnteredDie(face, t("die.hint_keep", label=label), "keep", t("die.hint_keep_badge"))
            )
        else:
            dice.append(EnteredDie(face, label))
    return tuple(dice)
