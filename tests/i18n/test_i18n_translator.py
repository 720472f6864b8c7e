"""The translator: placeholders, plurals, fallback, direction, language choice, numbers."""

from __future__ import annotations

import logging
from datetime import date

import pytest

from game.i18n.bidi import FSI, LRI, PDI, RLI
from game.i18n.catalog import Catalog, data_files, load_catalog
from game.i18n.locale import (
    LANGUAGE_CODES,
    MissingKeyError,
    PlaceholderError,
    UnknownLanguageError,
    choose_language,
    direction,
    format_number,
    normalize_language,
    plural_category,
)
from game.i18n.translator import Translator
from tests.i18n.isolation import iso

# --- direction and language choice -------------------------------------------------------


def test_hebrew_is_right_to_left_and_the_others_left_to_right() -> None:
    assert direction("he") == "rtl"
    assert direction("en") == "ltr"
    assert direction("et") == "ltr"
    assert Translator("he").direction == "rtl"
    assert Translator("he").html_attributes == {"lang": "he", "dir": "rtl"}
    assert Translator("et").html_attributes == {"lang": "et", "dir": "ltr"}


@pytest.mark.parametrize(
    ("preferences", "expected"),
    [
        (["he-IL", "en"], "he"),
        (["en-US", "he"], "en"),
        (["et-EE", "en-GB"], "et"),
        (["fr-FR", "de", "et"], "et"),
        (["fr-FR", "de"], "en"),
        ([], "en"),
        (None, "en"),
        ("he", "he"),
        (["iw-IL"], "he"),
        (["HE_il"], "he"),
        ([" et "], "et"),
        (["*", "", "x-klingon", "et"], "et"),
        ([None, 3, "he"], "he"),
        (["english"], "en"),
    ],
)
def test_choose_language_from_browser_preferences(
    preferences: list[object] | str | None, expected: str
) -> None:
    assert choose_language(preferences) == expected


def test_choose_language_default_can_be_changed_but_must_be_supported() -> None:
    assert choose_language(["fr"], default="et") == "et"
    with pytest.raises(UnknownLanguageError, match="'fr'"):
        choose_language(["he"], default="fr")


def test_english_is_not_a_prefix_match_for_other_languages() -> None:
    assert normalize_language("eng") is None
    assert normalize_language("e") is None
    assert normalize_language("etc") is None
    assert normalize_language("he-Latn-IL") == "he"


def test_unknown_language_is_refused_with_the_supported_ones_named() -> None:
    with pytest.raises(UnknownLanguageError, match=r"'fr'.*en, he, et"):
        Translator("fr")
    with pytest.raises(UnknownLanguageError):
        direction("fr")


# --- plurals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "count", "category"),
    [
        ("en", 0, "other"),
        ("en", 1, "one"),
        ("en", 2, "other"),
        ("en", 11, "other"),
        ("et", 1, "one"),
        ("et", 2, "other"),
        ("et", 21, "other"),
        ("he", 0, "other"),
        ("he", 1, "one"),
        ("he", 2, "two"),
        ("he", 3, "other"),
        ("he", 10, "other"),
        ("he", 20, "other"),
    ],
)
def test_plural_categories(language: str, count: int, category: str) -> None:
    assert plural_category(language, count) == category


def test_rolls_left_in_each_language() -> None:
    en = Translator("en", strict=True)
    assert [en("turn.rolls_left", count=n) for n in (2, 1, 0)] == [
        f"{iso(2)} rolls left",
        "1 roll left",
        f"{iso(0)} rolls left",
    ]
    et = Translator("et", strict=True)
    assert [et("turn.rolls_left", count=n) for n in (2, 1)] == [
        f"Veel {iso(2)} heidet",
        "Veel 1 heide",
    ]
    he = Translator("he", strict=True)
    assert [he("turn.rolls_left", count=n) for n in (3, 2, 1)] == [
        f"נותרו {iso(3)} הטלות",
        "נותרו שתי הטלות",
        "נותרה הטלה אחת",
    ]


