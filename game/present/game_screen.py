"""What the game screen shows: the dice, the tray's controls and messages, the countdown,
the hint, and the Undo button (also the end screen's).
"""

from __future__ import annotations

import math

from game.app.celebration import Feat, celebration
from game.app.coaching import holds_countdown
from game.app.daily import challenge_day
from game.app.entry import entry_complete, game_as_entered
from game.app.handover import humans
from game.app.model import AppState, CoachStatus, Speed, is_computer_turn
from game.app.take_back import undo_available, waits_for_a_person
from game.app.turns import box_to_confirm
from game.coach.protocol import Advice, KeepAdvice, ScoreAdvice
from game.i18n.player_names import is_default_name
from game.i18n.translator import Translator
from game.play.real_dice import roll_entered
from game.play.state import GameState, PlayerKind
from game.play.undo import confirmed_box
from game.present.coach_words import (
    coach_line,
    coach_line_why,
    coach_warning,
    hint_reason_words,
    hint_tempting_words,
)
from game.present.confirm_words import confirm_label, confirm_name, hinted_box
from game.present.entry_pad import pad_view
from game.present.move_lines import last_move_text
from game.present.seat_colours import seat_colour
from game.present.sheet import refusal_words, refused_cell, sheet_view
from game.present.spotlight import celebrated_box, spotlight
from game.present.tray_dice import dice_views, shown_advice
from game.present.views import GameView
from game.rules.dice import DICE_COUNT, ROLLS_PER_TURN
from game.rules.rulesets import JokerBranch

JOINED = " · "
"""Between two messages on the folded tray's line."""


def undo_label(state: AppState, t: Translator) -> tuple[str, bool]:
    game, before = state.game, state.play.before_last_turn
    if game is None or before is None or not undo_available(state):
        return t("undo.button"), False
    box = confirmed_box(before, game)
    if box is None:
        return t("undo.button"), False
    name = t.box_name(game.ruleset.id, box)
    if _whose_box_is_told(state, before):
        # Seen by the next human: whose box it is ("Take back the Chance box" read as theirs).
        return t("undo.label_of", box=name, name=before.player.name), True
    return t("undo.label", box=name), True


def _whose_box_is_told(state: AppState, before: GameState) -> bool:
    """Whether the box to take back is another's than the player to move, and another human
    may read it: the next human, or one watching the computer's turn."""
    game = state.game
    assert game is not None
    return before.current_player != game.current_player and (
        game.player.kind is PlayerKind.HUMAN or humans(game) > 1
    )


def take_back_wait(state: AppState, t: Translator) -> str:
    """Why a computer's first roll waits, while the box scored before it can be taken back (a
    walk read the still dice as stalled): for a moment, or, after a box the countdown scored,
    until a person lets it play; empty when it does not wait."""
    game = game_as_entered(state)
    if game is None or game.dice is not None or not is_computer_turn(state):
        return ""
    if not undo_available(state):
        return ""
    name, before = game.player.name, state.play.before_last_turn
    for_you = waits_for_a_person(state)
    if before is not None and _whose_box_is_told(state, before):
        key = "computer.waits_for_you_of" if for_you else "computer.waits_for_take_back_of"
        return t(key, name=name, player=before.player.name)
    return t("computer.waits_for_you" if for_you else "computer.waits_for_take_back", name=name)


