"""The strategy table files of a checkout: `assets/tables/<ruleset>.table`, where
`python -m tools.solve` writes them and the built app fetches them from, and the score
distributions of optimal play beside them, `<ruleset>.scores.json`
(`python -m tools.score_distribution`)."""

from __future__ import annotations

from pathlib import Path

from game.rules.rulesets import Ruleset
from game.strategy.score_distribution import ScoreDistribution, decode_distribution
from game.strategy.table import TableError, ValueTable, decode_table

TABLES_DIR = Path(__file__).resolve().parents[1] / "assets" / "tables"


def table_file_name(ruleset: Ruleset) -> str:
    return f"{ruleset.id}.table"


def load_table(ruleset: Ruleset, path: Path | None = None) -> ValueTable:
    """Read and check the table file (by default the checkout's table for `ruleset`)."""
    path = path or TABLES_DIR / table_file_name(ruleset)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise TableError(f"cannot read strategy table {str(path)!r}: {error}") from None
    return decode_table(data, ruleset)


def distribution_file_name(ruleset: Ruleset) -> str:
    return f"{ruleset.id}.scores.json"


def load_distribution(ruleset: Ruleset, path: Path | None = None) -> ScoreDistribution:
    """Read and check the score distribution (by default the checkout's for `ruleset`)."""
    path = path or TABLES_DIR / distribution_file_name(ruleset)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise TableError(f"cannot read score distribution {str(path)!r}: {error}") from None
    return decode_distribution(data, ruleset)
