"""Puts translated text into the page, each isolate of it (game.i18n.bidi) as a ``<bdi>`` element.

The text shows exactly as with the isolate marks in it, and what a screen reader reads holds
no marks: "Noa's turn" stays one word, not "Noa" and "s". Text still goes in as text nodes,
never as markup.
"""

from __future__ import annotations

from typing import Any

from game.i18n.bidi import Isolate, Segment, split_isolates

__all__ = ["fill_text"]


def fill_text(el: Any, text: str) -> None:
    """Makes `text` the whole content of the element `el`."""
    segments = split_isolates(text)
    plain = [segment for segment in segments if isinstance(segment, str)]
    if len(plain) == len(segments):
        el.textContent = "".join(plain)
    else:
        el.replaceChildren(*_nodes(el.ownerDocument, segments))


def _nodes(document: Any, segments: tuple[Segment, ...]) -> list[Any]:
    nodes = []
    for segment in segments:
        if isinstance(segment, Isolate):
            bdi = document.createElement("bdi")
            if segment.direction != "auto":  # a <bdi> finds its own direction by default
                bdi.setAttribute("dir", segment.direction)
            bdi.append(*_nodes(document, segment.parts))
            nodes.append(bdi)
        else:
            nodes.append(document.createTextNode(segment))
    return nodes
