"""The review of a finished game: what each decision cost against optimal play, and how much
of the final score the dice gave or took.

    review_game(ruleset, players, log, advisor, distribution=None, aims=True) -> GameReview
        raises ReviewError for a log that does not hold the whole of a finished game
    review_steps(...)       the same, a decision at a time (the page computes it so)

Every number is an expected final score of the player deciding, their sheet so far included,
from the strategy table (game.strategy): `Advisor.rank` values every action of a position, so
each decision's `best_expected` and `choice_expected` are exactly what the Hint would say.

A decision is each keep (the dice held when rolling again) and each scored box; the first roll
of a turn is no decision. Per player, with E0 the expected score of an empty sheet, and for
decision i its best value B_i and the value C_i of the move made (C_0 = E0):

    points_lost = sum of (B_i - C_i)                    what the moves gave away
    luck        = sum of (B_i - C_(i-1))                what each roll changed: before it, the
                                                        move made was worth C_(i-1); after it,
                                                        the position is worth B_i
    E0 + luck - points_lost = C_last = final score      (the sums telescope; the last box
                                                        leaves nothing to come)

A game played with real dice and corrected is reviewed as it now stands: each player's turns
in the order they were played, a corrected turn as its corrected dice and box (the rolls
asked about before it were read with the dice then entered, which were wrong), a cleared turn
not at all (the turn played again in its place is). Decisions are listed turn by turn, seat by
seat within a turn.

A decision that was not the best, where a keep was made or was best, carries its `aim`
(game.coach.keep_aims.move_aim): the box the best move scores most more points in, which says
why it was better.

Each decision also carries the greedy rule's move (game.coach.greedy, what a beginner plays)
and its value: a best move that beat it by much is one the review names as well played.

`percentile`: the share of optimal games (a simulated distribution, game.strategy.
score_distribution) that scored less than this final, in percent.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from game.coach.keep_aims import AimDifference, move_aim
from game.coach.optimal import move_values, sheet_position
from game.coach.protocol import OPTIMAL_TOLERANCE
from game.errors import GameError
from game.play.move_log import Entered, Kept, Move, MoveLog, Scored, walk
from game.play.sheet import Sheet
from game.rules.dice import ROLLS_PER_TURN, Dice
from game.rules.rulesets import Ruleset
from game.strategy.advisor import Advisor, Keep, Score
from game.strategy.score_distribution import ScoreDistribution


class ReviewError(GameError, ValueError):
    """A game that cannot be reviewed: unfinished, or its log does not hold all of it."""


Choice = Keep | Score
"""A keep as its sorted faces, or a box (its points and bonus for the dice)."""


@dataclass(frozen=True)
class Decision:
    player: int
    turn: int
    """That player's round, from 1."""
    roll: int
    """The roll just made, 1 to 3 (3 for dice entered at the table: see `entered`)."""
    dice: Dice
    rolls_left: int
    sheet: Sheet
    """The player's sheet as it stood."""
    choice: Choice
    best: Choice
    choice_expected: float
    best_expected: float
    tempting: Choice
    """The greedy rule's move (game.coach.greedy: the most frequent dice kept, or the box
    that pays most now), what a beginner plays."""
    tempting_expected: float
    aim: AimDifference | None = None
    """A move that was not the best, a keep or against a keep: the box where the best move
    scores most more points (the why beyond the expected scores); None otherwise."""
    entered: bool = False
    """The box chosen for a turn's last dice entered at the table (real dice): the app never saw
    how many rolls they took, so `roll` is only what scoring them assumes."""
    advised: bool = False
    """The move the app chose, not the player (the log's Kept.advised, Scored.advised): the
    hint's, followed while it showed, or the countdown's box."""

    @property
    def loss(self) -> float:
        return self.best_expected - self.choice_expected

    @property
    def optimal(self) -> bool:
        return self.loss <= OPTIMAL_TOLERANCE

    @property
    def beats_tempting(self) -> float:
        """What the move made gained over the greedy rule's move (0 where that was the move
        made, or where the move made was not the best): a decision well made that a beginner
        gets wrong."""
        if self.tempting == self.choice or not self.optimal:
            return 0.0
        return max(0.0, self.choice_expected - self.tempting_expected)

    @property
    def is_keep(self) -> bool:
        """Which dice to keep was decided (else which box to score)."""
        return isinstance(self.choice, Keep)


@dataclass(frozen=True)
class PlayerReview:
    player: int
    final: int
    start_expected: float
    luck: float
    points_lost: float
    decisions: int
    """The player's own: not those the app chose (Decision.advised)."""
    optimal_decisions: int
    """Of the player's own."""
    advised_decisions: int
    """The hint's moves followed and the countdown's boxes: a game played from the hint is
    not the player's skill, and counted as their own, it showed 100% optimal (a walk)."""
    percentile: float | None
    """None without a distribution."""

    @property
    def optimal_share(self) -> float | None:
        """None when the app chose every move."""
        return self.optimal_decisions / self.decisions if self.decisions else None

    @property
    def own_points_lost(self) -> float | None:
        """The points lost by the player's own decisions; None when the app chose every move
        (its "0.0 lost" read as perfect play: a walk's learner)."""
        return self.points_lost if self.decisions else None


