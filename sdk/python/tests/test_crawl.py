"""Crawl: the waiter, the job methods, pagination of `next`, errors, and the watcher."""

from __future__ import annotations

import time
import uuid

import pytest

from trawl import ConflictError, CrawlJob, JobTimeoutError, NotFoundError, PaginationConfig

SITE_PAGES = {"/", "/boats", "/nets", "/fish", "/gone"}


def paths(site, docs):
    return {d.metadata.source_url.replace(site.origin, "") or "/" for d in docs}


def test_crawl_waits_and_returns_every_page(app, site):
    job = app.crawl(site.url("/"), limit=10, poll_interval=1, timeout=60)
    assert isinstance(job, CrawlJob)
    assert job.status == "completed"
    assert paths(site, job.data) == SITE_PAGES
    assert job.completed == job.total == len(job.data)
    assert job.credits_used >= len(job.data)
    harbour = next(d for d in job.data if d.metadata.title == "Harbour home")
    assert "harbour of Trawl tests" in harbour.markdown


def test_start_status_and_pagination(app, site):
    started = app.start_crawl(site.url("/"), limit=10)
    assert started.id and started.url.endswith(started.id)
    app.wait_crawl(started.id, poll_interval=1, timeout=60)

    whole = app.get_crawl_status(started.id, PaginationConfig(page_size=2))
    assert whole.status == "completed"
    assert len(whole.data) == 5 and whole.next is None

    capped = app.get_crawl_status(started.id, PaginationConfig(page_size=2, max_pages=2))
    assert len(capped.data) == 4
    assert capped.next and "skip=4" in capped.next

    last = app.get_crawl_status_page(capped.next)
    assert len(last.data) == 1 and last.next is None
    assert paths(site, capped.data + last.data) == SITE_PAGES

    single = app.get_crawl_status(started.id, PaginationConfig(page_size=2, auto_paginate=False))
    assert len(single.data) == 2 and single.next

    few = app.get_crawl_status(started.id, PaginationConfig(page_size=2, max_results=3))
    assert len(few.data) == 3


def test_crawl_errors_report_robots_blocks(app, site):
    job = app.crawl(site.url("/"), limit=10, poll_interval=1, timeout=60)
    errors = app.get_crawl_errors(job.id)
    assert site.url("/private/log") in errors.robots_blocked
    assert isinstance(errors.errors, list)


def test_cancel_and_active_crawls(app, slow):
    started = app.start_crawl(slow.url("/"), limit=30)
    active = app.get_active_crawls()
    assert started.id in [c.id for c in active]
    assert next(c for c in active if c.id == started.id).url == slow.url("/")
    assert started.id in [c.id for c in app.active_crawls()]
    assert app.cancel_crawl(started.id) is True
    assert app.get_crawl_status(started.id).status == "cancelled"
    assert started.id not in [c.id for c in app.get_active_crawls()]


def test_waiter_times_out_on_a_slow_crawl(app, slow):
    started = app.start_crawl(slow.url("/"), limit=30)
    try:
        with pytest.raises(JobTimeoutError) as caught:
            app.wait_crawl(started.id, poll_interval=1, timeout=1.5)
        assert caught.value.job_id == started.id
        assert caught.value.last_status == "scraping"
        assert isinstance(caught.value, TimeoutError)
    finally:
        app.cancel_crawl(started.id)


def test_params_preview_feeds_start_crawl(app, site):
    preview = app.crawl_params_preview(site.url("/boats"), "only the boats pages, at most 3 pages")
    assert isinstance(preview.params, dict) and preview.params
    # Keyword names, not wire names: the preview goes straight back into start_crawl.
    assert all("_" in k or k.islower() for k in preview.params), preview.params
    assert preview.url == site.url("/boats")
    assert preview.params.get("include_paths"), preview.params
    started = app.start_crawl(preview.url, **preview.params)
    job = app.wait_crawl(started.id, poll_interval=1, timeout=60)
    assert job.status == "completed"
    assert paths(site, job.data) == {"/boats"}


def test_idempotency_key_refuses_a_second_start(app, site):
    key = str(uuid.uuid4())
    app.start_crawl(site.url("/"), limit=1, idempotency_key=key)
    with pytest.raises(ConflictError) as caught:
        app.start_crawl(site.url("/"), limit=1, idempotency_key=key)
    assert caught.value.status == 409


def test_another_teams_crawl_is_not_found(app, other_team, site):
    started = app.start_crawl(site.url("/"), limit=1)
    with pytest.raises(NotFoundError):
        other_team.get_crawl_status(started.id)


@pytest.mark.parametrize("websocket", [True, False], ids=["websocket", "polling"])
def test_watcher_emits_each_document_then_done(app, site, websocket):
    started = app.start_crawl(site.url("/"), limit=10)
    events = app.watch(started.id, kind="crawl", poll_interval=1, timeout=60, websocket=websocket)
    kinds = [e.type for e in events]
    assert kinds[-1] == "done", kinds
    assert "error" not in kinds
    docs = [e.document for e in events if e.type == "document"]
    assert paths(site, docs) == SITE_PAGES
    assert len(docs) == len(SITE_PAGES), "each page exactly once"
    final = events[-1].job
    assert final.status == "completed" and final.completed == len(docs) == len(final.data)


def test_watcher_of_a_cancelled_crawl_ends_with_done_cancelled(app, slow):
    started = app.start_crawl(slow.url("/"), limit=30)
    time.sleep(1)
    app.cancel_crawl(started.id)
    events = app.watch(started.id, poll_interval=1, timeout=30)
    assert events[-1].type == "done" and events[-1].job.status == "cancelled"


@pytest.mark.parametrize("websocket", [True, False], ids=["websocket", "polling"])
def test_watcher_of_an_unknown_job_ends_with_an_error(app, websocket):
    events = app.watch(str(uuid.uuid4()), poll_interval=1, timeout=10, websocket=websocket)
    assert [e.type for e in events] == ["error"]
    assert "not found" in events[0].error.lower()


def test_watcher_gives_up_at_its_timeout(app, slow):
    started = app.start_crawl(slow.url("/"), limit=30)
    try:
        events = app.watch(started.id, poll_interval=1, timeout=2)
        assert events[-1].type == "error" and events[-1].error == "Watcher timeout"
    finally:
        app.cancel_crawl(started.id)


def test_the_websocket_alone_carries_the_watch(server, site):
    """With every HTTP request failing, events can only have come over the socket."""
    import httpx

    from trawl import Trawl

    with Trawl(api_key=server.key, api_url=server.url) as app:
        started = app.start_crawl(site.url("/"), limit=10)

    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("HTTP is off for this test", request=request)

    offline = Trawl(api_key=server.key, api_url=server.url, max_retries=0, http_client=httpx.Client(transport=httpx.MockTransport(refuse)))
    events = list(offline.watcher(started.id, poll_interval=1, timeout=60))
    assert events[-1].type == "done", [(e.type, e.error) for e in events]
    assert paths(site, [e.document for e in events if e.type == "document"]) == SITE_PAGES
