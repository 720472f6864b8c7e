"""Work done a step at a time: a generator that yields between its steps and returns its
result. In the browser the shell lets the page answer between the steps (shell.steps); here,
and wherever it is not in the page's way, it runs through at once.

    run_through(steps) -> T
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")


def run_through(steps: Generator[None, None, T]) -> T:
    """The result of `steps`, each step run at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
