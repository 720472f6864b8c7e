"""Fills in the review screen, the end screen's review buttons and the history's list of
finished games (game.present.review_screen makes what they show). Lists are rebuilt only when
what they show changed, so that a costliest decision opened stays open while the page
re-renders (a share, a language switch rebuilds it)."""

from __future__ import annotations

from typing import Any

from game.present.review_views import (
    EndReviewView,
    GoodDecisionView,
    KeptDice,
    MistakeView,
    ReviewView,
)
from shell.dom import Page
from shell.js import js_object
from shell.text import fill_text


class ReviewPanels:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.node = page.node

    def review(self, view: ReviewView) -> None:
        node = self.node
        node("review-title").text(view.title)
        node("review-back").text(view.back_label)
        node("review-players-legend").text(view.players_label)
        node("review-players").show(bool(view.players))
        self._buttons(
            "review-player-buttons",
            [(choice.value, choice.label, choice.selected) for choice in view.players],
            "review-seat",
        )
        self._computers("review-computers", view.computers, view.computers_label)
        # Its live region says that the review is ready, unseen: the review says it.
        node("review-status").text(view.status or view.ready).cls(
            "visually-hidden", not view.status
        )
        node("review-body").show(not view.status)
        node("review-breakdown-heading").text(view.breakdown_heading)
        breakdown = node("review-breakdown")
        if breakdown.changed("#facts", repr(view.breakdown)):
            breakdown.el.replaceChildren()
            for fact in view.breakdown:
                term, value = self.page.create("dt"), self.page.create("dd")
                fill_text(term, fact.label)
                fill_text(value, fact.value)
                breakdown.el.append(term, value)
        node("review-equation").text(view.equation)
        node("review-breakdown-help").text(view.breakdown_help)
        node("review-real-dice-note").text(view.real_dice_note).show(bool(view.real_dice_note))
        node("review-skill-heading").text(view.skill_heading)
        skill = node("review-skill")
        if skill.changed("#lines", view.skill):
            self._fill_list(skill.el, view.skill)
        node("review-percentile").text(view.percentile).show(bool(view.percentile))
        node("review-good-heading").text(view.good_heading).show(bool(view.good_heading))
        good = node("review-good")
        if good.changed("#good", repr(view.good)):
            good.el.replaceChildren(*(self._good(decision) for decision in view.good))
        node("review-good-help").text(view.good_help).show(bool(view.good_help))
        node("review-mistakes-heading").text(view.mistakes_heading).show(
            bool(view.mistakes_heading)
        )
        node("review-no-mistakes").text(view.no_mistakes).show(bool(view.no_mistakes))
        node("review-expected-help").text(view.expected_help).show(bool(view.expected_help))
        mistakes = node("review-mistakes")
        if mistakes.changed("#mistakes", repr(view.mistakes)):
            same = not mistakes.changed("#identity", view.identity)
            opened = self._opened(mistakes.el) if same else set()
            mistakes.el.replaceChildren(*(self._mistake(m) for m in view.mistakes))
            for index in opened & set(range(len(view.mistakes))):
                mistakes.el.children.item(index).firstElementChild.open = True
        node("review-every").text(view.every_decision_label).show(
            bool(view.every_decision_label)
        ).attr("data-on", "true" if view.every_decision else "false")
        node("review-share").text(view.share_label)
        status = node("review-share-status").text(view.share_status)
        node("review-share-text-label").text(view.share_text_label).show(bool(view.share_text))
        text = node("review-share-text")
        text.show(bool(view.share_text))
        if text.changed("#value", view.share_text):
            text.el.value = view.share_text
        if status.changed("#said", view.share_status) and view.share_status:
            # What Share did is said below it, and Share may sit at the screen's bottom edge.
            said = text if view.share_text else status
            window = self.page.document.defaultView
            said.el.scrollIntoView(js_object(window, block="nearest"))

    @staticmethod
    def _opened(container: Any) -> set[int]:
        """The decisions opened (the same review, in another language: they stay open)."""
        items = container.children
        return {i for i in range(items.length) if items.item(i).firstElementChild.open}

    def _good(self, decision: GoodDecisionView) -> Any:
        item = self.page.create("li")
        for text, name in ((decision.summary, "good-summary"), (decision.detail, "good-detail")):
            line = self.page.create("p", name)
            fill_text(line, text)
            item.append(line)
        return item

    def _mistake(self, mistake: MistakeView) -> Any:
        make = self.page.create
        item, details, summary = make("li"), make("details", "mistake"), make("summary")
        fill_text(summary, mistake.summary)
        position = make("ul", "mistake-position")
        self._fill_list(position, mistake.position)
        moves = make("div", "mistake-moves")
        for label, move, value, dice, kind in (
            (mistake.made_label, mistake.made, mistake.made_value, mistake.made_dice, "made"),
            (mistake.best_label, mistake.best, mistake.best_value, mistake.best_dice, "best"),
        ):
            box = make("div", f"move move-{kind}")
            for text, tag, name in (
                (label, "h4", ""),
                (move, "p", "move-text"),
                (value, "p", "move-value"),
            ):
                el = make(tag, name)
                fill_text(el, text)
                box.append(el)
            if dice is not None:
                box.insertBefore(self._dice(dice), box.children.item(1))
            moves.append(box)
        details.append(summary, position, moves)
        if mistake.why:
            why = make("p", "mistake-why")
            fill_text(why, mistake.why)
            details.append(why)
        item.append(details)
        return item

    def _dice(self, dice: KeptDice) -> Any:
        """A keep's dice, drawn by the style sheet from their faces (one element a die: a
        review shows up to every decision of the game). Hidden from a screen reader: the move's
        words say the same."""
        make = self.page.create
        row = make("span", "review-dice", aria_hidden="true")
        for face, kept in zip(dice.faces, dice.kept, strict=True):
            row.append(make("span", "die-face kept" if kept else "die-face", data_face=str(face)))
        return row

    def _fill_list(self, container: Any, lines: tuple[str, ...]) -> None:
        """Makes `lines` the items of the list `container`."""
        container.replaceChildren()
        for line in lines:
            item = self.page.create("li")
            fill_text(item, line)
            container.append(item)

    def _buttons(
        self, container_id: str, buttons: list[tuple[str, str, bool]], action: str
    ) -> None:
        container = self.node(container_id)
        if not container.changed("#buttons", buttons):
            return
        shown = list(container.el.children)
        if [button.getAttribute("data-index") for button in shown] == [v for v, _, _ in buttons]:
            # The same choices: updated in place, so that the focus stays on the one chosen (made
            # anew, it went to the page, and a screen reader lost its place: a keyboard walk).
            for button, (_, label, pressed) in zip(shown, buttons, strict=True):
                button.setAttribute("aria-pressed", "true" if pressed else "false")
                fill_text(button, label)
            return
        container.el.replaceChildren()
        for value, label, pressed in buttons:
            button = self.page.create(
                "button", "secondary small", type="button", data_action=action
            )
            button.setAttribute("data-index", value)
            button.setAttribute("aria-pressed", "true" if pressed else "false")
            fill_text(button, label)
            container.el.append(button)

    def _computers(self, prefix: str, shown: bool | None, label: str) -> None:
        self.node(f"{prefix}-label").show(shown is not None)
        self.node(f"{prefix}-text").text(label)
        checkbox = self.node(prefix).el
        if shown is not None and bool(checkbox.checked) != shown:
            checkbox.checked = shown

    def end(self, view: EndReviewView | None) -> None:
        self.node("end-review").show(view is not None)
        if view is None:
            return
        self.node("end-review-heading").text(view.heading)
        buttons = [(str(b.seat), b.label, False) for b in view.buttons]
        container = self.node("end-review-buttons")
        if container.changed("#buttons", buttons):
            container.el.replaceChildren()
            for value, label, _ in buttons:
                button = self.page.create(
                    "button", "secondary", type="button", data_action="review"
                )
                button.setAttribute("data-index", value)
                fill_text(button, label)
                container.el.append(button)
        self._computers("end-review-computers", view.computers, view.computers_label)
