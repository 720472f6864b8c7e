"""The full rules texts: one per (ruleset, language), structured, complete and consistent."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.errors import UnknownRulesetError
from game.i18n.locale import LANGUAGE_CODES
from game.i18n.rules_text import (
    WORD_JOINER,
    BulletList,
    Example,
    Paragraph,
    RulesText,
    RulesTextError,
    Table,
    load_rules_text,
    rules_text_from_data,
)
from game.i18n.translator import Translator
from game.rules.rulesets import RULESETS, FaceSum

PAIRS = [(ruleset_id, language) for ruleset_id in sorted(RULESETS) for language in LANGUAGE_CODES]
HEBREW_POINTS = re.compile("[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]")

WORKED_EXAMPLES = {
    # Written with digits, so the same in every language.
    "penta": ["1, 1, 3, 4", "63", "35", "100", "20", "25", "30", "40", "50", "0"],
    "yatzy": ["1-1-1-1-6", "2-2-2-4-5", "1-4-4-6-6", "6-4-2", "6-6-6-5-5 = 28", "6-6-4-4-4"],
}


@pytest.mark.parametrize(("ruleset_id", "language"), PAIRS)
def test_rules_text_exists_for_every_ruleset_and_language(ruleset_id: str, language: str) -> None:
    rules = load_rules_text(ruleset_id, language)
    assert rules.ruleset == ruleset_id
    assert rules.language == language
    assert rules.title.strip()
    assert len(rules.sections) >= 4
    assert Translator(language).rules_text(ruleset_id) is rules


@pytest.mark.parametrize(("ruleset_id", "language"), PAIRS)
def test_the_score_table_lists_every_box_in_sheet_order_by_its_catalog_name(
    ruleset_id: str, language: str
) -> None:
    rules = load_rules_text(ruleset_id, language)
    t = Translator(language, strict=True)
    names = [t.box_name(ruleset_id, box_id) for box_id in RULESETS[ruleset_id].box_ids]
    tables = [
        block for section in rules.sections for block in section.blocks if isinstance(block, Table)
    ]
    assert len(tables) == 1
    assert [row[0] for row in tables[0].rows] == names


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_hebrew_says_which_face_an_upper_box_counts_by_its_number(ruleset_id: str) -> None:
    # In Hebrew "the sum of the fours" (הרביעיות) reads as four of a kind (רביעייה), the row
    # beside it on the sheet, and "the twos" (הדואות) as slang (a walk): the face is a number.
    rules = load_rules_text(ruleset_id, "he")
    (table,) = (block for s in rules.sections for block in s.blocks if isinstance(block, Table))
    counted = {row[0]: row[1] for row in table.rows}
    t = Translator("he", strict=True)
    for box in RULESETS[ruleset_id].boxes:
        if isinstance(box.scorer, FaceSum):
            face = str(box.scorer.face)
            assert face in counted[t.box_name(ruleset_id, box.id)], box.id
            assert face in t.box_help(ruleset_id, box.id), box.id


@pytest.mark.parametrize(("ruleset_id", "language"), PAIRS)
def test_the_worked_examples_are_there(ruleset_id: str, language: str) -> None:
    rules = load_rules_text(ruleset_id, language)
    text = rules.plain_text().replace(WORD_JOINER, "")
    for example in WORKED_EXAMPLES[ruleset_id]:
        assert example in text, example
    assert any(isinstance(b, Example) for s in rules.sections for b in s.blocks)


@pytest.mark.parametrize(("ruleset_id", "language"), PAIRS)
def test_the_rules_quote_the_sacrifice_message_of_the_app(ruleset_id: str, language: str) -> None:
    message = Translator(language, strict=True)("turn.must_sacrifice")
    assert message in load_rules_text(ruleset_id, language).plain_text()


@pytest.mark.parametrize(("ruleset_id", "language"), PAIRS)
def test_the_rules_name_the_confirm_button_when_they_mention_it(
    ruleset_id: str, language: str
) -> None:
    text = load_rules_text(ruleset_id, language).plain_text()
    if ruleset_id == "penta":
        assert Translator(language, strict=True)("turn.confirm") in text


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_language_has_the_same_structure(ruleset_id: str) -> None:
    """Same sections, same kinds of blocks, same list lengths and table sizes: nothing left out."""

    def shape(rules: RulesText) -> list[list[tuple[Any, ...]]]:
        out = []
        for section in rules.sections:
            blocks: list[tuple[Any, ...]] = []
            for block in section.blocks:
                if isinstance(block, BulletList):
                    blocks.append(("list", len(block.items)))
                elif isinstance(block, Table):
                    blocks.append(("table", len(block.columns), len(block.rows)))
                else:
                    blocks.append((block.type,))
            out.append(blocks)
        return out

    shapes = {language: shape(load_rules_text(ruleset_id, language)) for language in LANGUAGE_CODES}
    assert shapes["he"] == shapes["en"]
    assert shapes["et"] == shapes["en"]


@pytest.mark.parametrize(("ruleset_id", "language"), PAIRS)
def test_rules_are_plain_text(ruleset_id: str, language: str) -> None:
    for text in load_rules_text(ruleset_id, language).strings():
        assert text.strip() == text and text
        assert not re.search(r"<[a-zA-Z/!]", text), f"markup in {text!r}"
        assert "  " not in text
        if language == "he":
            assert not HEBREW_POINTS.search(text), f"niqqud in {text!r}"


@pytest.mark.parametrize(("ruleset_id", "language"), PAIRS)
def test_a_run_of_faces_never_breaks_across_lines(ruleset_id: str, language: str) -> None:
    # Each hyphen between two faces is followed by a word joiner ("1-2-3-4" whole on a line).
    text = load_rules_text(ruleset_id, language).plain_text()
    assert re.search(r"\d-\d", text) is None, re.findall(r".{8}\d-\d.{8}", text)
    assert "-" + WORD_JOINER in text


def test_penta_rules_tell_the_bonus_and_joker_numbers() -> None:
    for language in LANGUAGE_CODES:
        text = load_rules_text("penta", language).plain_text()
        for number in ("13", "3", "5", "63", "35", "100"):
            assert number in text


COUNTDOWN_WORDS = {"en": "countdown", "he": "ספירה", "et": "loendus"}
SECONDS_WORDS = {"en": "{n} seconds", "he": "{n} שניות", "et": "{n} sekundi"}


@pytest.mark.parametrize(("ruleset_id", "language"), PAIRS)
def test_the_rules_say_the_rulesets_own_countdown(ruleset_id: str, language: str) -> None:
    """Penta scores by itself after its 3 seconds, Yatzy has no countdown: the Yatzy rules
    once promised Penta's 3 seconds (a walk)."""
    text = load_rules_text(ruleset_id, language).plain_text()
    seconds = RULESETS[ruleset_id].auto_score_seconds
    said = [p for p in text.split("\n") if COUNTDOWN_WORDS[language] in p]
    assert len(said) == 1, said
    if seconds:
        assert SECONDS_WORDS[language].format(n=seconds) in said[0]
    else:
        assert not re.search(r"\d", said[0]), said[0]


