"""The supported languages (English, Hebrew, Estonian), choosing one from a browser's
preferences, CLDR plural categories, numbers written for a language, and the errors of
game.i18n."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeAlias

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
    """What the app knows of `language`: its name, direction, plural forms and numbers.

    >>> language_info("he").direction
    'rtl'
    >>> language_info("fr")
    Traceback (most recent call last):
    game.i18n.locale.UnknownLanguageError: unknown language 'fr'; supported languages: en, he, et

    Raises:
        UnknownLanguageError: `language` is not a supported language code.
    """
    try:
        return LANGUAGES[language]
    except (KeyError, TypeError):
        raise UnknownLanguageError(language) from None


def direction(language: str) -> Direction:
    """``"rtl"`` for Hebrew, ``"ltr"`` for the others: the value for ``<html dir>``.

    Raises:
        UnknownLanguageError: `language` is not a supported language code.
    """
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

    >>> choose_language(["fr-FR", "et-EE", "en"]), choose_language("iw"), choose_language(None)
    ('et', 'he', 'en')

    Raises:
        UnknownLanguageError: `default` is not a supported language code.
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

    >>> [plural_category("he", count) for count in (1, 2, 3)], plural_category("et", 2)
    (['one', 'two', 'other'], 'other')

    Raises:
        PlaceholderError: `count` is not an int (True and 2.0 are not).
        UnknownLanguageError: `language` is not a supported language code.
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

    >>> format_number(12345.6, "en"), format_number(12345.6, "et"), format_number(-3, "et")
    ('12,345.6', '12\xa0345,6', '−3')

    Raises:
        TypeError: `value` is not an int or a float (True is not).
        ValueError: `decimals` is negative.
        UnknownLanguageError: `language` is not a supported language code.
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
