"""The shell's coroutines (a storage job in steps, a fetch, a file read), run as tasks."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Coroutine
from typing import Any


class Tasks:
    """Coroutines run as tasks, each kept until it ends (asyncio holds only weak references)."""

    def __init__(self) -> None:
        self._running: set[asyncio.Future[None]] = set()

    def start(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._running.add(task)
        task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Future[None]) -> None:
        self._running.discard(task)
        if not task.cancelled() and (error := task.exception()) is not None:
            # Said, not dropped: a task's failure left no trace anywhere (a hostile-data walk).
            traceback.print_exception(error)
