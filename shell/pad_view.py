"""Fills in the pad of a game played with real dice (game.present.entry_pad): the six faces to
tap, the dice entered so far (each taken back by a tap) and the large "Next: Dana" line; and
the dialog that corrects a filled box (game.present.correction_view), with a pad of its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.present.views import CorrectionView, EnteredDie, PadFace, PadView
from shell.dom import Node, Page


def fill_dice(
    entered_nodes: Sequence[Node],
    face_nodes: Sequence[Node],
    entered: Sequence[EnteredDie],
    faces: Sequence[PadFace],
) -> None:
    """A pad's row of entered dice (per place, the die's button then the empty slot shown
    instead of it) and its six faces."""
    for place in range(len(entered_nodes) // 2):
        button, slot = entered_nodes[2 * place], entered_nodes[2 * place + 1]
        die = entered[place] if place < len(entered) else None
        button.show(die is not None)
        slot.show(die is None)
        button.cls("advice-keep", die is not None and die.advice == "keep")
        if die is not None:
            button.attr("data-face", str(die.face)).attr("aria-label", die.label)
    for face, node in zip(faces, face_nodes, strict=True):
        node.attr("aria-label", face.label).flag("disabled", not face.enabled)


def _nodes(document: Any, selector: str) -> list[Node]:
    return [Node(el) for el in document.querySelectorAll(selector)]


class PadPanel:
    def __init__(self, page: Page) -> None:
        self.node = page.node
        document = page.document
        self._entered = _nodes(document, "#pad-entered .die")
        self._badges = _nodes(document, "#pad-entered .kept-badge")
        self._faces = _nodes(document, "#pad-faces .die")
        self._correct_entered = _nodes(document, "#correct-entered .die")
        self._correct_faces = _nodes(document, "#correct-faces .die")

    def render(self, pad: PadView | None) -> None:
        self.node("pad").show(pad is not None)
        self.node("game-screen").cls("real-dice", pad is not None)
        if pad is None:
            return
        self.node("pad-next").text(pad.next_up).show(bool(pad.next_up))
        self.node("pad-heading").text(pad.heading)
        self.node("pad-entered").attr("aria-label", pad.entered_label)
        fill_dice(self._entered, self._faces, pad.entered, pad.faces)
        for place, badge in enumerate(self._badges):  # the hint's "Keep" under its dice
            die = pad.entered[place] if place < len(pad.entered) else None
            badge.text(die.badge if die is not None else "").cls("advice", bool(die and die.advice))
        self.node("pad-reroll-help").text(pad.reroll_help).show(bool(pad.reroll_help))
        self.node("pad-again").text(pad.enter_again).show(bool(pad.enter_again))
        self.node("pad-keys").text(pad.keys_hint)
        self.node("pad-ask").show(bool(pad.question))
        self.node("pad-ask-text").text(pad.question)
        for choice in pad.rolls:
            self.node(f"pad-roll-{choice.value}").text(choice.label)

    def correction(self, view: CorrectionView | None) -> None:
        """The correction dialog (shown by the view's dialogs)."""
        if view is None:
            return
        self.node("correct-title").text(view.title)
        self.node("correct-current").text(view.current)
        self.node("correct-entered").attr("aria-label", view.entered_label)
        fill_dice(self._correct_entered, self._correct_faces, view.entered, view.faces)
        self.node("correct-preview").text(view.preview)
        self.node("correct-refusal").text(view.refusal).show(bool(view.refusal))
        self.node("correct-question").text(view.question).show(bool(view.question))
        self.node("correct-change").text(view.change_label).flag("disabled", not view.can_change)
        self.node("correct-clear").text(view.clear_label).show(view.can_clear)
        self.node("correct-clear-refusal").text(view.clear_refusal).show(bool(view.clear_refusal))
        self.node("correct-clear-help").text(view.clear_help).show(bool(view.clear_help))
        self.node("correct-cancel").text(view.cancel_label)
