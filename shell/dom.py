"""Small tools for writing into the page: `Node` writes a value only when it changed, `Page`
finds elements by id and makes new ones, `shift_into` works out a scroll."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n.bidi import without_isolates
from game.present.choice import Choice
from shell.js import is_null
from shell.text import fill_text


def shift_into(start: float, end: float, low: float, high: float) -> float:
    """How far to scroll so that what spans start..end shows within low..high: negative
    towards the start, 0 when it already shows. What cannot fit shows from its start (its end
    put at `high` took a wide column's start under the pinned names, and the rest with it)."""
    if start < low or end - start > high - low:
        return start - low
    if end > high:
        return end - high
    return 0.0


SILENT_MARK = "\u00a0"
"""A no-break space: a screen reader says nothing of it at the end of an announcement."""


def said_anew(previous: str, text: str) -> str:
    """What to write into a live region that holds `previous` so that `text` is heard: the
    same words again must still change the region, or nothing is said (a keyboard walk heard a
    computer keep "5, 5" once, not its second keep of the same dice). The two writes differ by
    a silent mark at the end."""
    if text and text == previous.removesuffix(SILENT_MARK):
        return text if previous.endswith(SILENT_MARK) else text + SILENT_MARK
    return text


class Node:
    """A DOM element and the values last written to it."""

    __slots__ = ("_written", "el")

    def __init__(self, el: Any) -> None:
        self.el = el
        self._written: dict[str, object] = {}

    def changed(self, key: str, value: object) -> bool:
        """Whether `value` differs from what was last written under `key`; it is remembered."""
        if key in self._written and self._written[key] == value:
            return False
        self._written[key] = value
        return True

    def text(self, value: str) -> Node:
        if self.changed("#text", value):
            fill_text(self.el, value)
        return self

    def attr(self, name: str, value: str | None) -> Node:
        if name == "aria-label" and value is not None:
            value = without_isolates(value)  # heard, never shown: the marks are of no use
        if self.changed(name, value):
            if value is None:
                self.el.removeAttribute(name)
            else:
                self.el.setAttribute(name, value)
        return self

    def flag(self, name: str, on: bool) -> Node:
        """A boolean attribute: `hidden`, `disabled`, `open`..."""
        return self.attr(name, "" if on else None)

    def cls(self, name: str, on: bool) -> Node:
        if self.changed("." + name, on):
            self.el.classList.toggle(name, on)
        return self

    def show(self, visible: bool) -> Node:
        return self.flag("hidden", not visible)


class Page:
    """The document: its elements by id (each wrapped in one Node), and new elements."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self._nodes: dict[str, Node] = {}

    def node(self, element_id: str) -> Node:
        found = self._nodes.get(element_id)
        if found is None:
            el = self.document.getElementById(element_id)
            if is_null(el):
                raise LookupError(f"index.html has no element #{element_id}")
            found = self._nodes[element_id] = Node(el)
        return found

    def create(self, tag: str, class_name: str = "", **attrs: str) -> Any:
        el = self.document.createElement(tag)
        if class_name:
            el.className = class_name
        for name, value in attrs.items():
            el.setAttribute(name.replace("_", "-"), value)
        return el

    def fill_select(self, select: Any, choices: Sequence[Choice]) -> None:
        """Makes a <select>'s options the choices, reusing the options it has."""
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

    def options(self, select_id: str, choices: Sequence[Choice]) -> None:
        self.fill_select(self.node(select_id).el, choices)

    def language_options(self, select_id: str, choices: Sequence[Choice]) -> None:
        """The languages, each named in itself and marked as such: a screen reader read
        "עברית" in the voice of the page's language (a keyboard walk)."""
        self.options(select_id, choices)
        select = self.node(select_id).el
        for index, choice in enumerate(choices):
            option = select.options.item(index)
            if option.lang != choice.value:
                option.lang = choice.value
