"""Agent runs (§10)."""

from __future__ import annotations

import json

import pytest

from fixture_site import PRODUCT
from trawl import AgentJob, NotFoundError, NotImplementedByServerError

SCHEMA = {"type": "object", "properties": {"name": {"type": "string"}, "price": {"type": "number"}}}


def test_agent_answers_from_the_pages_it_reads(app, site):
    job = app.agent([site.url("/product")], prompt="What does the lantern cost?", schema=SCHEMA, poll_interval=1, timeout=120)
    assert isinstance(job, AgentJob)
    assert job.status == "completed", job
    assert job.data == PRODUCT
    assert isinstance(job.credits_used, int) and job.credits_used >= 1


def test_start_status_list_trace_and_snapshot(app, site):
    started = app.start_agent([site.url("/product")], prompt="Name the product", schema=SCHEMA, strict_constrain_to_urls=True)
    assert started.id
    assert app.get_agent_status(started.id).status in ("processing", "completed")
    runs = app.list_agents()
    assert started.id in [r.id for r in runs.agents]
    assert all(r.created_at for r in runs.agents)

    done = app.agent([site.url("/product")], prompt="Name the product", schema=SCHEMA, poll_interval=1, timeout=120)
    trace = app.get_agent_trace(done.id)
    kinds = [e["type"] for e in trace.events]
    assert kinds[0] == "run.started" and "run.finished" in kinds
    artifact = next(e["artifact"] for e in trace.events if e["type"] == "artifact.updated")
    snapshot = app.get_agent_snapshot(done.id, artifact["snapshotId"])
    assert json.loads(snapshot.snapshot) == PRODUCT


def test_threads_are_not_offered_yet(app):
    # This server answers the thread endpoint 501: the SDK names that precisely.
    with pytest.raises(NotImplementedByServerError) as caught:
        app.get_agent_thread("00000000-0000-4000-8000-000000000000", include_data=True)
    assert caught.value.status == 501 and caught.value.code == "NOT_IMPLEMENTED"


def test_cancel_agent(app, slow):
    started = app.start_agent([slow.url(f"/p{i}") for i in range(10)], prompt="Read every page")
    assert app.cancel_agent(started.id) is True
    assert app.get_agent_status(started.id).status in ("failed", "cancelled")


def test_unknown_agent_run_is_not_found(app):
    with pytest.raises(NotFoundError):
        app.get_agent_status("00000000-0000-4000-8000-000000000000")
    with pytest.raises(NotFoundError):
        app.get_agent_snapshot("00000000-0000-4000-8000-000000000000", "nope")
