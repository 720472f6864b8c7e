"""The errors of game.i18n: one family, so that a caller can catch I18nError."""

from __future__ import annotations

from collections.abc import Sequence


class I18nError(Exception):
    """Base class of every error this module raises."""


class UnknownLanguageError(I18nError, ValueError):
    def __init__(self, language: object, supported: Sequence[str]) -> None:
        super().__init__(
            f"unknown language {language!r}; supported languages: {', '.join(supported)}"
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
