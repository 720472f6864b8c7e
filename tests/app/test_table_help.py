"""Help inside the game (issue 14, point 1): the rules of the ruleset played open from the game
screen and close back into the same turn, the countdown waiting meanwhile and saying so; a box
name explains its box with an example roll; a first game offers a guided turn, remembered in
the preferences once done or skipped."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.app.coach_intents import PlayMineAnyway, SetPlayerCoach
from game.app.effects import Focus, SavePreferences
from game.app.intents import (
    CloseDialog,
    ConfirmTurn,
    OpenRules,
    OpenSettings,
    Roll,
    SelectBox,
    SetAutoScore,
    SkipGuide,
    StartGame,
    StartGuide,
    StartTurn,
    Tick,
    ToggleKeep,
    Undo,
)
from game.app.model import Dialog
from game.app.preferences import preferences_to_data
from game.app.setup_intents import AddPlayer, ChooseRuleset, RenamePlayer
from game.app.sheet_help_intents import ExplainBox, ExplainPlayer
from game.app.start import initial_state
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import CoachMode
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player, PlayerKind
from game.present.kept_screens import SCORES_APART
from game.rules.examples import example_points, example_roll
from game.rules.rulesets import RULESETS
from tests.app.driver import AppDriver
from tests.i18n.isolation import iso
from tests.solved_tables import solved_advisor


def game_of(ruleset: str = "penta", language: str = "en-US", seed: int = 3) -> AppDriver:
    """A game of `ruleset`, with the 3-second countdown that Penta's rules set (for Yatzy's too,
    whose rules have none)."""
    t = AppDriver(initial_state([language], seed=seed))
    t(ChooseRuleset(ruleset), SetAutoScore(3), StartGame())
    return t


# --- the rules, mid-game ------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_rules_open_mid_turn_and_close_back_into_the_same_turn(ruleset: str) -> None:
    t = game_of(ruleset)
    view = t.view()
    name = iso(t.game.ruleset.id.capitalize())
    assert view.rules_label == f"{name} rules" and view.ruleset == ruleset
    t(Roll(), ToggleKeep(1), ToggleKeep(3), Roll(), SelectBox("chance"))
    game = t.game
    assert game.kept == (1, 3) and game.rolls_left == 1 and game.selected_box == "chance"
    t(OpenRules(ruleset))
    assert t.snapshot().dialog == "rules" and t.snapshot().game is not None
    t.pass_time(30)
    t(CloseDialog())
    assert t.game == game and t.snapshot().dialog == "none"  # the very same turn
    # After the last roll, nothing selected: the countdown runs, and waits for the rules.
    t(Roll())
    game = t.game
    deadline = t.state.pacing.countdown_deadline
    assert deadline is not None
    t.now += 1.2
    t(OpenRules(ruleset))
    snap = t.snapshot()
    assert snap.dialog == "rules" and snap.rules is not None and snap.rules.ruleset == ruleset
    left = deadline - t.now
    assert t.state.pacing.countdown_paused == pytest.approx(left)
    word = "second" if math.ceil(left) == 1 else "seconds"
    assert snap.dialog_note == (
        f"The countdown waits with {iso(math.ceil(left))} {word} left: "
        "it goes on when you close this."
    )
    t.pass_time(30)  # reading the rules: nothing is scored meanwhile
    assert t.game == game and t.state.pacing.countdown_deadline is None
    t(CloseDialog())
    assert t.game == game  # same dice, kept dice, rolls left, selection
    assert t.state.pacing.countdown_deadline == pytest.approx(t.now + left)
    assert t.snapshot().dialog_note == ""
    t.pass_time(left + 0.01)
    assert t.game.current_player == 0 and t.game.sheets != game.sheets  # then it scored


def test_the_settings_say_the_countdown_waits_too() -> None:
    t = game_of()
    t(Roll(), Roll(), Roll(), OpenSettings())
    assert t.snapshot().dialog == "settings" and t.snapshot().dialog_note.startswith(
        "The countdown waits with "
    )
    t(CloseDialog())
    assert t.snapshot().dialog_note == ""


def test_the_rules_note_is_empty_without_a_countdown() -> None:
    t = game_of()
    t(Roll(), OpenRules("penta"))
    assert t.snapshot().dialog == "rules" and t.snapshot().dialog_note == ""


# --- a box explained ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_every_box_name_explains_its_box_with_an_example_scored_by_the_rules(
    ruleset: str, language: str
) -> None:
    t = game_of(ruleset, language)
    rows = {row.key: row for row in t.view().sheet.rows}
    for box in t.game.ruleset.box_ids:
        assert rows[box].explain, f"{box} has no explanation button"
        t(ExplainBox(box))
        snap = t.snapshot()
        assert snap.dialog == "box" and snap.box_help is not None
        assert snap.box_help.title == rows[box].label
        assert snap.box_help.help == rows[box].help  # one home: the sheet's box help
        dice = example_roll(ruleset, box)
        assert dice is not None
        points = example_points(ruleset, box, dice)
        assert points > 0 and iso(points) in snap.box_help.example
        t(CloseDialog())
    assert t.snapshot().box_help is None


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_the_bonus_rows_explain_their_rule_with_the_ruleset_s_figures(
    ruleset: str, language: str
) -> None:
    t = game_of(ruleset, language)
    rules = t.game.ruleset
    rows = {row.key: row for row in t.view().sheet.rows}
    assert not rows["total"].explain  # a plain sum: nothing to explain
    explained = [key for key, row in rows.items() if row.explain and key not in rules.box_ids]
    assert explained == list(rules.ruled_totals)
    figures = {
        "upper_subtotal": [rules.upper_bonus_threshold],
        "upper_bonus": [rules.upper_bonus, rules.upper_bonus_threshold],
        "five_of_a_kind_bonus": [rules.extra_five_of_a_kind_bonus, rules.five_of_a_kind_points],
    }
    for key in rules.ruled_totals:
        t(ExplainBox(key))
        help_view = t.snapshot().box_help
        assert help_view is not None and help_view.title == rows[key].label
        assert help_view.help == rows[key].help
        # The upper bonus says where each player stands (test below); the others, nothing.
        assert (help_view.example != "") is (key == "upper_bonus"), key
        for figure in figures[key]:
            assert iso(figure) in help_view.help, (key, figure)
        t(CloseDialog())
    assert t(ExplainBox("total")) is t.state


def test_an_explained_bonus_reads_in_english() -> None:
    t = game_of("penta")
    t(ExplainBox("five_of_a_kind_bonus"))
    help_view = t.snapshot().box_help
    assert help_view is not None and without_isolates(help_view.help) == (
        "Each further Penta earns a bonus of 100, once the Penta box holds 50."
    )
    t(CloseDialog(), ExplainBox("upper_subtotal"))
    help_view = t.snapshot().box_help
    assert help_view is not None and without_isolates(help_view.help) == (
        "Ones to Sixes added up. At 63 or more the upper bonus is earned: "
        "three of each face make exactly 63."
    )


def test_the_upper_bonus_says_where_each_player_stands() -> None:
    """Once out of reach the bonus's cell shows 0, which a walk found unexplained."""
    game = new_game("penta", [Player("Dana"), Player("Ben")], SeededDice(1))
    upper = game.ruleset.upper_box_ids
    lower = {box: 0 for box in game.ruleset.box_ids if box not in (*upper, "chance")}
    three_each = {box: 3 * face for face, box in enumerate(upper, 1)}  # 63
    dana = Sheet.from_scores(game.ruleset, {"fives": 0, "sixes": 0})  # at most 50 more
    ben = Sheet.from_scores(game.ruleset, {**lower, **three_each})
    t = AppDriver.with_game(replace(game, sheets=(dana, ben)))
    t(ExplainBox("upper_bonus"))
    help_view = t.snapshot().box_help
    assert help_view is not None
    assert without_isolates(help_view.example) == (
        "Dana: Bonus out of reach\nBen: Bonus earned: 35"
    )
    alone = AppDriver.with_game(new_game("penta", [Player("Dana")], SeededDice(1)))
    alone(ExplainBox("upper_bonus"))
    help_view = alone.snapshot().box_help
    assert help_view is not None
    assert without_isolates(help_view.example) == "63 more points for the bonus"


