"""What the review screen shows (`review_view`), and a way into it: the end screen's review
buttons (`end_review_view`); the history's finished games offer theirs (game.present.kept_screens).

The numbers come from game.coach.review's GameReview, computed once as the review opened
(game.app.review_flow). The breakdown shows the identity start + luck - lost = final with one
decimal: the start and the points lost are rounded, and the luck shown is what makes the sum
exact (it differs from the luck rounded by itself by 0.1 at most).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.model import AppState, CoachStatus, ShareOutcome
from game.app.review_flow import reviewable_seats
from game.coach.greedy import SCORE_AT_ONCE
from game.i18n.bidi import LRI, PDI
from game.i18n.player_names import shown_name
from game.i18n.translator import Translator
from game.play.state import Player, PlayerKind
from game.present.choice import Choice
from game.present.coach_words import why_words
from game.present.history_views import Fact
from game.present.percentile_words import Place, percentile_words
from game.present.review_views import (
    EndReviewView,
    GoodDecisionView,
    KeptDice,
    MistakeView,
    ReviewButton,
    ReviewView,
)
from game.present.share_text import review_share_text
from game.present.tenths import DECIMALS, LEAST_SHOWN, shown_difference
from game.rules.rulesets import RULESETS

if TYPE_CHECKING:
    from game.coach.review import Choice as Move
    from game.coach.review import Decision, GameReview, PlayerReview

COSTLIEST = 3
"""How many of the costliest decisions the review opens."""
GOOD_SHOWN = 3
"""How many of the player's best decisions the review names."""
GOOD_FROM = 1.0
"""What the tempting move (the greedy rule's, a beginner's) would have cost, from which a best
move is named as well played: a review that named only mistakes gave a learner's first game
no word of what went right (a walk). Against the next best move instead, it named the obvious
ones ("Score Penta (50)")."""
PRACTISE_FROM = 5.0
"""Points lost from which the review names what to practise: under it, little is to learn."""
PRACTISE_SHARE = 0.6
"""The share of the points lost that makes one kind of decision the one to practise."""
SHARE_STATUS = {
    ShareOutcome.NONE: "",
    ShareOutcome.SHARED: "review.shared",
    ShareOutcome.COPIED: "review.copied",
    ShareOutcome.FAILED: "review.copy_failed",
}


def review_view(state: AppState, t: Translator) -> ReviewView:
    review = state.review
    assert review.game is not None
    players, seat = review.game.players, review.seat
    seats = reviewable_seats(players, review.computers)
    has_computers = any(p.kind is PlayerKind.COMPUTER for p in players)
    view = ReviewView(
        title=t("review.title", name=shown_name(players[seat].name, t.language)),
        back_label=t("common.back"),
        players_label=t("review.players"),
        players=tuple(
            Choice(str(s), shown_name(players[s].name, t.language), s == seat) for s in seats
        )
        if len(seats) > 1
        else (),
        computers_label=t("review.show_computers"),
        computers=review.computers if has_computers else None,
        status=_status(state, t),
        ready=t("review.ready") if review.result is not None else "",
        identity=f"{review.game.ruleset_id}:{len(review.game.log.moves)}:{seat}",
    )
    if review.result is None:
        return view
    player = review.result.players[seat]
    ruleset_id = review.game.ruleset_id
    mistakes = _not_optimal(review.result, seat)
    total = len(mistakes)
    if not review.every_decision:
        mistakes = mistakes[:COSTLIEST]
    more = total > COSTLIEST
    good = _well_played(review.result, seat)
    return view._replace(
        breakdown_heading=t("review.breakdown"),
        breakdown=_breakdown(player, t),
        equation=_equation(player, t),
        breakdown_help=t("review.breakdown_help"),
        # The app knows only the dice each turn ended with: every keep before them counts as
        # luck, and a walk read a whole game's keeps as bad luck, unsaid.
        real_dice_note=t("review.real_dice_note") if review.game.log.entered else "",
        skill_heading=t("review.skill"),
        skill=_skill(
            review.result,
            seat,
            len(RULESETS[ruleset_id].box_ids),
            t,
            learner=players[seat].kind is PlayerKind.HUMAN,
        ),
        percentile=""
        if player.percentile is None
        else percentile_words(t, player.percentile, _place(player)),
        good_heading=t("review.good_heading") if good else "",
        good=tuple(_good(decision, ruleset_id, t) for decision in good),
        good_help=t("review.good_help", points=SCORE_AT_ONCE) if good else "",
        mistakes_heading=_mistakes_heading(total, len(mistakes), t),
        mistakes=tuple(_mistake(decision, ruleset_id, t) for decision in mistakes),
        expected_help=t("review.expected_help") if mistakes else "",
        no_mistakes="" if mistakes else _no_mistakes(player, t),
        every_decision_label=(
            t("review.show_costliest", count=COSTLIEST)
            if review.every_decision
            else t("review.show_every", total=total)
        )
        if more
        else "",
        every_decision=not review.every_decision,
        share_label=t("review.share"),
        share_status=t(SHARE_STATUS[review.share]) if review.share is not ShareOutcome.NONE else "",
        share_text=review_share_text(t.language, review.game, player)
        # Copied, it is shown too: a walk was told "Copied" of a text it had never seen.
        if review.share in (ShareOutcome.COPIED, ShareOutcome.FAILED)
        else "",
        share_text_label=t("review.share_text_label"),
    )


