"""What the setup, end, history screens and the settings dialog show."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.coaching import mode_of
from game.app.daily import replayable, todays_kept, todays_result
from game.app.model import (
    AUTO_SCORE_BY_THE_RULES,
    AUTO_SCORE_CHOICES,
    COACH_THRESHOLDS,
    AppState,
    Dialog,
    DisplaySize,
    Setup,
    Speed,
)
from game.app.seats import default_names
from game.app.start_hint import new_here
from game.coach.protocol import CoachMode
from game.i18n.player_names import shown_name
from game.i18n.translator import Translator
from game.play.engine import standings
from game.play.state import LEVELS, MAX_PLAYERS, PlayerKind
from game.play.undo import UndoSetting
from game.present.choice import Choice
from game.present.coach_words import end_line
from game.present.end_words import end_words
from game.present.game_screen import undo_label
from game.present.history_views import Bar, Fact, HistoryView, StatsCard
from game.present.kept_screens import (
    finished_game_views,
    kept_views,
    leaderboard_order,
    older_games_label,
    personal_bests,
)
from game.present.seat_colours import seat_colour
from game.present.sheet import sheet_view
from game.present.views import (
    EndView,
    GameCoachView,
    LeaveView,
    NameField,
    RulesetCard,
    SeatView,
    SettingsView,
    SetupView,
    StandingView,
)
from game.rules.rulesets import RULESETS

if TYPE_CHECKING:
    from game.persistence.stats import DailyResult, LostInGame, ScoreBin

DAILY_SHOWN = 10
"""The daily challenges the history lists (the latest)."""
KEPT_SHOWN = 3
"""The unfinished games the New game screen shows before the fold: eleven of them pushed the
setup three screens down (a walk)."""


def _played_ranges(bins: tuple[ScoreBin, ...]) -> tuple[ScoreBin, ...]:
    """The ranges from the lowest total's to the highest's. Those outside held no game: nine
    lines of "0 games" around a beginner's two ranges pushed the card's next chart down (a
    walk). An empty range between two played ones stays, as a gap in the chart."""
    played = [index for index, score_bin in enumerate(bins) if score_bin.count]
    return bins[played[0] : played[-1] + 1] if played else ()


def history_view(state: AppState, t: Translator) -> HistoryView:
    cards = []
    # One scale for every person's points lost, so that bars compare (each player's own made
    # 11.8 and 66.1 points lost the same full bar). People first, then computers (no charts).
    people = [s for s in state.ui.stats if not s.computer]
    people_keys = {s.key for s in people}
    lost_most = max((game.points for s in people for game in s.points_lost_trend), default=0.0)
    for stats in sorted(state.ui.stats, key=leaderboard_order):
        facts: tuple[Fact, ...] = (
            Fact(t("stats.games"), t.format_number(stats.games)),
            Fact(t("stats.average"), t.format_number(stats.average, 1)),
            Fact(t("stats.best"), t.format_number(stats.best)),
        )
        if stats.computer:
            # A computer's card is what to measure oneself against: its charts and rates, as
            # long as a person's, pushed the people's own cards down (a walk).
            name = shown_name(stats.name, t.language)
            if (stats.ruleset_id, stats.name, False) in people_keys:
                # "Jaan (computer)": a computer under a person's name, apart (stats_key).
                name = t("stats.computer_name", name=name)
            cards.append(StatsCard(name, t.ruleset_name(stats.ruleset_id), facts, "", ()))
            continue
        # Five of a kind thrown with real dice is not counted (nothing checks those dice): the
        # label says so where it matters (a walk read "Pentas 0" after a Penta at the table),
        # and a player who never played with dice on screen has no such count (another walk
        # read "Pentas (dice on screen): 0" after a Penta at the table).
        counted = "five_of_a_kind_on_screen" if stats.real_dice_games else "five_of_a_kind"
        fives = t(f"stats.{counted}.{stats.ruleset_id}")
        facts += (Fact(t("stats.upper_bonus_rate"), t.format_percent(stats.upper_bonus_rate)),)
        if stats.games > stats.real_dice_games:
            facts += (Fact(fives, t.format_number(stats.five_of_a_kind)),)
        if stats.real_dice_games:
            facts += (Fact(t("stats.real_dice_games"), t.format_number(stats.real_dice_games)),)
        played = _played_ranges(stats.distribution)
        most = max((score_bin.count for score_bin in played), default=0) or 1
        bars = tuple(
            Bar(
                t(
                    "stats.distribution_bar",
                    count=score_bin.count,
                    range=t.format_range(score_bin.low, score_bin.high),
                ),
                score_bin.count / most,
            )
            for score_bin in played
        )
        cards.append(
            StatsCard(
                shown_name(stats.name, t.language),
                t.ruleset_name(stats.ruleset_id),
                facts,
                t("stats.distribution"),
                bars,
                t("stats.points_lost"),
                _trend_bars(stats.points_lost_trend, lost_most, t),
            )
        )
    daily = tuple(
        t(
            "history.daily_entry",
            date=t.format_date(result.day),
            ruleset=t.ruleset_name(result.ruleset_id),
            name=shown_name(result.name, t.language),
            total=result.total,
        )
        for result in state.ui.daily[:DAILY_SHOWN]
    )
    return HistoryView(
        title=t("history.title"),
        stats_title=t("stats.title"),
        back_label=t("common.back"),
        empty="" if cards else t("history.empty" if state.ui.history_read else "history.reading"),
        cards=tuple(cards),
        # Nothing to export, no Export (a walk found it offered over an empty history).
        export_label=t("data.export") if state.ui.history_games or state.ui.kept_games else "",
        import_label=t("data.import"),
        data_title=t("data.title"),
        bests_title=t("bests.title"),
        bests=personal_bests(state, t),
        games_title=t("finished.list_title"),
        games=finished_game_views(state, t),
        older_label=older_games_label(state, t),
        daily_title=t("history.daily_title"),
        daily_entries=daily,
    )


def _trend_bars(trend: tuple[LostInGame, ...], most: float, t: Translator) -> tuple[Bar, ...]:
    """A bar a game, with its day: "Game 3, 30 Nov: 12.3 lost" (a learner could not tell
    which games the bars were)."""
    most = most or 1.0
    return tuple(
        Bar(
            t(
                "stats.points_lost_bar",
                number=number,
                date=t.format_day_month(game.finished),
                points=t.format_number(game.points, 1),
            ),
            game.points / most,
        )
        for number, game in enumerate(trend, start=1)
    )


def setup_view(state: AppState, t: Translator) -> SetupView:
    setup = state.setup
    cards = tuple(
        RulesetCard(
            ruleset_id,
            t.ruleset_name(ruleset_id),
            t.ruleset_description(ruleset_id),
            ruleset_id == setup.ruleset_id,
            t("setup.show_rules", ruleset=t.ruleset_name(ruleset_id)),
        )
        for ruleset_id in RULESETS
    )
    count = len(setup.seats)
    seats = []
    at_play = setup.seats_at_play
    defaults = default_names([seat.kind for seat in at_play], t.language)
    for index, (seat, playing) in enumerate(zip(setup.seats, at_play, strict=True)):
        computer = playing.kind is PlayerKind.COMPUTER
        default = defaults[index]
        shown = seat.name.strip() or default
        seats.append(
            SeatView(
                # The name as the game will show it: the one typed, else the seat's default
                # ("Computer 1" for a computer; a walk saw "Player 2" stay above "Noa").
                heading=shown,
                name=seat.name,
                placeholder=default,
                name_label=t("setup.player_name"),
                is_computer=computer,
                note=t("setup.computer_at_table") if seat.kind is not playing.kind else "",
                kind_label=t("setup.player_kind"),
                kinds=()  # real dice: people only
                if setup.real_dice
                else tuple(
                    Choice(kind.value, t(f"setup.kind.{kind.value}"), kind is seat.kind)
                    for kind in PlayerKind
                ),
                level_label=t("setup.level"),
                levels=tuple(
                    Choice(level, t(f"level.{level}.name"), level == seat.level) for level in LEVELS
                ),
                level_description=t(f"level.{seat.level}.description"),
                move_up_label=t("setup.move_up", name=shown),
                move_down_label=t("setup.move_down", name=shown),
                remove_label=t("setup.remove_player", name=shown),
                can_move_up=index > 0,
                can_move_down=index < count - 1,
                can_remove=count > 1,
                coach_label=t("setup.coach"),
                coaches=tuple(
                    Choice(mode.value, t(f"coach.mode.{mode.value}"), mode is seat.coach)
                    for mode in CoachMode
                ),
                colour=seat_colour(index),
            )
        )
    if state.setup.seed is not None:
        note = t("setup.seeded", seed=str(state.setup.seed))
    elif state.setup.restored:
        note = t("setup.last_setup_restored")
    else:
        note = ""
    played = todays_result(state)
    daily_label, daily_help = _daily_texts(state, played, t)
    kept = kept_views(state, t)
    return SetupView(
        title=t("setup.title"),
        ruleset_heading=t("setup.ruleset"),
        rulesets=cards,
        players_heading=t("setup.players"),
        player_count=t("setup.player_count", count=count),
        seats=tuple(seats),
        add_human_label=t("setup.add_player"),
        add_computer_label=t("setup.add_computer"),
        can_add=count < MAX_PLAYERS,
        start_label=t("setup.start"),
        note=note,
        welcome=t("setup.welcome") if new_here(state) else "",
        kept_heading=t("kept.heading"),
        kept=kept,
        kept_shown=min(len(kept), KEPT_SHOWN),
        kept_more_label=t("kept.more", count=len(kept) - KEPT_SHOWN)
        if len(kept) > KEPT_SHOWN
        else "",
        daily_label=daily_label,
        daily_help=daily_help,
        daily_available=played is None,
        daily_shown=not setup.real_dice,
        dice_heading=t("setup.dice"),
        dice_choices=tuple(
            Choice(value, t(f"setup.dice.{value}"), (value == "real") is setup.real_dice)
            for value in ("screen", "real")
        ),
        dice_help=_dice_help(setup, t),
        can_add_computer=count < MAX_PLAYERS and not setup.real_dice,
        remove_player=_remove_player_view(state, t),
    )


def _dice_help(setup: Setup, t: Translator) -> str:
    """Real dice's help, and how many computers a person plays instead: said only under each
    seat, below the fold, a computer added before quietly became "Player 3" (a walk)."""
    if not setup.real_dice:
        return ""
    displaced = sum(
        seat.kind is not playing.kind
        for seat, playing in zip(setup.seats, setup.seats_at_play, strict=True)
    )
    help_text = t("setup.dice.real_help")
    if displaced:
        help_text += " " + t("setup.dice.computers_played_by_people", count=displaced)
    return help_text


def _remove_player_view(state: AppState, t: Translator) -> LeaveView | None:
    seats, index = state.setup.seats, state.ui.removing
    if state.ui.dialog is not Dialog.REMOVE_PLAYER or not 0 <= index < len(seats):
        return None
    text = t("setup.remove_confirm", name=seats[index].name.strip())
    return LeaveView(text, t("setup.remove"), t("common.cancel"))


def _daily_texts(state: AppState, played: DailyResult | None, t: Translator) -> tuple[str, str]:
    """The daily challenge's button and the line under it."""
    if played is not None:
        return t("setup.daily_played", total=played.total), t("setup.daily_played_help")
    today = state.setup.today
    if today is not None and todays_kept(state, today) is not None:
        return t("setup.daily_resume", date=t.format_date(today)), t("setup.daily_resume_help")
    return (
        t("setup.daily", date="" if today is None else t.format_date(today)),
        t("setup.daily_help", ruleset=t.ruleset_name(state.setup.ruleset_id)),
    )


