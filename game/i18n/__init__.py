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
game.i18n.bidi.)

Errors and fallback (the decision): a :class:`Translator` made with ``strict=True`` (tests)
raises :class:`MissingKeyError` or :class:`PlaceholderError` at the first problem. With
``strict=False`` (the default, for the app) a key missing from the current language, or a
message there whose placeholders do not match the call, is shown in English instead; the
problem is recorded once in :attr:`Translator.problems` and logged as an error on the
``game.i18n`` logger (so that it shows on the console and fails the browser tests that watch
the console), and the user never sees a raw key. If the English catalog cannot render it
either, that is a programming error and it raises in both modes. Parameters that the
message does not use are ignored (and recorded) in the lenient mode, an error in the strict one.

The package: game.i18n.locale (the languages, plural rules, numbers and the errors),
game.i18n.catalog (templates, messages, catalogs), game.i18n.translator (the Translator),
game.i18n.bidi (the isolates) and game.i18n.rules_text (the rule sheets, loaded when shown).
"""
