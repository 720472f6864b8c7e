"""Autosave and resume through the storage port; bad stored data set aside and reported."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.coach.protocol import CoachMode
from game.errors import SaveFileError
from game.persistence import session as session_module
from game.persistence.history import HISTORY, load_history
from game.persistence.migrations import MigrationChain
from game.persistence.savefile import SCHEMA_VERSION, game_to_data
from game.persistence.session import (
    PREFERENCES_KEY,
    SESSION_KEY,
    SESSION_VERSIONS,
    read_session_text,
    restore_session,
    save_preferences,
    save_session,
)
from game.persistence.storage import (
    LARGEST_QUARANTINE_NUMBER,
    MemoryStorage,
    ProblemKind,
    ReadResult,
    RecordKind,
    StorageError,
    discard_quarantined,
    quarantined,
    quarantined_export,
    read_record,
    write_record,
)
from game.persistence.turn_record import PendingCountdown, TurnRecord
from game.play.engine import new_game, roll, score, toggle_keep
from game.play.move_log import MoveLog
from game.play.random_source import EntropyDice, SeededDice
from game.play.state import Player
from game.play.undo import UndoSetting, undo_point
from tests.persistence.persistence_helpers import play_to_end, random_steps, seeded_game
from tests.profiles import examples

TODAY = date(2026, 11, 30)


def ids(seed: int = 0) -> random.Random:
    return random.Random(seed)


def stored_envelope(storage: MemoryStorage) -> dict[str, object]:
    text = storage.get(SESSION_KEY)
    assert text is not None
    envelope: dict[str, object] = json.loads(text)
    return envelope


# --- round trips -----------------------------------------------------------------------------


@pytest.mark.heavy  # in CI (40 games, every action saved and restored)
@settings(max_examples=examples(40), deadline=None)
@given(
    ruleset_id=st.sampled_from(["penta", "yatzy"]),
    count=st.integers(1, 4),
    seed=st.integers(0, 2**32),
)
def test_every_action_of_a_random_game_is_saved_and_restored_exactly(
    ruleset_id: str, count: int, seed: int
) -> None:
    storage = MemoryStorage()
    first_id = None
    for before, after in random_steps(seeded_game(ruleset_id, count, seed), random.Random(seed)):
        kept = undo_point(before, after, UndoSetting.ON) if after.dice is None else None
        report = save_session(storage, after, today=TODAY, before_last_turn=kept, ids=ids(seed))
        assert report.problems == ()
        restored = restore_session(storage)
        assert restored.problems == ()
        assert restored.game == after and restored.before_last_turn == kept
        game_id = json.loads(storage.items[SESSION_KEY])["payload"]["game_id"]
        first_id = first_id or game_id
        assert game_id == first_id  # one game, one id, from the first save to the last
    (record,) = load_history(storage).value or ()
    assert record.id == first_id and record.finished == TODAY


@settings(max_examples=examples(20), deadline=None)
@given(
    ruleset_id=st.sampled_from(["penta", "yatzy"]),
    count=st.integers(1, 3),
    seed=st.integers(0, 2**32),
)
def test_a_save_finds_the_session_it_wrote_as_reading_its_text_gives_it(
    ruleset_id: str, count: int, seed: int
) -> None:
    # A save does not read again the text the save before wrote (game.persistence.session):
    # what it remembers of it must be what reading it gives.
    storage = MemoryStorage()
    chooser = random.Random(seed)
    for before, after in random_steps(seeded_game(ruleset_id, count, seed), chooser):
        kept = undo_point(before, after, UndoSetting.ON) if after.dice is None else None
        countdown = PendingCountdown(chooser.choice([None, "chance"]), 3, 1.5)
        turn = chooser.choice(
            [None, TurnRecord(), TurnRecord(countdown, "chance", (CoachMode.WARN,) * count)]
        )
        save_session(storage, after, today=TODAY, before_last_turn=kept, turn=turn, ids=ids(seed))
        text = storage.items[SESSION_KEY]
        assert {text: read_session_text(text)} == session_module._LAST_WRITTEN


def test_a_reload_mid_turn_gives_the_same_dice_and_no_extra_roll() -> None:
    state = roll(new_game("penta", [Player("Dana")], EntropyDice(random.Random(3))), 0)
    state = roll(toggle_keep(state, 0, 2), 0)
    storage = MemoryStorage()
    save_session(storage, state, today=TODAY, ids=ids())
    restored = restore_session(storage, entropy=random.Random(99)).game
    assert restored is not None
    assert (restored.dice, restored.kept, restored.rolls_left) == (state.dice, (2,), 1)
    # The next roll is the one roll left, whatever the new random source gives.
    assert roll(restored, 0).rolls_left == 0 and not roll(restored, 0).can_roll


def test_a_seeded_game_restored_rolls_the_dice_it_would_have_rolled() -> None:
    state = roll(seeded_game("yatzy", 2, seed=8), 0)
    storage = MemoryStorage()
    save_session(storage, state, today=TODAY, ids=ids())
    restored = restore_session(storage).game
    assert restored is not None and roll(restored, 0, [0, 1]) == roll(state, 0, [0, 1])


def test_an_empty_storage_restores_nothing_and_reports_nothing() -> None:
    restored = restore_session(MemoryStorage())
    assert (restored.game, restored.before_last_turn, restored.preferences) == (None, None, None)
    assert restored.problems == ()


def test_preferences_are_kept_in_an_envelope() -> None:
    storage = MemoryStorage()
    preferences = {"format": "penta-preferences", "version": 1, "language": "he"}
    assert save_preferences(storage, preferences) is None
    envelope = json.loads(storage.items[PREFERENCES_KEY])
    assert envelope == {"format": "penta-preferences-record", "version": 1, "payload": preferences}
    assert restore_session(storage).preferences == preferences


# --- game ids and the history ----------------------------------------------------------------


def test_a_new_game_gets_a_new_id_and_leaving_a_game_removes_the_session() -> None:
    storage = MemoryStorage()
    first = roll(seeded_game("penta", 2, seed=1), 0)
    save_session(storage, score(first, 0, "chance"), today=TODAY, ids=ids(1))
    first_id = json.loads(storage.items[SESSION_KEY])["payload"]["game_id"]
    save_session(storage, seeded_game("penta", 2, seed=1), today=TODAY, ids=ids(2))
    assert json.loads(storage.items[SESSION_KEY])["payload"]["game_id"] != first_id
    save_session(storage, None, today=TODAY)
    assert SESSION_KEY not in storage.items and restore_session(storage).game is None


def test_a_finished_game_is_recorded_once_and_saving_it_again_adds_nothing() -> None:
    storage = MemoryStorage()
    finished = play_to_end(seeded_game("yatzy", 3, seed=4), random.Random(4))
    report = save_session(storage, finished, today=TODAY, ids=ids())
    assert report.recorded is not None and report.recorded.finished == TODAY
    history = storage.items[HISTORY.key]
    again = save_session(storage, finished, today=date(2026, 12, 1), ids=ids(5))
    assert again.recorded is None and storage.items[HISTORY.key] == history
    (record,) = load_history(storage).value or ()
    assert [result.total for result in record.results] == [s.total for s in finished.sheets]
    assert record.finished == TODAY


def test_taking_back_the_last_box_withdraws_the_record_until_the_game_ends_again() -> None:
    storage = MemoryStorage()
    state = seeded_game("penta", 1, seed=12)
    chooser = random.Random(12)
    steps = list(random_steps(state, chooser))
    before, finished = steps[-1]
    assert finished.is_over
    save_session(storage, before, today=TODAY, ids=ids())
    kept = undo_point(before, finished, UndoSetting.AUTO)
    assert kept is before
    assert save_session(storage, finished, today=TODAY, before_last_turn=kept).recorded
    assert len(load_history(storage).value or ()) == 1
    save_session(storage, before, today=TODAY)  # the undo
    assert load_history(storage).value == ()
    assert save_session(storage, finished, today=TODAY).recorded is not None
    assert len(load_history(storage).value or ()) == 1


# --- bad stored data -------------------------------------------------------------------------


def session_text(storage: MemoryStorage) -> str:
    save_session(storage, roll(seeded_game("penta", 2, seed=3), 0), today=TODAY, ids=ids())
    return storage.items[SESSION_KEY]


def tampered_session(edit: str) -> str:
    envelope = json.loads(session_text(MemoryStorage()))
    game = envelope["payload"]["game"]
    if edit == "extra roll":
        game["turn"]["rolls_left"] = 3
    elif edit == "loaded dice":
        game["turn"]["dice"] = [6, 6, 6, 6, 7]
    elif edit == "rewound dice":
        game["dice_source"]["position"] = 0
    elif edit == "a crowd":  # a page of 10,001 columns froze for a minute (a hostile walk)
        game["players"] = [{"name": f"P{n}", "kind": "human", "level": None} for n in range(101)]
    elif edit == "unknown level":  # the game stopped at the computer's turn, for good
        game["players"][1] = {"name": "Bot", "kind": "computer", "level": "expert"}
    elif edit == "direction override":  # shown as "Alice"
        game["players"][0]["name"] = "\u202eecilA"
    elif edit == "newer envelope":
        envelope["version"] = SESSION_VERSIONS.current + 1
    elif edit == "newer game":
        game["schema_version"] = SCHEMA_VERSION + 1
    elif edit == "bad id":
        envelope["payload"]["game_id"] = "<script>"
    return json.dumps(envelope)


BAD_SESSIONS = [
    ("cut short", lambda: session_text(MemoryStorage())[:-40], ProblemKind.NOT_JSON, "is not"),
    ("not json at all", lambda: "\x00garbage", ProblemKind.NOT_JSON, "is not"),
    (
        "other format",
        lambda: '{"format": "x", "version": 1, "payload": {}}',
        ProblemKind.INVALID,
        "'x'",
    ),
    (
        "newer envelope",
        lambda: tampered_session("newer envelope"),
        ProblemKind.UNKNOWN_VERSION,
        f"not {SESSION_VERSIONS.current + 1}",
    ),
    (
        "newer game",
        lambda: tampered_session("newer game"),
        ProblemKind.UNKNOWN_VERSION,
        f"not {SCHEMA_VERSION + 1}",
    ),
    ("extra roll", lambda: tampered_session("extra roll"), ProblemKind.INVALID, "turn.rolls_left"),
    ("loaded dice", lambda: tampered_session("loaded dice"), ProblemKind.INVALID, "7"),
    ("rewound dice", lambda: tampered_session("rewound dice"), ProblemKind.INVALID, "at least 5"),
    ("bad id", lambda: tampered_session("bad id"), ProblemKind.INVALID, "'<script>'"),
    (
        "a crowd",
        lambda: tampered_session("a crowd"),
        ProblemKind.INVALID,
        "1 to 100 entries, got 101",
    ),
    ("unknown level", lambda: tampered_session("unknown level"), ProblemKind.INVALID, "'expert'"),
    (
        "direction override",
        lambda: tampered_session("direction override"),
        ProblemKind.INVALID,
        "U+202E",
    ),
]


@pytest.mark.parametrize(
    ("make", "kind", "names"), [case[1:] for case in BAD_SESSIONS], ids=[c[0] for c in BAD_SESSIONS]
)
def test_a_bad_session_is_quarantined_and_reported_and_the_app_starts(
    make: object, kind: ProblemKind, names: str
) -> None:
    assert callable(make)
    text = make()
    storage = MemoryStorage({SESSION_KEY: text})
    restored = restore_session(storage)
    assert restored.game is None
    (problem,) = restored.problems
    assert problem.key == SESSION_KEY and problem.kind is kind and names in problem.reason
    assert "unexpected" not in problem.reason
    assert problem.moved_to == f"penta.quarantine.1:{SESSION_KEY}"
    assert storage.items == {problem.moved_to: text}  # moved byte for byte, nothing deleted
    (item,) = quarantined(storage)
    assert (item.key, item.original_key, item.number) == (problem.moved_to, SESSION_KEY, 1)


def test_saving_over_an_unreadable_session_moves_it_aside_first() -> None:
    storage = MemoryStorage({SESSION_KEY: "{broken"})
    report = save_session(storage, seeded_game("yatzy", 1, seed=0), today=TODAY, ids=ids())
    (problem,) = report.problems
    assert problem.moved_to is not None and storage.items[problem.moved_to] == "{broken"
    assert restore_session(storage).game == seeded_game("yatzy", 1, seed=0)


def test_each_unreadable_record_gets_its_own_quarantine_key_in_order() -> None:
    storage = MemoryStorage({SESSION_KEY: "1", HISTORY.key: "[", PREFERENCES_KEY: "{}"})
    problems = restore_session(storage).problems
    history_problem = load_history(storage).problem
    assert history_problem is not None
    problems = (*problems, history_problem)
    assert [p.key for p in problems] == [SESSION_KEY, PREFERENCES_KEY, HISTORY.key]
    assert [item.original_key for item in quarantined(storage)] == [p.key for p in problems]
    assert [item.number for item in quarantined(storage)] == [1, 2, 3]
    storage.items[SESSION_KEY] = "again"
    (problem,) = restore_session(storage).problems
    assert problem.moved_to == f"penta.quarantine.4:{SESSION_KEY}"


def test_everything_set_aside_is_exported_in_one_file_byte_for_byte() -> None:
    texts = {SESSION_KEY: '{"game": \u2028"שלום 🎲', HISTORY.key: "[", PREFERENCES_KEY: "{}"}
    storage = MemoryStorage(dict(texts))
    restore_session(storage)
    load_history(storage)
    exported = json.loads(quarantined_export(storage))
    assert (exported["format"], exported["version"]) == ("penta-unreadable", 1)
    found = [item.original_key for item in quarantined(storage)]
    assert exported["records"] == [{"found_under": key, "text": texts[key]} for key in found]
    assert sorted(found) == sorted(texts)


@pytest.mark.parametrize("number", ["9" * 5000, "0", "1" + "0" * 9, "\u00b2"])
def test_a_key_under_the_quarantine_prefix_that_is_none_of_its_keys_stops_nothing(
    number: str,
) -> None:
    # 5,000 digits are past what int() reads: the app stopped at every start (a hostile walk).
    junk = f"penta.quarantine.{number}:{HISTORY.key}"
    storage = MemoryStorage({junk: "x", HISTORY.key: "{bad"})
    problem = load_history(storage).problem
    assert problem is not None and problem.moved_to == f"penta.quarantine.1:{HISTORY.key}"
    assert [item.key for item in quarantined(storage)] == [problem.moved_to]
    assert storage.items[junk] == "x"  # not the app's: left as it is


def test_past_the_largest_number_a_text_is_set_aside_under_the_lowest_free_one() -> None:
    """A key of the largest number (written by a hostile hand) left the next text set aside
    under ten digits, which no listing reads: it could not be exported, and the one after it
    overwrote it (a hostile-data walk)."""
    largest = f"penta.quarantine.{LARGEST_QUARANTINE_NUMBER}:{SESSION_KEY}"
    storage = MemoryStorage({largest: "oldest", "penta.quarantine.1:x": "first"})
    for attempt, expected_number in (("{bad", 2), ("{worse", 3)):
        storage.items[SESSION_KEY] = attempt
        (problem,) = restore_session(storage).problems
        assert problem.moved_to == f"penta.quarantine.{expected_number}:{SESSION_KEY}"
    texts = {item.key: storage.items[item.key] for item in quarantined(storage)}
    assert sorted(texts.values()) == ["first", "oldest", "{bad", "{worse"]  # each one listed


def test_a_quarantined_text_is_deleted_only_when_asked_and_only_from_quarantine() -> None:
    storage = MemoryStorage({SESSION_KEY: "x"})
    restore_session(storage)
    (item,) = quarantined(storage)
    with pytest.raises(ValueError, match="not a quarantine key"):
        discard_quarantined(storage, SESSION_KEY)
    discard_quarantined(storage, item.key)
    assert storage.items == {}


def test_a_full_storage_keeps_the_unreadable_text_in_place_and_says_so() -> None:
    storage = MemoryStorage({SESSION_KEY: "{" * 50}, quota=60)
    (problem,) = restore_session(storage).problems
    assert problem.moved_to is None and storage.items == {SESSION_KEY: "{" * 50}


def test_a_failed_write_is_reported_and_leaves_the_last_save() -> None:
    storage = MemoryStorage()
    game = roll(seeded_game("penta", 1, seed=2), 0)
    save_session(storage, game, today=TODAY, ids=ids())
    saved = dict(storage.items)
    storage.quota = sum(len(k) + len(v) for k, v in saved.items())
    report = save_session(storage, roll(game, 0), today=TODAY)
    (problem,) = report.problems
    assert problem.kind is ProblemKind.WRITE_FAILED and "quota" in problem.reason
    assert storage.items == saved


def test_memory_storage_raises_storage_error_beyond_its_quota() -> None:
    storage = MemoryStorage(quota=10)
    storage.set("k", "123456789")
    with pytest.raises(StorageError, match="'k2'"):
        storage.set("k2", "1")


def test_a_stored_game_of_schema_1_is_migrated_on_restore() -> None:
    state = roll(seeded_game("yatzy", 2, seed=6), 0)
    game = game_to_data(state)
    del game["last_turn"], game["log"]
    game["schema_version"] = 1
    envelope = {
        "format": "penta-session",
        "version": 1,
        "payload": {"game_id": "0" * 16, "game": game},
    }
    storage = MemoryStorage({SESSION_KEY: json.dumps(envelope)})
    restored = restore_session(storage)
    assert restored.problems == () and restored.migrated
    assert restored.game is not None and replace(restored.game, log=state.log) == state
    assert restored.game.log == MoveLog(since_turn=1)  # the turn under way was not logged
    save_session(storage, restored.game, today=TODAY)
    assert (
        json.loads(storage.items[SESSION_KEY])["payload"]["game"]["schema_version"]
        == SCHEMA_VERSION
    )
    assert json.loads(storage.items[SESSION_KEY])["payload"]["game_id"] == "0" * 16
    assert not restore_session(storage).migrated


def test_the_seeded_dice_position_is_in_the_save() -> None:
    state = roll(seeded_game("penta", 1, seed=77), 0)
    storage = MemoryStorage()
    save_session(storage, state, today=TODAY, ids=ids())
    payload = json.loads(storage.items[SESSION_KEY])["payload"]
    assert payload["game"]["dice_source"] == {"kind": "seeded", "seed": 77, "position": 5}
    assert isinstance(state.dice_source, SeededDice)


def test_an_older_envelope_is_upgraded_through_its_kinds_migrations() -> None:
    def read(payload: dict[str, object]) -> dict[str, object]:
        if set(payload) != {"names"}:
            raise SaveFileError(f"toy: expected names, got {sorted(payload)}")
        return payload

    toy = RecordKind(
        "penta.toy",
        MigrationChain("penta-toy", current=2, steps={1: lambda old: {"names": [old["name"]]}}),
        read,
    )
    storage = MemoryStorage(
        {"penta.toy": '{"format":"penta-toy","version":1,"payload":{"name":"Dana"}}'}
    )
    result = read_record(storage, toy)
    assert result == ReadResult({"names": ["Dana"]}, problem=None, migrated=True)
    assert write_record(storage, toy, {"names": ["Dana"]}) is None
    assert json.loads(storage.items["penta.toy"])["version"] == 2
    assert read_record(storage, toy).migrated is False