def test_plural_count_must_be_a_whole_number() -> None:
    t = Translator("en", strict=True)
    with pytest.raises(PlaceholderError, match="whole number"):
        t("turn.rolls_left", count=1.5)
    with pytest.raises(PlaceholderError, match="whole number"):
        t("turn.rolls_left", count=True)
    with pytest.raises(PlaceholderError, match="whole number"):
        t("turn.rolls_left", count="2")


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_every_plural_message_renders_for_many_counts(language: str) -> None:
    t = Translator(language, strict=True)
    for key, message in load_catalog(language).messages.items():
        if message.plural is None:
            continue
        for count in (0, 1, 2, 3, 5, 10, 11, 21, 100, 1001):
            params: dict[str, str | int] = {name: "X" for name in message.placeholders}
            params[message.plural] = count
            text = t(key, **params)
            if count != 1 and count != 2:
                assert t.format_number(count) in text, (key, count, text)


# --- placeholders and errors --------------------------------------------------------------


def test_placeholders_are_filled_and_numbers_formatted() -> None:
    en = Translator("en", strict=True)
    assert en("die.kept", index=3, face=5) == f"Die {iso(3)}: {iso(5)}, kept"
    assert en("die.not_kept", index=3, face=5) == f"Die {iso(3)}: {iso(5)}, not kept"
    assert en("turn.box_points", box="Full house", points=25) == (
        f"{iso('Full house')}: {iso(25)} if scored now"
    )
    assert en("turn.auto_score_countdown", seconds=3) == f"Scoring in {iso(3)} seconds…"
    rolled = en("turn.rolled", dice=en.format_dice([1, 4, 4, 6, 6]))
    assert rolled == f"Rolled {iso('1, 4, 4, 6, 6')}"
    assert en("coach.reason_named", mine_value=254.4848, best_value=260) == (
        f"Yours averages a final score of {iso(254.5)}; the best, {iso(260)}."
    )
    et = Translator("et")
    assert f" {iso('254,5')}," in et("coach.reason_named", mine_value=254.4848, best_value=260)


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_every_message_renders_with_its_placeholders(language: str) -> None:
    t = Translator(language, strict=True)
    for key, message in load_catalog(language).messages.items():
        params: dict[str, str | int] = {name: f"<{name}>" for name in message.placeholders}
        if message.plural is not None:
            params[message.plural] = 7
        text = t(key, **params)
        assert "{" not in text and "}" not in text, (key, text)
        for name in message.placeholders - {message.plural}:
            assert f"<{name}>" in text, (key, text)


def test_strict_mode_raises_on_a_missing_key() -> None:
    t = Translator("he", strict=True)
    with pytest.raises(MissingKeyError, match=r"'no\.such_key'.*'he'"):
        t("no.such_key")


def test_strict_mode_raises_on_a_missing_or_unexpected_parameter() -> None:
    t = Translator("et", strict=True)
    with pytest.raises(PlaceholderError, match=r"needs \['face'\]"):
        t("die.kept", index=1)
    with pytest.raises(PlaceholderError, match=r"no placeholder for \['colour'\]"):
        t("die.kept", index=1, face=2, colour="red")
    with pytest.raises(PlaceholderError, match="text or a number"):
        t("die.kept", index=1, face=[2])  # type: ignore[arg-type]
    with pytest.raises(PlaceholderError, match="text or a number"):
        t("die.kept", index=1, face=True)


def test_a_parameter_may_be_called_key() -> None:
    catalog = Catalog.from_data({"language": "en", "messages": {"a.b": "[{key}]"}}, "en")
    t = Translator("en", strict=True)
    t.catalog = catalog
    assert t("a.b", key="k") == f"[{iso('k')}]"


