"""Renders a presentation snapshot (game.presentation) into the page.

The markup of every screen is in index.html; this module only fills it in and keeps it up to
date. Rules it keeps:
- text goes in with `textContent` and attributes, never as markup: a player named
  `<img src=x onerror=alert(1)>` shows literally; each isolate of a translated text (a name, a
  number) becomes a `<bdi>` element (shell.text), and leaves no mark in an `aria-label`;
- elements are updated in place, never rebuilt on a render, so keyboard focus stays where it
  is; lists (players, sheet rows and columns, standings) grow or shrink at their end;
- a value is written only when it changed (`Node` remembers what it wrote), which keeps a
  render of a 12-player sheet cheap.
Controls name what they do in `data-action` (and `data-index`, `data-box`, `data-die`...):
shell.controller reads them with one delegated listener per event type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.bidi import without_isolates
from game.presentation import (
    Cell,
    Choice,
    EndView,
    GameView,
    HistoryView,
    Row,
    SetupView,
    SheetView,
    Snapshot,
)
from shell.text import fill_text

if TYPE_CHECKING:
    from game.rules_text import RulesText, Table

PIPS = ("tl", "tr", "ml", "c", "mr", "bl", "br")
"""The seven pip positions of a die face; CSS shows the ones each face needs."""


def shift_into(start: float, end: float, low: float, high: float) -> float:
    """How far to scroll so that what spans start..end shows within low..high: negative
    towards the start, 0 when it already shows (or its start does, if it cannot fit)."""
    if start < low:
        return start - low
    if end > high:
        return end - high
    return 0.0


def is_null(value: object) -> bool:
    """JavaScript's null and undefined, as Pyodide passes them (None, or its `jsnull`)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


class Node:
    """A DOM element and the values last written to it."""

    __slots__ = ("_written", "el")

    def __init__(self, el: Any) -> None:
        self.el = el
        self._written: dict[str, object] = {}

    def _changed(self, key: str, value: object) -> bool:
        if key in self._written and self._written[key] == value:
            return False
        self._written[key] = value
        return True

    def text(self, value: str) -> Node:
        if self._changed("#text", value):
            fill_text(self.el, value)
        return self

    def attr(self, name: str, value: str | None) -> Node:
        if name == "aria-label" and value is not None:
            value = without_isolates(value)  # heard, never shown: the marks are of no use
        if self._changed(name, value):
            if value is None:
                self.el.removeAttribute(name)
            else:
                self.el.setAttribute(name, value)
        return self

    def flag(self, name: str, on: bool) -> Node:
        """A boolean attribute: `hidden`, `disabled`, `open`..."""
        return self.attr(name, "" if on else None)

    def cls(self, name: str, on: bool) -> Node:
        if self._changed("." + name, on):
            self.el.classList.toggle(name, on)
        return self

    def show(self, visible: bool) -> Node:
        return self.flag("hidden", not visible)


