"""What the client puts on the wire, seen by a recording transport."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import httpx

from trawl import Trawl

SCRAPED = {"success": True, "data": {"markdown": "# Hi", "metadata": {"sourceURL": "https://example.com", "statusCode": 200}}}


def recording(sent: List[httpx.Request], answer: Dict[str, Any]) -> httpx.Client:
    def handle(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json=answer)

    return httpx.Client(transport=httpx.MockTransport(handle))


def test_options_go_camel_case_but_schema_keys_and_headers_stay_as_written():
    sent: List[httpx.Request] = []
    app = Trawl(api_key="k", api_url="http://trawl.test", http_client=recording(sent, SCRAPED))
    app.scrape(
        "https://example.com",
        only_main_content=False,
        wait_for=None,
        headers={"X-Custom_Header": "1"},
        formats=[{"type": "json", "schema": {"properties": {"first_name": {"type": "string"}}}}],
        location={"country": "DE"},
    )
    body = json.loads(sent[0].content)
    assert body == {
        "url": "https://example.com",
        "onlyMainContent": False,
        "headers": {"X-Custom_Header": "1"},
        "formats": [{"type": "json", "schema": {"properties": {"first_name": {"type": "string"}}}}],
        "location": {"country": "DE"},
    }


def test_acronym_fields_use_the_wire_spelling():
    sent: List[httpx.Request] = []
    app = Trawl(api_key="k", api_url="http://trawl.test", http_client=recording(sent, {"success": True, "id": "j", "url": "u"}))
    app.start_batch_scrape(["https://example.com"], ignore_invalid_urls=True, idempotency_key="key-1")
    assert json.loads(sent[0].content)["ignoreInvalidURLs"] is True
    assert sent[0].headers["x-idempotency-key"] == "key-1"


def test_key_and_url_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("TRAWL_API_KEY", "fc-from-env")
    monkeypatch.setenv("TRAWL_API_URL", "http://env.trawl.test/")
    sent: List[httpx.Request] = []
    Trawl(http_client=recording(sent, SCRAPED)).scrape("https://example.com")
    assert str(sent[0].url) == "http://env.trawl.test/v2/scrape"
    assert sent[0].headers["authorization"] == "Bearer fc-from-env"


def test_update_monitor_sends_none_to_clear_a_field():
    sent: List[httpx.Request] = []
    monitor = {"success": True, "data": {"id": "m1", "name": "n", "status": "active"}}
    app = Trawl(api_key="k", api_url="http://trawl.test", http_client=recording(sent, monitor))
    app.update_monitor("m1", webhook=None, retention_days=5)
    assert sent[0].method == "PATCH"
    assert json.loads(sent[0].content) == {"webhook": None, "retentionDays": 5}


def test_no_key_sends_no_authorization_header(monkeypatch):
    monkeypatch.delenv("TRAWL_API_KEY", raising=False)
    sent: List[httpx.Request] = []
    Trawl(api_url="http://trawl.test", http_client=recording(sent, SCRAPED)).scrape("https://example.com")
    assert "authorization" not in sent[0].headers
