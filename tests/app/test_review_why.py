"""Why the best move was better, in the review's list of decisions: between two boxes, which
box each left open and the upper section against the bonus's pace; a box against a roll,
plainly; between two keeps, the box where the best keep scores most more points, with its
chances (game.coach.keep_aims)."""

from __future__ import annotations

from dataclasses import replace

from cli.tables import load_table
from game.app.review_intents import ReviewComputed, ShowEveryDecision
from game.coach.keep_aims import AIM_MARGIN, BoxAim, aim_difference, keep_aims, move_aim
from game.coach.optimal import sheet_position
from game.coach.review import Decision
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.play.sheet import Sheet
from game.present.coach_words import why_words
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Advisor, Keep, Score
from tests.app.test_review_screen import opened, review_view


def test_a_box_chosen_over_the_best_box_says_what_each_left_open() -> None:
    """Between two boxes the review says the points each scores now and the box the best move
    keeps open, and the upper section
    against the bonus's pace with each while the bonus is still to be had (where it speaks for
    the best move); a keep, the box where the best keep scores most more points.
    Every term on the screen is explained once."""
    driver, effect, review = opened(7)
    driver(ReviewComputed(effect.log, review), ShowEveryDecision(True))
    view = review_view(driver)
    t = Translator("en")
    assert "every move is the best one" in view.breakdown_help
    assert view.expected_help.startswith("Expected final score: the average")
    every = sorted((d for d in review.decisions if not d.optimal), key=lambda d: -d.loss)
    ruleset = RULESETS["penta"]
    needed = ruleset.upper_bonus_threshold
    kinds_seen = set()
    for shown, decision in zip(view.mistakes, every, strict=True):
        made, best = decision.choice, decision.best
        kinds = (isinstance(made, Score), isinstance(best, Score))
        kinds_seen.add(kinds)
        if kinds == (False, False):
            assert isinstance(made, Keep) and isinstance(best, Keep)
            aim = aim_difference(
                Advisor(load_table(ruleset)),
                sheet_position(decision.sheet, decision.dice, decision.rolls_left),
                best.faces,
                made.faces,
            )
            assert aim == decision.aim
            assert shown.why == (
                ""
                if aim is None
                else "With the best move, the turn ends with points in the "
                f"{t.isolated(t.box_name('penta', aim.box))} box "
                f"{t.isolated(t.format_percent(aim.best))} of the time; "
                f"with yours, {t.isolated(t.format_percent(aim.made))}."
            )
            continue
        if kinds == (True, False):
            assert isinstance(made, Score) and isinstance(best, Keep)
            assert shown.why == " ".join(roll_words(t, decision, made, best))
            continue
        if kinds == (False, True):
            assert isinstance(made, Keep) and isinstance(best, Score)
            assert shown.why == " ".join(score_words(t, decision, made, best))
            continue
        assert isinstance(made, Score) and isinstance(best, Score)
        sheet = decision.sheet
        lost = bonus_lost_words(t, sheet.filled_boxes, made, best)
        if lost:  # said alone, in place of the boxes left open and the pace
            assert shown.why == lost[0]
            continue
        assert without_isolates(shown.why).startswith(
            kept_open(t.box_name("penta", made.box), made.points, best.points)
        )
        mine, theirs = (pace(sheet.filled_boxes, move) for move in (made, best))
        # Said only where it speaks for the best move.
        if sheet.upper_subtotal < needed and sheet.upper_bonus_reachable() and theirs > mine:
            assert (
                "For the upper bonus you need 3 of each face: "
                f"your move leaves you {paced(mine)}, the best move {paced(theirs)}."
            ) in without_isolates(shown.why)
        else:
            assert "upper bonus you need" not in shown.why
    assert (True, True) in kinds_seen and (False, False) in kinds_seen  # the test tests something


