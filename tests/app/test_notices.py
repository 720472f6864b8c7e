"""Every storage problem is told with a notice whose words every language has."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app.notices import notice, problem_notice
from game.i18n.translator import Translator
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


@pytest.mark.parametrize(
    ("key", "kind", "said"),
    [
        ("penta.session", ProblemKind.INVALID, "The game in progress could not be read"),
        ("penta.session", ProblemKind.NOT_JSON, "The game in progress could not be read"),
        ("penta.history", ProblemKind.INVALID, "Your history of finished games could not"),
        ("penta.history", ProblemKind.SET_ASIDE_IN_PART, "Some finished games in your history"),
        ("penta.kept", ProblemKind.INVALID, "The list of unfinished games could not"),
        ("penta.kept", ProblemKind.SET_ASIDE_IN_PART, "Some unfinished games could not"),
        ("penta.preferences", ProblemKind.INVALID, "Your settings could not be read"),
        ("penta.preferences", ProblemKind.SET_ASIDE_IN_PART, "Some of your settings could not"),
        ("penta.unsaved", ProblemKind.INVALID, "Some saved data could not be read"),
        ("penta.session", ProblemKind.UNKNOWN_VERSION, "Saved data from a newer version"),
    ],
)
def test_an_unreadable_record_says_what_it_held(key: str, kind: ProblemKind, said: str) -> None:
    """ "Some saved data could not be read" left a walk guessing what was gone."""
    found = problem_notice(StorageProblem(key, kind, "bad"))
    assert Translator("en")(found.key).startswith(said)
