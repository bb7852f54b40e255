"""AsyncTrawl used as asyncio code uses it: awaited calls run concurrently."""

from __future__ import annotations

import asyncio

from trawl import AsyncTrawl


async def test_scrapes_run_concurrently(server, slow):
    # Each slow page holds its request for 1 s: gathered scrapes overlap at the site.
    urls = [slow.url(f"/p{i}") for i in range(3)]
    async with AsyncTrawl(api_key=server.key, api_url=server.url) as app:
        docs = await asyncio.gather(*(app.scrape(u, max_age=0) for u in urls))
    assert [d.metadata.source_url for d in docs] == urls
    assert all("slow chain" in d.markdown for d in docs)
    assert slow.most_in_flight >= 2, "the scrapes ran one after another"


async def test_async_watcher_and_waiters(server, site):
    async with AsyncTrawl(api_key=server.key, api_url=server.url) as app:
        started = await app.start_crawl(site.url("/"), limit=10)
        seen = [event.type async for event in app.watcher(started.id, poll_interval=1, timeout=60)]
        assert seen[-1] == "done" and seen.count("document") == 5
        job = await app.wait_crawl(started.id, poll_interval=1, timeout=30)
        assert job.status == "completed" and len(job.data) == 5


def test_every_method_has_an_awaitable_twin():
    import inspect

    from trawl import Trawl

    public = {n for n in dir(Trawl) if not n.startswith("_")} - {"api_url", "close", "watcher"}
    assert {"scrape", "crawl", "batch_scrape", "extract", "agent", "parse", "create_monitor", "browser", "interact"} <= public
    for name in sorted(public):
        method = getattr(AsyncTrawl, name)
        assert inspect.iscoroutinefunction(method), f"AsyncTrawl.{name} is not a coroutine function"
        assert inspect.signature(method) == inspect.signature(getattr(Trawl, name)), name
