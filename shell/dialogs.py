"""The app's <dialog> elements, open as the snapshot says (game.app.model.Dialog): at most one,
shown modal."""

from __future__ import annotations

from typing import Any

from game.present.views import LeaveView
from shell.dom import Page
from shell.sheet_table import SheetTable

DIALOGS = (
    "settings",
    "rules",
    "leave",
    "box",
    "delete-kept",
    "delete-finished",
    "remove-player",
    "correct",
    "discard-unreadable",
)
"""The <dialog> elements, by the name of the app's Dialog (game.app.model)."""


def fill_leave_dialog(page: Page, view: LeaveView) -> None:
    page.node("leave-text").text(view.text)
    leave = page.node("leave-confirm").text(view.confirm_label)
    leave.cls("danger", view.destructive).cls("primary", not view.destructive)
    page.node("leave-cancel").text(view.cancel_label)
    page.node("leave-delete").text(view.delete_label).show(bool(view.delete_label))


def show_dialog(page: Page, dialog: str, sheet: SheetTable) -> None:
    """`dialog` open (none: ""), every other one closed. The game's `sheet`, whose names open
    the box dialog, gets the focus back as it closes."""
    for name in DIALOGS:
        el = page.node(f"{name}-dialog").el
        want = dialog == name
        if want and not el.open:
            el.showModal()
            el.scrollTop = 0  # from its top: it opened where it was last left (a walk)
        elif not want and el.open:
            el.close()
            if name == "box":  # the focus back on a heading must not hide the player's column
                sheet.back_to_current()


class OutsideTaps:
    """Taps on an open dialog's backdrop, which close it as Escape does (a walk tapped beside a
    dialog to close it, and nothing happened). A tap only: a drag that began in the dialog (say,
    selecting its text) and ended outside it does not close it."""

    def __init__(self) -> None:
        self._began_outside = False

    def on_pointer_down(self, event: Any) -> None:
        self._began_outside = _outside_open_dialog(event)

    def tapped_outside(self, event: Any) -> bool:
        began, self._began_outside = self._began_outside, False
        return began and _outside_open_dialog(event)


def _outside_open_dialog(event: Any) -> bool:
    """Whether `event` is on an open dialog's backdrop: the dialog is its target (the backdrop
    belongs to it), and it is outside the dialog's box."""
    dialog = event.target
    if not dialog or getattr(dialog, "tagName", "") != "DIALOG" or not dialog.open:
        return False
    box = dialog.getBoundingClientRect()
    x, y = float(event.clientX), float(event.clientY)
    return not (box.left <= x <= box.right and box.top <= y <= box.bottom)