def game_view(state: AppState, t: Translator, now: float) -> GameView:
    game = game_as_entered(state)
    assert game is not None
    ruleset = game.ruleset
    computer = is_computer_turn(state)
    human = not computer
    name = game.player.name
    options = game.options

    waiting = take_back_wait(state, t)
    if waiting:
        status = waiting
    elif computer:
        status = t("computer.playing", name=name)
    elif game.dice is None and game.real_dice:
        status = t("turn.enter_dice", name=name)
    elif game.dice is None:
        # With the phone passed around the table, the tray names whose turn it is: the title
        # above the sheet is often scrolled out of sight.
        several = len(game.players) > 1
        status = t("turn.roll_first_named", name=name) if several else t("turn.roll_first")
    elif state.pacing.refused_box is not None and options is not None:
        status = refusal_words(game, t, state.pacing.refused_box, state.pacing.refused_seat)
    elif game.selected_box is not None and options is not None:
        # With its points: "Selected: Three of a kind" left them to find on the sheet (a walk).
        box = game.selected_box
        status = t("turn.selected", box=t.box_name(ruleset.id, box), points=options.points[box])
    elif (hinted := hinted_box(state)) is not None and options is not None:
        box_name = t.box_name(ruleset.id, hinted)
        status = t("turn.confirm_scores_hint", box=box_name, points=options.points[hinted])
    elif game.rolls_left > 0 and len(game.kept) == DICE_COUNT:
        status = t("turn.all_kept")
    elif game.rolls_left > 0 and not game.real_dice:
        status = t("turn.roll_or_choose")  # not only "Choose a box": it may be rolled again
    elif game.real_dice and not _last_throw_named(state, game):
        # The app does not count a real throw's rolls: "Choose a box to score" beside "Throw
        # the rest again" (the hint's) read as two orders to a walk. Told it was the third
        # ("What should I keep?"), it no longer says to throw again (a walk). With the hint's
        # keep shown, its line under the dice says how to enter a throw (said twice: a walk).
        keep_shown = isinstance(state.pacing.hint, KeepAdvice)
        status = t("turn.real_box_or_throw_short" if keep_shown else "turn.real_box_or_throw")
    else:
        status = t("turn.choose_box")

    message = ""
    bonus_message = ""
    if options is not None:
        if options.joker is JokerBranch.SAME_FACE:
            (box,) = options.legal
            message = t("turn.joker_upper", box=t.box_name(ruleset.id, box))
        elif options.joker is JokerBranch.LOWER:
            message = t("turn.joker_lower")
        elif options.joker is JokerBranch.ANY_UPPER:
            message = t("turn.joker_any_upper")
        elif options.must_sacrifice and human:
            # Only the last roll forces a sacrifice: before it, the dice may still turn. Said to
            # the player: under a computer's dice "you can still roll" puzzled a walk. Of the
            # last box, no choice: "you must sacrifice one" puzzled another.
            if game.rolls_left:
                message = t("turn.nothing_scores_yet")
            elif len(options.legal) == 1:
                (box,) = options.legal
                message = t("turn.last_box_zero", box=t.box_name(ruleset.id, box))
            else:
                message = t("turn.must_sacrifice")
        if options.five_of_a_kind_bonus:
            bonus_message = t("turn.penta_bonus", points=options.five_of_a_kind_bonus)

    countdown = 0
    fraction = 0.0
    paused = state.pacing.countdown_paused
    if (state.pacing.countdown_deadline is not None or paused is not None) and human:
        deadline = state.pacing.countdown_deadline
        remaining = max(0.0, deadline - now) if deadline is not None else paused or 0.0
        countdown = max(1, math.ceil(remaining - 1e-9)) if remaining > 0 else 0
        if state.pacing.countdown_seconds:
            fraction = min(1.0, remaining / state.pacing.countdown_seconds)
    held = bool(countdown) and state.pacing.countdown_deadline is None

    undo_text, can_undo_now = undo_label(state, t)
    advice = shown_advice(state, human)
    hint, hint_short = hint_texts(state, t) if human else ("", "")
    celebrated = celebrated_box(state)
    coach_note = ""
    if state.coach_status is CoachStatus.UNAVAILABLE:
        coach_note = t("hint.unavailable") + ". " + t("hint.auto_score_fallback")

    round_key = "turn.round_daily" if challenge_day(game) else "turn.round"
    view = GameView(
        title=turn_title(game, t),
        colour=seat_colour(game.current_player),
        round=t(round_key, round=game.turn_number, rounds=len(ruleset.boxes)),
        round_widest=t(round_key, round=len(ruleset.boxes), rounds=len(ruleset.boxes)),
        is_computer=computer,
        dice_label=t("die.area"),
        dice=dice_views(state, game, t, human),
        rolled=game.dice is not None,
        roll_label=(
            t("turn.roll_with_left", count=game.rolls_left)
            if game.rolls_left
            else t("turn.no_rolls_left")
        ),
        can_roll=human and game.can_roll and not game.real_dice,
        # The whole of a human's turn, from before the first roll (R rolls): a walk with the
        # keyboard found the keys only once it had pressed one.
        keys_hint=t("turn.keys_hint", keys=t.format_range(1, DICE_COUNT)) if human else "",
        status=status,
        message=message,
        bonus_message=bonus_message,
        confirm_label=confirm_label(state, t),
        confirm_hinted=hinted_box(state) is not None,
        confirm_name=confirm_name(state, t) if human else "",
        can_confirm=human and box_to_confirm(state) is not None,
        countdown=countdown,
        # Held by the coach's line, it scores nothing "in 3 seconds" (a walk read that it would).
        countdown_text="" if holds_countdown(state) else countdown_text(state, countdown, t),
        countdown_help=countdown_help(state, t) if countdown else "",
        countdown_fraction=fraction,
        hint_label=t("pad.ask" if game.real_dice else "hint.button"),
        hide_hint_label=t("hint.hide"),
        can_hint=human
        and (entry_complete(state) if game.real_dice else game.dice is not None)
        and state.coach_status is CoachStatus.READY,
        hint=hint,
        hint_short=hint_short,
        coach_note=coach_note,
        speed_label=t("computer.speed_up"),
        speed_pressed=state.settings.computer_speed is Speed.FAST,
        play_on_label=t("computer.play_on", name=name) if waits_for_a_person(state) else "",
        skip_label=t("computer.skip"),
        skip_help=t("computer.skip_label"),
        leave_label=t("game.leave"),
        skip_to_sheet_label=t("a11y.skip_to_sheet"),
        skip_to_dice_label=t("a11y.skip_to_dice"),
        sheet=sheet_view(
            game,
            t,
            interactive=human and (not game.real_dice or entry_complete(state)),
            advice=advice,
            shown=spotlight(state, advice.box if isinstance(advice, ScoreAdvice) else None),
            celebrated=celebrated,
            counting_down=state.pacing.countdown_box if countdown else None,
            countdown_held=held,
            refused=refused_cell(game, state.pacing.refused_box, state.pacing.refused_seat),
        ),
        undo_label=undo_text,
        can_undo=can_undo_now,
        last_move=last_move_text(state, t),
        player=game.current_player,
        celebration=celebration_text(state, t),
        # The ruleset named: the page's header says Penta (the app) in a game of Yatzy too.
        rules_label=t("setup.show_rules", ruleset=t.ruleset_name(ruleset.id)),
        ruleset=ruleset.id,
        coach_warning=coach_warning(state, t) if human else None,
        coach_line=coach_line(state, t),
        coach_line_why=(why := coach_line_why(state, t)),
        coach_line_loss=human and bool(why),
        pad=pad_view(state, t, advice),
        countdown_held=held,
        countdown_paused=t("turn.countdown_paused_short") if held else "",
        countdown_gives_up=bool(countdown) and _countdown_gives_up(state),
    )
    summary = tray_summary(view)
    foldable = bool(summary) and _opens_more(view, summary)
    opened = state.ui.tray_open and foldable
    return view._replace(
        tray_summary=summary,
        summary_has_status=bool(view.status) and summary.startswith(view.status),
        summary_joined=JOINED in summary,
        tray_open=opened,
        tray_toggle_label=t("tray.less" if opened else "tray.more") if foldable else "",
    )


