"""A day's challenge is played once on a device: an import leaves out a challenge of a day and
ruleset the history holds already (a walk played the day on a new phone, imported the old
phone's backup, and the day counted twice in the statistics)."""

from __future__ import annotations

import random
from datetime import date

from game.persistence.exchange import export_history, import_history
from game.persistence.history import GameRecord, load_history, record_game, save_history
from game.persistence.stats import daily_results, player_stats
from game.persistence.storage import MemoryStorage
from game.play.daily_dice import DailyDice
from game.play.engine import new_game
from game.play.state import Player
from tests.persistence.persistence_helpers import play_to_end

DAY = date(2026, 12, 4)


def challenge(game_id: int, ruleset: str, choices: int, day: date = DAY) -> GameRecord:
    """A whole game of `day`'s challenge of `ruleset`, played with random choices."""
    game = new_game(ruleset, [Player("Mari")], DailyDice(day, ruleset))
    finished = play_to_end(game, random.Random(choices))
    return record_game(f"{game_id:016x}", finished, day)


def test_the_challenge_the_device_holds_stays_and_the_files_is_left_out() -> None:
    new_phone = challenge(1, "penta", choices=1)
    old_phone = challenge(2, "penta", choices=2)
    other_ruleset = challenge(3, "yatzy", choices=3)
    next_day = challenge(4, "penta", choices=4, day=date(2026, 12, 5))
    storage = MemoryStorage()
    save_history(storage, (new_phone,))
    backup = export_history((old_phone, other_ruleset, next_day), date(2026, 12, 5))
    outcome = import_history(storage, backup)
    assert (outcome.added, outcome.challenges_repeated, outcome.already_known) == (2, 1, 0)
    history = load_history(storage).value or ()
    assert {record.id for record in history} == {new_phone.id, other_ruleset.id, next_day.id}
    (penta, _) = sorted(player_stats(history), key=lambda stats: stats.ruleset_id)
    assert penta.games == 2  # the new phone's day and the next day: not the day twice
    assert [result.ruleset_id for result in daily_results(history)] == ["penta", "penta", "yatzy"]
    # Again: the games added are known now, the repeated day is left out again.
    again = import_history(storage, backup)
    assert (again.added, again.challenges_repeated, again.already_known) == (0, 1, 2)
    assert load_history(storage).value == history


def test_a_file_with_a_day_twice_gives_its_first() -> None:
    first, second = challenge(5, "yatzy", choices=5), challenge(6, "yatzy", choices=6)
    storage = MemoryStorage()
    outcome = import_history(storage, export_history((first, second), DAY))
    assert (outcome.added, outcome.challenges_repeated) == (1, 1)
    assert [record.id for record in load_history(storage).value or ()] == [first.id]