def test_lenient_mode_falls_back_to_english_and_records_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    t = Translator("et")
    broken = Catalog.from_data({"language": "et", "messages": {"turn.roll": "Heida"}}, "et")
    t.catalog = broken
    with caplog.at_level(logging.ERROR, logger="game.i18n"):
        assert t("turn.confirm") == "Confirm turn"
        assert t("turn.confirm") == "Confirm turn"
        assert t("turn.roll") == "Heida"
    assert [(p.language, p.key) for p in t.problems] == [("et", "turn.confirm")]
    assert "turn.confirm" in t.problems[0].reason
    assert len([r for r in caplog.records if "turn.confirm" in r.getMessage()]) == 1


def test_lenient_mode_falls_back_on_a_placeholder_mismatch_in_the_translation() -> None:
    t = Translator("he")
    bad = Catalog.from_data({"language": "he", "messages": {"die.kept": "קובייה {idx}"}}, "he")
    t.catalog = bad
    assert t("die.kept", index=2, face=6) == f"Die {iso(2)}: {iso(6)}, kept"
    assert t.problems and t.problems[0].key == "die.kept"


def test_lenient_mode_ignores_and_records_an_unexpected_parameter() -> None:
    t = Translator("en")
    assert t("turn.confirm", extra=1) == "Confirm turn"
    assert t.problems[0].key == "turn.confirm"


def test_lenient_mode_never_shows_a_raw_key_it_raises_when_english_lacks_it_too() -> None:
    for language in LANGUAGE_CODES:
        with pytest.raises(MissingKeyError):
            Translator(language)("no.such_key")
        with pytest.raises(PlaceholderError):
            Translator(language)("die.kept")


def test_every_inserted_name_and_number_is_isolated_from_the_sentence_around_it() -> None:
    # The defect: a Hebrew name in English read "s turn'נועה", a Latin one in Hebrew likewise.
    # Isolated, the name keeps its own direction and the sentence keeps the language's.
    assert Translator("en")("turn.player_turn", name="נועה") == f"{FSI}נועה{PDI}'s turn"
    assert Translator("et")("turn.player_turn", name="נועה") == f"Mängib {FSI}נועה{PDI}"
    he = Translator("he")
    assert he("turn.player_turn", name="Dana") == f"התור של {FSI}Dana{PDI}"
    assert he("die.kept", index=1, face=2) == f"קובייה {FSI}1{PDI}: {FSI}2{PDI}, שמורה"
    # A name that ends in digits cannot take the number after it ("Dana 2: 5 points").
    scored = Translator("en")("turn.scored", name="דנה 2", box="Chance", points=5)
    assert scored == f"{FSI}דנה 2{PDI} scored {FSI}5{PDI} points in {FSI}Chance{PDI}"
    # Off only where the text becomes data: a default name that a player keeps.
    assert Translator("en", isolate=False)("setup.default_name", number=2) == "Player 2"


def test_names_are_inserted_as_text_never_interpreted() -> None:
    hostile = "<img src=x onerror=alert(1)> {name} {{x}}"
    assert Translator("en", strict=True)("end.winner", name=hostile) == f"{iso(hostile)} wins!"


# --- numbers, lists, dates, vocabulary ----------------------------------------------------


@pytest.mark.parametrize(
    ("language", "value", "decimals", "expected"),
    [
        ("en", 0, None, "0"),
        ("en", 375, None, "375"),
        ("en", 1575, None, "1575"),
        ("en", 12345, None, "12,345"),
        ("en", 1234567, None, "1,234,567"),
        ("et", 12345, None, "12\u00a0345"),
        ("et", 254.4848, 2, "254,48"),
        ("he", 254.4848, 2, "254.48"),
        ("en", 254.4848, None, "254.5"),
        ("en", 254.5, 0, "254"),
        ("en", -12, None, "-12"),
        ("et", -12, None, "\u221212"),
        ("he", -12, None, "\u200e-12"),
        ("en", -0.04, 1, "0.0"),
        ("en", 2026, None, "2026"),
    ],
)
def test_format_number(language: str, value: float, decimals: int | None, expected: str) -> None:
    assert format_number(value, language, decimals) == expected


