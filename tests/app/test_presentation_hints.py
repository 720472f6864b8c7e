"""The coach's hint as presented: only from the optimal coach (the fallback is said), marked
in the current column only, kept on screen while a box is tapped, and said on each die."""

from __future__ import annotations

from dataclasses import replace

from game.app.intents import (
    Roll,
    SelectBox,
    ShowHint,
    StartGame,
    ToggleKeep,
)
from game.app.model import AppState
from game.app.setup_intents import AddPlayer
from game.app.start import initial_state
from game.app.table_intents import TableFailed, TableLoaded
from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.present.snapshot import present
from tests.app.driver import run_intents
from tests.i18n.isolation import iso


def test_hints_only_with_the_optimal_coach_and_the_fallback_is_said() -> None:
    state = run_intents(initial_state(["en"], seed=2), StartGame(), Roll())
    view = present(state, 0).game
    assert view is not None and not view.can_hint  # the table is still loading
    state = run_intents(state, TableFailed("penta", "not loaded in this test"))
    view = present(state, 0).game
    assert view is not None and "Hints are unavailable" in view.coach_note
    assert "takes the box that scores most now" in view.coach_note
    ready = run_intents(state, TableLoaded("penta"))
    ready = replace(
        ready, pacing=replace(ready.pacing, hint=KeepAdvice((0, 1)), hint_requested=True)
    )
    view = present(ready, 0).game
    assert view is not None and view.can_hint
    game = ready.game
    assert game is not None and game.dice is not None
    kept = iso(iso(", ".join(str(face) for face in sorted(game.dice[:2]))))
    assert view.hint == f"Best: keep {kept}"  # what it costs not to is the next best's to say
    scored = present(
        replace(ready, pacing=replace(ready.pacing, hint=ScoreAdvice("chance"))), 0
    ).game
    assert scored is not None
    options = game.options
    assert options is not None
    points = options.points["chance"]
    assert scored.hint == (f"Best: score {iso('Chance')} for {iso(points)} points")
    nothing = next(box for box, points in options.points.items() if points == 0)
    given_up = present(
        replace(ready, pacing=replace(ready.pacing, hint=ScoreAdvice(nothing))), 0
    ).game
    assert given_up is not None
    name = iso(Translator("en").box_name("penta", nothing))
    assert given_up.hint == f"Best: give up {name}, scoring 0 there"
    assert given_up.hint_short == f"Give up {name} (0)"


def test_a_hint_stays_on_screen_when_a_box_is_tapped_with_the_table_loaded() -> None:
    # The defect: tapping a box after "Hint" put "Hints are unavailable offline" in the hint
    # panel, online and with the strategy table loaded.
    state = run_intents(initial_state(["en"], seed=1), StartGame(), TableLoaded("penta"))
    state = run_intents(state, Roll(), ShowHint())
    before = present(state, 0).game
    assert before is not None and before.hint.startswith("Best: ")
    for box in ("chance", "ones"):
        tapped = run_intents(state, SelectBox(box))
        view = present(tapped, 0).game
        assert view is not None and view.hint == before.hint  # the dice did not change
        assert view.coach_note == ""
    # Only a table that failed to load makes the panel say so, never a hint with no advice.
    unadvised = present(replace(state, pacing=replace(state.pacing, hint=None)), 0).game
    assert unadvised is not None and unadvised.hint == ""


def test_the_hint_marks_the_box_to_score_in_the_current_column_only() -> None:
    state = run_intents(initial_state(["en"], seed=2), AddPlayer(), StartGame(), Roll())
    state = run_intents(state, TableLoaded("penta"))
    state = replace(
        state, pacing=replace(state.pacing, hint=ScoreAdvice("chance"), hint_requested=True)
    )

    def hinted(state: AppState) -> list[tuple[str, int, str]]:
        view = present(state, 0).game
        assert view is not None
        return [
            (row.key, column, cell.label)
            for row in view.sheet.rows
            for column, cell in enumerate(row.cells)
            if cell.hinted
        ]

    game = state.game
    assert game is not None and game.options is not None
    points = game.options.points["chance"]
    open_label = f"{iso('Chance')}: {iso(points)} if scored now"
    label = f"{iso(open_label)}; the hint's choice"
    assert hinted(state) == [("chance", 0, label)]
    assert (
        hinted(replace(state, pacing=replace(state.pacing, hint_requested=False))) == []
    )  # hidden: no mark
    assert hinted(replace(state, pacing=replace(state.pacing, hint=KeepAdvice((0, 1))))) == []


