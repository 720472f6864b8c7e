"""How the translator inserts a value into a message, for the tests that compare texts."""

from __future__ import annotations

from game.i18n.bidi import FSI, PDI


def iso(value: object) -> str:
    """`value` isolated (FSI...PDI), as every message shows an inserted name or number."""
    return f"{FSI}{value}{PDI}"
