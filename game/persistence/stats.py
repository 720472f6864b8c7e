"""Statistics per player name and ruleset, from the history of finished games.

    player_stats(records) -> tuple[PlayerStats, ...]   by ruleset, then name
    stats_before(stats, records, game) -> ...         `stats` without `game`'s own record
    daily_results(records) -> tuple[DailyResult, ...]  the daily challenges played, newest first

For each (name, ruleset, person or computer: stats_key): games played, average and best total
(and the day it was first reached: the personal best), the distribution of totals in bins of
BIN_WIDTH points (the last bin open-ended, for a small bar chart), how many games
reached the upper bonus, and how many Pentas (Yatzys) were thrown: the turns scored with five
alike, wherever they were scored, in the games whose dice rolled on screen (luck thrown with real
dice is kept apart: those games are counted on their own). A game logged only from its last turns
counts the five-of-a-kind box at full points and every five-of-a-kind bonus (a walk's Yatzy
scored as Sixes, its Yatzy box filled, was not counted). Names are
matched exactly, as typed, except that a default name is one player in every language: its
games are counted under game.i18n.player_names.same_player ("Mängija 2" as "Player 2").
`points_lost_trend` stays empty here: game.coach.trend fills it in where the strategy table is
loaded (reviewing a game needs it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from game.i18n.player_names import same_player
from game.persistence.continuity import recorded_as
from game.persistence.history import GameRecord, PlayerResult
from game.play.move_log import turns_scored
from game.play.sheet import Sheet
from game.play.state import GameState, Player, PlayerKind
from game.rules.rulesets import get_ruleset

BIN_WIDTH = 50
TOP_BIN_START = 400
"""Totals from here up share the last bin: Yatzy cannot reach it, Penta only with bonuses."""


StatsKey = tuple[str, str, bool]
"""(ruleset id, name, computer): whose statistics a result counts in."""


def stats_key(ruleset_id: str, player: Player) -> StatsKey:
    """Whose statistics a player's result counts in: the ruleset's, the name's (a default name
    in any language, same_player), a person's and a computer's apart: a seat turned into a
    computer under a person's name counted its games as that person's, and its best as their
    personal record (a walk)."""
    return (ruleset_id, same_player(player.name), player.kind is PlayerKind.COMPUTER)


@dataclass(frozen=True)
class ScoreBin:
    low: int
    high: int | None
    """The bin holds totals from `low` to `high` inclusive; None: no upper end."""
    count: int


class LostInGame(NamedTuple):
    """One game of the points-lost trend: when it ended, and the points lost in it."""

    finished: date
    points: float


@dataclass(frozen=True)
class PlayerStats:
    name: str
    """As typed, or a default name in English (game.i18n.player_names.shown_name shows it)."""
    ruleset_id: str
    games: int
    average: float
    best: int
    distribution: tuple[ScoreBin, ...]
    upper_bonus_games: int
    five_of_a_kind: int
    """Pentas (Yatzys) thrown on screen: the turns scored with five alike (the luck of real
    dice is not counted: nobody knows whether they were fair)."""
    real_dice_games: int = 0
    """Of the games, those played with real dice at the table."""
    best_on: date | None = None
    """The day the best total was first reached."""
    points_lost_trend: tuple[LostInGame, ...] = ()
    """The points lost (game.coach.review) in the player's last games that have a whole move
    log, with the day each ended, oldest first; empty until game.coach.trend reviews them."""
    computer: bool = False
    """A computer player's: no personal best of a person."""
    best_real_dice: bool = False
    """The best total was reached only in games played with real dice (whose dice anyone could
    enter): the personal bests say so."""

    @property
    def key(self) -> StatsKey:
        return (self.ruleset_id, self.name, self.computer)

    @property
    def upper_bonus_rate(self) -> float:
        """The share of games (0 to 1) that reached the upper bonus."""
        return self.upper_bonus_games / self.games


@dataclass(frozen=True)
class DailyResult:
    """One daily challenge played (a history record with a challenge date)."""

    day: date
    ruleset_id: str
    name: str
    total: int


