"""Data the app cannot read (damaged, of a newer version, hostile): the app starts anyway,
says what it kept aside, and offers it for export, in one file, and for deletion.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser_helpers import BrowserProblems, stored_records, wait_until_ready
from tests.e2e.game_helpers import Ui


def test_corrupt_storage_is_reported_kept_aside_and_offered_for_export(
    page: Page, app_url: str, browser_problems: BrowserProblems
) -> None:
    garbage = '{"format": "penta-session", "version": 1, "payload": {"game_id": oops'
    newer = '{"format":"penta-history","version":99,"payload":{"games":[]}}'
    Ui(page).open(app_url)
    page.evaluate(
        """([garbage, newer]) => {
            localStorage.setItem('penta.session', garbage);
            localStorage.setItem('penta.history', newer);
        }""",
        [garbage, newer],
    )
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#setup-screen")).to_be_visible()  # the app started anyway
    notices = page.locator("#notice-list li .notice-text")
    expect(notices).to_have_text(
        [
            "The game in progress could not be read, so it was not restored. Penta kept it "
            "aside: nothing was deleted.",
            "Saved data from a newer version of Penta could not be read. It was kept aside: "
            "nothing was deleted.",
            keeping(2),
        ]
    )
    # Moved from localStorage (where builds before IndexedDB kept them), then set aside.
    stored = stored_records(page)
    assert stored["penta.quarantine.1:penta.session"] == garbage
    assert stored["penta.quarantine.2:penta.history"] == newer
    assert "penta.session" not in stored

    export = page.locator("#export-unreadable")
    expect(export).to_have_text("Export the unreadable data")
    # One file holds both (of one download per text, the browser let only the first come).
    with page.expect_download() as download:
        export.click()
    exported = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert exported["records"] == [
        {"found_under": "penta.session", "text": garbage},
        {"found_under": "penta.history", "text": newer},
    ]
    # The notice can be dismissed; the data stays aside (nothing is deleted).
    page.locator("#notice-list li button").first.click()
    expect(notices).to_have_count(2)
    assert "penta.quarantine.1:penta.session" in stored_records(page)
    # At the next start what is kept aside is said again, with the offer; put away, the
    # offer goes with its words.
    page.reload()
    wait_until_ready(page)
    expect(notices).to_have_text([keeping(2)])
    expect(export).to_be_visible()
    page.locator("#notice-list li button").click()
    expect(page.locator("#notices")).to_be_hidden()
    assert "penta.quarantine.2:penta.history" in stored_records(page)
    assert not browser_problems.problems


def keeping(count: int) -> str:
    """What the app says of the data it keeps aside, with the offer to export or delete it."""
    if count == 1:
        return (
            "Penta is keeping 1 item of saved data that it could not read. Export it to keep a"
            " copy, or delete it."
        )
    return (
        f"Penta is keeping {count} items of saved data that it could not read. Export them to"
        " keep a copy, or delete them."
    )


HOSTILE_PREFERENCES = {
    # Another app on the same origin (<owner>.github.io) can write anything under our keys.
    "nested 20000 deep": (
        "'['.repeat(20000)",
        "Your settings could not be read, so Penta uses its defaults. It kept them aside: "
        "nothing was deleted.",
    ),
    # The settings that read are kept (the ruleset: see below).
    "a seat name of 17": (
        """JSON.stringify({format: 'penta-preferences-record', version: 1,
        payload: {format: 'penta-preferences', version: 1, language: 'en', ruleset: 'yatzy',
                  players: [{name: 17, kind: 'human', level: 'casual'}]}})""",
        "Some of your settings could not be read and are back to their defaults; the others are "
        "kept. Penta kept the old ones aside: nothing was deleted.",
    ),
}


@pytest.mark.parametrize(
    ("make", "said"), HOSTILE_PREFERENCES.values(), ids=HOSTILE_PREFERENCES.keys()
)
def test_hostile_preferences_are_set_aside_reported_exported_and_deleted_and_the_app_starts(
    page: Page, app_url: str, make: str, said: str
) -> None:
    Ui(page).open(app_url)
    hostile = page.evaluate(
        f"() => {{ localStorage.clear(); const text = {make};"
        " localStorage.setItem('penta.preferences', text); return text; }"
    )
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#setup-screen")).to_be_visible()
    notices = page.locator("#notice-list li .notice-text")
    expect(notices).to_have_text([said, keeping(1)])
    expect(page.locator("#ruleset-yatzy")).to_be_checked(checked="yatzy" in hostile)
    assert stored_records(page)["penta.quarantine.1:penta.preferences"] == hostile
    with page.expect_download() as download:
        page.click("#export-unreadable")
    exported = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert exported["records"] == [{"found_under": "penta.preferences", "text": hostile}]
    # Starting again starts cleanly: nothing more is set aside; what is, is said again.
    page.reload()
    wait_until_ready(page)
    expect(notices).to_have_text([keeping(1)])
    assert set_aside(page) == ["penta.quarantine.1:penta.preferences"]
    # Deleted when the player asks, once told it cannot be undone: its offers go with it.
    page.click("#discard-unreadable")
    expect(page.locator("#discard-unreadable-dialog")).to_contain_text("cannot be undone")
    page.click("#discard-unreadable-confirm")
    expect(page.locator("#export-unreadable")).to_be_hidden()
    expect(page.locator("#discard-unreadable")).to_be_hidden()
    expect(page.locator("#start")).to_be_focused()
    for _ in range(50):  # IndexedDB writes behind the page
        if not set_aside(page):
            break
        page.wait_for_timeout(100)
    assert set_aside(page) == []


def set_aside(page: Page) -> list[str]:
    return [key for key in stored_records(page) if key.startswith("penta.quarantine.")]
