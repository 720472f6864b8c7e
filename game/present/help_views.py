"""The views of what helps at the table, as plain data for a Snapshot (see game.present.views):
the coach's warning, the guided turn, the hand-over between two humans, a box explained.
"""

from __future__ import annotations

from typing import NamedTuple

# NamedTuples, as in game.present.views: a dataclass takes four times as long to create in Pyodide.


class CoachWarningView(NamedTuple):
    """A costly move that waits: what it costs, why, and the player's two ways on."""

    headline: str
    """"Better: keeping 6, 6, 6, 6 and rolling again (34.8 more points on average)"."""
    reason: str
    show_label: str
    play_label: str


class GuideView(NamedTuple):
    """The guided first turn: offered (`text` the offer), or its step."""

    text: str
    start_label: str
    """"Guide me" while offered, else ""."""
    skip_label: str
    points_at: str = ""
    """What the step is about, ringed on the screen: "roll", "dice", "sheet", "confirm" or ""
    (a walk found the guide's words at the top, far from Roll and the dice)."""


class HandoverView(NamedTuple):
    """Shown instead of the game between two humans' turns (game.app.handover)."""

    title: str
    text: str
    start_label: str
    moves_since: tuple[str, ...]
    """The turns scored since this player's last one, a line each, in the order played."""
    colour: int
    """The colour of the seat the device goes to (game.present.seat_colours)."""
    celebration: str = ""
    """A first Penta (Yatzy) just scored, cheered on the hand-over too."""
    undo_label: str = ""
    can_undo: bool = False
    leave_label: str = ""
    """Leaving the game from here asks first, as from the game screen."""
    coach_line: str = ""
    """The coach's word on the box just scored, to the player who still holds the phone."""
    guide_done: str = ""
    """After the guided turn, its last word, to the player who played it (game.app.guide)."""
    standings: str = ""
    """The round and everyone's total ("Round 4 of 13 · Mari: 45 · Jaan: 41")."""


class BoxHelpView(NamedTuple):
    """The box dialog: what a box counts, and an example roll with its points."""

    title: str
    help: str
    example: str
    close_label: str