def _opens_more(view: GameView, summary: str) -> bool:
    """Whether the open tray says more than its folded line: else no More (nor Less), which a
    walk saw offered with nothing to fold."""
    shown_open = (
        view.celebration,
        view.status,
        view.message,
        view.bonus_message,
        view.countdown_text,
        view.countdown_help,
        view.hint,
        view.coach_line,
        view.coach_line_why,
    )
    return any(text and text not in summary for text in shown_open)


def countdown_help(state: AppState, t: Translator) -> str:
    """How to stop the countdown, or what holds it (game.app.countdown)."""
    if holds_countdown(state):  # first: it holds on once the hint, the tray or the sheet let go
        return t("turn.countdown_paused_coach")
    if state.pacing.hint_requested:
        return t("turn.countdown_paused_hint", seconds=state.pacing.countdown_seconds)
    if state.ui.sheet_held:
        return t("turn.countdown_paused_sheet")
    if state.ui.tray_open:
        return t("turn.countdown_paused_tray", seconds=state.pacing.countdown_seconds)
    if state.ui.guide_on:
        return t("turn.countdown_paused_guide")
    options = state.game.options if state.game is not None else None
    if options is not None and len(options.legal) == 1:
        # "Or pick another box" with none to pick: the last round's, or the joker's (a walk).
        return t("turn.countdown_help_only")
    return t("turn.countdown_help")


