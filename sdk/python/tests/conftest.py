"""A real Trawl, started as its own process from the repository, plus fixture websites."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator, List

import pytest

from awaited import Awaited
from fixture_site import Site, docs_site, slow_site
from trawl import AsyncTrawl, Trawl

# The Trawl to start: this repository, or another checkout named by TRAWL_SERVER_DIR.
REPO = Path(os.environ.get("TRAWL_SERVER_DIR") or Path(__file__).resolve().parents[3])
KEY = "fc-0123456789abcdef0123456789abcdef"
OTHER_KEY = "fc-fedcba9876543210fedcba9876543210"


class Server:
    def __init__(self, url: str, key: str, other_key: str) -> None:
        self.url, self.key, self.other_key = url, key, other_key


def start_trawl(env: dict) -> Iterator[Server]:
    data_dir = tempfile.mkdtemp(prefix="trawl-pytest-")
    log_path = Path(data_dir) / "server.log"
    log = open(log_path, "wb")
    proc = subprocess.Popen(
        ["node", "--import", "tsx", "src/main.ts"],
        cwd=REPO,
        env={
            **os.environ,
            "PORT": "0",
            "HOST": "127.0.0.1",
            "TRAWL_DATA_DIR": data_dir,
            "TRAWL_API_KEY": KEY,
            "TRAWL_API_KEYS": f"other:{OTHER_KEY}",
            "TRAWL_ALLOW_PRIVATE_NETWORK": "1",
            # Tests start more crawls a minute than the default crawl rate class allows.
            "TRAWL_RATE_LIMITS": "off",
            # The other team's plan: a finite credit allowance, so usage visibly goes down.
            "TRAWL_DEFAULT_PLAN": "standard",
            **env,
        },
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            text = log_path.read_text(errors="replace")
            m = re.search(r"listening on (http://[\d.]+:\d+)", text)
            if m:
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Trawl did not start (exit {proc.poll()}):\n{text}")
            time.sleep(0.1)
        yield Server(m.group(1), KEY, OTHER_KEY)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    yield from start_trawl({})


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    s = docs_site()
    yield s
    s.close()


@pytest.fixture()
def slow() -> Iterator[Site]:
    s = slow_site()
    yield s
    s.close()


class AsyncAsSync(Awaited):
    """An AsyncTrawl whose coroutines run on a private event loop, so the same test body
    checks both clients: every call still goes through AsyncTrawl's awaitable methods."""

    def watch(self, job_id: str, **kwargs: Any) -> List[Any]:
        async def collect() -> List[Any]:
            return [event async for event in self._client.watcher(job_id, **kwargs)]

        return self._loop.run_until_complete(collect())

    def close(self) -> None:
        self._loop.run_until_complete(self._client.close())
        self._loop.close()


class SyncClient:
    def __init__(self, client: Trawl) -> None:
        self._client = client

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def watch(self, job_id: str, **kwargs: Any) -> List[Any]:
        return list(self._client.watcher(job_id, **kwargs))


def make_client(kind: str, url: str, key: str, **options: Any) -> Any:
    if kind == "sync":
        return SyncClient(Trawl(api_key=key, api_url=url, **options))
    return AsyncAsSync(AsyncTrawl(api_key=key, api_url=url, **options))


@pytest.fixture(params=["sync", "async"])
def app(request: pytest.FixtureRequest, server: Server) -> Iterator[Any]:
    """Trawl, then AsyncTrawl: each test using it runs once per client."""
    client = make_client(request.param, server.url, server.key)
    yield client
    client.close()


@pytest.fixture(params=["sync", "async"])
def metered_app(request: pytest.FixtureRequest, server: Server) -> Iterator[Any]:
    """Like `app`, for the other team, whose plan has a credit allowance (the default team's is unlimited)."""
    client = make_client(request.param, server.url, server.other_key)
    yield client
    client.close()


@pytest.fixture()
def other_team(server: Server) -> Iterator[Trawl]:
    """A client with the key of another team."""
    with Trawl(api_key=server.other_key, api_url=server.url) as client:
        yield client