class View:
    def __init__(self, document: Any) -> None:
        self.document = document
        self._nodes: dict[str, Node] = {}
        self._seat_nodes: list[dict[str, Node]] = []
        self._sheets: dict[str, SheetTable] = {
            "sheet": SheetTable(document, document.getElementById("sheet")),
            "end-sheet": SheetTable(document, document.getElementById("end-sheet")),
        }
        self._dice = [Node(el) for el in document.querySelectorAll("#dice .die")]
        self._badges = [Node(el) for el in document.querySelectorAll("#dice .kept-badge")]
        self._rules_key: tuple[str, str] | None = None
        self._screen = ""
        self._announcement_count = -1
        self._language = ""
        self._faces: list[int] = [0] * 5
        self._turn_player = -1
        """The player whose turn the game screen last showed (-1: none yet)."""
        self._sheet_frame = ""
        """The heights last given to the style sheet by `_size_sheet`."""
        self._handover = False
        """The turn just passed to a human from another player: the tray is brought into view."""
        self._spotlight: tuple[int, str] | None = None
        """The box the hint on screen advises, once brought into view (None: no such hint)."""

    # --- helpers ------------------------------------------------------------------------------

    def node(self, element_id: str) -> Node:
        found = self._nodes.get(element_id)
        if found is None:
            el = self.document.getElementById(element_id)
            if is_null(el):
                raise LookupError(f"index.html has no element #{element_id}")
            found = self._nodes[element_id] = Node(el)
        return found

    def _create(self, tag: str, class_name: str = "", **attrs: str) -> Any:
        el = self.document.createElement(tag)
        if class_name:
            el.className = class_name
        for name, value in attrs.items():
            el.setAttribute(name.replace("_", "-"), value)
        return el

    def _options(self, select_id: str, choices: Sequence[Choice]) -> None:
        self._fill_select(self.node(select_id).el, choices)

    # --- the whole page -----------------------------------------------------------------------

    def render(self, snap: Snapshot) -> None:
        focused = self.document.activeElement
        root = self.document.documentElement
        if root.getAttribute("lang") != snap.language:
            root.setAttribute("lang", snap.language)
        if root.getAttribute("dir") != snap.direction:
            root.setAttribute("dir", snap.direction)
        root.dataset.screen = snap.screen
        if snap.language != self._language:
            if self._language:
                # The last announcement was in the previous language: a screen reader must not
                # come across it later. The next event is announced in the new language.
                self.node("live").text("")
            self._language = snap.language
        self.document.title = snap.app_title
        self.node("app-title").text(snap.app_title)
        self.node("language-label").text(snap.language_label)
        self._options("language", snap.languages)
        self.node("settings-button").attr("aria-label", snap.settings_label).attr(
            "title", snap.settings_label
        )
        for screen in ("setup", "game", "end", "history", "elsewhere"):
            self.node(f"{screen}-screen").show(snap.screen == screen)
        self.node("history-button").text(snap.history_label)
        for sheet in self._sheets.values():
            sheet.name(snap.sheet_label)  # hidden or not: never left in another language
        if snap.history is not None:
            self._history(snap.history)
        if snap.setup is not None:
            self._setup(snap.setup)
        if snap.game is not None:
            self._game(snap.game)
        if snap.end is not None:
            self._end(snap.end)
        if snap.elsewhere is not None:
            self.node("elsewhere-title").text(snap.elsewhere.title)
            self.node("elsewhere-text").text(snap.elsewhere.text)
            self.node("take-over").text(snap.elsewhere.take_over_label)
        self._settings(snap)
        self._rules(snap.rules, snap.rules_close_label)
        self.node("leave-text").text(snap.leave.text)
        self.node("leave-confirm").text(snap.leave.confirm_label)
        self.node("leave-cancel").text(snap.leave.cancel_label)
        self._dialogs(snap.dialog)
        self._notices(snap)
        if snap.screen == "game":
            self._size_sheet()
        if snap.announcement_count != self._announcement_count:
            self._announcement_count = snap.announcement_count
            self.node("live").text(snap.announcement).attr(
                "data-count", str(snap.announcement_count)
            )
        if snap.game is None:
            self._turn_player = -1  # a new game starts at the top of the page (_focus_screen)
        if snap.screen != self._screen:
            first = self._screen == ""
            self._screen = snap.screen
            if not first:
                self._focus_screen(snap.screen)
        elif snap.screen == "game" and snap.dialog == "none":
            self._rescue_focus(focused)
            if self._handover:
                self._bring_tray_into_view()
        self._handover = False

    def _history(self, view: HistoryView) -> None:
        self.node("history-title").text(view.title)
        self.node("stats-title").text(view.stats_title)
        self.node("history-back").text(view.back_label)
        self.node("export-history").text(view.export_label)
        self.node("import-label").text(view.import_label)
        self.node("history-empty").text(view.empty).show(bool(view.empty))
        container = self.node("stats-list")
        if not container._changed("#cards", repr(view.cards)):
            return
        el = container.el
        while el.children.length > 0:
            el.lastElementChild.remove()
        for card in view.cards:
            item = self._create("li", "stats-card")
            heading = self._create("h3")
            name = self._create("span", "stats-name", dir="auto")
            name.textContent = card.name
            heading.append(name)
            heading.append(self.document.createTextNode(" · " + card.ruleset))
            item.append(heading)
            facts = self._create("dl")
            for fact in card.facts:
                term = self._create("dt")
                fill_text(term, fact.label)
                value = self._create("dd")
                fill_text(value, fact.value)
                facts.append(term)
                facts.append(value)
            item.append(facts)
            label = self._create("p", "chart-label")
            fill_text(label, card.chart_label)
            item.append(label)
            chart = self._create("ol", "chart")
            for bar in card.bars:
                row = self._create("li")
                text = self._create("span", "bar-text")
                fill_text(text, bar.text)
                shape = self._create("span", "chart-bar", aria_hidden="true")
                # CSSOM, not a style attribute: the Content-Security-Policy forbids inline styles.
                shape.style.setProperty("--share", f"{bar.share:.3f}")
                row.append(text)
                row.append(shape)
                chart.append(row)
            item.append(chart)
            el.append(item)

    def _notices(self, snap: Snapshot) -> None:
        container = self.node("notice-list").el
        wanted = [(text, snap.dismiss_label) for text in snap.notices]
        key = repr(wanted)
        if self.node("notice-list")._changed("#notices", key):
            while container.children.length > 0:
                container.lastElementChild.remove()
            for index, text in enumerate(snap.notices):
                item = self._create("li", "notice-item")
                message = self._create("span", "notice-text")
                fill_text(message, text)
                button = self._create(
                    "button", "text-button small", type="button", data_action="dismiss-notice"
                )
                button.setAttribute("data-index", str(index))
                button.textContent = snap.dismiss_label
                item.append(message)
                item.append(button)
                container.append(item)
        exporting = bool(snap.export_unreadable_label)
        self.node("export-unreadable").text(snap.export_unreadable_label).show(exporting)
        self.node("export-game").text(snap.export_game_label).show(bool(snap.export_game_label))
        self.node("notices").show(bool(snap.notices) or exporting)

    def _focus_screen(self, screen: str) -> None:
        target = {
            "setup": "setup-title",
            "game": "turn-title",
            "end": "end-title",
            "history": "history-title",
            "elsewhere": "elsewhere-title",
        }[screen]
        el = self.node(target).el
        el.focus()
        self.document.defaultView.scrollTo(0, 0)
        if screen == "game":
            self.node("sheet-wrap").el.scrollTop = 0  # not where the last game's sheet was left

    def _bring_tray_into_view(self) -> None:
        """Scrolls the page so that the tray's buttons show, when Roll is out of sight (the tray
        sticks to the bottom of the screen, so mostly it is not). Only at the moment the turn
        passes to a human: a player scrolling the sheet during a computer's turn is left alone."""
        window = self.document.defaultView
        roll = self.node("roll").el.getBoundingClientRect()
        if float(roll.top) >= 0 and float(roll.bottom) <= float(window.innerHeight):
            return
        still = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        behavior = "auto" if still else "smooth"
        # A JavaScript object for the options, without importing Pyodide here.
        options = window.JSON.parse(f'{{"block": "end", "behavior": "{behavior}"}}')
        self.node("tray").el.scrollIntoView(options)

    def _bring_row_into_view(self, selector: str) -> None:
        """Scrolls the sheet's frame up or down so that a row shows whole between its sticky row
        of names and what covers the frame's bottom (the tray, the screen's edge); only if that
        is not enough, the page too."""
        self._size_sheet()  # the frame's height follows the tray's, which the hint just grew
        window = self.document.defaultView
        wrap = self.node("sheet-wrap").el
        row = self.document.querySelector(selector)
        if is_null(row) or is_null(wrap.offsetParent):
            return
        frame = wrap.getBoundingClientRect()
        head = self.document.querySelector("#sheet thead").getBoundingClientRect()
        bar = self.document.querySelector("header.bar").getBoundingClientRect()
        tray = self.node("tray").el.getBoundingClientRect()
        inner_top = float(frame.top) + float(wrap.clientTop)
        top = max(inner_top + float(head.height), float(bar.bottom))
        bottom = min(
            inner_top + float(wrap.clientHeight), float(tray.top), float(window.innerHeight)
        )
        box = row.getBoundingClientRect()
        shift = shift_into(float(box.top), float(box.bottom), top, bottom)
        if not shift:
            return
        before = float(wrap.scrollTop)
        wrap.scrollTop = before + shift
        rest = shift - (float(wrap.scrollTop) - before)  # where the frame could scroll no further
        if abs(rest) > 1:
            window.scrollBy(0, rest)

    def _size_sheet(self) -> None:
        """Tells the style sheet the heights of the header bar and of the tray (which grows with
        the hint, Undo, the countdown...): the sheet scrolls inside a frame that fits between
        them, so that its sticky row of player names is never under either."""
        bar = self.document.querySelector("header.bar")
        tray = self.node("tray").el
        heights = f"{float(bar.offsetHeight):.0f}px {float(tray.offsetHeight):.0f}px"
        if heights != self._sheet_frame:
            self._sheet_frame = heights
            style = self.document.documentElement.style
            style.setProperty("--bar-height", heights.split()[0])
            style.setProperty("--tray-height", heights.split()[1])

    def _rescue_focus(self, focused: Any) -> None:
        """A control that had the focus was just disabled or hidden (Confirm after scoring,
        Skip when the computer's turn ends): the focus goes to the next thing to do."""
        if is_null(focused) or focused == self.document.body:
            return
        lost = bool(focused.hasAttribute("disabled")) or not is_null(focused.closest("[hidden]"))
        if not lost:
            return
        for candidate in ("roll", "confirm", "skip"):
            el = self.node(candidate).el
            if not el.hasAttribute("disabled") and is_null(el.closest("[hidden]")):
                el.focus()
                return

    def _dialogs(self, dialog: str) -> None:
        for name in ("settings", "rules", "leave"):
            el = self.node(f"{name}-dialog").el
            want = dialog == name
            if want and not el.open:
                el.showModal()
            elif not want and el.open:
                el.close()

    # --- setup --------------------------------------------------------------------------------

    def _setup(self, view: SetupView) -> None:
        self.node("setup-title").text(view.title)
        self.node("setup-note").text(view.note).show(bool(view.note))
        self.node("ruleset-legend").text(view.ruleset_heading)
        for card in view.rulesets:
            self.node(f"ruleset-{card.id}-name").text(card.name)
            self.node(f"ruleset-{card.id}-description").text(card.description)
            radio = self.node(f"ruleset-{card.id}").flag("disabled", False)  # Python is ready
            if bool(radio.el.checked) != card.selected:
                radio.el.checked = card.selected
            self.node(f"ruleset-{card.id}-card").cls("selected", card.selected)
            self.node(f"rules-{card.id}").text(card.rules_label).flag("disabled", False)
        self.node("players-heading").text(view.players_heading)
        self.node("player-count").text(view.player_count)
        self._seats(view)
        self.node("add-human").text(view.add_human_label).flag("disabled", not view.can_add)
        self.node("add-computer").text(view.add_computer_label).flag("disabled", not view.can_add)
        self.node("start").text(view.start_label).flag("disabled", False)

    def _seats(self, view: SetupView) -> None:
        container = self.node("seats").el
        while len(self._seat_nodes) > len(view.seats):
            self._seat_nodes.pop()
            container.lastElementChild.remove()
        while len(self._seat_nodes) < len(view.seats):
            self._seat_nodes.append(self._new_seat(container, len(self._seat_nodes)))
        for seat, nodes in zip(view.seats, self._seat_nodes, strict=True):
            nodes["heading"].text(seat.heading)
            nodes["name_label"].text(seat.name_label)
            name = nodes["name"]
            if name.el.value != seat.name and self.document.activeElement != name.el:
                name.el.value = seat.name
            name.attr("placeholder", seat.placeholder)
            nodes["kind_label"].text(seat.kind_label)
            self._fill_select(nodes["kind"].el, seat.kinds)
            nodes["level_label"].text(seat.level_label)
            self._fill_select(nodes["level"].el, seat.levels)
            nodes["level_box"].show(seat.is_computer)
            nodes["level_help"].text(seat.level_description)
            nodes["item"].cls("computer", seat.is_computer)
            for key, label, enabled in (
                ("up", seat.move_up_label, seat.can_move_up),
                ("down", seat.move_down_label, seat.can_move_down),
                ("remove", seat.remove_label, seat.can_remove),
            ):
                nodes[key].attr("aria-label", label).attr("title", label)
                nodes[key].flag("disabled", not enabled)

    def _fill_select(self, select: Any, choices: Sequence[Choice]) -> None:
        while select.options.length > len(choices):
            select.remove(select.options.length - 1)
        while select.options.length < len(choices):
            select.add(self.document.createElement("option"))
        for index, choice in enumerate(choices):
            option = select.options.item(index)
            if option.value != choice.value:
                option.value = choice.value
            if option.textContent != choice.label:
                option.textContent = choice.label
            if choice.selected and select.value != choice.value:
                select.value = choice.value

    def _new_seat(self, container: Any, index: int) -> dict[str, Node]:
        make = self._create
        item = make("li", "seat")
        head = make("div", "seat-head")
        heading = make("h4", "seat-number")
        actions = make("div", "seat-actions")
        buttons = {}
        for key, symbol in (("up", "↑"), ("down", "↓"), ("remove", "✕")):
            button = make("button", f"icon-button seat-{key}", type="button")
            button.dataset.action = key
            button.dataset.index = str(index)
            glyph = make("span", aria_hidden="true")
            glyph.textContent = symbol
            button.append(glyph)
            actions.append(button)
            buttons[key] = Node(button)
        head.append(heading, actions)
        fields = make("div", "seat-fields")
        name_id = f"seat-{index}-name"
        name_label = make("label", "field-label")
        name_label.setAttribute("for", name_id)
        name = make("input", "name-input", type="text", id=name_id, maxlength="50")
        name.setAttribute("autocomplete", "off")
        name.setAttribute("dir", "auto")
        name.dataset.action = "name"
        name.dataset.index = str(index)
        name_box = make("div", "field field-name")
        name_box.append(name_label, name)
        kind_id = f"seat-{index}-kind"
        kind_label = make("label", "field-label")
        kind_label.setAttribute("for", kind_id)
        kind = make("select", "", id=kind_id)
        kind.dataset.action = "kind"
        kind.dataset.index = str(index)
        kind_box = make("div", "field")
        kind_box.append(kind_label, kind)
        level_id = f"seat-{index}-level"
        level_help_id = f"seat-{index}-level-help"
        level_label = make("label", "field-label")
        level_label.setAttribute("for", level_id)
        level = make("select", "", id=level_id)
        level.setAttribute("aria-describedby", level_help_id)
        level.dataset.action = "level"
        level.dataset.index = str(index)
        level_box = make("div", "field field-level")
        level_help = make("p", "field-help", id=level_help_id)
        level_box.append(level_label, level)
        fields.append(name_box, kind_box, level_box)
        item.append(head, fields, level_help)
        container.append(item)
        return {
            "item": Node(item),
            "heading": Node(heading),
            "name_label": Node(name_label),
            "name": Node(name),
            "kind_label": Node(kind_label),
            "kind": Node(kind),
            "level_label": Node(level_label),
            "level": Node(level),
            "level_box": Node(level_box),
            "level_help": Node(level_help),
            **buttons,
        }

    # --- the game -----------------------------------------------------------------------------

    def _game(self, view: GameView) -> None:
        if view.player != self._turn_player:
            self._handover = self._turn_player >= 0 and not view.is_computer
            self._turn_player = view.player
        self.node("turn-title").text(view.title)
        self.node("round").text(view.round)
        self.node("leave").text(view.leave_label)
        self.node("skip-to-sheet").text(view.skip_to_sheet_label)
        self.node("game-screen").cls("computer-turn", view.is_computer)
        self.node("dice").attr("aria-label", view.dice_label)
        for die, node, badge in zip(view.dice, self._dice, self._badges, strict=True):
            node.attr("data-face", str(die.face) if die.face else None)
            node.attr("aria-label", die.label)
            node.attr("aria-pressed", "true" if die.kept else "false")
            node.flag("disabled", not die.enabled)
            node.cls("kept", die.kept)
            node.cls("suggested", die.suggested)
            node.cls("advice-keep", die.advice == "keep")
            node.cls("advice-release", die.advice == "release")
            badge.text(die.badge).cls("advice", bool(die.advice))
        self.node("roll").text(view.roll_label).flag("disabled", not view.can_roll)
        self.node("keys-hint").text(view.keys_hint)  # empty when no one can keep dice now
        self.node("confirm").text(view.confirm_label).flag("disabled", not view.can_confirm)
        self.node("undo").text(view.undo_label).show(view.can_undo)
        self.node("computer-undo").text(view.undo_label).show(view.can_undo and view.is_computer)
        self.node("hint").text(view.hint_label).flag("disabled", not view.can_hint)
        self.node("turn-status").text(view.status)
        self.node("last-move").text(view.last_move).show(bool(view.last_move))
        self.node("turn-message").text(view.message).show(bool(view.message))
        self.node("bonus-message").text(view.bonus_message).show(bool(view.bonus_message))
        self.node("cheer").text(view.celebration).show(bool(view.celebration))
        self.node("countdown").show(view.countdown > 0)
        self.node("countdown-text").text(view.countdown_text)
        self.node("countdown-help").text(view.countdown_help)
        # CSSOM, not a style attribute: the Content-Security-Policy forbids inline styles.
        fraction = f"{view.countdown_fraction:.3f}"
        bar = self.node("countdown-bar")
        if bar._changed("--fraction", fraction):
            bar.el.style.setProperty("--fraction", fraction)
        self.node("hint-text").text(view.hint).show(bool(view.hint))
        self.node("hide-hint").text(view.hide_hint_label).show(bool(view.hint))
        self.node("coach-note").text(view.coach_note).show(bool(view.coach_note))
        self.node("human-controls").show(not view.is_computer)
        self.node("computer-controls").show(view.is_computer)
        self.node("speed").text(view.speed_label).attr(
            "aria-pressed", "true" if view.speed_pressed else "false"
        )
        self.node("skip").text(view.skip_label).attr("title", view.skip_help).attr(
            "aria-label", view.skip_help
        )
        sheet = self._sheets["sheet"]
        sheet.render(view.sheet)
        # The box that matters now (the hint's, the joker's, the one just scored by itself, a
        # first Penta) comes into the sheet's frame, once: the player may scroll away from it.
        spotlight = view.sheet.spotlight
        if spotlight is not None and spotlight != self._spotlight:
            column, box = spotlight
            sheet.scroll_to_column(column)  # the sheet may have been swiped to another player's
            self._bring_row_into_view(f'#sheet tr[data-row="{box}"]')
        self._spotlight = spotlight
        # "Swipe sideways" only when there is something to swipe to: three players fit on most
        # phones, more on a wider screen.
        self.node("scroll-hint").text(view.sheet.scroll_hint).show(
            bool(view.sheet.scroll_hint) and sheet.overflows()
        )

    def roll_animation(self, positions: Sequence[int]) -> None:
        """Shakes the dice that were just rolled (CSS turns it off for reduced motion)."""
        for position in positions:
            el = self._dice[position].el
            el.classList.remove("rolling")
            _ = el.offsetWidth  # restarts the CSS animation
            el.classList.add("rolling")

    # --- end of game --------------------------------------------------------------------------

    def _end(self, view: EndView) -> None:
        self.node("end-title").text(view.title)
        self.node("end-headline").text(view.headline)
        self.node("standings-heading").text(view.standings_heading)
        container = self.node("standings").el
        while container.children.length > len(view.standings):
            container.lastElementChild.remove()
        while container.children.length < len(view.standings):
            item = self._create("li", "standing")
            for part in ("place", "name", "total"):
                span = self._create("span", part)
                if part == "name":
                    span.setAttribute("dir", "auto")
                item.append(span)
            container.append(item)
        for index, standing in enumerate(view.standings):
            item = container.children.item(index)
            item.classList.toggle("winner", standing.winner)
            spans = item.children
            for position, value in enumerate((standing.place_text, standing.name, standing.total)):
                if spans.item(position).textContent != without_isolates(value):
                    fill_text(spans.item(position), value)
        self.node("breakdown-heading").text(view.breakdown_heading)
        self._sheets["end-sheet"].render(view.sheet)
        self.node("play-again").text(view.play_again_label)
        self.node("play-again-help").text(view.play_again_help)
        self.node("new-game").text(view.new_game_label)
        self.node("end-undo").text(view.undo_label).show(view.can_undo)

    # --- dialogs ------------------------------------------------------------------------------

    def _settings(self, snap: Snapshot) -> None:
        view = snap.settings
        self.node("settings-title").text(view.title)
        self.node("settings-language-label").text(view.language_label)
        self._options("settings-language", view.languages)
        self.node("auto-score-legend").text(view.auto_score_label)
        self.node("auto-score-help").text(view.auto_score_help)
        self._radios("auto-score", view.auto_score)
        self.node("speed-legend").text(view.speed_label)
        self._radios("speed-setting", view.speeds)
        self.node("undo-legend").text(view.undo_label)
        self.node("undo-help").text(view.undo_help)
        self._radios("undo-setting", view.undo_choices)
        self.node("settings-done").text(view.close_label)

    def _radios(self, name: str, choices: Sequence[Choice]) -> None:
        for choice in choices:
            radio = self.node(f"{name}-{choice.value}")
            if bool(radio.el.checked) != choice.selected:
                radio.el.checked = choice.selected
            self.node(f"{name}-{choice.value}-label").text(choice.label)

    def _rules(self, rules: RulesText | None, close_label: str) -> None:
        self.node("rules-close").text(close_label)
        if rules is None:
            return
        # Not imported at the top: the module is loaded only once some rules are shown.
        from game.rules_text import BulletList, Example, Paragraph, Table

        key = (rules.ruleset, rules.language)
        if key == self._rules_key:
            return
        self._rules_key = key
        self.node("rules-title").text(rules.title)
        body = self.node("rules-body").el
        body.replaceChildren()
        make = self._create
        for section in rules.sections:
            heading = make("h3")
            heading.textContent = section.heading
            body.append(heading)
            for block in section.blocks:
                if isinstance(block, Paragraph):
                    para = make("p")
                    para.textContent = block.text
                    body.append(para)
                elif isinstance(block, Example):
                    para = make("p", "example")
                    para.textContent = block.text
                    body.append(para)
                elif isinstance(block, BulletList):
                    items = make("ul")
                    for text in block.items:
                        item = make("li")
                        item.textContent = text
                        items.append(item)
                    body.append(items)
                elif isinstance(block, Table):
                    body.append(self._rules_table(block))

    def _rules_table(self, block: Table) -> Any:
        make = self._create
        wrap = make("div", "rules-table-wrap")
        table = make("table", "rules-table")
        head = make("thead")
        row = make("tr")
        for column in block.columns:
            cell = make("th", scope="col")
            cell.textContent = column
            row.append(cell)
        head.append(row)
        body = make("tbody")
        for values in block.rows:
            row = make("tr")
            for position, value in enumerate(values):
                cell = make("th", scope="row") if position == 0 else make("td")
                cell.textContent = value
                row.append(cell)
            body.append(row)
        table.append(head, body)
        wrap.append(table)
        return wrap


