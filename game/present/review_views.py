"""The review's screens as plain data (game.present.review_screen makes them): one player's
review of a finished game, its costliest decisions opened, and the end screen's way into the
reviews."""

from __future__ import annotations

from typing import NamedTuple

from game.present.choice import Choice
from game.present.history_views import Fact


class KeptDice(NamedTuple):
    """A keep drawn as dice: the dice in order of their faces, and which of them it keeps."""

    faces: tuple[int, ...]
    kept: tuple[bool, ...]


class MistakeView(NamedTuple):
    """One of the costliest decisions, opened as the position was."""

    summary: str
    """"Round 5, roll 2: 4.3 points lost"."""
    position: tuple[str, ...]
    """The position in short lines: the dice, the rolls left, the score so far, the open boxes."""
    made_label: str
    made: str
    made_value: str
    best_label: str
    best: str
    best_value: str
    why: str = ""
    """Why the best move was better, in words (game.present.review_screen._why); "" else."""
    made_dice: KeptDice | None = None
    """The move made, when it kept dice, as dice (the words alone left a player to match
    "Keep 2, 2, 2" with the dice listed above it: a walk); None for a move that scored."""
    best_dice: KeptDice | None = None


class GoodDecisionView(NamedTuple):
    """One of the player's best moves where the tempting one (a beginner's) would have cost
    most."""

    summary: str
    """"Round 5, after roll 2: Keep 3, 4, 5, 6, roll the rest"."""
    detail: str
    """The dice, and what the tempting move would have cost."""


class ReviewView(NamedTuple):
    title: str
    back_label: str
    players_label: str
    players: tuple[Choice, ...]
    """The other players whose review may be shown (value: the seat); () when there is one."""
    computers_label: str
    computers: bool | None
    """"Show computers too" is ticked; None when the game has no computer."""
    status: str
    """While the review waits (for the table, for its computation) or when it cannot be had;
    "" once it shows."""
    ready: str = ""
    """Once it shows, said to a screen reader where the status was: a keyboard walk heard
    "Working out the review…", then nothing."""
    breakdown_heading: str = ""
    breakdown: tuple[Fact, ...] = ()
    """Start expected, luck, points lost, final: the shown numbers add up exactly."""
    equation: str = ""
    """The same as a sum, "254.6 + 3.1 − 14.7 = 243" (shown left to right in every language)."""
    breakdown_help: str = ""
    """What the start, the luck and the points lost are."""
    real_dice_note: str = ""
    """With real dice, that only the boxes chosen are judged; "" else."""
    skill_heading: str = ""
    skill: tuple[str, ...] = ()
    percentile: str = ""
    percentile_help: str = ""
    good_heading: str = ""
    """"" where no best move of the player's own beat the tempting one by enough to name."""
    good: tuple[GoodDecisionView, ...] = ()
    good_help: str = ""
    """What the tempting move is; "" with no decision named."""
    mistakes_heading: str = ""
    mistakes: tuple[MistakeView, ...] = ()
    expected_help: str = ""
    """What an expected final score is; "" when no decision is listed."""
    no_mistakes: str = ""
    every_decision_label: str = ""
    """"Show all 13" (or "Show the 3 costliest"); "" when all of them are listed anyway."""
    every_decision: bool = False
    """What the button asks for: every decision listed (ShowEveryDecision(on))."""
    share_label: str = ""
    share_status: str = ""
    share_text: str = ""
    """Shown once copied (what was copied), or to be selected by hand when neither sharing
    nor copying worked; "" else."""
    share_text_label: str = ""
    identity: str = ""
    """Which game and player (the same in every language): a decision opened stays open while
    the texts change."""


class ReviewButton(NamedTuple):
    seat: int
    label: str


class EndReviewView(NamedTuple):
    """The end screen's way into the reviews: a button per human (computers on request)."""

    heading: str
    buttons: tuple[ReviewButton, ...]
    computers_label: str
    computers: bool | None
    """None when the game has no computer."""