def test_the_hebrew_penta_rules_follow_the_hebrew_sheet() -> None:
    text = load_rules_text("penta", "he").plain_text()
    for phrase in (
        "13 סיבובים; בכל סיבוב מטילים 5 קוביות עד 3 פעמים",
        "לכל היותר 3 הטלות בכל תור",
        "63 מתאים לשלוש קוביות מכל ערך",
        "עם חמש ארבעות, מותר רק תא הארבעות: 20 נקודות, ועוד 100 בונוס",
        "הפול האוס שווה אז 25, הרצף הקטן 30, הרצף הגדול 40",
        # The sheet's "(TOTAL)", a printed score pad's row, is the app's row "סך הכול" here
        # (a walk read it as English left over).
        "הסך הכול מחבר את החלק העליון, הבונוס שלו, החלק התחתון ובונוסי הפנטה",
    ):
        assert phrase in text, phrase


def test_the_estonian_yatzy_rules_follow_the_estonian_sheet() -> None:
    text = load_rules_text("yatzy", "et").plain_text().replace(WORD_JOINER, "")
    for phrase in (
        "Mängukorral olijal on kasutada kolm heidet.",
        "Tulemuseks kokku on Maja 6-6-6-5-5 = 28 punkti.",
        "Igat lahtrit võib tulemuse märkimiseks kasutada vaid korra mängu jooksul.",
        "saab 50 boonuspunkti",
        "Mängu võidab see, kellel on suurim punktisumma",
    ):
        assert phrase in text, phrase


