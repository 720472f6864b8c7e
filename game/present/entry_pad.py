"""What the pad of a game played with real dice shows (game.app.entry): the six faces to tap,
the dice entered so far (sorted, each taken back by a tap), and who plays next."""

from __future__ import annotations

from game.app.entry import asking_roll, entered_faces
from game.app.model import AppState, Scored
from game.i18n.translator import Translator
from game.present.views import Choice, EnteredDie, PadFace, PadView
from game.rules.dice import DICE_COUNT, FACES, ROLLS_PER_TURN


def pad_view(state: AppState, t: Translator) -> PadView | None:
    game = state.game
    if game is None or not game.real_dice or game.is_over:
        return None
    faces = entered_faces(state)
    full = len(faces) >= DICE_COUNT
    name = game.player.name
    scored = isinstance(state.ui.announcement, Scored)
    asking = asking_roll(state)
    return PadView(
        heading=t("pad.heading", name=name),
        faces=tuple(PadFace(face, t("pad.add", face=face), not full) for face in FACES),
        entered_label=t("pad.entered", count=len(faces), total=DICE_COUNT),
        entered=tuple(EnteredDie(face, t("pad.remove", face=face)) for face in sorted(faces)),
        keys_hint=t("pad.keys_hint", keys=t.format_range(FACES[0], FACES[-1])),
        next_up=t("pad.next", name=name) if scored and not faces else "",
        question=t("pad.which_roll") if asking else "",
        rolls=tuple(
            Choice(str(roll), t(f"pad.roll_{roll}"), False)
            for roll in range(1, ROLLS_PER_TURN + 1)
            if asking
        ),
    )
