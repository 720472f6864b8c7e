"""The names unnamed players get ("Player 2", "Computer 1"), in every language.

A game keeps its players' names as text, so a finished or unfinished game stored while the app
spoke Estonian holds "Mängija 2". Shown once the app speaks English, that default name is
"Player 2", as the running game's is (game.app.seats renames it); a name a player typed stays as
it is. The statistics count a default name as one player whatever language its games were played
in, under `same_player`.

    >>> shown_name("Mängija 2", "en"), shown_name("Computer 1", "he"), shown_name("Dana", "et")
    ('Player 2', 'מחשב 1', 'Dana')
"""

from __future__ import annotations

from functools import cache

from game.i18n.locale import DEFAULT_LANGUAGE, LANGUAGE_CODES
from game.i18n.translator import Translator

HUMAN_KEY = "setup.default_name"
COMPUTER_KEY = "setup.default_computer_name"
_KEYS = (HUMAN_KEY, COMPUTER_KEY)
_SAMPLE = 7
"""A one-digit number to render a default name with, to find the text around the number
(format_number writes numbers below 10,000 as plain digits in every language)."""


def default_name(key: str, number: int, language: str) -> str:
    """The default name of message `key` (HUMAN_KEY or COMPUTER_KEY) numbered `number`."""
    # isolate=False: a name is data, and the messages that show it isolate it
    return Translator(language, isolate=False)(key, number=number)


def shown_name(name: str, language: str) -> str:
    """`name` as the app shows it in `language`: a default name of any language becomes the
    same default name in `language`; any other name stays as typed."""
    found = _default_name_parts(name)
    if found is None:
        return name
    key, number = found
    return default_name(key, number, language)


def is_default_name(name: str) -> bool:
    """Whether `name` is a default name ("Player 1", "Mängija 2"...) of any language."""
    return _default_name_parts(name) is not None


def is_default_person_name(name: str) -> bool:
    """Whether `name` is a person's default name ("Player 1"), which says nothing of who
    played, where "Computer 1" says that a computer did."""
    found = _default_name_parts(name)
    return found is not None and found[0] == HUMAN_KEY


def same_player(name: str) -> str:
    """The name under which the statistics count `name`: default names in one language."""
    return shown_name(name, DEFAULT_LANGUAGE)


def _default_name_parts(name: str) -> tuple[str, int] | None:
    """(message key, number) when `name` is a default name in some language, else None."""
    for language in LANGUAGE_CODES:
        for key in _KEYS:
            before, after = _around_number(key, language)
            if len(name) > len(before) + len(after) and name.startswith(before):
                digits = name[len(before) : len(name) - len(after)]
                if name.endswith(after) and _is_plain_number(digits):
                    return key, int(digits)
    return None


@cache
def _around_number(key: str, language: str) -> tuple[str, str]:
    before, _, after = default_name(key, _SAMPLE, language).partition(str(_SAMPLE))
    return before, after


def _is_plain_number(text: str) -> bool:
    """Digits as format_number writes a positive number below 10,000: no sign, no leading 0."""
    return 0 < len(text) <= 4 and text.isascii() and text.isdigit() and text[0] != "0"