def celebration_text(state: AppState, t: Translator) -> str:
    """A first Penta (Yatzy), else a further one's bonus or the upper bonus just reached, until
    the next roll (a walk saw no word of a +100 once it was scored)."""
    game, celebrated = state.game, celebration(state)
    if game is None or celebrated is None:
        return ""
    scored, ruleset = celebrated.scored, game.ruleset
    name = game.players[scored.player].name
    match celebrated.feat:
        case Feat.FIVE_OF_A_KIND:
            return t(f"turn.celebrate.{ruleset.id}", name=name)
        case Feat.FIVE_OF_A_KIND_BONUS:
            five = t.box_name(ruleset.id, ruleset.five_of_a_kind_box)
            return t(
                "turn.celebrate.five_of_a_kind_bonus", name=name, box=five, points=scored.bonus
            )
        case Feat.UPPER_BONUS:
            points = game.sheets[scored.player].upper_bonus
            return t("turn.celebrate.upper_bonus", name=name, points=points)


def tray_summary(view: GameView) -> str:
    """The one line the folded tray shows of its messages: the most pressing one. What the
    last player scored is not among them: it keeps a line of its own, before the next roll.
    The hint, which the player asked for, comes before the turn's messages ("no open box
    scores yet" left the hint's move under "More") and the countdown: while it shows, the
    countdown waits on the hint's box. A box chosen comes before the hint: the tap on the
    sheet must be seen to have chosen it. A hint that says something else follows it on the
    line ("Selected: Chance · Keep 6 6"): a walk chose a box, then asked for the hint, and saw
    only its own choice."""
    hint = view.hint_short or view.hint
    if hint and view.countdown_paused:  # the countdown's own line, which says so, is behind it
        # First: a 320 px phone cut "Score Fives · countdown paused" before "paused", and
        # a countdown seemed to run (a walk; "Paused" alone did not say what waits, another).
        hint = f"{view.countdown_paused}{JOINED}{hint}"
    # "Selected: Full house"; not under the coach's warning about that box, which says it.
    chosen = view.status if _a_box_chosen(view) and view.coach_warning is None else ""
    if chosen and view.hint_short and not _hint_scores_the_chosen_box(view):
        chosen = f"{chosen}{JOINED}{view.hint_short}"
    # A further Penta: its +100 before the joker's rule, on the same line (the walk that rolled
    # it saw only the rule, the bonus behind "More").
    message = JOINED.join(text for text in (view.bonus_message, view.message) if text)
    # Points lost on the last keep come before the countdown after the last roll: behind it, a
    # walk's learner never saw what a last keep had cost (its bar and frame still show).
    lost = view.coach_line if view.coach_line_loss else ""
    if view.coach_line and view.countdown_text and not view.countdown_held:
        # Both: a box scored with only its bar and frame to show it, the line on the keep
        # (another walk's learner; the walk before never saw the keep's cost behind it, and a
        # third never saw "best move" on screen at all).
        lost = f"{view.countdown_text}{JOINED}{view.coach_line}"
    elif lost and view.countdown_held:  # held for the line to be read (coaching)
        lost = f"{view.countdown_paused}{JOINED}{lost}"
    # Why a box tapped was not chosen: said where the tap can see it (folded, a walk's tap on a
    # box the joker forbids gave a focus ring only).
    refused = view.status if any(c.refused for row in view.sheet.rows for c in row.cells) else ""
    # Held, its "in 3 seconds" would read as stuck: what holds it is the line. Running, how to
    # choose another box comes with it (folded, a walk saw only "Scoring Chance").
    countdown = (
        view.countdown_help
        if view.countdown_held
        else " ".join(text for text in (view.countdown_text, view.countdown_help) if text)
    )
    # Giving a box up with 0, it says which one before the turn's "no open box scores": a walk
    # saw only that, with the box to be zeroed behind "More".
    giving_up = countdown if message and view.countdown_gives_up and not view.countdown_held else ""
    for text in (
        view.celebration,
        refused,
        chosen,
        hint,
        giving_up,
        message,
        lost,
        countdown,
        view.coach_line,
    ):
        if text:
            return text
    return ""


