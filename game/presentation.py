"""What the screens show, as plain data: `present(app_state, now) -> Snapshot`.

The snapshot holds every visible string already translated (from the catalogs, in the
player's language), every accessible name ("Die 3: 5, kept"; "Full house: 25 if scored now"),
which controls are enabled, which column is current, the one-line joker reason or the sacrifice
message, the countdown, and the standings with shared places. The shell only copies it into the
page (as text, never markup), so everything here is tested in CPython.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from game.app.model import (
    AUTO_SCORE_CHOICES,
    MAX_PLAYERS,
    SAVE_FAILED_NOTICE,
    AppState,
    CoachStatus,
    Dialog,
    GameOver,
    Kept,
    Rolled,
    Scored,
    Screen,
    Speed,
    Undone,
    is_computer_turn,
    undo_available,
)
from game.app.seats import default_names
from game.coach import LEVELS, KeepAdvice, ScoreAdvice
from game.i18n import LANGUAGE_CODES, Translator
from game.play.engine import standings
from game.play.sheet import Sheet
from game.play.state import GameState, PlayerKind
from game.play.undo import UndoSetting, confirmed_box
from game.rules.dice import DICE_COUNT
from game.rules.rulesets import RULESETS, JokerBranch, Ruleset, Section
from game.spotlight import Spotlight, celebration, spotlight

if TYPE_CHECKING:  # loaded with the first rules shown (see Translator.rules_text)
    from game.rules_text import RulesText

# The views are NamedTuples, immutable records like frozen dataclasses, for the start-up time:
# in Pyodide a dataclass takes about 1 ms to create (it compiles the methods it generates), a
# NamedTuple a quarter of that, and the first screen waits for every one of them.


class Choice(NamedTuple):
    value: str
    label: str
    selected: bool


class RulesetCard(NamedTuple):
    id: str
    name: str
    description: str
    selected: bool
    rules_label: str


class SeatView(NamedTuple):
    heading: str
    """"Player 2": the seat's number in the turn order."""
    name: str
    placeholder: str
    name_label: str
    is_computer: bool
    kind_label: str
    kinds: tuple[Choice, ...]
    level_label: str
    levels: tuple[Choice, ...]
    level_description: str
    move_up_label: str
    move_down_label: str
    remove_label: str
    can_move_up: bool
    can_move_down: bool
    can_remove: bool


class SetupView(NamedTuple):
    title: str
    ruleset_heading: str
    rulesets: tuple[RulesetCard, ...]
    players_heading: str
    player_count: str
    seats: tuple[SeatView, ...]
    add_human_label: str
    add_computer_label: str
    can_add: bool
    start_label: str
    note: str
    """"Your last setup is ready", or the seeded-dice note, or ""."""


class DieView(NamedTuple):
    face: int
    """0 before the turn's first roll."""
    kept: bool
    label: str
    badge: str
    enabled: bool
    suggested: bool = False
    """The hint on screen says to keep this die."""
    advice: str = ""
    """What the hint on screen says to do with this die: "keep" it (it is not kept yet),
    "release" it (it is kept, and should be rolled); "" when the hint has nothing to change."""


class Cell(NamedTuple):
    text: str
    state: str
    """filled | potential | zero | selected | forbidden | open | sum | empty"""
    label: str
    box: str | None
    """The box a tap selects (the current player's open, legal boxes), else None."""
    enabled: bool
    current: bool
    hinted: bool = False
    """The hint on screen says to score this box (the current player's column only)."""
    celebrate: bool = False
    """The first five of a kind of this player's game, just scored (game.spotlight)."""


class Row(NamedTuple):
    key: str
    kind: str
    """box | sum | bonus | total"""
    label: str
    help: str
    cells: tuple[Cell, ...]
    section_start: bool


class ColumnHead(NamedTuple):
    name: str
    current: bool
    label: str


class SheetView(NamedTuple):
    box_header: str
    columns: tuple[ColumnHead, ...]
    rows: tuple[Row, ...]
    scroll_hint: str
    spotlight: tuple[int, str] | None = None
    """The column and the box the shell brings into the sheet's frame (game.spotlight)."""


