"""Fills in the help at the table: the hand-over screen between two humans' turns, the box
dialog, the guided turn's line on the game screen, the Rules button, and the note of what a
dialog over the game does to the countdown (game.present.help_screens)."""

from __future__ import annotations

from collections.abc import Sequence

from game.present.views import GameView, Snapshot
from shell.dom import Page
from shell.js import js_object
from shell.text import fill_text


class HelpView:
    def __init__(self, page: Page) -> None:
        self.node = page.node
        self._create = page.create
        self._window = page.document.defaultView
        self._guide_moved = False

    def render(self, snap: Snapshot) -> None:
        handover = snap.handover
        if handover is not None:
            self.node("handover-title").text(handover.title).attr(
                "data-colour", str(handover.colour)
            )
            self.node("handover-text").text(handover.text)
            self.node("handover-standings").text(handover.standings)
            self.node("handover-cheer").text(handover.celebration).show(bool(handover.celebration))
            self._lines("handover-last-move", handover.moves_since)
            self.node("handover-coach").text(handover.coach_line).show(bool(handover.coach_line))
            self.node("handover-guide").text(handover.guide_done).show(bool(handover.guide_done))
            self.node("handover-start").text(handover.start_label)
            self.node("handover-undo").text(handover.undo_label).show(handover.can_undo)
            self.node("handover-leave").text(handover.leave_label)
        box = snap.box_help
        if box is not None:
            self.node("box-title").text(box.title)
            self.node("box-help-text").text(box.help)
            self.node("box-example").text(box.example).show(bool(box.example))
            self.node("box-close").text(box.close_label)
        for note in ("rules-note", "box-note", "settings-note"):
            self.node(note).text(snap.dialog_note).show(bool(snap.dialog_note))

    def game(self, view: GameView) -> None:
        self.node("game-rules").text(view.rules_label).attr("data-ruleset", view.ruleset)
        guide = view.guide
        self.node("guide").show(guide is not None)
        self.node("game-screen").attr("data-guide", guide.points_at if guide else None)
        if guide is None:
            return
        self._guide_moved = self.node("guide").changed("#step", guide.text)
        self.node("guide-text").text(guide.text)
        self.node("guide-start").text(guide.start_label).show(bool(guide.start_label))
        self.node("guide-skip").text(guide.skip_label)

    def bring_guide_into_view(self) -> None:
        """The guide's new step in sight, once the page is laid out: with large text on a phone,
        where the page scrolls as a whole, the offer of a first game lay under the tray, its
        buttons out of sight (a walk). The page's scroll padding keeps it above the tray."""
        if self._guide_moved:
            self._guide_moved = False
            self.node("guide").el.scrollIntoView(js_object(self._window, block="nearest"))

    def _lines(self, list_id: str, lines: Sequence[str]) -> None:
        """The list `list_id` holding `lines`, an item each (hidden when there are none)."""
        node = self.node(list_id)
        if node.changed("#lines", tuple(lines)):
            items = []
            for line in lines:
                item = self._create("li")
                fill_text(item, line)
                items.append(item)
            node.el.replaceChildren(*items)
        node.show(bool(lines))
