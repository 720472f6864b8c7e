"""Playing a game: starting it, rolling, keeping, scoring (by hand or when the countdown
ends), the computer players' steps, undo, and the timers (`schedule`, after every intent)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import game.app.coaching as coaching
import game.app.countdown as countdown
from game.app.announcements import Announcement, GameOver, Kept, Rolled, Scored, Undone
from game.app.celebration import CELEBRATION_SECONDS, celebration
from game.app.coach_intents import DismissWarning, PlayMineAnyway, ShowBestMove
from game.app.entry import game_as_entered
from game.app.intents import (
    ConfirmTurn,
    HideHint,
    Intent,
    LetComputerPlay,
    Roll,
    SelectBox,
    ShowHint,
    SkipComputers,
    SpeedUp,
    Tick,
    ToggleKeep,
)
from game.app.model import (
    ROLL_GUARD_SECONDS,
    STEP_SECONDS,
    UNDO_WINDOW_SECONDS,
    AppState,
    CoachStatus,
    Dialog,
    Pacing,
    Screen,
    Speed,
    auto_score_seconds,
    is_computer_turn,
)
from game.app.seats import players_for
from game.app.take_back import despite_setting, undo_available, waits_for_a_person
from game.coach.protocol import Coach, CoachMode, KeepAdvice, ScoreAdvice
from game.errors import BoxFilledError, JokerForbiddenBoxError
from game.play.engine import keep_exactly, new_game, roll, score, select_box, toggle_keep
from game.play.move_log import Kept as KeptMove
from game.play.move_log import Scored as ScoredMove
from game.play.random_source import DiceSource, EntropyDice, RealDice, SeededDice
from game.play.state import DEFAULT_LEVEL, GameState
from game.play.undo import confirmed_box, take_back_point, undo
from game.rules.dice import DICE_COUNT, ROLLS_PER_TURN
from game.rules.rulesets import RULESETS


@dataclass
class Context:
    now: float
    coach: Coach
    rng: random.Random


def dice_source_for(state: AppState, real: bool) -> DiceSource:
    if real:
        return RealDice()
    return EntropyDice() if state.setup.seed is None else SeededDice(state.setup.seed)


def start_game(state: AppState, c: Context) -> AppState:
    if state.screen is Screen.END and state.game is not None:
        players = state.game.players
        ruleset = state.game.ruleset
        real = state.game.real_dice
    else:
        players = players_for(state.setup, state.settings.language)
        ruleset = RULESETS[state.setup.ruleset_id]
        real = state.setup.real_dice
    modes = state.coaching.modes if state.screen is Screen.END else coaching.modes_for(state.setup)
    return playing(state, new_game(ruleset, players, dice_source_for(state, real)), modes)


def playing(state: AppState, game: GameState, modes: tuple[CoachMode, ...]) -> AppState:
    """`state` on the game screen with `game` just started, each player coached as `modes` says."""
    new = replace(
        state,
        ui=replace(
            state.ui,
            screen=Screen.GAME,
            dialog=Dialog.NONE,
            announcement=None,
            recent_scores=(),
            handed_over=None,  # the turn handed over was the last game's
        ),
        play=replace(state.play, game=game, before_last_turn=None),
    )
    return reset_turn(coaching.started(new, modes))


def undo_turn(state: AppState) -> AppState:
    game, before = state.game, state.play.before_last_turn
    if game is None or before is None or not undo_available(state):
        return state
    box = confirmed_box(before, game)
    assert box is not None  # can_undo checked it
    restored = undo(game, before, state.settings.undo, despite_setting=despite_setting(state))
    new = reset_turn(
        replace(
            state,
            ui=replace(state.ui, screen=Screen.GAME, dialog=Dialog.NONE),
            play=replace(state.play, game=restored, before_last_turn=None, last_auto_scored=None),
        )
    )
    return _announce(coaching.started(new, state.coaching.modes), Undone(box))


def reset_turn(state: AppState) -> AppState:
    """`state` at the start of a turn: no timer, plan or hint of the last one (the countdown's
    length goes too, as it is read only while a countdown is pending), no face on the pad, and
    the tray folded (opened for one turn's messages, it kept 60 % of the screen over the next
    turns' dice and buttons: a walk)."""
    return replace(state, pacing=Pacing(), ui=replace(state.ui, entry=(), tray_open=False))


def apply_game(state: AppState, intent: Intent, c: Context) -> AppState:
    game = state.game
    assert game is not None
    if isinstance(intent, Tick):
        return _tick(state, c)
    if isinstance(intent, SpeedUp):
        speed = Speed.NORMAL if state.settings.computer_speed is Speed.FAST else Speed.FAST
        new = replace(state, settings=replace(state.settings, computer_speed=speed))
        # The next step at the new pace, from now: this also ends the wait for a take-back.
        due = c.now + STEP_SECONDS[speed] if is_computer_turn(new) else None
        return replace(new, pacing=replace(new.pacing, computer_due=due))
    if isinstance(intent, SkipComputers):
        return _skip_computers(state, c)
    if isinstance(intent, LetComputerPlay):
        if not waits_for_a_person(state):
            return state
        due = c.now + STEP_SECONDS[state.settings.computer_speed]
        return replace(state, pacing=replace(state.pacing, computer_due=due))
    if is_computer_turn(state):
        return state  # the human players wait
    player = game.current_player
    if state.pacing.refused_box is not None and not isinstance(intent, SelectBox):
        state = replace(state, pacing=replace(state.pacing, refused_box=None, refused_seat=None))
    match intent:
        case ToggleKeep(die):
            # The hint stays: it is about the dice rolled, and a player following it die by
            # die must still see which to keep (each die's mark says what is left to change).
            new_game_state = toggle_keep(game, player, die)
            return coaching.changed(replace(state, play=replace(state.play, game=new_game_state)))
        case Roll():
            last = state.pacing.last_roll_at
            if last is not None and 0 <= c.now - last < ROLL_GUARD_SECONDS:
                return state  # the second tap of a double tap
            return _roll_judged(state, c)
        case SelectBox(box, seat):
            if game_as_entered(state) is not game:
                return state  # the roll asked about is being changed on the pad: not scored
            if seat is not None and seat != player:
                if seat not in range(len(game.players)) or box not in game.ruleset.box_ids:
                    return state
                return replace(
                    state, pacing=replace(state.pacing, refused_box=box, refused_seat=seat)
                )
            try:
                selected = select_box(game, player, box)
            except (BoxFilledError, JokerForbiddenBoxError):
                if (state.pacing.refused_box, state.pacing.refused_seat) == (box, None):
                    return state
                return replace(
                    state, pacing=replace(state.pacing, refused_box=box, refused_seat=None)
                )
            pacing = replace(state.pacing, refused_box=None, refused_seat=None)
            # The hint stays: it is about the dice, which choosing a box does not change.
            return coaching.changed(
                countdown.stop(
                    replace(state, pacing=pacing, play=replace(state.play, game=selected))
                )
            )
        case ConfirmTurn():
            return _confirm_judged(state, c)
        case ShowBestMove():
            return coaching.show_best(state)
        case DismissWarning():
            return coaching.changed(state)
        case PlayMineAnyway():
            waiting = state.coaching.waiting
            if waiting is None:
                return state
            made = isinstance(waiting.move, KeptMove)
            seen = replace(state, coaching=replace(state.coaching, waiting=None, seen=waiting.move))
            return _roll_judged(seen, c) if made else _confirm_judged(seen, c)
        case ShowHint():
            if game.dice is None or state.coach_status is not CoachStatus.READY:
                return state  # as the Hint button: once rolled, with the strategy table
            hint = c.coach.best_action(game)
            reason = coaching.hint_reason(game, c.coach)
            pacing = replace(
                state.pacing,
                hint=hint,
                hint_reason=reason,
                hint_tempting=coaching.hint_tempting(game, c.coach, reason),
                hint_requested=True,
                hint_seen=hint,
            )
            new = replace(state, pacing=pacing)
            if isinstance(hint, ScoreAdvice) and countdown.is_pending(new):
                # The countdown (held while the hint shows) scores the box the hint shows.
                new = replace(new, pacing=replace(new.pacing, countdown_box=hint.box))
            return new
        case HideHint():
            pacing = coaching.hint_hidden(state.pacing)
            return replace(state, pacing=pacing)
    return state


def _roll_judged(state: AppState, c: Context) -> AppState:
    """Roll, unless the coach holds back the keep (a first roll is no decision)."""
    game = state.game
    assert game is not None
    verdict = None
    if game.dice is not None and game.can_roll:
        verdict = coaching.judged(state, KeptMove(tuple(game.kept)), c.coach)
        if coaching.holds(state, verdict):
            assert verdict is not None
            return coaching.waiting(state, verdict)
    rolled = _roll(state, c)
    return coaching.moved(
        replace(rolled, pacing=replace(rolled.pacing, last_roll_at=c.now)),
        game.current_player,
        verdict,
    )


def box_to_confirm(state: AppState) -> str | None:
    """The box Confirm turn scores: the one chosen, else the one the hint shows. A walk tapped
    Confirm under the hint's framed box ("Score Twos") and nothing happened."""
    game = state.game
    if game is None or game.dice is None:
        return None
    hint = state.pacing.hint
    if game.selected_box is None and state.pacing.hint_requested and isinstance(hint, ScoreAdvice):
        return hint.box
    return game.selected_box


def _confirm_judged(state: AppState, c: Context) -> AppState:
    """Score the box to confirm, unless the coach holds it back."""
    game = state.game
    assert game is not None
    box = box_to_confirm(state)
    if box is None:
        return state
    if coaching.forced(state):
        return _score(state, box, automatic=False)
    verdict = coaching.judged(state, ScoredMove(box), c.coach)
    if coaching.holds(state, verdict):
        assert verdict is not None
        return coaching.waiting(state, verdict)
    scored = _score(state, box, automatic=False)
    return coaching.moved(scored, game.current_player, verdict)


def _announce(state: AppState, announcement: Announcement) -> AppState:
    return replace(
        state,
        ui=replace(
            state.ui,
            announcement=announcement,
            announcement_count=state.ui.announcement_count + 1,
            recent_scores=_recent_scores(state, announcement),
        ),
    )


def _recent_scores(state: AppState, announcement: Announcement) -> tuple[Scored, ...]:
    recent = state.ui.recent_scores
    if isinstance(announcement, Undone):
        return recent[:-1]
    if not isinstance(announcement, Scored) or state.game is None:
        return recent
    # A round's worth: the turns after the next player's own are among them, even once the last
    # is taken back.
    return (*recent, announcement)[-len(state.game.players) :]


def _roll(state: AppState, c: Context) -> AppState:
    game = state.game
    assert game is not None
    advised = coaching.follows_hint(state, KeptMove(game.kept))
    rolled = roll(game, game.current_player, advised=advised)
    assert rolled.dice is not None
    new = replace(
        state,
        play=replace(state.play, game=rolled, before_last_turn=None, last_auto_scored=None),
        pacing=coaching.hint_gone(state.pacing),
        # Folded again: the tray opened ("More") to read a hint stayed open through the turn's
        # later rolls and hid the whole sheet of a 360 x 640 phone (a walk).
        ui=replace(state.ui, tray_open=False),
    )
    seconds = auto_score_seconds(new)
    if rolled.rolls_left == 0 and not is_computer_turn(new) and seconds:
        new = countdown.start(new, c.now, seconds, c.coach.best_box(rolled))
    return _announce(new, Rolled(rolled.current_player, rolled.dice, game.kept))


def _score(state: AppState, box: str, *, automatic: bool) -> AppState:
    game = state.game
    assert game is not None and game.options is not None
    player = game.current_player
    points = game.options.points[box]
    bonus = game.options.five_of_a_kind_bonus
    # The countdown's box is the app's choice too, as is the hint's.
    advised = automatic or coaching.follows_hint(state, ScoredMove(box))
    after = score(game, player, box, advised=advised)
    new = reset_turn(
        replace(
            state,
            play=replace(
                state.play,
                game=after,
                before_last_turn=take_back_point(game, after),
                last_auto_scored=box if automatic else None,
            ),
        )
    )
    scored = Scored(player, box, points, bonus, automatic, game.dice or ())
    new = _announce(new, scored)
    if after.is_over:
        new = _announce(replace(new, ui=replace(new.ui, screen=Screen.END)), GameOver(scored))
    return new


def _tick(state: AppState, c: Context) -> AppState:
    game = state.game
    assert game is not None
    if state.pacing.countdown_deadline is not None and c.now >= state.pacing.countdown_deadline:
        if game.selected_box is not None or game.options is None:
            return replace(state, pacing=replace(state.pacing, countdown_deadline=None))
        box = state.pacing.countdown_box or c.coach.best_box(game)
        return coaching.moved(_score(state, box, automatic=True), game.current_player, None)
    if (
        state.pacing.computer_due is not None
        and c.now >= state.pacing.computer_due
        and is_computer_turn(state)
    ):
        if state.coach_status is CoachStatus.LOADING:
            # The strategy table is on its way: the computer waits for it (a moment) rather
            # than playing its level's moves without it.
            delay = STEP_SECONDS[state.settings.computer_speed]
            return replace(state, pacing=replace(state.pacing, computer_due=c.now + delay))
        stepped = _computer_step(state, c)
        return replace(stepped, pacing=replace(stepped.pacing, computer_due=None))
    return state


def _computer_step(state: AppState, c: Context) -> AppState:
    """One visible step of a computer player: roll, set dice aside, select a box, or score."""
    game = state.game
    assert game is not None
    player = game.current_player
    if game.dice is None:
        return _roll(state, c)
    plan = state.pacing.computer_plan
    if plan is None:
        level = game.player.level or DEFAULT_LEVEL
        plan = c.coach.computer_action(game, level, c.rng)
        if isinstance(plan, KeepAdvice) and (game.rolls_left == 0 or len(plan.kept) == DICE_COUNT):
            plan = ScoreAdvice(c.coach.best_box(game))
    if isinstance(plan, ScoreAdvice):
        if game.selected_box != plan.box:
            return replace(
                state,
                play=replace(state.play, game=select_box(game, player, plan.box)),
                pacing=replace(state.pacing, computer_plan=plan),
            )
        return _score(state, plan.box, automatic=False)
    if tuple(game.kept) != tuple(sorted(plan.kept)):
        kept_game = keep_exactly(game, player, plan.kept)
        kept_dice = tuple(game.dice[position] for position in kept_game.kept)
        new = replace(
            state,
            play=replace(state.play, game=kept_game),
            pacing=replace(state.pacing, computer_plan=plan),
        )
        return _announce(new, Kept(player, kept_dice))
    rolled = _roll(state, c)
    return replace(rolled, pacing=replace(rolled.pacing, computer_plan=None))


def _skip_computers(state: AppState, c: Context) -> AppState:
    """Every computer turn up to the next human's, or to the end of a game of computers only."""
    game = state.game
    assert game is not None
    # A turn takes at most a roll and a keep per roll, then a select and a score. The bound
    # (every open box of every player) only guards against a bug: it never cuts a game short.
    per_turn = 2 * ROLLS_PER_TURN + 2
    steps = per_turn * sum(len(sheet.open_boxes) for sheet in game.sheets)
    while is_computer_turn(state) and steps > 0:
        state = _computer_step(state, c)
        steps -= 1
    return replace(state, pacing=replace(state.pacing, computer_due=None))


def schedule(state: AppState, now: float) -> AppState:
    state = countdown.settle(state, now, dialog_open=state.ui.dialog is not Dialog.NONE)
    if state.ui.dialog is not Dialog.NONE:
        # Nothing happens behind a dialog: the computer player waits (rescheduled after it).
        return (
            state
            if state.pacing.computer_due is None
            else replace(state, pacing=replace(state.pacing, computer_due=None))
        )
    if is_computer_turn(state):
        if waits_for_a_person(state):
            return state
        if state.pacing.computer_due is None:
            delay = STEP_SECONDS[state.settings.computer_speed]
            if undo_available(state):  # the human before it may take their box back
                delay = max(delay, UNDO_WINDOW_SECONDS)
            if celebration(state) is not None:  # read before the computer's roll hides it
                delay = max(delay, CELEBRATION_SECONDS)
            return replace(
                state,
                pacing=replace(state.pacing, computer_due=now + delay, countdown_deadline=None),
            )
        return state
    if state.pacing.computer_due is not None:
        return replace(state, pacing=replace(state.pacing, computer_due=None))
    return state