@pytest.mark.parametrize("ruleset", ["penta", "yatzy"])
def test_the_estonian_rules_call_a_box_lahter_as_the_sheet_does(ruleset: str) -> None:
    # "joon" (a line of a paper score card) was left in the Yatzy rules, beside the app's
    # "lahter" for the same thing.
    text = load_rules_text(ruleset, "et").plain_text().lower()
    assert re.findall(r"\bjoo?n\w*", text) == []
    assert "lahtri" in text


def test_unknown_ruleset_or_language_is_refused() -> None:
    with pytest.raises(UnknownRulesetError):
        load_rules_text("kniffel", "en")
    with pytest.raises(RulesTextError, match="'fr'"):
        load_rules_text("penta", "fr")
    with pytest.raises(RulesTextError):
        load_rules_text("penta", "../en")


def _doc(*blocks: object) -> dict[str, object]:
    return {
        "ruleset": "penta",
        "language": "en",
        "title": "T",
        "sections": [{"heading": "H", "blocks": list(blocks)}],
    }


def test_valid_blocks_are_built() -> None:
    rules = rules_text_from_data(
        _doc(
            {"type": "paragraph", "text": "p"},
            {"type": "list", "items": ["a", "b"]},
            {"type": "table", "columns": ["x", "y"], "rows": [["1", "2"]]},
            {"type": "example", "text": "e"},
        )
    )
    assert rules.sections[0].blocks == (
        Paragraph("p"),
        BulletList(("a", "b")),
        Table(("x", "y"), (("1", "2"),)),
        Example("e"),
    )
    assert rules.strings() == ["T", "H", "p", "a", "b", "x", "y", "1", "2", "e"]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "expected a JSON object"),
        ({"ruleset": "penta"}, "expected the fields"),
        (_doc({"type": "html", "text": "<b>x</b>"}), "unknown block type 'html'"),
        (_doc({"type": "paragraph", "text": ""}), "non-empty text"),
        (_doc({"type": "paragraph", "text": " x"}), "leading or trailing space"),
        (_doc({"type": "paragraph", "text": "x", "html": "y"}), "a paragraph block has"),
        (_doc({"type": "list", "items": []}), "non-empty list"),
        (_doc({"type": "table", "columns": ["a", "b"], "rows": [["1"]]}), "1 cells for 2"),
        (_doc({"type": "table", "columns": ["a"], "rows": []}), "non-empty list of rows"),
        (_doc(), "'blocks' must be a non-empty list"),
        ({**_doc(), "sections": []}, "'sections' must be a non-empty list"),
    ],
)
def test_malformed_rules_are_refused(data: object, problem: str) -> None:
    with pytest.raises(RulesTextError, match=re.escape(problem)):
        rules_text_from_data(data)


@pytest.mark.parametrize("ruleset", ["penta", "yatzy"])
def test_the_hebrew_rules_hold_no_latin_word(ruleset: str) -> None:
    # A printed pad's "TOTAL" was left in them, which a walk read as English left over.
    text = load_rules_text(ruleset, "he").plain_text()
    assert re.findall(r"[A-Za-z]+", text) == []
