"""Names written in the other direction than the page's: every sentence keeps its order.

The defect: a Hebrew name in the English interface read "s turn'נועה", a Latin name in the
Hebrew one likewise. Each inserted name and number is now isolated (a <bdi> on the page), and
what a screen reader reads holds no isolate marks.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.game_helpers import Ui

# Where the isolated name and the rest of the title lie on the line, left to right.
TITLE_PARTS = """() => {
    const title = document.getElementById('turn-title');
    const name = title.querySelector('bdi');
    const range = document.createRange();
    const rest = [...title.childNodes].find(node => node.nodeType === Node.TEXT_NODE);
    range.selectNodeContents(rest);
    const [n, r] = [name.getBoundingClientRect(), range.getBoundingClientRect()];
    return {name: [n.left, n.right], rest: [r.left, r.right]};
}"""


# (language, name, title, the side the name lies on)
CASES = [
    ("en", "נועה", "נועה's turn", "left"),  # left to right: the name, then "'s turn"
    ("he", "Bob!", "התור של Bob!", "left"),  # right to left: the name comes last, on the left
    ("et", "נועה", "Mängib נועה", "right"),  # left to right: "Mängib", then the name
]


def test_a_name_in_the_other_direction_keeps_the_title_in_order(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=1)
    for language, name, title, name_side in CASES:  # one page: a game each, left between
        page.select_option("#language", language)
        ui.set_players([(name, "human", None), ("Mari", "human", None)])
        ui.start()
        heading = page.locator("#turn-title")
        expect(heading).to_have_text(title)  # no isolate mark in the text itself
        expect(heading.locator("bdi")).to_have_text(name)
        expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible()
        parts = page.evaluate(TITLE_PARTS)
        if name_side == "left":
            assert parts["name"][1] <= parts["rest"][0] + 0.5, (language, parts)
        else:
            assert parts["rest"][1] <= parts["name"][0] + 0.5, (language, parts)
        # Announced and labelled without the marks: a screen reader reads plain words.
        ui.roll()
        die = page.locator("#dice .die").first
        assert "\u2068" not in (die.get_attribute("aria-label") or "")
        ui.box("chance").click()
        page.click("#confirm")
        live = page.locator("#live")
        expect(live.locator("bdi").first).to_have_text(name)
        text = live.text_content() or ""
        assert not any(mark in text for mark in "\u2066\u2067\u2068\u2069"), language
        ui.take_phone()  # Mari's turn, handed over
        page.click("#leave")  # the game is kept; the next case starts a new one
        page.click("#leave-confirm")
        expect(page.locator("#setup-screen")).to_be_visible()
