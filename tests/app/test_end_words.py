"""The end screen's headline in every language, through strict translators: a message given a
value it does not show, or missing one it does, raises here (the app's lenient translator shows
English then, with an error on the console: a solo game at its player's average did)."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date

import pytest

from cli.random_play import random_game
from game.app.intents import SetAutoScore, StartGame, StatsLoaded
from game.app.start import initial_state, resume
from game.i18n.locale import LANGUAGE_CODES
from game.i18n.translator import Translator
from game.persistence.history import load_history
from game.persistence.session import restore_session, save_session
from game.persistence.stats import PlayerStats, daily_results, player_stats
from game.persistence.storage import MemoryStorage
from game.play.daily_dice import DailyDice
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import GameState, Player, PlayerKind
from game.present.end_words import CLOSE_GAME_POINTS, EndWords, end_words
from tests.app.driver import AppDriver

DAY = date(2026, 12, 1)


def finished(*names: str, seed: int = 1) -> GameState:
    players = [Player(name) for name in names]
    return random_game(new_game("penta", players, SeededDice(seed)), random.Random(seed))


def earlier(name: str, average: float, best: int) -> PlayerStats:
    return PlayerStats(name, "penta", 4, average, best, (), 0, 0)


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_a_solo_game_against_the_players_average(language: str) -> None:
    t = Translator(language, strict=True)
    game = finished("Dana")
    total = game.sheets[0].total
    points = t.format_number(total)
    at = {"points": points}
    # The average shown whole, as the difference, so that the two add up to the score ("54
    # points below your average (229.5)" did not: a walk).
    for average, key, shown, more in (
        (total - 12.0, "end.solo_above", total - 12, {"count": 12}),
        (total + 1.0, "end.solo_below", total + 1, {"count": 1}),
        (total + 0.4, "end.solo_even", total, {}),  # 0.4 below: the difference rounds to none
        (total - 0.4, "end.solo_even", total, {}),
        (total + 53.6, "end.solo_below", total + 54, {"count": 54}),
        (total - 7.7, "end.solo_above", total - 8, {"count": 8}),
    ):
        stats = [earlier("Dana", average, total + 50)]
        words = t(key, **at, **more, average=t.format_number(shown))
        assert end_words(game, stats, t) == EndWords(words, False)
    assert end_words(game, [], t) == EndWords(t("end.solo_first", points=points), False)
    # One earlier game is no average to be measured against (a walk read "391 points below").
    once = [PlayerStats("Dana", "penta", 1, total + 391.0, total + 391, (), 0, 0)]
    again = t("end.solo_second", points=points, earlier=t.format_number(total + 391))
    assert end_words(game, once, t) == EndWords(again, False)
    best = [earlier("Dana", total - 20.0, total - 1)]
    assert end_words(game, best, t) == EndWords(t("end.new_best_solo", points=points), True)


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_a_game_of_several(language: str) -> None:
    t = Translator(language, strict=True)
    game = finished("Ann", "Dana", seed=3)
    ann, dana = (sheet.total for sheet in game.sheets)
    assert ann != dana
    (winner, top), (_, second) = sorted((("Ann", ann), ("Dana", dana)), key=lambda x: -x[1])
    margin = top - second
    if margin <= CLOSE_GAME_POINTS:
        result = t("end.close_win", name=winner, points=margin)
    else:
        result = t("end.winner", name=winner)
    assert end_words(game, [], t) == EndWords(result, False)
    tied = replace(game, sheets=(game.sheets[0], game.sheets[0]))
    together = t.format_list(["Ann", "Dana"])
    assert end_words(tied, [], t) == EndWords(t("end.winners_tied", names=together), False)
    beaten = [earlier("Dana", dana - 30.0, dana - 1)]
    # The result heads the screen still; the new best has a line of its own.
    best_line = t("end.new_best", names=t.format_list(["Dana"]))
    assert end_words(game, beaten, t) == EndWords(result, False, best_line)


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_a_daily_challenge_says_so_and_a_new_best_has_its_line(language: str) -> None:
    t = Translator(language, strict=True)
    day = date(2026, 12, 1)
    game = replace(finished("Dana"), dice_source=DailyDice(day, "penta"))
    total = game.sheets[0].total
    daily = t("end.daily", date=t.format_date(day), points=total)
    assert end_words(game, [earlier("Dana", total + 5.0, total + 50)], t) == EndWords(daily, False)
    beaten = [earlier("Dana", total - 20.0, total - 1)]
    best_line = t("end.new_best", names=t.format_list(["Dana"]))
    assert end_words(game, beaten, t) == EndWords(daily, False, best_line)


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_a_computer_that_wins_is_not_cheered(language: str) -> None:
    """A walk's player read "Computer 1 wins!" as a celebration after losing by 166 points."""
    t = Translator(language, strict=True)
    game = finished("Dana", "Bot", seed=3)
    players = (game.players[0], Player("Bot", PlayerKind.COMPUTER, "optimal"))
    for order in ((0, 1), (1, 0)):  # the computer ahead, then behind
        sheets = tuple(game.sheets[index] for index in order)
        played = replace(game, players=players, sheets=sheets)
        dana, bot = (sheet.total for sheet in sheets)
        margin = abs(dana - bot)
        assert margin > CLOSE_GAME_POINTS  # not a close game: its headline says so
        words = end_words(played, [], t)
        if bot > dana:
            assert words == EndWords(t("end.computer_wins", name="Bot", points=margin), False)
        else:
            assert words == EndWords(t("end.winner", name="Dana"), False)


def stats_loaded(storage: MemoryStorage) -> StatsLoaded:
    """What the shell sends back for LoadStats: the statistics of the history as stored."""
    records = load_history(storage).value or ()
    return StatsLoaded(player_stats(records), None, records, daily_results(records))


@pytest.mark.parametrize("games_before", [0, 2])
def test_the_end_screen_says_the_same_after_a_reload(games_before: int) -> None:
    """Restored on its end screen, the game is in the history already (recorded as it ended):
    it is still compared with the games before it. A walk's first game said "in your first
    game with these rules", and after a reload "level with your average (74.0)"."""
    storage = MemoryStorage()
    for seed in range(games_before):
        report = save_session(storage, finished("Dana", seed=seed), today=DAY)
        assert not report.problems
    driver = AppDriver.seeded(9)
    driver.set_players([("Dana", "human", None)])
    driver(SetAutoScore(0), StartGame())
    driver.tables_failed()
    driver(stats_loaded(storage))  # the statistics loaded as the game started
    driver.play_to_end()
    end = driver.snapshot().end
    assert end is not None
    first = end.headline
    assert ("first game" in first) is (games_before == 0)
    assert not save_session(storage, driver.game, today=DAY).problems  # recorded as it ended
    assert len(load_history(storage).value or ()) == games_before + 1

    restored = restore_session(storage)
    again = AppDriver(resume(initial_state(["en-US"]), restored.game, None, now=driver.now))
    again(stats_loaded(storage))  # the statistics a start loads: this game among them
    end = again.snapshot().end
    assert end is not None and end.headline == first
