"""The texts the page shows before Python runs: index.html's, and those of assets/boot.js,
assets/runtime-load.js and assets/pwa.js. They come from the catalogs (game/catalogs), like
every other text.

index.html names the message of each static text instead of writing it:

    <h2 data-text="setup.title"></h2>                      the element's text
    <ol data-text-aria-label="die.area">                   an attribute's (here aria-label)
    data-text="setup.show_rules?ruleset=ruleset.penta.name"   parameters that are messages too

boot.js, runtime-load.js and pwa.js name the messages they show by key, as string literals
under "boot."; a message with placeholders reaches them as a template (`{name}` left in), which
they fill.

The build (tools/build_site.py) puts into dist's index.html the English texts in place (the
page reads in English without any script) and a JSON block with every such text in every
language, plus what boot.js needs to choose the language as the app does (game.i18n,
game.persistence.session): boot.js then shows the page in that language before its first paint,
and Python's view later renders the same messages, so nothing changes language or direction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from game.app.start_hint import START_HINT_FORMAT, START_HINT_KEY, START_HINT_VERSION
from game.i18n.locale import DEFAULT_LANGUAGE, LANGUAGE_ALIASES, LANGUAGES
from game.i18n.translator import Translator
from game.persistence.session import PREFERENCES, PREFERENCES_KEY
from tools.manifests import manifest_path
from tools.page_blocks import page_with_json_block

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "index.html"
SCRIPTS = tuple(ROOT / "assets" / script for script in ("boot.js", "runtime-load.js", "pwa.js"))

TEXT_ATTRIBUTE = "data-text"
ATTRIBUTE_PREFIX = "data-text-"
SCRIPT_KEY = re.compile(r"""["'`](boot\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)["'`]""")
DATA_ID = "boot-texts"


class BootTextError(Exception):
    pass


@dataclass(frozen=True)
class TextRef:
    """A message and the messages filling its parameters: ``key?name=key2&other=key3``."""

    key: str
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, ref: str) -> TextRef:
        key, _, query = ref.partition("?")
        params = []
        for pair in query.split("&") if query else ():
            name, equals, value = pair.partition("=")
            if not equals or not name.isidentifier() or not value:
                raise BootTextError(f"text reference {ref!r}: {pair!r} is not name=message.key")
            params.append((name, value))
        return cls(key, tuple(params))

    @property
    def keys(self) -> tuple[str, ...]:
        return (self.key, *(value for _, value in self.params))

    def render(self, t: Translator) -> str:
        return t(self.key, **{name: t(value) for name, value in self.params})


