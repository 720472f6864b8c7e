"""The full rules of each ruleset in each language, as structured text (never HTML).

One JSON file per (ruleset, language) in ``game/catalogs/rules/<ruleset>.<language>.json``::

    {
      "ruleset": "penta",
      "language": "en",
      "title": "Penta rules",
      "sections": [
        {"heading": "In short", "blocks": [
          {"type": "list", "items": ["...", "..."]},
          {"type": "paragraph", "text": "..."},
          {"type": "table", "columns": ["Box", "What counts"], "rows": [["Ones", "..."]]},
          {"type": "example", "text": "..."}
        ]}
      ]
    }

Every string is plain text: the view puts it in the page as text (``textContent``), so
nothing in a rules file can inject markup. An ``example`` is a worked example, shown set
apart from the running text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Literal, TypeAlias

from game.i18n.catalog import CATALOG_DIR, package_text
from game.rules.rulesets import get_ruleset

__all__ = [
    "Block",
    "BulletList",
    "Example",
    "Paragraph",
    "RulesSection",
    "RulesText",
    "RulesTextError",
    "Table",
    "load_rules_text",
    "rules_text_from_data",
]


class RulesTextError(ValueError):
    """A rules file that is missing or malformed."""


@dataclass(frozen=True)
class Paragraph:
    text: str
    type: Literal["paragraph"] = "paragraph"


@dataclass(frozen=True)
class BulletList:
    items: tuple[str, ...]
    type: Literal["list"] = "list"


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    type: Literal["table"] = "table"


@dataclass(frozen=True)
class Example:
    """A worked example, shown set apart."""

    text: str
    type: Literal["example"] = "example"


Block: TypeAlias = Paragraph | BulletList | Table | Example


@dataclass(frozen=True)
class RulesSection:
    heading: str
    blocks: tuple[Block, ...]
    keyboard: bool = False
    """About the keyboard's keys: not shown on a touch screen (a walk on a phone read them)."""


@dataclass(frozen=True)
class RulesText:
    ruleset: str
    language: str
    title: str
    sections: tuple[RulesSection, ...]

    def strings(self) -> list[str]:
        """Every piece of text, in reading order (for search, tests and plain-text export)."""
        out = [self.title]
        for section in self.sections:
            out.append(section.heading)
            for block in section.blocks:
                if isinstance(block, Paragraph | Example):
                    out.append(block.text)
                elif isinstance(block, BulletList):
                    out.extend(block.items)
                else:
                    out.extend(block.columns)
                    for row in block.rows:
                        out.extend(row)
        return out

    def plain_text(self) -> str:
        return "\n".join(self.strings())


FACES_RUN = re.compile(r"(?<=\d)-(?=\d)")
WORD_JOINER = "\u2060"
"""After each hyphen of a run of faces ("1-2-3-4"): a line never breaks inside the run. In
Hebrew at 320 px the straights read "(1-" at a line's end and "2-3-4, ..." on the next (a walk).
It has no direction of its own, so the run keeps its order either way."""


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RulesTextError(f"{where}: expected non-empty text, got {value!r}")
    if value != value.strip():
        raise RulesTextError(f"{where}: leading or trailing space in {value!r}")
    return FACES_RUN.sub("-" + WORD_JOINER, value)