class SheetTable:
    """A score sheet <table>: a pinned column of box names, then a column per player."""

    def __init__(self, document: Any, table: Any) -> None:
        self.document = document
        self.table = table
        self.head_row = table.querySelector("thead tr")
        self.body = table.querySelector("tbody")
        self.corner = Node(self.head_row.querySelector("th"))
        self.caption = Node(table.querySelector("caption"))
        self.wrap = Node(table.parentElement)
        self.columns: list[Node] = []
        self.column_names: list[Node] = []
        self.rows: list[tuple[Node, Node, Node, list[tuple[Node, Node, Node]]]] = []
        self._current = -1

    def name(self, label: str) -> None:
        """The sheet's accessible name: its scrolling region's label and the table's caption."""
        self.wrap.attr("aria-label", label)
        self.caption.text(label)

    def render(self, view: SheetView) -> None:
        self.corner.text(view.box_header)
        count = len(view.columns)
        while len(self.columns) > count:
            self.columns.pop().el.remove()
            self.column_names.pop()
        while len(self.columns) < count:
            th = self.document.createElement("th")
            th.setAttribute("scope", "col")
            th.setAttribute("dir", "auto")
            name = self.document.createElement("span")
            name.className = "column-name"
            th.append(name)
            self.head_row.append(th)
            self.columns.append(Node(th))
            self.column_names.append(Node(name))
        for column, node, name in zip(view.columns, self.columns, self.column_names, strict=True):
            name.text(column.name)
            node.cls("current", column.current).attr("title", column.name)
            node.attr("aria-label", column.label if column.current else None)
        while len(self.rows) > len(view.rows):
            self.rows.pop()[0].el.remove()
        while len(self.rows) < len(view.rows):
            tr = self.document.createElement("tr")
            th = self.document.createElement("th")
            th.setAttribute("scope", "row")
            label = self.document.createElement("span")
            label.className = "row-label"
            th.append(label)
            tr.append(th)
            self.body.append(tr)
            self.rows.append((Node(tr), Node(th), Node(label), []))
        for row, (tr, th, label, cells) in zip(view.rows, self.rows, strict=True):
            self._row(row, tr, th, label, cells, count)
        current = next((i for i, column in enumerate(view.columns) if column.current), -1)
        if current != self._current:
            self._current = current
            if current >= 0:
                self._scroll_to_column(self.columns[current].el)

    def scroll_to_column(self, index: int) -> None:
        if 0 <= index < len(self.columns):
            self._scroll_to_column(self.columns[index].el)

    def overflows(self) -> bool:
        """Whether the sheet is wider than its frame (it scrolls sideways)."""
        wrap = self.wrap.el
        return float(wrap.scrollWidth) > float(wrap.clientWidth) + 1

    def _scroll_to_column(self, th: Any) -> None:
        """Scrolls the sheet sideways so that the whole column of `th` shows beside the pinned
        column of box names (on its left, or on its right in a right-to-left language)."""
        wrap = self.table.parentElement
        if is_null(wrap) or is_null(wrap.offsetParent):
            return  # not on screen
        frame = wrap.getBoundingClientRect()
        pinned = self.corner.el.getBoundingClientRect()
        column = th.getBoundingClientRect()
        inner_left = float(frame.left) + float(wrap.clientLeft)
        inner_right = inner_left + float(wrap.clientWidth)
        if str(self.document.defaultView.getComputedStyle(wrap).direction) == "rtl":
            left, right = inner_left, float(pinned.left)
        else:
            left, right = float(pinned.right), inner_right
        # How far the columns move to the left (to the right when negative).
        shift = shift_into(float(column.left), float(column.right), left, right)
        if not shift:
            return
        # A neighbour left half shown at the edge the columns move away from ("Mom"'s 30 showing
        # as ":0") is taken out of sight: the frame shows whole columns where it can.
        for other in self.columns:
            box = other.el.getBoundingClientRect()
            start, end = float(box.left) - shift, float(box.right) - shift
            if shift > 0 and start < left - 0.5 < end - 1:
                shift += end - left
                break
            if shift < 0 and start + 1 < right + 0.5 < end:
                shift += start - right
                break
        wrap.scrollLeft = float(wrap.scrollLeft) + shift

    def _row(
        self,
        row: Row,
        tr: Node,
        th: Node,
        label: Node,
        cells: list[tuple[Node, Node, Node]],
        count: int,
    ) -> None:
        tr.attr("class", f"row-{row.kind}" + (" section-start" if row.section_start else ""))
        tr.attr("data-row", row.key)
        th.attr("title", row.help or None)
        label.text(row.label)
        while len(cells) > count:
            cells.pop()[0].el.remove()
        while len(cells) < count:
            td = self.document.createElement("td")
            button = self.document.createElement("button")
            button.setAttribute("type", "button")
            button.className = "cell-button"
            button.dataset.action = "box"
            button.hidden = True
            span = self.document.createElement("span")
            span.className = "cell-text"
            td.append(button, span)
            tr.el.append(td)
            cells.append((Node(td), Node(button), Node(span)))
        for cell, (td, button, span) in zip(row.cells, cells, strict=True):
            self._cell(cell, td, button, span)

    @staticmethod
    def _cell(cell: Cell, td: Node, button: Node, span: Node) -> None:
        td.attr(
            "class",
            f"s-{cell.state}"
            + (" current" if cell.current else "")
            + (" hinted" if cell.hinted else "")
            + (" celebrate" if cell.celebrate else ""),
        )
        as_button = cell.box is not None or cell.state == "forbidden"
        button.show(as_button)
        span.show(not as_button)
        if as_button:
            span.text("")
            button.text(cell.text).attr("aria-label", cell.label)
            button.attr("data-box", cell.box)
            button.flag("disabled", not cell.enabled)
            button.attr("aria-pressed", "true" if cell.state == "selected" else "false")
        else:
            span.text(cell.text)
            button.text("").attr("data-box", None).attr("aria-pressed", None).attr(
                "aria-label", None
            )
