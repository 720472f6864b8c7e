"""The catalogs as data: the same keys and placeholders everywhere, complete plurals, no gaps."""

from __future__ import annotations

import json
import re
import unicodedata
from importlib import resources
from pathlib import Path

import pytest

from game.i18n.catalog import Catalog, load_catalog
from game.i18n.locale import DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGES, CatalogError
from game.i18n.translator import Translator
from game.rules.rulesets import RULESETS

OTHERS = [language for language in LANGUAGE_CODES if language != DEFAULT_LANGUAGE]
HEBREW_POINTS = re.compile("[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]")
"""Niqqud and cantillation marks (the maqaf U+05BE and sof pasuq U+05C3 are punctuation)."""


def english() -> Catalog:
    return load_catalog(DEFAULT_LANGUAGE)


def all_texts(catalog: Catalog) -> list[tuple[str, str]]:
    return [
        (f"{key} [{form}]", template.text)
        for key, message in catalog.messages.items()
        for form, template in message.forms.items()
    ]


def test_the_three_languages_are_supported() -> None:
    assert set(LANGUAGE_CODES) == {"en", "he", "et"}
    for language in LANGUAGE_CODES:
        assert load_catalog(language).language == language


@pytest.mark.parametrize("language", OTHERS)
def test_every_catalog_has_exactly_the_english_keys(language: str) -> None:
    keys = load_catalog(language).keys()
    assert sorted(english().keys() - keys) == [], f"missing in {language}"
    assert sorted(keys - english().keys()) == [], f"only in {language}"


@pytest.mark.parametrize("language", OTHERS)
def test_every_message_has_the_english_placeholders_and_plural_selector(language: str) -> None:
    catalog = load_catalog(language)
    mismatches = [
        (key, sorted(message.placeholders), sorted(catalog.messages[key].placeholders))
        for key, message in english().messages.items()
        if catalog.messages[key].placeholders != message.placeholders
    ]
    assert mismatches == []
    plural_mismatches = [
        key
        for key, message in english().messages.items()
        if catalog.messages[key].plural != message.plural
    ]
    assert plural_mismatches == []


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_plural_messages_give_every_form_of_the_language(language: str) -> None:
    required = set(LANGUAGES[language].plural_categories)
    for key, message in load_catalog(language).messages.items():
        if message.plural is None:
            assert set(message.forms) == {"other"}, key
        else:
            assert set(message.forms) == required, key
            assert message.plural in message.forms["other"].placeholders, key


def test_counts_that_appear_in_english_messages_are_plural_messages() -> None:
    """A number before a counted noun ("{count} rolls") needs plural forms."""
    counted = re.compile(r"\{(\w+)\} (rolls?|points?|games?|players?|seconds?|characters?)\b")
    for key, message in english().messages.items():
        for template in message.forms.values():
            for name, _noun in counted.findall(template.text):
                assert message.plural == name, f"{key}: {{{name}}} counts but is not plural"


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_no_empty_or_padded_strings(language: str) -> None:
    for where, text in all_texts(load_catalog(language)):
        assert text.strip(), where
        assert text == text.strip(), f"{where}: leading or trailing space in {text!r}"
        assert "  " not in text, f"{where}: double space in {text!r}"


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_text_is_normalized_and_has_no_markup(language: str) -> None:
    for where, text in all_texts(load_catalog(language)):
        assert unicodedata.normalize("NFC", text) == text, where
        assert "<" not in text and ">" not in text, f"{where}: markup in {text!r}"


