"""What the shell writes into the page's live region (shell.dom.said_anew): every announcement
changes it, the same words twice in a row too, or a screen reader says nothing the second time
(a keyboard walk heard a computer keep "5, 5" once, not its second keep of the same dice)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shell.dom import SILENT_MARK, said_anew

WORDS = st.sampled_from(["", "Computer 1 keeps 5, 5", "Rolled 1, 4; kept 6, 6, 6", "Game over"])


@given(st.lists(WORDS, max_size=12))
def test_each_announcement_changes_the_region_and_reads_as_its_words(said: list[str]) -> None:
    region = ""
    for text in said:
        written = said_anew(region, text)
        assert written.removesuffix(SILENT_MARK) == text
        if text:
            assert written != region  # a change: it is heard
        region = written


def test_the_same_keep_twice_is_written_twice_differently() -> None:
    first = said_anew("", "Computer 1 keeps 5, 5")
    second = said_anew(first, "Computer 1 keeps 5, 5")
    third = said_anew(second, "Computer 1 keeps 5, 5")
    assert first == third == "Computer 1 keeps 5, 5"
    assert second == "Computer 1 keeps 5, 5" + SILENT_MARK
