"""Browser sessions (§11) and interact on a scraped page (§3.3)."""

from __future__ import annotations

import pytest

from trawl import BrowserSession, GoneError, NotFoundError


def test_session_create_execute_list_delete(app, site):
    session = app.browser(ttl=120, activity_ttl=60)
    assert isinstance(session, BrowserSession)
    assert session.id and session.cdp_url.startswith("ws")
    try:
        ran = app.browser_execute(session.id, f"open {site.url('/boats')}\ntitle")
        assert ran.success and ran.exit_code == 0
        assert "Boats" in ran.stdout
        node = app.browser_execute(session.id, 'return await page.textContent("h1");', language="node", timeout=30)
        assert node.output == "Boats"
        assert session.id in [s.id for s in app.list_browsers(status="active")]
    finally:
        ended = app.delete_browser(session.id)
    assert ended.success and ended.status == "destroyed"
    assert isinstance(ended.session_duration_ms, int)
    assert session.id in [s.id for s in app.list_browsers(status="destroyed")]
    with pytest.raises(GoneError) as caught:
        app.browser_execute(session.id, "title")
    assert caught.value.status == 410


def test_interact_continues_the_scraped_page(app, site):
    doc = app.scrape(site.url("/counter"), formats=["markdown"], max_age=0)
    job_id = doc.metadata.scrape_id
    click = 'await page.click("#inc"); return await page.textContent("#count");'
    assert app.interact(job_id, click).output == "1"
    assert app.interact(job_id, click).output == "2"
    stopped = app.stop_interaction(job_id)
    assert stopped.success
    with pytest.raises(GoneError):
        app.interact(job_id, click)


def test_interact_on_an_unknown_scrape_is_not_found(app):
    with pytest.raises(NotFoundError):
        app.interact("5c1a4b8e-0000-4000-8000-000000000000", "title", language="bash")
    with pytest.raises(ValueError):
        app.interact("5c1a4b8e-0000-4000-8000-000000000000")
