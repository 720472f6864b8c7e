"""The daily challenge: one solo game a day per ruleset, with the same dice for everyone who
plays it that day (game.play.daily_dice), started from the New game screen.

    todays_result(state) -> DailyResult | None   today's challenge of the chosen ruleset, if
                                                 it was played (from the history)
    todays_kept(state, today) -> KeptGame | None today's challenge of the chosen ruleset, if
                                                 it was left unfinished
    challenge_day(game) -> date | None           the day of the challenge `game` is, if any
    replayable(game) -> bool                     whether Play again may follow `game`
    deletable(game, today) -> bool               whether a kept `game` may be deleted
    record_deletable(record, today) -> bool      whether a finished game may be deleted
    start_daily(state, today) -> AppState        today's challenge started, or `state` when it
                                                 was played already

The player is the first human of the setup (a blank name: their default name), or, with only
computers set up, a human of the first seat's default name. The local date comes from the
shell (Boot and StartDaily): the core never reads a clock. A challenge left unfinished (New
game during it) is kept like any game: starting today's challenge again resumes it (a new start
would have dealt the same dice again, to be learnt and played better); one in progress is
restored like any game.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from game.app.model import AppState
from game.app.seats import default_names, players_for
from game.app.turns import playing
from game.coach.protocol import CoachMode
from game.play.daily_dice import DailyDice
from game.play.engine import new_game
from game.play.state import Player, PlayerKind
from game.rules.rulesets import RULESETS

if TYPE_CHECKING:
    from game.persistence.history import GameRecord
    from game.persistence.kept import KeptGame
    from game.persistence.stats import DailyResult
    from game.play.state import GameState


def todays_result(state: AppState) -> DailyResult | None:
    """Today's challenge of the ruleset being set up, if the history holds it."""
    today, ruleset_id = state.setup.today, state.setup.ruleset_id
    return next((r for r in state.ui.daily if r.day == today and r.ruleset_id == ruleset_id), None)


def challenge_day(game: GameState) -> date | None:
    """The day of the daily challenge that `game` is, or None for any other game."""
    source = game.dice_source
    return source.day if isinstance(source, DailyDice) else None


def replayable(game: GameState) -> bool:
    """Whether Play again may follow `game`: not after a challenge, played once a day and by
    one player, where "the same players" would be the setup's, not the challenger."""
    return challenge_day(game) is None


def deletable(game: GameState, today: date | None) -> bool:
    """Whether a kept `game` may be deleted: not today's challenge, whose dice would be dealt
    again by a new start (a walk deleted it and played the same dice better); from the next
    day on, it may go."""
    return today is None or challenge_day(game) != today


def record_deletable(record: GameRecord, today: date | None) -> bool:
    """Whether a finished game may be deleted from the history: not today's challenge (nor a
    challenge on a day not known), which the history holds so that the day is played once:
    deleted, it could be played again with its dice known."""
    day = record.challenge_date
    return day is None or (today is not None and day != today)


def todays_kept(state: AppState, today: date) -> KeptGame | None:
    """Today's challenge of the ruleset being set up, if it was left unfinished."""
    ruleset_id = state.setup.ruleset_id
    return next(
        (
            kept
            for kept in state.ui.kept_games
            if challenge_day(kept.game) == today and kept.game.ruleset.id == ruleset_id
        ),
        None,
    )


def start_daily(state: AppState, today: date) -> AppState:
    """Today's challenge of the ruleset being set up, on the game screen; `state` with only the
    date brought up to `today` when that challenge was played already, or when real dice are
    chosen (the challenge is the same dice for everyone: the app's)."""
    state = replace(state, setup=replace(state.setup, today=today))
    if todays_result(state) is not None or state.setup.real_dice:
        return state
    ruleset = RULESETS[state.setup.ruleset_id]
    game = new_game(ruleset, [_challenger(state)], DailyDice(today, ruleset.id))
    return playing(state, game, (_challenger_coach(state),))


def _challenger_coach(state: AppState) -> CoachMode:
    # The coach of the seat the challenger comes from: the first human's.
    humans = (seat for seat in state.setup.seats_at_play if seat.kind is PlayerKind.HUMAN)
    return next((seat.coach for seat in humans), CoachMode.OFF)


def _challenger(state: AppState) -> Player:
    players = players_for(state.setup, state.settings.language)
    human = next((player for player in players if player.kind is PlayerKind.HUMAN), None)
    if human is not None:
        return human
    return Player(default_names([PlayerKind.HUMAN], state.settings.language)[0])
