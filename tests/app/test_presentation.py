"""The presentation snapshot: translated text, accessible names, joker, sacrifice, standings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.intents import (
    ConfirmTurn,
    OpenRules,
    Roll,
    SelectBox,
    SetLanguage,
    ShowHint,
    StartGame,
    Tick,
    ToggleKeep,
)
from game.app.model import AppState, Dialog, Screen, Ui
from game.app.setup_intents import AddPlayer, RenamePlayer, SetPlayerKind
from game.app.start import initial_state
from game.app.table_intents import TableLoaded
from game.i18n.bidi import without_isolates
from game.i18n.locale import LANGUAGE_CODES
from game.i18n.translator import Translator
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import GameState, Player, PlayerKind
from game.present.snapshot import present
from game.present.views import Snapshot
from tests.app.driver import AppDriver, run_intents
from tests.i18n.isolation import iso


def three_rolls(state: AppState, *, last_at: float) -> AppState:
    """A new game's three rolls, one second apart (a Roll right after a Roll is a double tap,
    ignored), the last at `last_at`."""
    state = run_intents(state, StartGame(), Roll(), now=last_at - 2)
    state = run_intents(state, Roll(), now=last_at - 1)
    return run_intents(state, Roll(), now=last_at)


def in_game(game: GameState, language: str = "en") -> AppState:
    return AppDriver.with_game(game, language).state


def penta_game(scores: dict[str, int], dice: tuple[int, ...], bonuses: int = 0) -> GameState:
    game = new_game("penta", [Player("Dana"), Player("Avi")], SeededDice(1))
    sheet = Sheet.from_scores(game.ruleset, scores, bonuses)
    return replace(game, sheets=(sheet, game.sheets[1]), dice=dice, rolls_left=2)


def all_text(snapshot: Snapshot) -> list[str]:
    out: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(snapshot)
    return out


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_every_screen_is_translated_with_no_raw_keys(language: str) -> None:
    state = initial_state([language], seed=4)
    state = run_intents(state, AddPlayer(PlayerKind.COMPUTER), OpenRules("penta"))
    snapshots = [present(state, 0)]
    state = run_intents(state, StartGame(), Roll(), ToggleKeep(1), ShowHint())
    snapshots.append(present(state, 0))
    game = state.game
    assert game is not None
    finished = penta_game({box: 0 for box in game.ruleset.box_ids}, (1, 1, 1, 1, 1))
    finished = replace(finished, sheets=(finished.sheets[0], finished.sheets[0]), dice=None)
    snapshots.append(
        present(
            replace(
                state,
                ui=replace(state.ui, screen=Screen.END),
                play=replace(state.play, game=finished),
            ),
            0,
        )
    )
    translator = Translator(language)
    for snapshot in snapshots:
        assert snapshot.language == language
        assert snapshot.direction == ("rtl" if language == "he" else "ltr")
        for text in all_text(snapshot):
            assert not translator.has(text), f"raw key shown: {text}"
    assert not translator.problems


def test_dice_have_accessible_names_and_kept_dice_are_marked() -> None:
    state = run_intents(initial_state(["en"], seed=8), StartGame())
    view = present(state, 0).game
    assert view is not None
    assert view.dice[2].label == f"Die {iso(3)}: not rolled yet"
    assert view.roll_label == f"Roll ({iso(3)}\u00a0left)"  # kept on the button's one line
    state = run_intents(state, Roll(), ToggleKeep(2))
    game = state.game
    assert game is not None and game.dice is not None
    view = present(state, 0).game
    assert view is not None
    assert view.dice[2].label == f"Die {iso(3)}: {iso(game.dice[2])}, kept"
    assert view.dice[2].badge == "Kept"
    assert view.dice[0].label == f"Die {iso(1)}: {iso(game.dice[0])}, not kept"
    assert view.dice[0].badge == ""
    assert view.roll_label == f"Roll ({iso(2)}\u00a0left)" and view.can_roll


def test_after_the_last_roll_no_die_is_marked_kept() -> None:
    """ "Kept" on some of the final dice read as a move still to make (a walk); "not kept" on
    the die kept for the last roll confused a screen reader's user (a keyboard walk)."""
    d = AppDriver.seeded(8)
    d(StartGame(), Roll(), ToggleKeep(2), Roll(), Roll())
    assert d.game.rolls_left == 0 and 2 in d.game.kept and d.game.dice is not None
    view = d.view()
    assert not any(die.kept or die.badge for die in view.dice)
    assert view.dice[2].label == f"Die {iso(3)}: {iso(d.game.dice[2])}"
    assert not any("kept" in die.label for die in view.dice)


