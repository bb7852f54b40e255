"""Retries on 429 (honouring Retry-After), 502 and 503, against a scripted HTTP server:
Trawl itself only answers these under load, which a test cannot arrange reliably."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace
from typing import Iterator, List, Tuple

import pytest

from trawl import AsyncTrawl, RateLimitError, ServiceUnavailableError, Trawl, _http

OK = (200, {}, {"success": True, "data": {"remainingCredits": 7, "planCredits": 10}})


class Scripted:
    """Answers each request with the next scripted (status, headers, body); the last one repeats."""

    def __init__(self) -> None:
        self.script: List[Tuple[int, dict, dict]] = []
        self.requests = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                outer.requests += 1
                status, headers, body = outer.script[min(outer.requests, len(outer.script)) - 1]
                data = json.dumps(body).encode()
                self.send_response(status)
                for k, v in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture()
def stub() -> Iterator[Scripted]:
    s = Scripted()
    yield s
    s.server.shutdown()
    s.server.server_close()


@pytest.fixture()
def waits(monkeypatch: pytest.MonkeyPatch) -> List[float]:
    """The pauses the client asks for, recorded instead of slept: what it waits is checked without a clock."""
    asked: List[float] = []

    async def pause(seconds: float) -> None:
        asked.append(seconds)

    monkeypatch.setattr(_http, "time", SimpleNamespace(sleep=asked.append, time=time.time))
    monkeypatch.setattr(_http, "asyncio", SimpleNamespace(sleep=pause))
    return asked


def limited(retry_after: str) -> Tuple[int, dict, dict]:
    return (429, {"Retry-After": retry_after}, {"success": False, "error": "Rate limit exceeded. Consumed (req/min): 16"})


def test_429_waits_as_long_as_retry_after_says(stub, waits):
    stub.script = [limited("7"), OK]
    usage = Trawl(api_key="k", api_url=stub.url, backoff_factor=0.01).get_credit_usage()
    assert usage.remaining_credits == 7
    assert stub.requests == 2
    assert waits == [7.0], "the client waited Retry-After, not its own short backoff"


def test_502_and_503_are_retried_with_backoff(stub, waits):
    stub.script = [(502, {}, {"success": False, "error": "upstream"}), (503, {}, {"success": False, "error": "busy"}), OK]
    assert Trawl(api_key="k", api_url=stub.url, backoff_factor=0.01).get_credit_usage().plan_credits == 10
    assert stub.requests == 3
    assert waits == [0.01, 0.02], "exponential backoff"


def test_persistent_429_surfaces_as_rate_limit_error(stub):
    stub.script = [limited("0")]
    with pytest.raises(RateLimitError) as caught:
        Trawl(api_key="k", api_url=stub.url, max_retries=2).get_credit_usage()
    assert stub.requests == 3, "the first try and two retries"
    err = caught.value
    assert err.status == 429 and err.retry_after == 0 and "Rate limit exceeded" in err.message


def test_a_retry_after_longer_than_allowed_is_not_waited_for(stub):
    stub.script = [limited("3600"), OK]
    with pytest.raises(RateLimitError) as caught:
        Trawl(api_key="k", api_url=stub.url, max_retry_after=5).get_credit_usage()
    assert stub.requests == 1 and caught.value.retry_after == 3600


def test_no_retries_when_switched_off(stub):
    stub.script = [(503, {}, {"success": False, "error": "busy"}), OK]
    with pytest.raises(ServiceUnavailableError) as caught:
        Trawl(api_key="k", api_url=stub.url, max_retries=0).get_credit_usage()
    assert caught.value.status == 503 and stub.requests == 1


async def test_the_async_client_retries_the_same_way(stub, waits):
    stub.script = [limited("7"), (502, {}, {"success": False, "error": "upstream"}), OK]
    async with AsyncTrawl(api_key="k", api_url=stub.url, backoff_factor=0.01) as app:
        usage = await app.get_credit_usage()
    assert usage.remaining_credits == 7 and stub.requests == 3
    assert waits == [7.0, 0.02]
