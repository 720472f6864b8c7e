"""What the screens show, as plain data: `present(app_state, now) -> Snapshot`.

This module makes the whole page's snapshot and the screen reader's announcements; the
screens' parts are in game.present.screens, game_screen and sheet, the views in views.

The snapshot holds every visible string already translated (from the catalogs, in the
player's language), every accessible name ("Die 3: 5, kept"; "Full house: 25 if scored now"),
which controls are enabled, which column is current, the one-line joker reason or the sacrifice
message, the countdown, and the standings with shared places. The shell only copies it into the
page (as text, never markup), so everything here is tested in CPython.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import game.app.countdown as countdown
import game.app.handover as handover
from game.app.announcements import Corrected, GameOver, Kept, Rolled, Scored, Undone
from game.app.celebration import Feat, celebration
from game.app.entry import entered_faces
from game.app.key_answers import KeyAnswer, KeyAnswered
from game.app.model import SAVE_FAILED_NOTICE, AppState, Screen
from game.app.notices import offers_unreadable
from game.i18n.locale import LANGUAGE_CODES
from game.i18n.translator import Translator
from game.play.state import PlayerKind
from game.present.choice import Choice
from game.present.coach_words import said_line
from game.present.correction_view import correction_view
from game.present.end_words import end_words
from game.present.game_screen import (
    celebration_text,
    countdown_help,
    countdown_text,
    game_view,
    hint_texts,
    take_back_wait,
    turn_title,
)
from game.present.help_screens import (
    box_help_view,
    dialog_note,
    guide_view,
    handover_view,
    rules_view,
)
from game.present.kept_screens import (
    delete_finished_view,
    delete_view,
    finished_view,
    leave_view,
)
from game.present.move_lines import corrected_text, played_text
from game.present.review_screen import end_review_view, review_view
from game.present.screens import end_view, history_view, settings_view, setup_view
from game.present.views import ElsewhereView, LeaveView, Snapshot
from game.rules.dice import DICE_COUNT
from game.rules.rulesets import Ruleset


@cache
def translator(language: str) -> Translator:
    return Translator(language)


def present(state: AppState, now: float) -> Snapshot:
    t = translator(state.settings.language)
    languages = tuple(
        Choice(code, t(f"lang.{code}"), code == state.settings.language) for code in LANGUAGE_CODES
    )
    game = state.game
    handing_over = handover.is_pending(state)
    playing = state.screen is Screen.GAME and game is not None and not handing_over
    offered = offers_unreadable(state)
    return Snapshot(
        language=t.language,
        direction=t.direction,
        app_title=t("app.title"),
        screen="handover" if handing_over else state.screen.value,
        dialog=state.ui.dialog.value,
        settings_label=t("menu.settings"),
        language_label=t("a11y.change_language"),
        languages=languages,
        setup=setup_view(state, t) if state.screen is Screen.SETUP else None,
        game=(game_view(state, t, now)._replace(guide=guide_view(state, t)) if playing else None),
        end=end_view(state, t) if state.screen is Screen.END and game else None,
        settings=settings_view(state, t, languages),
        rules=rules_view(state, t),
        rules_close_label=t("common.close"),
        leave=leave_view(state, t),
        announcement=announcement_text(state, t),
        announcement_count=state.ui.announcement_count,
        history=history_view(state, t) if state.screen is Screen.HISTORY else None,
        history_label=t("history.title"),
        notices=tuple(t(notice.key, **dict(notice.values)) for notice in state.ui.notices),
        dismiss_label=t("common.close"),
        export_unreadable_label=t("storage.export_unreadable") if offered else "",
        discard_unreadable_label=t("storage.discard_unreadable") if offered else "",
        discard_unreadable=LeaveView(
            t("storage.discard_question"), t("storage.discard"), t("common.cancel")
        ),
        export_game_label=(
            t("storage.export_game") if game and SAVE_FAILED_NOTICE in state.ui.notices else ""
        ),
        elsewhere=(
            ElsewhereView(t("elsewhere.title"), t("elsewhere.text"), t("elsewhere.take_over"))
            if state.screen is Screen.ELSEWHERE
            else None
        ),
        sheet_label=t("sheet.title"),
        display_size=state.settings.display_size.value,
        coach=state.coach_status.value,
        handover=handover_view(state, t) if handing_over else None,
        box_help=box_help_view(state, t),
        dialog_note=dialog_note(state, t),
        finished=finished_view(state, t),
        delete_kept=delete_view(state, t),
        delete_finished=delete_finished_view(state, t),
        review=review_view(state, t) if state.screen is Screen.REVIEW else None,
        end_review=end_review_view(state, t) if state.screen is Screen.END else None,
        correction=correction_view(state, t),
    )


def key_answer_text(state: AppState, event: KeyAnswered, t: Translator) -> str:
    """What a key changed away from the focus (game.app.key_answers), as the screen shows it."""
    game = state.game
    assert game is not None
    if event.kind is KeyAnswer.HINT:
        return hint_texts(state, t)[0]
    if event.kind is KeyAnswer.ENTRY:
        faces = entered_faces(state)
        said = t("pad.entered", count=len(faces), total=DICE_COUNT)
        return f"{said}: {t.format_dice(sorted(faces))}" if faces else said
    if game.dice is None or event.die not in range(DICE_COUNT):
        return ""
    key = "die.kept" if event.die in game.kept else "die.not_kept"
    return t(key, index=event.die + 1, face=game.dice[event.die])


def announcement_text(state: AppState, t: Translator) -> str:
    """The words for screen readers (aria-live) about what just happened."""
    event = state.ui.announcement
    game = state.game
    if event is None or game is None:
        return ""
    ruleset: Ruleset = game.ruleset
    if isinstance(event, Rolled):
        dice = t.format_dice(event.dice)
        # A computer's roll says whose it is, as its keep does (a screen-reader walk).
        by = game.players[event.player]
        computer = by.kind is PlayerKind.COMPUTER
        if computer:
            rolled = t("computer.rolled", name=by.name, dice=dice)
        elif event.kept:
            # The new dice apart from those kept: "Rolled 6, 1, 4, 6, 6" left a screen reader's
            # user to work out which two were new (a keyboard walk).
            fresh = [face for at, face in enumerate(event.dice) if at not in event.kept]
            kept = [face for at, face in enumerate(event.dice) if at in event.kept]
            rolled = t(
                "turn.rolled_beside_kept", dice=t.format_dice(fresh), kept=t.format_dice(kept)
            )
        else:
            rolled = t("turn.rolled", dice=dice)
        coach = said_line(state, event.player, None, t)
        rolled = f"{rolled}. {coach}" if coach else rolled
        # Said with the roll: a screen reader's user hears the box the countdown will score,
        # and when, rather than only that it was scored.
        seconds = state.pacing.countdown_seconds if countdown.is_pending(state) else 0
        if not seconds:
            return rolled
        said = f"{rolled}. {countdown_text(state, seconds, t)}"
        # And what holds it: the focus put on the sheet after the last roll (Enter on Roll)
        # paused it at once, and a screen reader still heard "in 3 seconds" (a keyboard walk).
        return f"{said} {countdown_help(state, t)}" if countdown.held_in_full(state) else said
    if isinstance(event, Kept):
        name = game.players[event.player].name
        if not event.dice:
            return t("computer.rerolls_all", name=name)
        # "Computer 1 keeps 2" read as two dice kept (a screen-reader walk).
        key = "computer.keeps_one" if len(event.dice) == 1 else "computer.keeps"
        return t(key, name=name, dice=t.format_dice(event.dice))
    if isinstance(event, Scored):
        # The move, then its cheer (a walk heard the bonus before the move that earned it); the
        # cheer of a further Penta says its bonus ("Penta bonus: 100 points. Another Penta!
        # 100 bonus points for Mari!" said it twice: a walk).
        parts = [played_text(game, _unless_cheered(state, event), t), celebration_text(state, t)]
        parts.append(said_line(state, event.player, event.box, t))
        # Whose turn it now is: the focus goes to Roll, and the heading that says it changed
        # unheard (a keyboard walk without the hand-over, which says it itself).
        if game.current_player != event.player and not handover.is_pending(state):
            parts.append(turn_title(game, t))
        # And that the box can still be taken back before a computer plays: the tray says so
        # for a few seconds, and a screen-reader walk never learnt it.
        parts.append(take_back_wait(state, t))
        return _sentences(parts)
    if isinstance(event, Corrected):
        return corrected_text(game, event, t)
    if isinstance(event, Undone):
        return t("undo.done", box=t.box_name(ruleset.id, event.box))
    if isinstance(event, KeyAnswered):
        return key_answer_text(state, event, t)
    assert isinstance(event, GameOver)
    # The last box and its cheer (an upper bonus reached by the game's last move went unsaid: a
    # walk), the end, and who won or how the score compares, as the end screen's headline says.
    headline = end_words(game, state.ui.stats, t).headline
    last = played_text(game, _unless_cheered(state, event.last), t)
    return _sentences([last, celebration_text(state, t), t("end.title"), headline])


def _unless_cheered(state: AppState, event: Scored) -> Scored:
    """`event` without its five-of-a-kind bonus where the cheer says it."""
    cheer = celebration(state)
    return replace(event, bonus=0) if cheer and cheer.feat is Feat.FIVE_OF_A_KIND_BONUS else event


def _sentences(parts: list[str]) -> str:
    """The parts said one after another, each ended with a full stop unless it ends with one
    of its own ("Penta! Well done, Dana!")."""
    said = ""
    for part in filter(None, parts):
        if said:
            said += " " if said.endswith(("!", "?", ".")) else ". "
        said += part
    return said
