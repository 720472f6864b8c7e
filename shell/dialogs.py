"""The app's <dialog> elements, open as the snapshot says (game.app.model.Dialog): at most one,
shown modal."""

from __future__ import annotations

from shell.dom import Page
from shell.sheet_table import SheetTable

DIALOGS = (
    "settings",
    "rules",
    "leave",
    "box",
    "delete-kept",
    "remove-player",
    "correct",
    "discard-unreadable",
)
"""The <dialog> elements, by the name of the app's Dialog (game.app.model)."""


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
