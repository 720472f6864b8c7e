"""What the coach while playing says (game.app.coaching), in words built only from computed
numbers: the expected final score of the move and of the best one, the points each box takes,
the upper section against the bonus's pace with each and which box each leaves open.

    coach_warning(state, t) -> CoachWarningView | None   the costly move that waits
    coach_line(state, t) -> str                          "always": the last move's line
    coach_line_why(state, t) -> str                      and why the best was better, if it was
    end_line(state, t) -> str                            the end screen: the last person's last move
    hint_reason_words(verdict, t) -> str                 the hint's why: the next best move
    hint_tempting_words(verdict, t) -> str               and the box worth 25 now, if not the hint's
    hint_decimals(loss) -> int                           the decimals of what the next best costs
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.app.model import AppState, CoachVerdict
from game.coach.protocol import Advice, KeepAdvice, ScoreAdvice
from game.i18n.translator import Translator
from game.play.move_log import Kept as KeptMove
from game.play.move_log import Scored as ScoredMove
from game.play.sheet import Sheet, seat_of_turn
from game.play.state import GameState, PlayerKind
from game.present.help_views import CoachWarningView
from game.present.tenths import DECIMALS, LEAST_SHOWN, shown_difference
from game.rules.dice import FACES
from game.rules.rulesets import FaceSum, Ruleset

if TYPE_CHECKING:
    from game.coach.keep_aims import AimDifference


class WhyVoice(NamedTuple):
    """The catalog keys of the reasons that name the move compared with the best one."""

    aim: str
    score_aim: str
    upper: str
    bonus_lost: str
    nothing_early: str


COACH_VOICE = WhyVoice(
    "coach.reason_aim",
    "coach.reason_score_aim",
    "coach.reason_upper",
    "coach.reason_bonus_lost",
    "coach.reason_nothing_early",
)
"""The move is the player's ("yours"): the warning and the review."""
HINT_VOICE = WhyVoice(
    "hint.reason_aim",
    "hint.reason_score_aim",
    "hint.reason_upper",
    "hint.reason_bonus_lost",
    "hint.reason_nothing_early",
)
"""The move is the next best: the hint."""


def coach_warning(state: AppState, t: Translator) -> CoachWarningView | None:
    verdict = state.coaching.waiting
    if verdict is None:
        return None
    judgement = verdict.judgement
    # The difference of the two figures the reason gives below it.
    points = shown_difference(judgement.best, judgement.chosen)
    # The better move named first, in words: a walk read only figures ("A better move is worth
    # 22.4 more points") and had to find the move in the reason's statistics.
    best = _advice_words(verdict.game, judgement.best_move, t)
    # A keep said as a roll: "Better move: keeping 2, 3, 5" did not tell a beginner who was
    # scoring a box to roll again instead (a walk).
    rolls = isinstance(judgement.best_move, KeepAdvice) and bool(judgement.best_move.kept)
    key = "coach.warning_roll" if rolls else "coach.warning"
    return CoachWarningView(
        headline=t(key, best=best, points=t.format_number(points, DECIMALS)),
        reason=reason(verdict, t),
        show_label=t("coach.show_best"),
        play_label=t("coach.play_anyway"),
    )


def coach_line(state: AppState, t: Translator, *, handing_over: bool = False) -> str:
    """The line on the player's last move (see _line_verdict), in a game of several named:
    "Coach to Dana: ..."."""
    said = _line_verdict(state, handing_over)
    if said is None:
        return ""
    verdict, whose, name = said
    return _line_text(verdict, whose, name, t)


def said_line(state: AppState, mover: int, box: str | None, t: Translator) -> str:
    """The coach's line when it is on the move just announced (`mover`'s roll, or their box
    `box`): said with it, as it shows beside the tray, where a screen reader does not go by
    itself (a walk on "a word after every move" heard only "Rolled 1, 4, 3, 3, 3"). Named in a
    game of several, as the move may hand the turn on."""
    game = state.game
    # The line of the move just made is the last: game.app.coaching.moved adds it there.
    line = state.coaching.lines[-1] if state.coaching.lines else None
    if game is None or line is None or line.player != mover:
        return ""
    before = line.game
    if box is None:
        fresh = isinstance(line.move, KeptMove) and (before.game_turn, before.rolls_left) == (
            game.game_turn,
            game.rolls_left + 1,
        )
    else:
        fresh = line.move == ScoredMove(box) and box in before.sheets[mover].open_boxes
    if not fresh:
        return ""
    several = len(game.players) > 1
    name = {"name": game.players[mover].name} if several else {}
    return _line_text(line, "_for" if several else "", name, t)