def test_a_box_against_a_keep_says_the_box_that_tells_them_apart() -> None:
    """A box scored where a keep was best: where the best keep scores points. A keep made where
    a box was best: that box's points now against the keep's chance of scoring there. Each
    position of a game with a roll left, its best keep against its best box both ways."""
    driver, effect, review = opened(7)
    advisor = Advisor(load_table(RULESETS["penta"]))
    t = Translator("en")
    shown, expected = [], []
    for decision in review.decisions:
        if decision.rolls_left == 0:
            continue
        position = sheet_position(decision.sheet, decision.dice, decision.rolls_left)
        ranked = [r.action for r in advisor.rank(position)]
        keep = next(a for a in ranked if isinstance(a, Keep))
        box = next((a for a in ranked if isinstance(a, Score) and a.points > 0), None)
        if box is None:
            continue
        for made, best in ((box, keep), (keep, box)):
            mistake = replace(
                decision,
                choice=made,
                best=best,
                choice_expected=decision.best_expected - 1,  # a mistake, to be listed
                aim=move_aim(advisor, position, best, made),
            )
            shown.append(mistake)
            if isinstance(made, Score):
                words = roll_words(t, mistake, made, keep)
            else:
                words = score_words(t, mistake, made, box)
            expected.append(" ".join(words))
    driver(ReviewComputed(effect.log, replace(review, decisions=tuple(shown))))
    driver(ShowEveryDecision(True))
    # Listed in the game's order: every mistake costs the same.
    assert [mistake.why for mistake in review_view(driver).mistakes] == expected
    said = sum("the turn ends with points in" in why for why in expected)
    assert said > 0  # the test tests something


def aims_of(decision: Decision, faces: tuple[int, ...]) -> dict[str, BoxAim]:
    position = sheet_position(decision.sheet, decision.dice, decision.rolls_left)
    return keep_aims(Advisor(load_table(RULESETS["penta"])), position, faces)


def roll_words(t: Translator, decision: Decision, made: Score, best: Keep) -> list[str]:
    """A box scored where a keep was best: the box where the best keep scores most more points
    than the dice score there now, unless that is the box scored now; else plainly, rolling
    was better."""
    aims = aims_of(decision, best.faces)
    now = sheet_position(decision.sheet, decision.dice, decision.rolls_left).options().points
    gains = {box: aim.points - now.get(box, 0) for box, aim in aims.items()}
    box = max(gains, key=lambda box_id: gains[box_id])
    lost = bonus_lost_words(t, decision.sheet.filled_boxes, made, None)
    if lost:
        return lost  # in place of the keep's box: what the box scored gives up says more
    if box == made.box or aims[box].share < AIM_MARGIN:
        return ["Rolling again is worth more, on average, than scoring these dice now."]
    name = t.isolated(t.box_name("penta", box))
    return [
        f"Rolling again with the best keep, the turn ends with points in the {name} box "
        f"{t.isolated(t.format_percent(aims[box].share))} of the time."
    ]


def bonus_lost_words(
    t: Translator, filled: dict[str, int], made: Score, best: Score | None
) -> list[str]:
    """That the box scored (`made`) leaves Penta's upper bonus (35 at 63) out of reach where
    the best move (a box, or None: a keep) leaves it possible, with the most the section can
    then reach: its filled boxes, and five of its face in each open one."""
    upper = RULESETS["penta"].upper_box_ids

    def most(scores: dict[str, int]) -> int:
        return sum(scores.get(box, 5 * face) for face, box in enumerate(upper, start=1))

    earned = sum(points for box, points in filled.items() if box in upper) >= 63
    after_made = most({**filled, made.box: made.points})
    after_best = most(filled if best is None else {**filled, best.box: best.points})
    if earned or most(filled) < 63 or after_made >= 63 or after_best < 63:
        return []
    return [
        f"Yours leaves the upper section {t.isolated(str(after_made))} at most, "
        f"short of the {t.isolated('63')} that its {t.isolated('35')}-point bonus needs; "
        "the best keeps the bonus possible."
    ]


