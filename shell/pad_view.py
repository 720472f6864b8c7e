"""Fills in the pad of a game played with real dice (game.present.entry_pad): the six faces to
tap, the dice entered so far (each taken back by a tap) and the large "Next: Dana" line."""

from __future__ import annotations

from game.present.views import PadView
from shell.dom import Node, Page


class PadPanel:
    def __init__(self, page: Page) -> None:
        self.node = page.node
        document = page.document
        self._entered = [Node(el) for el in document.querySelectorAll("#pad-entered .die")]
        """Per place: the entered die's button, then the empty slot shown instead of it."""
        self._faces = [Node(el) for el in document.querySelectorAll("#pad-faces .die")]

    def render(self, pad: PadView | None) -> None:
        self.node("pad").show(pad is not None)
        self.node("game-screen").cls("real-dice", pad is not None)
        if pad is None:
            return
        self.node("pad-next").text(pad.next_up).show(bool(pad.next_up))
        self.node("pad-heading").text(pad.heading)
        self.node("pad-entered").attr("aria-label", pad.entered_label)
        for place in range(len(self._entered) // 2):
            button, slot = self._entered[2 * place], self._entered[2 * place + 1]
            die = pad.entered[place] if place < len(pad.entered) else None
            button.show(die is not None)
            slot.show(die is None)
            if die is not None:
                button.attr("data-face", str(die.face)).attr("aria-label", die.label)
        for face, node in zip(pad.faces, self._faces, strict=True):
            node.attr("aria-label", face.label).flag("disabled", not face.enabled)
        self.node("pad-keys").text(pad.keys_hint)
        self.node("pad-ask").show(bool(pad.question))
        self.node("pad-ask-text").text(pad.question)
        for choice in pad.rolls:
            self.node(f"pad-roll-{choice.value}").text(choice.label)
