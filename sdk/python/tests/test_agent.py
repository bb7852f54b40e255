"""Agent runs (§10)."""

from __future__ import annotations

import json

import pytest

from fixture_site import PRODUCT
from trawl import AgentJob, NotFoundError

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


def test_threads(app, site):
    # Every run is a turn of a thread; a follow-up with its thread_id is the next turn.
    first = app.agent([site.url("/product")], prompt="Name the product", schema=SCHEMA, poll_interval=1, timeout=120)
    started = app.start_agent([site.url("/product")], prompt="Name the product")
    assert started.thread_id and started.thread_turn == 1
    follow = app.start_agent([site.url("/product")], prompt="And its price?", thread_id=started.thread_id)
    assert (follow.thread_id, follow.thread_turn) == (started.thread_id, 2)
    thread = app.get_agent_thread(started.thread_id, include_data=True)
    assert thread.id == started.thread_id
    assert [(r["id"], r["turn"]) for r in thread.runs] == [(started.id, 1), (follow.id, 2)]
    assert first.id not in [r["id"] for r in thread.runs]
    with pytest.raises(NotFoundError):
        app.get_agent_thread("00000000-0000-4000-8000-000000000000")


def test_cancel_agent(app, slow):
    started = app.start_agent([slow.url(f"/p{i}") for i in range(10)], prompt="Read every page")
    assert app.cancel_agent(started.id) is True
    assert app.get_agent_status(started.id).status in ("failed", "cancelled")


def test_unknown_agent_run_is_not_found(app):
    with pytest.raises(NotFoundError):
        app.get_agent_status("00000000-0000-4000-8000-000000000000")
    with pytest.raises(NotFoundError):
        app.get_agent_snapshot("00000000-0000-4000-8000-000000000000", "nope")
