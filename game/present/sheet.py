"""The score sheet, as the game and end screens show it: a row per box in sheet order with
the sums, a column per player; and why a tap on one of its boxes was refused.
"""

from __future__ import annotations

from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.i18n.translator import Translator
from game.play.corrections import corrected_boxes
from game.play.sheet import Sheet
from game.play.state import GameState
from game.present.seat_colours import seat_colour
from game.present.sheet_views import Cell, ColumnHead, Row, SheetView
from game.present.spotlight import Spotlight
from game.rules.rulesets import Ruleset, Section


def refused_cell(game: GameState, box: str | None, seat: int | None) -> tuple[int, str] | None:
    """The (column, box) of the tap refused last: `box` in `seat`'s column, or in the current
    player's where `seat` is None."""
    return None if box is None else (game.current_player if seat is None else seat, box)


def refusal_words(game: GameState, t: Translator, box: str, seat: int | None) -> str:
    """Why the box tapped is not chosen: it is in another player's column (`seat`), filled
    there for good (a family's wrong box, seen after the next roll: a walk was told only to
    choose in the highlighted column), it holds points, or the joker rule sends the dice
    elsewhere (the tray's message says where)."""
    if seat is not None:
        other = game.players[seat].name
        if game.sheets[seat].points_in(box) is None:
            return t("turn.others_box", other=other, name=game.player.name)
        return t("turn.others_filled_box", other=other, box=t.box_name(game.ruleset.id, box))
    name = t.box_name(game.ruleset.id, box)
    points = game.sheet.points_in(box)
    if points is None:
        return t("turn.box_forbidden", box=name)
    return t("turn.box_filled", box=name, points=points)


