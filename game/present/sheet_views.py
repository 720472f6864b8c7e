"""The score sheet's view, as plain data for a Snapshot (see game.present.views): a row per
box and sum, a heading per player, a cell where they meet (game.present.sheet makes it)."""

from __future__ import annotations

from typing import NamedTuple

# NamedTuples, as in game.present.views: a dataclass takes four times as long to create in Pyodide.


class Cell(NamedTuple):
    text: str
    state: str
    """filled | potential | zero | selected | forbidden | open | sum | empty"""
    label: str
    box: str | None
    """The box a tap selects (the current player's open, legal boxes), else None."""
    enabled: bool
    current: bool
    hinted: bool = False
    """The hint on screen says to score this box (the current player's column only)."""
    celebrate: bool = False
    """The first five of a kind of this player's game, just scored (game.present.spotlight)."""
    correct: str = ""
    """With real dice, a filled box's button that opens its correction ("Correct Dana's Full
    house: 28"); "" otherwise."""
    corrected: bool = False
    """The box was corrected (or cleared and filled again): marked, as a number crossed out on
    paper; its label and `correct` say so."""
    counting_down: bool = False
    """The countdown on screen scores this box when it ends (the current player's column)."""
    refuses: str | None = None
    """The box of a tap that is refused, the tray saying why: the current player's filled or
    forbidden box while a box can be chosen (a walk tapped a filled box and nothing happened)."""
    refused: bool = False
    """The box just tapped and refused (marked)."""


class Row(NamedTuple):
    key: str
    kind: str
    """box | sum | bonus | total"""
    label: str
    help: str
    cells: tuple[Cell, ...]
    section_start: bool
    explain: str = ""
    """The accessible name of the box name's button that explains the box ("What Chance
    scores"); "" for the rows that are not boxes."""


class ColumnHead(NamedTuple):
    name: str
    current: bool
    label: str
    colour: int = 0
    """The seat's colour (game.present.seat_colours)."""
    explain: str = ""
    """What a tap on the heading tells ("The player's full name and score"), said besides
    the name; "" where a tap tells nothing (a sheet seen from the history)."""


class SheetView(NamedTuple):
    box_header: str
    columns: tuple[ColumnHead, ...]
    rows: tuple[Row, ...]
    scroll_hint: str
    scroll_hint_short: str = ""
    """The same in a few words, in the sheet's corner where the line has no room ("Swipe ⇆")."""
    spotlight: tuple[int, str] | None = None
    """The column and the box the shell brings into the sheet's frame (game.present.spotlight)."""