def end_view(state: AppState, t: Translator) -> EndView:
    game = state.game
    assert game is not None
    table = standings(game)
    places = [s.place for s in table]
    # Alone, a player has no place to be told: the headline gives the total.
    views = tuple(
        StandingView(
            s.place,
            t("end.place_tied" if places.count(s.place) > 1 else "end.place", place=s.place),
            s.name,
            t.format_number(s.total),
            s.place == 1,
        )
        for s in table
        if len(table) > 1
    )
    undo_text, can_undo_now = undo_label(state, t)
    words = end_words(game, state.ui.stats, t)
    return EndView(
        title=t("end.title"),
        headline=words.headline,
        new_best=words.new_best,
        bests_line=words.bests_line,
        # A gold trophy over "Computer 1 wins!" after a lost game read as mockery (a walk).
        # Alone, a player wins nothing but a new best: a trophy for 35 points puzzled a walk.
        trophy=words.new_best
        if len(table) == 1
        else any(s.place == 1 and game.players[s.player].kind is PlayerKind.HUMAN for s in table),
        can_play_again=replayable(game),
        standings_heading=t("end.standings"),
        standings=views,
        breakdown_heading=t("end.breakdown"),
        breakdown_help=t("end.correct_help") if game.real_dice else "",
        sheet=sheet_view(game, t, interactive=False),
        play_again_label=t("end.play_again"),
        play_again_help=t("end.play_again_help"),
        new_game_label=t("end.new_game"),
        undo_label=undo_text,
        can_undo=can_undo_now,
        coach_line=end_line(state, t),
    )


