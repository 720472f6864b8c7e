"""The score distributions of optimal play (assets/tables/<id>.scores.json): committed,
checked like the tables, and made by the current solver's optimal player."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from cli.tables import TABLES_DIR, distribution_file_name, load_distribution
from game.rules.rulesets import PENTA, YATZY, Ruleset
from game.strategy.score_distribution import (
    DistributionError,
    ScoreDistribution,
    decode_distribution,
    encode_distribution,
)
from tests.strategy.solutions import solved
from tools.score_distribution import GAMES, SEED


def committed(ruleset: Ruleset) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((TABLES_DIR / distribution_file_name(ruleset)).read_text())
    return data


def test_the_committed_distribution_is_optimal_play_of_the_current_table(ruleset: Ruleset) -> None:
    distribution = load_distribution(ruleset)
    assert (distribution.games, distribution.seed) == (GAMES, SEED)
    # Played by the table this solver makes (tools.score_distribution --check replays it all).
    assert distribution.table_start_value == pytest.approx(solved(ruleset).start_value, abs=1e-9)
    # Its mean is the table's expected score, within the sampling error.
    mean = distribution.mean()
    pairs = zip(distribution.scores, distribution.counts, strict=True)
    spread = math.sqrt(sum(count * (score - mean) ** 2 for score, count in pairs) / GAMES)
    assert abs(mean - distribution.table_start_value) < 4 * spread / math.sqrt(GAMES)
    assert len((TABLES_DIR / distribution_file_name(ruleset)).read_bytes()) < 8000
    assert encode_distribution(distribution, ruleset) == (
        TABLES_DIR / distribution_file_name(ruleset)
    ).read_text(encoding="utf-8")


def test_percent_below_counts_the_games_that_scored_less() -> None:
    distribution = ScoreDistribution("penta", 254.0, 1, (100, 200, 300), (1, 2, 1))
    assert distribution.percent_below(50) == 0
    assert distribution.percent_below(100) == 0
    assert distribution.percent_below(101) == 25
    assert distribution.percent_below(300) == 75
    assert distribution.percent_below(301) == 100


def edit(key: str, value: Any) -> str:
    data = committed(PENTA)
    data[key] = value
    return json.dumps(data)


BAD = [
    ("not json", lambda: "{", "not JSON"),
    ("a table", lambda: json.dumps({"format": "penta-table"}), "not a score distribution"),
    ("newer", lambda: edit("version", 2), "version 2"),
    ("other ruleset", lambda: edit("ruleset", "yatzy"), "for 'yatzy'"),
    ("other rules", lambda: edit("fingerprint", "0" * 64), "other scoring rules"),
    ("extra key", lambda: edit("mean", 1), "keys"),
    ("start as text", lambda: edit("table_start_value", "254"), "table_start_value"),
    ("no games", lambda: edit("games", 0), "games"),
    ("counts off", lambda: edit("games", GAMES + 1), "add up"),
    ("unsorted", lambda: edit("scores", [[200, GAMES - 1], [100, 1]]), "rising"),
    ("zero count", lambda: edit("scores", [[100, 0], [200, GAMES]]), "pairs"),
    ("bool score", lambda: edit("scores", [[True, GAMES]]), "pairs"),
    ("not a list", lambda: edit("scores", {"100": GAMES}), "scores"),
]


@pytest.mark.parametrize(("make", "names"), [(m, n) for _, m, n in BAD], ids=[b[0] for b in BAD])
def test_a_bad_distribution_is_refused_naming_the_problem(make: Any, names: str) -> None:
    with pytest.raises(DistributionError, match=names):
        decode_distribution(make(), PENTA)


def test_a_distribution_is_for_one_ruleset() -> None:
    with pytest.raises(DistributionError, match="not 'yatzy'"):
        decode_distribution(json.dumps(committed(PENTA)), YATZY)