def _place(player: PlayerReview) -> Place:
    """Which words the percentile takes: below most perfect games, "see below where the points
    went" pointed a walk's game that lost 52.0 to the dice and 15.5 to mistakes at the mistakes
    alone."""
    if player.points_lost < LEAST_SHOWN:
        return "review_luck"
    return "review_mostly_luck" if -player.luck > player.points_lost else "review"


def shown_breakdown(player: PlayerReview) -> tuple[float, float, float, int]:
    """(start, luck, lost, final) as the screen shows them: one decimal, adding up exactly."""
    start, lost = round(player.start_expected, 1), round(player.points_lost, 1)
    return start, round(player.final - start + lost, 1), lost, player.final


def _status(state: AppState, t: Translator) -> str:
    review = state.review
    assert review.game is not None
    if review.failed:
        return t("review.failed")
    if review.result is not None:
        return ""
    table = state.tables.status(review.game.ruleset_id)
    if table is CoachStatus.UNAVAILABLE:
        return t("review.unavailable")
    return t("review.computing" if table is CoachStatus.READY else "review.waiting_table")


def _breakdown(player: PlayerReview, t: Translator) -> tuple[Fact, ...]:
    start, luck, lost, final = shown_breakdown(player)
    return (
        Fact(t("review.start_expected"), t.format_number(start, 1)),
        Fact(t("review.luck"), _ltr(t.format_signed(luck, 1), t)),
        Fact(t("review.lost"), _ltr(t.format_number(-lost, 1) if lost else "0", t)),
        Fact(t("review.final"), t.format_number(final)),
    )


def _equation(player: PlayerReview, t: Translator) -> str:
    start, luck, lost, final = shown_breakdown(player)
    minus = t.info.minus_sign  # the language's, as in the breakdown's numbers above it
    sign = "+" if luck >= 0 else minus
    # As the breakdown above it writes them: no points lost is "0", not "0.0".
    lost_text = t.format_number(lost, 1) if lost else "0"
    # Where it wraps on a narrow screen, each sign stays with its number and the result with
    # the sum ("248.4 + 33.1 - 100.5 =" above "181" at 150 % text: a walk).
    return (
        f"{t.format_number(start, 1)} {sign}\u00a0{t.format_number(abs(luck), 1)} {minus}\u00a0"
        f"{lost_text}\u00a0=\u00a0{t.format_number(final)}"
    )  # laid out left to right in every language: the element is dir="ltr" (index.html)


def _ltr(text: str, t: Translator) -> str:
    """A sum or a signed number keeps its order in a right-to-left sentence."""
    return LRI + text + PDI if t.direction == "rtl" else text


def _skill(
    result: GameReview, seat: int, turns: int, t: Translator, learner: bool
) -> tuple[str, ...]:
    """Points lost in total and per turn (a turn is a box filled), and where: in the dice kept
    or in the boxes chosen (what to practise, said to a `learner`: a computer's review said
    "To work on: …", meant for a person, to a walk), and the optimal share."""
    player = result.players[seat]
    lost = [
        t(
            "review.lost_per_turn",
            total=t.format_number(player.points_lost, 1),
            per_turn=t.format_number(player.points_lost / turns, 1),
        )
    ]
    if round(player.points_lost, 1) > 0:
        mine = [decision for decision in result.decisions if decision.player == seat]
        keeps = round(sum(decision.loss for decision in mine if decision.is_keep), 1)
        # What is left of the total shown, so that the two add up to it: each rounded alone,
        # they were 0.1 off in one game of five (an independent check).
        boxes = max(0.0, round(round(player.points_lost, 1) - keeps, 1))
        keeps_text, boxes_text = t.format_number(keeps, 1), t.format_number(boxes, 1)
        lost.append(t("review.lost_by_kind", keeps=keeps_text, boxes=boxes_text))
        practise = practise_key([decision for decision in mine if not decision.advised])
        if practise is not None and learner:
            lost.append(t(practise))
    return (*lost, *_own_decisions(player, t))


