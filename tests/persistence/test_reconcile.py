"""Two differing copies of a record (game.persistence.reconcile): a history keeps both copies'
games; any other record takes the later copy unless only the earlier can be read, and the copy
not taken is set aside."""

from __future__ import annotations

from game.persistence.history import HISTORY
from game.persistence.reconcile import Reconciled, reconciled
from game.persistence.session import PREFERENCES_KEY, SESSION_KEY, session_text
from game.persistence.storage import MemoryStorage
from game.play.engine import new_game
from game.play.random_source import SeededDice
from tests.persistence.persistence_helpers import players


def session(seed: int) -> str:
    return session_text(MemoryStorage(), new_game("penta", players(1), SeededDice(seed)))


def test_two_readable_sessions_take_the_later_the_earlier_set_aside() -> None:
    earlier, later = session(1), session(2)
    assert reconciled(SESSION_KEY, earlier, later) == Reconciled(later, earlier)


def test_a_later_copy_that_cannot_be_read_leaves_the_earlier_in_place() -> None:
    good = session(1)
    assert reconciled(SESSION_KEY, good, "{cut short") == Reconciled(good, "{cut short")
    assert reconciled(PREFERENCES_KEY, "[", "{") == Reconciled("{", "[")  # neither: the later


def test_a_history_that_cannot_be_read_is_not_merged() -> None:
    assert reconciled(HISTORY.key, "{", "[]") == Reconciled("[]", "{")


def test_a_record_no_reader_knows_takes_the_later_copy() -> None:
    assert reconciled("penta.other", "a", "b") == Reconciled("b", "a")