class GameView(NamedTuple):
    title: str
    """"Dana's turn"."""
    round: str
    is_computer: bool
    dice_label: str
    dice: tuple[DieView, ...]
    rolled: bool
    roll_label: str
    can_roll: bool
    keys_hint: str
    """How to keep dice with the keyboard; "" when no player at this screen can keep dice now
    (before the first roll, after the last, during a computer's turn)."""
    status: str
    """What to do now: roll, keep, choose a box, or what the computer is doing."""
    message: str
    """The joker's one-line reason, or that no open box scores (a sacrifice after the last
    roll, a reason to roll again before it); "" otherwise."""
    bonus_message: str
    confirm_label: str
    can_confirm: bool
    countdown: int
    """Whole seconds left before auto-scoring; 0 when no countdown runs."""
    countdown_text: str
    countdown_help: str
    countdown_fraction: float
    hint_label: str
    hide_hint_label: str
    can_hint: bool
    hint: str
    coach_note: str
    speed_label: str
    speed_pressed: bool
    skip_label: str
    skip_help: str
    leave_label: str
    skip_to_sheet_label: str
    sheet: SheetView
    undo_label: str = ""
    """"Take back Full house"; "" when nothing can be taken back."""
    can_undo: bool = False
    last_move: str = ""
    """The previous player's move ("Computer 1 scored 20 points in Chance"), shown in the tray
    until the next roll when the turn has passed to another player; "" otherwise."""
    player: int = 0
    """The index of the player whose turn it is (the shell scrolls the tray into view when the
    turn passes to a human)."""
    celebration: str = ""
    """"Penta! Well done, Dana!" after a player's first Penta (Yatzy), until the next roll."""


class StandingView(NamedTuple):
    place: int
    place_text: str
    name: str
    total: str
    winner: bool


class EndView(NamedTuple):
    title: str
    headline: str
    standings_heading: str
    standings: tuple[StandingView, ...]
    breakdown_heading: str
    sheet: SheetView
    play_again_label: str
    play_again_help: str
    new_game_label: str
    undo_label: str = ""
    can_undo: bool = False


class SettingsView(NamedTuple):
    title: str
    language_label: str
    languages: tuple[Choice, ...]
    auto_score_label: str
    auto_score_help: str
    auto_score: tuple[Choice, ...]
    speed_label: str
    speeds: tuple[Choice, ...]
    close_label: str
    undo_label: str = ""
    undo_help: str = ""
    undo_choices: tuple[Choice, ...] = ()


class LeaveView(NamedTuple):
    text: str
    confirm_label: str
    cancel_label: str


class ElsewhereView(NamedTuple):
    """Shown instead of the game while another tab has it."""

    title: str
    text: str
    take_over_label: str


class Fact(NamedTuple):
    label: str
    value: str


class Bar(NamedTuple):
    text: str
    """"100–149: 3 games": the bar's accessible text (shown beside it)."""
    share: float
    """0 to 1: the bar's length against the fullest bin."""


class StatsCard(NamedTuple):
    name: str
    ruleset: str
    facts: tuple[Fact, ...]
    chart_label: str
    bars: tuple[Bar, ...]


class HistoryView(NamedTuple):
    title: str
    stats_title: str
    back_label: str
    empty: str
    """"No finished games yet." when there are none, else ""."""
    cards: tuple[StatsCard, ...]
    export_label: str
    import_label: str


class Snapshot(NamedTuple):
    language: str
    direction: str
    app_title: str
    screen: str
    dialog: str
    settings_label: str
    language_label: str
    languages: tuple[Choice, ...]
    setup: SetupView | None
    game: GameView | None
    end: EndView | None
    settings: SettingsView
    rules: RulesText | None
    rules_close_label: str
    leave: LeaveView
    announcement: str
    announcement_count: int
    history: HistoryView | None = None
    history_label: str = ""
    notices: tuple[str, ...] = ()
    """Messages about the device's storage and imports, already translated."""
    dismiss_label: str = ""
    export_unreadable_label: str = ""
    """The button offering the data set aside as unreadable; "" when there is none."""
    export_game_label: str = ""
    """The button offering the game in memory when the device could not save it ("": none)."""
    elsewhere: ElsewhereView | None = None
    sheet_label: str = ""
    """The accessible name of both score sheets (the game's and the end's), rendered on every
    screen so that a hidden one is never left in the previous language."""


@cache
def translator(language: str) -> Translator:
    return Translator(language)


