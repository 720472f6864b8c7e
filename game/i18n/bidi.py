"""Directional isolates in translated text: where they are, and the text without them.

The translator (game.i18n.translator) puts every value it inserts between an isolate initiator and
POP DIRECTIONAL ISOLATE, so that a name written in the other direction keeps the sentence in
order. On the page the view turns each isolate into a ``<bdi>`` element (`split_isolates`):
the text shows the same, and the marks stay out of what a screen reader reads, where they
could break a word ("Noa's" read as "Noa, s"). Text that is only heard, never shown (an
``aria-label``), has no use for them (`without_isolates`).

Pure Python (no browser imports), tested in CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

__all__ = [
    "FSI",
    "LRI",
    "PDI",
    "RLI",
    "Isolate",
    "Segment",
    "split_isolates",
    "without_isolates",
]

FSI = "\u2068"
"""FIRST STRONG ISOLATE: with PDI, keeps a right-to-left name from reordering the text around it."""
LRI = "\u2066"
"""LEFT-TO-RIGHT ISOLATE: with PDI, keeps a number range ("0–49") in its order in right-to-left
text, where the bidirectional algorithm would otherwise show it as "49–0"."""
RLI = "\u2067"
"""RIGHT-TO-LEFT ISOLATE: with PDI, keeps a list of numbers ("1, 4, 6") in right-to-left order."""
PDI = "\u2069"

IsolateDirection: TypeAlias = Literal["auto", "ltr", "rtl"]
_DIRECTIONS: dict[str, IsolateDirection] = {FSI: "auto", LRI: "ltr", RLI: "rtl"}
_MARKS = str.maketrans("", "", FSI + LRI + RLI + PDI)


@dataclass(frozen=True)
class Isolate:
    """Text isolated from what is around it, as ``<bdi dir="...">`` would be."""

    direction: IsolateDirection
    """"auto" (FSI: the first strong letter decides), "ltr" (LRI) or "rtl" (RLI)."""
    parts: tuple[Segment, ...]


Segment: TypeAlias = "str | Isolate"


def split_isolates(text: str) -> tuple[Segment, ...]:
    """`text` as plain runs and isolates (nested as in the text), the marks left out.

    ``"⁨Noa⁩'s turn"`` gives ``(Isolate("auto", ("Noa",)), "'s turn")``. As the Unicode
    bidirectional algorithm does, a PDI with no open isolate is ignored, and an isolate still
    open at the end closes there.
    """
    if not any(mark in text for mark in (FSI, LRI, RLI)):
        return (text.translate(_MARKS),) if text else ()
    stack: list[tuple[IsolateDirection, list[Segment]]] = [("auto", [])]
    run: list[str] = []

    def end_run() -> None:
        if run:
            stack[-1][1].append("".join(run))
            run.clear()

    for char in text:
        if char in _DIRECTIONS:
            end_run()
            stack.append((_DIRECTIONS[char], []))
        elif char == PDI:
            if len(stack) > 1:
                end_run()
                direction, parts = stack.pop()
                stack[-1][1].append(Isolate(direction, tuple(parts)))
        else:
            run.append(char)
    end_run()
    while len(stack) > 1:
        direction, parts = stack.pop()
        stack[-1][1].append(Isolate(direction, tuple(parts)))
    return tuple(stack[0][1])


def without_isolates(text: str) -> str:
    """`text` with every isolate mark removed: for text that is heard and never shown."""
    return text.translate(_MARKS)