def test_an_explained_box_reads_in_english() -> None:
    t = game_of("yatzy")
    t(ExplainBox("full_house"))
    help_view = t.snapshot().box_help
    assert help_view is not None
    points = example_points("yatzy", "full_house", (6, 6, 6, 5, 5))
    assert help_view.example == f"For example {iso('6, 6, 6, 5, 5')}: {iso(points)} points."


def test_explaining_a_box_not_of_the_ruleset_or_without_a_game_changes_nothing() -> None:
    t = game_of("penta")
    assert t(ExplainBox("one_pair")) is t.state
    assert game_of("yatzy")(ExplainBox("five_of_a_kind_bonus")).ui.dialog is Dialog.NONE
    setup = AppDriver(initial_state(["en"]))
    assert setup(ExplainBox("chance")) is setup.state


# --- whose column ----------------------------------------------------------------------------


def three_players(language: str) -> AppDriver:
    """Mari-Liis Tamm, a computer and Mart, as a family's walk named them, in a game of Penta."""
    t = AppDriver(initial_state([language], seed=5))
    t(AddPlayer(PlayerKind.COMPUTER), AddPlayer(), RenamePlayer(0, "Mari-Liis Tamm"))
    t(RenamePlayer(2, "Mart"), SetAutoScore(0), StartGame())
    t.tables_failed()  # the computer plays the greedy way: the strategy table is not needed
    return t