def present(state: AppState, now: float) -> Snapshot:
    t = translator(state.settings.language)
    languages = tuple(
        Choice(code, t(f"lang.{code}"), code == state.settings.language) for code in LANGUAGE_CODES
    )
    game = state.game
    return Snapshot(
        language=t.language,
        direction=t.direction,
        app_title=t("app.title"),
        screen=state.screen.value,
        dialog=state.dialog.value,
        settings_label=t("menu.settings"),
        language_label=t("a11y.change_language"),
        languages=languages,
        setup=_setup(state, t) if state.screen is Screen.SETUP else None,
        game=_game(state, t, now) if state.screen is Screen.GAME and game else None,
        end=_end(state, t) if state.screen is Screen.END and game else None,
        settings=_settings(state, t, languages),
        rules=t.rules_text(state.rules_ruleset) if state.dialog is Dialog.RULES else None,
        rules_close_label=t("common.close"),
        leave=LeaveView(t("game.abandon_confirm"), t("game.leave"), t("common.cancel")),
        announcement=announcement_text(state, t),
        announcement_count=state.announcement_count,
        history=_history(state, t) if state.screen is Screen.HISTORY else None,
        history_label=t("history.title"),
        notices=tuple(t(notice.key, **dict(notice.values)) for notice in state.notices),
        dismiss_label=t("common.close"),
        export_unreadable_label=t("storage.export_unreadable") if state.unreadable else "",
        export_game_label=(
            t("storage.export_game") if game and SAVE_FAILED_NOTICE in state.notices else ""
        ),
        elsewhere=(
            ElsewhereView(t("elsewhere.title"), t("elsewhere.text"), t("elsewhere.take_over"))
            if state.screen is Screen.ELSEWHERE
            else None
        ),
        sheet_label=t("sheet.title"),
    )


def _history(state: AppState, t: Translator) -> HistoryView:
    cards = []
    for stats in state.stats:
        fives = t(f"stats.five_of_a_kind.{stats.ruleset_id}")
        facts = (
            Fact(t("stats.games"), t.format_number(stats.games)),
            Fact(t("stats.average"), t.format_number(stats.average, 1)),
            Fact(t("stats.best"), t.format_number(stats.best)),
            Fact(t("stats.upper_bonus_rate"), t.format_percent(stats.upper_bonus_rate)),
            Fact(fives, t.format_number(stats.five_of_a_kind)),
        )
        most = max((score_bin.count for score_bin in stats.distribution), default=0) or 1
        bars = tuple(
            Bar(
                t(
                    "stats.distribution_bar",
                    count=score_bin.count,
                    range=t.format_range(score_bin.low, score_bin.high),
                ),
                score_bin.count / most,
            )
            for score_bin in stats.distribution
        )
        cards.append(
            StatsCard(
                stats.name,
                t.ruleset_name(stats.ruleset_id),
                facts,
                t("stats.distribution"),
                bars,
            )
        )
    return HistoryView(
        title=t("history.title"),
        stats_title=t("stats.title"),
        back_label=t("common.back"),
        empty="" if cards else t("history.empty"),
        cards=tuple(cards),
        export_label=t("data.export"),
        import_label=t("data.import"),
    )


def _undo_label(state: AppState, t: Translator) -> tuple[str, bool]:
    game, before = state.game, state.before_last_turn
    if game is None or before is None or not undo_available(state):
        return t("undo.button"), False
    box = confirmed_box(before, game)
    if box is None:
        return t("undo.button"), False
    return t("undo.label", box=t.box_name(game.ruleset.id, box)), True


# --- setup ------------------------------------------------------------------------------------


def _setup(state: AppState, t: Translator) -> SetupView:
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
    defaults = default_names([seat.kind for seat in setup.seats], t.language)
    for index, seat in enumerate(setup.seats):
        number = index + 1
        computer = seat.kind is PlayerKind.COMPUTER
        default = defaults[index]
        shown = seat.name.strip() or default
        seats.append(
            SeatView(
                heading=t("setup.default_name", number=number),
                name=seat.name,
                placeholder=default,
                name_label=t("setup.player_name"),
                is_computer=computer,
                kind_label=t("setup.player_kind"),
                kinds=tuple(
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
            )
        )
    if state.seed is not None:
        note = t("setup.seeded", seed=str(state.seed))
    elif state.setup_restored:
        note = t("setup.last_setup_restored")
    else:
        note = ""
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
    )


