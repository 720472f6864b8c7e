"""The review screen's flow: a finished game's review opened from the end screen (per player)
or from the history, computed once as it opens, and shared.

    answer(state, intent) -> (state, effects)        the review intents (game.app.review_intents)
    computation(before, after) -> effects            ComputeReview, once the review waits and the
                                                     strategy table of its game is there
    needed_table(state) -> ruleset id | None         the table the review on screen waits for

The review is computed by the shell (ComputeReview runs game.coach.review.review_game with the
loaded table, about 0.1 s in the browser) and comes back as ReviewComputed: never on a render.
It covers every player of the game, so choosing another player's review computes nothing.
"""

from __future__ import annotations

from dataclasses import replace

from game.app.effects import ComputeReview, Effect, ShareText, Warn
from game.app.model import AppState, Dialog, Review, ReviewedGame, Screen, ShareOutcome
from game.app.review_intents import (
    CloseReview,
    OpenHistoryReview,
    OpenReview,
    ReviewComputed,
    ReviewFailed,
    ReviewIntent,
    ReviewSeat,
    ShareFinished,
    ShareReview,
    ShowComputerReviews,
    ShowEveryDecision,
)
from game.play.state import Player, PlayerKind
from game.present.share_text import review_share_text

Outcome = tuple[AppState, tuple[Effect, ...]]


def answer(state: AppState, intent: ReviewIntent) -> Outcome:
    review = state.review
    match intent:
        case OpenReview(seat):
            game = state.game
            if state.screen is not Screen.END or game is None or not game.is_over:
                return state, ()
            if not game.log.complete or not _offered(game.players, seat, review.computers):
                return state, ()
            # The review shows the best move of each decision, the last box's too: the game is
            # final once it is read, or its last turn could be played again with the answer.
            final = replace(state, play=replace(state.play, before_last_turn=None))
            return _opened(
                final,
                ReviewedGame(game.ruleset.id, game.players, game.log, game.challenge_date),
                seat,
            ), ()
        case OpenHistoryReview(game_id):
            # From the history's list, or from the game's sheet opened there (back to it).
            on_sheet = state.screen is Screen.FINISHED and state.ui.finished_id == game_id
            if state.screen is not Screen.HISTORY and not on_sheet:
                return state, ()
            record = next((r for r in state.ui.history_games if r.id == game_id), None)
            if record is None or not record.log.complete:
                return state, ()
            players = tuple(result.player for result in record.results)
            reviewed = ReviewedGame(record.ruleset.id, players, record.log, record.challenge_date)
            return _opened(state, reviewed, first_human(players)), ()
        case ReviewSeat(seat):
            if state.screen is not Screen.REVIEW or review.game is None:
                return state, ()
            if seat == review.seat or not _offered(review.game.players, seat, review.computers):
                return state, ()
            return replace(state, review=replace(review, seat=seat, share=ShareOutcome.NONE)), ()
        case ShowComputerReviews(on):
            if not isinstance(on, bool) or on is review.computers:
                return state, ()
            shown = replace(review, computers=on)
            players = () if review.game is None else review.game.players
            if players and not _offered(players, review.seat, on):
                # The computer's review shown goes with its tab: the first person's shows
                # (it stayed up, no tab chosen: a walk).
                shown = replace(shown, seat=first_human(players), share=ShareOutcome.NONE)
            return replace(state, review=shown), ()
        case ShowEveryDecision(on):
            if state.screen is not Screen.REVIEW or not isinstance(on, bool):
                return state, ()
            return replace(state, review=replace(review, every_decision=on)), ()
        case CloseReview():
            if state.screen is not Screen.REVIEW:
                return state, ()
            return replace(
                state,
                ui=replace(state.ui, screen=review.back_to, dialog=Dialog.NONE),
                review=Review(computers=review.computers),
            ), ()
        case ShareReview():
            if state.screen is not Screen.REVIEW or review.game is None or review.result is None:
                return state, ()
            player = review.result.players[review.seat]
            text = review_share_text(state.settings.language, review.game, player)
            return state, (ShareText(text),)
        case ReviewComputed(log, result):
            if not _waiting_for(state, log):
                return state, ()
            return replace(state, review=replace(review, result=result)), ()
        case ReviewFailed(log, reason):
            if not _waiting_for(state, log):
                return state, ()
            warning = Warn(f"The game could not be reviewed: {reason}")
            return replace(state, review=replace(review, failed=True)), (warning,)
        case ShareFinished(outcome):
            if state.screen is not Screen.REVIEW or outcome not in tuple(ShareOutcome):
                return state, ()
            return replace(state, review=replace(review, share=ShareOutcome(outcome))), ()
    return state, ()


def first_human(players: tuple[Player, ...]) -> int:
    """The seat whose review the history opens: the first human's (else the first seat's)."""
    return next((seat for seat, p in enumerate(players) if p.kind is PlayerKind.HUMAN), 0)


def reviewable_seats(players: tuple[Player, ...], computers: bool) -> tuple[int, ...]:
    """The seats whose review is offered: the humans', and the computers' on request."""
    return tuple(seat for seat in range(len(players)) if _offered(players, seat, computers))


def computation(before: AppState, after: AppState) -> tuple[Effect, ...]:
    """ComputeReview when the review on screen has just started to wait for nothing but its
    computation: it was opened with the table there, or the table has just come."""
    if not _computable(after):
        return ()
    if _computable(before) and before.review.game is after.review.game:
        return ()  # asked for already
    reviewed = after.review.game
    assert reviewed is not None
    return (ComputeReview(reviewed.ruleset_id, len(reviewed.players), reviewed.log),)


def needed_table(state: AppState) -> str | None:
    reviewed = state.review.game
    return None if reviewed is None or state.screen is not Screen.REVIEW else reviewed.ruleset_id


def _computable(state: AppState) -> bool:
    review = state.review
    return (
        state.screen is Screen.REVIEW
        and review.game is not None
        and review.result is None
        and not review.failed
        and review.game.ruleset_id in state.tables.ready
    )


def _waiting_for(state: AppState, log: object) -> bool:
    reviewed = state.review.game
    return (
        state.screen is Screen.REVIEW
        and reviewed is not None
        and reviewed.log is log
        and state.review.result is None
        and not state.review.failed
    )


def _offered(players: tuple[Player, ...], seat: object, computers: bool) -> bool:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        return False
    return computers or players[seat].kind is PlayerKind.HUMAN


def _opened(state: AppState, reviewed: ReviewedGame, seat: int) -> AppState:
    return replace(
        state,
        ui=replace(state.ui, screen=Screen.REVIEW, dialog=Dialog.NONE),
        review=Review(
            game=reviewed, seat=seat, back_to=state.screen, computers=state.review.computers
        ),
    )
