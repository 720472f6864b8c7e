"""The history screen as plain data for a Snapshot (see game.present.views): the statistics
cards with their charts, the personal bests and the list of finished games.
"""

from __future__ import annotations

from typing import NamedTuple

# NamedTuples, as in game.present.views: a dataclass takes four times as long to create in Pyodide.


class Fact(NamedTuple):
    label: str
    value: str


class Bar(NamedTuple):
    text: str
    """"100–149: 3 games": the bar's accessible text (shown beside it)."""
    share: float
    """0 to 1: the bar's length against the fullest bin."""


class StatsCard(NamedTuple):
    name: str
    ruleset: str
    facts: tuple[Fact, ...]
    chart_label: str
    bars: tuple[Bar, ...]
    """The scores' distribution (none, a computer's card: no chart)."""
    trend_label: str = ""
    trend_bars: tuple[Bar, ...] = ()
    """The points lost in the last reviewed games, oldest first (none: no chart)."""


class PersonalBest(NamedTuple):
    who: str
    """"Dana · Penta"."""
    score: str
    """"312 (30 Nov 2026)"."""


class FinishedGameView(NamedTuple):
    """A finished game in the history's list."""

    id: str
    title: str
    scores: str
    open_label: str
    open_name: str
    review_label: str = ""
    """"" when the game cannot be reviewed (kept before the moves were)."""
    review_name: str = ""
    """The review button's accessible name, which says which game."""
    no_review: str = ""


class HistoryView(NamedTuple):
    title: str
    stats_title: str
    back_label: str
    empty: str
    """"No finished games yet." when there are none, "Reading your history…" until it is read,
    else ""."""
    cards: tuple[StatsCard, ...]
    export_label: str
    """"" when there is nothing to export (no finished game, no game kept)."""
    import_label: str
    data_title: str = ""
    """The heading of the export and the import."""
    bests_title: str = ""
    bests: tuple[PersonalBest, ...] = ()
    games_title: str = ""
    games: tuple[FinishedGameView, ...] = ()
    older_label: str = ""
    """"Show 30 older games" while the list does not show them all."""
    daily_title: str = ""
    daily_entries: tuple[str, ...] = ()
    """The daily challenges played, newest first ("1 Dec 2026 · Yatzy · Dana: 245 points")."""