# --- the game ---------------------------------------------------------------------------------


def _shown_advice(state: AppState, human: bool) -> KeepAdvice | ScoreAdvice | None:
    """The coach's advice, while the hint that says it is on screen."""
    if not (human and state.hint_requested and state.coach_status is CoachStatus.READY):
        return None
    return state.hint


def _dice(state: AppState, game: GameState, t: Translator, human: bool) -> tuple[DieView, ...]:
    hint = _shown_advice(state, human)
    advising = isinstance(hint, KeepAdvice) and game.rolls_left > 0
    suggested = hint.kept if isinstance(hint, KeepAdvice) else ()
    views = []
    for index in range(DICE_COUNT):
        number = index + 1
        if game.dice is None:
            views.append(DieView(0, False, t("die.not_rolled", index=number), "", False))
            continue
        face = game.dice[index]
        kept = index in game.kept
        label = t("die.kept" if kept else "die.not_kept", index=number, face=face)
        enabled = human and game.rolls_left > 0
        badge = t("die.kept_badge") if kept else ""
        # Where the hint and the dice disagree, the die says what to do, in words: a ring
        # alone was easy to miss, and said nothing of a kept die that should be rolled.
        advice = ""
        if advising and (index in suggested) != kept:
            advice = "release" if kept else "keep"
            label = t(f"die.hint_{advice}", label=label)
            badge = t(f"die.hint_{advice}_badge")
        views.append(DieView(face, kept, label, badge, enabled, index in suggested, advice))
    return tuple(views)


def _game(state: AppState, t: Translator, now: float) -> GameView:
    game = state.game
    assert game is not None
    ruleset = game.ruleset
    computer = is_computer_turn(state)
    human = not computer
    name = game.player.name
    options = game.options

    if computer:
        status = t("computer.playing", name=name)
    elif game.dice is None:
        # With the phone passed around the table, the tray names whose turn it is: the title
        # above the sheet is often scrolled out of sight.
        several = len(game.players) > 1
        status = t("turn.roll_first_named", name=name) if several else t("turn.roll_first")
    elif game.selected_box is not None:
        status = t("turn.selected", box=t.box_name(ruleset.id, game.selected_box))
    elif game.rolls_left > 0 and len(game.kept) == DICE_COUNT:
        status = t("turn.all_kept")
    else:
        status = t("turn.choose_box")

    message = ""
    bonus_message = ""
    if options is not None:
        if options.joker is JokerBranch.SAME_FACE:
            (box,) = options.legal
            message = t("turn.joker_upper", box=t.box_name(ruleset.id, box))
        elif options.joker is JokerBranch.LOWER:
            message = t("turn.joker_lower")
        elif options.joker is JokerBranch.ANY_UPPER:
            message = t("turn.joker_any_upper")
        elif options.must_sacrifice:
            # Only the last roll forces a sacrifice: before it, the dice may still turn.
            message = t("turn.nothing_scores_yet" if game.rolls_left else "turn.must_sacrifice")
        if options.five_of_a_kind_bonus:
            bonus_message = t("turn.penta_bonus", points=options.five_of_a_kind_bonus)

    countdown = 0
    fraction = 0.0
    paused = state.countdown_paused
    if (state.countdown_deadline is not None or paused is not None) and human:
        deadline = state.countdown_deadline
        remaining = max(0.0, deadline - now) if deadline is not None else paused or 0.0
        countdown = max(1, math.ceil(remaining - 1e-9)) if remaining > 0 else 0
        if state.countdown_seconds:
            fraction = min(1.0, remaining / state.countdown_seconds)

    undo_label, can_undo_now = _undo_label(state, t)
    advice = _shown_advice(state, human)
    celebrated = celebration(state)
    coach_note = ""
    if state.coach_status is CoachStatus.UNAVAILABLE:
        coach_note = t("hint.unavailable") + ". " + t("hint.auto_score_fallback")

    return GameView(
        title=t("turn.player_turn", name=name),
        round=t("turn.round", round=game.turn_number, rounds=len(ruleset.boxes)),
        is_computer=computer,
        dice_label=t("die.area"),
        dice=_dice(state, game, t, human),
        rolled=game.dice is not None,
        roll_label=(
            t("turn.roll_with_left", count=game.rolls_left)
            if game.rolls_left
            else t("turn.no_rolls_left")
        ),
        can_roll=human and game.can_roll,
        keys_hint=(
            t("turn.keys_hint", keys=t.format_range(1, DICE_COUNT))
            if human and game.dice is not None and game.rolls_left > 0
            else ""
        ),
        status=status,
        message=message,
        bonus_message=bonus_message,
        confirm_label=t("turn.confirm"),
        can_confirm=human and game.selected_box is not None,
        countdown=countdown,
        countdown_text=_countdown_text(state, countdown, t),
        countdown_help=_countdown_help(state, t) if countdown else "",
        countdown_fraction=fraction,
        hint_label=t("hint.button"),
        hide_hint_label=t("hint.hide"),
        can_hint=human and game.dice is not None and state.coach_status is CoachStatus.READY,
        hint=_hint_text(state, t) if human else "",
        coach_note=coach_note,
        speed_label=t("computer.speed_up"),
        speed_pressed=state.settings.computer_speed is Speed.FAST,
        skip_label=t("computer.skip"),
        skip_help=t("computer.skip_label"),
        leave_label=t("game.leave"),
        skip_to_sheet_label=t("a11y.skip_to_sheet"),
        sheet=sheet_view(
            game,
            t,
            interactive=human,
            advice=advice,
            shown=spotlight(state, advice.box if isinstance(advice, ScoreAdvice) else None),
            celebrated=celebrated,
        ),
        undo_label=undo_label,
        can_undo=can_undo_now,
        last_move=_last_move(state, t),
        player=game.current_player,
        celebration=_celebration_text(state, t),
    )