def test_estonian_quotes_open_low_and_close_high() -> None:
    """„Mida alles jätta?“: two strings once closed with the English ” instead."""
    for key, text in all_texts(load_catalog("et")):
        quotes = re.findall("[„“”]", text)
        assert "”" not in quotes, key
        assert quotes == ["„", "“"] * (len(quotes) // 2), key


def test_hebrew_has_no_niqqud() -> None:
    for where, text in all_texts(load_catalog("he")):
        assert not HEBREW_POINTS.search(text), f"{where}: niqqud in {text!r}"


@pytest.mark.parametrize("language", OTHERS)
def test_translated_messages_are_not_left_in_english(language: str) -> None:
    """Identical to English only for names and symbols that are the same everywhere."""
    same_everywhere = {"app.title", "lang.en", "lang.he", "lang.et"}
    same_everywhere |= {key for key in english().messages if key.startswith("box_help.yatzy.")}
    same_everywhere |= {
        "ruleset.penta.name",
        "ruleset.yatzy.name",
        "box.penta.penta",
        "box.yatzy.yatzy",
        "sheet.cell_filled",
        "kept.player_score",
        "sheet.player_bonus",
        "share.player_points",
        "finished.title",
        "bests.who",
        "bests.score",
        "dice.to_keep_several",  # the faces alone ("4, 4"), as English
    }
    catalog = load_catalog(language)
    untranslated = [
        key
        for key, message in english().messages.items()
        if key not in same_everywhere
        and catalog.messages[key].forms.get("other") == message.forms["other"]
    ]
    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGE_CODES)
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_box_of_every_ruleset_has_a_name_and_a_help_line(
    language: str, ruleset_id: str
) -> None:
    t = Translator(language, strict=True)
    names = [t.box_name(ruleset_id, box_id) for box_id in RULESETS[ruleset_id].box_ids]
    assert all(name.strip() for name in names)
    assert len(set(names)) == len(names), f"two boxes share a name: {names}"
    for box_id in RULESETS[ruleset_id].box_ids:
        assert t.box_help(ruleset_id, box_id).strip()
    assert t.ruleset_name(ruleset_id).strip()
    assert t.ruleset_description(ruleset_id).strip()


def test_no_box_keys_for_boxes_that_do_not_exist() -> None:
    for key in english().messages:
        if key.startswith(("box.", "box_help.")):
            _, ruleset_id, box_id = key.split(".")
            assert box_id in RULESETS[ruleset_id].box_ids, key


def test_hebrew_penta_box_names_are_those_of_the_hebrew_sheet() -> None:
    t = Translator("he", strict=True)
    names = [t.box_name("penta", box_id) for box_id in RULESETS["penta"].box_ids]
    assert names == [
        "אחדים",
        "שניים",
        "שלשות",
        "ארבעות",
        "חמשות",
        "שישיות",
        "שלישייה",
        "רביעייה",
        "פול האוס",
        "רצף קטן",
        "רצף גדול",
        "צ'אנס",
        "פנטה",
    ]


SHEETS = Path(__file__).resolve().parents[3] / "shared" / "rules"


@pytest.mark.skipif(not SHEETS.is_dir(), reason="the rule sheets (shared/rules) are not here")
def test_every_hebrew_penta_box_name_is_a_row_of_the_hebrew_sheet() -> None:
    sheet = (SHEETS / "penta-rules.he.txt").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip() for line in sheet.splitlines() if line.count("|") >= 3}
    t = Translator("he", strict=True)
    for box_id in RULESETS["penta"].box_ids:
        assert t.box_name("penta", box_id) in rows


def test_estonian_yatzy_box_names_use_the_estonian_sheet_terms() -> None:
    t = Translator("et", strict=True)
    names = {box_id: t.box_name("yatzy", box_id) for box_id in RULESETS["yatzy"].box_ids}
    assert names["one_pair"] == "Paar"
    assert names["two_pairs"] == "Kaks paari"
    assert names["full_house"] == "Maja"
    assert names["chance"] == "Summa"
    assert names["yatzy"] == "Yatzy"
    assert [names[b] for b in ("ones", "twos", "threes", "fours", "fives", "sixes")] == [
        "Ühed",
        "Kahed",
        "Kolmed",
        "Neljad",
        "Viied",
        "Kuued",
    ]
    assert names["small_straight"] == "Väike rida"
    assert names["large_straight"] == "Suur rida"
    # "Summa" is the Chance box on the Estonian sheet: no sheet row may reuse it.
    sheet_rows = [t(key) for key in ("sheet.upper_subtotal", "sheet.total")]
    assert "Summa" not in sheet_rows


