"""Where a session starts: `start(boot, now)` (the state and the first effects), made of
`initial_state` (the browser's languages, the stored preferences, the page's `?seed=`) and
`resume` (a restored game), and the hand-over between tabs (`open_elsewhere`, `take_over`,
`taken_over`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

import game.app.coaching as coaching
import game.app.countdown as countdown
import game.app.guide as guide
import game.app.handover as handover
from game.app.announcements import Scored
from game.app.derived import next_tick, with_table_fetch
from game.app.effects import (
    CheckHistory,
    Effect,
    Focus,
    KeepAwake,
    ListUnreadable,
    LoadKept,
    LoadStats,
)
from game.app.entry import restored_entry
from game.app.intents import SessionRead
from game.app.model import (
    RESTORED_NOTICE,
    AppState,
    Dialog,
    Screen,
    Settings,
    Setup,
    auto_score_seconds,
    is_computer_turn,
)
from game.app.notices import notice, reported, with_notices
from game.app.preferences import preferences_from_data
from game.app.seats import named_in
from game.app.turns import reset_turn, schedule
from game.errors import GameError
from game.persistence.turn_record import TurnRecord
from game.play.move_log import turns_scored
from game.play.random_source import check_seed
from game.play.state import GameState


@dataclass(frozen=True)
class Boot:
    """What the shell knows when the page opens."""

    languages: object
    """`navigator.languages`."""
    seed: int | None
    """The page's `?seed=` (game.app.start.parse_seed)."""
    owner: bool
    """This tab has the game; else another tab has it, and this one only offers to take over."""
    session: SessionRead
    """What storage holds (for a tab without the game, a copy: its problems are not told)."""
    today: date | None = None
    """The local date (the daily challenge's day: game.app.daily)."""


def start(boot: Boot, now: float) -> tuple[AppState, tuple[Effect, ...]]:
    """The first state and what the shell does once it shows: the restored game goes on, its
    table is fetched, the screen kept awake, the history checked and the games kept read."""
    session = boot.session
    state = initial_state(boot.languages, seed=boot.seed, preferences=session.preferences)
    state = replace(state, setup=replace(state.setup, today=boot.today))
    if not boot.owner:
        state = open_elsewhere(state)
        return state, (next_tick(state, now),)
    state = resume(state, session.game, session.before_last_turn, now=now, turn=session.turn)
    state, told = _told(state, session)
    state, fetch = with_table_fetch(state)
    # A game restored: the screen kept on, and the earlier games for its end screen's words;
    # else the daily challenges played, for the New game screen (game.app.daily).
    playing = state.screen is Screen.GAME
    awake = (KeepAwake(True), LoadStats()) if playing else ()
    daily = () if playing else (LoadStats(),)
    history = (_check_history(state), LoadKept(), ListUnreadable(), *daily)
    # Restored at a hand-over, its button, the one thing to do: after a reload a keyboard walk
    # found "Continue Mari's turn" four Tabs away.
    handed = (Focus((("start-turn", None),)),) if handover.is_pending(state) else ()
    return state, (*told, *awake, *fetch, next_tick(state, now), *history, *handed)


def taken_over(
    state: AppState, session: SessionRead, now: float
) -> tuple[AppState, tuple[Effect, ...]]:
    """`state` playing here again from `session`, the newest save (see `take_over`), with what
    storage said about it, and the history checked as at start."""
    state = take_over(
        state,
        session.game,
        session.before_last_turn,
        session.preferences,
        now=now,
        turn=session.turn,
    )
    state, told = _told(state, session)
    return state, (*told, _check_history(state), LoadKept(), ListUnreadable())


def _check_history(state: AppState) -> CheckHistory:
    return CheckHistory(game_over=state.game is not None and state.game.is_over)


def _told(state: AppState, session: SessionRead) -> tuple[AppState, tuple[Effect, ...]]:
    """The notices of what reading storage found (ListUnreadable comes after the history
    check)."""
    state, told = reported(state, session.problems)
    if session.migrated:
        state = with_notices(state, notice("storage.migrated"))
    if session.stale is not None:
        state = with_notices(state, session.stale)
    return state, tuple(effect for effect in told if not isinstance(effect, ListUnreadable))


def initial_state(
    languages: object = None, seed: int | None = None, preferences: object = None
) -> AppState:
    """The state at start: the browser's language (`navigator.languages`), then any stored
    preferences (which win), and the `?seed=` of the page."""
    from game.i18n.locale import choose_language

    state = AppState(
        settings=Settings(language=choose_language(_as_list(languages))), setup=Setup(seed=seed)
    )
    if preferences is not None:
        state = preferences_from_data(state, preferences)
    return state