def sheet_view(
    game: GameState,
    t: Translator,
    *,
    interactive: bool,
    advice: KeepAdvice | ScoreAdvice | None = None,
    shown: Spotlight | None = None,
    celebrated: Spotlight | None = None,
    counting_down: str | None = None,
    countdown_held: bool = False,
    correctable: bool = True,
    refused: tuple[int, str] | None = None,
) -> SheetView:
    """The score sheet: a row per box in sheet order with the sums, a column per player. The
    box that `advice` (the hint on screen) says to score is marked in the current column, and
    so is the box `counting_down`, which the countdown on screen scores when it ends (the sheet
    shows it before it is scored: a walk saw a 0 scored with points on offer, told only in the
    tray; its name says when the countdown is held); the box `shown` is to be brought into
    view, the one `celebrated` is marked. With real dice, each filled box of a `correctable`
    sheet opens its correction (not a finished game's, seen from the history); else, while
    `interactive`, a tap on the current player's filled box is refused, and so is a tap on any
    box of another player's column; `refused`: the (column, box) refused last."""
    advised = advice.box if isinstance(advice, ScoreAdvice) else None
    corrected = corrected_boxes(game) if game.real_dice and game.log.complete else frozenset()
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
                # With real dice a filled box can be corrected, as on paper.
                correct = (
                    t("correct.open", name=player, box=box_name, points=text)
                    if game.real_dice and correctable
                    else ""
                )
                cell = Cell(
                    text, "filled", label, None, False, is_current, False, celebrate, correct
                )
                if interactive and options is not None and not correct:
                    cell = cell._replace(refuses=box.id, refused=(column, box.id) == refused)
                cells.append(_marked(cell, t) if (column, box.id) in corrected else cell)
            elif is_current and options is not None:
                cell = _open_cell(game, t, box.id, box_name, interactive)
                if cell.state == "forbidden" and interactive:
                    cell = cell._replace(refuses=box.id, refused=(column, box.id) == refused)
                if box.id == advised:
                    label = t("hint.advised_box", label=cell.label)
                    cell = cell._replace(label=label, hinted=True)
                if box.id == counting_down:
                    held = "turn.countdown_box_held" if countdown_held else "turn.countdown_box"
                    label = t(held, label=cell.label)
                    cell = cell._replace(label=label, counting_down=True)
                cells.append(cell)
            else:
                label = t("sheet.cell_open", player=player, box=box_name)
                cell = Cell("", "open", label, None, False, is_current)
                if interactive and options is not None:  # another player's: the tray says so
                    cell = cell._replace(refuses=box.id, refused=(column, box.id) == refused)
                cells.append(cell)
        rows.append(
            Row(
                box.id,
                "box",
                box_name,
                t.box_help(ruleset.id, box.id),
                tuple(cells),
                section_start=box.section is Section.LOWER and rows[-1].kind != "box",
                explain=t("box_explain.button", box=box_name),
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
                [s.five_of_a_kind_bonus_points for s in game.sheets],
            )
        )
    rows.append(_sum_row(game, t, current, "total", "total", [s.total for s in game.sheets]))
    columns = tuple(
        ColumnHead(
            player.name,
            index == current,
            t("sheet.now_playing", name=player.name) if index == current else player.name,
            seat_colour(index),
            t("sheet.player_explain"),
        )
        for index, player in enumerate(game.players)
    )
    return SheetView(
        box_header=t("sheet.box_column"),
        columns=columns,
        rows=tuple(rows),
        scroll_hint=t("sheet.scroll_hint") if len(game.players) > 2 else "",
        scroll_hint_short=t("sheet.scroll_hint_short") if len(game.players) > 2 else "",
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


def bonus_standing(sheet: Sheet, t: Translator) -> str:
    """Where a player stands with the upper bonus, in words: the bonus cell's label, and what
    the bonus's help says of each player (a 0 there, once out of reach, went unexplained)."""
    if sheet.upper_bonus:
        return t("sheet.bonus_reached") + ": " + t.format_number(sheet.upper_bonus)
    if not sheet.upper_bonus_reachable():
        return t("sheet.bonus_out_of_reach")
    return t("sheet.bonus_needed", points=sheet.points_to_upper_bonus)


def _upper_sum_rows(game: GameState, t: Translator, current: int) -> list[Row]:
    ruleset = game.ruleset
    subtotal = _sum_row(
        game, t, current, "upper_subtotal", "sum", [s.upper_subtotal for s in game.sheets]
    )
    cells = []
    for column, sheet in enumerate(game.sheets):
        is_current = column == current
        label = bonus_standing(sheet, t)
        if sheet.upper_bonus:
            text = t.format_number(sheet.upper_bonus)
            cells.append(Cell(text, "sum", label, None, False, is_current))
        elif not sheet.upper_bonus_reachable():
            cells.append(Cell("0", "sum", label, None, False, is_current))
        else:
            text = t("sheet.bonus_needed_short", points=sheet.points_to_upper_bonus)
            cells.append(Cell(text, "needed", label, None, False, is_current))
    label, help_text = total_words(ruleset, "upper_bonus", t)
    bonus = Row(
        "upper_bonus",
        "bonus",
        label,
        help_text,
        tuple(cells),
        section_start=False,
        explain=t("box_explain.total_button", total=label),
    )
    return [subtotal, bonus]


_TOTAL_NAMES = {
    "upper_subtotal": "sheet.upper_subtotal",
    "upper_bonus": "sheet.upper_bonus",
    "five_of_a_kind_bonus": "sheet.penta_bonuses",
    "total": "sheet.total",
}


def total_words(ruleset: Ruleset, key: str, t: Translator) -> tuple[str, str]:
    """The name of the sheet's total `key` (a key of _TOTAL_NAMES), and what it counts: the
    ruleset's own rule for those of `ruleset.ruled_totals` (the box dialog shows it), else ""."""
    if key == "upper_subtotal":
        threshold = ruleset.upper_bonus_threshold
        help_text = t("sheet.upper_subtotal_help", threshold=threshold)
    elif key == "upper_bonus":
        threshold, bonus = ruleset.upper_bonus_threshold, ruleset.upper_bonus
        help_text = t("sheet.upper_bonus_help", bonus=bonus, threshold=threshold)
    elif key == "five_of_a_kind_bonus":
        bonus, points = ruleset.extra_five_of_a_kind_bonus, ruleset.five_of_a_kind_points
        help_text = t("sheet.penta_bonuses_help", bonus=bonus, points=points)
    else:
        help_text = ""
    return t(_TOTAL_NAMES[key]), help_text


def _sum_row(
    game: GameState,
    t: Translator,
    current: int,
    key: str,
    kind: str,
    values: list[int],
) -> Row:
    label, help_text = total_words(game.ruleset, key, t)
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
    explain = t("box_explain.total_button", total=label) if help_text else ""
    return Row(key, kind, label, help_text, cells, section_start=kind == "total", explain=explain)


def _marked(cell: Cell, t: Translator) -> Cell:
    """A corrected box: marked, and its names say so."""
    correct = t("sheet.corrected", label=cell.correct) if cell.correct else ""
    return cell._replace(
        label=t("sheet.corrected", label=cell.label), correct=correct, corrected=True
    )
