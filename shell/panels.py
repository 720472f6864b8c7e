"""Fills in the history screen (a card of statistics per player and ruleset), the notices over
the page, and the settings and rules dialogs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.present.choice import Choice
from game.present.history_views import Bar, HistoryView
from game.present.views import SettingsView, Snapshot
from shell.dom import Node, Page
from shell.js import js_object
from shell.text import fill_text

if TYPE_CHECKING:
    from game.i18n.rules_text import RulesText, Table

SCREEN_TITLES = {
    "setup": "setup-title",
    "game": "turn-title",
    "handover": "handover-title",
    "end": "end-title",
    "history": "history-title",
    "elsewhere": "elsewhere-title",
    "finished": "finished-title",
    "review": "review-title",
}
"""Each screen's heading, which takes the focus where nothing else on the screen should."""


class Panels:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.node = page.node
        self._rules_key: tuple[str, str] | None = None
        self._notices: tuple[str, ...] = ()

    def history(self, view: HistoryView) -> None:
        self.node("history-title").text(view.title)
        # Nothing under the heading until a game is finished: the empty text says what comes.
        self.node("stats-title").text(view.stats_title).show(not view.empty)
        self.node("history-back").text(view.back_label)
        self.node("data-title").text(view.data_title)
        self.node("export-history").text(view.export_label).show(bool(view.export_label))
        self.node("import-label").text(view.import_label)
        self.node("history-empty").text(view.empty).show(bool(view.empty))
        self._daily(view)
        container = self.node("stats-list")
        if not container.changed("#cards", repr(view.cards)):
            return
        el = container.el
        while el.children.length > 0:
            el.lastElementChild.remove()
        for card in view.cards:
            item = self.page.create("li", "stats-card")
            heading = self.page.create("h4")  # under "Statistics" (an h3)
            name = self.page.create("span", "stats-name", dir="auto")
            name.textContent = card.name
            heading.append(name)
            heading.append(self.page.document.createTextNode(" · " + card.ruleset))
            item.append(heading)
            facts = self.page.create("dl")
            for fact in card.facts:
                term = self.page.create("dt")
                fill_text(term, fact.label)
                value = self.page.create("dd")
                fill_text(value, fact.value)
                facts.append(term)
                facts.append(value)
            item.append(facts)
            if card.bars:
                self._chart(item, card.chart_label, card.bars)
            if card.trend_bars:
                self._chart(item, card.trend_label, card.trend_bars)
            el.append(item)

    def _daily(self, view: HistoryView) -> None:
        shown = bool(view.daily_entries)
        self.node("daily-title").text(view.daily_title).show(shown)
        container = self.node("daily-list").show(shown)
        if not container.changed("#entries", view.daily_entries):
            return
        container.el.replaceChildren()
        for entry in view.daily_entries:
            item = self.page.create("li")
            fill_text(item, entry)
            container.el.append(item)

    def _chart(self, card: Any, label_text: str, bars: Sequence[Bar]) -> None:
        """A bar chart: a label, then a row per bar (its words, and a bar as long as its
        share)."""
        label = self.page.create("p", "chart-label")
        fill_text(label, label_text)
        card.append(label)
        chart = self.page.create("ol", "chart")
        for bar in bars:
            row = self.page.create("li")
            text = self.page.create("span", "bar-text")
            fill_text(text, bar.text)
            shape = self.page.create("span", "chart-bar", aria_hidden="true")
            # CSSOM, not a style attribute: the Content-Security-Policy forbids inline styles.
            shape.style.setProperty("--share", f"{bar.share:.3f}")
            row.append(text)
            row.append(shape)
            chart.append(row)
        card.append(chart)

    def notices(self, snap: Snapshot) -> None:
        """The notices over the page, each with its button that dismisses it, and the offers
        that go with them (the unreadable data, the game the device could not save)."""
        container = self.node("notice-list").el
        wanted = [(text, snap.dismiss_label) for text in snap.notices]
        key = repr(wanted)
        if self.node("notice-list").changed("#notices", key):
            closing = self._focused_notice(container)
            while container.children.length > 0:
                container.lastElementChild.remove()
            for index, text in enumerate(snap.notices):
                item = self.page.create("li", "notice-item")
                message = self.page.create("span", "notice-text")
                fill_text(message, text)
                button = self.page.create(
                    "button", "text-button small", type="button", data_action="dismiss-notice"
                )
                button.setAttribute("data-index", str(index))
                button.textContent = snap.dismiss_label
                item.append(message)
                item.append(button)
                container.append(item)
            if closing is not None:
                self._focus_after_notice(container, closing, snap.screen)
        exporting = bool(snap.export_unreadable_label)  # only away from a game
        self.node("export-unreadable").text(snap.export_unreadable_label).show(exporting)
        self.node("discard-unreadable").text(snap.discard_unreadable_label).show(exporting)
        if snap.discard_unreadable is not None:
            self.node("discard-unreadable-text").text(snap.discard_unreadable.text)
            self.node("discard-unreadable-confirm").text(snap.discard_unreadable.confirm_label)
            self.node("discard-unreadable-cancel").text(snap.discard_unreadable.cancel_label)
        self.node("export-game").text(snap.export_game_label).show(bool(snap.export_game_label))
        self.node("notices").show(bool(snap.notices) or exporting)
        arrived = any(text not in self._notices for text in snap.notices)
        self._notices = tuple(snap.notices)
        if arrived and snap.screen in ("setup", "history"):
            self._bring_notices_into_view()

    def _focused_notice(self, container: Any) -> int | None:
        """The place of the notice whose Close button has the focus, if one has."""
        focused = self.page.document.activeElement
        if not bool(container.contains(focused)) or not focused.hasAttribute("data-index"):
            return None
        return int(focused.getAttribute("data-index"))

    def _focus_after_notice(self, container: Any, place: int, screen: str) -> None:
        """The focus stays among the notices where one closed: on the next one's Close, else
        the one before's; with none left, on the screen's heading. Its button gone, the focus
        fell to the page's start, and a screen reader said nothing (a keyboard walk)."""
        buttons = container.querySelectorAll("button")
        if buttons.length:
            buttons.item(min(place, buttons.length - 1)).focus()
        else:
            self.node(SCREEN_TITLES[screen]).el.focus()

    def _bring_notices_into_view(self) -> None:
        """A notice that has just come, scrolled into sight when the page is scrolled past it:
        a walk imported a file at the foot of the history and never saw what came of it."""
        document = self.page.document
        window = document.defaultView
        top = float(self.node("notices").el.getBoundingClientRect().top)
        # Below the header, which sticks over the page's top.
        below = float(document.querySelector("header.bar").getBoundingClientRect().bottom) + 8
        if top >= below:
            return
        still = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        window.scrollBy(js_object(window, top=top - below, behavior="auto" if still else "smooth"))

    def settings(self, view: SettingsView) -> None:
        self.node("settings-title").text(view.title)
        self.node("settings-language-label").text(view.language_label)
        self.page.language_options("settings-language", view.languages)
        self.node("auto-score-legend").text(view.auto_score_label)
        self.node("auto-score-help").text(view.auto_score_help)
        self._radios("auto-score", view.auto_score)
        self.node("speed-legend").text(view.speed_label)
        self._radios("speed-setting", view.speeds)
        self.node("undo-legend").text(view.undo_label)
        self.node("undo-help").text(view.undo_help)
        self._radios("undo-setting", view.undo_choices)
        self.node("pass-phone-legend").text(view.pass_phone_label)
        self.node("pass-phone-help").text(view.pass_phone_help)
        self._radios("pass-phone", view.pass_phone_choices)
        self.node("sound-legend").text(view.sound_label)
        self._radios("sound-setting", view.sound_choices)
        self.node("vibration-legend").text(view.vibration_label)
        self._radios("vibration-setting", view.vibration_choices)
        self.node("size-legend").text(view.size_label)
        self.node("size-help").text(view.size_help)
        self._radios("size-setting", view.size_choices)
        self.node("coach-threshold-legend").text(view.coach_threshold_label)
        self.node("coach-threshold-help").text(view.coach_threshold_help)
        self._radios("coach-threshold", view.coach_thresholds)
        self._game_coaches(view)
        self._game_names(view)
        self.node("settings-done").text(view.close_label)

    def _game_names(self, view: SettingsView) -> None:
        """A text field per player of the game under way. Made again only for another number of
        players: a name typed changes the labels, and a field made again loses the typing."""
        self.node("game-names-legend").text(view.names_label)
        self.node("game-names-help").text(view.names_help)
        self.node("game-names").show(bool(view.names))
        box = self.node("game-names-list")
        if box.changed("#count", len(view.names)):
            inputs = []
            for field in view.names:
                name = self.page.create(
                    "input", "name-input", type="text", id=f"game-name-{field.player}"
                )
                name.setAttribute("maxlength", "50")
                name.setAttribute("autocomplete", "off")
                name.setAttribute("dir", "auto")
                name.dataset.action = "game-name"
                name.dataset.index = str(field.player)
                inputs.append(name)
            self._fill_fields(box, inputs)
        document = self.page.document
        for field in view.names:
            name = document.getElementById(f"game-name-{field.player}")
            fill_text(name.labels.item(0), field.label)
            # Not while it is typed in: a name refused (or blank) shows the name kept once left.
            if name.value != field.name and document.activeElement != name:
                name.value = field.name
            name.defaultValue = field.name  # what a change that changes nothing shows again

    def _game_coaches(self, view: SettingsView) -> None:
        """A select per person of the game under way, labelled with their name."""
        self.node("game-coach-legend").text(view.game_coach_label)
        self.node("game-coach").show(bool(view.game_coaches))
        box = self.node("game-coach-list")
        if box.changed("#players", [coach.player for coach in view.game_coaches]):
            selects = []
            for coach in view.game_coaches:
                select = self.page.create("select", "", id=f"game-coach-{coach.player}")
                select.dataset.action = "game-coach"
                select.dataset.index = str(coach.player)
                selects.append(select)
            self._fill_fields(box, selects)
        for coach in view.game_coaches:
            select = self.page.document.getElementById(f"game-coach-{coach.player}")
            fill_text(select.labels.item(0), coach.name)
            self.page.fill_select(select, coach.choices)

    def _fill_fields(self, box: Node, controls: Sequence[Any]) -> None:
        """`box` holds a field per control, each with its label (for its id), and no other."""
        while box.el.children.length > 0:
            box.el.lastElementChild.remove()
        for control in controls:
            label = self.page.create("label", "field-label")
            label.setAttribute("for", control.id)
            field = self.page.create("div", "field")
            field.append(label, control)
            box.el.append(field)

    def _radios(self, name: str, choices: Sequence[Choice]) -> None:
        for choice in choices:
            radio = self.node(f"{name}-{choice.value}")
            if bool(radio.el.checked) != choice.selected:
                radio.el.checked = choice.selected
            self.node(f"{name}-{choice.value}-label").text(choice.label)

    def rules(self, rules: RulesText | None, close_label: str) -> None:
        self.node("rules-close").text(close_label)
        if rules is None:
            return
        # Not imported at the top: the module is loaded only once some rules are shown.
        from game.i18n.rules_text import BulletList, Example, Paragraph, Table

        key = (rules.ruleset, rules.language)
        if key == self._rules_key:
            return
        self._rules_key = key
        self.node("rules-title").text(rules.title)
        body = self.node("rules-body").el
        body.replaceChildren()
        make = self.page.create
        for section in rules.sections:
            # A section of its own, so that a touch screen can leave the keyboard's out.
            part = make("section", "keyboard-only" if section.keyboard else "")
            body.append(part)
            heading = make("h3")
            heading.textContent = section.heading
            part.append(heading)
            for block in section.blocks:
                if isinstance(block, Paragraph):
                    para = make("p")
                    para.textContent = block.text
                    part.append(para)
                elif isinstance(block, Example):
                    para = make("p", "example")
                    para.textContent = block.text
                    part.append(para)
                elif isinstance(block, BulletList):
                    items = make("ul")
                    for text in block.items:
                        item = make("li")
                        item.textContent = text
                        items.append(item)
                    part.append(items)
                elif isinstance(block, Table):
                    part.append(self._rules_table(block))

    def _rules_table(self, block: Table) -> Any:
        make = self.page.create
        wrap = make("div", "rules-table-wrap")
        # The roles said again: on a narrow screen the rows stand one under the other
        # (screens.css), and a table laid out as blocks is no table to a screen reader.
        table = make("table", "rules-table", role="table")
        head = make("thead", role="rowgroup")
        row = make("tr", role="row")
        for column in block.columns:
            cell = make("th", scope="col", role="columnheader")
            cell.textContent = column
            row.append(cell)
        head.append(row)
        body = make("tbody", role="rowgroup")
        for values in block.rows:
            row = make("tr", role="row")
            for position, value in enumerate(values):
                if position == 0:
                    cell = make("th", scope="row", role="rowheader")
                else:
                    cell = make("td", role="cell")
                cell.textContent = value
                row.append(cell)
            body.append(row)
        table.append(head, body)
        wrap.append(table)
        return wrap
