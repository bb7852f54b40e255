"""The guard in this folder's conftest.py must really stop a connection beyond 127.0.0.1, or the
suite's "talked to Trawl only" check proves nothing."""

from __future__ import annotations

import socket
from typing import List
from urllib.parse import urlsplit

import pytest


def test_refuses_anything_but_127_0_0_1(loopback_only: List[str]) -> None:
    # 127.0.0.2 stands in for the internet: were the guard broken, this would stay on this machine.
    with socket.socket() as s, pytest.raises(ConnectionRefusedError, match="loopback only"):
        s.connect(("127.0.0.2", 9))
    assert loopback_only == ["127.0.0.2:9"]
    loopback_only.clear()


def test_lets_a_client_reach_127_0_0_1(loopback_only: List[str], site) -> None:
    with socket.create_connection(("127.0.0.1", urlsplit(site.url("/")).port)):
        pass
    assert loopback_only == []
