"""Whether two saved states are one game: the later played on from the earlier. A save of the
game in progress keeps the id of the session it continues, and a game left is kept in place of
an entry of the same id only when it is that game (a game of another id is never overwritten),
and a finished game is recorded in place of a record of the same id only when it is that game."""

from __future__ import annotations

from dataclasses import replace

from game.i18n.player_names import same_player
from game.persistence.history import GameRecord
from game.persistence.savefile import SavedGame
from game.play.daily_dice import DailyDice
from game.play.random_source import SeededDice
from game.play.state import GameState, Player


def same_game(stored: SavedGame, game: GameState) -> bool:
    """Whether `game` is the stored game played on (or taken back to its state before its last
    box)."""
    return _continues(stored.game, game) or (
        stored.before_last_turn is not None and _continues(stored.before_last_turn, game)
    )


def recorded_as(record: GameRecord, game: GameState) -> bool:
    """Whether the finished game `record` is `game` recorded when it ended: the same ruleset and
    players, and every move of its log but the last in `game`'s (the last box may have been
    taken back and scored again, or a box of real dice corrected since). Ids are 64 random
    bits: another game under the same id is damaged or edited data, or one game kept played
    on two devices, and recorded in its place it was lost (a hostile-data walk)."""
    if record.ruleset != game.ruleset:
        return False
    players = tuple(result.player for result in record.results)
    moves = record.log.moves[:-1]
    return _same_players(players, game.players) and game.log.moves[: len(moves)] == moves


def _continues(earlier: GameState, later: GameState) -> bool:
    """Whether `later` can follow from `earlier` by playing on: same ruleset and players, every
    filled box still holding its points, no bonus lost, the seeded dice not rewound; or, with
    both logs whole, `later`'s log going on from `earlier`'s (a correction of real dice changes
    points already filled: a finished game corrected was recorded again as another game)."""
    if earlier.ruleset != later.ruleset or not _same_players(earlier.players, later.players):
        return False
    if not _same_dice_line(earlier, later):
        return False
    moves = earlier.log.moves
    if earlier.log.complete and later.log.complete and later.log.moves[: len(moves)] == moves:
        return True
    return all(
        after.five_of_a_kind_bonus_count >= before.five_of_a_kind_bonus_count
        and all(
            points is None or points == after.scores[index]
            for index, points in enumerate(before.scores)
        )
        for before, after in zip(earlier.sheets, later.sheets, strict=True)
    )


def _same_players(earlier: tuple[Player, ...], later: tuple[Player, ...]) -> bool:
    """The same players, a default name in any language being the same player: the running
    game's unnamed players are renamed with the language shown (game.app.seats.named_in), and a
    finished game whose language was changed on its end screen was recorded again, as another
    game, at each change (a walk)."""
    return len(earlier) == len(later) and all(
        replace(before, name=same_player(before.name))
        == replace(after, name=same_player(after.name))
        for before, after in zip(earlier, later, strict=True)
    )


def _same_dice_line(earlier: GameState, later: GameState) -> bool:
    before, after = earlier.dice_source, later.dice_source
    if isinstance(before, SeededDice) and isinstance(after, SeededDice):
        return before.seed == after.seed and before.position <= after.position
    if isinstance(before, DailyDice) or isinstance(after, DailyDice):
        return before == after  # the same day's challenge, or the same kind of game
    return not isinstance(before, SeededDice) and not isinstance(after, SeededDice)
