"""The lines of what was played: the last move's, while the next player has not rolled yet,
and every move made since a player's own turn, for whoever takes the phone (the hand-over)."""

from __future__ import annotations

from game.app.announcements import Corrected, Scored
from game.app.model import AppState
from game.i18n.translator import Translator
from game.play.state import GameState, PlayerKind


def last_move_text(state: AppState, t: Translator) -> str:
    """What the previous player scored, while the next player has not rolled yet: a computer's
    move, or a box the countdown scored, with its dice (played_text: a walk could not check
    "Computer 1: Three of a kind, 27 points")."""
    game, event = state.game, state.ui.announcement
    if game is not None and isinstance(event, Corrected):
        # Until the next dice are entered, as the line of the score it replaced.
        return "" if game.dice or state.ui.entry else corrected_text(game, event, t)
    if game is None or game.dice is not None or not isinstance(event, Scored):
        return ""
    if event.player == game.current_player and not event.automatic:
        return ""  # a solo game's box the player chose: nothing new to tell
    return played_text(game, event, t)


def moves_since_lines(state: AppState, t: Translator) -> tuple[str, ...]:
    """Every turn scored since the current player's own, a line each, in the order played:
    whoever takes the phone learns what the others did meanwhile, not only the last of them."""
    last = last_move_text(state, t)
    game = state.game
    if game is not None and game.dice is not None and state.ui.announcement is None:
        # A game resumed on a turn already rolled (its hand-over): what the others did since.
        return tuple(played_text(game, event, t) for event in _scored_since_own_turn(state))
    if game is None or not last or not isinstance(state.ui.announcement, Scored):
        return (last,) if last else ()
    since = _scored_since_own_turn(state)
    return tuple(played_text(game, event, t) for event in since) if since else (last,)


def played_text(game: GameState, event: Scored, t: Translator) -> str:
    """A move as told to the next player, and heard: a computer's with its dice, which went by
    behind the hand-over (a family could not check "Computer 1: Chance, 18 points"), or
    unheard when its turn was skipped (a keyboard walk); a box the countdown scored with its
    dice too, which went with it (a walk's grandmother could not see what had been scored
    for her)."""
    if event.automatic and event.dice:
        name, box = game.players[event.player].name, t.box_name(game.ruleset.id, event.box)
        dice = t.format_dice(event.dice)
        text = t("turn.scored_auto_with_dice", name=name, points=event.points, box=box, dice=dice)
        return text + _bonus(event, t)
    text = scored_text(game, event, t)
    if game.players[event.player].kind is not PlayerKind.COMPUTER or not event.dice:
        return text
    return t("turn.scored_with_dice", move=text, dice=t.format_dice(event.dice))


def _bonus(event: Scored, t: Translator) -> str:
    return ". " + t("turn.penta_bonus", points=event.bonus) if event.bonus else ""


def _scored_since_own_turn(state: AppState) -> tuple[Scored, ...]:
    game = state.game
    assert game is not None
    since: list[Scored] = []
    for event in reversed(state.ui.recent_scores):
        if event.player == game.current_player:
            break
        since.insert(0, event)
    return tuple(since)


def scored_text(game: GameState, event: Scored, t: Translator) -> str:
    name = game.players[event.player].name
    box = t.box_name(game.ruleset.id, event.box)
    # Automatic: one sentence ("Scored automatically: Twos. Dana scored 4 points in Twos" named
    # the box twice), the points before the word that says so (the folded line cuts its end).
    key = "turn.scored_auto" if event.automatic else "turn.scored"
    return t(key, name=name, points=event.points, box=box) + _bonus(event, t)


def corrected_text(game: GameState, event: Corrected, t: Translator) -> str:
    """What a correction changed (the line of the score it replaced said the old points)."""
    name = game.players[event.player].name
    box = t.box_name(game.ruleset.id, event.box)
    total = game.sheets[event.player].total
    if event.points is None:
        # Their turn is owed again: said, or "Next: Dana" on the pad read as the next seat's.
        again = game.current_player == event.player and not game.is_over
        key = "correct.done_cleared_again" if again else "correct.done_cleared"
        return t(key, name=name, box=box, total=total)
    return t("correct.done", name=name, box=box, points=event.points, total=total)