def test_the_sacrifice_message_is_the_one_on_the_hebrew_sheet() -> None:
    assert Translator("he", strict=True)("turn.must_sacrifice") == (
        "אין תא פתוח שמקנה נקודות: צריך להקריב אחד"
    )
    assert Translator("en", strict=True)("turn.must_sacrifice") == (
        "No open box scores points: you must sacrifice one"
    )


def test_the_confirm_button_is_named_as_on_the_hebrew_sheet() -> None:
    assert Translator("he", strict=True)("turn.confirm") == "אישור התור"


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_catalog_files_are_strict_json_without_duplicate_keys(language: str) -> None:
    path = resources.files("game").joinpath("catalogs").joinpath(f"{language}.json")
    raw = path.read_text(encoding="utf-8")
    pairs_seen: list[str] = []

    def hook(pairs: list[tuple[str, object]]) -> dict[str, object]:
        keys = [key for key, _ in pairs]
        assert len(keys) == len(set(keys)), f"duplicate keys in {language}.json"
        pairs_seen.extend(keys)
        return dict(pairs)

    json.loads(raw, object_pairs_hook=hook)
    assert pairs_seen


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "expected a JSON object"),
        ({"language": "et", "messages": {"a.b": "x"}}, "declares language 'et'"),
        ({"language": "en", "messages": {}}, "non-empty"),
        ({"language": "en", "messages": {"Bad Key": "x"}}, "dotted lower_snake_case"),
        ({"language": "en", "messages": {"single": "x"}}, "dotted lower_snake_case"),
        ({"language": "en", "messages": {"a.b": ""}}, "empty message"),
        ({"language": "en", "messages": {"a.b": "   "}}, "empty message"),
        ({"language": "en", "messages": {"a.b": 3}}, "a string or a plural object"),
        ({"language": "en", "messages": {"a.b": "{x.y}"}}, "not a plain {name}"),
        ({"language": "en", "messages": {"a.b": "{x:>3}"}}, "not a plain {name}"),
        ({"language": "en", "messages": {"a.b": "{x!r}"}}, "not a plain {name}"),
        ({"language": "en", "messages": {"a.b": "{0}"}}, "not a plain {name}"),
        ({"language": "en", "messages": {"a.b": "{}"}}, "not a plain {name}"),
        ({"language": "en", "messages": {"a.b": "open { brace"}}, "bad braces"),
        ({"language": "en", "messages": {"a.b": {"one": "x", "other": "{n}"}}}, "'plural'"),
        (
            {"language": "en", "messages": {"a.b": {"plural": "n", "other": "{n} x"}}},
            "missing ['one']",
        ),
        (
            {
                "language": "en",
                "messages": {"a.b": {"plural": "n", "one": "1", "two": "2", "other": "{n}"}},
            },
            "unexpected ['two']",
        ),
        (
            {"language": "he", "messages": {"a.b": {"plural": "n", "one": "1", "other": "{n}"}}},
            "missing ['two']",
        ),
        (
            {"language": "en", "messages": {"a.b": {"plural": "n", "one": "1", "other": "x"}}},
            "must show the count",
        ),
        (
            {
                "language": "en",
                "messages": {"a.b": {"plural": "n", "one": "1 {who}", "other": "{n}"}},
            },
            "leaves out ['who']",
        ),
    ],
)
def test_malformed_catalogs_are_refused_with_a_clear_error(data: object, problem: str) -> None:
    with pytest.raises(CatalogError, match=re.escape(problem)):
        Catalog.from_data(data, "he" if '"he"' in json.dumps(data) else "en")


def test_duplicate_keys_in_a_file_are_refused() -> None:
    text = '{"language": "en", "messages": {"a.b": "x", "a.b": "y"}}'
    with pytest.raises(CatalogError, match=re.escape("duplicate key 'a.b'")):
        Catalog.from_json(text, "en")
    with pytest.raises(CatalogError, match="not valid JSON"):
        Catalog.from_json("{", "en")


def test_literal_braces_are_allowed() -> None:
    catalog = Catalog.from_data({"language": "en", "messages": {"a.b": "{{x}} {y}"}}, "en")
    assert catalog.messages["a.b"].placeholders == {"y"}
