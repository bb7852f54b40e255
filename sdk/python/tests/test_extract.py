"""Extract (§9), which Trawl answers with its offline engine when no LLM is configured."""

from __future__ import annotations

import pytest

from fixture_site import PRODUCT
from trawl import ExtractJob, JobTimeoutError, NotFoundError

SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "price": {"type": "number"}},
    "required": ["name", "price"],
}


def test_extract_waits_for_the_data(app, site):
    job = app.extract([site.url("/product")], prompt="The product's name and price", schema=SCHEMA, show_sources=True, poll_interval=1, timeout=60)
    assert isinstance(job, ExtractJob)
    assert job.status == "completed", job
    assert job.data == PRODUCT
    assert job.sources == {"name": [site.url("/product")], "price": [site.url("/product")]}
    assert isinstance(job.credits_used, int) and isinstance(job.tokens_used, int)
    assert job.expires_at


def test_start_and_status(app, site):
    started = app.start_extract([site.url("/product")], schema=SCHEMA)
    assert started.id
    job = app.get_extract_status(started.id)
    assert job.status in ("processing", "completed")
    assert job.id == started.id


def test_unknown_extract_is_not_found(app):
    with pytest.raises(NotFoundError):
        app.get_extract_status("00000000-0000-4000-8000-000000000000")


def test_extract_waiter_times_out(app, slow):
    with pytest.raises(JobTimeoutError):
        app.extract([slow.url(f"/p{i}") for i in range(5)], schema=SCHEMA, poll_interval=1, timeout=1)
