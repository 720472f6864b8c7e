"""The tray's dice: their faces, whether each is kept, and what the hint on screen says of each
(keep it, or release it), in words a screen reader says too."""

from __future__ import annotations

from game.app.model import AppState, CoachStatus
from game.app.take_back import waits_for_a_person
from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.i18n.translator import Translator
from game.play.state import GameState
from game.present.views import DieView
from game.rules.dice import DICE_COUNT


def shown_advice(state: AppState, human: bool) -> KeepAdvice | ScoreAdvice | None:
    """The coach's advice, while the hint that says it is on screen."""
    if not (human and state.pacing.hint_requested and state.coach_status is CoachStatus.READY):
        return None
    return state.pacing.hint


def dice_views(state: AppState, game: GameState, t: Translator, human: bool) -> tuple[DieView, ...]:
    """The five dice of the tray: `game`'s, with what the hint on screen says of each; while a
    computer player waits to be let play after the box the countdown scored, that box's dice,
    left on the table until it picks them up (a walk's grandmother could not see what had been
    scored for her, nor decide whether to take it back)."""
    before = state.play.before_last_turn
    if game.dice is None and before is not None and waits_for_a_person(state):
        game, human = before, False
    hint = shown_advice(state, human)
    advising = isinstance(hint, KeepAdvice) and game.rolls_left > 0
    suggested = hint.kept if isinstance(hint, KeepAdvice) else ()
    views = []
    for index in range(DICE_COUNT):
        number = index + 1
        if game.dice is None:
            views.append(DieView(0, False, t("die.not_rolled", index=number), "", False))
            continue
        face = game.dice[index]
        # Kept only while there is a roll to keep them from: after the last roll "Kept" on
        # some of the final dice read as a move still to make (a walk).
        kept = index in game.kept and game.rolls_left > 0
        # Nor "not kept" then, which a screen reader heard of the dice kept for the last roll
        # (a keyboard walk): the die and its face alone.
        key = "die.final" if game.rolls_left == 0 else "die.kept" if kept else "die.not_kept"
        label = t(key, index=number, face=face)
        enabled = human and game.rolls_left > 0
        badge = t("die.kept_badge") if kept else ""
        # Where the hint and the dice disagree, the die says what to do, in words: a ring
        # alone was easy to miss, and said nothing of a kept die that should be rolled.
        advice = ""
        if advising and (index in suggested) != kept:
            advice = "release" if kept else "keep"
            label = t(f"die.hint_{advice}", label=label)
            badge = t(f"die.hint_{advice}_badge")
        elif advising and kept:  # ringed as the hint's: a screen reader hears it too
            label = t("die.hint_keep", label=label)
        views.append(DieView(face, kept, label, badge, enabled, index in suggested, advice))
    return tuple(views)
