"""The daily challenge (game.app.daily, game.play.daily_dice): its seed, the same dice for
everyone on the same day, one game a day per ruleset, its marker in the saves and the history.
CPython, through the AppDriver as the page drives it (the date comes in with StartDaily)."""

from __future__ import annotations

import hashlib
import json
import random
from datetime import date, timedelta

import pytest

from game.app.effects import FetchTable, LoadStats
from game.app.entry_intents import ChooseDice
from game.app.intents import (
    ConfirmTurn,
    ImportFinished,
    NewGame,
    OpenHistory,
    PlayAgain,
    Roll,
    SelectBox,
    SetAutoScore,
    SetUndo,
    StartDaily,
    StartGame,
    StatsLoaded,
    Undo,
)
from game.app.model import Screen
from game.app.setup_intents import ChooseRuleset
from game.app.start import initial_state
from game.app.table_intents import TableLoaded
from game.errors import SaveFileError
from game.i18n.bidi import without_isolates
from game.persistence.exchange import read_export
from game.persistence.history import HISTORY, load_history, record_from_data, record_to_data
from game.persistence.savefile import (
    SCHEMA_VERSION,
    dump_game,
    game_from_data,
    game_to_data,
    load_game,
)
from game.persistence.session import save_session
from game.persistence.stats import daily_results, player_stats
from game.persistence.storage import MemoryStorage
from game.play.daily_dice import DailyDice, daily_seed
from game.play.engine import new_game, roll
from game.play.move_log import Kept, Move, Rolled, Scored
from game.play.random_source import MAX_SEED, SeededDice
from game.play.state import GameState, Player
from game.play.undo import UndoNotAllowedError, UndoSetting, undo
from tests.app.driver import AppDriver

DAY = date(2026, 12, 1)


def golden_seed(day: str, ruleset_id: str) -> int:
    """The documented scheme, written again here: the first 53 bits of
    SHA-256("penta-daily:<YYYY-MM-DD>:<ruleset id>")."""
    digest = hashlib.sha256(f"penta-daily:{day}:{ruleset_id}".encode()).digest()
    return int.from_bytes(digest, "big") >> (256 - 53)


def daily(day: date = DAY, ruleset: str = "yatzy", name: str = "Dana", **kw: int) -> AppDriver:
    """A page (with its own random source, and `?seed=` if given) that starts `day`'s
    challenge, the setup naming `name` first."""
    driver = AppDriver(initial_state(["en-US"], seed=kw.get("seed")))
    driver.rng = random.Random(kw.get("rng", 0))
    driver.set_players([("", "computer", "casual"), (name, "human", None)])
    driver(ChooseRuleset(ruleset), SetAutoScore(0), StartDaily(day))
    assert driver.state.screen is Screen.GAME, "the challenge did not start"
    driver.tables_failed()  # the greedy coach: nothing here waits for a strategy table
    return driver


def turns(game: GameState) -> list[list[Move]]:
    """The game's moves, turn by turn."""
    split: list[list[Move]] = [[]]
    for move in game.log.moves:
        split[-1].append(move)
        if isinstance(move, Scored):
            split.append([])
    return [turn for turn in split if turn]


def rolls(game: GameState) -> list[list[tuple[int, ...]]]:
    return [[move.dice for move in turn if isinstance(move, Rolled)] for turn in turns(game)]


def play_without_keeping(driver: AppDriver) -> None:
    """Another way of playing: every die rolled three times, then the first box allowed."""
    while driver.state.screen is Screen.GAME:
        driver(Roll(), Roll(), Roll())
        options = driver.game.options
        assert options is not None
        box = next(box for box in driver.game.ruleset.box_ids if box in options.legal)
        driver(SelectBox(box), ConfirmTurn())


def finished_daily(day: date = DAY, ruleset: str = "yatzy") -> GameState:
    driver = daily(day, ruleset)
    driver.play_to_end()
    return driver.game


# --- the seed -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "ruleset_id"), [(DAY, "yatzy"), (DAY, "penta"), (date(2027, 2, 28), "penta")]
)
def test_the_seed_is_the_documented_hash_of_the_date_and_the_ruleset(
    day: date, ruleset_id: str
) -> None:
    seed = daily_seed(day, ruleset_id)
    assert seed == golden_seed(day.isoformat(), ruleset_id)
    assert 0 <= seed <= MAX_SEED
    assert DailyDice(day, ruleset_id).seed == seed


def test_the_seed_changes_with_the_date_and_with_the_ruleset() -> None:
    seeds = {
        daily_seed(day, ruleset_id)
        for day in (DAY, DAY + timedelta(days=1), date(2027, 12, 1))
        for ruleset_id in ("penta", "yatzy")
    }
    assert len(seeds) == 6