def end_line(state: AppState, t: Translator) -> str:
    """On the end screen, the line on the last move a person made, when only computers played
    after it: no turn's screen is left to show it (a walk heard no word on the game's last
    move). Named in a game of several, as "your last move"."""
    game = state.game
    if game is None:
        return ""
    players = game.players
    for line in state.coaching.lines:
        if _computers_only(game, range(line.game.game_turn + 1, game.game_turn)):
            if len(players) == 1:
                return _line_text(line, "_last", {}, t)
            return _line_text(line, "_last_for", {"name": players[line.player].name}, t)
    return ""


def _line_text(verdict: CoachVerdict, whose: str, name: dict[str, str], t: Translator) -> str:
    if verdict.judgement.optimal:
        return t(f"coach.line_best{whose}", **name)
    best = _advice_words(verdict.game, verdict.judgement.best_move, t)
    # The move first, so that the tray's folded line never cuts it; then what it was worth, as
    # the review counts it (a bare "-5.6" said nothing to a walk). A loss under a tenth shows
    # none in the figures: "less than 0.1", as the review says it, where "best move" here
    # was a decision that the review then counted as not optimal (an independent check).
    loss = _line_loss(verdict)
    loss_text = t.format_number(max(loss, LEAST_SHOWN), DECIMALS)
    if loss < LEAST_SHOWN:
        loss_text = t("coach.less_than", loss=loss_text)
    return t(f"coach.line_loss{whose}", loss=loss_text, best=best, **name)


def coach_line_why(state: AppState, t: Translator) -> str:
    """Why the best move was better than the one the coach's line on the turn's screen is on,
    as the warning says it; "" where that move was the best. A walk's learner read "the best
    was keeping 4, 4, 4" and could not tell why."""
    said = _line_verdict(state, handing_over=False)
    if said is None or said[0].judgement.optimal:
        return ""
    return reason(said[0], t)


def _line_verdict(
    state: AppState, handing_over: bool
) -> tuple[CoachVerdict, str, dict[str, str]] | None:
    """The verdict the coach's line is on, the catalog keys' ending, and the player named:
    during their turn, and until the next player rolls once it was their box (in a game of
    several it is named, on the hand-over too, where Dana still holds the phone; a walk never
    saw it there); and when the others have played, at the player's next turn until they roll,
    as about their last move. Both may be due as a turn begins (two players on "always"): the
    hand-over says the word of the player passing the phone, the turn's screen the word of the
    one who took it."""
    game = state.game
    if game is None:
        return None
    current = game.current_player
    own = next((line for line in state.coaching.lines if line.player == current), None)
    passing = next(
        (
            line
            for line in state.coaching.lines
            if line.player != current and game.game_turn == line.game.game_turn + 1
        ),
        None,
    )
    if own is not None and game.game_turn <= own.game.game_turn + 1:
        return own, "", {}  # the player's own turn (a player alone: the next one too)
    if game.player.kind is PlayerKind.COMPUTER:
        # Through the computers' turns that follow, named: it went at the computer's first
        # roll, before a walk's player had read it.
        last = _last_persons_line(state, game)
        return None if last is None else (last, "_for", {"name": game.players[last.player].name})
    if game.dice is not None:
        return None
    if passing is not None and (handing_over or own is None):
        # To the player who scored, who holds the phone on the hand-over.
        return passing, "_for", {"name": game.players[passing.player].name}
    if own is not None:
        # Said plainly after a computer's turn, the line read as about the computer's move
        # (a walk); not said at all, a player against the computer never heard of a box. It is
        # named, on the hand-over and on the turn's screen: unnamed, under the move of the
        # player before, it read as a verdict on that move (two walks).
        return own, "_last_for", {"name": game.players[own.player].name}
    return None