def test_open_boxes_show_their_points_and_zero_is_marked() -> None:
    game = penta_game({}, (2, 3, 3, 5, 6))
    view = present(in_game(game), 0).game
    assert view is not None
    rows = {row.key: row for row in view.sheet.rows}
    ones = rows["ones"].cells[0]
    assert ones.text == "0" and ones.state == "zero" and ones.box == "ones" and ones.enabled
    threes = rows["threes"].cells[0]
    assert threes.label == f"{iso('Threes')}: {iso(6)} if scored now"
    assert threes.state == "potential"
    assert rows["chance"].cells[0].text == "19"
    other = rows["chance"].cells[1]
    assert other.text == "" and other.box is None and not other.current
    assert [c.current for c in view.sheet.columns] == [True, False]
    assert view.message == ""
    selected = present(in_game(replace(game, selected_box="threes")), 0).game
    assert selected is not None
    assert {r.key: r for r in selected.sheet.rows}["threes"].cells[0].state == "selected"
    said = f"Selected: {iso('Threes')}, {iso(6)} points"  # with its points, 3 + 3
    assert selected.can_confirm and selected.status == said


def test_sheet_rows_in_sheet_order_with_sums_bonus_and_total() -> None:
    game = penta_game({"ones": 3, "sixes": 24, "penta": 50}, (4, 4, 4, 4, 4), bonuses=1)
    view = present(in_game(game), 0).game
    assert view is not None
    keys = [row.key for row in view.sheet.rows]
    assert keys == [
        "ones", "twos", "threes", "fours", "fives", "sixes",
        "upper_subtotal", "upper_bonus",
        "three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
        "large_straight", "chance", "penta",
        "five_of_a_kind_bonus", "total",
    ]  # fmt: skip
    rows = {row.key: row for row in view.sheet.rows}
    assert rows["upper_subtotal"].cells[0].text == "27"
    assert rows["upper_bonus"].cells[0].text == f"{iso(36)} to go"
    assert rows["upper_bonus"].cells[0].label == f"{iso(36)} more points for the bonus"
    assert rows["five_of_a_kind_bonus"].cells[0].text == "100"
    assert rows["total"].cells[0].text == "177"
    yatzy = new_game("yatzy", [Player("Mari")])
    yatzy_view = present(in_game(yatzy, "et"), 0).game
    assert yatzy_view is not None
    yatzy_keys = [row.key for row in yatzy_view.sheet.rows]
    assert "five_of_a_kind_bonus" not in yatzy_keys
    assert [row.label for row in yatzy_view.sheet.rows][8:10] == ["Paar", "Kaks paari"]


def test_a_second_penta_forces_the_joker_box_and_adds_the_bonus() -> None:
    game = penta_game({"penta": 50}, (4, 4, 4, 4, 4))
    view = present(in_game(game), 0).game
    assert view is not None
    rows = {row.key: row for row in view.sheet.rows}
    assert rows["fours"].cells[0].enabled and rows["fours"].cells[0].text == "20"
    for box in ("ones", "full_house", "chance"):
        cell = rows[box].cells[0]
        assert cell.state == "forbidden" and not cell.enabled and cell.box is None
    label = f"{iso('Full house')}: not allowed with this roll"
    assert rows["full_house"].cells[0].label == label
    assert view.message == f"Joker: this Penta must go in {iso('Fours')}."
    assert view.bonus_message == f"Penta bonus: {iso(100)} points"
    lower = present(in_game(penta_game({"penta": 50, "fours": 12}, (4,) * 5)), 0).game
    assert lower is not None
    assert lower.message == "Joker: this Penta must go in an open box of the lower section."
    lower_rows = {row.key: row for row in lower.sheet.rows}
    assert lower_rows["full_house"].cells[0].text == "25"
    assert lower_rows["large_straight"].cells[0].text == "40"
    assert lower_rows["ones"].cells[0].state == "forbidden"
    zero = penta_game({"penta": 0}, (4,) * 5)
    plain = present(in_game(zero), 0).game
    assert plain is not None and plain.message == "" and plain.bonus_message == ""


