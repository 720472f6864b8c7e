"""What the effect tests share: stored records' problems, and picking the effects and notices
an intent brought."""

from __future__ import annotations

from typing import TypeVar

from game.app.effects import Effect
from game.app.intents import SetAutoScore, StartGame
from game.persistence.storage import ProblemKind, StorageProblem
from tests.app.driver import AppDriver

DAMAGED = StorageProblem("penta.unsaved", ProblemKind.INVALID, "no game", "penta.bad.1")
"""A record that could not be read, set aside under another key."""
FULL = StorageProblem("penta.session", ProblemKind.WRITE_FAILED, "the quota is full")


E = TypeVar("E")


def of(kind: type[E], effects: tuple[Effect, ...]) -> list[E]:
    return [effect for effect in effects if isinstance(effect, kind)]


def asked(driver: AppDriver) -> tuple[Effect, ...]:
    """The effects of the driver's last call (a call: mypy narrows no attribute across calls)."""
    return driver.effects


def notice_keys(driver: AppDriver) -> list[str]:
    return [notice.key for notice in driver.state.ui.notices]


def playing(auto_score: int = 0, seed: int = 4) -> AppDriver:
    driver = AppDriver.seeded(seed)
    driver(SetAutoScore(auto_score), StartGame())
    return driver