def practise_key(own: list[Decision]) -> str | None:
    """What the player's own decisions say to practise (a learner's walk found the figures but
    no word on what to work on): the dice to keep, or the boxes, where most of the points were
    lost; among the boxes, rolling on, where most went in boxes scored while rolling again was
    better. None where too little was lost to say."""
    from game.strategy.advisor import Keep  # loaded by the time a review is there to show

    keeps = sum(decision.loss for decision in own if decision.is_keep)
    boxes = sum(decision.loss for decision in own if not decision.is_keep)
    early = sum(
        decision.loss
        for decision in own
        if not decision.is_keep and isinstance(decision.best, Keep)
    )
    total = keeps + boxes
    if total < PRACTISE_FROM:
        return None
    if keeps >= PRACTISE_SHARE * total:
        return "review.practise_keeps"
    if boxes >= PRACTISE_SHARE * total:
        return "review.practise_roll_on" if early >= boxes / 2 else "review.practise_boxes"
    return "review.practise_both"


def _own_decisions(player: PlayerReview, t: Translator) -> tuple[str, ...]:
    """The optimal share of the player's own decisions, and how many moves were the app's (the
    hint's followed, the countdown's boxes): a game played from the hint showed "Optimal
    decisions: 100%", with nothing to say whose they were (a walk)."""
    advised = player.advised_decisions
    if player.optimal_share is None:
        return (t("review.all_advised", count=advised),)
    share = t(
        "review.optimal_share_own" if advised else "review.optimal_share",
        percent=t.format_percent(player.optimal_share),
        optimal=player.optimal_decisions,
        decisions=player.decisions,
    )
    return (share, t("review.advised", count=advised)) if advised else (share,)


def _not_optimal(result: GameReview, seat: int) -> list[Decision]:
    """The player's decisions that were not optimal, the costliest first: by the loss each
    shows (the difference of its two figures as shown), then the exact one. By the exact loss
    alone, "lost 20.2" came before "lost 20.3" (a walk)."""
    mine = [d for d in result.decisions if d.player == seat and not d.optimal]
    return sorted(
        mine,
        key=lambda d: (shown_difference(d.best_expected, d.choice_expected), d.loss),
        reverse=True,
    )


def _well_played(result: GameReview, seat: int) -> list[Decision]:
    """The player's own best moves where the greedy rule's (a beginner's) would have cost at
    least GOOD_FROM, the costliest such miss avoided first."""
    from game.strategy.advisor import Score  # loaded by the time a review is there to show

    # A box for 0 tempts no one: a walk read "the tempting move, Two pairs (0)".
    own = [
        d
        for d in result.decisions
        if d.player == seat
        and not d.advised
        and _tempting_cost(d) >= GOOD_FROM
        and not (isinstance(d.tempting, Score) and d.tempting.points == 0)
    ]
    return sorted(own, key=lambda d: (_tempting_cost(d), d.beats_tempting), reverse=True)[
        :GOOD_SHOWN
    ]


def _tempting_cost(decision: Decision) -> float:
    """What the greedy rule's move would have cost, as the two figures on the screen give it."""
    if decision.beats_tempting <= 0:
        return 0.0
    return shown_difference(decision.choice_expected, decision.tempting_expected)


def _good(decision: Decision, ruleset_id: str, t: Translator) -> GoodDecisionView:
    key = "review.good_summary_entered" if decision.entered else "review.good_summary"
    roll = {} if decision.entered else {"roll": decision.roll}
    return GoodDecisionView(
        summary=t(key, round=decision.turn, move=_move(decision.choice, ruleset_id, t), **roll),
        detail=t(
            "review.good_detail",
            dice=t.format_dice(sorted(decision.dice)),
            # Inside the sentence, without its capital ("Ahvatlev käik – Märgi lahtrisse…": a
            # walk found a capital mid-sentence).
            tempting=_lowered(_move(decision.tempting, ruleset_id, t)),
            loss=t.format_number(_tempting_cost(decision), DECIMALS),
        ),
    )


def _lowered(words: str) -> str:
    return words[:1].lower() + words[1:]


def _no_mistakes(player: PlayerReview, t: Translator) -> str:
    if player.optimal_share is None:
        return ""  # no decision was the player's: the skill lines say so
    return t("review.no_own_mistakes" if player.advised_decisions else "review.no_mistakes")


def _mistakes_heading(total: int, shown: int, t: Translator) -> str:
    """Says whether the decisions shown are all that were not optimal or only the costliest;
    "" when all were optimal (the line that says so needs no heading)."""
    if total == 0:
        return ""
    if shown == total:
        return t("review.mistakes", count=total)
    return t("review.mistakes_costliest", count=shown, total=total)


