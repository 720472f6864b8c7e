"""Work done a step at a time: a generator that yields between its steps and returns its
result. In the browser the shell lets the page answer between the steps (shell.steps); here,
and wherever it is not in the page's way, it runs through at once.

    Stepped(steps)        iterated, a step at a time; its `result` once done
    run_through(steps) -> T
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Stepped(Generic[T]):
    """`steps` run as it is iterated, one step each; `result` is what it returned."""

    def __init__(self, steps: Generator[None, None, T]) -> None:
        self._steps = steps
        self._returned: list[T] = []

    def __iter__(self) -> Iterator[None]:
        self._returned.append((yield from self._steps))

    @property
    def result(self) -> T:
        """What the steps returned.

        Raises:
            RuntimeError: they have not all run yet.
        """
        if not self._returned:
            raise RuntimeError("the steps have not all run yet")
        return self._returned[0]


def run_through(steps: Generator[None, None, T]) -> T:
    """The result of `steps`, each step run at once."""
    stepped = Stepped(steps)
    for _ in stepped:
        pass
    return stepped.result