@dataclass(frozen=True)
class GameReview:
    decisions: tuple[Decision, ...]
    """In the order played."""
    players: tuple[PlayerReview, ...]
    """In seat order."""


def review_game(
    ruleset: Ruleset,
    players: int,
    log: MoveLog,
    advisor: Advisor,
    distribution: ScoreDistribution | None = None,
    *,
    aims: bool = True,
) -> GameReview:
    """Every decision of the finished game in `log` against optimal play, and each player's
    account of it (final = start_expected + luck - points_lost); `aims`: whether each move
    that was not the best says what the best move aimed at (Decision.aim).

    Raises:
        ReviewError: the log does not start at the game's start (a game migrated from before
            the move log), `advisor` is of another ruleset, or the log is not a whole game.
    """
    steps = review_steps(ruleset, players, log, advisor, distribution, aims=aims)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            review: GameReview = done.value
            return review


def review_steps(
    ruleset: Ruleset,
    players: int,
    log: MoveLog,
    advisor: Advisor,
    distribution: ScoreDistribution | None = None,
    *,
    aims: bool = True,
) -> Generator[None, None, GameReview]:
    """review_game, a decision at a time: it yields after each, and returns the review (the
    page stays responsive between two decisions, each a few milliseconds).

    Raises:
        ReviewError: as review_game.
    """
    if not log.complete:
        raise ReviewError(
            f"the log starts at game turn {log.since_turn}, not at the start: the moves "
            "before it were not recorded, so this game cannot be reviewed"
        )
    if advisor.ruleset != ruleset:
        raise ReviewError(f"a {ruleset.id!r} game needs the {ruleset.id!r} table")
    try:
        walked = walk(ruleset, [Sheet.empty(ruleset)] * players, 0, log.moves)
    except GameError as error:
        raise ReviewError(f"the log cannot be replayed: {error}") from None
    if not all(sheet.is_complete for sheet in walked.sheets):
        raise ReviewError(f"the game is not finished: it stopped at game turn {walked.game_turn}")
    start = advisor.table.start_value
    luck = [0.0] * players
    lost = [0.0] * players
    decisions: list[Decision] = []
    for seat, turns in enumerate(walked.turns):
        # A player's sheet follows from their own turns only: walked alone, as they stand.
        own = walk(ruleset, [Sheet.empty(ruleset)], 0, [move for turn in turns for move in turn])
        before_roll = start  # C_(i-1): the value of the move before the next roll
        previous: Move | None = None
        for step in own.steps:
            entered, previous = isinstance(previous, Entered), step.move
            if not isinstance(step.move, Kept | Scored):
                continue
            assert step.dice is not None  # the walk allows a keep or a box only after a roll
            decision = _decision(
                advisor, seat, step.game_turn + 1, step.sheet, step.dice, step.rolls_left,
                step.move, aims=aims, entered=entered,
            )  # fmt: skip
            luck[seat] += decision.best_expected - before_roll
            lost[seat] += decision.loss
            before_roll = decision.choice_expected
            decisions.append(decision)
            yield
    decisions.sort(key=lambda decision: (decision.turn, decision.player))
    return GameReview(
        tuple(decisions),
        tuple(
            _player_review(seat, sheet, start, luck[seat], lost[seat], decisions, distribution)
            for seat, sheet in enumerate(walked.sheets)
        ),
    )


def _decision(
    advisor: Advisor,
    player: int,
    turn: int,
    sheet: Sheet,
    dice: Dice,
    rolls_left: int,
    move: Kept | Scored,
    *,
    aims: bool,
    entered: bool = False,
) -> Decision:
    best, chosen, tempting = move_values(advisor, sheet, dice, rolls_left, move)
    assert isinstance(best.action, Keep | Score) and isinstance(chosen.action, Keep | Score)
    assert isinstance(tempting.action, Keep | Score)
    aim = None
    if aims and best.expected - chosen.expected > OPTIMAL_TOLERANCE:
        position = sheet_position(sheet, dice, rolls_left)
        aim = move_aim(advisor, position, best.action, chosen.action)
    return Decision(
        player=player,
        turn=turn,
        roll=ROLLS_PER_TURN - rolls_left,
        dice=dice,
        rolls_left=rolls_left,
        sheet=sheet,
        choice=chosen.action,
        best=best.action,
        choice_expected=chosen.expected,
        best_expected=best.expected,
        aim=aim,
        entered=entered,
        advised=move.advised,
        tempting=tempting.action,
        tempting_expected=tempting.expected,
    )


def _player_review(
    seat: int,
    sheet: Sheet,
    start: float,
    luck: float,
    lost: float,
    decisions: Sequence[Decision],
    distribution: ScoreDistribution | None,
) -> PlayerReview:
    own = [decision for decision in decisions if decision.player == seat and not decision.advised]
    advised = sum(1 for decision in decisions if decision.player == seat and decision.advised)
    return PlayerReview(
        player=seat,
        final=sheet.total,
        start_expected=start,
        luck=luck,
        points_lost=lost,
        decisions=len(own),
        optimal_decisions=sum(1 for decision in own if decision.optimal),
        advised_decisions=advised,
        percentile=None if distribution is None else distribution.percent_below(sheet.total),
    )
