"""What the games kept show: the unfinished games on the New game screen, the dialogs that
confirm leaving a game and deleting a kept one, the history's finished games and personal
bests, and a finished game's whole score sheet with the dialog that confirms its deletion
(game.app.kept)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.daily import challenge_day, deletable, record_deletable
from game.app.kept import deletable_on_leaving, finished_on_screen, is_full, is_unplayed
from game.app.model import HISTORY_PAGE, AppState
from game.app.seats import named_in
from game.i18n.player_names import shown_name
from game.i18n.translator import Translator
from game.play.random_source import EntropyDice, RealDice
from game.play.state import GameState
from game.present.history_views import FinishedGameView, PersonalBest
from game.present.sheet import sheet_view
from game.present.views import FinishedView, KeptGameView, LeaveView
from game.rules.dice import ROLLS_PER_TURN

if TYPE_CHECKING:
    from game.persistence.history import GameRecord
    from game.persistence.stats import PlayerStats


def kept_views(state: AppState, t: Translator) -> tuple[KeptGameView, ...]:
    views = []
    for kept in state.ui.kept_games:
        game = named_in(kept.game, t.language)
        ruleset = t.ruleset_name(game.ruleset.id)
        names = t.format_list([player.name for player in game.players])
        day = t.format_date(kept.last_played)
        # A game at the table is resumed with its dice in hand, a challenge with its day's
        # dice: the list tells them apart.
        challenge = challenge_day(game)
        dice = "_real_dice" if game.real_dice else "_daily" if challenge else ""
        dated = {"date": t.format_date(challenge)} if challenge else {}
        described = t(f"kept.described{dice}", ruleset=ruleset, names=names, date=day)
        # Heard on Resume and Delete, with where the game stands: two games of one day by the
        # same players were heard alike (a screen-reader walk).
        rounds, scores = len(game.ruleset.boxes), scores_line(game, t)
        where = _where(game, t)
        can_delete = deletable(game, state.setup.today)
        views.append(
            KeptGameView(
                id=kept.id,
                title=t(
                    f"kept.title{dice}",
                    ruleset=ruleset,
                    **dated,
                    round=game.turn_number,
                    rounds=rounds,
                ),
                scores=scores,
                date=t("kept.last_played", date=day)
                if len(game.players) == 1
                else t(
                    "kept.last_played_next",
                    date=day,
                    # Kept together as in the scores above it ("אברהם-" at a line's end: a walk).
                    name=_kept_together(game.players[game.current_player].name),
                ),
                resume_label=t("kept.resume"),
                resume_name=t("kept.resume_named", game=described, where=where),
                delete_label=t("kept.delete") if can_delete else "",
                delete_name=t("kept.delete_named", game=described, where=where)
                if can_delete
                else "",
                note="" if can_delete else t("kept.daily_today"),
            )
        )
    return tuple(views)


def leave_view(state: AppState, t: Translator) -> LeaveView:
    if is_unplayed(state):
        return LeaveView(t("game.leave_unplayed"), t("game.leave"), t("common.cancel"))
    if is_full(state):
        return LeaveView(
            t("kept.full_confirm", count=len(state.ui.kept_games)),
            t("kept.leave_unkept"),
            t("common.cancel"),
        )
    unkept = state.ui.nothing_kept
    text = t("game.abandon_confirm_unkept" if unkept else "game.abandon_confirm")
    delete = t("game.leave_deleting") if deletable_on_leaving(state) else ""
    return LeaveView(
        text, t("game.leave"), t("common.cancel"), destructive=unkept, delete_label=delete
    )


def delete_view(state: AppState, t: Translator) -> LeaveView:
    kept = next((kept for kept in state.ui.kept_games if kept.id == state.ui.deleting), None)
    text = ""
    if kept is not None:
        names = t.format_list([player.name for player in named_in(kept.game, t.language).players])
        # With where it stands: two games of a day by the same players were asked alike (a
        # walk).
        text = t(
            "kept.delete_confirm",
            ruleset=t.ruleset_name(kept.game.ruleset.id),
            names=names,
            date=t.format_date(kept.last_played),
            where=_where(named_in(kept.game, t.language), t),
        )
    return LeaveView(text, t("kept.delete"), t("common.cancel"))


def _where(game: GameState, t: Translator) -> str:
    """ "round 4 of 13: Mari: 40, Jaan: 31" """
    rounds = len(game.ruleset.boxes)
    return t("kept.where", round=game.turn_number, rounds=rounds, scores=scores_line(game, t))


def finished_game_views(state: AppState, t: Translator) -> tuple[FinishedGameView, ...]:
    """The finished games of the history the list shows, newest first (by date and time, then
    as recorded), each named by its date and time of day (several games of a day looked
    alike)."""
    records = sorted(
        enumerate(state.ui.history_games), key=lambda item: (item[1].finished_at, item[0])
    )
    views = []
    for _, record in reversed(records[-state.ui.history_shown :]):
        day = t.format_date_time(record.finished, record.finished_time)
        ruleset = t.ruleset_name(record.ruleset.id)
        # Its luck is not the app's (the statistics leave it out): the list says so too. A daily
        # challenge says so: two games of a day looked alike in the list (a walk).
        dice = "_real_dice" if record.real_dice else "_daily" if record.challenge_date else ""
        final = named_in(_final_state(record), t.language)
        views.append(
            FinishedGameView(
                id=record.id,
                title=t(f"finished.title{dice}", date=day, ruleset=ruleset),
                scores=scores_line(final, t, winners=True),
                open_label=t("finished.open"),
                open_name=t(
                    f"finished.open_named{dice}",
                    ruleset=ruleset,
                    date=day,
                    names=t.format_list([player.name for player in final.players]),
                ),
                review_label=t("history.review") if record.log.complete else "",
                review_name=t("history.review_game", date=day, ruleset=ruleset)
                if record.log.complete
                else "",
                no_review="" if record.log.complete else t("history.no_review"),
            )
        )
    return tuple(views)


def older_games_label(state: AppState, t: Translator) -> str:
    """The button that shows the next page of older games ("" when the list shows them all)."""
    older = len(state.ui.history_games) - state.ui.history_shown
    return t("finished.show_older", count=min(older, HISTORY_PAGE)) if older > 0 else ""


def leaderboard_order(stats: PlayerStats) -> tuple[bool, str, int, str]:
    """The order of the history's statistics and personal bests: people before computers, by
    ruleset, then the highest best first (by name where two are level). In two orders, a walk
    looked twice for a player."""
    return (stats.computer, stats.ruleset_id, -stats.best, stats.name)


def personal_bests(state: AppState, t: Translator) -> tuple[PersonalBest, ...]:
    """Each person's highest total in each ruleset, with the day it was made, and "real dice"
    when only a game at the table reached it (a computer's is no personal best)."""
    people = (stats for stats in state.ui.stats if not stats.computer)
    bests = sorted(people, key=leaderboard_order)
    return tuple(
        PersonalBest(
            t(
                "bests.who",
                name=shown_name(stats.name, t.language),
                ruleset=t.ruleset_name(stats.ruleset_id),
            ),
            t(
                "bests.score_real_dice" if stats.best_real_dice else "bests.score",
                points=stats.best,
                date=t.format_date(stats.best_on),
            )
            if stats.best_on is not None
            else t.format_number(stats.best),
        )
        for stats in bests
    )


def finished_view(state: AppState, t: Translator) -> FinishedView | None:
    record = finished_on_screen(state)
    if record is None:
        return None
    sheet = sheet_view(
        named_in(_final_state(record), t.language), t, interactive=False, correctable=False
    )
    # Read only: a box's name and a player's heading explain only at the table (ExplainBox and
    # ExplainPlayer need the game).
    sheet = sheet._replace(
        rows=tuple(row._replace(explain="") for row in sheet.rows),
        columns=tuple(column._replace(explain="") for column in sheet.columns),
    )
    return FinishedView(
        game_id=record.id,
        title=t("finished.sheet_title"),
        subtitle=t(
            "finished.title_real_dice" if record.real_dice else "finished.title",
            date=t.format_date_time(record.finished, record.finished_time),
            ruleset=t.ruleset_name(record.ruleset.id),
        ),
        sheet=sheet,
        back_label=t("finished.back"),
        delete_label=t("finished.delete") if record_deletable(record, state.setup.today) else "",
        review_label=t("history.review") if record.log.complete else "",
    )


def delete_finished_view(state: AppState, t: Translator) -> LeaveView | None:
    """The dialog that confirms deleting the finished game on screen, named by its day and its
    players' scores."""
    record = finished_on_screen(state)
    if record is None:
        return None
    text = t(
        "finished.delete_confirm",
        ruleset=t.ruleset_name(record.ruleset.id),
        date=t.format_date_time(record.finished, record.finished_time),
        scores=scores_line(named_in(_final_state(record), t.language), t),
    )
    return LeaveView(text, t("kept.delete"), t("common.cancel"))


KEPT_TOGETHER = 20
"""A name this short never breaks across lines in a list of scores: "Computer" at a line's
end and "1: 71" on the next read as a score of 1 (a walk), nor at a hyphen ("Mari-" at a line's
end, "Liis Tamm: 53" on the next: another). A longer one may."""


SCORES_APART = "\u00a0· "
"""Between two players' scores, and before them: the dot stays on the line of the score before
it (a family's walk saw a line of the hand-over begin with a stray dot)."""


def scores_line(game: GameState, t: Translator, winners: bool = False) -> str:
    """Each player's total; with `winners`, the winners of a game of several marked (a walk
    could not tell from the history's list who had won)."""
    best = max(sheet.total for sheet in game.sheets)
    marked = winners and len(game.players) > 1
    scores = SCORES_APART.join(
        t(
            "finished.winner_score" if marked and sheet.total == best else "kept.player_score",
            name=_kept_together(player.name),
            points=sheet.total,
        )
        for player, sheet in zip(game.players, game.sheets, strict=True)
    )
    return t.in_its_direction(scores)


def _kept_together(name: str) -> str:
    if len(name) > KEPT_TOGETHER:
        return name
    return name.replace(" ", "\u00a0").replace("-", "\u2011")  # no-break space and hyphen


def _final_state(record: GameRecord) -> GameState:
    """The finished game as a state the score sheet can show: every box filled, no turn; played
    with real dice, its corrected boxes marked as at the table."""
    return GameState(
        ruleset=record.ruleset,
        players=tuple(result.player for result in record.results),
        sheets=tuple(result.sheet for result in record.results),
        current_player=0,
        dice=None,
        kept=(),
        rolls_left=ROLLS_PER_TURN,
        selected_box=None,
        dice_source=RealDice() if record.real_dice else EntropyDice(),
        log=record.log,
    )
