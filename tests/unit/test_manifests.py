"""The manifest of each language: the template's fields, the catalogs' texts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.i18n.locale import DEFAULT_LANGUAGE, LANGUAGE_CODES
from game.i18n.translator import Translator
from tools.manifests import TEMPLATE, ManifestError, localized, manifest_path, write_manifests

ROOT = Path(__file__).resolve().parents[2]


def template() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / TEMPLATE).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_each_language_has_its_names_and_keeps_everything_else(language: str) -> None:
    t = Translator(language, isolate=False)
    manifest = localized(template(), language)
    assert manifest["lang"] == language
    assert manifest["dir"] == t.direction
    assert manifest["name"] == t("manifest.name")
    assert manifest["short_name"] == t("app.title")
    assert manifest["description"] == t("manifest.description")
    labels = {shot["form_factor"]: shot["label"] for shot in manifest["screenshots"]}
    assert labels == {
        "narrow": t("manifest.screenshot_narrow"),
        "wide": t("manifest.screenshot_wide"),
    }
    for field, value in template().items():
        if field != "screenshots":
            assert manifest[field] == value


def test_a_text_written_in_the_template_fails_the_build() -> None:
    written = {**template(), "name": "Penta"}
    with pytest.raises(ManifestError, match="name must come from the catalogs"):
        localized(written, "he")


def test_the_build_writes_every_language_and_the_default_at_the_template_place(
    tmp_path: Path,
) -> None:
    (tmp_path / "assets").mkdir()
    write_manifests(ROOT, tmp_path)
    for language in LANGUAGE_CODES:
        data = json.loads((tmp_path / manifest_path(language)).read_text(encoding="utf-8"))
        assert data == localized(template(), language)
    default = json.loads((tmp_path / TEMPLATE).read_text(encoding="utf-8"))
    assert default == localized(template(), DEFAULT_LANGUAGE)
