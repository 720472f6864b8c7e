"""The Translator: messages, plurals, numbers, lists and box names in one language, with the
lenient fallback to English (see game.i18n)."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, time
from typing import TYPE_CHECKING

from game.i18n.bidi import FSI, LRI, PDI, RLI
from game.i18n.catalog import Catalog, load_catalog
from game.i18n.locale import (
    DEFAULT_LANGUAGE,
    CatalogError,
    Direction,
    I18nError,
    Param,
    PlaceholderError,
    PluralCategory,
    format_number,
    language_info,
    plural_category,
)

if TYPE_CHECKING:  # imported where it is used (Translator.rules_text): not at start-up
    from game.i18n.rules_text import RulesText

logger = logging.getLogger("game.i18n")

RENDERED_KEPT = 4096
"""At most this many rendered messages are kept per translator (names and scores vary)."""


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


# A Hebrew prefix letter (ב, ה, ו, כ, ל, מ, ש) standing alone before a value: the catalogs write
# it with a maqaf ("ל־{name}"), which is right before digits or Latin letters ("ל־Dana",
# "מ־12") but not before a Hebrew word, which takes the prefix straight on ("לאמא").
_PREFIX_BEFORE_HEBREW = re.compile(
    "(?<![\u05d0-\u05ea])([בהוכלמש])\u05be(" + FSI + "?)(?=[\u05d0-\u05ea])"
)


def _joined_prefixes(text: str) -> str:
    return _PREFIX_BEFORE_HEBREW.sub(r"\1\2", text)


@dataclass
class Translator:
    """Messages, plurals and numbers in one language.

    ``t = Translator("he")``, then ``t("turn.rolls_left", count=2)``, ``t.direction``,
    ``t.box_name("penta", "full_house")``.

    >>> english, hebrew = Translator("en", isolate=False), Translator("he", isolate=False)
    >>> english("turn.rolls_left", count=2), hebrew("turn.rolls_left", count=2)
    ('2 rolls left', 'נותרו שתי הטלות')
    >>> Translator("en")("turn.player_turn", name="Dana")  # the name isolated: FSI...PDI
    "\u2068Dana\u2069's turn"
    >>> Translator("en", strict=True)("turn.confirm", box="chance")
    Traceback (most recent call last):
    game.i18n.locale.PlaceholderError: message 'turn.confirm' (en) has no placeholder for ...

    Raises:
        UnknownLanguageError: `language` is not a supported language code.
        CatalogError: the catalog cannot be read, when `strict` or for English (a lenient
            translator falls back to English instead).
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
        self._rendered: dict[tuple[object, ...], str] = {}
        """Messages already rendered from `_rendered_from`, by key and parameters."""
        self._rendered_from: Catalog | None = None
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
        """The parameters `key` expects (from this language's catalog).

        Raises:
            MissingKeyError: this language's catalog has no message `key`.
        """
        return self.catalog.message(key).placeholders

    def __call__(self, key: str, /, **params: Param) -> str:
        return self.translate(key, **params)

    def translate(self, key: str, /, **params: Param) -> str:
        """The message `key` with its placeholders filled from `params`.

        Numbers are formatted for the language; a plural message picks its form from its
        count parameter. See the module docstring for what happens when something is wrong.

        Raises:
            MissingKeyError: no message `key` (strict, or English, or missing in English too).
            PlaceholderError: `params` do not fit the message: a placeholder left out, a value
                that is not text or a number, a plural count that is not a whole number, or
                (strict only) a parameter the message does not take.
        """
        # A render of the app asks for the same few hundred messages each time (every cell of
        # the score sheet has its label): each is rendered once. The type is in the key, since
        # 1 and 1.0 are equal but read differently.
        if self._rendered_from is not self.catalog:  # another catalog put in (tests do)
            self._rendered, self._rendered_from = {}, self.catalog
        try:
            memo_key = (key, tuple(params.items()), tuple(map(type, params.values())))
            return self._rendered[memo_key]
        except KeyError:
            text = self._translated(key, params)
            if len(self._rendered) >= RENDERED_KEPT:
                self._rendered.clear()
            self._rendered[memo_key] = text
            return text
        except TypeError:  # a value that cannot be a key cannot be a parameter either
            return self._translated(key, params)

    def _translated(self, key: str, params: Mapping[str, Param]) -> str:
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
        text = template.render(values)
        return _joined_prefixes(text) if catalog.language == "he" else text

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

    def in_its_direction(self, text: str) -> str:
        """`text` made of this language's messages (each player's score, one after another)
        isolated in the language's direction (RLI or LRI...PDI). Each of its values is isolated
        on its own, so nothing strong is left between them: put into a sentence as a value
        (FSI), such a run found no direction and was laid out left to right, and a Hebrew
        question named the computer's score before Dana's (a walk)."""
        return (RLI if self.direction == "rtl" else LRI) + text + PDI

    def _record(self, key: str, reason: str) -> None:
        problem = TranslationProblem(self.language, key, reason)
        if problem not in self._seen:
            self._seen.add(problem)
            self.problems.append(problem)
            logger.error("i18n fallback to English: %s", reason)

    # --- formatting helpers ---------------------------------------------------------------

    def plural_category(self, count: int) -> PluralCategory:
        """The plural category of `count` in this language.

        Raises:
            PlaceholderError: `count` is not an int.
        """
        return plural_category(self.language, count)

    def format_number(self, value: int | float, decimals: int | None = None) -> str:
        """`value` written for this language (see game.i18n.locale.format_number).

        Raises:
            TypeError: `value` is not an int or a float.
            ValueError: `decimals` is negative.
        """
        return format_number(value, self.language, decimals)

    def format_signed(self, value: int | float, decimals: int | None = None) -> str:
        """`value` with its sign, "+" too: ``"+3"``, ``"−6"`` in Estonian, ``"0"`` for what
        shows as nought.

        >>> Translator("et").format_signed(-6), Translator("en").format_signed(2.46, 1)
        ('−6', '+2.5')

        Raises:
            TypeError: `value` is not an int or a float.
            ValueError: `decimals` is negative.
        """
        text = format_number(value, self.language, decimals)
        shows_above_nought = value > 0 and any(digit in "123456789" for digit in text)
        return "+" + text if shows_above_nought else text

    def format_percent(self, ratio: float, decimals: int = 0) -> str:
        """``0.456`` as ``"46%"`` (``"45,6%"`` in Estonian with one decimal); a half rounds up,
        as taught at school (1 of 8, 12.5 %, read "12%" to a walk's learner).

        >>> english, estonian = Translator("en"), Translator("et")
        >>> estonian.format_percent(0.456, decimals=1), english.format_percent(1 / 8)
        ('45,6%', '13%')

        Raises:
            TypeError: `ratio` is not a number.
            ValueError: `decimals` is negative.
        """
        if isinstance(ratio, bool) or not isinstance(ratio, int | float):
            raise TypeError(f"a share is a number, not {ratio!r}")
        if decimals < 0:
            raise ValueError(f"decimals: at least 0, not {decimals}")
        # round() takes a half to the even number (12.5 to 12). Rounded to a millionth first:
        # 57 of 200 is 28.499999999999996 % in binary, which is 28.5, and reads 29 %.
        scaled = round(ratio * 100 * 10**decimals, 6)
        shown = math.floor(scaled + 0.5) / 10**decimals
        return format_number(shown, self.language, decimals) + "%"

    def format_range(self, low: int, high: int | None) -> str:
        """A range of numbers, ``"0–49"`` (``"350+"`` when it has no upper end: "350–∞" read as
        a formula to a walk).

        A range is always written from low to high, left to right; in a right-to-left language
        it is isolated (LRI...PDI): there the digits on either side of the dash would otherwise
        be laid out from right to left, and "0–49" would read "49–0".
        """
        low_text = self.format_number(low)
        text = low_text + "+" if high is None else low_text + "–" + self.format_number(high)
        return LRI + text + PDI if self.direction == "rtl" else text

    def format_dice(self, dice: Iterable[int]) -> str:
        """Faces in the order given: ``"1, 4, 4, 6, 6"`` (the same in every language).

        In a right-to-left language the list is isolated right to left (RLI...PDI), so that it
        reads in the order of the dice, which lie from right to left there: digits alone would
        give an inserted value no direction of its own, and the first face would be shown left.
        """
        text = ", ".join(format_number(face, self.language) for face in dice)
        return RLI + text + PDI if self.direction == "rtl" else text

    def dice_to_keep(self, faces: Sequence[int]) -> str:
        """The dice a keep keeps, for "keep ...": ``"the 6"`` for one die, ``"4, 4"`` for more.

        "Keep 6" read as "keep six dice"; the hint, the coach and the review all name the dice
        this one way.
        """
        key = "dice.to_keep_one" if len(faces) == 1 else "dice.to_keep_several"
        return self.translate(key, dice=self.format_dice(faces))

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

    def format_day_month(self, day: date) -> str:
        """A date without its year, where the year goes without saying (the last games):
        "30 Nov", "30. nov", "30 בנוב׳"."""
        return self.translate(
            "date.day_month", day=str(day.day), month=self.translate(f"date.month.{day.month}")
        )

    def format_date_time(self, day: date, time_of_day: time | None) -> str:
        """A date, and its time of day when known: "30 Nov 2026, 14:05", "30. nov 2026, kell
        14:05"."""
        if time_of_day is None:
            return self.format_date(day)
        return self.translate(
            "date.with_time", date=self.format_date(day), time=f"{time_of_day:%H:%M}"
        )

    # --- game vocabulary ------------------------------------------------------------------

    def ruleset_name(self, ruleset_id: str) -> str:
        """A ruleset's name: ``ruleset.<id>.name``.

        Raises:
            MissingKeyError: no catalog has the message (an unknown id), or (strict) the
                language's catalog lacks it.
        """
        return self.translate(f"ruleset.{ruleset_id}.name")

    def ruleset_description(self, ruleset_id: str) -> str:
        """A ruleset's one-line description: ``ruleset.<id>.description``.

        Raises:
            MissingKeyError: no catalog has the message (an unknown id), or (strict) the
                language's catalog lacks it.
        """
        return self.translate(f"ruleset.{ruleset_id}.description")

    def box_name(self, ruleset_id: str, box_id: str) -> str:
        """The name of a box as on that ruleset's sheet: ``box.<ruleset>.<box>``.

        >>> Translator("et").box_name("yatzy", "full_house")
        'Maja'

        Raises:
            MissingKeyError: no catalog has the message (an unknown id), or (strict) the
                language's catalog lacks it.
        """
        return self.translate(f"box.{ruleset_id}.{box_id}")

    def box_help(self, ruleset_id: str, box_id: str) -> str:
        """One line on what the box counts: ``box_help.<ruleset>.<box>``.

        Raises:
            MissingKeyError: no catalog has the message (an unknown id), or (strict) the
                language's catalog lacks it.
        """
        return self.translate(f"box_help.{ruleset_id}.{box_id}")

    def level_name(self, level: str) -> str:
        """A computer player's level (optimal, casual, beginner): ``level.<id>.name``.

        Raises:
            MissingKeyError: no catalog has the message (an unknown id), or (strict) the
                language's catalog lacks it.
        """
        return self.translate(f"level.{level}.name")

    def level_description(self, level: str) -> str:
        """What a computer level plays like: ``level.<id>.description``.

        Raises:
            MissingKeyError: no catalog has the message (an unknown id), or (strict) the
                language's catalog lacks it.
        """
        return self.translate(f"level.{level}.description")

    def language_name(self, language: str) -> str:
        """A language's own name ("עברית"), the same in every catalog: ``lang.<code>``.

        Raises:
            MissingKeyError: no catalog has the message (an unknown id), or (strict) the
                language's catalog lacks it.
        """
        return self.translate(f"lang.{language}")

    def rules_text(self, ruleset_id: str) -> RulesText:
        """The full rules of a ruleset in this language, as structured text.

        Raises:
            UnknownRulesetError: no ruleset has the id `ruleset_id`.
            RulesTextError: this language has no rules file for it, or the file is malformed.
        """
        # Imported on first use: the app needs the rules only when they are opened, and the
        # module's import is a few milliseconds of the start-up in the browser.
        from game.i18n.rules_text import load_rules_text

        return load_rules_text(ruleset_id, self.language)
