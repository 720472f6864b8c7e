"""The strategy table files of a checkout: `assets/tables/<ruleset>.table`, where
`python -m tools.solve` writes them and the built app fetches them from."""

from __future__ import annotations

from pathlib import Path

from game.rules.rulesets import Ruleset
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
