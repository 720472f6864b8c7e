"""History of finished games: statistics checked by hand, export and import with merging."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date, time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import SaveFileError
from game.persistence.exchange import (
    EXPORT_VERSIONS,
    MAX_IMPORT_BYTES,
    ImportRefusal,
    ImportRefusedError,
    export_history,
    import_history,
    read_export,
)
from game.persistence.history import (
    HISTORY,
    GameRecord,
    load_history,
    record_from_data,
    record_game,
    record_to_data,
    save_history,
)
from game.persistence.readers import nesting_depth
from game.persistence.stats import BIN_WIDTH, ScoreBin, distribution, player_stats
from game.persistence.storage import MemoryStorage, ProblemKind
from game.play.daily_dice import DailyDice
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player
from game.rules.rulesets import PENTA, YATZY
from tests.persistence.persistence_helpers import play_to_end, players, seeded_game
from tests.profiles import examples

UPPER_63 = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
# Penta, 245: upper 63 + bonus 35; lower 20 + 0 + 25 + 30 + 0 + 22 + 50 = 147; one Penta.
PENTA_245 = UPPER_63 | {
    "three_of_a_kind": 20, "four_of_a_kind": 0, "full_house": 25, "small_straight": 30,
    "large_straight": 0, "chance": 22, "penta": 50,
}  # fmt: skip
# Penta, 47: upper 42 (no bonus); lower: Chance 5, everything else sacrificed.
PENTA_47 = {
    "ones": 2, "twos": 4, "threes": 6, "fours": 8, "fives": 10, "sixes": 12,
    "three_of_a_kind": 0, "four_of_a_kind": 0, "full_house": 0, "small_straight": 0,
    "large_straight": 0, "chance": 5, "penta": 0,
}  # fmt: skip
# Penta, 549: upper 81 + 35; lower 30 + 28 + 25 + 30 + 40 + 30 + 50 = 233; two bonuses, 200.
PENTA_549 = {
    "ones": 3, "twos": 6, "threes": 12, "fours": 16, "fives": 20, "sixes": 24,
    "three_of_a_kind": 30, "four_of_a_kind": 28, "full_house": 25, "small_straight": 30,
    "large_straight": 40, "chance": 30, "penta": 50,
}  # fmt: skip
# Yatzy, 325: upper 63 + bonus 50; lower 12 + 22 + 18 + 24 + 15 + 20 + 28 + 23 + 50 = 212.
YATZY_325 = UPPER_63 | {
    "one_pair": 12, "two_pairs": 22, "three_of_a_kind": 18, "four_of_a_kind": 24,
    "small_straight": 15, "large_straight": 20, "full_house": 28, "chance": 23, "yatzy": 50,
}  # fmt: skip


def result(name: str, scores: dict[str, int], total: int, place: int, bonuses: int = 0) -> Any:
    kind, level = ("computer", "casual") if name.startswith("Bot") else ("human", None)
    return {
        "player": {"name": name, "kind": kind, "level": level},
        "sheet": {"scores": scores, "five_of_a_kind_bonuses": bonuses},
        "total": total,
        "place": place,
    }


def record_data(game_id: int, ruleset: str, day: int, *results: Any) -> dict[str, Any]:
    return {
        "id": f"{game_id:016x}",
        "ruleset": ruleset,
        "finished": f"2026-11-{day:02d}",
        "finished_time": f"{8 + game_id % 12:02d}:{game_id % 60:02d}",
        "players": list(results),
        # Made-up sheets have no moves: a log of none, after the game's last turn.
        "log": {"since_turn": sum(len(r["sheet"]["scores"]) for r in results), "moves": []},
        "challenge_date": None,
    }


HAND_CHECKED = [
    record_data(1, "penta", 1, result("Dana", PENTA_245, 245, 1), result("Bot 1", PENTA_47, 47, 2)),
    record_data(2, "penta", 2, result("Dana", PENTA_47, 47, 1)),
    record_data(
        3, "penta", 3, result("Dana", PENTA_549, 549, 1, 2), result("Ari", PENTA_549, 549, 1, 2)
    ),
    record_data(4, "yatzy", 4, result("Dana", YATZY_325, 325, 1)),
]


def hand_checked() -> tuple[GameRecord, ...]:
    return tuple(record_from_data(copy.deepcopy(data), "game") for data in HAND_CHECKED)


# --- statistics ------------------------------------------------------------------------------


def test_statistics_of_a_hand_checked_history() -> None:
    stats = {(s.ruleset_id, s.name): s for s in player_stats(hand_checked())}
    assert list(stats) == [
        ("penta", "Ari"),
        ("penta", "Bot 1"),
        ("penta", "Dana"),
        ("yatzy", "Dana"),
    ]
    dana = stats["penta", "Dana"]
    assert (dana.games, dana.best, dana.upper_bonus_games) == (3, 549, 2)
    assert dana.average == pytest.approx((245 + 47 + 549) / 3)
    assert dana.upper_bonus_rate == pytest.approx(2 / 3)
    assert dana.five_of_a_kind == 1 + 0 + (1 + 2)  # the box at 50, plus two bonuses
    counts = {b.low: b.count for b in dana.distribution if b.count}
    assert counts == {0: 1, 200: 1, 400: 1}
    bot = stats["penta", "Bot 1"]
    assert (bot.games, bot.average, bot.best, bot.upper_bonus_rate, bot.five_of_a_kind) == (
        1,
        47,
        47,
        0,
        0,
    )
    ari = stats["penta", "Ari"]
    assert (ari.best, ari.five_of_a_kind, ari.upper_bonus_rate) == (549, 3, 1)
    yatzy = stats["yatzy", "Dana"]
    assert (yatzy.games, yatzy.best, yatzy.upper_bonus_games, yatzy.five_of_a_kind) == (
        1,
        325,
        1,
        1,
    )


def test_a_computer_under_a_persons_name_has_statistics_of_its_own() -> None:
    """A seat turned into a computer kept the name "Jaan": its games counted as the person's,
    and its best as the person's personal record (a walk)."""
    computer = result("Dana", PENTA_549, 549, 1, 2)
    computer["player"] = {"name": "Dana", "kind": "computer", "level": "optimal"}
    data = [*HAND_CHECKED[:2], record_data(5, "penta", 5, computer)]
    records = tuple(record_from_data(copy.deepcopy(entry), "game") for entry in data)
    stats = {s.key: s for s in player_stats(records)}
    person, machine = stats["penta", "Dana", False], stats["penta", "Dana", True]
    assert (person.games, person.best, person.computer) == (2, 245, False)
    assert (machine.games, machine.best, machine.computer) == (1, 549, True)


