"""The game the device could not save, remembered until the next start, to say so then.

When a save of the session fails (the store is full), the shell keeps the text of the record it
could not write in a second store that outlives a reload (the browser's sessionStorage, whose
quota is its own), and forgets it once a later save of the session succeeds:

    note_unsaved(marks, text)                   a session record that could not be saved
    forget_unsaved(marks)                       the session was saved (or removed) after all
    stale_save(marks, restored) -> StaleSave | None
        at start, once: what to say when the game restored is not the one being played (a
        notice's catalog key and values); the mark is forgotten then: it is said once

Which game is older is decided by the games' ids (kept while a game is played on) or their
scored boxes (all of the restored game's in the unsaved one): the restored game is an earlier
state of the unsaved one, or another game.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.errors import SaveFileError
from game.persistence.session import Restored, StoredSession, read_session_text
from game.persistence.storage import Storage, StorageError
from game.play.state import GameState

UNSAVED_KEY = "penta.unsaved"


@dataclass(frozen=True)
class StaleSave:
    key: str
    """The catalog key of the notice."""
    values: tuple[tuple[str, int], ...] = ()


def note_unsaved(marks: Storage, text: str) -> None:
    try:
        marks.set(UNSAVED_KEY, text)
    except StorageError:
        return  # nowhere to keep it: the notice that the save failed is all there is


def forget_unsaved(marks: Storage) -> None:
    marks.remove(UNSAVED_KEY)


def stale_save(marks: Storage, restored: Restored) -> StaleSave | None:
    text = marks.get(UNSAVED_KEY)
    if text is None:
        return None
    forget_unsaved(marks)
    try:
        unsaved = read_session_text(text)
    except SaveFileError:
        return None  # a damaged mark says nothing certain
    return _compare(unsaved, restored)


def _compare(unsaved: StoredSession, restored: Restored) -> StaleSave | None:
    played = unsaved.saved.game
    if restored.game is None or not (
        restored.game_id == unsaved.game_id or _scored_within(restored.game, played)
    ):
        return StaleSave("storage.unsaved_game")
    if restored.game == played:
        return None  # saved after all
    saved_boxes, played_boxes = _scored_boxes(restored.game), _scored_boxes(played)
    if saved_boxes < played_boxes:
        return StaleSave(
            "storage.restored_older", (("played", played_boxes), ("saved", saved_boxes))
        )
    return StaleSave("storage.restored_not_latest")  # the same boxes: dice, or a take-back


def _scored_within(earlier: GameState, later: GameState) -> bool:
    """Whether every box scored in `earlier` holds the same points in `later`, of the same
    ruleset and number of players (a language change renames default players, and the id)."""
    return (
        earlier.ruleset == later.ruleset
        and len(earlier.sheets) == len(later.sheets)
        and all(
            points is None or points == after.scores[index]
            for before, after in zip(earlier.sheets, later.sheets, strict=True)
            for index, points in enumerate(before.scores)
        )
    )


def _scored_boxes(game: GameState) -> int:
    return sum(points is not None for sheet in game.sheets for points in sheet.scores)
