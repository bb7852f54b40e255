"""The official Firecrawl Python SDK (`pip install firecrawl`) against Trawl, unchanged
but for its api_url: what a user switching to Trawl runs."""

from __future__ import annotations

import pytest

firecrawl = pytest.importorskip("firecrawl")
from firecrawl import AsyncFirecrawl, Firecrawl  # noqa: E402
from firecrawl.v2.types import PaginationConfig  # noqa: E402


@pytest.fixture()
def fc(server):
    return Firecrawl(api_key=server.key, api_url=server.url)


def test_scrape(fc, site):
    doc = fc.scrape(site.url("/boats"), formats=["markdown", "html", "links"])
    assert "Trawlers and dinghies" in doc.markdown
    assert "<h1>Boats</h1>" in doc.html
    assert site.url("/nets") in doc.links
    assert doc.metadata.status_code == 200 and doc.metadata.title == "Boats"


def test_scrape_error_maps_to_the_sdk_exception(fc):
    from firecrawl.v2.utils.error_handler import BadRequestError

    with pytest.raises(BadRequestError) as caught:
        fc.scrape("ftp://example.com/file")
    # The SDK's message carries `error` and `details`: the reason reaches the user.
    assert "URL uses unsupported protocol" in str(caught.value)


def test_crawl_and_its_job_methods(fc, site):
    job = fc.crawl(site.url("/"), limit=10, poll_interval=1, timeout=60)
    assert job.status == "completed"
    assert job.completed == job.total == len(job.data) == 5
    assert {d.metadata.title for d in job.data} >= {"Harbour home", "Boats", "Nets", "Fish"}

    started = fc.start_crawl(site.url("/"), limit=10)
    assert started.id
    done = fc.wait_crawl(started.id, poll_interval=1, timeout=60)
    assert done.status == "completed"
    status = fc.get_crawl_status(started.id, pagination_config=PaginationConfig(auto_paginate=True))
    assert status.status == "completed" and len(status.data) == 5
    errors = fc.get_crawl_errors(started.id)
    assert site.url("/private/log") in errors.robots_blocked
    assert isinstance(fc.get_active_crawls().crawls, list)


def test_crawl_cancel(fc, slow):
    started = fc.start_crawl(slow.url("/"), limit=30)
    assert started.id in [c.id for c in fc.get_active_crawls().crawls]
    assert fc.cancel_crawl(started.id) is True


def test_crawl_params_preview(fc, site):
    params = fc.crawl_params_preview(site.url("/boats"), "only the boats pages")
    assert params.include_paths


def test_batch_scrape(fc, site):
    urls = [site.url("/boats"), site.url("/nets"), site.url("/fish")]
    job = fc.batch_scrape(urls, formats=["markdown"], poll_interval=1)
    assert job.status == "completed" and job.completed == job.total == 3
    assert {d.metadata.source_url for d in job.data} == set(urls)

    started = fc.start_batch_scrape([site.url("/boats"), site.url("/nets")])
    assert started.id
    status = fc.get_batch_scrape_status(started.id)
    assert status.status in ("scraping", "completed") and status.total == 2
    assert fc.get_batch_scrape_errors(started.id).errors == []


def test_map(fc, site):
    result = fc.map(site.url("/"))
    assert {site.url("/boats"), site.url("/nets"), site.url("/fish")} <= {link.url for link in result.links}


def test_search(fc, site):
    fc.scrape(site.url("/fish"), max_age=0)
    result = fc.search("mackerel herring", limit=5)
    assert site.url("/fish") in [hit.url for hit in result.web]


def test_usage(fc):
    assert isinstance(fc.get_credit_usage().remaining_credits, int)
    assert isinstance(fc.get_token_usage().remaining_tokens, int)
    assert fc.get_concurrency().max_concurrency > 0
    assert fc.get_queue_status().max_concurrency > 0
    # The unified client keeps these on its v2 client only.
    history = fc.v2.get_credit_usage_historical()
    assert history.periods and isinstance(history.periods[0].creditsUsed, int)
    assert isinstance(fc.v2.get_token_usage_historical(by_api_key=True).periods, list)


def test_watcher(fc, site):
    started = fc.start_crawl(site.url("/"), limit=10)
    watcher = fc.watcher(started.id, kind="crawl", poll_interval=1, timeout=60)
    docs, done = [], []
    watcher.add_event_listener("document", lambda e: docs.append(e["data"]))
    watcher.add_event_listener("done", lambda e: done.append(e["status"]))
    watcher.start()
    # Its thread ends after the done event; the SDK offers no public join.
    watcher._thread.join(65)
    assert done == ["completed"]
    assert len(docs) == 5


async def test_async_client(server, site):
    afc = AsyncFirecrawl(api_key=server.key, api_url=server.url)
    doc = await afc.scrape(site.url("/nets"))
    assert "Gillnets" in doc.markdown
    job = await afc.crawl(url=site.url("/"), limit=10, poll_interval=1, timeout=60)
    assert job.status == "completed" and len(job.data) == 5
    batch = await afc.batch_scrape([site.url("/boats"), site.url("/fish")], poll_interval=1)
    assert batch.status == "completed" and len(batch.data) == 2
    assert (await afc.map(site.url("/"))).links
    assert isinstance((await afc.get_credit_usage()).remaining_credits, int)


def test_extract(fc, site):
    """Extract needs the server's LLM side; until it lands this answers 501."""
    result = fc.extract(
        [site.url("/fish")],
        prompt="Which fish are named on the page?",
        schema={"type": "object", "properties": {"fish": {"type": "array", "items": {"type": "string"}}}},
        poll_interval=1,
        timeout=120,
    )
    assert result.status == "completed", result
    assert result.data is not None