def _last_persons_line(state: AppState, game: GameState) -> CoachVerdict | None:
    """The line on the move of the person who played last, when only computers played since."""
    for line in state.coaching.lines:
        since = range(line.game.game_turn + 1, game.game_turn + 1)
        if since and _computers_only(game, since):
            return line
    return None


def _computers_only(game: GameState, turns: range) -> bool:
    players = game.players
    return all(
        players[seat_of_turn(turn, len(players))].kind is PlayerKind.COMPUTER for turn in turns
    )


def _line_loss(verdict: CoachVerdict) -> float:
    return shown_difference(verdict.judgement.best, verdict.judgement.chosen)


def reason(verdict: CoachVerdict, t: Translator) -> str:
    """Why in words (why_words), then both moves' expected final scores (the better move is
    named by the headline): the figures first read as statistics to two walks, the reason
    found only in the third sentence."""
    game, judgement = verdict.game, verdict.judgement
    sentences = _why(verdict, t, COACH_VOICE)
    values = {
        "mine_value": t.format_number(judgement.chosen, DECIMALS),
        "best_value": t.format_number(judgement.best, DECIMALS),
    }
    move = verdict.move
    # A box given up for nothing is named by its sentence: "Yours gives up Penta for 0 points
    # while rolls are left. Yours (Penta for 0 points) averages..." said it twice (a walk).
    named = isinstance(move, ScoredMove) and sentences[:1] == [
        t(COACH_VOICE.nothing_early, box=t.box_name(game.ruleset.id, move.box))
    ]
    if named:
        figures = t("coach.reason_named", **values)
    else:
        figures = t("coach.reason", mine=_move_words(game, move, t), **values)
    return " ".join((*sentences, figures))


def hint_reason_words(verdict: CoachVerdict, t: Translator) -> str:
    """Why the hint's move is the best (`verdict`: the next best move judged against it, game.
    app.coaching.hint_reason): the next best move with what it costs on average, then why in
    words, as the warning says it of a move made. Two moves as good: that one is as good."""
    move = _move_words(verdict.game, verdict.move, t)
    if verdict.judgement.optimal:
        return t("hint.next_equal", move=move)
    loss = _hint_loss(verdict, t)
    return " ".join((t("hint.next_best", move=move, loss=loss), *_why(verdict, t, HINT_VOICE)))


def hint_tempting_words(verdict: CoachVerdict, t: Translator) -> str:
    """What the box worth 25 or more now would cost (game.app.coaching.hint_tempting)."""
    move = _move_words(verdict.game, verdict.move, t)
    return t("hint.tempting", move=move, loss=_hint_loss(verdict, t))


def _hint_loss(verdict: CoachVerdict, t: Translator) -> str:
    loss = verdict.judgement.best - verdict.judgement.chosen
    decimals = hint_decimals(loss)
    return t.format_number(max(loss, 10**-decimals), decimals)


def hint_decimals(loss: float) -> int:
    """The decimals that show what the next best move costs, at most three. The hint gave both
    moves' expected final scores, which two walks read as a forecast they kept missing; "225.0"
    beside "225.0" read as a tie to a third, the review then counting the second as a mistake."""
    decimals = DECIMALS
    while decimals < 3 and round(loss, decimals) == 0:
        decimals += 1
    return decimals


def _why(verdict: CoachVerdict, t: Translator, voice: WhyVoice) -> list[str]:
    game, judgement = verdict.game, verdict.judgement
    best = judgement.best_move
    mine_box = verdict.move.box if isinstance(verdict.move, ScoredMove) else None
    best_box = best.box if isinstance(best, ScoreAdvice) else None
    assert game.options is not None  # a move is judged once the dice are rolled
    return why_words(
        t,
        game.ruleset,
        _with_points(game, mine_box),
        _with_points(game, best_box),
        game.sheet,
        judgement.aim,
        bonus=game.options.five_of_a_kind_bonus,
        voice=voice,
    )