def _texts(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise RulesTextError(f"{where}: expected a non-empty list of texts, got {value!r}")
    return tuple(_text(item, f"{where}[{i}]") for i, item in enumerate(value))


def _block(data: object, where: str) -> Block:
    if not isinstance(data, dict):
        raise RulesTextError(f"{where}: a block is an object, got {data!r}")
    kind = data.get("type")
    fields = set(data) - {"type"}
    expected: dict[object, set[str]] = {
        "paragraph": {"text"},
        "example": {"text"},
        "list": {"items"},
        "table": {"columns", "rows"},
    }
    if kind not in expected:
        raise RulesTextError(f"{where}: unknown block type {kind!r}")
    if fields != expected[kind]:
        raise RulesTextError(
            f"{where}: a {kind} block has {sorted(expected[kind])}, not {sorted(fields)}"
        )
    if kind == "paragraph":
        return Paragraph(_text(data["text"], where))
    if kind == "example":
        return Example(_text(data["text"], where))
    if kind == "list":
        return BulletList(_texts(data["items"], f"{where}.items"))
    columns = _texts(data["columns"], f"{where}.columns")
    rows_data = data["rows"]
    if not isinstance(rows_data, list) or not rows_data:
        raise RulesTextError(f"{where}.rows: expected a non-empty list of rows")
    rows = tuple(_texts(row, f"{where}.rows[{i}]") for i, row in enumerate(rows_data))
    for i, row in enumerate(rows):
        if len(row) != len(columns):
            raise RulesTextError(f"{where}.rows[{i}]: {len(row)} cells for {len(columns)} columns")
    return Table(columns, rows)


def rules_text_from_data(data: object, where: str = "rules text") -> RulesText:
    """Validate and build a :class:`RulesText` from decoded JSON.

    Raises:
        RulesTextError: not the fields of a rules text, an empty or badly spaced text, an
            unknown block type, or a table row whose cells do not match its columns.
    """
    if not isinstance(data, dict):
        raise RulesTextError(f"{where}: expected a JSON object")
    if set(data) != {"ruleset", "language", "title", "sections"}:
        raise RulesTextError(
            f"{where}: expected the fields language, ruleset, sections, title; got {sorted(data)}"
        )
    sections_data = data["sections"]
    if not isinstance(sections_data, list) or not sections_data:
        raise RulesTextError(f"{where}: 'sections' must be a non-empty list")
    sections = []
    for i, section in enumerate(sections_data):
        at = f"{where} sections[{i}]"
        if not isinstance(section, dict) or set(section) != {"heading", "blocks"}:
            raise RulesTextError(f"{at}: a section is {{'heading', 'blocks'}}")
        blocks = section["blocks"]
        if not isinstance(blocks, list) or not blocks:
            raise RulesTextError(f"{at}: 'blocks' must be a non-empty list")
        sections.append(
            RulesSection(
                _text(section["heading"], f"{at}.heading"),
                tuple(_block(block, f"{at}.blocks[{j}]") for j, block in enumerate(blocks)),
            )
        )
    return RulesText(
        _text(data["ruleset"], f"{where}.ruleset"),
        _text(data["language"], f"{where}.language"),
        _text(data["title"], f"{where}.title"),
        tuple(sections),
    )


@cache
def load_rules_text(ruleset_id: str, language: str) -> RulesText:
    """The rules of `ruleset_id` in `language`, read from the package data once and cached.

    >>> load_rules_text("yatzy", "he").language
    'he'
    >>> load_rules_text("yatzy", "fr")
    Traceback (most recent call last):
    game.i18n.rules_text.RulesTextError: no rules text for 'yatzy' in 'fr': ...

    Raises:
        UnknownRulesetError: no ruleset has the id `ruleset_id`.
        RulesTextError: `language` has no rules file, or the file is malformed or declares
            another ruleset or language.
    """
    get_ruleset(ruleset_id)
    if not isinstance(language, str) or not language.isalpha():
        raise RulesTextError(f"no rules text for language {language!r}")
    name = f"{ruleset_id}.{language}.json"
    where = f"game/catalogs/rules/{name}"
    try:
        text = package_text(f"{CATALOG_DIR}/rules/{name}")
    except (OSError, UnicodeDecodeError) as error:
        raise RulesTextError(f"no rules text for {ruleset_id!r} in {language!r}: {error}") from None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RulesTextError(f"{where}: not valid JSON: {error}") from None
    rules = rules_text_from_data(data, where)
    if rules.ruleset != ruleset_id or rules.language != language:
        raise RulesTextError(
            f"{where}: declares {rules.ruleset!r}/{rules.language!r}, "
            f"expected {ruleset_id!r}/{language!r}"
        )
    return rules
