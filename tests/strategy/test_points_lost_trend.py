"""The statistics' points-lost trend (game.coach.trend): each player's last reviewable games,
with exactly the points lost that the review of each game gives, drawn as the history's
chart."""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import replace
from datetime import date

from cli.random_play import random_game
from game.app.intents import OpenHistory, StatsLoaded
from game.app.start import initial_state
from game.coach.review import review_game
from game.coach.trend import with_points_lost, with_points_lost_in_steps
from game.i18n.bidi import without_isolates
from game.persistence.history import GameRecord, record_game
from game.persistence.stats import LostInGame, player_stats
from game.play.daily_dice import DailyDice
from game.play.engine import new_game
from game.play.move_log import Kept, MoveLog, Scored
from game.play.random_source import SeededDice
from game.play.state import Player
from game.rules.rulesets import Ruleset
from game.strategy.advisor import Advisor
from tests.app.driver import AppDriver


def history(ruleset: Ruleset) -> tuple[GameRecord, ...]:
    """Dana's four games (two with Avi, one of them a daily challenge), then one recorded
    before move logs."""
    records = []
    for number in range(4):
        players = [Player("Dana")] + ([Player("Avi")] if number % 2 else [])
        dice = DailyDice(date(2026, 12, number + 1), ruleset.id) if number == 2 else None
        game = new_game(ruleset, players, dice or SeededDice(number))
        played = random_game(game, random.Random(number))
        records.append(record_game(f"{number + 1:016x}", played, date(2026, 12, number + 1)))
    old = replace(records[0], id="00000000000000ff", log=MoveLog(since_turn=len(ruleset.box_ids)))
    return (*records, old)


def test_the_trend_is_the_review_of_each_of_the_last_games(
    advisor: Advisor, ruleset: Ruleset
) -> None:
    records = history(ruleset)
    reviews = [
        review_game(ruleset, len(record.results), record.log, advisor, aims=False)
        for record in records[:4]
    ]
    stats = {
        entry.name: entry
        for entry in with_points_lost(player_stats(records), records, {ruleset.id: advisor})
    }
    assert stats["Dana"].points_lost_trend == tuple(
        LostInGame(record.finished, review.players[0].points_lost)
        for record, review in zip(records, reviews, strict=False)
    )
    assert stats["Avi"].points_lost_trend == (
        LostInGame(records[1].finished, reviews[1].players[1].points_lost),
        LostInGame(records[3].finished, reviews[3].players[1].points_lost),
    )
    assert stats["Dana"].games == 5  # the game before the logs counts, unreviewed
    assert all(game.points > 0 for game in stats["Dana"].points_lost_trend)  # random play loses
    last_two = with_points_lost(player_stats(records), records, {ruleset.id: advisor}, last=2)
    dana = next(entry for entry in last_two if entry.name == "Dana")
    assert dana.points_lost_trend == stats["Dana"].points_lost_trend[-2:]
    # Without the ruleset's table, no trend (and no chart).
    assert all(
        not entry.points_lost_trend
        for entry in with_points_lost(player_stats(records), records, {})
    )

    driver = AppDriver(initial_state(["en-US"]))
    driver(OpenHistory(), StatsLoaded(tuple(stats.values())))
    view = driver.snapshot().history
    assert view is not None
    (card,) = (card for card in view.cards if card.name == "Dana")
    trend = [game.points for game in stats["Dana"].points_lost_trend]
    assert [without_isolates(bar.text) for bar in card.trend_bars] == [
        f"Game {number}, {day}\u00a0Dec: {lost:.1f} lost"
        for number, (day, lost) in enumerate(zip((1, 2, 3, 4), trend, strict=True), start=1)
    ]  # each game's day: a learner could not tell which games the bars were
    assert [bar.share for bar in card.trend_bars] == [lost / max(trend) for lost in trend]
    assert card.trend_label.startswith("Points lost in the last games")


def test_a_game_played_by_the_hint_is_left_out_of_the_trend(
    advisor: Advisor, ruleset: Ruleset
) -> None:
    """Every move from the hint or the countdown: its "0.0 lost" showed as perfect play (a
    walk's learner, who had followed the hint throughout)."""
    (own,) = history(ruleset)[:1]
    hinted_moves = [
        replace(move, advised=True) if isinstance(move, Kept | Scored) else move
        for move in own.log.moves
    ]
    hinted = replace(own, id="9" * 16, log=MoveLog(own.log.since_turn, hinted_moves))
    records = (own, hinted)
    (dana,) = with_points_lost(player_stats(records), records, {ruleset.id: advisor})
    review = review_game(ruleset, 1, own.log, advisor)
    assert dana.games == 2
    assert dana.points_lost_trend == (LostInGame(own.finished, review.players[0].points_lost),)


def test_in_steps_it_yields_once_a_game_it_reviews_and_gives_the_same_trend(
    advisor: Advisor, ruleset: Ruleset
) -> None:
    """The shell lets the page answer between the steps: a step a game reviewed, none for a
    game reviewed before (the reviews are kept) or for one that cannot be reviewed."""
    records = tuple(
        replace(record, id=f"{number + 1:08x}{ruleset.id[:1].encode().hex():>08}")
        for number, record in enumerate(history(ruleset))
    )
    advisors = {ruleset.id: advisor}
    steps = with_points_lost_in_steps(player_stats(records), records, advisors)
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            stepped = done.value
            break
        count += 1
    assert count == 4  # four games with their moves; the fifth was recorded before them
    assert stepped == with_points_lost(player_stats(records), records, advisors)
    again = with_points_lost_in_steps(player_stats(records), records, advisors)
    assert run_through_counting(again) == 0  # every review kept: no step


def run_through_counting(steps: Generator[None, None, object]) -> int:
    return sum(1 for _ in steps)
