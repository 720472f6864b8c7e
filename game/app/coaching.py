"""The coach while playing: each human player's mode (off, warn, always), the costly move that
waits for the player, and the line after each move. Pure functions of an AppState, used by
game.app.turns (the keep of Roll, the box of ConfirmTurn) and game.app.update.

    modes_for(setup) -> modes          each seat's coach when a game starts (computers: off)
    judged(state, move, coach)         the verdict on the current player's move, when their
                                       coach is on and the table is ready (else None: no
                                       warning rather than a wrong one, and play goes on)
    holds(state, verdict)              whether the move waits ("warn", a loss at least the
                                       threshold, and not the move whose best they looked at)
    waiting(state, verdict)            the state with that move waiting
    moved(state, player, verdict)      after `player`'s move: the waiting and seen moves gone,
                                       their line of "always" set (or cleared), the others' kept
    show_best(state)                   [Show it]: the best move shows as the hint shows it and
                                       is set up (its dice kept, or its box chosen), and the
                                       move warned about goes ahead if the player makes it again
    changed(state)                     the dice kept or the box chosen changed: nothing waits
    set_mode(state, player, mode)      a player's coach changed mid-game (the settings), and
                                       the seat's for the next New game
    follows_hint(state, move)          the move is the one the hint shows (the log marks it
                                       advised: the review counts it as no decision of theirs)
    hint_reason(game, coach)           the next best move judged against the best: the hint's
                                       reason, whatever the player's coach mode
    hint_tempting(game, coach, reason) the box worth 25 or more now, judged, where the hint
                                       makes another move
    hint_hidden(pacing) / hint_gone(pacing)   no hint on screen; nor one seen for these dice
    holds_countdown(state)             "always" has just said that the last keep lost points:
                                       the countdown waits for the player (game.app.countdown)
    kept_modes(state) / restored(state, record)   the modes saved with the game, and back

The countdown's automatic box is never judged: it never waits for the coach.
"""

from __future__ import annotations

from dataclasses import replace

from game.app.model import AppState, Coaching, CoachStatus, CoachVerdict, Pacing, Setup
from game.app.seats import players_for
from game.coach.greedy import greedy_move
from game.coach.protocol import Advice, Coach, CoachMode, KeepAdvice, ScoreAdvice
from game.persistence.turn_record import TurnRecord
from game.play.engine import keep_exactly, select_box
from game.play.move_log import Kept as KeptMove
from game.play.move_log import Scored as ScoredMove
from game.play.state import GameState, PlayerKind
from game.present.tenths import shown_difference


def modes_for(setup: Setup) -> tuple[CoachMode, ...]:
    return tuple(
        CoachMode.OFF if seat.kind is PlayerKind.COMPUTER else seat.coach
        for seat in setup.seats_at_play
    )


def mode_of(state: AppState, player: int) -> CoachMode:
    modes = state.coaching.modes
    return modes[player] if 0 <= player < len(modes) else CoachMode.OFF


def judged(state: AppState, move: KeptMove | ScoredMove, coach: Coach) -> CoachVerdict | None:
    game = _as_judged(state)
    if game is None or game.dice is None or state.coach_status is not CoachStatus.READY:
        return None
    player = game.current_player
    if game.player.kind is PlayerKind.COMPUTER or mode_of(state, player) is CoachMode.OFF:
        return None
    judgement = coach.judge(game, move)
    return None if judgement is None else CoachVerdict(player, move, judgement, game)


def forced(state: AppState) -> bool:
    """Whether the turn allows one move: no roll left and one box to score. Nothing to judge:
    "best move" on the game's last open box read as praise for no choice (a walk); the word
    on the keep before it stays."""
    game = _as_judged(state)
    return (
        game is not None
        and not game.rolls_left
        and game.options is not None
        and len(game.options.legal) == 1
    )


def _as_judged(state: AppState) -> GameState | None:
    """The game as the coach judges it: with real dice, with the rolls left the player named."""
    game, named = state.game, state.pacing.rolls_left_named
    if game is not None and game.real_dice and named is not None:
        return replace(game, rolls_left=named)
    return game