def test_format_number_refuses_non_numbers() -> None:
    with pytest.raises(TypeError):
        format_number(True, "en")
    with pytest.raises(TypeError):
        format_number("3", "en")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        format_number(3, "en", -1)


def test_percent() -> None:
    assert Translator("en").format_percent(0.456) == "46%"
    assert Translator("et").format_percent(0.456, 1) == "45,6%"
    assert Translator("he").format_percent(1.0) == "100%"


def test_a_number_range_reads_from_low_to_high_in_every_direction() -> None:
    assert Translator("en").format_range(0, 49) == "0–49"
    assert Translator("et").format_range(350, None) == "350+"
    # Unisolated in right-to-left text, the bidi algorithm lays "0–49" out as "49–0".
    assert Translator("he").format_range(0, 49) == LRI + "0–49" + PDI
    assert Translator("he").format_range(10000, None) == LRI + "10,000+" + PDI


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_ranges_in_messages_are_isolated_in_right_to_left_text(language: str) -> None:
    t = Translator(language, strict=True)
    bar = t("stats.distribution_bar", count=0, range=t.format_range(0, 49))
    keys = t("turn.keys_hint", keys=t.format_range(1, 5))
    assert t.format_range(0, 49) in bar and t.format_range(1, 5) in keys
    assert (LRI in bar and LRI in keys) == (t.direction == "rtl")


def test_a_hebrew_prefix_joins_a_hebrew_name_and_keeps_its_maqaf_before_others() -> None:
    # The catalog writes "ל־{name}": "ל־Dana" and "ל־7" keep the maqaf, "לאמא" is one word.
    he = Translator("he")
    assert "ל־" in he.catalog.message("coach.line_best_for").template_for("he", {}).text
    assert f"ל{iso('אמא')}:" in he("coach.line_best_for", name="אמא")
    assert f"ל־{iso('Dana')}:" in he("coach.line_best_for", name="Dana")
    assert f"ה־{iso('4')}" in he("pad.remove", face=4)
    plain = Translator("he", isolate=False)
    assert "המאמן לאמא:" in plain("coach.line_best_for", name="אמא")


def test_lists_of_names() -> None:
    en, et, he = Translator("en"), Translator("et"), Translator("he")
    assert en.format_list([]) == ""
    assert en.format_list(["Ann"]) == iso("Ann")
    assert en.format_list(["Ann", "Bo"]) == f"{iso('Ann')} and {iso('Bo')}"
    assert en.format_list(["Ann", "Bo", "Cy"]) == f"{iso('Ann')}, {iso('Bo')}, and {iso('Cy')}"
    assert et.format_list(["Mari", "Jaan", "Tiit"]) == (
        f"{iso('Mari')}, {iso('Jaan')} ja {iso('Tiit')}"
    )
    assert he.format_list(["דנה", "אבי"]) == f"{iso('דנה')} ו{iso('אבי')}"
    assert he.format_list(["דנה", "אבי", "Bo"]) == f"{iso('דנה')}, {iso('אבי')} ו-{iso('Bo')}"
    assert he.format_list(["דנה", "7"]) == f"{iso('דנה')} ו-{iso('7')}"
    plain = Translator("en", isolate=False)
    assert plain.format_list(["Ann", "Bo"]) == "Ann and Bo"


def test_winners_sharing_the_win() -> None:
    en = Translator("en", strict=True)
    names = f"{iso('Ann')} and {iso('Bo')}"
    assert en("end.winners_tied", names=en.format_list(["Ann", "Bo"])) == (
        f"{iso(names)} share the win!"
    )


def test_dates() -> None:
    day = date(2026, 11, 30)
    # Never broken across two lines ("5." at a line's end, "dets 2026" on the next: a walk).
    assert Translator("en").format_date(day) == f"{iso(30)}\u00a0{iso('Nov')}\u00a0{iso(2026)}"
    assert Translator("et").format_date(day) == f"{iso(30)}.\u00a0{iso('nov')}\u00a0{iso(2026)}"
    assert Translator("he").format_date(day) == f"{iso(30)}\u00a0ב{iso('נוב׳')}\u00a0{iso(2026)}"
    # Without the year, where it goes without saying (the points-lost chart's last games).
    assert Translator("en").format_day_month(day) == f"{iso(30)}\u00a0{iso('Nov')}"
    assert Translator("et").format_day_month(day) == f"{iso(30)}.\u00a0{iso('nov')}"
    assert Translator("he").format_day_month(day) == f"{iso(30)}\u00a0ב{iso('נוב׳')}"


