"""Each seat's colour, by its place in the turn order: a family passing one phone tells whose
turn it is at a glance, on the sheet's column, the turn's heading, the hand-over and the New
game screen's card alike. Beside the name, never instead of it: a colour alone says nothing to
a player who cannot tell colours apart. The page's palette (assets/styles/page.css, light and
dark) has SEAT_COLOURS colours; a ninth seat takes the first one again."""

from __future__ import annotations

SEAT_COLOURS = 8


def seat_colour(seat: int) -> int:
    return seat % SEAT_COLOURS
