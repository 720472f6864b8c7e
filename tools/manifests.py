"""The web app manifest in every language: assets/manifest.webmanifest holds what does not
change with the language (icons, colours, scope); the build adds the names, the description and
the screenshots' labels from the catalogs, as assets/manifest.<language>.webmanifest. The page
links the one of its language (assets/boot.js), so the installed app is named in the language
it is installed in; assets/manifest.webmanifest itself is built in the default language, for a
page without scripts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.i18n.locale import DEFAULT_LANGUAGE, LANGUAGES
from game.i18n.translator import Translator

TEMPLATE = "assets/manifest.webmanifest"
TRANSLATED_FIELDS = ("name", "short_name", "description")


class ManifestError(Exception):
    """The manifest template already names what the catalogs give, or lacks what they fill."""


def manifest_path(language: str) -> str:
    """Where the manifest of `language` is in the built site."""
    return f"assets/manifest.{language}.webmanifest"


def localized(template: dict[str, Any], language: str) -> dict[str, Any]:
    """The template with the texts of `language` (strict: a missing message fails the build).

    Raises:
        ManifestError: the template writes a text itself, so it would not be translated.
    """
    written = [field for field in TRANSLATED_FIELDS if field in template]
    written += [
        f"screenshots[{i}].label"
        for i, s in enumerate(template.get("screenshots", []))
        if "label" in s
    ]
    if written:
        raise ManifestError(f"{TEMPLATE}: {', '.join(written)} must come from the catalogs")
    t = Translator(language, strict=True, isolate=False)
    manifest = {
        "lang": language,
        "dir": t.direction,
        "name": t("manifest.name"),
        "short_name": t("app.title"),
        "description": t("manifest.description"),
        **template,
    }
    manifest["screenshots"] = [
        {**shot, "label": t(f"manifest.screenshot_{shot['form_factor']}")}
        for shot in template.get("screenshots", [])
    ]
    return manifest


def write_manifests(root: Path, dist: Path) -> None:
    """Writes the manifest of every language, and the default language's at the template's
    place."""
    template = json.loads((root / TEMPLATE).read_text(encoding="utf-8"))
    for language in LANGUAGES:
        text = json.dumps(localized(template, language), ensure_ascii=False, indent=2) + "\n"
        (dist / manifest_path(language)).write_text(text, encoding="utf-8")
        if language == DEFAULT_LANGUAGE:
            (dist / TEMPLATE).write_text(text, encoding="utf-8")
