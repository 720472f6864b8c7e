"""The points-lost trend of the statistics: each player's last games reviewed against optimal
play (game.coach.review), so that the history screen shows whether they improve.

    with_points_lost(stats, records, advisors, last=TREND_GAMES) -> tuple[PlayerStats, ...]
    with_points_lost_in_steps(...)       the same, yielding after each game it reviews

Only games whose move log holds the whole game can be reviewed (not those recorded before the
logs), and only for rulesets whose strategy table is loaded (`advisors`); the others keep an
empty trend. Reviews are kept by game id and ruleset: a finished game never changes, and the
history holds no id twice.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Mapping
from dataclasses import replace

from game.coach.review import ReviewError, review_game
from game.persistence.history import GameRecord
from game.persistence.stats import LostInGame, PlayerStats, StatsKey, stats_key
from game.steps import run_through
from game.strategy.advisor import Advisor

TREND_GAMES = 10
"""How many of a player's last reviewable games the trend shows."""

_points_lost: dict[tuple[str, str], tuple[float | None, ...] | None] = {}
"""Per (game id, ruleset id), each seat's points lost (None: the game cannot be reviewed)."""


def with_points_lost(
    stats: Iterable[PlayerStats],
    records: Iterable[GameRecord],
    advisors: Mapping[str, Advisor],
    last: int = TREND_GAMES,
) -> tuple[PlayerStats, ...]:
    """`stats` with the points lost of each player's `last` reviewable games (in the order of
    `records`, the order they were played), where the ruleset's advisor is in `advisors`."""
    return run_through(with_points_lost_in_steps(stats, records, advisors, last))


def with_points_lost_in_steps(
    stats: Iterable[PlayerStats],
    records: Iterable[GameRecord],
    advisors: Mapping[str, Advisor],
    last: int = TREND_GAMES,
) -> Generator[None, None, tuple[PlayerStats, ...]]:
    """with_points_lost, yielding after each game it reviews (one review is one step): the
    first trend of a session, ten reviews at once, froze the page for 0.25 s."""
    newest_first: dict[StatsKey, list[LostInGame]] = {}
    for record in reversed(list(records)):
        advisor = advisors.get(record.ruleset.id)
        keys = [stats_key(record.ruleset.id, result.player) for result in record.results]
        if advisor is None or not record.log.complete:
            continue
        if all(len(newest_first.get(key, ())) >= last for key in keys):
            continue  # only the last games are reviewed: each costs a few hundred ms
        reviewed = (record.id, record.ruleset.id) not in _points_lost
        lost = points_lost(record, advisor)
        if reviewed:
            yield
        for key, seat_lost in zip(keys, lost or (), strict=False):
            if seat_lost is None:
                continue  # no decision of its own: a game played by the hint says nothing
            if len(found := newest_first.setdefault(key, [])) < last:
                found.append(LostInGame(record.finished, seat_lost))
    return tuple(
        replace(entry, points_lost_trend=tuple(reversed(newest_first[key])))
        if (key := entry.key) in newest_first
        else entry
        for entry in stats
    )


def points_lost(record: GameRecord, advisor: Advisor) -> tuple[float | None, ...] | None:
    """Each seat's own points lost in the game of `record` (PlayerReview.own_points_lost), or
    None when it cannot be reviewed."""
    key = (record.id, record.ruleset.id)
    if key not in _points_lost:
        try:
            review = review_game(
                record.ruleset, len(record.results), record.log, advisor, aims=False
            )
        except ReviewError:
            _points_lost[key] = None
        else:
            _points_lost[key] = tuple(player.own_points_lost for player in review.players)
    return _points_lost[key]
