"""index.html writes no text of its own: every text and text attribute names its catalog message
(data-text, data-text-<attribute>), so that it is shown in the user's language from the start.
How the build fills them in: tools/boot_texts.py."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from game.i18n.locale import LANGUAGE_CODES
from game.i18n.translator import Translator
from tools.boot_texts import PAGE, BootTextError, TextRef, page_texts, page_with_texts

TEXT_ATTRIBUTES = frozenset(
    {"aria-label", "aria-description", "aria-roledescription", "title", "alt", "placeholder"}
)
"""Attributes whose value a person reads or hears."""
NOT_TEXT = frozenset({"script", "style"})


class WrittenTexts(HTMLParser):
    """The texts index.html writes itself: text nodes and text attributes, with their line."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.written: list[str] = []
        self.named: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open.append(tag)
        where = f"line {self.getpos()[0]} <{tag}>"
        values = dict(attrs)
        for name, value in attrs:
            if name in TEXT_ATTRIBUTES and value:
                self.written.append(f"{where} {name}={value!r}")
            if name == "data-text" or name.startswith("data-text-"):
                self.named.append(value or "")
        if tag == "meta" and values.get("name") == "description" and "content" in values:
            self.written.append(f"{where} content={values['content']!r}")
        if tag in {"meta", "link", "input", "br", "img"}:
            self._open.pop()  # void elements have no end tag

    def handle_endtag(self, tag: str) -> None:
        while self._open and self._open.pop() != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1] in NOT_TEXT:
            return
        # A symbol such as the settings button's gear is no text to translate.
        if any(ch.isalnum() for ch in data):
            self.written.append(f"line {self.getpos()[0]}: {data.strip()!r}")


def parsed_page() -> WrittenTexts:
    parser = WrittenTexts()
    parser.feed(PAGE.read_text(encoding="utf-8"))
    parser.close()
    return parser


def test_index_html_writes_no_text_of_its_own() -> None:
    assert parsed_page().written == [], "name a catalog message with data-text instead"


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_every_text_index_html_names_renders_in_every_language(language: str) -> None:
    t = Translator(language, strict=True, isolate=False)
    named = parsed_page().named
    assert len(named) > 40  # the whole first screen and the hidden ones
    for ref in named:
        assert TextRef.parse(ref).render(t).strip(), ref


def test_the_build_fills_in_english_and_refuses_an_element_that_writes_its_text() -> None:
    page = (
        "<head>\n  <!-- boot-texts: here -->\n</head>\n"
        '<h2 data-text="setup.title"></h2><ol data-text-aria-label="die.area"></ol>'
        '<button data-text="setup.show_rules?ruleset=ruleset.yatzy.name"></button>'
    )
    filled = page_with_texts(page, ["show('boot.loading')"])
    assert '<h2 data-text="setup.title">New game</h2>' in filled
    assert '<ol data-text-aria-label="die.area" aria-label="Dice"></ol>' in filled
    assert ">Yatzy rules</button>" in filled
    assert '"boot.loading":"Loading…"' in filled
    assert "boot-texts: here" not in filled
    with pytest.raises(BootTextError, match="must be empty"):
        page_texts('<p data-text="setup.title">New game</p>')
    with pytest.raises(BootTextError, match=r"is not name=message\.key"):
        TextRef.parse("setup.show_rules?ruleset")
