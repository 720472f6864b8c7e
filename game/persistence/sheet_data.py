"""A player and a sheet as saved games and the history store them, and read back checked:
the one place that knows which scores a box can hold and which bonuses a sheet can have
earned."""

from __future__ import annotations

from functools import cache

from game.errors import SaveFileError
from game.persistence.migrations import JsonObject
from game.persistence.readers import check_keys, read_int, read_object, translated
from game.play.sheet import Sheet, achievable_points
from game.play.state import Player
from game.rules.rulesets import Ruleset, get_ruleset


def player_to_data(player: Player) -> JsonObject:
    return {"name": player.name, "kind": player.kind.value, "level": player.level}


def sheet_to_data(sheet: Sheet) -> JsonObject:
    return {
        "scores": sheet.filled_boxes,
        "five_of_a_kind_bonuses": sheet.five_of_a_kind_bonus_count,
    }


@cache
def _achievable_points(ruleset_id: str, box_id: str) -> frozenset[int]:
    # Keyed by the ids: hashing a whole Ruleset (every box and scorer) for each score read
    # made loading a long history several times slower.
    return achievable_points(get_ruleset(ruleset_id), box_id)


def player_from_data(data: object, path: str) -> Player:
    """A player entry, checked as Player checks a new player.

    Raises:
        SaveFileError: not a player entry, or one Player refuses; the message starts with
            `path`.
    """
    entry = read_object(data, path)
    check_keys(entry, path, {"name", "kind", "level"})
    return translated(path, lambda: Player(entry["name"], entry["kind"], entry["level"]))


def sheet_from_data(data: object, path: str, ruleset: Ruleset) -> Sheet:
    """A sheet entry of `ruleset`, checked: known boxes, scores a roll can make there, and
    bonuses the sheet could have earned.

    Raises:
        SaveFileError: the entry breaks one of those; the message starts with `path`.
    """
    entry = read_object(data, path)
    check_keys(entry, path, {"scores", "five_of_a_kind_bonuses"})
    scores = read_object(entry["scores"], f"{path}.scores")
    for box_id, points in scores.items():
        if box_id not in ruleset.box_ids:
            raise SaveFileError(f"{path}.scores: unknown box {box_id!r} in ruleset {ruleset.id!r}")
        possible = _achievable_points(ruleset.id, box_id)
        if read_int(points, f"{path}.scores.{box_id}") not in possible:
            raise SaveFileError(
                f"{path}.scores.{box_id}: no roll scores {points} in {box_id!r} "
                f"(possible: {', '.join(map(str, sorted(possible)))})"
            )
    bonuses = read_int(entry["five_of_a_kind_bonuses"], f"{path}.five_of_a_kind_bonuses")
    sheet = Sheet.from_scores(ruleset, scores, bonuses)
    if bonuses:
        earning_box_filled = sheet.five_of_a_kind_box_points == ruleset.five_of_a_kind_points
        # Each bonus came with a box filled after the five-of-a-kind box itself.
        if (
            not ruleset.extra_five_of_a_kind_bonus
            or not earning_box_filled
            or bonuses >= len(scores)
        ):
            raise SaveFileError(
                f"{path}.five_of_a_kind_bonuses: {bonuses} bonuses cannot be earned with "
                f"{ruleset.five_of_a_kind_box!r} holding {sheet.five_of_a_kind_box_points} "
                f"and {len(scores)} boxes filled in ruleset {ruleset.id!r}"
            )
    return sheet
