"""A player left unnamed is called "Player 1" in English and "Mängija 1" in Estonian. Games
kept while the app spoke one language and shown in another show that default name in the
language shown, and the statistics count it as one player: a walk found "Mängija 1" in the
English history, beside a second "Player 1" with the English games."""

from __future__ import annotations

import random
from datetime import date

from cli.random_play import random_game
from game.app.intents import OpenHistory, SetLanguage, StartGame, StatsLoaded
from game.app.model import AppState
from game.app.setup_intents import SetPlayerKind
from game.app.start import initial_state
from game.i18n.player_names import same_player, shown_name
from game.i18n.translator import Translator
from game.persistence.history import GameRecord, record_game
from game.persistence.stats import daily_results, player_stats
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player, PlayerKind
from game.present.end_words import EndWords, end_words, new_bests
from game.present.history_views import HistoryView
from game.present.snapshot import present
from tests.app.driver import AppDriver

ESTONIAN_GAME = (Player("Mängija 1"), Player("Arvuti 1", PlayerKind.COMPUTER, "optimal"))
ENGLISH_GAME = (Player("Player 1"), Player("Mängija"))  # "Mängija" alone is a typed name


def recorded(number: int, players: tuple[Player, ...], seed: int) -> GameRecord:
    game = random_game(new_game("penta", list(players), SeededDice(seed)), random.Random(seed))
    return record_game(f"{number:016x}", game, date(2026, 11, number))


def history_in(language: str, records: tuple[GameRecord, ...]) -> HistoryView:
    driver = AppDriver(initial_state(["en-US"]))
    driver.pace_rolls = False
    state: AppState = driver(SetPlayerKind(0, PlayerKind.HUMAN), SetLanguage(language))
    state = driver(
        OpenHistory(),
        StatsLoaded(player_stats(records), None, records, daily_results(records)),
    )
    view = present(state, 0.0).history
    assert view is not None
    return view


RECORDS = (recorded(1, ESTONIAN_GAME, 3), recorded(2, ENGLISH_GAME, 4))


def test_the_statistics_count_a_default_name_as_one_player_in_every_language() -> None:
    stats = {entry.name: entry for entry in player_stats(RECORDS)}
    assert sorted(stats) == ["Computer 1", "Mängija", "Player 1"]
    assert stats["Player 1"].games == 2
    totals = [result.total for record in RECORDS for result in record.results]
    assert stats["Player 1"].best == max(totals[0], totals[2])


def test_the_history_shows_default_names_in_the_language_shown() -> None:
    for language, player, computer in (
        ("en", "Player 1", "Computer 1"),
        ("et", "Mängija 1", "Arvuti 1"),
        ("he", "שחקן 1", "מחשב 1"),
    ):
        view = history_in(language, RECORDS)
        names = [card.name for card in view.cards]
        assert set(names[:2]) == {"Mängija", player} and names[2] == computer, language
        everything = " ".join(
            [game.scores for game in view.games] + [best.who for best in view.bests]
        ).replace("\u00a0", " ")  # a short name is kept on one line
        assert player in everything and computer in everything, (language, everything)
        others = {"en": "Player 1", "et": "Mängija 1", "he": "שחקן 1"}
        for other_language, other in others.items():
            if other_language != language:
                assert other not in everything, (language, other, everything)


def test_a_new_best_is_found_against_the_games_played_in_another_language() -> None:
    english = recorded(5, (Player("Player 1"),), 5)
    stats = player_stats((english,))
    better = next(
        game
        for seed in range(6, 500)
        if (
            game := random_game(
                new_game("penta", [Player("Mängija 1")], SeededDice(seed)), random.Random(seed)
            )
        )
        .sheets[0]
        .total
        > english.results[0].total
    )
    assert new_bests(better, stats) == (0,)
    t = Translator("et", isolate=False)
    points = t.format_number(better.sheets[0].total)
    assert end_words(better, stats, t) == EndWords(t("end.new_best_solo", points=points), True)


def test_shown_name_changes_only_default_names() -> None:
    assert shown_name("Arvuti 12", "en") == "Computer 12"
    assert shown_name("Player 3", "et") == "Mängija 3"
    for typed in ("Player", "Player 03", "Player 1 and 2", "player 1", "Player -1", "Player ٣"):
        assert shown_name(typed, "et") == typed
        assert same_player(typed) == typed


def test_people_and_computers_are_numbered_apart() -> None:
    """A walk met "Player 4" after "Computer 1", beside no Player 3."""
    driver = AppDriver.seeded(1)
    human, computer = ("", "human", None), ("", "computer", None)
    driver.set_players([human, computer, human, computer, human])
    driver(StartGame())
    assert driver.state.game is not None
    names = [player.name for player in driver.state.game.players]
    assert names == ["Player 1", "Computer 1", "Player 2", "Computer 2", "Player 3"]
