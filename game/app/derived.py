"""The effects that follow from a change of state, whatever the intent: a save when what is
kept changed, the strategy table of a new game's ruleset, the roll's animation, the screen
kept awake during a game, the focus after a player moved, the next Tick. Pure: before and
after are compared, as the shell compared them when it decided these itself."""

from __future__ import annotations

from dataclasses import replace

import game.app.coaching as coaching
import game.app.guide as guide
from game.app.announcements import Rolled
from game.app.coach_intents import DismissWarning
from game.app.comfort import roll_feel
from game.app.countdown import turn_record
from game.app.effects import (
    AnimateRoll,
    Effect,
    FetchTable,
    Focus,
    KeepAwake,
    LoadStats,
    SavePreferences,
    SaveSession,
    ScheduleTick,
)
from game.app.intents import ConfirmTurn, Intent, SkipGuide, Undo
from game.app.model import AppState, Screen, next_deadline
from game.app.preferences import preferences_to_data
from game.app.review_flow import needed_table
from game.app.setup_intents import AddPlayer, ConfirmRemovePlayer, MovePlayer, RemovePlayer
from game.play.state import PlayerKind
from game.rules.dice import DICE_COUNT
from game.rules.rulesets import RULESETS

COUNTDOWN_REFRESH_SECONDS = 0.2
"""How often the countdown on screen is redrawn while it runs."""


def effects_of_change(
    before: AppState, after: AppState, intent: Intent, now: float
) -> tuple[Effect, ...]:
    """What `after` asks of the shell that `before` did not (no table and no Tick: see
    `with_table_fetch` and `next_tick`)."""
    effects: list[Effect] = []
    if after.ui.announcement_count != before.ui.announcement_count:
        effects.extend(_roll_animation(before, after))
        effects.extend(roll_feel(before, after))
    if Screen.ELSEWHERE not in (before.screen, after.screen):  # only the tab that plays saves
        preferences = preferences_to_data(after)
        if preferences != preferences_to_data(before):
            effects.append(SavePreferences(preferences))
        if not _same(_kept(before), _kept(after)):
            effects.append(session_save(after, now))
    if (before.screen is Screen.GAME) is not (after.screen is Screen.GAME):
        effects.append(KeepAwake(after.screen is Screen.GAME))
        if after.screen is Screen.GAME:
            # The players' statistics before this game, for the end screen's words (a new
            # best, against the average): the game joins the history only when it ends.
            effects.append(LoadStats())
    if after.screen is Screen.SETUP and before.screen is not Screen.SETUP:
        # The daily challenges played, a game just finished among them (game.app.daily).
        effects.append(LoadStats())
    if before.coaching.waiting is None and after.coaching.waiting is not None:
        # The coach's warning stands in for the tray's buttons: a keyboard player's focus,
        # left on the die or box that asked for the move, was 6 Tabs from its choices (a walk).
        effects.append(Focus((("show-best", None), ("play-anyway", None))))
    return (*effects, *_focus_after(intent, before, after))


def session_save(state: AppState, now: float) -> SaveSession:
    record = replace(
        turn_record(state, now),
        coach=coaching.kept_modes(state),
        entry=state.ui.entry,
        guide=guide.under_way(state),
    )
    return SaveSession(state.game, state.play.before_last_turn, record)


def with_trend_tables(state: AppState) -> tuple[AppState, tuple[Effect, ...]]:
    """On the history screen, the strategy tables of the rulesets in the statistics asked for
    (once each): the points-lost trend reviews the games with them (game.coach.trend)."""
    if state.screen is not Screen.HISTORY:
        return state, ()
    wanted = sorted({stats.ruleset_id for stats in state.ui.stats} & set(RULESETS))
    missing = [ruleset_id for ruleset_id in wanted if not state.tables.known(ruleset_id)]
    if not missing:
        return state, ()
    tables = replace(state.tables, loading=state.tables.loading | set(missing))
    return replace(state, tables=tables), tuple(FetchTable(ruleset_id) for ruleset_id in missing)


def with_table_fetch(state: AppState) -> tuple[AppState, tuple[Effect, ...]]:
    """The strategy table of the game's ruleset, and of the game reviewed on screen, asked for,
    once (marked loading until it comes or fails)."""
    game = state.game
    wanted = {game.ruleset.id} if game is not None else set()
    reviewed = needed_table(state)
    if reviewed is not None:
        wanted.add(reviewed)
    fetches = tuple(
        FetchTable(ruleset_id)
        for ruleset_id in sorted(wanted)
        if not state.tables.known(ruleset_id)
    )
    if not fetches:
        return state, ()
    loading = state.tables.loading | {fetch.ruleset_id for fetch in fetches}
    return replace(state, tables=replace(state.tables, loading=loading)), fetches