def settings_view(state: AppState, t: Translator, languages: tuple[Choice, ...]) -> SettingsView:
    settings = state.settings
    chosen_size = settings.display_size
    return SettingsView(
        title=t("settings.title"),
        language_label=t("settings.language"),
        languages=languages,
        auto_score_label=t("settings.auto_score"),
        auto_score_help=t("settings.auto_score_help"),
        auto_score=tuple(
            Choice(
                AUTO_SCORE_BY_THE_RULES if seconds is None else str(seconds),
                t("settings.auto_score.rules")
                if seconds is None
                else t("settings.auto_score.seconds", seconds=seconds)
                if seconds
                else t("settings.auto_score.off"),
                seconds == settings.auto_score_seconds,
            )
            for seconds in AUTO_SCORE_CHOICES
        ),
        speed_label=t("settings.computer_speed"),
        speeds=tuple(
            Choice(
                speed.value, t(f"settings.speed.{speed.value}"), speed is settings.computer_speed
            )
            for speed in Speed
        ),
        close_label=t("common.done"),
        undo_label=t("settings.undo"),
        undo_help=t("settings.undo_help"),
        undo_choices=tuple(
            Choice(choice.value, t(f"settings.undo.{choice.value}"), choice is settings.undo)
            for choice in UndoSetting
        ),
        pass_phone_label=t("settings.pass_phone"),
        pass_phone_help=t("settings.pass_phone_help"),
        pass_phone_choices=_on_off(settings.pass_phone, t),
        sound_label=t("settings.sound"),
        sound_choices=_on_off(settings.sound, t),
        vibration_label=t("settings.vibration"),
        vibration_choices=_on_off(settings.vibration, t),
        size_label=t("settings.display_size"),
        size_help=t("settings.display_size_help"),
        size_choices=tuple(
            Choice(size.value, t(f"settings.display_size.{size.value}"), size is chosen_size)
            for size in DisplaySize
        ),
        coach_threshold_label=t("settings.coach_threshold"),
        coach_threshold_help=t("settings.coach_threshold_help"),
        coach_thresholds=tuple(
            Choice(
                threshold_value(points),
                t.format_number(points, 1),
                points == settings.coach_threshold,
            )
            for points in COACH_THRESHOLDS
        ),
        game_coach_label=t("setup.coach"),
        game_coaches=_game_coaches(state, t),
        names_label=t("settings.names"),
        names_help=t("settings.names_help"),
        names=_names(state, t),
    )


