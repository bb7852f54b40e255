"""Monitors (§12): create, list, read, update, run, checks, delete."""

from __future__ import annotations

import time

import pytest

from trawl import BadRequestError, Monitor, MonitorCheck, NotFoundError, PaginationConfig


def wait_check(app, monitor_id: str, check_id: str) -> MonitorCheck:
    deadline = time.monotonic() + 60
    while True:
        check = app.get_monitor_check(monitor_id, check_id)
        if check.status not in ("queued", "running"):
            return check
        assert time.monotonic() < deadline, f"check still {check.status}"
        time.sleep(0.5)


def test_monitor_lifecycle(app, site):
    created = app.create_monitor(
        "Harbour watch",
        {"text": "every 30 minutes"},
        [{"type": "scrape", "urls": [site.url("/boats"), site.url("/nets")]}],
        retention_days=7,
    )
    assert isinstance(created, Monitor)
    assert created.status == "active" and created.retention_days == 7
    assert created.schedule["cron"] == "*/30 * * * *"
    try:
        assert created.id in [m.id for m in app.list_monitors(limit=100)]
        assert app.get_monitor(created.id).name == "Harbour watch"

        updated = app.update_monitor(created.id, name="Harbour watch (paused)", status="paused")
        assert updated.name == "Harbour watch (paused)" and updated.status == "paused"

        run = app.run_monitor(created.id)
        assert run.trigger == "manual" and run.monitor_id == created.id
        check = wait_check(app, created.id, run.id)
        assert check.status == "completed"
        assert check.summary["new"] == 2
        assert {p.url for p in check.pages} == {site.url("/boats"), site.url("/nets")}
        assert run.id in [c.id for c in app.list_monitor_checks(created.id)]

        first = app.get_monitor_check(created.id, run.id, limit=1, pagination_config=PaginationConfig(auto_paginate=False))
        assert len(first.pages) == 1 and first.next
        every = app.get_monitor_check(created.id, run.id, limit=1)
        assert len(every.pages) == 2
    finally:
        assert app.delete_monitor(created.id) is True
    assert created.id not in [m.id for m in app.list_monitors(limit=100)]


def test_unknown_monitor_is_not_found(app):
    with pytest.raises(NotFoundError) as caught:
        app.get_monitor("00000000-0000-4000-8000-000000000000")
    assert caught.value.status == 404


def test_invalid_schedule_is_a_bad_request(app, site):
    with pytest.raises(BadRequestError):
        app.create_monitor("Too often", {"cron": "* * * * *"}, [{"type": "scrape", "urls": [site.url("/")]}])
