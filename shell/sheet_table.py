"""A score sheet <table> (the game's and the end screen's): rows and columns grow or shrink at
their end, and the current player's column is scrolled into view beside the pinned names."""

from __future__ import annotations

from typing import Any

from game.present.sheet_views import Cell, Row, SheetView
from shell.dom import Node, shift_into
from shell.js import is_null


class SheetTable:
    """A score sheet <table>: a pinned column of box names, then a column per player."""

    def __init__(self, document: Any, table: Any, hint: Any) -> None:
        self.document = document
        self.table = table
        self.hint = Node(hint)
        """The "Swipe sideways" line over the frame, shown while the sheet is wider than it (the
        end screen's and a finished game's had none: six players' sheet cut a 12 at the frame's
        edge to a 2, and nothing said there was more: a family's walk)."""
        self._hint_text = ""
        self.hint_shown = False
        """Whether the line showed at the last render or turn of the phone (`show_hint`)."""
        self.head_row = table.querySelector("thead tr")
        self.body = table.querySelector("tbody")
        self.sheet = Node(table)
        self.corner_cell = Node(self.head_row.querySelector("th"))
        label = self.head_row.querySelector(".corner-label")  # the game's sheet: a hint beside it
        self.corner = self.corner_cell if is_null(label) else Node(label)
        self.caption = Node(table.querySelector("caption"))
        self.wrap = Node(table.parentElement)
        self.columns: list[Node] = []
        self.column_names: list[tuple[Node, Node]] = []
        """Each heading's name, and the button that holds it where a tap tells about it."""
        self.rows: list[tuple[Node, Node, Node, Node, list[tuple[Node, Node, Node]]]] = []
        self._current = -1
        self._width = -1.0
        """The frame's width when last seen (`follow_width`)."""

    def name(self, label: str) -> None:
        """The sheet's accessible name: its scrolling region's label and the table's caption."""
        self.wrap.attr("aria-label", label)
        self.caption.text(label)

    def render(self, view: SheetView) -> None:
        self._hint_text = view.scroll_hint
        self.corner.text(view.box_header)
        count = len(view.columns)
        self.sheet.attr("data-columns", str(count))  # the stylesheet fits four on a phone
        while len(self.columns) > count:
            self.columns.pop().el.remove()
            self.column_names.pop()
        while len(self.columns) < count:
            th = self.document.createElement("th")
            th.setAttribute("scope", "col")
            th.setAttribute("dir", "auto")
            name = self.document.createElement("span")
            name.className = "column-name"
            # As a box's name explains its box, a player's heading tells whose column it is.
            explain = self.document.createElement("button")
            explain.setAttribute("type", "button")
            explain.className = "column-explain"
            explain.dataset.action = "explain-player"
            explain.dataset.index = str(len(self.columns))
            explain.setAttribute("aria-haspopup", "dialog")
            th.append(name)
            self.head_row.append(th)
            self.columns.append(Node(th))
            self.column_names.append((Node(name), Node(explain)))
        for column, node, (name, explain) in zip(
            view.columns, self.columns, self.column_names, strict=True
        ):
            name.text(column.name)
            holder = explain.el if column.explain else node.el
            if name.el.parentElement != holder:
                holder.append(name.el)
                if column.explain:
                    node.el.append(explain.el)
                else:
                    explain.el.remove()
            explain.attr("aria-description", column.explain or None)
            node.cls("current", column.current).attr("title", column.name)
            node.attr("data-colour", str(column.colour))
            node.attr("aria-label", column.label if column.current else None)
        # How many rows share the frame's height where the whole sheet shows (assets/app.css).
        if self.sheet.changed("--rows", len(view.rows)):
            self.table.style.setProperty("--rows", str(len(view.rows)))
        while len(self.rows) > len(view.rows):
            self.rows.pop()[0].el.remove()
        while len(self.rows) < len(view.rows):
            tr = self.document.createElement("tr")
            th = self.document.createElement("th")
            th.setAttribute("scope", "row")
            label = self.document.createElement("span")
            label.className = "row-label"
            # A box's name explains the box (ExplainBox): a real button, for touch, keys and
            # screen readers alike; so do the totals with a rule of their own (the bonuses), and
            # the plain sums' names stay text.
            explain = self.document.createElement("button")
            explain.setAttribute("type", "button")
            explain.className = "row-explain"
            explain.dataset.action = "explain"
            explain.hidden = True
            th.append(explain, label)
            tr.append(th)
            self.body.append(tr)
            self.rows.append((Node(tr), Node(th), Node(label), Node(explain), []))
        for row, (tr, th, label, explain, cells) in zip(view.rows, self.rows, strict=True):
            self._row(row, tr, th, label, cells, count)
            # One label, the row's name: inside the button for a box, else straight in the th.
            holder = explain.el if row.explain else th.el
            if label.el.parentElement != holder:
                holder.append(label.el)
            explain.show(bool(row.explain)).attr("data-explain", row.key if row.explain else None)
            # Named by the box's name, as the row's header is read by it ("What Ones scores,
            # 4" read every cell of the row in an accessibility walk); what it does, besides.
            explain.attr("aria-description", row.explain or None)
            explain.attr("aria-haspopup", "dialog" if row.explain else None)
        current = next((i for i, column in enumerate(view.columns) if column.current), -1)
        if current != self._current:
            self._current = current
            if current >= 0:
                self._scroll_to_column(self.columns[current].el)
        self.show_hint()

    def follow_current(self) -> None:
        """The current player's column comes into view again at the next render: the columns
        changed width (another language), and it was left out of sight (a walk)."""
        self._current = -1

    def follow_width(self) -> None:
        """When the frame changed width (the phone turned; not the address bar's hiding, which
        changes only the height), the current player's column comes back beside the names."""
        width = float(self.wrap.el.clientWidth)
        if width != self._width and 0 <= self._current < len(self.columns):
            self._scroll_to_column(self.columns[self._current].el)
        self._width = width

    def show_hint(self) -> None:
        """The "Swipe sideways" line shown while there is something to swipe to (three players
        fit on most phones, more on a wider screen)."""
        self.hint_shown = bool(self._hint_text) and self.overflows()
        self.hint.text(self._hint_text).show(self.hint_shown)

    def back_to_current(self) -> None:
        """The current player's column back beside the names: a tap on another's heading, half
        out of sight on a 320 px phone, scrolled it away, and the focus given back to that
        heading when its dialog closed kept it there (a walk)."""
        self.scroll_to_column(self._current)

    def scroll_to_column(self, index: int) -> None:
        if 0 <= index < len(self.columns):
            self._scroll_to_column(self.columns[index].el)

    def overflows(self) -> bool:
        """Whether the sheet is wider than its frame (it scrolls sideways). The table's own
        width, not what the frame scrolls: a cell drawn larger for a moment (a first Penta's
        cheer) widened that, and "Swipe sideways" stayed over three columns that fit (a walk)."""
        return float(self.table.offsetWidth) > float(self.wrap.el.clientWidth) + 1

    def _scroll_to_column(self, th: Any) -> None:
        """Scrolls the sheet sideways so that the whole column of `th` shows beside the pinned
        column of box names (on its left, or on its right in a right-to-left language)."""
        wrap = self.table.parentElement
        if is_null(wrap) or is_null(wrap.offsetParent):
            return  # not on screen
        frame = wrap.getBoundingClientRect()
        pinned = self.corner_cell.el.getBoundingClientRect()
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
        for column, (cell, (td, button, span)) in enumerate(zip(row.cells, cells, strict=True)):
            self._cell(column, cell, td, button, span)

    @staticmethod
    def _cell(column: int, cell: Cell, td: Node, button: Node, span: Node) -> None:
        td.attr(
            "class",
            f"s-{cell.state}"
            + (" current" if cell.current else "")
            + (" hinted" if cell.hinted else "")
            + (" counting-down" if cell.counting_down else "")
            + (" celebrate" if cell.celebrate else "")
            + (" corrected" if cell.corrected else "")
            + (" refused" if cell.refused else ""),
        )
        # A filled box of a real-dice game is a button too: it opens its correction.
        as_button = cell.box is not None or cell.state == "forbidden" or bool(cell.correct)
        # A filled box, or another player's, is no button (nothing to do with it), yet a tap on
        # it says why.
        refuses = None if as_button else cell.refuses
        td.attr("data-action", "box" if refuses else None)
        td.attr("data-box", refuses)
        td.attr("data-seat", str(column) if refuses and not cell.current else None)
        button.show(as_button)
        span.show(not as_button)
        if as_button:
            span.text("")
            button.attr("data-action", "correct" if cell.correct else "box")
            button.text(cell.text).attr("aria-label", cell.correct or cell.label)
            button.attr("data-box", cell.box or cell.refuses)
            # A forbidden box's tap is refused with the reason, not ignored.
            button.flag("disabled", not (cell.enabled or cell.correct or cell.refuses))
            button.attr("aria-disabled", "true" if cell.refuses else None)
            pressed = "true" if cell.state == "selected" else "false"
            button.attr("aria-pressed", None if cell.correct else pressed)
        else:
            span.text(cell.text)
            button.text("").attr("data-box", None).attr("aria-pressed", None).attr(
                "aria-label", None
            )