@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_a_player_s_heading_tells_the_whole_name_and_where_the_player_stands(
    language: str,
) -> None:
    t = three_players(language)
    t.play_turns(4)
    tr = Translator(language)
    assert all(column.explain for column in t.view().sheet.columns)
    for column, player in enumerate(t.game.players):
        sheet = t.game.sheets[column]
        t(ExplainPlayer(column))
        snap = t.snapshot()
        assert snap.dialog == "box" and snap.box_help is not None
        assert snap.box_help.title == player.name and snap.box_help.example == ""
        kind = tr("setup.kind.human")
        if player.kind is PlayerKind.COMPUTER:
            kind = f"{tr('setup.kind.computer')}{SCORES_APART}{tr(f'level.{player.level}.name')}"
        facts = [
            kind,
            tr("sheet.player_points", points=sheet.total),
            tr("sheet.player_boxes_open", count=len(sheet.open_boxes)),
        ]
        if column == t.game.current_player:
            facts.append(tr("sheet.player_playing_now"))
        assert snap.box_help.help == SCORES_APART.join(facts)
        t(CloseDialog())
    # A box's name asked about next is about the box, not the player.
    t(ExplainPlayer(1), ExplainBox("chance"))
    help_view = t.snapshot().box_help
    assert help_view is not None and help_view.title == tr.box_name("penta", "chance")


def test_at_the_end_a_player_s_heading_tells_the_final_score_and_no_boxes() -> None:
    t = three_players("en")
    t.play_to_end()
    t(ExplainPlayer(0))
    help_view = t.snapshot().box_help
    assert help_view is not None and help_view.title == "Mari-Liis Tamm"
    assert without_isolates(help_view.help) == f"Human{SCORES_APART}{t.game.sheets[0].total} points"


def test_asking_about_a_column_that_is_not_there_changes_nothing() -> None:
    t = three_players("en")
    for column in (-1, 3, True, "1"):
        assert t(ExplainPlayer(column)) is t.state  # type: ignore[arg-type]
    setup = AppDriver(initial_state(["en"]))
    assert setup(ExplainPlayer(0)) is setup.state


def test_the_box_dialog_holds_the_countdown_like_the_rules() -> None:
    t = game_of()
    t(Roll(), Roll(), Roll())
    game = t.game
    t(ExplainBox("chance"))
    assert t.state.ui.dialog is Dialog.BOX and t.snapshot().dialog_note
    t.pass_time(20)
    assert t.game == game
    t(CloseDialog(), Tick())
    assert t.state.pacing.countdown_deadline is not None


# --- the guided first turn ----------------------------------------------------------------


