"""Batch scrape: the waiter, the job methods, pagination, errors, and the watcher."""

from __future__ import annotations

import uuid

import pytest

from fixture_site import slow_site
from trawl import BatchScrapeJob, ConflictError, JobTimeoutError, PaginationConfig


def test_batch_scrape_waits_for_every_url(app, site):
    urls = [site.url("/boats"), site.url("/nets"), site.url("/fish")]
    job = app.batch_scrape(urls, formats=["markdown"], poll_interval=1, wait_timeout=60)
    assert isinstance(job, BatchScrapeJob)
    assert job.status == "completed"
    assert job.completed == job.total == 3
    assert {d.metadata.source_url for d in job.data} == set(urls)
    assert any("Gillnets" in d.markdown for d in job.data)


def test_start_status_page_and_errors(app, site):
    started = app.start_batch_scrape(
        [site.url("/boats"), site.url("/nets"), "not a url at all"], ignore_invalid_urls=True
    )
    assert started.id and started.invalid_urls == ["not a url at all"]
    app.wait_batch_scrape(started.id, poll_interval=1, timeout=60)

    one = app.get_batch_scrape_status(started.id, PaginationConfig(page_size=1, auto_paginate=False))
    assert len(one.data) == 1 and one.next
    rest = app.get_batch_scrape_status_page(one.next)
    assert len(rest.data) == 1 and rest.next is None
    both = app.get_batch_scrape_status(started.id, PaginationConfig(page_size=1))
    assert len(both.data) == 2

    errors = app.get_batch_scrape_errors(started.id)
    assert errors.errors == [] and errors.robots_blocked == []


def test_failed_pages_are_listed_as_errors(app):
    # Its pages answer after 4 s: a 1 s scrape timeout fails them, the start page is quick.
    slower = slow_site(pages=2, delay=4)
    try:
        started = app.start_batch_scrape([slower.url("/p1"), slower.url("/")], timeout=1000)
        job = app.wait_batch_scrape(started.id, poll_interval=1, timeout=60)
        assert job.status == "completed"
        assert [d.metadata.source_url for d in job.data] == [slower.url("/")]
        errors = app.get_batch_scrape_errors(started.id)
        assert [e.url for e in errors.errors] == [slower.url("/p1")]
        assert errors.errors[0].error and errors.errors[0].id
    finally:
        slower.close()


def test_cancel_and_waiter_timeout(app, slow):
    started = app.start_batch_scrape([slow.url(f"/p{i}") for i in range(30)])
    with pytest.raises(JobTimeoutError):
        app.wait_batch_scrape(started.id, poll_interval=1, timeout=1)
    assert app.cancel_batch_scrape(started.id) is True
    assert app.get_batch_scrape_status(started.id).status == "cancelled"


def test_idempotency_key(app, site):
    key = str(uuid.uuid4())
    app.start_batch_scrape([site.url("/boats")], idempotency_key=key)
    with pytest.raises(ConflictError):
        app.start_batch_scrape([site.url("/boats")], idempotency_key=key)


@pytest.mark.parametrize("websocket", [True, False], ids=["websocket", "polling"])
def test_batch_watcher(app, site, websocket):
    urls = [site.url("/boats"), site.url("/nets")]
    started = app.start_batch_scrape(urls)
    events = app.watch(started.id, kind="batch", poll_interval=1, timeout=60, websocket=websocket)
    assert events[-1].type == "done"
    assert {e.document.metadata.source_url for e in events if e.type == "document"} == set(urls)
