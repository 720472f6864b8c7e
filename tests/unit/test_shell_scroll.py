"""How far the shell scrolls to bring a column or a row into view (shell.dom.shift_into)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shell.dom import shift_into

EDGES = st.integers(-2_000, 2_000)
LENGTHS = st.integers(1, 1_000)


@given(start=EDGES, length=LENGTHS, low=EDGES, room=LENGTHS)
def test_what_fits_ends_within_the_room_and_what_does_not_shows_from_its_start(
    start: int, length: int, low: int, room: int
) -> None:
    end, high = start + length, low + room
    shift = shift_into(start, end, low, high)
    shown_start, shown_end = start - shift, end - shift
    if length <= room:
        assert low <= shown_start and shown_end <= high
        if low <= start and end <= high:
            assert shift == 0  # already in view: nothing moves
    else:
        assert shown_start == low


def test_a_column_wider_than_the_room_beside_the_names_keeps_its_start_beside_them() -> None:
    # A walk's 320 px phone with large text: the names pinned up to 200, the frame ending at
    # 302, the current player's column 200..320: its end at 302 took its start under the names.
    assert shift_into(200, 320, 200, 302) == 0
    assert shift_into(350, 470, 200, 302) == 150