def test_under_the_coachs_warning_the_guide_explains_it_not_its_step() -> None:
    """A walk read "Press Confirm turn" in the guide while the coach warned against that move."""
    t = AppDriver.seeded(5, coach=AdvisorCoach(solved_advisor("penta")))  # rolls 6, 6, 6, 6, 5
    t(SetPlayerCoach(0, CoachMode.WARN), StartGame())
    t.tables_ready()
    t(StartGuide(), Roll(), Roll())  # all five again: the warning waits
    assert t.view().coach_warning is not None
    guide = t.view().guide
    assert guide is not None
    shown = without_isolates(guide.text)
    assert shown.startswith("Step 2 of 4: The coach knows a better move")
    assert all(label in shown for label in ("“Show it”", "“Play mine anyway”"))
    assert guide.points_at == ""  # the warning is what it is about
    t(PlayMineAnyway())
    assert "Roll once more" in (t.view().guide or guide).text


def test_a_first_game_offers_a_guided_turn_that_leads_through_it() -> None:
    t = game_of()
    guide = t.view().guide
    assert guide is not None and guide.start_label == "Guide me"
    assert guide.text.startswith("First game?") and guide.skip_label == "No, thanks"
    t(StartGuide())
    guide = t.view().guide
    assert guide is not None and guide.start_label == "" and guide.skip_label == "End the guide"
    assert guide.text.startswith(f"Step {iso(1)} of {iso(4)}: ") and "Roll" in guide.text
    # Each step rings what it is about (a walk found the words far from Roll and the dice).
    assert guide.points_at == "roll"
    t(Roll())
    assert "keep" in (t.view().guide or guide).text
    assert (t.view().guide or guide).points_at == "dice"
    t(ToggleKeep(0), ToggleKeep(1))  # the dice kept one by one: the step stays on keeping
    assert "keep" in (t.view().guide or guide).text
    t(Roll())  # rolled again: a box, or the roll left ("Tap a box" alone read as a must)
    assert "Roll once more" in (t.view().guide or guide).text
    assert "box on the sheet" in (t.view().guide or guide).text
    t(Roll())  # the last roll: the countdown waits while the guide shows
    shown = without_isolates((t.view().guide or guide).text)
    assert shown.startswith("Step 3 of 4: Choose a box")
    assert (t.view().guide or guide).points_at == "sheet"
    assert t.state.pacing.countdown_deadline is None
    # What is paused, said to one who has not met the countdown yet (a walk).
    assert t.view().countdown_help == (
        "Games score the best box for you after a few seconds. Here it waits."
    )
    # The folded tray says so too: "Scoring Pair in 3 seconds" there read as stuck to a walk.
    assert t.view().tray_summary == t.view().countdown_help
    t.pass_time(10)
    assert t.game.dice is not None and t.game.current_player == 0
    t(SelectBox("chance"))
    assert without_isolates((t.view().guide or guide).text).startswith("Last step: Press Confirm")
    assert (t.view().guide or guide).points_at == "confirm"
    t(ConfirmTurn())
    assert t.state.settings.guide_done
    saved = [e.data for e in t.effects if isinstance(e, SavePreferences)]
    assert saved and saved[-1]["guide_done"] is True
    # Its last word, until the next move or "Got it".
    done = t.view().guide
    assert done is not None and done.text.startswith("That was a whole turn")
    # It names the rules link by the link's own words (it said "Rules", which no link reads).
    rules = f"{t.game.ruleset.id.capitalize()} rules"
    assert f"“{rules}”, above" in without_isolates(done.text), done.text
    assert (done.start_label, done.skip_label) == ("", "Got it")
    t(Roll())
    assert t.view().guide is None and t.state.pacing.countdown_deadline is None
    again = game_of()
    again(StartGuide(), Roll(), Roll(), Roll(), SelectBox("chance"), ConfirmTurn(), SkipGuide())
    assert again.view().guide is None and again.game.dice is None
    # Its button gone, the focus goes to Roll (not lost to the page).
    assert Focus((("roll", None), ("confirm", None))) in again.effects
    assert again.state.settings.guide_done


