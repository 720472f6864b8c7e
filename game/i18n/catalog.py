"""The catalogs: one JSON file per language in ``game/catalogs/``, read into templates and
(plural) messages, checked as they are read (see game.i18n for the format)."""

from __future__ import annotations

import json
import pkgutil
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from game.i18n.locale import (
    ALL_PLURAL_CATEGORIES,
    LANGUAGE_CODES,
    CatalogError,
    MissingKeyError,
    Param,
    PlaceholderError,
    language_info,
    plural_category,
)

# --- templates and catalogs ---------------------------------------------------------------

_FORMATTER = string.Formatter()


@dataclass(frozen=True)
class Template:
    """One message text, parsed once: literal text and the names of the placeholders between."""

    text: str
    segments: tuple[tuple[str, str | None], ...]
    placeholders: frozenset[str]

    @classmethod
    def parse(cls, text: str, where: str) -> Template:
        """`text` split into literal text and placeholders; `where` starts any error message.

        >>> sorted(Template.parse("Die {index}: {face}", "die.kept").placeholders)
        ['face', 'index']
        >>> Template.parse("Die {index:>3}", "die.kept")
        Traceback (most recent call last):
        game.i18n.locale.CatalogError: die.kept: placeholder {index:>3} in 'Die {index:>3}' ...

        Raises:
            CatalogError: `text` is not a string, is blank, has unbalanced braces, or has a
                placeholder that is not a plain ``{name}``.
        """
        if not isinstance(text, str):
            raise CatalogError(f"{where}: a message must be a string, not {text!r}")
        if not text.strip():
            raise CatalogError(f"{where}: empty message")
        try:
            parsed = list(_FORMATTER.parse(text))
        except ValueError as error:
            raise CatalogError(f"{where}: bad braces in {text!r}: {error}") from None
        segments: list[tuple[str, str | None]] = []
        names: set[str] = set()
        for literal, name, spec, conversion in parsed:
            if name is not None:
                if not name.isidentifier() or spec or conversion:
                    raise CatalogError(
                        f"{where}: placeholder {{{name}{'!' + conversion if conversion else ''}"
                        f"{':' + spec if spec else ''}}} in {text!r} is not a plain {{name}}"
                    )
                names.add(name)
            segments.append((literal, name))
        return cls(text, tuple(segments), frozenset(names))

    def render(self, values: Mapping[str, str]) -> str:
        return "".join(
            literal + (values[name] if name is not None else "") for literal, name in self.segments
        )


@dataclass(frozen=True)
class Message:
    """A catalog entry: one template, or one per plural category selected by `plural`."""

    key: str
    forms: Mapping[str, Template]
    """``{"other": template}`` for a plain message; one per plural category otherwise."""
    plural: str | None = None
    """The parameter whose count selects the plural form; None for a plain message."""

    @property
    def placeholders(self) -> frozenset[str]:
        """Every parameter a call must pass (the plural selector included)."""
        names: set[str] = set()
        for template in self.forms.values():
            names |= template.placeholders
        if self.plural is not None:
            names.add(self.plural)
        return frozenset(names)

    def template_for(self, language: str, params: Mapping[str, Param]) -> Template:
        """The template to render: the plural form that the count in `params` selects.

        Raises:
            PlaceholderError: the plural count is not a whole number.
            KeyError: `params` lacks the plural count (callers check the placeholders first).
        """
        if self.plural is None:
            return self.forms["other"]
        count = params[self.plural]
        if isinstance(count, bool) or not isinstance(count, int):
            raise PlaceholderError(
                f"message {self.key!r}: the plural count {self.plural!r} must be a whole "
                f"number, not {count!r}"
            )
        return self.forms[plural_category(language, count)]


_KEY_SEGMENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _check_key(key: object, where: str) -> str:
    if not isinstance(key, str) or not key:
        raise CatalogError(f"{where}: a key must be a non-empty string, not {key!r}")
    segments = key.split(".")
    if len(segments) < 2 or any(
        not segment or not set(segment) <= _KEY_SEGMENT_CHARS for segment in segments
    ):
        raise CatalogError(
            f"{where}: key {key!r} is not dotted lower_snake_case segments (like 'turn.confirm')"
        )
    return key


def _parse_message(language: str, key: str, value: object, where: str) -> Message:
    if isinstance(value, str):
        return Message(key, {"other": Template.parse(value, f"{where} {key!r}")})
    if not isinstance(value, dict):
        raise CatalogError(
            f"{where} {key!r}: a message is a string or a plural object, not {value!r}"
        )
    selector = value.get("plural")
    if not isinstance(selector, str) or not selector.isidentifier():
        raise CatalogError(
            f"{where} {key!r}: a plural message names its count parameter in 'plural', "
            f"got {selector!r}"
        )
    required = set(language_info(language).plural_categories)
    given = set(value) - {"plural"}
    if given != required:
        raise CatalogError(
            f"{where} {key!r}: {language!r} plural forms must be exactly "
            f"{sorted(required)}; missing {sorted(required - given)}, "
            f"unexpected {sorted(given - required)}"
        )
    forms: dict[str, Template] = {
        category: Template.parse(value[category], f"{where} {key!r} [{category}]")
        for category in ALL_PLURAL_CATEGORIES
        if category in required
    }
    others = {name for template in forms.values() for name in template.placeholders} - {selector}
    for category, template in forms.items():
        missing = others - template.placeholders
        if missing:
            raise CatalogError(
                f"{where} {key!r} [{category}]: leaves out {sorted(missing)}; only the count "
                f"{selector!r} may be left out of a plural form"
            )
    if selector not in forms["other"].placeholders:
        raise CatalogError(f"{where} {key!r} [other]: must show the count {{{selector}}}")
    return Message(key, forms, selector)