def holds(state: AppState, verdict: CoachVerdict | None) -> bool:
    return (
        verdict is not None
        and mode_of(state, verdict.player) is CoachMode.WARN
        # As the warning and the review show the loss, to a tenth: "lost 2.0" passed unwarned
        # under a threshold of 2.0 (a walk).
        and shown_difference(verdict.judgement.best, verdict.judgement.chosen)
        >= state.settings.coach_threshold
        and verdict.move != state.coaching.seen
    )


def waiting(state: AppState, verdict: CoachVerdict) -> AppState:
    lines = _without_line_of(state, verdict.player)
    return replace(state, coaching=replace(state.coaching, waiting=verdict, lines=lines))


def moved(state: AppState, player: int, verdict: CoachVerdict | None) -> AppState:
    """Another player's line stays: a walk's player on "always" never heard of a box whose
    turn was followed by another person's (their moves had replaced it)."""
    lines = _without_line_of(state, player)
    if verdict is not None and mode_of(state, verdict.player) is CoachMode.ALWAYS:
        lines = (*lines, verdict)
    coaching = Coaching(state.coaching.modes, lines=lines)
    return state if coaching == state.coaching else replace(state, coaching=coaching)


def _without_line_of(state: AppState, player: int) -> tuple[CoachVerdict, ...]:
    return tuple(line for line in state.coaching.lines if line.player != player)


def show_best(state: AppState) -> AppState:
    verdict = state.coaching.waiting
    if verdict is None:
        return state
    game = state.game
    if game is not None:
        game = set_up(game, verdict.judgement.best_move)
    return replace(
        state,
        play=replace(state.play, game=game),
        coaching=replace(state.coaching, waiting=None, seen=verdict.move),
        pacing=replace(
            state.pacing,
            hint=verdict.judgement.best_move,
            hint_reason=None,
            hint_requested=True,
            hint_seen=verdict.judgement.best_move,
        ),
    )


def set_up(game: GameState, best: Advice) -> GameState:
    """`game` with the best move ready for the player's next tap, Roll or Confirm: they asked
    to be shown it, and the box or dice they had chosen would make the warned move at once."""
    player = game.current_player
    if isinstance(best, ScoreAdvice):
        return select_box(game, player, best.box)
    game = select_box(game, player, None)
    if game.real_dice:  # the dice are thrown at the table: the pad marks those to keep
        return game
    return keep_exactly(game, player, best.kept)


def hint_reason(game: GameState, coach: Coach) -> CoachVerdict | None:
    """Why the hint's move is the best: the next best move, judged against it (None without
    the tables, or where the position allows one move). A walk's learner was told the best
    move and its expected score, never why."""
    move = coach.next_best(game)
    judgement = None if move is None else coach.judge(game, move)
    if move is None or judgement is None:
        return None
    return CoachVerdict(game.current_player, move, judgement, game)


def hint_tempting(
    game: GameState, coach: Coach, reason: CoachVerdict | None
) -> CoachVerdict | None:
    """The box the greedy rule would score at once (25 points or more, the most the dice pay
    now) where the hint's move is another, judged against it; None where the hint names it
    already as the next best. A walk's learner, told to keep 1, 1, 1 with a Full house
    rolled, asked why not take the 25."""
    if game.dice is None or game.options is None or not game.rolls_left:
        return None
    tempting = greedy_move(game.ruleset.box_ids, game.options, game.dice, game.rolls_left)
    move = ScoredMove(tempting.box) if isinstance(tempting, ScoreAdvice) else None
    if move is None or (reason is not None and reason.move == move):
        return None
    judgement = coach.judge(game, move)
    if judgement is None or judgement.optimal:
        return None
    return CoachVerdict(game.current_player, move, judgement, game)


def hint_hidden(pacing: Pacing) -> Pacing:
    """No hint on screen: the one seen for these dice stays known (follows_hint)."""
    return replace(pacing, hint=None, hint_reason=None, hint_tempting=None, hint_requested=False)


def hint_gone(pacing: Pacing) -> Pacing:
    """No hint, not even one seen: the dice it was for are gone."""
    return replace(hint_hidden(pacing), hint_seen=None)