def test_the_dice_are_the_documented_faces_of_each_slot() -> None:
    game = roll(new_game("yatzy", [Player("Dana")], DailyDice(DAY, "yatzy")), 0)
    seed = golden_seed("2026-12-01", "yatzy")
    expected = tuple(
        1
        + int.from_bytes(
            hashlib.sha256(f"penta-daily-dice:{seed}:0:1:{slot}".encode()).digest()[:8]
        )
        % 6
        for slot in range(5)
    )
    assert game.dice == expected


# --- the same dice for everyone -------------------------------------------------------------


def test_two_pages_on_the_same_day_get_the_same_dice_for_the_same_choices() -> None:
    # Two phones: different random sources, different ?seed=, different names.
    first = daily(name="Dana", rng=1)
    second = daily(name="Avi", rng=2, seed=99)
    first.play_to_end()
    second.play_to_end()
    assert first.game.players == (Player("Dana"),) and second.game.players == (Player("Avi"),)
    assert rolls(first.game) == rolls(second.game)
    assert len(rolls(first.game)) == len(first.game.ruleset.box_ids)
    assert first.game.sheets[0].total == second.game.sheets[0].total


def test_every_turn_starts_with_the_same_dice_whatever_was_played_before() -> None:
    keeper = daily()
    keeper.play_to_end()
    roller = daily()
    play_without_keeping(roller)
    kept, rerolled = rolls(keeper.game), rolls(roller.game)
    assert kept != rerolled  # they did play differently
    assert [turn[0] for turn in kept] == [turn[0] for turn in rerolled]
    # A die rolled again on the same roll of a turn shows the same face, whatever was kept.
    compared = 0
    for keeper_turn, roller_turn in zip(turns(keeper.game), turns(roller.game), strict=True):
        roller_dice = [move.dice for move in roller_turn if isinstance(move, Rolled)]
        number, held = 0, None
        for move in keeper_turn:
            if isinstance(move, Kept):
                held = move.positions
            elif isinstance(move, Rolled):
                if held is not None:
                    for slot in set(range(5)) - set(held):
                        assert move.dice[slot] == roller_dice[number][slot]
                        compared += 1
                number += 1
    assert compared > 0


def test_another_day_or_another_ruleset_rolls_other_dice() -> None:
    today = rolls(finished_daily())
    assert rolls(finished_daily(DAY + timedelta(days=1))) != today
    penta = finished_daily(ruleset="penta")
    assert penta.ruleset.id == "penta" and penta.challenge_date == DAY
    assert [turn[0] for turn in rolls(penta)][:5] != [turn[0] for turn in today][:5]


def test_the_challenge_is_a_solo_game_of_the_first_human_and_ignores_the_page_seed() -> None:
    driver = daily(name="Dana", seed=5)
    assert driver.game.players == (Player("Dana"),)
    assert driver.game.dice_source == DailyDice(DAY, "yatzy")
    assert driver.game.challenge_date == DAY
    only_computers = AppDriver(initial_state(["et"]))
    only_computers.set_players([("", "computer", "casual")])
    only_computers(StartDaily(DAY))
    assert only_computers.game.players == (Player("Mängija 1"),)
    ordinary = AppDriver.seeded(5)
    ordinary(StartGame())
    assert ordinary.game.challenge_date is None and ordinary.game.dice_source == SeededDice(5)


# --- one a day, and its marker --------------------------------------------------------------


def recorded(*games: GameState) -> MemoryStorage:
    """The device's storage once `games` ended (as the shell saves each game's last state)."""
    storage = MemoryStorage()
    for number, game in enumerate(games):
        report = save_session(storage, game, today=DAY, ids=random.Random(number))
        assert not report.problems
    return storage


def stats_of(storage: MemoryStorage) -> StatsLoaded:
    """What the shell sends back for LoadStats."""
    records = load_history(storage).value or ()
    return StatsLoaded(player_stats(records), None, records, daily_results(records))