def why_words(
    t: Translator,
    ruleset: Ruleset,
    mine: tuple[str, int] | None,
    best: tuple[str, int] | None,
    sheet: Sheet,
    aim: AimDifference | None = None,
    *,
    bonus: int = 0,
    voice: WhyVoice = COACH_VOICE,
) -> list[str]:
    """Why the best move beat the one made, each a box scored, as (box, points), or None for
    a keep; said by the coach before the move and by the review after the game. Two keeps: the
    box where the best keep scores most more points (`aim`), with the chances of each of scoring
    there, if they differ. A box where rolling again was better, or the other way round: the box
    that says why (`aim`, game.coach.keep_aims.move_aim), where the best keep scores points or
    the best box's points now against the keep's chance of scoring there, else that plainly;
    and a five-of-a-kind `bonus` these dice earn only if scored now. Two boxes: which box
    each leaves open and, where the upper bonus is still to be had and the best move leaves it
    nearer the bonus's pace, how far the upper section is then ahead of it or behind (`sheet`:
    the player's, before the move). A box scored that gives up the upper bonus where the best
    move does not: that alone, in place of the rest (the warning's height). `voice`:
    COACH_VOICE says the move made is the player's ("yours"), HINT_VOICE that it is the next
    best move."""
    if mine is None and best is None:
        if aim is None:
            return []
        return [
            t(
                voice.aim,
                box=t.box_name(ruleset.id, aim.box),
                best=t.format_percent(aim.best),
                mine=t.format_percent(aim.made),
            )
        ]
    # The box says it in place of the plain sentence: the warning, taller by a sentence, took
    # over 40% of a phone's height.
    if best is None:
        assert mine is not None  # a box scored where a keep was best
        # The bonus given up says more than where the keep scores, in place of it (the height).
        lost = _bonus_lost(t, sheet, mine, best, voice)
        if lost:
            return lost
        if mine[1] == 0:
            # A box given up for nothing with rolls to come says more than where the best keep
            # scores: "Penta for 0" was told only "the best keep scores in Full house 22%" (a
            # walk's learner).
            return [t(voice.nothing_early, box=t.box_name(ruleset.id, mine[0]))]
        if aim is None:
            return [t("coach.why_roll")]
        box = t.box_name(ruleset.id, aim.box)
        return [t("coach.reason_roll_aim", box=box, best=t.format_percent(aim.best))]
    if mine is None:
        best_box, best_points = best
        if aim is not None and aim.box == best_box:
            sentences = [
                t(
                    voice.score_aim,
                    box=t.box_name(ruleset.id, best_box),
                    points=best_points,
                    mine=t.format_percent(aim.made),
                )
            ]
        else:
            sentences = [t("coach.why_score")]
        if bonus > 0:
            five = t.box_name(ruleset.id, ruleset.five_of_a_kind_box)
            sentences.append(t("coach.reason_score_bonus", box=five, bonus=bonus))
        return sentences
    lost = _bonus_lost(t, sheet, mine, best, voice)
    if lost:
        return lost  # in place of the box kept open too: the warning's height
    sentences = [_kept_open(t, ruleset, mine, best)]
    needed = ruleset.upper_bonus_threshold
    # Against the bonus's pace, not as totals: "24 with yours, 12 with the best" read as if
    # the move made were the better one (a walk), where its 12 in Sixes was 6 behind the pace
    # and the best's 0 in Ones only 3. Only where the bonus is still to be had and the two
    # moves leave the section apart.
    each, uneven = divmod(needed, sum(FACES))
    mine_gap, best_gap = (pace_gap(sheet, each, move) for move in (mine, best))
    to_be_had = sheet.upper_subtotal < needed and sheet.upper_bonus_reachable()
    # Only where it speaks for the best move: "-14 with the best, -13 with the next best"
    # argued for the other one (a walk).
    if not uneven and to_be_had and best_gap > mine_gap:
        sentences.append(
            t(
                voice.upper,
                each=each,
                mine=pace_words(t, mine_gap),
                best=pace_words(t, best_gap),
            )
        )
    return sentences


