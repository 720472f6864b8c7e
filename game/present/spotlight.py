"""The box on the score sheet that matters now, which the shell brings into the sheet's frame.

    spotlight(state, advised) -> Spotlight | None
    celebrated_box(state) -> Spotlight | None   the first five of a kind just scored

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

from game.app.celebration import Feat, celebration
from game.app.model import AppState, Screen
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
    celebrated = celebrated_box(state)
    if celebrated is not None:
        return celebrated
    if state.play.last_auto_scored is not None:
        # Scoring passed the turn on: the box is the player's before the current one.
        scorer = (game.current_player - 1) % len(game.players)
        return Spotlight(scorer, state.play.last_auto_scored)
    return None


def celebrated_box(state: AppState) -> Spotlight | None:
    """The first five of a kind of a player's game, just scored (game.app.celebration)."""
    celebrated = celebration(state)
    if celebrated is None or celebrated.feat is not Feat.FIVE_OF_A_KIND:
        return None
    return Spotlight(celebrated.scored.player, celebrated.scored.box)