@dataclass(frozen=True)
class PageText:
    """One text of index.html: an element's (`attribute` None) or one of its attributes'."""

    ref: str
    attribute: str | None
    line: int
    column: int
    """Where the element's start tag begins (html.parser's position: line from 1)."""
    start_tag: str
    """The start tag exactly as written."""


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[PageText] = []
        self.open_text: tuple[str, PageText] | None = None
        """The element whose text the page names, while its content is parsed (it must have
        none: the text is the message's)."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._check_empty(f"<{tag}>")
        line, column = self.getpos()
        raw = self.get_starttag_text() or ""
        for name, value in attrs:
            if name == TEXT_ATTRIBUTE or name.startswith(ATTRIBUTE_PREFIX):
                if not value:
                    raise BootTextError(f"index.html:{line}: <{tag} {name}> names no message")
                attribute = None if name == TEXT_ATTRIBUTE else name[len(ATTRIBUTE_PREFIX) :]
                text = PageText(value, attribute, line, column, raw)
                self.texts.append(text)
                if attribute is None:
                    self.open_text = (tag, text)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self.open_text = None

    def handle_data(self, data: str) -> None:
        if data.strip():
            self._check_empty(repr(data.strip()))

    def handle_endtag(self, tag: str) -> None:
        if self.open_text is not None and self.open_text[0] == tag:
            self.open_text = None
        self._check_empty(f"</{tag}>")

    def _check_empty(self, found: str) -> None:
        if self.open_text is not None:
            tag, text = self.open_text
            raise BootTextError(
                f"index.html:{text.line}: <{tag} data-text={text.ref!r}> must be empty (its "
                f"text is the message's), but holds {found}"
            )


def page_texts(page: str) -> list[PageText]:
    """Every text index.html names, in the page's order; raises BootTextError for an element
    that names its text but also writes one."""
    parser = _PageParser()
    parser.feed(page)
    parser.close()
    return parser.texts


def script_keys(script: str) -> list[str]:
    """The "boot." message keys a script names, in order of first use."""
    return list(dict.fromkeys(SCRIPT_KEY.findall(script)))


def boot_refs(page: str, scripts: list[str]) -> list[str]:
    """Every text reference the page and its start-up scripts need, without repeats."""
    refs = [text.ref for text in page_texts(page)]
    refs += [key for script in scripts for key in script_keys(script)]
    return list(dict.fromkeys(refs))


def _template(t: Translator, key: str) -> str:
    """The message with its placeholders left as `{name}`, for a script to fill."""
    return t(key, **{name: f"{{{name}}}" for name in t.placeholders(key)})


def boot_data(refs: list[str], templates: Iterable[str] = ()) -> dict[str, Any]:
    """What boot.js reads: how the app chooses the language, and every text in every language
    (strict: a missing message or parameter fails the build). The `templates` (scripts' keys)
    keep their placeholders: the scripts fill them."""
    languages = {}
    templates = set(templates)
    for code, info in LANGUAGES.items():
        # Plain text: the page shows these before the view, which renders isolates as <bdi>.
        t = Translator(code, strict=True, isolate=False)
        texts = {
            ref: _template(t, ref) if ref in templates else TextRef.parse(ref).render(t)
            for ref in refs
        }
        # The header's language menu, so that it is not empty while Python loads.
        choices = [[other, t(f"lang.{other}")] for other in LANGUAGES]
        languages[code] = {
            "dir": info.direction,
            "decimal": info.decimal_separator,
            "texts": texts,
            "choices": choices,
            "manifest": manifest_path(code),
        }
    return {
        "default": DEFAULT_LANGUAGE,
        "aliases": dict(LANGUAGE_ALIASES),
        "preferences": {"key": PREFERENCES_KEY, "format": PREFERENCES.format},
        "hint": {"key": START_HINT_KEY, "format": START_HINT_FORMAT, "version": START_HINT_VERSION},
        "languages": languages,
    }


def named_selector(texts: Iterable[PageText]) -> str:
    """A CSS selector of every element naming a text (by each attribute the page uses): boot.js
    asks the browser for these instead of looking at each of the page's 600 elements, before
    the first paint."""
    names = sorted(
        {ATTRIBUTE_PREFIX + t.attribute if t.attribute else TEXT_ATTRIBUTE for t in texts}
    )
    return ",".join(f"[{name}]" for name in names)


def _attribute(name: str, value: str) -> str:
    escaped = value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    return f' {name}="{escaped}"'


def _element_text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def page_with_texts(page: str, scripts: list[str]) -> str:
    """index.html with its English texts in place and the JSON block for boot.js in place of
    its `<!-- boot-texts: ... -->` comment."""
    texts = page_texts(page)
    keys = [key for script in scripts for key in script_keys(script)]
    data = {**boot_data(boot_refs(page, scripts), templates=keys), "named": named_selector(texts)}
    english = data["languages"][DEFAULT_LANGUAGE]["texts"]
    lines = page.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    tags: dict[int, tuple[str, list[PageText]]] = {}
    for text in texts:
        start = offsets[text.line - 1] + text.column
        tags.setdefault(start, (text.start_tag, []))[1].append(text)
    pieces, done = [], 0
    for start, (raw, named) in sorted(tags.items()):
        tag = raw[:-2] if raw.endswith("/>") else raw[:-1]
        end = raw[len(tag) :]
        for text in named:
            if text.attribute is not None:
                tag += _attribute(text.attribute, english[text.ref])
        content = "".join(_element_text(english[t.ref]) for t in named if t.attribute is None)
        pieces += [page[done:start], tag, end, content]
        done = start + len(raw)
    return page_with_json_block("".join(pieces) + page[done:], DATA_ID, data)


def read_sources() -> tuple[str, list[str]]:
    """index.html and the start-up scripts, as the build reads them."""
    return PAGE.read_text(encoding="utf-8"), [path.read_text(encoding="utf-8") for path in SCRIPTS]
