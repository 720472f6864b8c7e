"""The end screen's words, which follow the result instead of a fixed "Well played!":

    end_words(game, stats, t) -> EndWords

`stats` are the players' statistics from before this game (game.persistence.stats, loaded
when the game started; empty when the history could not be read). A solo game's headline is a
new personal best (the total above the best of the player's earlier games of this ruleset), or
else the day's challenge and its score, or the score against the player's average (or a first
game). A game of several is headed by
its result, a tie, a close game (won by at most CLOSE_GAME_POINTS) or the winner, and the
humans' new personal bests follow on a line of their own: the winner is what the table asks
first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from game.app.daily import challenge_day
from game.i18n.translator import Translator
from game.play.engine import standings
from game.play.state import GameState, PlayerKind

if TYPE_CHECKING:  # the statistics' module is loaded only once a game starts
    from game.persistence.stats import PlayerStats

CLOSE_GAME_POINTS = 10
"""A win by this many points or fewer is a close game."""


class EndWords(NamedTuple):
    headline: str
    new_best: bool
    """The headline is a solo player's new personal best."""
    bests_line: str = ""
    """In a game of several, the players with a new personal best; "" when none."""


def new_bests(game: GameState, stats: Sequence[PlayerStats]) -> tuple[int, ...]:
    """The human players whose total beats the best of their earlier games of the ruleset."""
    from game.persistence.stats import stats_key  # loaded once a game starts (above)

    earlier = {s.key: s for s in stats}
    found = []
    for index, (player, sheet) in enumerate(zip(game.players, game.sheets, strict=True)):
        before = earlier.get(stats_key(game.ruleset.id, player))
        if player.kind is PlayerKind.HUMAN and before is not None and sheet.total > before.best:
            found.append(index)
    return tuple(found)


def end_words(game: GameState, stats: Sequence[PlayerStats], t: Translator) -> EndWords:
    table = standings(game)
    number = t.format_number
    bests = new_bests(game, stats)
    names = [game.players[index].name for index in bests]
    bests_line = t("end.new_best", names=t.format_list(names)) if names else ""
    if len(table) == 1:
        day = challenge_day(game)
        if day is not None:
            # Its dice are the day's, not the player's luck: an average of ordinary games says
            # little of it (a walk read "42 points below your average" after one); and it says
            # it was the day's challenge, a new best too (a walk saw only the best).
            words = t("end.daily", date=t.format_date(day), points=table[0].total)
            return EndWords(words, False, bests_line)
        if bests:
            return EndWords(t("end.new_best_solo", points=number(table[0].total)), True)
        return EndWords(_solo(game, stats, t), False)
    winners = [s.name for s in table if s.place == 1]
    if len(winners) > 1:
        headline = t("end.winners_tied", names=t.format_list(winners))
    elif (margin := table[0].total - table[1].total) <= CLOSE_GAME_POINTS:
        headline = t("end.close_win", name=winners[0], points=margin)
    elif game.players[table[0].player].kind is PlayerKind.COMPUTER:
        # Not cheered: "Computer 1 wins!" read as a celebration to a walk's player who had lost
        # by 166 points.
        headline = t("end.computer_wins", name=winners[0], points=margin)
    else:
        headline = t("end.winner", name=winners[0])
    return EndWords(headline, False, bests_line)


def _solo(game: GameState, stats: Sequence[PlayerStats], t: Translator) -> str:
    (player,), total = game.players, game.sheets[0].total
    from game.persistence.stats import stats_key  # loaded once a game starts (above)

    key = stats_key(game.ruleset.id, player)
    before = next((s for s in stats if s.key == key), None)
    points = t.format_number(total)
    if before is None or player.kind is not PlayerKind.HUMAN:
        return t("end.solo_first", points=points)
    if before.games == 1:
        # "391 points below your average (527.0)" read harsh to a walk, of one earlier game.
        return t("end.solo_second", points=points, earlier=t.format_number(before.best))
    # Whole, as the difference: "54 points below your average (229.5)" did not add up (a walk).
    shown = round(before.average)
    average, difference = t.format_number(shown), total - shown
    if difference > 0:
        return t("end.solo_above", points=points, count=difference, average=average)
    if difference < 0:
        return t("end.solo_below", points=points, count=-difference, average=average)
    return t("end.solo_even", points=points, average=average)
