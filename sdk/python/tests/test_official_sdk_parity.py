"""Calls the official Firecrawl Python SDK 4.54 makes that Trawl once answered 404/501, and
what it now answers (#17): parse formats, the government index, agent threads, cancel."""

from __future__ import annotations

import time

import pytest

firecrawl = pytest.importorskip("firecrawl")
from firecrawl import Firecrawl  # noqa: E402
from firecrawl.v2.utils.error_handler import FirecrawlError  # noqa: E402


@pytest.fixture()
def fc(server):
    return Firecrawl(api_key=server.key, api_url=server.url)


def test_get_parse_formats(fc):
    formats = {f.format: f for f in fc.get_parse_formats()}
    assert formats["pdf"].available and "application/pdf" in formats["pdf"].mime_types
    assert ".docx" in formats["docx"].extensions
    assert formats["png"].kind == "image" and not formats["png"].available


def test_gov_search_is_not_enabled_as_on_a_team_without_it(fc):
    with pytest.raises(FirecrawlError) as caught:
        fc.gov_search("zoning appeal", 5)
    assert caught.value.status_code == 403
    assert "This endpoint is not enabled for this team." in str(caught.value)


def test_agent_thread(fc, site):
    started = fc.start_agent(prompt="What boats are there?", urls=[site.url("/boats")])
    deadline = time.monotonic() + 60
    while fc.get_agent_status(started.id).status == "processing" and time.monotonic() < deadline:
        time.sleep(0.5)
    thread_id = started.thread_id
    thread = fc.get_agent_thread(thread_id, include_data=True)
    assert thread.success and thread.thread.id == thread_id
    assert [(r.id, r.turn, r.status) for r in thread.thread.runs] == [(started.id, 1, "succeeded")]
    assert thread.thread.runs[0].data is not None


def test_cancel_of_an_ended_crawl_reports_true(fc, site):
    crawl_id = fc.start_crawl(site.url("/boats"), limit=1).id
    fc.wait_crawl(crawl_id, poll_interval=1, timeout=60)
    assert fc.cancel_crawl(crawl_id) is True
    assert fc.get_crawl_status(crawl_id).status == "completed"