def test_a_day_played_says_its_result_and_does_not_start_again() -> None:
    driver = daily()
    driver.play_to_end()
    finished = driver.game
    total = finished.sheets[0].total
    driver(NewGame())
    assert driver.state.screen is Screen.SETUP
    driver(stats_of(recorded(finished)))
    setup = driver.snapshot().setup
    assert setup is not None and not setup.daily_available
    assert without_isolates(setup.daily_label) == f"Today's challenge played: {total} points"
    assert driver(StartDaily(DAY)).screen is Screen.SETUP  # no second game today
    # Penta's challenge of the same day is still to play, and so is tomorrow's Yatzy.
    driver(ChooseRuleset("penta"))
    setup = driver.snapshot().setup
    assert setup is not None and setup.daily_available
    assert without_isolates(setup.daily_label) == "Today's challenge · 1\u00a0Dec\u00a02026"
    # Past midnight with the screen open, the button named the day before's challenge, and a
    # tap started the new day's (a walk): the first tap shows the new day, the next starts it.
    driver(ChooseRuleset("yatzy"), StartDaily(DAY + timedelta(days=1)))
    setup = driver.snapshot().setup
    assert driver.state.screen is Screen.SETUP and setup is not None and setup.daily_available
    assert without_isolates(setup.daily_label) == "Today's challenge · 2\u00a0Dec\u00a02026"
    driver(StartDaily(DAY + timedelta(days=1)))
    assert driver.state.screen is Screen.GAME
    assert driver.game.challenge_date == DAY + timedelta(days=1)


def test_with_real_dice_chosen_no_challenge_is_offered_nor_started() -> None:
    driver = AppDriver(initial_state(["en-US"]))
    driver.set_players([("Dana", "human", None)])
    driver(ChooseDice(True))
    setup = driver.snapshot().setup
    assert setup is not None and not setup.daily_shown
    assert driver(StartDaily(DAY)).screen is Screen.SETUP
    driver(ChooseDice(False))
    setup = driver.snapshot().setup
    assert setup is not None and setup.daily_shown
    assert driver(StartDaily(DAY)).screen is Screen.GAME


def test_a_challenge_ends_without_play_again_an_ordinary_game_with_it() -> None:
    driver = daily()
    driver.play_to_end()
    end = driver.snapshot().end
    assert end is not None and not end.can_play_again
    # Its words are the day's, not a comparison with ordinary games' average.
    total = driver.game.sheets[0].total
    assert without_isolates(end.headline) == (
        f"Daily challenge of 1\u00a0Dec\u00a02026: {total} points. A new one comes tomorrow."
    )
    # Play again would start the setup's players (a computer and Dana), not the challenger.
    assert driver(PlayAgain()).screen is Screen.END
    ordinary = AppDriver.seeded(5)
    ordinary.set_players([("Dana", "human", None)])
    ordinary(StartGame())
    ordinary.tables_failed()
    ordinary.play_to_end()
    end = ordinary.snapshot().end
    assert end is not None and end.can_play_again
    assert ordinary(PlayAgain()).screen is Screen.GAME


def test_going_back_to_the_new_game_screen_asks_for_the_challenges_played() -> None:
    driver = daily()
    driver.play_to_end()
    driver(NewGame())
    assert any(type(effect).__name__ == "LoadStats" for effect in driver.effects)


def test_the_history_marks_the_challenges_with_their_day() -> None:
    game = finished_daily()
    ordinary = AppDriver.seeded(3)
    ordinary(SetAutoScore(0), StartGame())
    ordinary.tables_failed()
    ordinary.play_to_end()
    storage = recorded(game, ordinary.game)
    records = load_history(storage).value
    assert records is not None
    assert [record.challenge_date for record in records] == [DAY, None]
    stored = json.loads(storage.items[HISTORY.key])
    assert stored["version"] == HISTORY.versions.current
    assert [entry["challenge_date"] for entry in stored["payload"]["games"]] == ["2026-12-01", None]
    driver = AppDriver(initial_state(["en-US"]))
    driver(stats_of(storage), OpenHistory())
    history = driver.snapshot().history
    assert history is not None and history.daily_title == "Daily challenges"
    total = game.sheets[0].total
    entries = tuple(without_isolates(entry) for entry in history.daily_entries)
    assert entries == (f"1\u00a0Dec\u00a02026 · Yatzy · Dana: {total} points",)
    # In the list of finished games too: two games of a day looked alike there (a walk).
    titles = [without_isolates(game.title) for game in history.games]
    assert [title.endswith(" · daily challenge") for title in titles].count(True) == 1
    daily_game = next(g for g in history.games if without_isolates(g.title).endswith("challenge"))
    assert without_isolates(daily_game.open_name).endswith(", the daily challenge")


def test_a_challenge_in_progress_is_saved_and_goes_on_with_its_dice() -> None:
    driver = daily()
    driver.play_turns(3)
    driver(Roll())
    data = game_to_data(driver.game)
    assert data["schema_version"] == SCHEMA_VERSION
    assert data["dice_source"] == {"kind": "daily", "day": "2026-12-01"}
    restored = load_game(dump_game(driver.game))
    assert restored == driver.game and restored.challenge_date == DAY
    assert roll(restored, 0, [0]).dice == roll(driver.game, 0, [0]).dice


