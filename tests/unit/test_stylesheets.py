"""The build joins the page's stylesheets into one file, in the order the page links them, and
refuses a page whose links and stylesheets do not match (tools/stylesheets.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.stylesheets import JOINED, STYLES_DIR, StylesheetError, page_with_joined_stylesheet

ROOT = Path(__file__).resolve().parents[2]


def page(*names: str) -> str:
    links = "".join(f'  <link rel="stylesheet" href="{STYLES_DIR}{name}">\n' for name in names)
    return f'<head>\n  <meta charset="utf-8">\n{links}  <script src="a.js"></script>\n</head>\n'


def styles(root: Path, **sheets: str) -> None:
    (root / STYLES_DIR).mkdir(parents=True)
    for name, text in sheets.items():
        (root / STYLES_DIR / f"{name}.css").write_text(text)
    (root / "dist" / "assets").mkdir(parents=True)


def test_the_stylesheets_are_joined_in_the_pages_order_in_place_of_their_links(
    tmp_path: Path,
) -> None:
    styles(tmp_path, base="a { color: red; }\n", later="a { color: blue; }\n")
    built = page_with_joined_stylesheet(page("base.css", "later.css"), tmp_path, tmp_path / "dist")
    assert built == page().replace(
        "  <script", f'  <link rel="stylesheet" href="{JOINED}">\n  <script'
    )
    joined = (tmp_path / "dist" / JOINED).read_text()
    assert joined.index("color: red") < joined.index("color: blue")  # the cascade's order kept
    reversed_page = page("later.css", "base.css")
    page_with_joined_stylesheet(reversed_page, tmp_path, tmp_path / "dist")
    joined = (tmp_path / "dist" / JOINED).read_text()
    assert joined.index("color: blue") < joined.index("color: red")


@pytest.mark.parametrize(
    ("linked", "named"),
    [
        (("base.css",), "later.css"),  # a stylesheet left out of the page
        (("base.css", "later.css", "gone.css"), "gone.css"),  # a link to no file
        (("base.css", "later.css", "base.css"), "base.css"),  # linked twice
        ((), "[]"),  # nothing linked
    ],
)
def test_a_page_whose_links_do_not_match_the_stylesheets_is_refused(
    tmp_path: Path, linked: tuple[str, ...], named: str
) -> None:
    styles(tmp_path, base="", later="")
    with pytest.raises(StylesheetError, match=re.escape(named)):
        page_with_joined_stylesheet(page(*linked), tmp_path, tmp_path / "dist")
    assert not (tmp_path / "dist" / JOINED).exists()


def test_the_joined_stylesheet_leaves_the_comments_out_and_keeps_every_rule(
    tmp_path: Path,
) -> None:
    # The comments say why, in the sources; a first visit waits for the built file to paint.
    styles(
        tmp_path,
        base="/* Why red. */\na { color: red; } /* why here */\n\n/* Two\n   lines. */\n",
        later="@media (width < 20rem) {\n    /* Small. */\n    b { margin: 0; }\n}\n",
    )
    page_with_joined_stylesheet(page("base.css", "later.css"), tmp_path, tmp_path / "dist")
    joined = (tmp_path / "dist" / JOINED).read_text()
    assert "/*" not in joined and "why" not in joined.lower()
    assert re.sub(r"\s+", " ", joined).strip() == (
        "a { color: red; } @media (width < 20rem) { b { margin: 0; } }"
    )


def test_the_page_links_every_stylesheet_once() -> None:
    index = (ROOT / "index.html").read_text()
    sheets = sorted((ROOT / STYLES_DIR).glob("*.css"))
    assert len(sheets) > 1
    for sheet in sheets:
        assert index.count(f'href="{STYLES_DIR}{sheet.name}"') == 1
