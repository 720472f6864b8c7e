"""The notices of storage problems and of the export's and the import's outcomes: which catalog
key tells the player of each (the shell reports what storage said; the words are the core's)."""

from __future__ import annotations

from game.app.model import SAVE_FAILED_NOTICE, Notice
from game.persistence.storage import ProblemKind, StorageProblem

PROBLEM_NOTICES = {
    ProblemKind.NOT_JSON: "storage.corrupt",
    ProblemKind.INVALID: "storage.corrupt",
    ProblemKind.UNKNOWN_VERSION: "storage.unknown_version",
    ProblemKind.WRITE_FAILED: SAVE_FAILED_NOTICE.key,
}
DATA_NOTICES = "data."
"""The catalog keys of the export's and the import's outcomes."""


def notice(key: str, **values: int) -> Notice:
    return Notice(key, tuple(sorted(values.items())))


def problem_notice(problem: StorageProblem) -> Notice:
    """The notice that tells the player of `problem`."""
    return Notice(PROBLEM_NOTICES[problem.kind])
