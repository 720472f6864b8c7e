"""What the session keeps of the turn beyond the game itself, so that a reload loses nothing.

    TurnRecord(countdown, auto_scored, coach, entry, guide)
        countdown     the auto-score countdown that was running: the box it named, its length
                      and the seconds it had left (None: no countdown)
        auto_scored   the box the countdown just scored (it may be taken back until the next
                      roll whatever the undo setting, since the player did not choose it)
        coach         each seat's coach while playing (game.app.coaching), for the game
        entry         with real dice, the faces on the pad not yet the game's dice (fewer
                      than five, or the roll asked about being changed: game.app.entry)
        guide         the guided first turn was under way (game.app.guide): a reload goes on
                      guiding (a walk reloaded at its step 4 and it was gone for good)
    turn_record_to_data(record) -> JSON object
    turn_record_from_data(data, path) -> TurnRecord          raises SaveFileError

The time left is stored rather than a moment: the app's clock is the device's, and the seconds
the page was away (reloading, closed) do not count against the player.

Stored in the session's payload (game.persistence.session) as

    "turn": {"countdown": {"box": "chance", "seconds": 3, "remaining": 1.8},
             "auto_scored": null, "coach": ["warn", "off"], "entry": [6, 2, 4],
             "guide": false}

("coach" came with the session's version 3: a record of version 2 has every coach off;
"entry" with version 4: a record of version 3 has an empty pad; "guide" with version 5, the
games kept's version 2 and the export's version 6: an older record has no guide under way.)

Only the shape is checked here; whether the box fits the game restored is for the app to judge
(game.app.countdown), which ignores a record that does not fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.coach.protocol import CoachMode
from game.errors import SaveFileError
from game.persistence.readers import check_keys, read_int, read_list, read_object
from game.play.state import MAX_PLAYERS
from game.rules.dice import DICE_COUNT, FACES

MAX_BOX_ID_LENGTH = 40
MAX_COUNTDOWN_SECONDS = 60


@dataclass(frozen=True)
class PendingCountdown:
    box: str | None
    """The box the countdown named (None: the coach chooses when it ends)."""
    seconds: int
    """Its full length."""
    remaining: float
    """The seconds it had left when saved (0 < remaining <= seconds)."""


@dataclass(frozen=True)
class TurnRecord:
    countdown: PendingCountdown | None = None
    auto_scored: str | None = None
    coach: tuple[CoachMode, ...] = ()
    """Each seat's coach while playing (empty: all off)."""
    entry: tuple[int, ...] = ()
    """The faces on the pad of a game played with real dice, in the order entered."""
    guide: bool = False
    """The guided first turn was under way."""


def turn_record_to_data(record: TurnRecord) -> dict[str, Any]:
    countdown = record.countdown
    return {
        "countdown": None
        if countdown is None
        else {
            "box": countdown.box,
            "seconds": countdown.seconds,
            "remaining": countdown.remaining,
        },
        "auto_scored": record.auto_scored,
        "coach": [mode.value for mode in record.coach],
        "entry": list(record.entry),
        "guide": record.guide,
    }


def with_no_guide(turn: object) -> None:
    """A stored turn record of before the guide was kept (a migration step's part) gets no
    guide under way. Anything else is left as it is, for the reader to refuse."""
    if isinstance(turn, dict):
        turn["guide"] = False


def turn_record_from_data(data: object, path: str) -> TurnRecord:
    """The record stored at `path`, its shape checked (not whether it fits the game).

    Raises:
        SaveFileError: not an object of the keys above, a box id that is not null or a short
            string, seconds outside 0 to 60, time left not above 0 and at most the seconds,
            an entry that is not at most five faces (whole numbers 1 to 6), or a guide that
            is not true or false.
    """
    entry = read_object(data, path)
    check_keys(entry, path, {"countdown", "auto_scored", "coach", "entry", "guide"})
    auto_scored = _box(entry["auto_scored"], f"{path}.auto_scored")
    coach = _coach(entry["coach"], f"{path}.coach")
    faces = _faces(entry["entry"], f"{path}.entry")
    guide = entry["guide"]
    if not isinstance(guide, bool):
        raise SaveFileError(f"{path}.guide: true or false, not {guide!r:.80}")
    if entry["countdown"] is None:
        return TurnRecord(None, auto_scored, coach, faces, guide)
    where = f"{path}.countdown"
    countdown = read_object(entry["countdown"], where)
    check_keys(countdown, where, {"box", "seconds", "remaining"})
    seconds = read_int(countdown["seconds"], f"{where}.seconds", MAX_COUNTDOWN_SECONDS)
    remaining = countdown["remaining"]
    if (
        isinstance(remaining, bool)
        or not isinstance(remaining, int | float)
        or not math.isfinite(remaining)
        or not 0 < remaining <= seconds
    ):
        raise SaveFileError(
            f"{where}.remaining: seconds above 0, at most {seconds}, not {remaining!r:.80}"
        )
    box = _box(countdown["box"], f"{where}.box")
    countdown_left = PendingCountdown(box, seconds, float(remaining))
    return TurnRecord(countdown_left, auto_scored, coach, faces, guide)


def _faces(value: object, path: str) -> tuple[int, ...]:
    faces = read_list(value, path, 0, DICE_COUNT)
    for index, face in enumerate(faces):
        if type(face) is not int or face not in FACES:
            raise SaveFileError(f"{path}[{index}]: a face from 1 to 6, not {face!r:.80}")
    return tuple(faces)


def _coach(value: object, path: str) -> tuple[CoachMode, ...]:
    modes = read_list(value, path, 0, MAX_PLAYERS)
    for index, mode in enumerate(modes):
        if not isinstance(mode, str) or mode not in tuple(CoachMode):
            choices = ", ".join(CoachMode)
            raise SaveFileError(f"{path}[{index}]: one of {choices}, not {mode!r:.80}")
    return tuple(CoachMode(mode) for mode in modes)


def _box(value: object, path: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= MAX_BOX_ID_LENGTH:
        raise SaveFileError(f"{path}: a box id or null, not {value!r:.80}")
    return value
