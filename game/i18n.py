"""Internationalisation of everything the app shows: English, Hebrew (right to left), Estonian.

Pure Python (no browser imports): it runs in CPython and unchanged inside Pyodide.

Catalogs are data, one JSON file per language in ``game/catalogs/<language>.json``::

    {
      "language": "en",
      "messages": {
        "turn.confirm": "Confirm turn",
        "die.kept": "Die {index}: {face}, kept",
        "turn.rolls_left": {"plural": "count", "one": "1 roll left", "other": "{count} rolls left"}
      }
    }

A message is either a string or a plural message: an object naming the parameter that
selects the form (``"plural"``) and one string per plural category of the language (English
and Estonian: ``one``, ``other``; Hebrew: ``one``, ``two``, ``other``). Placeholders are
``{name}`` (an identifier, no format spec, no attribute access); ``{{`` and ``}}`` are literal
braces. A plural form may leave out the selecting parameter ("1 roll left", "הטלה אחת"), never
any other placeholder.

Keys are dotted, lower_snake segments, from the general to the particular: ``turn.confirm``,
``box.penta.full_house``, ``settings.auto_score.off``. ``tests/i18n`` checks that every catalog
has exactly the same keys, the same placeholders per key and the same plural selector.

Every value a message inserts (a player's name, a number, a box's name) comes out between
FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (U+2068, U+2069): a Hebrew name in an English
sentence, or a Latin one in a Hebrew sentence, then keeps its own direction without moving the
words around it. (On the page the view shows each isolate as a ``<bdi>`` element: see
game.bidi.)

Errors and fallback (the decision): a :class:`Translator` made with ``strict=True`` (tests)
raises :class:`MissingKeyError` or :class:`PlaceholderError` at the first problem. With
``strict=False`` (the default, for the app) a key missing from the current language, or a
message there whose placeholders do not match the call, is shown in English instead; the
problem is recorded once in :attr:`Translator.problems` and logged as an error on the
``game.i18n`` logger (so that it shows on the console and fails the browser tests that watch
the console), and the user never sees a raw key. If the English catalog cannot render it
either, that is a programming error and it raises in both modes. Parameters that the
message does not use are ignored (and recorded) in the lenient mode, an error in the strict one.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Literal, TypeAlias

from game.bidi import FSI, LRI, PDI, RLI

if TYPE_CHECKING:  # imported where it is used (Translator.rules_text): not at start-up
    from game.rules_text import RulesText

__all__ = [
    "DEFAULT_LANGUAGE",
    "FSI",
    "LANGUAGES",
    "LANGUAGE_CODES",
    "LRI",
    "PDI",
    "RLI",
    "Catalog",
    "CatalogError",
    "Direction",
    "I18nError",
    "LanguageInfo",
    "Message",
    "MissingKeyError",
    "Param",
    "PlaceholderError",
    "PluralCategory",
    "Template",
    "TranslationProblem",
    "Translator",
    "UnknownLanguageError",
    "choose_language",
    "data_files",
    "direction",
    "format_number",
    "load_catalog",
    "normalize_language",
    "plural_category",
]

logger = logging.getLogger("game.i18n")

Direction: TypeAlias = Literal["ltr", "rtl"]
PluralCategory: TypeAlias = Literal["zero", "one", "two", "few", "many", "other"]
Param: TypeAlias = str | int | float
"""A placeholder value: text is inserted as it is, numbers are formatted for the language."""

ALL_PLURAL_CATEGORIES: tuple[PluralCategory, ...] = ("zero", "one", "two", "few", "many", "other")


# --- errors -------------------------------------------------------------------------------


class I18nError(Exception):
    """Base class of every error this module raises."""


class UnknownLanguageError(I18nError, ValueError):
    def __init__(self, language: object) -> None:
        super().__init__(
            f"unknown language {language!r}; supported languages: {', '.join(LANGUAGE_CODES)}"
        )


class CatalogError(I18nError, ValueError):
    """A catalog file that is malformed: bad JSON, a bad key, template or plural message."""


class MissingKeyError(I18nError, LookupError):
    def __init__(self, key: str, language: str) -> None:
        super().__init__(f"no message {key!r} in the {language!r} catalog")
        self.key = key
        self.language = language


class PlaceholderError(I18nError, ValueError):
    """The parameters of a call do not match the placeholders of the message."""


# --- languages ----------------------------------------------------------------------------


@dataclass(frozen=True)
class LanguageInfo:
    code: str
    """BCP 47 primary language subtag, as used in ``<html lang>``."""
    native_name: str
    direction: Direction
    plural_categories: tuple[PluralCategory, ...]
    """The plural forms every plural message of this language must give."""
    decimal_separator: str
    group_separator: str
    minus_sign: str


LANGUAGES: dict[str, LanguageInfo] = {
    info.code: info
    for info in (
        LanguageInfo("en", "English", "ltr", ("one", "other"), ".", ",", "-"),
        # CLDR: Hebrew writes the minus with a LEFT-TO-RIGHT MARK so it stays left of the digits.
        LanguageInfo("he", "עברית", "rtl", ("one", "two", "other"), ".", ",", "\u200e-"),
        LanguageInfo("et", "Eesti", "ltr", ("one", "other"), ",", "\u00a0", "\u2212"),
    )
}
LANGUAGE_CODES: tuple[str, ...] = tuple(LANGUAGES)
DEFAULT_LANGUAGE = "en"
"""The language chosen when no preference matches, and the fallback for a missing message."""

LANGUAGE_ALIASES = {"iw": "he"}
"""Codes that mean a supported language: "iw", the pre-1989 code for Hebrew, still sent by some
Android versions. The build hands them to assets/boot.js too (tools/boot_texts.py)."""


def language_info(language: str) -> LanguageInfo:
    try:
        return LANGUAGES[language]
    except (KeyError, TypeError):
        raise UnknownLanguageError(language) from None


def direction(language: str) -> Direction:
    """``"rtl"`` for Hebrew, ``"ltr"`` for the others: the value for ``<html dir>``."""
    return language_info(language).direction


def normalize_language(tag: object) -> str | None:
    """The supported language a BCP 47 tag asks for ("he-IL", "et_EE", "iw" ...), or None."""
    if not isinstance(tag, str):
        return None
    primary = tag.strip().replace("_", "-").split("-", 1)[0].lower()
    primary = LANGUAGE_ALIASES.get(primary, primary)
    return primary if primary in LANGUAGES else None


def choose_language(
    preferences: Iterable[object] | str | None, default: str = DEFAULT_LANGUAGE
) -> str:
    """The first supported language in a browser's preference list (``navigator.languages``).

    ``["he-IL", "en"]`` gives ``"he"``; ``["fr-FR", "et"]`` gives ``"et"``; nothing supported
    (or no list at all) gives `default`. A single string is taken as a list of one.
    """
    language_info(default)
    if preferences is None:
        return default
    if isinstance(preferences, str):
        preferences = [preferences]
    for tag in preferences:
        language = normalize_language(tag)
        if language is not None:
            return language
    return default


# --- plural rules (CLDR, integer counts) ----------------------------------------------------


def plural_category(language: str, count: int) -> PluralCategory:
    """The CLDR plural category of the whole number `count` in `language`.

    English and Estonian: ``one`` for 1, ``other`` otherwise (0 included). Hebrew (CLDR 42+):
    ``one`` for 1, ``two`` for 2, ``other`` otherwise.
    """
    if isinstance(count, bool) or not isinstance(count, int):
        raise PlaceholderError(f"a plural count must be a whole number, not {count!r}")
    info = language_info(language)
    if count == 1:
        return "one"
    if count == 2 and "two" in info.plural_categories:
        return "two"
    return "other"


# --- numbers ------------------------------------------------------------------------------


def format_number(value: int | float, language: str, decimals: int | None = None) -> str:
    """`value` written for `language`: decimal separator, grouping, minus sign.

    Integers are written as they are, floats with `decimals` digits (1 when not given; pass
    ``decimals=0`` to round). Digits are grouped by thousands only from five digits on
    (10,000; 1575 stays 1575), as CLDR does for Estonian, so that score sheets and years read
    the same way in every language.
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"format_number takes an int or a float, not {value!r}")
    info = language_info(language)
    if decimals is None:
        decimals = 0 if isinstance(value, int) else 1
    if decimals < 0:
        raise ValueError(f"decimals must be at least 0, not {decimals}")
    text = f"{abs(value):.{decimals}f}"
    negative = value < 0 and any(ch not in "0." for ch in text)
    whole, _, fraction = text.partition(".")
    if len(whole) >= 5:
        groups = []
        while whole:
            groups.append(whole[-3:])
            whole = whole[:-3]
        whole = info.group_separator.join(reversed(groups))
    result = whole + (info.decimal_separator + fraction if fraction else "")
    return info.minus_sign + result if negative else result


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
        """Validate and parse a decoded catalog file; raise :class:`CatalogError` if malformed."""
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
    """Every data file this module and game.rules_text read, relative to the ``game`` package.

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
    """The catalog of `language`, read from the package data once and then cached."""
    language_info(language)
    name = f"{language}.json"
    resource = resources.files("game").joinpath(CATALOG_DIR).joinpath(name)
    try:
        text = resource.read_text(encoding="utf-8")
    except OSError as error:
        raise CatalogError(f"cannot read catalog game/{CATALOG_DIR}/{name}: {error}") from None
    return Catalog.from_json(text, language, f"game/{CATALOG_DIR}/{name}")


# --- the translator -----------------------------------------------------------------------


@dataclass(frozen=True)
class TranslationProblem:
    """A message that could not be shown in the chosen language and was shown in English."""

    language: str
    key: str
    reason: str


_LIST_PATTERNS: dict[str, tuple[str, str]] = {
    # (between two items, before the last of three or more), as CLDR's "standard" lists
    "en": (" and ", ", and "),
    "he": (" ו", " ו"),
    "et": (" ja ", " ja "),
}


def _is_hebrew_letter(ch: str) -> bool:
    return "\u05d0" <= ch <= "\u05ea"


@dataclass
class Translator:
    """Messages, plurals and numbers in one language.

    ``t = Translator("he")``, then ``t("turn.rolls_left", count=2)``, ``t.direction``,
    ``t.box_name("penta", "full_house")``.
    """

    language: str = DEFAULT_LANGUAGE
    strict: bool = False
    """Raise at once on a missing key or a placeholder mismatch (tests) instead of falling back."""
    isolate: bool = True
    """Wrap every inserted value, text or number, in FSI...PDI (as ``<bdi>`` would), so that a
    name written in the other direction ("נועה" in English, "Dana" in Hebrew), or one that
    ends in digits or punctuation, cannot reorder the sentence around it ("s turn'נועה"). Done
    here, once, so that no message can forget it. Off only where the text becomes data (the
    default name a player keeps) instead of being shown as it is."""
    problems: list[TranslationProblem] = field(default_factory=list, init=False)
    """What the lenient mode fell back on, each problem once, oldest first."""

    def __post_init__(self) -> None:
        self._seen: set[TranslationProblem] = set()
        self.info = language_info(self.language)
        try:
            self.catalog = load_catalog(self.language)
        except CatalogError as error:
            if self.strict or self.language == DEFAULT_LANGUAGE:
                raise
            # The whole catalog is unreadable (not fetched, damaged): the app still starts,
            # in English and left to right, and says why on the console.
            self._record("*", str(error))
            self.language = DEFAULT_LANGUAGE
            self.info = language_info(DEFAULT_LANGUAGE)
            self.catalog = load_catalog(DEFAULT_LANGUAGE)

    @property
    def direction(self) -> Direction:
        return self.info.direction

    @property
    def html_attributes(self) -> dict[str, str]:
        """The ``lang`` and ``dir`` attributes for the document root."""
        return {"lang": self.language, "dir": self.info.direction}

    def has(self, key: str) -> bool:
        return key in self.catalog

    def placeholders(self, key: str) -> frozenset[str]:
        """The parameters `key` expects (from this language's catalog)."""
        return self.catalog.message(key).placeholders

    def __call__(self, key: str, /, **params: Param) -> str:
        return self.translate(key, **params)

    def translate(self, key: str, /, **params: Param) -> str:
        """The message `key` with its placeholders filled from `params`.

        Numbers are formatted for the language; a plural message picks its form from its
        count parameter. See the module docstring for what happens when something is wrong.
        """
        try:
            return self._render(self.catalog, key, params)
        except I18nError as error:
            if self.strict or self.language == DEFAULT_LANGUAGE:
                raise
            self._record(key, str(error))
            return self._render(load_catalog(DEFAULT_LANGUAGE), key, params)

    def _render(self, catalog: Catalog, key: str, params: Mapping[str, Param]) -> str:
        message = catalog.message(key)
        expected = message.placeholders
        missing = expected - params.keys()
        if missing:
            raise PlaceholderError(
                f"message {key!r} ({catalog.language}) needs {sorted(missing)}; "
                f"got {sorted(params)}"
            )
        extra = params.keys() - expected
        if extra:
            problem = (
                f"message {key!r} ({catalog.language}) has no placeholder for {sorted(extra)}; "
                f"it takes {sorted(expected)}"
            )
            if self.strict:
                raise PlaceholderError(problem)
            self._record(key, problem)
        template = message.template_for(catalog.language, params)
        values = {
            name: self._format_param(key, name, params[name]) for name in template.placeholders
        }
        return template.render(values)

    def _format_param(self, key: str, name: str, value: Param) -> str:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise PlaceholderError(
                f"message {key!r}: parameter {name!r} must be text or a number, not {value!r}"
            )
        text = value if isinstance(value, str) else format_number(value, self.language)
        return self.isolated(text)

    def isolated(self, text: str) -> str:
        """`text` in FSI...PDI (when this translator isolates): for a value put into a sentence
        that is not a catalog message, such as a list of names."""
        return FSI + text + PDI if self.isolate else text

    def _record(self, key: str, reason: str) -> None:
        problem = TranslationProblem(self.language, key, reason)
        if problem not in self._seen:
            self._seen.add(problem)
            self.problems.append(problem)
            logger.error("i18n fallback to English: %s", reason)

    # --- formatting helpers ---------------------------------------------------------------

    def plural_category(self, count: int) -> PluralCategory:
        return plural_category(self.language, count)

    def format_number(self, value: int | float, decimals: int | None = None) -> str:
        return format_number(value, self.language, decimals)

    def format_percent(self, ratio: float, decimals: int = 0) -> str:
        """``0.456`` as ``"46%"`` (``"45,6%"`` in Estonian with one decimal)."""
        return format_number(round(ratio * 100, decimals), self.language, decimals) + "%"

    def format_range(self, low: int, high: int | None) -> str:
        """A range of numbers, ``"0–49"`` (``"350–∞"`` when it has no upper end).

        A range is always written from low to high, left to right; in a right-to-left language
        it is isolated (LRI...PDI): there the digits on either side of the dash would otherwise
        be laid out from right to left, and "0–49" would read "49–0".
        """
        end = "∞" if high is None else self.format_number(high)
        text = self.format_number(low) + "–" + end
        return LRI + text + PDI if self.direction == "rtl" else text

    def format_dice(self, dice: Iterable[int]) -> str:
        """Faces in the order given: ``"1, 4, 4, 6, 6"`` (the same in every language).

        In a right-to-left language the list is isolated right to left (RLI...PDI), so that it
        reads in the order of the dice, which lie from right to left there: digits alone would
        give an inserted value no direction of its own, and the first face would be shown left.
        """
        text = ", ".join(format_number(face, self.language) for face in dice)
        return RLI + text + PDI if self.direction == "rtl" else text

    def format_list(self, items: Sequence[str]) -> str:
        """Names joined with "and": ``"Ann, Bo, and Cy"``, ``"Ann ja Bo"``, ``"דנה ואבי"``.

        In Hebrew the conjunction ו is written on the next word, with a hyphen before a word
        that does not start with a Hebrew letter ("Dana ו-Avi").
        """
        parts = [self.isolated(item) for item in items]
        if len(parts) <= 1:
            return "".join(parts)
        pair, last = _LIST_PATTERNS[self.language]
        joiner = pair if len(parts) == 2 else last
        final = parts[-1]
        if self.language == "he" and not _is_hebrew_letter(items[-1][:1]):
            joiner += "-"
        return ", ".join(parts[:-1]) + joiner + final

    def format_date(self, day: date) -> str:
        """A date with the month's short name: "30 Nov 2026", "30. nov 2026", "30 בנוב׳ 2026"."""
        return self.translate(
            "date.format",
            day=str(day.day),
            month=self.translate(f"date.month.{day.month}"),
            year=str(day.year),
        )

    # --- game vocabulary ------------------------------------------------------------------

    def ruleset_name(self, ruleset_id: str) -> str:
        return self.translate(f"ruleset.{ruleset_id}.name")

    def ruleset_description(self, ruleset_id: str) -> str:
        return self.translate(f"ruleset.{ruleset_id}.description")

    def box_name(self, ruleset_id: str, box_id: str) -> str:
        """The name of a box as on that ruleset's sheet: ``box.<ruleset>.<box>``."""
        return self.translate(f"box.{ruleset_id}.{box_id}")

    def box_help(self, ruleset_id: str, box_id: str) -> str:
        """One line on what the box counts: ``box_help.<ruleset>.<box>``."""
        return self.translate(f"box_help.{ruleset_id}.{box_id}")

    def level_name(self, level: str) -> str:
        """A computer player's level (optimal, casual, beginner): ``level.<id>.name``."""
        return self.translate(f"level.{level}.name")

    def level_description(self, level: str) -> str:
        return self.translate(f"level.{level}.description")

    def language_name(self, language: str) -> str:
        """A language's own name ("עברית"), the same in every catalog: ``lang.<code>``."""
        return self.translate(f"lang.{language}")

    def rules_text(self, ruleset_id: str) -> RulesText:
        """The full rules of a ruleset in this language, as structured text."""
        # Imported on first use: the app needs the rules only when they are opened, and the
        # module's import is a few milliseconds of the start-up in the browser.
        from game.rules_text import load_rules_text

        return load_rules_text(ruleset_id, self.language)
