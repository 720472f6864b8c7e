"""Every storage problem is told with a notice whose words every language has."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app.notices import notice, problem_notice
from game.persistence.storage import ProblemKind, StorageProblem

CATALOGS = Path(__file__).parents[2] / "game" / "catalogs"


@pytest.mark.parametrize("language", ["en", "he", "et"])
@pytest.mark.parametrize("kind", list(ProblemKind))
def test_every_storage_problem_has_a_notice_in_every_language(
    kind: ProblemKind, language: str
) -> None:
    catalog = json.loads((CATALOGS / f"{language}.json").read_text(encoding="utf-8"))
    key = problem_notice(StorageProblem("penta.session", kind, "reason")).key
    assert key in catalog["messages"]


def test_a_notice_keeps_its_values_in_one_order() -> None:
    assert notice("data.import_done", games=2, b=1) == notice("data.import_done", b=1, games=2)