def holds_countdown(state: AppState) -> bool:
    """Whether the current player's coach on "always" has just said that the keep before their
    last roll lost points: then the countdown waits until they choose a box. Running, it scored
    the box before a learner had read the line, and the line went with the turn (a walk)."""
    game = state.game
    if game is None or game.dice is None or game.rolls_left:
        return False
    player = game.current_player
    if mode_of(state, player) is not CoachMode.ALWAYS:
        return False
    line = next((line for line in state.coaching.lines if line.player == player), None)
    return (
        line is not None
        and line.game.game_turn == game.game_turn
        and isinstance(line.move, KeptMove)
        and not line.judgement.optimal
    )


def follows_hint(state: AppState, move: KeptMove | ScoredMove) -> bool:
    """Whether the hint was shown for these dice (hidden since, or not) and `move` of the
    current player is its move: its box, or the same faces kept (whichever dice hold them)."""
    game = state.game
    hint = state.pacing.hint if state.pacing.hint_requested else state.pacing.hint_seen
    if game is None or game.dice is None or hint is None:
        return False
    if isinstance(move, ScoredMove):
        return isinstance(hint, ScoreAdvice) and hint.box == move.box
    dice = game.dice
    return isinstance(hint, KeepAdvice) and sorted(dice[die] for die in hint.kept) == sorted(
        dice[die] for die in move.positions
    )


def changed(state: AppState) -> AppState:
    if state.coaching.waiting is None:
        return state
    return replace(state, coaching=replace(state.coaching, waiting=None))


def set_mode(state: AppState, player: object, mode: object) -> AppState:
    """The game's human `player` coached on `mode` from now on; their warning that waits goes
    unless the mode is still "warn", their line unless it is still "always". No game, no such
    player, a computer or no such mode: nothing changes."""
    game = state.game
    if (
        game is None
        or game.is_over
        or not isinstance(player, int)
        or isinstance(player, bool)
        or player not in range(len(game.players))
        or game.players[player].kind is PlayerKind.COMPUTER
        or mode not in tuple(CoachMode)
    ):
        return state
    chosen = CoachMode(str(mode))
    modes = list(state.coaching.modes)
    if len(modes) != len(game.players):
        modes = [CoachMode.OFF] * len(game.players)
    modes[player] = chosen
    coaching = replace(state.coaching, modes=tuple(modes))
    waiting = coaching.waiting
    if waiting is not None and waiting.player == player and chosen is not CoachMode.WARN:
        coaching = replace(coaching, waiting=None)
    if chosen is not CoachMode.ALWAYS:
        coaching = replace(coaching, lines=_without_line_of(state, player))
    return replace(state, coaching=coaching, setup=_seat_coached(state, player, chosen))


def _seat_coached(state: AppState, player: int, mode: CoachMode) -> Setup:
    """The setup with the seat that `player` was started from coached on `mode` too, so that a
    New game keeps it (a walk turned the coach on mid-game, and the next game had it off): the
    seats the game was started from, if they are (same players, same order), else as it was."""
    setup, game = state.setup, state.game
    assert game is not None
    if players_for(setup, state.settings.language) != game.players:
        return setup
    seats = list(setup.seats)
    seats[player] = replace(seats[player], coach=mode)
    return replace(setup, seats=tuple(seats))


def started(state: AppState, modes: tuple[CoachMode, ...]) -> AppState:
    """A game (re)started or a turn taken back: the modes, and nothing said yet."""
    return replace(state, coaching=Coaching(modes))


def kept_modes(state: AppState) -> tuple[CoachMode, ...]:
    """The modes to save with the game: none when every coach is off (as before the coach)."""
    modes = state.coaching.modes
    return modes if any(mode is not CoachMode.OFF for mode in modes) else ()


def restored(state: AppState, record: TurnRecord | None) -> AppState:
    """The modes saved with the game restored; all off when none were saved or they do not fit
    its players (a computer's coach is off whatever was stored)."""
    game = state.game
    if game is None:
        return state
    saved = () if record is None else record.coach
    if len(saved) != len(game.players):
        saved = (CoachMode.OFF,) * len(game.players)
    modes = tuple(
        CoachMode.OFF if player.kind is PlayerKind.COMPUTER else mode
        for player, mode in zip(game.players, saved, strict=True)
    )
    return started(state, modes)