def parse_seed(text: object) -> int | None:
    """The page's `?seed=` value as a seed (digits, 0 to 2**53-1), or None when absent or bad."""
    if not isinstance(text, str) or not text.isascii() or not text.isdigit() or len(text) > 16:
        return None
    try:
        return check_seed(int(text))
    except GameError:
        return None


def scored_this_round(game: GameState) -> tuple[Scored, ...]:
    """The boxes scored in the last round, read back from the game's moves: the hand-over
    after a resume tells what the others did, as it does in play (a walk reopened the app
    after the computer's turn and never learnt what it scored). () for a game whose log does
    not say it plainly (its first turns not kept, or a box corrected or cleared)."""
    players = len(game.players)
    turns = turns_scored(game.log, players)
    if turns is None:
        return ()
    scored: list[Scored] = []
    for turn in turns:
        points = game.sheets[turn.seat].points_in(turn.box)
        points = 0 if points is None else points
        scored.append(Scored(turn.seat, turn.box, points, 0, False, turn.dice))
    return tuple(scored[-players:])


def resume(
    state: AppState,
    game: GameState | None,
    before_last_turn: GameState | None,
    *,
    now: float,
    turn: TurnRecord | None = None,
) -> AppState:
    """`state` continuing a restored game (from the device's storage): its screen, the
    computer's next step or the auto-score countdown scheduled again (with the box and the time
    left that `turn` kept, when they fit). None: nothing to resume."""
    if game is None:
        return state
    # Kept while the app spoke another language, perhaps: its unnamed players are renamed.
    language = state.settings.language
    game, before_last_turn = named_in(game, language), named_in(before_last_turn, language)
    recent = () if game.is_over else scored_this_round(game)
    new = reset_turn(
        replace(
            state,
            ui=replace(
                state.ui,
                screen=Screen.END if game.is_over else Screen.GAME,
                dialog=Dialog.NONE,
                # Between two turns, the box scored last is what was last announced.
                announcement=recent[-1] if recent and game.dice is None else None,
                recent_scores=recent,
                handed_over=None,  # of the game played before, if any: this one hands over
                resumed_turn=None if game.is_over else handover.turn_key(game),
            ),
            play=replace(state.play, game=game, before_last_turn=before_last_turn),
        )
    )
    if not game.is_over and RESTORED_NOTICE not in new.ui.notices:
        new = replace(new, ui=replace(new.ui, notices=(*new.ui.notices, RESTORED_NOTICE)))
    seconds = auto_score_seconds(new)
    if (
        not game.is_over
        and not is_computer_turn(new)
        and game.dice is not None
        and game.rolls_left == 0
        and game.selected_box is None
        and not game.real_dice  # the scorekeeper chooses the box of the dice at the table
        and seconds
    ):
        new = countdown.start(new, now, seconds, None)
    new = restored_entry(countdown.restore(new, turn, now), turn)
    new = guide.restored(new, turn is not None and turn.guide)
    return schedule(coaching.restored(new, turn), now)


def open_elsewhere(state: AppState) -> AppState:
    """`state` giving way to another tab, which has the game now: no timer runs, no dialog
    stays open, and only the offer to take over shows."""
    notices = tuple(notice for notice in state.ui.notices if notice != RESTORED_NOTICE)
    return reset_turn(
        replace(
            state,
            ui=replace(
                state.ui,
                screen=Screen.ELSEWHERE,
                dialog=Dialog.NONE,
                announcement=None,
                recent_scores=(),
                notices=notices,
            ),
        )
    )


def take_over(
    state: AppState,
    game: GameState | None,
    before_last_turn: GameState | None,
    preferences: object,
    *,
    now: float,
    turn: TurnRecord | None = None,
) -> AppState:
    """`state` playing here again, from the newest save (the other tab may have played on, or
    changed the settings): its game resumed (with its countdown), or the New game screen when
    there is none."""
    fresh = replace(
        state,
        ui=replace(state.ui, screen=Screen.SETUP),
        play=replace(state.play, game=None, before_last_turn=None),
        setup=replace(state.setup, restored=False),
    )
    if preferences is not None:
        fresh = preferences_from_data(fresh, preferences)
    return resume(fresh, game, before_last_turn, now=now, turn=turn)


def _as_list(languages: object) -> list[object] | None:
    if languages is None:
        return None
    if isinstance(languages, str):
        return [languages]
    if isinstance(languages, list | tuple):
        return list(languages)
    return None