def daily_results(records: Iterable[GameRecord]) -> tuple[DailyResult, ...]:
    """Every daily challenge in `records`, newest day first (a day's rulesets in record order)."""
    played = [
        DailyResult(record.challenge_date, record.ruleset.id, result.player.name, result.total)
        for record in records
        if record.challenge_date is not None
        for result in record.results
    ]
    return tuple(sorted(played, key=lambda result: result.day, reverse=True))


def player_stats(records: Iterable[GameRecord]) -> tuple[PlayerStats, ...]:
    results: dict[StatsKey, list[_Played]] = {}
    for record in records:
        real = record.real_dice
        fives = () if real else _fives_thrown(record)
        for seat, result in enumerate(record.results):
            key = stats_key(record.ruleset.id, result.player)
            thrown = 0 if real else fives[seat]
            results.setdefault(key, []).append(_Played(record.finished, result, real, thrown))
    return tuple(_stats(key, results[key]) for key in sorted(results))


class _Played(NamedTuple):
    finished: date
    result: PlayerResult
    real_dice: bool
    fives_of_a_kind: int
    """Turns the player scored with five alike (0 with real dice)."""


def _fives_thrown(record: GameRecord) -> tuple[int, ...]:
    """Per seat, the turns scored with five alike in a game whose dice rolled on screen; from
    the sheets where the log does not hold the whole game (only the five-of-a-kind box at full
    points and the bonuses tell)."""
    sheets = [result.sheet for result in record.results]
    turns = turns_scored(record.log, len(sheets)) if record.log.complete else None
    if turns is None:
        return tuple(_fives_on_sheet(sheet) for sheet in sheets)
    counts = [0] * len(sheets)
    for turn in turns:
        counts[turn.seat] += len(set(turn.dice)) == 1
    return tuple(counts)


def stats_before(
    stats: Iterable[PlayerStats], records: Iterable[GameRecord], game: GameState
) -> tuple[PlayerStats, ...]:
    """`stats`, the statistics of `records`, as they were before the finished `game`: without
    its record where it is among them. Restored on its end screen, the game is in the history
    already (recorded as it ended), and it was compared with itself: a first game read "level
    with your average" after a reload (a walk)."""
    others = tuple(record for record in records if not recorded_as(record, game))
    return tuple(stats) if others == tuple(records) else player_stats(others)


def _stats(key: StatsKey, played: list[_Played]) -> PlayerStats:
    ruleset_id, name, computer = key
    results = [game.result for game in played]
    on_screen = [game for game in played if not game.real_dice]
    totals = [result.total for result in results]
    best = max(totals)
    return PlayerStats(
        name=name,
        ruleset_id=ruleset_id,
        games=len(results),
        average=sum(totals) / len(totals),
        best=best,
        distribution=distribution(totals, get_ruleset(ruleset_id).highest_total),
        upper_bonus_games=sum(1 for result in results if result.sheet.upper_bonus > 0),
        five_of_a_kind=sum(game.fives_of_a_kind for game in on_screen),
        real_dice_games=len(results) - len(on_screen),
        best_on=min(game.finished for game in played if game.result.total == best),
        computer=computer,
        best_real_dice=all(game.real_dice for game in played if game.result.total == best),
    )


def _fives_on_sheet(sheet: Sheet) -> int:
    box_full = sheet.five_of_a_kind_box_points == sheet.ruleset.five_of_a_kind_points
    return (1 if box_full else 0) + sheet.five_of_a_kind_bonus_count


def distribution(totals: Iterable[int], highest: int | None = None) -> tuple[ScoreBin, ...]:
    """Every bin from 0 to the last, so that a chart's bars line up from one player to another;
    with `highest`, the most the ruleset's sheet can total, none beyond it (Yatzy's chart
    ends at 350-374)."""
    last = TOP_BIN_START if highest is None else min(highest, TOP_BIN_START)
    counts = [0] * (last // BIN_WIDTH + 1)
    for total in totals:
        counts[min(total, last) // BIN_WIDTH] += 1
    return tuple(
        ScoreBin(
            low=index * BIN_WIDTH,
            high=_bin_high(index, highest),
            count=count,
        )
        for index, count in enumerate(counts)
    )


def _bin_high(index: int, highest: int | None) -> int | None:
    if index * BIN_WIDTH == TOP_BIN_START:
        return None
    high = (index + 1) * BIN_WIDTH - 1
    return high if highest is None else min(high, highest)