def test_saves_and_records_of_a_challenge_are_checked() -> None:
    data = game_to_data(daily().game)
    data["dice_source"]["day"] = "2026-02-30"
    with pytest.raises(SaveFileError, match=r"dice_source\.day: no such date"):
        game_from_data(data)
    two = game_to_data(new_game("yatzy", [Player("A"), Player("B")], SeededDice(1)))
    two["dice_source"] = {"kind": "daily", "day": "2026-12-01"}
    with pytest.raises(SaveFileError, match="played alone, not by 2 players"):
        game_from_data(two)
    record = record_to_data(load_history(recorded(finished_daily())).value[0])  # type: ignore[index]
    record["challenge_date"] = "1.12.2026"
    with pytest.raises(SaveFileError, match=r"game\.challenge_date: a date written YYYY-MM-DD"):
        record_from_data(record, "game")


def test_older_saves_histories_and_exports_read_as_no_challenge() -> None:
    schema_3 = game_to_data(new_game("penta", [Player("A")], SeededDice(2)))
    schema_3["schema_version"] = 3
    loaded = game_from_data(schema_3)
    assert loaded.challenge_date is None and game_to_data(loaded) == schema_3 | {
        "schema_version": SCHEMA_VERSION
    }
    storage = recorded(finished_daily())
    stored = json.loads(storage.items[HISTORY.key])
    games = stored["payload"]["games"]
    for game in games:
        del game["challenge_date"]
    old = {**stored, "version": 2}
    read = load_history(MemoryStorage({HISTORY.key: json.dumps(old)}))
    assert read.problem is None and read.migrated and read.value is not None
    assert read.value[0].challenge_date is None
    export = {
        "format": "penta-export",
        "version": 2,
        "payload": {"exported": "2026-12-02", "games": games},
    }
    assert [record.challenge_date for record in read_export(json.dumps(export))] == [None]


# --- the points-lost trend's tables ---------------------------------------------------------


def test_the_history_screen_asks_for_the_tables_of_its_trend_and_reads_again_with_them() -> None:
    storage = recorded(finished_daily(), finished_daily(ruleset="penta"))
    driver = AppDriver(initial_state(["en-US"]))
    driver(OpenHistory())
    assert driver.effects[0] == LoadStats(trend=True)
    driver(stats_of(storage))
    assert [e for e in driver.effects if isinstance(e, FetchTable)] == [
        FetchTable("penta"),
        FetchTable("yatzy"),
    ]
    driver(TableLoaded("yatzy"))
    assert LoadStats(trend=True) in driver.effects  # the trend, with the table just loaded
    driver(stats_of(storage))
    assert not [e for e in driver.effects if isinstance(e, FetchTable)]  # asked for once
    # Elsewhere the statistics come without the trend: a game's start does not wait for it.
    starting = AppDriver(initial_state(["en-US"]))
    starting(StartDaily(DAY))
    assert starting.state.screen is Screen.GAME
    assert [e for e in starting.effects if isinstance(e, LoadStats)] == [LoadStats(trend=False)]


def test_an_import_on_the_history_screen_reads_the_statistics_with_their_trend() -> None:
    driver = AppDriver(initial_state(["en-US"]))
    driver(OpenHistory())
    driver(ImportFinished(added=2))
    assert [e for e in driver.effects if isinstance(e, LoadStats)] == [LoadStats(trend=True)]


def test_the_last_box_of_a_daily_challenge_is_not_taken_back() -> None:
    # A walk took back the last box from the end screen and rolled again: the day's result,
    # recorded, changed with dice nobody else had.
    driver = daily()
    driver(SetUndo(UndoSetting.ON))
    play_without_keeping(driver)
    assert driver.state.screen is Screen.END and driver.state.play.before_last_turn is not None
    end = driver.snapshot().end
    assert end is not None and not end.can_undo
    before = driver.state
    assert driver(Undo()) == before
    with pytest.raises(UndoNotAllowedError, match="daily challenge of 2026-"):
        undo(driver.game, before.play.before_last_turn, UndoSetting.ON)
    # An ordinary game's last box is taken back, as before.
    ordinary = AppDriver.seeded(3)
    ordinary(SetAutoScore(0), SetUndo(UndoSetting.ON), StartGame())
    play_without_keeping(ordinary)
    assert ordinary.state.screen is Screen.END
    ordinary(Undo())
    assert ordinary.state.screen is Screen.GAME