@dataclass(frozen=True)
class Catalog:
    """Every message of one language, keyed by message key."""

    language: str
    messages: Mapping[str, Message]

    @classmethod
    def from_data(cls, data: object, language: str, where: str = "catalog") -> Catalog:
        """Validate and parse a decoded catalog file; raise :class:`CatalogError` if malformed.

        Raises:
            CatalogError: not an object declaring `language` with a non-empty "messages"
                object, a bad key, or a bad message or plural message.
            UnknownLanguageError: `language` is not a supported language code.
        """
        language_info(language)
        if not isinstance(data, dict):
            raise CatalogError(f"{where}: expected a JSON object, got {type(data).__name__}")
        if data.get("language") != language:
            raise CatalogError(
                f"{where}: declares language {data.get('language')!r}, expected {language!r}"
            )
        messages = data.get("messages")
        if not isinstance(messages, dict) or not messages:
            raise CatalogError(f"{where}: 'messages' must be a non-empty object")
        parsed = {
            _check_key(key, where): _parse_message(language, key, value, where)
            for key, value in messages.items()
        }
        return cls(language, parsed)

    @classmethod
    def from_json(cls, text: str, language: str, where: str = "catalog") -> Catalog:
        """A catalog file's text, parsed and validated (see from_data).

        Raises:
            CatalogError: `text` is not JSON, repeats a key, or is a malformed catalog.
            UnknownLanguageError: `language` is not a supported language code.
        """
        try:
            data = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
        except ValueError as error:
            raise CatalogError(f"{where}: not valid JSON: {error}") from None
        return cls.from_data(data, language, where)

    def keys(self) -> frozenset[str]:
        return frozenset(self.messages)

    def __contains__(self, key: object) -> bool:
        return key in self.messages

    def message(self, key: str) -> Message:
        """The message `key`.

        Raises:
            MissingKeyError: the catalog has no message `key`.
        """
        try:
            return self.messages[key]
        except KeyError:
            raise MissingKeyError(key, self.language) from None


def _reject_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


CATALOG_DIR = "catalogs"
"""Folder of the catalogs (and of ``rules/``) inside the ``game`` package."""


def data_files() -> list[str]:
    """Every data file this module and game.i18n.rules_text read, relative to the ``game`` package.

    For the build step that lists the package files to fetch into Pyodide's file system.
    """
    root = resources.files("game").joinpath(CATALOG_DIR)
    files = [f"{CATALOG_DIR}/{language}.json" for language in LANGUAGE_CODES]
    rules = root.joinpath("rules")
    files += sorted(
        f"{CATALOG_DIR}/rules/{entry.name}"
        for entry in rules.iterdir()
        if entry.name.endswith(".json")
    )
    return files


@cache
def load_catalog(language: str) -> Catalog:
    """The catalog of `language`, read from the package data once and then cached.

    >>> load_catalog("et").message("turn.rolls_left").plural
    'count'

    Raises:
        CatalogError: the file cannot be read, or is malformed.
        UnknownLanguageError: `language` is not a supported language code.
    """
    language_info(language)
    name = f"{language}.json"
    try:
        text = package_text(f"{CATALOG_DIR}/{name}")
    except (OSError, UnicodeDecodeError) as error:
        raise CatalogError(f"cannot read catalog game/{CATALOG_DIR}/{name}: {error}") from None
    return Catalog.from_json(text, language, f"game/{CATALOG_DIR}/{name}")


def load_every_catalog() -> None:
    """Reads every language's catalog into the cache (the interpreter's memory snapshot in the
    browser is taken after this: tools/runtime_snapshot.py).

    Raises:
        CatalogError: a catalog cannot be read, or is malformed.
    """
    for language in LANGUAGE_CODES:
        load_catalog(language)


def package_text(path: str) -> str:
    """The text (UTF-8) of the data file at `path` in the ``game`` package, through the package's
    own loader: in the browser, the zip importer, with the archive's directory it has already
    read. importlib.resources read the whole archive's directory again and worked out every
    folder in it: some 40 ms of each start there.

    Raises:
        FileNotFoundError: there is no such file (an OSError).
        UnicodeDecodeError: the file is not UTF-8.
    """
    data = pkgutil.get_data("game", path)
    if data is None:
        raise FileNotFoundError(f"the game package's loader cannot read {path}")
    return data.decode("utf-8")