def _names(state: AppState, t: Translator) -> tuple[NameField, ...]:
    """The names of the game under way, to change (RenameInGame), each labelled by its seat's
    default name: the computer's field was "Player 2's name" beside "Computer 1" (a walk)."""
    game = state.game
    if game is None or game.is_over:
        return ()
    seats = default_names([player.kind for player in game.players], t.language)
    return tuple(
        NameField(index, shown_name(player.name, t.language), t("settings.name_of", seat=seat))
        for index, (player, seat) in enumerate(zip(game.players, seats, strict=True))
    )


def _game_coaches(state: AppState, t: Translator) -> tuple[GameCoachView, ...]:
    """Each person's coach in the game under way: a walk could not turn it on once playing."""
    game = state.game
    if game is None or game.is_over:
        return ()
    return tuple(
        GameCoachView(
            index,
            shown_name(player.name, t.language),
            tuple(
                Choice(mode.value, t(f"coach.mode.{mode.value}"), mode is mode_of(state, index))
                for mode in CoachMode
            ),
        )
        for index, player in enumerate(game.players)
        if player.kind is PlayerKind.HUMAN
    )


def threshold_value(points: float) -> str:
    """A threshold as the value of its radio button (and of the element ids): "1_0"."""
    return f"{points:.1f}".replace(".", "_")


def _on_off(on: bool, t: Translator) -> tuple[Choice, ...]:
    return (Choice("on", t("settings.on"), on), Choice("off", t("settings.off"), not on))