def test_the_distribution_has_every_bin_and_an_open_last_one() -> None:
    bins = distribution([0, 49, 50, 399, 400, 1575])
    assert len(bins) == 9 and BIN_WIDTH == 50
    assert bins[0] == ScoreBin(0, 49, 2) and bins[1] == ScoreBin(50, 99, 1)
    assert bins[7] == ScoreBin(350, 399, 1) and bins[8] == ScoreBin(400, None, 2)


def test_the_distribution_ends_at_the_most_the_ruleset_can_total() -> None:
    # Yatzy's sheet totals at most 374: a walk found bars for 400 and more in its chart.
    bins = distribution([0, 374], YATZY.highest_total)
    assert [(b.low, b.high) for b in bins[-2:]] == [(300, 349), (350, 374)]
    assert sum(b.count for b in bins) == 2 and bins[-1].count == 1
    assert distribution([1575], PENTA.highest_total)[-1] == ScoreBin(400, None, 1)


def test_a_recorded_game_holds_the_final_sheets_totals_and_shared_places() -> None:
    game = play_to_end(seeded_game("penta", 3, seed=21), random.Random(21))
    record = record_game("00000000000000aa", game, date(2026, 11, 30), time(21, 7, 59, 12))
    assert record.finished_time == time(21, 7)  # to the minute
    assert [r.sheet for r in record.results] == list(game.sheets)
    assert [r.player for r in record.results] == list(game.players)
    totals = [s.total for s in game.sheets]
    assert [r.place for r in record.results] == [1 + sum(t > own for t in totals) for own in totals]
    assert record_to_data(record)["finished_time"] == "21:07"
    assert record_from_data(json.loads(json.dumps(record_to_data(record))), "game") == record
    untimed = replace(record, finished_time=None)  # recorded before the history kept the time
    assert record_to_data(untimed)["finished_time"] is None
    assert record_from_data(record_to_data(untimed), "game") == untimed


