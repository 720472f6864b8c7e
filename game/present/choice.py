"""One option of a choice on screen (a language, a speed, a seat's kind or coach, the player
whose review shows): the views of several screens hold them (game.present.views,
game.present.review_views)."""

from __future__ import annotations

from typing import NamedTuple


class Choice(NamedTuple):
    value: str
    label: str
    selected: bool
