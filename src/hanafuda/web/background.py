"""A task that runs as long as the app serves: started after the app's own start-up, cancelled
before its shutdown (the lobby's ticker, the moderators' actions).  One place for the wrapping of
Starlette's lifespan that each of them would otherwise repeat."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

from fastapi import FastAPI

__all__ = ["run_while_serving"]


def run_while_serving(app: FastAPI, start: Callable[[], Coroutine[Any, Any, Any]]) -> None:
    """Run ``start()`` as a task while ``app`` serves; its end (an error included) never stops the
    app's shutdown."""
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[Any]:
        async with inner(a) as state:
            task = asyncio.get_running_loop().create_task(start())
            try:
                yield state
            finally:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    app.router.lifespan_context = lifespan