def test_dice_lists_are_the_same_in_every_language_and_follow_the_dice_in_hebrew() -> None:
    assert Translator("en").format_dice((1, 4, 6)) == "1, 4, 6"
    assert Translator("et").format_dice((1, 4, 6)) == "1, 4, 6"
    # The dice lie from right to left in Hebrew: the list, isolated right to left, reads so too.
    assert Translator("he").format_dice((1, 4, 6)) == RLI + "1, 4, 6" + PDI


def test_box_names_through_the_translator() -> None:
    assert Translator("he").box_name("penta", "chance") == "צ'אנס"
    assert Translator("et").box_name("yatzy", "full_house") == "Maja"
    assert Translator("en").box_name("yatzy", "two_pairs") == "Two pairs"
    with pytest.raises(MissingKeyError):
        Translator("en").box_name("penta", "one_pair")


def test_accessible_names_of_boxes() -> None:
    he = Translator("he", strict=True)
    box = he.box_name("penta", "full_house")
    assert he("turn.box_points", box=box, points=25) == f"{iso(box)}: {iso(25)} אם רושמים עכשיו"


# --- packaging -----------------------------------------------------------------------------


def test_data_files_lists_every_catalog_and_rules_file() -> None:
    files = data_files()
    for language in LANGUAGE_CODES:
        assert f"catalogs/{language}.json" in files
        for ruleset_id in ("penta", "yatzy"):
            assert f"catalogs/rules/{ruleset_id}.{language}.json" in files
    assert len(files) == len(set(files)) == 3 + 6


def test_an_unreadable_catalog_falls_back_to_english_unless_strict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import game.i18n.translator as translator
    from game.i18n.catalog import load_catalog as real
    from game.i18n.locale import CatalogError

    def broken(language: str) -> Catalog:
        if language == "he":
            raise CatalogError("cannot read catalog game/catalogs/he.json")
        return real(language)

    monkeypatch.setattr(translator, "load_catalog", broken)
    t = Translator("he")
    assert (t.language, t.direction) == ("en", "ltr")
    assert t("turn.confirm") == "Confirm turn"
    assert t.problems[0].key == "*" and "he.json" in t.problems[0].reason
    with pytest.raises(CatalogError):
        Translator("he", strict=True)


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_language_names_are_their_own_names_in_every_catalog(language: str) -> None:
    from game.i18n.locale import LANGUAGES

    t = Translator(language, strict=True)
    for code, info in LANGUAGES.items():
        assert t.language_name(code) == info.native_name


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_computer_levels_have_names_and_descriptions(language: str) -> None:
    t = Translator(language, strict=True)
    names = [t.level_name(level) for level in ("optimal", "casual", "beginner")]
    assert len(set(names)) == 3
    assert all(t.level_description(level) for level in ("optimal", "casual", "beginner"))


def test_a_message_rendered_again_reads_as_the_first_time_for_its_own_values() -> None:
    t = Translator("en", isolate=False)
    twice = [t("end.solo_even", points=47, average=value) for value in (47.0, 47, 47.0)]
    assert twice == [
        "Final score 47: level with your average (47.0).",
        "Final score 47: level with your average (47).",  # equal to 47.0, yet read otherwise
        "Final score 47: level with your average (47.0).",
    ]
    assert t("turn.rolls_left", count=2) == "2 rolls left"
    t.catalog = Catalog.from_data({"language": "en", "messages": {"turn.roll": "Throw"}}, "en")
    assert t("turn.roll") == "Throw"  # from the catalog put in, not from what was kept