def _kept_open(
    t: Translator, ruleset: Ruleset, mine: tuple[str, int], best: tuple[str, int]
) -> str:
    """Two boxes: what the best move scores now against the other, and the box it keeps open
    (the other's). "The best move leaves Three of a kind open; the next best leaves Fives open"
    read as going round in a circle to a walk's learner, where Fives for 15 gave up 3 points
    now to keep Three of a kind for later."""
    kept = t.box_name(ruleset.id, mine[0])
    more = best[1] - mine[1]
    if more < 0:
        return t("coach.reason_open_fewer", points=-more, box=kept)
    if more > 0:
        return t("coach.reason_open_more", points=more, box=kept)
    return t("coach.reason_open_same", points=best[1], box=kept)


def pace_words(t: Translator, gap: int) -> str:
    """ "10 behind", "on pace", "5 ahead": signed figures ("-10 with yours, 0 with the best")
    read as scores to a walk."""
    if gap < 0:
        return t("coach.pace_behind", points=-gap)
    if gap > 0:
        return t("coach.pace_ahead", points=gap)
    return t("coach.pace_on")


def _bonus_lost(
    t: Translator,
    sheet: Sheet,
    mine: tuple[str, int],
    best: tuple[str, int] | None,
    voice: WhyVoice,
) -> list[str]:
    """That the box scored (`mine`) leaves the upper bonus out of reach, where the best move
    (a box, or None: a keep) does not: a walk's review said only "-2 with yours, +2 with the
    best" of Twos for 2 that ended the section at 61, 2 short of the bonus."""
    ruleset = sheet.ruleset
    if sheet.upper_bonus or not sheet.upper_bonus_reachable():
        return []
    after_mine = _scored(sheet, mine)
    if after_mine.upper_bonus_reachable():
        return []
    if best is not None and not _scored(sheet, best).upper_bonus_reachable():
        return []
    most = after_mine.upper_most_possible()
    return [
        t(
            voice.bonus_lost,
            most=most,
            needed=ruleset.upper_bonus_threshold,
            bonus=ruleset.upper_bonus,
        )
    ]


def _scored(sheet: Sheet, move: tuple[str, int]) -> Sheet:
    scores = {**sheet.filled_boxes, move[0]: move[1]}
    return Sheet.from_scores(sheet.ruleset, scores, sheet.five_of_a_kind_bonus_count)


def pace_gap(sheet: Sheet, each: int, move: tuple[str, int]) -> int:
    """How far the upper section is ahead of `each` dice of its face in every filled box (the
    bonus's pace; negative: behind it) once `move` (box, points) is scored."""
    scores = {**sheet.filled_boxes, move[0]: move[1]}
    gap = 0
    for box in sheet.ruleset.boxes:
        if box.id in scores and isinstance(box.scorer, FaceSum):
            gap += scores[box.id] - each * box.scorer.face
    return gap


def _with_points(game: GameState, box: str | None) -> tuple[str, int] | None:
    if box is None:
        return None
    assert game.options is not None  # a box is chosen for dice rolled
    return box, game.options.points[box]


def _move_words(game: GameState, move: KeptMove | ScoredMove, t: Translator) -> str:
    if isinstance(move, ScoredMove):
        return _box_words(game, move.box, t)
    return _keep_words(game, move.positions, t)


def _advice_words(game: GameState, advice: Advice, t: Translator) -> str:
    if isinstance(advice, ScoreAdvice):
        return _box_words(game, advice.box, t)
    assert isinstance(advice, KeepAdvice)
    return _keep_words(game, advice.kept, t)


def _keep_words(game: GameState, positions: tuple[int, ...], t: Translator) -> str:
    assert game.dice is not None
    if not positions:
        return t("coach.move_reroll_all")
    faces = sorted(game.dice[p] for p in positions)
    if len(faces) == 1:  # its own words: Estonian's "jätta alles" takes "täringu", not "täring"
        return t("coach.move_keep_one", dice=t.format_dice(faces))
    return t("coach.move_keep", dice=t.dice_to_keep(faces))


def _box_words(game: GameState, box: str, t: Translator) -> str:
    assert game.options is not None
    points = game.options.points[box]
    return t("coach.move_score", box=t.box_name(game.ruleset.id, box), points=points)