def next_tick(state: AppState, now: float) -> ScheduleTick:
    """The next Tick: the next deadline, and while the countdown runs, soon enough to redraw
    it."""
    due = next_deadline(state)
    if due is not None and state.pacing.countdown_deadline is not None:
        due = min(due, now + COUNTDOWN_REFRESH_SECONDS)
    return ScheduleTick(due)


def _kept(state: AppState) -> tuple[object, ...]:
    """What the session keeps, to tell when it changed (the countdown's moments, not the time
    it has left, which changes all the time and is saved when the page is hidden)."""
    return (
        state.game,
        state.play.before_last_turn,
        state.pacing.countdown_box,
        state.pacing.countdown_deadline,
        state.pacing.countdown_paused,
        state.play.last_auto_scored,
        state.coaching.modes,
        state.ui.entry,
        guide.under_way(state),
    )


def _same(first: tuple[object, ...], second: tuple[object, ...]) -> bool:
    # Identity first: comparing two games field by field is the slow case, and rarely needed.
    return all(a is b or a == b for a, b in zip(first, second, strict=True))


def _roll_animation(before: AppState, after: AppState) -> tuple[Effect, ...]:
    game, previous = after.game, before.game
    if game is None or not isinstance(after.ui.announcement, Rolled):
        return ()
    kept = set(game.kept) if previous is not None and previous.dice is not None else set()
    return (AnimateRoll(tuple(die for die in range(DICE_COUNT) if die not in kept)),)


def _box_taken_back(before: AppState, after: AppState) -> bool:
    old, new = before.game, after.game
    return old is not None and new is not None and new is not old and new.selected_box is not None


def _focus_after(intent: Intent, before: AppState, after: AppState) -> tuple[Effect, ...]:
    """Where the focus goes when its button goes. A player moved: their same button, at the
    top or bottom their other one; a player removed (at once, or once confirmed): the next
    one's Remove button (now at the same place), else Add player; the guide ended or declined:
    Roll, else Confirm turn; a box taken back: Confirm turn; the coach's warning set aside: the
    move it held back. And a person added: their name field, to be typed (a walk tapped "Add
    player" and had to find the new field), and a computer added: its level."""
    added = len(after.setup.seats) > len(before.setup.seats)
    removed = len(after.setup.seats) < len(before.setup.seats)
    match intent:
        case AddPlayer(PlayerKind.HUMAN) if added:
            return (Focus((("name", len(after.setup.seats) - 1),)),)
        case AddPlayer(PlayerKind.COMPUTER) if added:
            # Its level, the computer's one choice (the focus left on Add computer was pushed
            # under the Start bar by the new card: a walk).
            return (Focus((("level", len(after.setup.seats) - 1),)),)
        case DismissWarning() if before.coaching.waiting is not None:
            # Back to the move that waited: with its box still chosen, Confirm turn (Enter on
            # Roll, where the focus fell, spent the last roll in a walk), else Roll.
            chose = after.game is not None and after.game.selected_box is not None
            targets = (("confirm", None), ("roll", None))
            return (Focus(targets if chose else targets[::-1]),)
        case SkipGuide():
            return (Focus((("roll", None), ("confirm", None))),)
        case Undo() if _box_taken_back(before, after):
            # It stays chosen, its Undo gone: Confirm turn scores it again (Enter on Roll, where
            # the focus fell, rolled and dropped the choice: a keyboard walk).
            return (Focus((("confirm", None), ("roll", None))),)
        case ConfirmTurn() if _real_dice_box_scored(before, after):
            # The box scored turns into its Correct button, which kept the focus (a keyboard
            # walk stayed on it): on to the pad, for the next dice.
            return (Focus((("pad-face", None),)),)
        case MovePlayer(_, delta) if after.setup.moved is not None:
            # On with the player moved: where it went.
            action, other = ("up", "down") if delta < 0 else ("down", "up")
            went = after.setup.moved[2]
            return (Focus(((action, went), (other, went))),)
        case RemovePlayer(index) if removed:
            return (Focus((("remove", index), ("add-human", None))),)
        case ConfirmRemovePlayer() if removed:
            return (Focus((("remove", before.ui.removing), ("add-human", None))),)
    return ()


def _real_dice_box_scored(before: AppState, after: AppState) -> bool:
    game, was = after.game, before.game
    return (
        game is not None
        and was is not None
        and game.real_dice
        and not game.is_over
        and game.game_turn > was.game_turn
    )