def _countdown_help(state: AppState, t: Translator) -> str:
    """How to stop the countdown, or what holds it (game.countdown)."""
    if state.hint_requested:
        return t("turn.countdown_paused_hint", seconds=state.countdown_seconds)
    if state.sheet_held:
        return t("turn.countdown_paused_sheet")
    return t("turn.countdown_help")


def _celebration_text(state: AppState, t: Translator) -> str:
    celebrated = celebration(state)
    if celebrated is None or state.game is None:
        return ""
    name = state.game.players[celebrated.player].name
    return t(f"turn.celebrate.{state.game.ruleset.id}", name=name)


def _countdown_text(state: AppState, seconds: int, t: Translator) -> str:
    if not seconds:
        return ""
    if state.game is None or state.countdown_box is None:
        return t("turn.auto_score_countdown", seconds=seconds)
    box = t.box_name(state.game.ruleset.id, state.countdown_box)
    return t("turn.auto_score_countdown_box", box=box, seconds=seconds)


def _last_move(state: AppState, t: Translator) -> str:
    """What the previous player scored, while the next player has not rolled yet."""
    game, event = state.game, state.announcement
    if game is None or game.dice is not None or not isinstance(event, Scored):
        return ""
    if event.player == game.current_player:
        return ""  # a solo game, or the turn taken back: nothing new to tell
    name = game.players[event.player].name
    box = t.box_name(game.ruleset.id, event.box)
    text = t("turn.scored", name=name, points=event.points, box=box)
    if event.bonus:
        text += ". " + t("turn.penta_bonus", points=event.bonus)
    return text


def _hint_text(state: AppState, t: Translator) -> str:
    game = state.game
    advice = state.hint
    if not state.hint_requested or game is None:
        return ""
    if state.coach_status is CoachStatus.LOADING:
        return t("hint.loading")
    if state.coach_status is CoachStatus.UNAVAILABLE:
        return t("hint.unavailable")
    if advice is None:  # only the table's failure to load may say it is unavailable
        return ""
    value = "" if advice.value is None else t.format_number(advice.value, 1)
    if isinstance(advice, ScoreAdvice):
        return t("hint.best_score", box=t.box_name(game.ruleset.id, advice.box), value=value)
    assert isinstance(advice, KeepAdvice) and game.dice is not None
    if not advice.kept:
        return t("hint.best_reroll_all", value=value)
    dice = t.format_dice(game.dice[position] for position in advice.kept)
    return t("hint.best_keep", dice=dice, value=value)


