"""What a key changed away from the keyboard's focus, said for screen readers: keys 1 to 5 keep
or let go a die (its pressed state is read only where the focus is), H (or the Hint button)
shows the hint, and with real dice 1 to 6 and Backspace enter the dice. An accessibility walk
heard nothing after them. The shell marks such intents `said`; game.app.update announces what
they changed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class KeyAnswer(StrEnum):
    KEEP = "keep"
    HINT = "hint"
    ENTRY = "entry"


@dataclass(frozen=True)
class KeyAnswered:
    kind: KeyAnswer
    die: int = -1
    """The die kept or let go (KEEP only)."""