def test_the_sacrifice_message_appears_only_when_no_open_box_scores() -> None:
    lower = ["three_of_a_kind", "four_of_a_kind", "full_house", "small_straight"]
    scores = {box: 0 for box in [*lower, "large_straight", "chance", "penta"]}
    scores.update({"ones": 2, "threes": 9, "fours": 8, "sixes": 18})
    game = replace(penta_game(scores, (1, 1, 3, 4, 6)), rolls_left=0)
    for language, message in [
        ("en", "No open box scores points: you must sacrifice one"),
        ("he", "אין תא פתוח שמקנה נקודות: צריך להקריב אחד"),
        ("et", "Ükski vaba lahter ei anna punkte: üks tuleb ohverdada ja täita nulliga"),
    ]:
        view = present(in_game(game, language), 0).game
        assert view is not None and view.message == message
    scoring = present(in_game(replace(game, dice=(2, 1, 3, 4, 6))), 0).game
    assert scoring is not None and scoring.message == ""
    # The last open box: no choice, nothing to sacrifice ("you must sacrifice one" puzzled a
    # walk with one box left).
    last = replace(game, sheets=(Sheet.from_scores(game.ruleset, {**scores, "twos": 4}),))
    for language, message in [
        ("en", "Fives scores nothing with these dice: it takes a 0"),
        ("he", "התא חמשות לא מקנה נקודות עם הקוביות האלה: נרשם בו 0"),
        ("et", "Lahter „Viied“ ei anna nende täringutega punkte: sinna läheb 0"),
    ]:
        view = present(in_game(last, language), 0).game
        assert view is not None and without_isolates(view.message) == message


@pytest.mark.parametrize("rolls_left", [1, 2])
def test_before_the_last_roll_nothing_scoring_yet_is_no_sacrifice(rolls_left: int) -> None:
    # The defect: "you must sacrifice one" beside "Roll (2 left)".
    lower = ["three_of_a_kind", "four_of_a_kind", "full_house", "small_straight"]
    scores = {box: 0 for box in [*lower, "large_straight", "chance", "penta"]}
    scores.update({"ones": 2, "threes": 9, "fours": 8, "sixes": 18})
    game = replace(penta_game(scores, (1, 1, 3, 4, 6)), rolls_left=rolls_left)
    for language, message in [
        ("en", "No open box scores points yet: you can still roll"),
        ("he", "עדיין אין תא פתוח שמקנה נקודות: אפשר להטיל שוב"),
        ("et", "Ükski vaba lahter ei anna veel punkte: saad veel heita"),
    ]:
        view = present(in_game(game, language), 0).game
        assert view is not None and view.message == message
        assert view.can_roll


def test_the_countdown_shows_whole_seconds_left() -> None:
    state = three_rolls(initial_state(["en"], seed=2), last_at=100)
    assert state.pacing.countdown_deadline == 103 and state.game is not None
    assert state.pacing.countdown_box is not None
    name = Translator("en").box_name(state.game.ruleset.id, state.pacing.countdown_box)
    for now, seconds in [(100, 3), (100.5, 3), (101.01, 2), (102.5, 1)]:
        view = present(state, now).game
        assert view is not None and view.countdown == seconds
        assert view.countdown_help == "Or pick another box."
        left = "1 second" if seconds == 1 else f"{iso(seconds)} seconds"
        assert view.countdown_text == f"Scoring {iso(name)} in {left}…"
    # A countdown restored with the game names no box: the coach chooses when it ends.
    view = present(replace(state, pacing=replace(state.pacing, countdown_box=None)), 100).game
    assert view is not None and view.countdown_text == f"Scoring in {iso(3)} seconds…"
    state = run_intents(state, SelectBox("chance"), now=101)
    view = present(state, 101).game
    assert view is not None and view.countdown == 0 and view.countdown_text == ""


