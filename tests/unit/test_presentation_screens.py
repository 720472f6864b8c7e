"""The presentation snapshot's history chart, keyboard hint and accessible names (CPython)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from game.app.model import AppState, Play, Screen
from game.app.start import initial_state
from game.i18n.bidi import LRI, PDI, without_isolates
from game.i18n.locale import LANGUAGE_CODES
from game.i18n.translator import Translator
from game.persistence.stats import LostInGame, PlayerStats, ScoreBin
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player, PlayerKind
from game.present.snapshot import present
from tests.i18n.isolation import iso

STATS = PlayerStats(
    name="Dana",
    ruleset_id="penta",
    games=3,
    average=170.0,
    best=360,
    distribution=(
        ScoreBin(0, 49, 0),
        ScoreBin(100, 149, 1),
        ScoreBin(150, 199, 0),
        ScoreBin(350, None, 2),
    ),
    upper_bonus_games=1,
    five_of_a_kind=0,
)


def history(language: str) -> AppState:
    state = initial_state([language])
    return replace(state, ui=replace(state.ui, screen=Screen.HISTORY, stats=(STATS,)))


def test_history_bars_read_low_to_high_in_hebrew() -> None:
    view = present(history("he"), 0.0).history
    assert view is not None
    texts = [bar.text for bar in view.cards[0].bars]
    assert texts[0].startswith(f"{iso(LRI + '100–149' + PDI)}:")
    assert texts[1] == f"{iso(LRI + '150–199' + PDI)}: {iso(0)} משחקים"
    assert texts[2].startswith(f"{iso(LRI + '350+' + PDI)}:")


def test_history_bars_run_from_the_lowest_played_range_and_empty_ones_have_no_length() -> None:
    view = present(history("en"), 0.0).history
    assert view is not None
    assert [(bar.text, bar.share) for bar in view.cards[0].bars] == [
        (f"{iso('100–149')}: 1 game", 0.5),
        (f"{iso('150–199')}: {iso(0)} games", 0.0),
        (f"{iso('350+')}: {iso(2)} games", 1.0),
    ]


def test_points_lost_bars_of_every_player_share_one_scale() -> None:
    # A walk saw 11.8 and 66.1 points lost drawn as the same full bar ("shorter: better play").
    day = date(2026, 12, 1)
    dana = replace(STATS, points_lost_trend=(LostInGame(day, 11.8), LostInGame(day, 5.9)))
    avi = replace(STATS, name="Avi", points_lost_trend=(LostInGame(day, 66.1),))
    # A computer's card has no chart: its points lost set no scale.
    bot = replace(STATS, name="Bot", points_lost_trend=(LostInGame(day, 99.0),), computer=True)
    state = history("en")
    state = replace(state, ui=replace(state.ui, stats=(bot, dana, avi)))
    view = present(state, 0.0).history
    assert view is not None
    assert [card.name for card in view.cards] == ["Avi", "Dana", "Bot"]  # people first
    shares = {card.name: [bar.share for bar in card.trend_bars] for card in view.cards}
    assert shares == {"Dana": [11.8 / 66.1, 5.9 / 66.1], "Avi": [1.0], "Bot": []}


@pytest.mark.parametrize(
    ("language", "said"), [("en", "computer"), ("he", "מחשב"), ("et", "arvuti")]
)
def test_a_computer_under_a_persons_name_has_a_card_that_says_so(language: str, said: str) -> None:
    dana = replace(STATS, name="Dana")
    machine = replace(STATS, name="Dana", computer=True)
    bot = replace(STATS, name="Bot", computer=True)  # no person of its name: as it is
    state = history(language)
    state = replace(state, ui=replace(state.ui, stats=(machine, bot, dana)))
    view = present(state, 0.0).history
    assert view is not None
    names = [without_isolates(card.name) for card in view.cards]
    assert names == ["Dana", "Bot", f"Dana ({said})"]


def test_statistics_and_personal_bests_list_the_players_in_one_order() -> None:
    # A walk looked twice for a player: the two lists were in two orders. Both: by ruleset, the
    # highest best first (by name where level), people before computers.
    aino = replace(STATS, name="Aino", best=180)
    mart = replace(STATS, name="Mart", best=250)
    ott = replace(STATS, name="Ott", best=180)
    aino_yatzy = replace(STATS, name="Aino", ruleset_id="yatzy", best=300)
    bot = replace(STATS, name="Arvuti", best=290, computer=True)
    state = history("en")
    state = replace(state, ui=replace(state.ui, stats=(bot, ott, aino_yatzy, aino, mart)))
    view = present(state, 0.0).history
    assert view is not None
    order = [("Mart", "Penta"), ("Aino", "Penta"), ("Ott", "Penta"), ("Aino", "Yatzy")]
    cards = [(without_isolates(card.name), card.ruleset) for card in view.cards]
    assert cards == [*order, ("Arvuti", "Penta")]
    assert [without_isolates(best.who) for best in view.bests] == [
        f"{name} · {ruleset}" for name, ruleset in order
    ]


def in_game(language: str, *, computer_first: bool = False, rolled: bool = False) -> AppState:
    kinds = (PlayerKind.COMPUTER, PlayerKind.HUMAN) if computer_first else (PlayerKind.HUMAN,)
    players = [
        Player(f"P{n}", kind, "beginner" if kind is PlayerKind.COMPUTER else None)
        for n, kind in enumerate(kinds)
    ]
    game = new_game("penta", players, SeededDice(3))
    if rolled:
        game = replace(game, dice=(1, 2, 3, 4, 5), rolls_left=2)
    state = initial_state([language])
    return replace(state, ui=replace(state.ui, screen=Screen.GAME), play=Play(game))


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_the_keys_hint_shows_through_a_humans_turn_only(language: str) -> None:
    t = Translator(language)
    hint = t("turn.keys_hint", keys=t.format_range(1, 5))

    def keys_hint(state: AppState) -> str:
        game = present(state, 0.0).game
        assert game is not None
        return game.keys_hint

    assert keys_hint(in_game(language, rolled=True)) == hint
    assert keys_hint(in_game(language)) == hint  # before the first roll: R rolls
    after_last = in_game(language, rolled=True)
    assert after_last.game is not None
    after_last = replace(
        after_last, play=replace(after_last.play, game=replace(after_last.game, rolls_left=0))
    )
    assert keys_hint(after_last) == hint  # the arrow keys and Enter choose the box
    assert keys_hint(in_game(language, computer_first=True, rolled=True)) == ""


@pytest.mark.parametrize("language", LANGUAGE_CODES)
@pytest.mark.parametrize("screen", [Screen.SETUP, Screen.GAME, Screen.HISTORY])
def test_the_score_sheets_name_is_translated_on_every_screen(language: str, screen: Screen) -> None:
    state = in_game(language)
    state = replace(state, ui=replace(state.ui, screen=screen))
    assert present(state, 0.0).sheet_label == Translator(language)("sheet.title")
