"""The final scores of optimal play, simulated at build time: where a score stands among
perfectly played games (the review's percentile).

One JSON file per ruleset, written by `python -m tools.score_distribution` and checked here
(it runs in Pyodide; cli.tables finds the files of a checkout):

    {"format": "penta-score-distribution", "version": 1,
     "ruleset": "penta", "fingerprint": "<the ruleset's scoring SHA-256>",
     "table_start_value": 254.5896...,      the table played by: a re-solved table that
                                            differs is another optimal player
     "seed": 2026, "games": 20000,          how it was simulated (cli.simulate: game n always
                                            rolls the same dice)
     "scores": [[73, 1], [88, 2], ...]}     each final score reached, rising, with how many
                                            games reached it (the counts add up to games)

    decode_distribution(text, ruleset) -> ScoreDistribution     raises DistributionError
    distribution.percent_below(score) -> float                  0 to 100
"""

from __future__ import annotations

import json
import math
from bisect import bisect_left
from dataclasses import dataclass
from itertools import pairwise

from game.rules.rulesets import Ruleset
from game.strategy.table import TableError

FORMAT = "penta-score-distribution"
VERSION = 1
MAX_SCORE = 10_000
MAX_GAMES = 10_000_000
KEYS = {"format", "version", "ruleset", "fingerprint", "table_start_value", "seed", "games"}


class DistributionError(TableError, ValueError):
    """A score distribution file that cannot be used; the message says why."""


@dataclass(frozen=True)
class ScoreDistribution:
    ruleset_id: str
    table_start_value: float
    seed: int
    scores: tuple[int, ...]
    """Each final score reached, rising."""
    counts: tuple[int, ...]
    """How many games reached each."""

    @property
    def games(self) -> int:
        return sum(self.counts)

    def percent_below(self, score: int) -> float:
        """The share of the simulated optimal games that scored less than `score`, in %."""
        below = bisect_left(self.scores, score)
        return 100.0 * sum(self.counts[:below]) / self.games

    def mean(self) -> float:
        return sum(s * c for s, c in zip(self.scores, self.counts, strict=True)) / self.games


def encode_distribution(distribution: ScoreDistribution, ruleset: Ruleset) -> str:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset.id,
        "fingerprint": ruleset.fingerprint(),
        "table_start_value": distribution.table_start_value,
        "seed": distribution.seed,
        "games": distribution.games,
        "scores": [
            list(pair) for pair in zip(distribution.scores, distribution.counts, strict=True)
        ],
    }
    return json.dumps(data, separators=(",", ":")) + "\n"


def from_totals(
    totals: list[int], table_start_value: float, seed: int, ruleset: Ruleset
) -> ScoreDistribution:
    counted: dict[int, int] = {}
    for total in totals:
        counted[total] = counted.get(total, 0) + 1
    scores = tuple(sorted(counted))
    return ScoreDistribution(
        ruleset.id, table_start_value, seed, scores, tuple(counted[s] for s in scores)
    )


def decode_distribution(text: str | bytes, ruleset: Ruleset) -> ScoreDistribution:
    """The distribution in `text`, every field checked against `ruleset` and the shape of the
    scores.

    Raises:
        DistributionError: not JSON, another format or version, another ruleset, or scores
            that are not a sorted list of possible final scores.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise DistributionError(f"the score distribution is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DistributionError(f"not a score distribution (format {FORMAT!r} expected)")
    if data.get("version") != VERSION:
        raise DistributionError(
            f"score distribution version {data.get('version')!r:.20}; this program reads {VERSION}"
        )
    if set(data) != KEYS | {"scores"}:
        raise DistributionError(
            f"score distribution keys: {sorted(KEYS | {'scores'})}, not {sorted(data)!r:.200}"
        )
    if data["ruleset"] != ruleset.id:
        raise DistributionError(
            f"the score distribution is for {data['ruleset']!r:.40}, not {ruleset.id!r}"
        )
    if data["fingerprint"] != ruleset.fingerprint():
        raise DistributionError(
            f"the {ruleset.id!r} score distribution was simulated for other scoring rules"
        )
    start = data["table_start_value"]
    if not isinstance(start, float) or not math.isfinite(start):
        raise DistributionError(f"table_start_value: a number, not {start!r:.40}")
    seed, games, pairs = data["seed"], data["games"], data["scores"]
    for name, value in (("seed", seed), ("games", games)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 2**53:
            raise DistributionError(f"{name}: a whole number, not {value!r:.40}")
    if not 0 < games <= MAX_GAMES:
        raise DistributionError(f"games: 1 to {MAX_GAMES}, not {games}")
    if not isinstance(pairs, list) or not pairs or len(pairs) > MAX_SCORE:
        raise DistributionError("scores: a list of [score, count] pairs")
    for pair in pairs:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or any(isinstance(n, bool) or not isinstance(n, int) for n in pair)
            or not 0 <= pair[0] <= MAX_SCORE
            or pair[1] < 1
        ):
            raise DistributionError(
                f"scores: [score, count] pairs of whole numbers, not {pair!r:.40}"
            )
    scores = tuple(pair[0] for pair in pairs)
    counts = tuple(pair[1] for pair in pairs)
    if any(b <= a for a, b in pairwise(scores)):
        raise DistributionError("scores: each score once, rising")
    if sum(counts) != games:
        raise DistributionError(f"scores: the counts add up to {sum(counts)}, not games = {games}")
    return ScoreDistribution(ruleset.id, start, seed, scores, counts)
