"""The session's turn record: the auto-score countdown's box and time left, and the
box it scored, survive a reload; sessions of version 1 still load; bad records are refused."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from game.persistence.exchange import EXPORT_VERSIONS, export_history, read_export_contents
from game.persistence.kept import KEPT_KEY, KeptGame, add_kept, load_kept
from game.persistence.session import SESSION_KEY, SESSION_VERSIONS, restore_session, save_session
from game.persistence.storage import MemoryStorage, ProblemKind
from game.persistence.turn_record import PendingCountdown, TurnRecord

FIXTURE = Path(__file__).parent / "fixtures" / "session_v1_penta_last_roll.json"
TODAY = date(2026, 1, 1)


def test_a_committed_version_1_session_loads_with_no_turn_record_and_saves_as_the_current() -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 1
    storage = MemoryStorage({SESSION_KEY: text})
    restored = restore_session(storage)
    assert restored.problems == () and restored.migrated
    assert restored.game is not None and restored.game.rolls_left == 0
    assert restored.turn is None
    record = TurnRecord(PendingCountdown("chance", 3, 2.5))
    save_session(storage, restored.game, today=TODAY, turn=record)
    stored = json.loads(storage.items[SESSION_KEY])
    assert stored["version"] == SESSION_VERSIONS.current
    assert stored["payload"]["game_id"] == json.loads(text)["payload"]["game_id"]
    assert stored["payload"]["turn"] == {
        "countdown": {"box": "chance", "seconds": 3, "remaining": 2.5},
        "auto_scored": None,
        "coach": [],
        "entry": [],
        "guide": False,
    }
    again = restore_session(storage)
    assert again.turn == record and not again.migrated


def test_no_turn_record_is_stored_as_null() -> None:
    storage = MemoryStorage({SESSION_KEY: FIXTURE.read_text(encoding="utf-8")})
    game = restore_session(storage).game
    save_session(storage, game, today=TODAY, turn=TurnRecord())
    assert json.loads(storage.items[SESSION_KEY])["payload"]["turn"] is None
    assert restore_session(storage).turn is None


def session_with_turn(turn: Any) -> str:
    storage = MemoryStorage({SESSION_KEY: FIXTURE.read_text(encoding="utf-8")})
    save_session(storage, restore_session(storage).game, today=TODAY)
    envelope = json.loads(storage.items[SESSION_KEY])
    envelope["payload"]["turn"] = turn
    return json.dumps(envelope)


COUNTDOWN = {"box": "chance", "seconds": 3, "remaining": 1.5}


NO_TURN: dict[str, Any] = {
    "countdown": None,
    "auto_scored": None,
    "coach": [],
    "entry": [],
    "guide": False,
}


def without(key: str) -> dict[str, Any]:
    return {name: value for name, value in NO_TURN.items() if name != key}


@pytest.mark.parametrize(
    ("turn", "names"),
    [
        ("soon", "'soon'"),
        (without("auto_scored"), "missing key 'auto_scored'"),
        ({**NO_TURN, "deadline": 5}, "unknown key 'deadline'"),
        ({**NO_TURN, "countdown": {**COUNTDOWN, "remaining": 0}}, "not 0"),
        ({**NO_TURN, "countdown": {**COUNTDOWN, "remaining": 4}}, "not 4"),
        ({**NO_TURN, "countdown": {**COUNTDOWN, "remaining": True}}, "not True"),
        ({**NO_TURN, "countdown": {**COUNTDOWN, "seconds": -3}}, "got -3"),
        ({**NO_TURN, "countdown": {**COUNTDOWN, "box": 7}}, "not 7"),
        ({**NO_TURN, "auto_scored": "x" * 41}, "auto_scored"),
        (without("coach"), "missing key 'coach'"),
        ({**NO_TURN, "coach": "warn"}, "'warn'"),
        ({**NO_TURN, "entry": [6, 6, 6, 6, 6, 6]}, "session.turn.entry"),
        ({**NO_TURN, "entry": [9]}, "not 9"),
        (without("guide"), "missing key 'guide'"),
        ({**NO_TURN, "guide": "yes"}, "not 'yes'"),
    ],
)
def test_a_bad_turn_record_is_refused_and_set_aside(turn: Any, names: str) -> None:
    storage = MemoryStorage({SESSION_KEY: session_with_turn(turn)})
    restored = restore_session(storage)
    assert restored.game is None
    (problem,) = restored.problems
    assert problem.kind is ProblemKind.INVALID and names in problem.reason
    assert "session.turn" in problem.reason


FIXTURE_V2 = Path(__file__).parent / "fixtures" / "session_v2_penta_countdown.json"


def test_a_committed_version_2_session_loads_with_every_coach_off() -> None:
    text = FIXTURE_V2.read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 2
    assert "coach" not in json.loads(text)["payload"]["turn"]
    restored = restore_session(MemoryStorage({SESSION_KEY: text}))
    assert restored.problems == () and restored.migrated
    assert restored.turn == TurnRecord(PendingCountdown("chance", 3, 2.5), None, ())


GUIDED = TurnRecord(PendingCountdown("chance", 3, 2.5), guide=True)


def as_before_the_guide(turn: dict[str, Any]) -> dict[str, Any]:
    """A turn record as builds before the guided turn was kept wrote it."""
    assert turn.pop("guide") is True
    return turn


def test_the_guide_under_way_is_kept_and_older_sessions_have_none() -> None:
    storage = MemoryStorage({SESSION_KEY: FIXTURE.read_text(encoding="utf-8")})
    game = restore_session(storage).game
    save_session(storage, game, today=TODAY, turn=GUIDED)
    assert restore_session(storage).turn == GUIDED
    envelope = json.loads(storage.items[SESSION_KEY])
    as_before_the_guide(envelope["payload"]["turn"])
    envelope["version"] = 4
    restored = restore_session(MemoryStorage({SESSION_KEY: json.dumps(envelope)}))
    assert restored.problems == () and restored.migrated
    assert restored.turn == TurnRecord(PendingCountdown("chance", 3, 2.5), guide=False)


def test_games_kept_and_exports_of_before_the_guide_read_with_none_under_way() -> None:
    storage = MemoryStorage({SESSION_KEY: FIXTURE.read_text(encoding="utf-8")})
    game = restore_session(storage).game
    assert game is not None
    kept = KeptGame("0123456789abcdef", game, None, GUIDED, TODAY)
    assert add_kept(storage, kept).done
    (read,) = load_kept(storage).value or ()
    assert read.turn == GUIDED
    # The games kept, as version 1 stored them.
    record = json.loads(storage.items[KEPT_KEY])
    assert record["version"] == 2
    as_before_the_guide(record["payload"]["games"][0]["turn"])
    record["version"] = 1
    older = load_kept(MemoryStorage({KEPT_KEY: json.dumps(record)}))
    assert older.problem is None and older.migrated
    (entry,) = older.value or ()
    assert entry.turn == replace(GUIDED, guide=False)
    # An export of version 5 (its games kept are stored the same way).
    document = json.loads(export_history((), TODAY, (kept,)))
    assert document["version"] == EXPORT_VERSIONS.current
    as_before_the_guide(document["payload"]["kept"][0]["turn"])
    document["version"] = 5
    (imported,) = read_export_contents(json.dumps(document)).kept
    assert imported.turn == replace(GUIDED, guide=False)
