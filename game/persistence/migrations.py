"""Upgrading stored JSON from an older version, one version at a time.

A `MigrationChain` knows one format's current version and, for each older version it still
reads, a pure function that turns data of version v into data of version v + 1:

    SAVED_GAME = MigrationChain("penta-game", current=2, steps={1: add_last_turn})
    SAVED_GAME.upgrade(data, version=1) -> data of version 2      (the input is not changed)

Loading then validates only the current version, so each reader stays strict and each step
stays small. To change a format: raise `current`, add the step from the previous version,
keep every older step, and commit a fixture saved in the previous version with a test that
loads it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.errors import SaveFileError, UnsupportedVersionError

JsonObject = dict[str, Any]
Migration = Callable[[JsonObject], JsonObject]


@dataclass(frozen=True)
class MigrationChain:
    """One format's current version and the steps up to it from each older version read.

    Raises:
        ValueError: `steps` do not lead from the oldest version to `current` one at a time.
    """

    format: str
    current: int
    steps: Mapping[int, Migration]
    """steps[v] turns data of version v into data of version v + 1."""

    def __post_init__(self) -> None:
        expected = set(range(self.oldest, self.current))
        if set(self.steps) != expected:
            raise ValueError(
                f"{self.format}: migrations must lead from version {self.oldest} to "
                f"{self.current} one step at a time, not from versions {sorted(self.steps)}"
            )

    @property
    def oldest(self) -> int:
        """The oldest version this build still reads."""
        return min(self.steps, default=self.current)

    def check_version(self, version: object) -> int:
        """`version` if this build reads it, as is or migrated; else an error that says whether
        a newer build wrote it (only a whole number past the current version was: "a newer
        version" said of a version 0 or "5" sent a player looking for an update).

        >>> chain = MigrationChain("penta-game", current=2, steps={1: dict})
        >>> chain.check_version(1)
        1
        >>> chain.check_version(3)
        Traceback (most recent call last):
        game.errors.UnsupportedVersionError: penta-game: this build reads versions 1 to 2, not 3 ...
        >>> chain.check_version(0)
        Traceback (most recent call last):
        game.errors.SaveFileError: penta-game: this build reads versions 1 to 2, not 0

        Raises:
            UnsupportedVersionError: `version` is newer than those read.
            SaveFileError: `version` is not a whole number, or older than those read (no build
                wrote it).
        """
        if isinstance(version, bool) or not isinstance(version, int):
            raise SaveFileError(f"{self.format}: a version is a whole number, not {version!r:.80}")
        if version > self.current:
            raise UnsupportedVersionError(
                f"{self.format}: this build reads versions {self.oldest} to {self.current}, "
                f"not {version} (saved by a newer build)"
            )
        if version < self.oldest:
            raise SaveFileError(
                f"{self.format}: this build reads versions {self.oldest} to {self.current}, "
                f"not {version}"
            )
        return version

    def upgrade(self, data: JsonObject, version: object) -> JsonObject:
        """`data` of `version` brought to the current version; the input is left unchanged.

        Raises:
            UnsupportedVersionError: `version` is not one this build reads.
        """
        start = self.check_version(version)
        if start == self.current:
            return data
        upgraded = copy.deepcopy(data)  # steps may edit in place; the caller's data stays intact
        for step_from in range(start, self.current):
            upgraded = self.steps[step_from](upgraded)
        return upgraded
