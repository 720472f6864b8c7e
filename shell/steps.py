"""Work done a step at a time (game.steps), the page answering between the steps: each yield
gives the browser's event loop a turn (asyncio's sleep(0) is a task of its own in Pyodide)."""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")


async def run_in_steps(steps: Generator[None, None, T]) -> T:
    """The result of `steps`, the page answering after each of them."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
        await asyncio.sleep(0)
