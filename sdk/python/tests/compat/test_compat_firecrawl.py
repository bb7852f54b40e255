"""The newest official Python SDK (`firecrawl`, pinned in requirements-test.txt) against Trawl,
sync and async, each method called as its README shows it: only what it requires, so every
request body is the SDK's default."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from firecrawl import AsyncFirecrawl, Firecrawl
from firecrawl.v2.utils.error_handler import WebsiteNotSupportedError

from awaited import Awaited

PAGES = {"Harbour home", "Boats", "Nets", "Fish"}


@pytest.fixture(params=["sync", "async"])
def fc(request: pytest.FixtureRequest, server) -> Iterator[Any]:
    if request.param == "sync":
        yield Firecrawl(api_key=server.key, api_url=server.url)
        return
    client = Awaited(AsyncFirecrawl(api_key=server.key, api_url=server.url))
    yield client
    client.close()


def titles(docs) -> set:
    return {d.metadata.title for d in docs}


def test_scrape(fc, site):
    doc = fc.scrape(site.url("/boats"))
    assert "Trawlers and dinghies" in doc.markdown
    assert doc.metadata.title == "Boats" and doc.metadata.status_code == 200


def test_crawl(fc, site):
    job = fc.crawl(url=site.url("/"), poll_interval=1)
    assert job.status == "completed"
    assert titles(job.data) >= PAGES


def test_start_crawl_and_status(fc, site):
    started = fc.start_crawl(site.url("/"))
    assert started.id
    job = fc.get_crawl_status(started.id)
    for _ in range(120):
        if job.status != "scraping":
            break
        fc.scrape(site.url("/nets"))  # a round trip as the wait between polls
        job = fc.get_crawl_status(started.id)
    assert job.status == "completed" and titles(job.data) >= PAGES


def test_map(fc, site):
    links = {link.url for link in fc.map(site.url("/")).links}
    assert {site.url("/boats"), site.url("/nets"), site.url("/fish")} <= links


def test_search(fc, site):
    fc.scrape(site.url("/fish"), max_age=0)
    result = fc.search("mackerel herring")
    assert site.url("/fish") in [hit.url for hit in result.web]


def test_batch_scrape(fc, site):
    urls = [site.url("/boats"), site.url("/nets")]
    job = fc.batch_scrape(urls, poll_interval=1)
    assert job.status == "completed" and titles(job.data) == {"Boats", "Nets"}


def test_extract(fc, site):
    result = fc.extract([site.url("/fish")], prompt="Which fish are named on the page?", poll_interval=1)
    assert result.status == "completed", result
    # Without an LLM Trawl answers with what the page states about itself, and says so.
    assert "Fish" in str(result.data)


def test_agent(fc, site):
    result = fc.agent([site.url("/fish")], prompt="Which fish are named on this page?", poll_interval=1)
    assert result.status == "completed", result
    assert "Fish" in str(result.data)


def test_parse(fc):
    doc = fc.parse(b"<html><body><h1>Tide table</h1><p>High water at 06:12.</p></body></html>", filename="tide-table.html")
    assert "High water at 06:12." in doc.markdown


def test_parse_formats(fc):
    formats = {f.format: f for f in fc.get_parse_formats()}
    assert formats["pdf"].available and ".pdf" in formats["pdf"].extensions
    assert formats["html"].available


def test_scrape_with_prompt_injection_check(fc, site):
    doc = fc.scrape(site.url("/nets"), check_prompt_injection=True)
    assert "Gillnets and seines" in doc.markdown


def test_government_index_is_cloud_only(fc):
    # Firecrawl answers a team without the Government Index exactly so; the SDK raises on it.
    with pytest.raises(WebsiteNotSupportedError, match="This endpoint is not enabled for this team."):
        fc.gov_search("harbour dues")


def test_credit_usage(fc):
    assert isinstance(fc.get_credit_usage().remaining_credits, int)