def score_words(t: Translator, decision: Decision, made: Keep, best: Score) -> list[str]:
    """A keep made where a box was best: the box's points now against the keep's chance of
    points there, else plainly, scoring was better; and the further five of a kind's bonus, if
    the dice earn it."""
    share = aims_of(decision, made.faces)[best.box].share
    if best.points > 0 and 1 - share >= AIM_MARGIN:
        points = "1 point" if best.points == 1 else f"{t.isolated(str(best.points))} points"
        words = [
            f"Scoring now takes {points} in "
            f"{t.isolated(t.box_name('penta', best.box))}; "
            "rolling again as you chose, the turn ends with points there "
            f"{t.isolated(t.format_percent(share))} of the time."
        ]
    else:
        words = ["Scoring these dice now is worth more, on average, than rolling again."]
    if best.bonus:
        words.append(
            f"Scored now, these dice also earn a {t.isolated('Penta')} bonus of "
            f"{t.isolated(str(best.bonus))} points."
        )
    return words


def test_a_further_five_of_a_kind_scored_now_says_its_bonus_in_each_language() -> None:
    """Rolling on after a further Penta gives its bonus away: the words say so, in the box's
    name of each language; and say nothing of it between two boxes (both earn it)."""
    penta = RULESETS["penta"]
    for language in ("en", "he", "et"):
        t = Translator(language, isolate=False)
        said = why_words(t, penta, None, ("fives", 25), Sheet.empty(penta), None, bonus=100)
        assert len(said) == 2 and "100" in said[1] and t.box_name("penta", "penta") in said[1]
        assert said[0] == t("coach.why_score")  # no aim given: the plain sentence
        empty = Sheet.empty(penta)
        two_boxes = why_words(t, penta, ("chance", 25), ("fives", 25), empty, None, bonus=100)
        assert not any("100" in sentence for sentence in two_boxes)


def pace(filled: dict[str, int], move: Score) -> int:
    """The upper section's points once `move` is scored, less three of its face in each filled
    upper box (Ones to Sixes, in order)."""
    scores = {**filled, move.box: move.points}
    upper = RULESETS["penta"].upper_box_ids
    return sum(scores[box] - 3 * face for face, box in enumerate(upper, start=1) if box in scores)


def kept_open(made_box: str, made_points: int, best_points: int) -> str:
    """The English words of two boxes: the points the best box scores now against the box
    made, which the best move keeps open."""
    more = best_points - made_points

    def points(count: int) -> str:
        return f"{count} point{'' if count == 1 else 's'}"

    if more < 0:
        return (
            f"The best move scores {points(-more)} less now, but keeps {made_box} open,"
            " which is worth more later."
        )
    if more > 0:
        return f"The best move scores {points(more)} more now, and keeps {made_box} open for later."
    return (
        f"Both moves score {points(best_points)} now; the best keeps {made_box} open,"
        " which is worth more later."
    )


def paced(gap: int) -> str:
    """The English words of a gap to the bonus's pace (ahead of it: positive)."""
    if gap == 0:
        return "on pace"
    points = "1 point" if abs(gap) == 1 else f"{abs(gap)} points"
    return f"{points} behind" if gap < 0 else f"{points} ahead"


def test_a_box_that_gives_up_the_upper_bonus_says_so_in_each_language() -> None:
    """Twos for 2 with 57 in the other upper boxes ends the section at 59, short of Yatzy's 63
    for 50 points; Chance leaves Twos open, and the bonus possible."""
    yatzy = RULESETS["yatzy"]
    sheet = Sheet.from_scores(
        yatzy, {"ones": 3, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    )
    for language in ("en", "he", "et"):
        t = Translator(language, isolate=False)
        said = why_words(t, yatzy, ("twos", 2), ("chance", 20), sheet, None)
        assert said == [t("coach.reason_bonus_lost", most=59, needed=63, bonus=50)]
        # Against a keep: the same sentence, in place of the keep's.
        assert why_words(t, yatzy, ("twos", 2), None, sheet, None) == said
        # Both boxes giving it up (at most 58 and 62 then), or the bonus earned: not said.
        behind = {"threes": 9, "fours": 12, "fives": 15, "sixes": 15}
        earned = {"threes": 12, "fours": 16, "fives": 20, "sixes": 24}
        for best, filled in ((("ones", 1), behind), (("chance", 20), earned)):
            words = why_words(t, yatzy, ("twos", 2), best, Sheet.from_scores(yatzy, filled))
            assert not any("at most" in sentence or "כל היותר" in sentence for sentence in words)
            assert not any("kõige rohkem" in sentence for sentence in words)
