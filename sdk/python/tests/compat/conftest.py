"""The compatibility suite's clients may talk to 127.0.0.1 only (Trawl and the fixture site):
any other connection is refused and fails the test, so a client that phones home (telemetry,
update checks, a cloud fallback) shows up here instead of reaching the internet."""

from __future__ import annotations

import socket
from typing import Iterator, List

import pytest

ALLOWED = {"127.0.0.1", "localhost", "::1", "::ffff:127.0.0.1"}


def _host(address: object) -> str:
    return str(address[0]) if isinstance(address, tuple) else str(address)


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[List[str]]:
    refused: List[str] = []
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex

    def guard(address: object) -> None:
        if isinstance(address, (str, bytes)):  # a Unix socket path
            return
        if _host(address) not in ALLOWED:
            refused.append(f"{_host(address)}:{address[1]}")  # type: ignore[index]
            raise ConnectionRefusedError(f"compatibility suite: connection to {address} refused (loopback only)")

    def connect(self: socket.socket, address: object) -> None:
        guard(address)
        return real_connect(self, address)

    def connect_ex(self: socket.socket, address: object) -> int:
        guard(address)
        return real_connect_ex(self, address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    yield refused
    assert refused == [], f"the client tried to reach beyond 127.0.0.1: {refused}"