def _summary_key(entered: bool, *, small: bool) -> str:
    """Dice entered at the table are named so: "after roll 3" named a roll the app never saw
    (a walk)."""
    if entered:
        return "review.mistake_summary_entered_small" if small else "review.mistake_summary_entered"
    return "review.mistake_summary_small" if small else "review.mistake_summary"


def _mistake(decision: Decision, ruleset_id: str, t: Translator) -> MistakeView:
    sheet = decision.sheet
    rolls_left = (
        t("turn.rolls_left", count=decision.rolls_left)
        if decision.rolls_left
        else t("review.no_rolls_left")
    )
    # Not isolated one by one: the catalog's names have the language's direction, and a list
    # of isolates alone would give the list as a whole no direction (left to right in Hebrew).
    open_boxes = ", ".join(t.box_name(ruleset_id, box) for box in sheet.open_boxes)
    # The difference of the two figures shown below it; a loss under a tenth shows none
    # there, so it says "less than 0.1" ("lost 0.0" under a decision not optimal: a walk).
    loss = shown_difference(decision.best_expected, decision.choice_expected)
    # Dice entered at the table name no roll (the app never saw them rolled).
    roll = {} if decision.entered else {"roll": decision.roll}
    return MistakeView(
        summary=t(
            _summary_key(decision.entered, small=loss < LEAST_SHOWN),
            round=decision.turn,
            loss=t.format_number(max(loss, LEAST_SHOWN), DECIMALS),
            **roll,
        ),
        position=(
            # In order of their faces, as the real-dice pad and the hint's keeps list them.
            t("review.dice", dice=t.format_dice(sorted(decision.dice))),
            rolls_left,
            t("review.sheet_so_far", total=sheet.total, upper=sheet.upper_subtotal),
            t("review.open_boxes", boxes=open_boxes),
        ),
        # The hint's followed, or the countdown's box (a walk took the countdown's boxes,
        # chosen without the table, for moves it was blamed for).
        made_label=t("review.move_made_for_you" if decision.advised else "review.move_made"),
        made=_move(decision.choice, ruleset_id, t),
        made_value=t("review.expected", value=t.format_number(decision.choice_expected, DECIMALS)),
        best_label=t("review.best_move"),
        best=_move(decision.best, ruleset_id, t),
        best_value=t("review.expected", value=t.format_number(decision.best_expected, DECIMALS)),
        why=_why(decision, ruleset_id, t),
        made_dice=_kept_dice(decision.choice, decision.dice),
        best_dice=_kept_dice(decision.best, decision.dice),
    )


def _why(decision: Decision, ruleset_id: str, t: Translator) -> str:
    """In words, as the coach says it while playing (coach_words.why_words)."""
    from game.strategy.advisor import Score

    made, best = decision.choice, decision.best
    return " ".join(
        why_words(
            t,
            RULESETS[ruleset_id],
            (made.box, made.points) if isinstance(made, Score) else None,
            (best.box, best.points) if isinstance(best, Score) else None,
            decision.sheet,
            decision.aim,
            bonus=best.bonus if isinstance(best, Score) else 0,
        )
    )


def _kept_dice(move: Move, dice: tuple[int, ...]) -> KeptDice | None:
    from game.strategy.advisor import Keep

    if not isinstance(move, Keep):
        return None
    faces = tuple(sorted(dice))  # as the position's line lists them
    kept = move.positions(faces)
    return KeptDice(faces, tuple(index in kept for index in range(len(faces))))


def _move(move: Move, ruleset_id: str, t: Translator) -> str:
    # Imported here: the strategy is loaded by the time a review is there to show.
    from game.strategy.advisor import Keep

    if isinstance(move, Keep):
        if not move.faces:
            return t("review.move_reroll_all")
        return t("review.move_keep", dice=t.dice_to_keep(move.faces))
    return t("review.move_score", box=t.box_name(ruleset_id, move.box), points=move.points)


def end_review_view(state: AppState, t: Translator) -> EndReviewView | None:
    """The end screen's review buttons; None for a game whose moves were not all kept."""
    game = state.game
    if game is None or not game.log.complete:
        return None
    players = game.players
    return EndReviewView(
        heading=t("review.heading"),
        buttons=tuple(
            ReviewButton(seat, t("review.open", name=players[seat].name))
            for seat in reviewable_seats(players, state.review.computers)
        ),
        computers_label=t("review.show_computers"),
        computers=_computers_shown(players, state.review.computers),
    )


def _computers_shown(players: tuple[Player, ...], shown: bool) -> bool | None:
    return shown if any(p.kind is PlayerKind.COMPUTER for p in players) else None