def test_the_guide_says_its_last_word_only_to_the_player_who_played_it() -> None:
    # Two humans: the next turn is the other's, behind the hand-over, which says the last word
    # to the player who still holds the phone (a walk never saw it), and only until it passes.
    t = AppDriver(initial_state(["en"], seed=3))
    t(AddPlayer(), SetAutoScore(0), StartGame(), StartGuide(), Roll(), SelectBox("chance"))
    t.take_phone = False
    t(ConfirmTurn())
    assert t.state.settings.guide_done
    handover = t.snapshot().handover
    assert handover is not None
    # Named: the hand-over's title names the next player, whom it read as said to (a walk).
    assert without_isolates(handover.guide_done) == (
        "Player 1, that was your whole turn: your points are in the sheet. "
        "The next turns go the same way."
    )
    t(StartTurn())
    assert t.view().guide is None and not t.state.ui.guide_on
    t(Roll(), SelectBox("chance"), ConfirmTurn())  # the next hand-over says nothing of it
    handover = t.snapshot().handover
    assert handover is not None and handover.guide_done == ""


def test_the_guide_offer_can_be_skipped_and_is_not_offered_again() -> None:
    t = game_of()
    t(SkipGuide())
    assert t.view().guide is None
    assert preferences_to_data(t.state)["guide_done"] is True
    assert any(isinstance(e, SavePreferences) for e in t.effects)
    t(Roll())
    assert t.view().guide is None


def test_the_offer_goes_once_the_player_rolls_and_no_guide_for_a_second_human() -> None:
    t = AppDriver(initial_state(["en"], seed=3))
    t(AddPlayer(), StartGame())
    assert t.view().guide is not None
    t(Roll())
    assert t.view().guide is None  # not taken: offered again at the next game
    assert not t.state.settings.guide_done
    assert t(StartGuide()) is t.state


@pytest.mark.parametrize("language", ["he", "et"])
def test_the_guide_is_translated(language: str) -> None:
    t = game_of(language=language)
    offer = t.view().guide
    t(StartGuide())
    step = t.view().guide
    assert offer is not None and step is not None
    english = game_of().view().guide
    assert english is not None and offer.text != english.text and step.text != english.text


def test_a_reload_goes_on_guiding_at_the_step_it_was() -> None:
    """A walk reloaded at the guide's step 4 and it was gone for good (no box filled yet, the
    first roll made: never offered again)."""
    t = game_of()
    t(StartGuide(), Roll(), ToggleKeep(0), Roll())
    step = t.view().guide
    assert step is not None and "Roll once more" in step.text
    again = t.reopened()
    assert again.view().guide == step
    again(Roll(), SelectBox("chance"))
    assert "Confirm turn" in (again.view().guide or step).text
    # Ended or skipped, nothing comes back.
    t(SkipGuide())
    assert t.reopened().view().guide is None
    done = game_of()
    done(StartGuide(), Roll(), SelectBox("chance"), ConfirmTurn())
    assert done.view().guide is not None  # its last word, which a reload does not bring back
    assert done.reopened().view().guide is None


def test_against_the_computer_the_guide_says_its_last_word_through_the_computers_turn() -> None:
    # A first game against the computer: the last word stays while the computer plays, and
    # goes at the player's next move (a walk never saw it). A box taken back meanwhile takes
    # it away: the turn is not done.
    t = AppDriver(initial_state(["en"], seed=3))
    t.set_players([("Dana", "human", None), ("Bot", "computer", "optimal")])
    t(SetAutoScore(0), StartGame())
    t.tables_failed()
    t(StartGuide(), Roll(), SelectBox("chance"), ConfirmTurn())
    assert t.state.settings.guide_done and t.game.player.kind is PlayerKind.COMPUTER
    done = t.view().guide
    assert done is not None and done.text.startswith("That was a whole turn")
    t.play_computer_turn()
    assert t.game.current_player == 0
    done = t.view().guide
    assert done is not None and done.text.startswith("That was a whole turn")
    t(Roll())
    assert t.view().guide is None and not t.state.ui.guide_on
    again = AppDriver(initial_state(["en"], seed=3))
    again.set_players([("Dana", "human", None), ("Bot", "computer", "optimal")])
    again(SetAutoScore(0), StartGame())
    again.tables_failed()
    again(StartGuide(), Roll(), SelectBox("chance"), ConfirmTurn(), Undo())
    assert again.game.current_player == 0 and not again.game.sheets[0].filled_boxes
    assert again.view().guide is None
