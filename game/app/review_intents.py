"""The intents of the review screen (game.app.review_flow): opening a finished game's review,
choosing whose, sharing it, and the results of the effects it asks for (ComputeReview,
ShareText). Part of the union game.app.intents.Intent."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.app.model import ShareOutcome
from game.play.move_log import MoveLog

if TYPE_CHECKING:  # loaded with the strategy, once a review is computed
    from game.coach.review import GameReview


@dataclass(frozen=True)
class OpenReview:
    """From the end screen: the review of the game just finished, for the player at `seat`."""

    seat: int


@dataclass(frozen=True)
class OpenHistoryReview:
    """From the history, or the game's sheet opened there: the review of the finished game
    `game_id` (its first human player)."""

    game_id: str


@dataclass(frozen=True)
class ReviewSeat:
    """On the review screen: the review of another player of the same game."""

    seat: int


@dataclass(frozen=True)
class ShowComputerReviews:
    """Offer the computers' reviews too (or not)."""

    on: bool


@dataclass(frozen=True)
class ShowEveryDecision:
    """List every decision that was not optimal (or only the costliest again)."""

    on: bool


@dataclass(frozen=True)
class CloseReview:
    """Back to the end screen or the history, where the review was opened."""


@dataclass(frozen=True)
class ShareReview:
    """Share the review's result (ShareText)."""


@dataclass(frozen=True)
class ReviewComputed:
    """The review of the game whose log is `log` (a review opened since then is not this one)."""

    log: MoveLog
    review: GameReview


@dataclass(frozen=True)
class ReviewFailed:
    log: MoveLog
    reason: str


@dataclass(frozen=True)
class ShareFinished:
    outcome: ShareOutcome


ReviewIntent = (
    OpenReview
    | OpenHistoryReview
    | ReviewSeat
    | ShowComputerReviews
    | ShowEveryDecision
    | CloseReview
    | ShareReview
    | ReviewComputed
    | ReviewFailed
    | ShareFinished
)