def _bonus_reachable(sheet: Sheet) -> bool:
    ruleset = sheet.ruleset
    best_rest = 0
    for box in ruleset.boxes:
        if box.section is Section.UPPER and sheet.points_in(box.id) is None:
            best_rest += DICE_COUNT * getattr(box.scorer, "face", 0)
    return sheet.upper_subtotal + best_rest >= ruleset.upper_bonus_threshold


def sheet_view(
    game: GameState,
    t: Translator,
    *,
    interactive: bool,
    advice: KeepAdvice | ScoreAdvice | None = None,
    shown: Spotlight | None = None,
    celebrated: Spotlight | None = None,
) -> SheetView:
    """The score sheet: a row per box in sheet order with the sums, a column per player. The
    box that `advice` (the hint on screen) says to score is marked in the current column; the
    box `shown` is to be brought into view, the one `celebrated` is marked."""
    advised = advice.box if isinstance(advice, ScoreAdvice) else None
    ruleset = game.ruleset
    playing = not game.is_over
    current = game.current_player if playing else -1
    options = game.options if playing else None
    rows: list[Row] = []
    upper_done = False
    for box in ruleset.boxes:
        if box.section is Section.LOWER and not upper_done:
            rows += _upper_sum_rows(game, t, current)
            upper_done = True
        box_name = t.box_name(ruleset.id, box.id)
        cells = []
        for column, sheet in enumerate(game.sheets):
            player = game.players[column].name
            points = sheet.points_in(box.id)
            is_current = column == current
            if points is not None:
                text = t.format_number(points)
                label = t("sheet.cell_filled", player=player, box=box_name, points=text)
                celebrate = celebrated == (column, box.id)
                cells.append(Cell(text, "filled", label, None, False, is_current, False, celebrate))
            elif is_current and options is not None:
                cell = _open_cell(game, t, box.id, box_name, interactive)
                if box.id == advised:
                    label = t("hint.advised_box", label=cell.label)
                    cell = cell._replace(label=label, hinted=True)
                cells.append(cell)
            else:
                label = t("sheet.cell_open", player=player, box=box_name)
                cells.append(Cell("", "open", label, None, False, is_current))
        rows.append(
            Row(
                box.id,
                "box",
                box_name,
                t.box_help(ruleset.id, box.id),
                tuple(cells),
                section_start=box.section is Section.LOWER and rows[-1].kind != "box",
            )
        )
    if not upper_done:
        rows += _upper_sum_rows(game, t, current)
    if ruleset.extra_five_of_a_kind_bonus:
        rows.append(
            _sum_row(
                game,
                t,
                current,
                "five_of_a_kind_bonus",
                "bonus",
                t("sheet.penta_bonuses"),
                [s.five_of_a_kind_bonus_points for s in game.sheets],
            )
        )
    rows.append(
        _sum_row(
            game, t, current, "total", "total", t("sheet.total"), [s.total for s in game.sheets]
        )
    )
    columns = tuple(
        ColumnHead(
            player.name,
            index == current,
            t("sheet.now_playing", name=player.name) if index == current else player.name,
        )
        for index, player in enumerate(game.players)
    )
    return SheetView(
        box_header=t("sheet.box_column"),
        columns=columns,
        rows=tuple(rows),
        scroll_hint=t("sheet.scroll_hint") if len(game.players) > 2 else "",
        spotlight=None if shown is None else (shown.player, shown.box),
    )


def _open_cell(game: GameState, t: Translator, box: str, box_name: str, interactive: bool) -> Cell:
    options = game.options
    assert options is not None
    if box in options.forbidden:
        return Cell("–", "forbidden", t("turn.box_forbidden", box=box_name), None, False, True)
    points = options.points[box]
    text = t.format_number(points)
    label = t("turn.box_points", box=box_name, points=text)
    state = "selected" if box == game.selected_box else "potential" if points else "zero"
    return Cell(text, state, label, box, interactive, True)