def _last_throw_named(state: AppState, game: GameState) -> bool:
    """The dice entered are the turn's third throw, as the player said ("What should I keep?")."""
    return roll_entered(game) == ROLLS_PER_TURN or state.pacing.rolls_left_named == 0


def turn_title(game: GameState, t: Translator) -> str:
    """ "Dana's turn"; alone and unnamed, "Your turn": "Player 1's turn" spoke of the player
    playing alone as of somebody else (a walk)."""
    name = game.player.name
    if len(game.players) == 1 and is_default_name(name):
        return t("turn.your_turn")
    return t("turn.player_turn", name=name)


def _a_box_chosen(view: GameView) -> bool:
    return any(cell.state == "selected" for row in view.sheet.rows for cell in row.cells)


def _hint_scores_the_chosen_box(view: GameView) -> bool:
    return any(
        cell.hinted and cell.state == "selected" for row in view.sheet.rows for cell in row.cells
    )


def countdown_text(state: AppState, seconds: int, t: Translator) -> str:
    """ "Scoring Twos in 3 seconds…", or "Giving up Small straight (0) in 3 seconds…" ("" for
    no seconds): a family read "Scoring Small straight" and its 0 as points thrown away by
    mistake, with Chance giving 19."""
    game, box_id = state.game, state.pacing.countdown_box
    if not seconds:
        return ""
    if game is None or box_id is None:
        return t("turn.auto_score_countdown", seconds=seconds)
    box = t.box_name(game.ruleset.id, box_id)
    given_up = _countdown_gives_up(state)
    key = "turn.auto_score_countdown_zero" if given_up else "turn.auto_score_countdown_box"
    return t(key, box=box, seconds=seconds)


def _countdown_gives_up(state: AppState) -> bool:
    """Whether the box the countdown scores when it ends scores 0."""
    game, box_id = state.game, state.pacing.countdown_box
    options = None if game is None else game.options
    return options is not None and box_id is not None and options.points.get(box_id) == 0


def hint_texts(state: AppState, t: Translator) -> tuple[str, str]:
    """The hint on screen, and the move alone for the folded tray's one line (where "Best: keep
    the 4 (expected…" was cut before the dice); ("", "") when no hint shows."""
    game = state.game
    advice = state.pacing.hint
    if not state.pacing.hint_requested or game is None:
        return "", ""
    if state.coach_status is CoachStatus.LOADING:
        return t("hint.loading"), ""
    if state.coach_status is CoachStatus.UNAVAILABLE:
        return t("hint.unavailable"), ""
    if advice is None:  # only the table's failure to load may say it is unavailable
        return "", ""
    reason = state.pacing.hint_reason
    best, short = _best_move_texts(game, advice, t)
    if reason is None:
        return best, short
    # Why, after the move: the tray's folded line says the move alone (`short`).
    why = hint_reason_words(reason, t)
    if state.pacing.hint_tempting is not None:
        why = f"{why} {hint_tempting_words(state.pacing.hint_tempting, t)}"
    return f"{best}. {why}", short


def _best_move_texts(game: GameState, advice: Advice, t: Translator) -> tuple[str, str]:
    if isinstance(advice, ScoreAdvice):
        box = t.box_name(game.ruleset.id, advice.box)
        assert game.options is not None  # a box is advised for dice rolled
        points = game.options.points[advice.box]
        if points == 0:
            # "Score Yatzy" read as a Yatzy: the hint says the box is given up for nothing.
            return t("hint.best_zero", box=box), t("hint.short_zero", box=box)
        # With its points, as the next best box says them (a walk could not compare the two).
        best = t("hint.best_score", box=box, points=points)
        return best, t("hint.short_score", box=box)
    assert isinstance(advice, KeepAdvice) and game.dice is not None
    if not advice.kept:
        return t("hint.best_reroll_all"), t("hint.short_reroll_all")
    # Sorted, as the coach and the review name dice: the marks under the dice say which ones.
    dice = t.dice_to_keep(sorted(game.dice[position] for position in advice.kept))
    return t("hint.best_keep", dice=dice), t("hint.short_keep", dice=dice)
