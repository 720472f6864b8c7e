"""The box on the score sheet that matters now, which the shell brings into the sheet's frame.

    spotlight(state, advised) -> Spotlight | None
    celebration(state) -> Spotlight | None

In order: the box the hint on screen advises (`advised`, current player), the box the joker
forces (five of a kind whose upper box is open), the box selected (a box taken back is selected
again, and a reload restores the box selected: walks found both scrolled out of the frame),
the first five of a kind just scored (a player's Penta or Yatzy box filled with its points:
celebrated, since later ones only earn bonuses), and the box the countdown just scored by
itself. The last two are the previous player's, and matter until the next roll. A box the
player taps is selected where it shows: the shell brings a box into the frame only when the
spotlight moves, and only as far as it takes.
"""

from __future__ import annotations

from typing import NamedTuple

from game.app.model import AppState, Scored, Screen
from game.rules.rulesets import JokerBranch


class Spotlight(NamedTuple):
    player: int
    """The column: the player whose box it is."""
    box: str


def spotlight(state: AppState, advised: str | None = None) -> Spotlight | None:
    game = state.game
    if state.screen is not Screen.GAME or game is None or game.is_over:
        return None
    if advised is not None:
        return Spotlight(game.current_player, advised)
    options = game.options
    if options is not None and options.joker is JokerBranch.SAME_FACE:
        (forced,) = options.legal
        return Spotlight(game.current_player, forced)
    if game.selected_box is not None:
        return Spotlight(game.current_player, game.selected_box)
    if game.dice is not None:
        return None  # the turn's first roll: what the last player scored has been seen
    celebrated = celebration(state)
    if celebrated is not None:
        return celebrated
    if state.play.last_auto_scored is not None:
        # Scoring passed the turn on: the box is the player's before the current one.
        scorer = (game.current_player - 1) % len(game.players)
        return Spotlight(scorer, state.play.last_auto_scored)
    return None


def celebration(state: AppState) -> Spotlight | None:
    """The first five of a kind of a player's game, just scored (until the next roll)."""
    game, event = state.game, state.ui.announcement
    if game is None or not isinstance(event, Scored) or not event.points:
        return None
    if event.box != game.ruleset.five_of_a_kind_box:
        return None
    if game.dice is not None and not game.is_over:
        return None
    return Spotlight(event.player, event.box)