def _upper_sum_rows(game: GameState, t: Translator, current: int) -> list[Row]:
    ruleset = game.ruleset
    subtotal = _sum_row(
        game,
        t,
        current,
        "upper_subtotal",
        "sum",
        t("sheet.upper_subtotal"),
        [s.upper_subtotal for s in game.sheets],
    )
    cells = []
    for column, sheet in enumerate(game.sheets):
        is_current = column == current
        if sheet.upper_bonus:
            text = t.format_number(sheet.upper_bonus)
            label = t("sheet.bonus_reached") + ": " + text
            cells.append(Cell(text, "sum", label, None, False, is_current))
        elif not _bonus_reachable(sheet):
            cells.append(Cell("0", "sum", t("sheet.bonus_out_of_reach"), None, False, is_current))
        else:
            needed = sheet.points_to_upper_bonus
            text = t("sheet.bonus_needed_short", points=needed)
            label = t("sheet.bonus_needed", points=needed)
            cells.append(Cell(text, "needed", label, None, False, is_current))
    label = t("sheet.upper_bonus")
    help_text = t(
        "sheet.upper_bonus_help",
        bonus=ruleset.upper_bonus,
        threshold=ruleset.upper_bonus_threshold,
    )
    bonus = Row("upper_bonus", "bonus", label, help_text, tuple(cells), section_start=False)
    return [subtotal, bonus]


def _sum_row(
    game: GameState,
    t: Translator,
    current: int,
    key: str,
    kind: str,
    label: str,
    values: list[int],
) -> Row:
    cells = tuple(
        Cell(
            t.format_number(value),
            "sum",
            t("sheet.cell_filled", player=game.players[column].name, box=label, points=value),
            None,
            False,
            column == current,
        )
        for column, value in enumerate(values)
    )
    return Row(key, kind, label, "", cells, section_start=kind == "total")


# --- end of game ------------------------------------------------------------------------------


def _end(state: AppState, t: Translator) -> EndView:
    game = state.game
    assert game is not None
    table = standings(game)
    places = [s.place for s in table]
    views = tuple(
        StandingView(
            s.place,
            t("end.place_tied" if places.count(s.place) > 1 else "end.place", place=s.place),
            s.name,
            t.format_number(s.total),
            s.place == 1,
        )
        for s in table
    )
    undo_label, can_undo_now = _undo_label(state, t)
    winners = [s.name for s in table if s.place == 1]
    if len(table) == 1:
        headline = (
            t("end.solo") + " " + t("end.final_score", points=t.format_number(table[0].total))
        )
    elif len(winners) == 1:
        headline = t("end.winner", name=winners[0])
    else:
        headline = t("end.winners_tied", names=t.format_list(winners))
    return EndView(
        title=t("end.title"),
        headline=headline,
        standings_heading=t("end.standings"),
        standings=views,
        breakdown_heading=t("end.breakdown"),
        sheet=sheet_view(game, t, interactive=False),
        play_again_label=t("end.play_again"),
        play_again_help=t("end.play_again_help"),
        new_game_label=t("end.new_game"),
        undo_label=undo_label,
        can_undo=can_undo_now,
    )


# --- settings and announcements ---------------------------------------------------------------


def _settings(state: AppState, t: Translator, languages: tuple[Choice, ...]) -> SettingsView:
    settings = state.settings
    return SettingsView(
        title=t("settings.title"),
        language_label=t("settings.language"),
        languages=languages,
        auto_score_label=t("settings.auto_score"),
        auto_score_help=t("settings.auto_score_help"),
        auto_score=tuple(
            Choice(
                str(seconds),
                t("settings.auto_score.seconds", seconds=seconds)
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
    )


def announcement_text(state: AppState, t: Translator) -> str:
    """The words for screen readers (aria-live) about what just happened."""
    event = state.announcement
    game = state.game
    if event is None or game is None:
        return ""
    ruleset: Ruleset = game.ruleset
    if isinstance(event, Rolled):
        return t("turn.rolled", dice=t.format_dice(event.dice))
    if isinstance(event, Kept):
        name = game.players[event.player].name
        if not event.dice:
            return t("computer.rerolls_all", name=name)
        return t("computer.keeps", name=name, dice=t.format_dice(event.dice))
    if isinstance(event, Scored):
        name = game.players[event.player].name
        box = t.box_name(ruleset.id, event.box)
        text = t("turn.scored", name=name, points=event.points, box=box)
        if event.automatic:
            text = t("turn.auto_scored", box=box) + ". " + text
        if event.bonus:
            text += ". " + t("turn.penta_bonus", points=event.bonus)
        cheer = _celebration_text(state, t)
        return f"{cheer} {text}" if cheer else text
    if isinstance(event, Undone):
        return t("undo.done", box=t.box_name(ruleset.id, event.box))
    assert isinstance(event, GameOver)
    return t("end.title")
