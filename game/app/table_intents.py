"""The intents of the strategy tables: the results of fetching one (TableLoaded, TableFailed),
and the device able to fetch again (TablesReachable)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableLoaded:
    """The strategy table of `ruleset_id` is loaded: the optimal coach advises from now on."""

    ruleset_id: str


@dataclass(frozen=True)
class TableFailed:
    """The strategy table of `ruleset_id` cannot be had (offline before it was kept, or a bad
    file): the coach that scores the best box now advises instead."""

    ruleset_id: str
    reason: str


@dataclass(frozen=True)
class TablesReachable:
    """The device can fetch the tables again (back online, or the service worker has kept every
    file of the version): those that could not be had are asked for again. Until then the hints
    and the review went without them for the rest of the session (a walk came back online)."""
