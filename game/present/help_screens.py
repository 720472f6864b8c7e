"""What the help at the table shows: the box dialog (what a box counts, with an example roll
scored by the ruleset's own scorer, or what a total with a rule of its own counts), the
hand-over between two humans' turns, the guided first turn, and what a dialog over the game does
to the countdown."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import game.app.countdown as countdown
import game.app.guide as guide
from game.app.model import AppState, Dialog
from game.app.sheet_help_intents import ExplainPlayer
from game.i18n.translator import Translator
from game.play.state import GameState, PlayerKind
from game.present.coach_words import coach_line
from game.present.game_screen import celebration_text, undo_label
from game.present.help_views import BoxHelpView, GuideView, HandoverView
from game.present.kept_screens import SCORES_APART, scores_line
from game.present.move_lines import moves_since_lines
from game.present.seat_colours import seat_colour
from game.present.sheet import bonus_standing, total_words
from game.rules.dice import DICE_COUNT
from game.rules.examples import example_points, example_roll

if TYPE_CHECKING:  # loaded with the first rules shown (see Translator.rules_text)
    from game.i18n.rules_text import RulesText


def box_help_view(state: AppState, t: Translator) -> BoxHelpView | None:
    game, explained = state.game, state.ui.explained
    if state.ui.dialog is not Dialog.BOX or game is None or explained is None:
        return None
    if isinstance(explained, ExplainPlayer):
        in_game = explained.column < len(game.players)
        return _player_help(game, explained.column, t) if in_game else None
    box, ruleset_id = explained.box, game.ruleset.id
    if box in game.ruleset.ruled_totals:
        title, help_text = total_words(game.ruleset, box, t)
        standing = _bonus_standings(game, t) if box == "upper_bonus" else ""
        return BoxHelpView(
            title=title, help=help_text, example=standing, close_label=t("common.close")
        )
    dice = example_roll(ruleset_id, box)
    example = ""
    if dice is not None:
        points = example_points(ruleset_id, box, dice)
        example = t("box_explain.example", dice=t.format_dice(dice), points=points)
    return BoxHelpView(
        title=t.box_name(ruleset_id, box),
        help=t.box_help(ruleset_id, box),
        example=example,
        close_label=t("common.close"),
    )


def _bonus_standings(game: GameState, t: Translator) -> str:
    """Where each player stands with the upper bonus ("Dana: Bonus out of reach"), a line
    each."""
    if len(game.players) == 1:
        return bonus_standing(game.sheets[0], t)
    return "\n".join(
        t("sheet.player_bonus", name=player.name, standing=bonus_standing(sheet, t))
        for player, sheet in zip(game.players, game.sheets, strict=True)
    )


def _player_help(game: GameState, column: int, t: Translator) -> BoxHelpView:
    """Whose column it is, whole, and where they stand: a name cut short in its heading could
    not be read (game.app.sheet_help)."""
    player, sheet = game.players[column], game.sheets[column]
    kind = t("setup.kind.human")
    if player.kind is PlayerKind.COMPUTER:
        kind = t("setup.kind.computer")
        if player.level is not None:  # how strong: "Computer · Casual"
            kind += SCORES_APART + t(f"level.{player.level}.name")
    facts = [kind, t("sheet.player_points", points=sheet.total)]
    if not game.is_over:
        facts.append(t("sheet.player_boxes_open", count=len(sheet.open_boxes)))
        if column == game.current_player:  # the heading's colour alone said so (a walk)
            facts.append(t("sheet.player_playing_now"))
    return BoxHelpView(
        title=player.name, help=SCORES_APART.join(facts), example="", close_label=t("common.close")
    )


def handover_view(state: AppState, t: Translator) -> HandoverView:
    game = state.game
    assert game is not None
    name = game.player.name
    undo_text, can_undo = undo_label(state, t)
    # A game resumed on a turn already rolled goes on with its dice, most likely in the hands
    # of the player whose turn it is: "Hand over to Dana" to Dana herself read wrong (a walk).
    goes_on = bool(game.dice)
    return HandoverView(
        title=t("handover.resume_title" if goes_on else "handover.title", name=name),
        text=t("handover.resume_text" if goes_on else "handover.text", name=name),
        start_label=t("handover.continue" if goes_on else "handover.start", name=name),
        moves_since=moves_since_lines(state, t),
        colour=seat_colour(game.current_player),
        celebration=celebration_text(state, t),
        undo_label=undo_text,
        can_undo=can_undo,
        leave_label=t("game.leave"),
        coach_line=coach_line(state, t, handing_over=True),
        guide_done=guide_done_words(state, t),
        standings=standings_words(game, t),
    )


def standings_words(game: GameState, t: Translator) -> str:
    """The round and each player's total, in the order of play: a family's walk found the
    hand-over bare, with no word of where the game stood."""
    rounds = t("turn.round", round=game.turn_number, rounds=len(game.ruleset.boxes))
    return f"{rounds}{SCORES_APART}{scores_line(game, t)}"


def guide_done_words(state: AppState, t: Translator) -> str:
    """On the hand-over that follows the guided turn, to its player, who still holds the phone
    (unnamed, it read as said to the player whose turn the hand-over announces: a walk)."""
    game, scores = state.game, state.ui.recent_scores
    if game is None or not scores or not guide.done_on_handover(state):
        return ""
    return t("guide.done_handover", name=game.players[scores[-1].player].name)


def guide_view(state: AppState, t: Translator) -> GuideView | None:
    if guide.is_offered(state):
        return GuideView(t("guide.offer"), t("guide.start"), t("guide.skip"))
    step = guide.step(state)
    if step is None:
        return None
    game = state.game
    assert game is not None  # a step shows only on a turn
    if step is guide.Step.DONE:
        # The link by its own words: "Rules, above" named no link there (a walk).
        rules = t("setup.show_rules", ruleset=t.ruleset_name(game.ruleset.id))
        return GuideView(t("guide.done", rules=rules), "", t("guide.got_it"))
    key = f"guide.{step.value}"
    if step is guide.Step.BOX and game.rolls_left:
        key = "guide.box_or_roll"  # "Tap a box" with a roll left read as having to score now
    target = _POINTS_AT[step]
    if state.coaching.waiting is not None:
        # The step's own words ("Press Confirm turn") said the opposite of the coach's warning
        # under them (a walk): the guide explains the warning's two buttons instead.
        key, target = "guide.coach_waiting", ""
    if step is guide.STEPS[-1]:
        # A box may be chosen at step 2 as well as at step 3: "Step 4 of 4" straight after
        # "Step 2 of 4" read as a step missed (a walk).
        shown = t("guide.last_step", text=t(key))
    else:
        number = guide.STEPS.index(step) + 1
        shown = t("guide.step", number=number, count=len(guide.STEPS), text=t(key))
    return GuideView(shown, "", t("guide.end"), target)


_POINTS_AT = {
    guide.Step.ROLL: "roll",
    guide.Step.KEEP: "dice",
    guide.Step.BOX: "sheet",
    guide.Step.CONFIRM: "confirm",
}


def dialog_note(state: AppState, t: Translator) -> str:
    """What the dialog open over the game does to the countdown: it waits, with its time left
    (game.app.countdown); "" when no countdown waits for it."""
    if state.ui.dialog is Dialog.NONE or not countdown.is_pending(state):
        return ""
    left = state.pacing.countdown_paused
    if left is None or countdown.held_in_full(state):
        return ""  # held for another reason, which the tray says
    return t("dialog.countdown_paused", seconds=max(1, math.ceil(left - 1e-9)))


def rules_view(state: AppState, t: Translator) -> RulesText | None:
    """The rules asked for, and last the keys that play the game: a keyboard walk found them
    named nowhere (their line on the game screen shows only where the screen has room)."""
    if state.ui.dialog is not Dialog.RULES:
        return None
    from game.i18n.rules_text import Paragraph, RulesSection

    rules = t.rules_text(state.ui.rules_ruleset)
    keys = t("turn.keys_hint", keys=t.format_range(1, DICE_COUNT))
    section = RulesSection(t("rules.keys_heading"), (Paragraph(keys),), keyboard=True)
    return replace(rules, sections=(*rules.sections, section))
