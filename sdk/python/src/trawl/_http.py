"""One HTTP core for both clients.

The API methods (_ops.py) are written once, as generators that yield what they need —
a `Call` to make or a `Sleep` — and receive the decoded JSON back. `SyncCore` and
`AsyncCore` drive them with httpx's blocking and asyncio clients, so the two clients
cannot drift apart in behaviour.
"""

from __future__ import annotations

import asyncio
import email.utils
import os
import time
from dataclasses import dataclass
from typing import Any, Dict, Generator, Optional

import httpx

from ._version import __version__
from .errors import TrawlConnectionError, TrawlError, error_for

DEFAULT_API_URL = "http://localhost:3002"
RETRIED_STATUSES = (429, 502, 503)


@dataclass
class Call:
    method: str
    path: str  # "/v2/…", or an absolute `next` URL followed verbatim
    json: Any = None
    params: Optional[Dict[str, Any]] = None
    files: Optional[Dict[str, Any]] = None
    data: Optional[Dict[str, Any]] = None
    headers: Optional[Dict[str, str]] = None
    timeout: Optional[float] = None


@dataclass
class Sleep:
    seconds: float


Op = Generator[Any, Any, Any]


def retry_after_seconds(value: Optional[str]) -> Optional[float]:
    """Retry-After is either delta-seconds or an HTTP date."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class _Base:
    def __init__(
        self,
        api_key: Optional[str],
        api_url: Optional[str],
        timeout: float,
        max_retries: int,
        backoff_factor: float,
        max_retry_after: float,
    ) -> None:
        self.api_key = api_key if api_key is not None else os.environ.get("TRAWL_API_KEY")
        self.api_url = (api_url or os.environ.get("TRAWL_API_URL") or DEFAULT_API_URL).rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_factor = backoff_factor
        self.max_retry_after = max_retry_after

    def headers(self) -> Dict[str, str]:
        # Key-less servers (TRAWL_AUTH=off) get no Authorization header at all.
        h = {"User-Agent": f"trawl-python/{__version__}"}
        if self.api_key:
            h["Authorization"] = f"Bearer {self.api_key}"
        return h

    def request_args(self, call: Call) -> Dict[str, Any]:
        url = call.path if call.path.startswith(("http://", "https://")) else self.api_url + call.path
        args: Dict[str, Any] = {
            "method": call.method,
            "url": url,
            "headers": {**self.headers(), **(call.headers or {})},
            "timeout": call.timeout if call.timeout is not None else self.timeout,
        }
        if call.json is not None:
            args["json"] = call.json
        if call.params:
            args["params"] = {k: v for k, v in call.params.items() if v is not None}
        if call.files is not None:
            args["files"] = call.files
            args["data"] = call.data
        return args

    def retry_delay(self, attempt: int, response: Optional[httpx.Response]) -> Optional[float]:
        """Seconds to wait before the next attempt, or None to give up."""
        if attempt >= self.max_retries:
            return None
        backoff = self.backoff_factor * (2**attempt)
        if response is not None and response.status_code == 429:
            hint = retry_after_seconds(response.headers.get("retry-after"))
            if hint is not None:
                if hint > self.max_retry_after:
                    return None
                return hint
        return backoff

    def delay_after_error(self, attempt: int, exc: httpx.TransportError, url: str) -> float:
        """Seconds to wait after a transport failure; raises when it is not worth another try."""
        # Only a refused connection surely reached nothing, so even a POST is safe to send again.
        delay = self.retry_delay(attempt, None) if isinstance(exc, httpx.ConnectError) else None
        if delay is None:
            raise TrawlConnectionError(f"Could not reach {url}: {exc}") from exc
        return delay

    def delay_after_response(self, attempt: int, response: httpx.Response) -> Optional[float]:
        """Seconds to wait before asking again, or None when this response is the answer."""
        if response.status_code not in RETRIED_STATUSES:
            return None
        return self.retry_delay(attempt, response)

    @staticmethod
    def decode(response: httpx.Response) -> Any:
        try:
            body = response.json()
        except ValueError:
            body = response.text
        if response.status_code != 200:
            raise error_for(response.status_code, body, retry_after_seconds(response.headers.get("retry-after")))
        if not isinstance(body, (dict, list)):
            raise TrawlError("The server answered with something other than JSON", status=200, body=body)
        return body


class SyncCore(_Base):
    def __init__(self, *args: Any, http_client: Optional[httpx.Client] = None) -> None:
        super().__init__(*args)
        self.client = http_client or httpx.Client()

    def send(self, call: Call) -> Any:
        args = self.request_args(call)
        attempt = 0
        while True:
            try:
                response = self.client.request(**args)
            except httpx.TransportError as exc:
                delay = self.delay_after_error(attempt, exc, args["url"])
            else:
                delay = self.delay_after_response(attempt, response)
                if delay is None:
                    return self.decode(response)
            time.sleep(delay)
            attempt += 1

    def run(self, op: Op) -> Any:
        value: Any = None
        error: Optional[BaseException] = None
        try:
            while True:
                step = op.throw(error) if error else op.send(value)
                value, error = None, None
                if isinstance(step, Sleep):
                    time.sleep(step.seconds)
                    continue
                try:
                    value = self.send(step)
                except TrawlError as exc:
                    error = exc
        except StopIteration as stop:
            return stop.value

    def close(self) -> None:
        self.client.close()


class AsyncCore(_Base):
    def __init__(self, *args: Any, http_client: Optional[httpx.AsyncClient] = None) -> None:
        super().__init__(*args)
        self.client = http_client or httpx.AsyncClient()

    async def send(self, call: Call) -> Any:
        args = self.request_args(call)
        attempt = 0
        while True:
            try:
                response = await self.client.request(**args)
            except httpx.TransportError as exc:
                delay = self.delay_after_error(attempt, exc, args["url"])
            else:
                delay = self.delay_after_response(attempt, response)
                if delay is None:
                    return self.decode(response)
            await asyncio.sleep(delay)
            attempt += 1

    async def run(self, op: Op) -> Any:
        value: Any = None
        error: Optional[BaseException] = None
        try:
            while True:
                step = op.throw(error) if error else op.send(value)
                value, error = None, None
                if isinstance(step, Sleep):
                    await asyncio.sleep(step.seconds)
                    continue
                try:
                    value = await self.send(step)
                except TrawlError as exc:
                    error = exc
        except StopIteration as stop:
            return stop.value

    async def aclose(self) -> None:
        await self.client.aclose()
