"""Fills in what the games kept show (game.present.kept_screens): the unfinished games on the
New game screen, the history's personal bests and finished games, a finished game's sheet, and
the dialog that confirms a deletion. The lists are made again only when they changed."""

from __future__ import annotations

from typing import Any

from game.i18n.bidi import without_isolates
from game.present.history_views import FinishedGameView, HistoryView
from game.present.views import FinishedView, KeptGameView, Snapshot
from shell.dom import Page
from shell.sheet_table import SheetTable
from shell.text import fill_text


class KeptView:
    def __init__(self, page: Page, sheet: SheetTable) -> None:
        self.page = page
        self.node = page.node
        self._sheet = sheet

    def render(self, snap: Snapshot) -> None:
        if snap.setup is not None:
            self.node("kept-heading").text(snap.setup.kept_heading)
            setup = snap.setup
            self.node("kept-games").show(bool(setup.kept))
            self._list("kept-list", setup.kept[: setup.kept_shown])
            self.node("kept-more").show(bool(setup.kept_more_label))
            self.node("kept-more-label").text(setup.kept_more_label)
            self._list("kept-more-list", setup.kept[setup.kept_shown :])
        if snap.history is not None:
            self._history(snap.history)
        if snap.finished is not None:
            self._finished(snap.finished)
        for name, dialog in (("kept", snap.delete_kept), ("finished", snap.delete_finished)):
            if dialog is not None:
                self.node(f"delete-{name}-text").text(dialog.text)
                self.node(f"delete-{name}-confirm").text(dialog.confirm_label)
                self.node(f"delete-{name}-cancel").text(dialog.cancel_label)

    def _history(self, view: HistoryView) -> None:
        self.node("bests-title").text(view.bests_title).show(bool(view.bests))
        bests = self.node("bests-list").show(bool(view.bests))
        if bests.changed("#bests", repr(view.bests)):
            bests.el.replaceChildren()
            for best in view.bests:
                term = self.page.create("dt")
                fill_text(term, best.who)
                value = self.page.create("dd")
                fill_text(value, best.score)
                bests.el.append(term, value)
        self.node("games-title").text(view.games_title).show(bool(view.games))
        games = self.node("games-list").el
        listed = int(games.children.length)
        asked = str(self.page.document.activeElement.id) == "older-games"
        self._list("games-list", view.games)
        self.node("older-games").text(view.older_label).show(bool(view.older_label))
        if asked and games.children.length > listed:
            # On to the first game the button brought (hidden once all show, it took the focus
            # with it: a keyboard player was sent back to the page's top).
            games.children[listed].querySelector("button").focus()

    def _list(
        self, list_id: str, items: tuple[KeptGameView, ...] | tuple[FinishedGameView, ...]
    ) -> None:
        container = self.node(list_id)
        if not container.changed("#items", repr(items)):
            return
        container.el.replaceChildren()
        for item in items:
            entry = self.page.create("li", "kept-item")
            title = self.page.create("p", "kept-title")
            fill_text(title, item.title)
            scores = self.page.create("p", "kept-scores")
            fill_text(scores, item.scores)
            entry.append(title, scores)
            actions = self.page.create("div", "kept-actions")
            if isinstance(item, KeptGameView):
                when = self.page.create("p", "kept-date muted small")
                fill_text(when, item.date)
                entry.append(when)
                actions.append(
                    self._button(
                        "resume-kept", "primary", item.id, item.resume_label, item.resume_name
                    )
                )
                if item.delete_label:
                    actions.append(
                        self._button(
                            "delete-kept", "secondary", item.id, item.delete_label, item.delete_name
                        )
                    )
                else:
                    note = self.page.create("p", "muted small")
                    fill_text(note, item.note)
                    actions.append(note)
            else:
                actions.append(
                    self._button(
                        "open-finished", "secondary", item.id, item.open_label, item.open_name
                    )
                )
                if item.review_label:
                    actions.append(
                        self._button(
                            "history-review",
                            "secondary",
                            item.id,
                            item.review_label,
                            item.review_name,
                        )
                    )
                else:
                    note = self.page.create("p", "muted small")
                    fill_text(note, item.no_review)
                    entry.append(note)
            entry.append(actions)
            container.el.append(entry)

    def _button(self, action: str, kind: str, game_id: str, label: str, name: str) -> Any:
        button = self.page.create("button", kind, type="button", data_action=action)
        button.setAttribute("data-game", game_id)
        fill_text(button, label)
        button.setAttribute("aria-label", without_isolates(name))
        return button

    def _finished(self, view: FinishedView) -> None:
        self.node("finished-title").text(view.title)
        self.node("finished-subtitle").text(view.subtitle)
        self.node("finished-back").text(view.back_label)
        self.node("finished-delete").text(view.delete_label).show(bool(view.delete_label))
        review = self.node("finished-review").text(view.review_label).show(bool(view.review_label))
        review.attr("data-game", view.game_id)
        self.node("finished-screen").attr("data-game", view.game_id)
        self._sheet.render(view.sheet)
