"""Isolates in translated text, as the view turns them into <bdi> elements."""

from __future__ import annotations

from game.i18n.bidi import FSI, LRI, PDI, RLI, Isolate, split_isolates, without_isolates
from game.i18n.translator import Translator


def test_a_text_without_isolates_is_one_plain_run() -> None:
    assert split_isolates("Confirm turn") == ("Confirm turn",)
    assert split_isolates("") == ()


def test_each_isolate_is_split_out_with_its_direction() -> None:
    assert split_isolates(f"{FSI}נועה{PDI}'s turn") == (Isolate("auto", ("נועה",)), "'s turn")
    assert split_isolates(f"{LRI}0–49{PDI}: 3") == (Isolate("ltr", ("0–49",)), ": 3")
    assert split_isolates(f"keep {RLI}1, 4{PDI}") == ("keep ", Isolate("rtl", ("1, 4",)))


def test_nested_isolates_stay_nested_and_the_marks_are_left_out() -> None:
    t = Translator("en")
    text = t("end.winners_tied", names=t.format_list(["Ann", "נועה"]))
    names = Isolate("auto", (Isolate("auto", ("Ann",)), " and ", Isolate("auto", ("נועה",))))
    assert split_isolates(text) == (names, " share the win!")


def test_a_stray_mark_is_ignored_and_an_unclosed_isolate_ends_with_the_text() -> None:
    assert split_isolates(f"a{PDI}b") == ("ab",)
    assert split_isolates(f"a{FSI}b") == ("a", Isolate("auto", ("b",)))


def test_text_that_is_only_heard_loses_the_marks() -> None:
    # An aria-label is never shown: the marks would only come between a screen reader and
    # the words ("Noa's" read as "Noa, s").
    t = Translator("he")
    label = t("turn.box_points", box=t.box_name("penta", "chance"), points=25)
    assert without_isolates(label) == "צ'אנס: 25 אם רושמים עכשיו"
