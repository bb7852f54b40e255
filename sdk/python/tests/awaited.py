"""Runs an async client's calls as plain calls, so one test body checks a sync client and its
async twin alike."""

from __future__ import annotations

import asyncio
from typing import Any, Callable


class Awaited:
    """An async client whose coroutines run on a private event loop: every call still goes
    through the client's own awaitable methods, and one that is not awaitable fails the test."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self._loop = asyncio.new_event_loop()

    def __getattr__(self, name: str) -> Callable[..., Any]:
        method = getattr(self._client, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            result = method(*args, **kwargs)
            assert asyncio.iscoroutine(result), f"{type(self._client).__name__}.{name} is not awaitable"
            return self._loop.run_until_complete(result)

        return call

    def close(self) -> None:
        self._loop.close()
