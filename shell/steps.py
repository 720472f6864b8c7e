"""Work done a step at a time (game.steps), the page answering between the steps: each yield
gives the browser's event loop a turn (asyncio's sleep(0) is a task of its own in Pyodide)."""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from typing import TypeVar

from game.steps import Stepped

T = TypeVar("T")


async def run_in_steps(steps: Generator[None, None, T]) -> T:
    """The result of `steps`, the page answering after each of them."""
    stepped = Stepped(steps)
    for _ in stepped:
        await asyncio.sleep(0)
    return stepped.result