def test_a_history_and_an_export_of_before_the_time_of_day_read_with_none() -> None:
    records = tuple(record_from_data(data, "game") for data in HAND_CHECKED)
    storage = MemoryStorage()
    assert save_history(storage, records) is None
    stored = json.loads(storage.items[HISTORY.key])
    for entry in stored["payload"]["games"]:
        del entry["finished_time"]
    stored["version"] = 4
    old = load_history(MemoryStorage({HISTORY.key: json.dumps(stored)}))
    assert old.problem is None and old.migrated and old.value is not None
    assert [r.finished_time for r in old.value] == [None] * len(records)
    document = json.loads(export_history(records, date(2026, 12, 5)))
    for entry in document["payload"]["games"]:
        del entry["finished_time"]
    document["version"] = 5
    assert [r.finished_time for r in read_export(json.dumps(document))] == [None] * len(records)


def test_only_a_finished_game_is_recorded() -> None:
    with pytest.raises(ValueError, match="only a finished game"):
        record_game("00000000000000aa", seeded_game("penta", 1, seed=0), date(2026, 11, 30))


# --- records refused -------------------------------------------------------------------------


def edited(edit: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = copy.deepcopy(HAND_CHECKED[0])
    edit(data)
    return data


CHALLENGE_DAY = date(2026, 12, 4)


def daily_record_data() -> dict[str, Any]:
    """The record of a whole game of the day's challenge, played with random choices."""
    game = new_game(YATZY, [Player("Dana")], DailyDice(CHALLENGE_DAY, "yatzy"))
    finished = play_to_end(game, random.Random(4))
    return record_to_data(record_game("00000000000000d1", finished, CHALLENGE_DAY))


def test_a_challenge_played_is_read_back_and_one_with_other_dice_is_refused() -> None:
    """A game passed off as a day's challenge stood for that day's game on the device: the
    "played today" mark, with its score (a hostile-data walk)."""
    data = daily_record_data()
    record = record_from_data(copy.deepcopy(data), "game")
    assert record.challenge_date == CHALLENGE_DAY
    another_day = copy.deepcopy(data) | {"challenge_date": "2026-12-05", "finished": "2026-12-05"}
    with pytest.raises(SaveFileError, match="not the dice of the 2026-12-05 yatzy challenge"):
        record_from_data(another_day, "game")
    other_dice = play_to_end(seeded_game("yatzy", 1, 3), random.Random(4))
    seeded = record_to_data(record_game("00000000000000d2", other_dice, CHALLENGE_DAY))
    seeded["challenge_date"] = CHALLENGE_DAY.isoformat()
    with pytest.raises(SaveFileError, match=re.escape("game.log: move 0: turn 1, roll 1 shows")):
        record_from_data(seeded, "game")
    early = copy.deepcopy(data) | {"finished": "2020-01-01"}
    with pytest.raises(SaveFileError, match="2020-01-01, before the day of its challenge"):
        record_from_data(early, "game")
    made_up = copy.deepcopy(data)
    made_up["log"] = {"since_turn": 15, "moves": []}  # no dice to check: none to trust
    with pytest.raises(SaveFileError, match="holds its whole game, not from turn 16"):
        record_from_data(made_up, "game")


BAD_RECORDS = [
    ("total raised", lambda d: d["players"][0].update(total=999), "adds up to 245, not 999"),
    ("place changed", lambda d: d["players"][1].update(place=1), "2, not 1"),
    ("box open", lambda d: d["players"][0]["sheet"]["scores"].pop("chance"), "open: chance"),
    (
        "impossible score",
        lambda d: d["players"][0]["sheet"]["scores"].update(ones=9),
        "no roll scores 9",
    ),
    (
        "bonus unearned",
        lambda d: d["players"][1]["sheet"].update(five_of_a_kind_bonuses=1),
        "holding 0",
    ),
    ("bad date", lambda d: d.update(finished="2026-02-30"), "no such date: '2026-02-30'"),
    ("date format", lambda d: d.update(finished="30.11.2026"), "'30.11.2026'"),
    ("no such hour", lambda d: d.update(finished_time="24:00"), "HH:MM, or null, not '24:00'"),
    ("time unpadded", lambda d: d.update(finished_time="9:05"), "not '9:05'"),
    ("time with seconds", lambda d: d.update(finished_time="09:05:00"), "not '09:05:00'"),
    ("time as a number", lambda d: d.update(finished_time=905), "not 905"),
    ("bad id", lambda d: d.update(id="DROP TABLE"), "'DROP TABLE'"),
    ("no players", lambda d: d.update(players=[]), "got 0"),
    ("unknown ruleset", lambda d: d.update(ruleset="kniffel"), "'kniffel'"),
    ("extra key", lambda d: d.update(comment="hi"), "unknown key 'comment'"),
    (
        "name markup is fine but control chars are not",
        lambda d: d["players"][0]["player"].update(name="a\x07"),
        "control",
    ),
    (
        "nor direction overrides",
        lambda d: d["players"][0]["player"].update(name="Bob\u202e\u2066x"),
        "U+202E, U+2066",
    ),
    (
        "nor a tower of marks on a letter",
        lambda d: d["players"][0]["player"].update(name="e" + "\u0301" * 24 + "x"),
        "more than 3 marks on a letter",
    ),
    (
        "a crowd",
        lambda d: d.update(players=d["players"] * 51),
        "1 to 100 entries, got 102",
    ),
]


@pytest.mark.parametrize(
    ("edit", "names"), [c[1:] for c in BAD_RECORDS], ids=[c[0] for c in BAD_RECORDS]
)
def test_a_bad_record_is_refused_naming_the_problem(edit: Any, names: str) -> None:
    with pytest.raises(SaveFileError, match=re.escape(names)):
        record_from_data(edited(edit), "game")


def test_a_hostile_name_is_kept_as_plain_text() -> None:
    name = "<img src=x onerror=alert(1)>"
    data = edited(lambda d: d["players"][0]["player"].update(name=name))
    assert record_from_data(data, "game").results[0].player.name == name


# --- export and import -----------------------------------------------------------------------


def test_export_then_import_into_an_empty_device_gives_the_same_history() -> None:
    records = hand_checked()
    text = export_history(records, date(2026, 11, 30))
    assert json.loads(text)["payload"]["exported"] == "2026-11-30"
    storage = MemoryStorage()
    outcome = import_history(storage, text)
    assert (outcome.added, outcome.already_known, outcome.problems) == (4, 0, ())
    assert load_history(storage).value == records
    again = import_history(storage, text.encode())
    assert (again.added, again.already_known) == (0, 4)
    assert load_history(storage).value == records


def test_import_merges_by_id_without_duplicates_in_date_order() -> None:
    mine, theirs = hand_checked()[:3], hand_checked()[1:]
    storage = MemoryStorage()
    save_history(storage, mine)
    outcome = import_history(storage, export_history(theirs, date(2026, 11, 30)))
    assert (outcome.added, outcome.already_known) == (1, 2)
    merged = load_history(storage).value or ()
    assert [r.id for r in merged] == [f"{n:016x}" for n in (1, 2, 3, 4)]


@settings(max_examples=examples(15), deadline=None)
@given(
    seeds=st.lists(st.integers(0, 2**32), min_size=1, max_size=4, unique=True),
    split=st.integers(0, 4),
)
def test_random_histories_merge_to_their_union(seeds: list[int], split: int) -> None:
    records = tuple(
        record_game(
            f"{seed:016x}",
            play_to_end(seeded_game("yatzy", 2, seed), random.Random(seed)),
            date(2026, 11, 30),
        )
        for seed in seeds
    )
    storage = MemoryStorage()
    save_history(storage, records[:split])
    import_history(storage, export_history(records[max(0, split - 1) :], date(2026, 11, 30)))
    stored = load_history(storage).value or ()
    assert sorted(r.id for r in stored) == sorted(r.id for r in records)


NEWER = EXPORT_VERSIONS.current + 1


def document(**changes: Any) -> str:
    data = json.loads(export_history(hand_checked(), date(2026, 11, 30)))
    data.update(changes)
    return json.dumps(data)


def every_total_tampered() -> str:
    """No game reads: the file is refused (one bad game among others is left out alone:
    tests/persistence/test_exchange_kept.py)."""
    data = json.loads(document())
    for game in data["payload"]["games"]:
        game["players"][0]["total"] += 1
    return json.dumps(data)


REFUSED = [
    (
        "too large",
        lambda: " " * (MAX_IMPORT_BYTES + 1),
        ImportRefusal.TOO_LARGE,
        str(MAX_IMPORT_BYTES),
    ),
    (
        "too large in bytes",
        lambda: "א" * (MAX_IMPORT_BYTES // 2 + 1),
        ImportRefusal.TOO_LARGE,
        "bytes",
    ),
    ("too large bytes", lambda: b"[" * (MAX_IMPORT_BYTES + 1), ImportRefusal.TOO_LARGE, "bytes"),
    ("not json", lambda: "Penta export, honest", ImportRefusal.NOT_JSON, "file is not valid JSON"),
    ("deeply nested", lambda: "[" * 100_000 + "]" * 100_000, ImportRefusal.NOT_JSON, "is not"),
    ("nan", lambda: '{"format": NaN}', ImportRefusal.NOT_JSON, "NaN"),
    ("duplicate key", lambda: '{"format": 1, "format": 2}', ImportRefusal.NOT_JSON, "twice"),
    ("bad utf-8", lambda: b'{"format": "\xff"}', ImportRefusal.NOT_JSON, "not valid JSON"),
    (
        "a saved game",
        lambda: '{"format": "penta-game"}',
        ImportRefusal.NOT_AN_EXPORT,
        "'penta-game'",
    ),
    ("a list", lambda: "[]", ImportRefusal.NOT_AN_EXPORT, "[]"),
    (
        "newer version",
        lambda: document(version=NEWER),
        ImportRefusal.UNKNOWN_VERSION,
        f"not {NEWER}",
    ),
    (
        "extra key",
        lambda: document(signature="x"),
        ImportRefusal.INVALID,
        "unknown key 'signature'",
    ),
    ("every total tampered", every_total_tampered, ImportRefusal.INVALID, "games[0].players[0]"),
]


@pytest.mark.parametrize(
    ("make", "kind", "names"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_a_bad_import_is_refused_whole_and_nothing_is_written(
    make: Any, kind: ImportRefusal, names: str
) -> None:
    storage = MemoryStorage()
    save_history(storage, hand_checked()[:1])
    before = dict(storage.items)
    with pytest.raises(ImportRefusedError, match=re.escape(names)) as refused:
        import_history(storage, make())
    assert refused.value.kind is kind
    assert storage.items == before


def test_an_import_the_storage_cannot_hold_adds_nothing_and_says_so() -> None:
    storage = MemoryStorage()
    save_history(storage, hand_checked()[:1])
    before = dict(storage.items)
    storage.quota = sum(len(k) + len(v) for k, v in before.items())
    outcome = import_history(storage, export_history(hand_checked(), date(2026, 11, 30)))
    assert outcome.added == 0 and outcome.problems[0].kind is ProblemKind.WRITE_FAILED
    assert storage.items == before


def test_read_export_returns_the_records() -> None:
    assert read_export(export_history(hand_checked(), date(2026, 11, 30))) == hand_checked()


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("", 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ("[[[", 3),  # unclosed levels count: the parser recurses into them all the same
        ('["[[[[", "]]"]', 1),  # brackets inside strings do not
        ('["\\"[[[["]', 1),
    ],
)
def test_nesting_depth(text: str, depth: int) -> None:
    assert nesting_depth(text) == depth


def test_a_name_full_of_brackets_is_not_mistaken_for_deep_nesting() -> None:
    name = "[" * 25 + "{" * 25
    data = edited(lambda d: d["players"][0]["player"].update(name=name))
    text = json.dumps(
        {
            "format": "penta-export",
            "version": 1,
            "payload": {"exported": "2026-11-30", "games": [data]},
        }
    )
    (record,) = read_export(text)
    assert record.results[0].player.name == name


def test_ten_years_of_a_familys_daily_game_exported_can_be_imported_back() -> None:
    """The import's size limit is no smaller than the export of a family's history: four
    players, a game a day for ten years (from the export's size of a sample of such games)."""
    chooser = random.Random(7)
    sample = tuple(
        record_game(
            f"{n:016x}",
            play_to_end(new_game("penta", players(4), SeededDice(n)), chooser),
            date(2026, 1, 1),
        )
        for n in range(20)
    )
    per_game = len(export_history(sample, date(2026, 12, 1)).encode()) / len(sample)
    assert per_game * 365 * 10 <= MAX_IMPORT_BYTES
