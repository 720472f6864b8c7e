"""Work done a step at a time (game.steps): run through at once, it gives its result."""

from __future__ import annotations

from collections.abc import Generator

from game.steps import run_through


def counted(to: int, log: list[int]) -> Generator[None, None, int]:
    for number in range(to):
        log.append(number)
        yield
    return to * 10


def test_every_step_runs_and_the_result_is_returned() -> None:
    log: list[int] = []
    assert run_through(counted(3, log)) == 30
    assert log == [0, 1, 2]
    assert run_through(counted(0, log)) == 0