def test_the_countdown_stands_still_behind_a_dialog() -> None:
    state = three_rolls(initial_state(["en"], seed=2), last_at=100)
    state = run_intents(state, OpenRules("penta"), now=101.5)
    for now in (101.5, 150, 500):
        view = present(state, now).game
        assert view is not None and view.countdown == 2
        assert view.countdown_fraction == pytest.approx(0.5)


def test_standings_share_places_and_the_winner_is_named() -> None:
    ruleset_boxes = new_game("penta", [Player("x")]).ruleset.box_ids
    full = {box: 0 for box in ruleset_boxes}
    game = new_game("penta", [Player("Ann"), Player("Bo"), Player("Cy")])
    ruleset = game.ruleset
    sheets = (
        Sheet.from_scores(ruleset, {**full, "chance": 20}),
        Sheet.from_scores(ruleset, {**full, "chance": 30}),
        Sheet.from_scores(ruleset, {**full, "chance": 30}),
    )
    over = replace(game, sheets=sheets)
    snapshot = present(replace(in_game(over), ui=Ui(screen=Screen.END)), 0)
    end = snapshot.end
    assert end is not None
    assert [(s.place_text, s.name, s.total) for s in end.standings] == [
        (f"Place\u00a0{iso(1)} (tie)", "Bo", "30"),
        (f"Place\u00a0{iso(1)} (tie)", "Cy", "30"),
        (f"Place\u00a0{iso(3)}", "Ann", "20"),
    ]
    winners = f"{iso('Bo')} and {iso('Cy')}"
    assert end.headline == f"{iso(winners)} share the win!"
    assert not any(column.current for column in end.sheet.columns)
    solo = replace(game, players=game.players[:1], sheets=sheets[:1])
    solo_end = present(replace(in_game(solo), ui=Ui(screen=Screen.END)), 0).end
    # No earlier game of this player (tests/app/test_end_words.py has the rest of the words).
    assert solo_end is not None
    assert solo_end.headline == f"Final score {iso(20)}, in your first game with these rules."
    assert solo_end.standings == ()  # no "Place 1" for a player alone


def test_computer_turns_disable_the_human_controls() -> None:
    state = initial_state(["en"], seed=2)
    state = run_intents(state, SetPlayerKind(0, PlayerKind.COMPUTER), StartGame())
    view = present(state, 0).game
    assert view is not None and view.is_computer and not view.can_roll
    assert view.status == f"{iso('Computer 1')} is playing…"  # the default name: no marks
    state = run_intents(state, Tick(), now=5)
    view = present(state, 5).game
    assert view is not None
    assert not any(cell.enabled for row in view.sheet.rows for cell in row.cells)
    assert not any(die.enabled for die in view.dice)


def test_names_are_passed_as_they_are_and_rules_open_in_the_language() -> None:
    state = initial_state(["he"])
    state = run_intents(state, RenamePlayer(0, "<img src=x onerror=alert(1)>"))
    setup = present(state, 0).setup
    assert setup is not None
    assert setup.seats[0].name == "<img src=x onerror=alert(1)>"
    assert setup.seats[0].remove_label.endswith(iso("<img src=x onerror=alert(1)>"))
    rules = present(run_intents(state, OpenRules("yatzy")), 0)
    assert rules.dialog == Dialog.RULES.value and rules.rules is not None
    assert rules.rules.language == "he" and rules.rules.ruleset == "yatzy"


