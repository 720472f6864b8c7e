"""Work done a step at a time (game.steps): run through at once, it gives its result."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from game.steps import Stepped, run_through


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


def test_a_result_is_there_only_once_every_step_ran() -> None:
    stepped = Stepped(counted(2, []))
    steps = iter(stepped)
    next(steps)
    with pytest.raises(RuntimeError, match="not all run"):
        _ = stepped.result
    for _ in steps:
        pass
    assert stepped.result == 20