def test_the_hint_says_on_each_die_what_to_change() -> None:
    state = run_intents(
        initial_state(["en"], seed=2), StartGame(), Roll(), ToggleKeep(0), ToggleKeep(4)
    )
    state = run_intents(state, TableLoaded("penta"))
    state = replace(
        state, pacing=replace(state.pacing, hint=KeepAdvice((0, 1)), hint_requested=True)
    )
    view = present(state, 0).game
    assert view is not None
    assert [die.advice for die in view.dice] == ["", "keep", "", "", "release"]
    assert [die.badge for die in view.dice] == ["Kept", "Keep", "", "", "Release"]
    game = state.game
    assert game is not None and game.dice is not None
    not_kept = f"Die {iso(2)}: {iso(game.dice[1])}, not kept"
    assert view.dice[1].label == f"{iso(not_kept)}; the hint says: keep it"
    kept = f"Die {iso(5)}: {iso(game.dice[4])}, kept"
    assert view.dice[4].label == f"{iso(kept)}; the hint says: release it"
    # Kept and to keep: ringed on the screen, said to a screen reader (no badge but "Kept").
    kept_too = f"Die {iso(1)}: {iso(game.dice[0])}, kept"
    assert view.dice[0].label == f"{iso(kept_too)}; the hint says: keep it"
    assert view.dice[0].suggested and view.dice[0].badge == "Kept"
    hidden = present(replace(state, pacing=replace(state.pacing, hint_requested=False)), 0).game
    assert hidden is not None and [die.advice for die in hidden.dice] == [""] * 5
    assert [die.badge for die in hidden.dice] == ["Kept", "", "", "", "Kept"]


def test_confirm_turn_is_heard_with_the_box_it_scores() -> None:
    """Its name says the box and points, the hint's where none is chosen: a screen reader
    heard only "Confirm turn" before it scored the hint's box (a keyboard walk)."""
    state = run_intents(initial_state(["en"], seed=2), StartGame(), TableFailed("penta", "-"))
    before = present(state, 0).game
    assert before is not None and before.confirm_name == ""  # nothing rolled: nothing to score
    rolled = run_intents(state, Roll())
    game = rolled.game
    assert game is not None and game.options is not None
    points = game.options.points
    unhinted = present(rolled, 0).game
    assert unhinted is not None and unhinted.confirm_name == ""  # no box chosen, no hint asked
    hinted = replace(
        rolled,
        pacing=replace(rolled.pacing, hint=ScoreAdvice("chance"), hint_requested=True),
    )
    view = present(hinted, 0).game
    assert view is not None and view.can_confirm
    assert without_isolates(view.confirm_name) == f"Confirm: Chance, {points['chance']} points"
    chosen = present(run_intents(hinted, SelectBox("fives")), 0).game
    assert chosen is not None
    heard = without_isolates(chosen.confirm_name)
    assert heard.startswith(f"Confirm turn: Fives, {points['fives']} point")


def test_confirm_turn_shows_the_hint_s_box_it_scores() -> None:
    """Two walks saw Confirm lit with no box chosen, beside "Choose a box to score"; one gave up
    its Penta box for 0 with it. Where it scores the hint's box, it says so on screen too."""
    state = run_intents(initial_state(["en"], seed=2), StartGame(), TableFailed("penta", "-"))
    rolled = run_intents(state, Roll())
    assert rolled.game is not None and rolled.game.options is not None
    points = rolled.game.options.points
    unhinted = present(rolled, 0).game
    assert unhinted is not None and unhinted.confirm_label == "Confirm turn"
    hinted = replace(
        rolled,
        pacing=replace(rolled.pacing, hint=ScoreAdvice("chance"), hint_requested=True),
    )
    view = present(hinted, 0).game
    assert view is not None and without_isolates(view.confirm_label) == "Confirm: Chance"
    assert without_isolates(view.status) == (
        f"Confirm scores the hint's box: Chance, {points['chance']} points."
    )
    chosen = present(run_intents(hinted, SelectBox("fives")), 0).game
    assert chosen is not None and chosen.confirm_label == "Confirm turn"
    assert without_isolates(chosen.status).startswith("Selected: Fives")
    hidden = replace(hinted, pacing=replace(hinted.pacing, hint_requested=False))
    shown = present(hidden, 0).game
    assert shown is not None and shown.confirm_label == "Confirm turn" and not shown.can_confirm