@pytest.mark.parametrize(
    ("language", "names"),
    [("en", ("נועה", "Dana 2")), ("he", ("Dana", "נועה 2")), ("et", ("נועה", "Mari"))],
)
def test_every_name_in_a_sentence_is_isolated_on_every_screen(
    language: str, names: tuple[str, str]
) -> None:
    # The defect: "נועה's turn" read "s turn'נועה" in English, and a Latin name in Hebrew
    # likewise. A name alone in its place (a column's head, a standing) is isolated by the view.
    state = run_intents(initial_state([language], seed=3), AddPlayer(), RenamePlayer(0, names[0]))
    state = run_intents(state, RenamePlayer(1, names[1]))
    texts: set[str] = set(all_text(present(state, 0)))
    state = run_intents(state, StartGame(), TableLoaded("penta"))
    while state.screen is Screen.GAME:
        texts.update(all_text(present(state, 0)))
        state = run_intents(state, Roll(), ShowHint())
        texts.update(all_text(present(state, 0)))
        game = state.game
        assert game is not None and game.options is not None
        state = run_intents(state, SelectBox(min(game.options.legal)), ConfirmTurn())
        texts.update(all_text(present(state, 0)))
    assert state.screen is Screen.END
    bare = sorted(
        text
        for text in texts
        for name in names
        if name in text and text != name and name in text.replace(iso(name), "")
    )
    assert bare == []
    assert any(iso(names[0]) in text for text in texts)  # the names were there to check


def test_language_switch_changes_every_label() -> None:
    state = run_intents(initial_state(["en"]), StartGame())
    english = present(state, 0)
    hebrew = present(run_intents(state, SetLanguage("he")), 0)
    assert hebrew.direction == "rtl" and english.direction == "ltr"
    assert english.game is not None and hebrew.game is not None
    assert hebrew.game.roll_label != english.game.roll_label
    assert hebrew.game.sheet.rows[0].label == "אחדים"


def test_a_seat_is_headed_by_its_name_not_a_players_number() -> None:
    """The setup showed "Player 2" above a computer seat whose name reads "Computer 1"."""
    driver = AppDriver.seeded(1)
    driver.set_players(
        [
            ("", "human", None),
            ("", "computer", "beginner"),
            ("", "human", None),
            ("", "computer", None),
        ]
    )
    for language, expected in (
        ("en", ["Player 1", "Computer 1", "Player 2", "Computer 2"]),
        ("et", ["Mängija 1", "Arvuti 1", "Mängija 2", "Arvuti 2"]),
    ):
        driver(SetLanguage(language))
        setup = driver.snapshot().setup
        assert setup is not None
        headings = [
            seat.heading.replace("\u2068", "").replace("\u2069", "") for seat in setup.seats
        ]
        assert headings == expected
        assert [seat.placeholder for seat in setup.seats] == expected
    # A name typed heads its card: a walk saw "Player 2" stay above "Noa".
    driver(RenamePlayer(2, "  Noa "))
    setup = driver.snapshot().setup
    assert setup is not None
    assert setup.seats[2].heading.replace("\u2068", "").replace("\u2069", "") == "Noa"
    assert setup.seats[2].placeholder == "Mängija 2"


def test_with_rolls_left_the_tray_says_the_dice_may_be_rolled_again() -> None:
    """A new player read "Choose a box to score." after the first roll as having to score now."""
    driver = AppDriver.seeded(4)
    driver(StartGame())
    driver(Roll())
    assert driver.view().status == "Pick the dice to keep and roll again, or choose a box."
    driver.pass_time(1)
    driver(Roll())
    driver.pass_time(1)
    driver(Roll())
    assert driver.game.rolls_left == 0
    assert driver.view().status == "Choose a box to score."


@pytest.mark.parametrize("language", ["en", "et", "he"])
def test_the_rules_end_with_the_keys_that_play_the_game(language: str) -> None:
    """A keyboard walk found the keys named nowhere: their line on the game screen shows only
    where the screen has room."""
    t = Translator(language)
    state = run_intents(initial_state([language]), OpenRules("yatzy"))
    rules = present(state, 0).rules
    assert rules is not None
    sheet = t.rules_text("yatzy")
    assert rules.sections[:-1] == sheet.sections  # the rule sheet itself, whole
    keys = rules.sections[-1]
    assert keys.heading == t("rules.keys_heading")
    # Marked as the keyboard's, which a touch screen leaves out; the rule sheet's are not.
    assert keys.keyboard and not any(section.keyboard for section in rules.sections[:-1])
    assert [block.text for block in keys.blocks] == [  # type: ignore[union-attr]
        t("turn.keys_hint", keys=t.format_range(1, 5))
    ]
