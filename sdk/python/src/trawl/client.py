"""`Trawl` (blocking) and `AsyncTrawl` (asyncio): the same methods, named as in the
Firecrawl v2 Python SDK, each a thin driver around one operation in _ops.py."""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, Optional

import httpx

from . import _ops
from ._http import AsyncCore, SyncCore
from .watcher import AsyncWatcher, Watcher


class _Options:
    def __init__(
        self,
        api_key: Optional[str] = None,
        api_url: Optional[str] = None,
        *,
        timeout: float = 300.0,
        max_retries: int = 3,
        backoff_factor: float = 0.5,
        max_retry_after: float = 60.0,
    ) -> None:
        """`api_key`/`api_url` default to TRAWL_API_KEY / TRAWL_API_URL (else
        http://localhost:3002). `timeout` is the per-request limit in seconds.
        429, 502 and 503 answers and refused connections are retried up to
        `max_retries` times, waiting `backoff_factor`·2ⁿ seconds, or what a 429's
        Retry-After asks when that is at most `max_retry_after` seconds."""
        self._args = (api_key, api_url, timeout, max_retries, backoff_factor, max_retry_after)


def _as_method(method: Callable[..., Any], op: Callable[..., Any]) -> Callable[..., Any]:
    """help() and editors show the operation's own parameters, after `self`."""
    functools.update_wrapper(method, op)
    del method.__wrapped__
    sig = inspect.signature(op)
    this = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    method.__signature__ = sig.replace(parameters=[this, *sig.parameters.values()], return_annotation=inspect.Signature.empty)  # type: ignore[attr-defined]
    return method


def _sync_method(op: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: "Trawl", *args: Any, **kwargs: Any) -> Any:
        return self._core.run(op(*args, **kwargs))

    return _as_method(method, op)


def _async_method(op: Callable[..., Any]) -> Callable[..., Any]:
    async def method(self: "AsyncTrawl", *args: Any, **kwargs: Any) -> Any:
        return await self._core.run(op(*args, **kwargs))

    return _as_method(method, op)


class Trawl(_Options):
    """Blocking client: `Trawl(api_key=..., api_url=...).scrape("https://example.com")`."""

    def __init__(self, api_key: Optional[str] = None, api_url: Optional[str] = None, *, http_client: Optional[httpx.Client] = None, **options: Any) -> None:
        super().__init__(api_key, api_url, **options)
        self._core = SyncCore(*self._args, http_client=http_client)

    @property
    def api_url(self) -> str:
        return self._core.api_url

    def watcher(self, job_id: str, *, kind: str = "crawl", poll_interval: float = 2, timeout: Optional[float] = None, websocket: bool = True) -> Watcher:
        """Events of a running crawl (kind="crawl") or batch scrape (kind="batch")."""
        return Watcher(self._core, job_id, kind=kind, poll_interval=poll_interval, timeout=timeout, websocket=websocket)

    def close(self) -> None:
        self._core.close()

    def __enter__(self) -> "Trawl":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncTrawl(_Options):
    """asyncio client: every method is awaitable; `async with AsyncTrawl(...) as app:`."""

    def __init__(self, api_key: Optional[str] = None, api_url: Optional[str] = None, *, http_client: Optional[httpx.AsyncClient] = None, **options: Any) -> None:
        super().__init__(api_key, api_url, **options)
        self._core = AsyncCore(*self._args, http_client=http_client)

    @property
    def api_url(self) -> str:
        return self._core.api_url

    def watcher(self, job_id: str, *, kind: str = "crawl", poll_interval: float = 2, timeout: Optional[float] = None, websocket: bool = True) -> AsyncWatcher:
        """Events of a running crawl or batch scrape: `async for event in app.watcher(id)`."""
        return AsyncWatcher(self._core, job_id, kind=kind, poll_interval=poll_interval, timeout=timeout, websocket=websocket)

    async def close(self) -> None:
        await self._core.aclose()

    async def __aenter__(self) -> "AsyncTrawl":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()


for _op in _ops.OPS:
    setattr(Trawl, _op.__name__, _sync_method(_op))
    setattr(AsyncTrawl, _op.__name__, _async_method(_op))
# The Firecrawl SDK's second name for it.
Trawl.active_crawls = Trawl.get_active_crawls  # type: ignore[attr-defined]
AsyncTrawl.active_crawls = AsyncTrawl.get_active_crawls  # type: ignore[attr-defined]
