"""Team usage: credits, tokens, their history, the queue and concurrency."""

from __future__ import annotations

from trawl import Concurrency, CreditUsage, QueueStatus, TokenUsage


def test_credit_usage_goes_down_as_pages_are_scraped(metered_app, site):
    before = metered_app.get_credit_usage()
    assert isinstance(before, CreditUsage) and isinstance(before.remaining_credits, int)
    assert before.plan_credits == 100_000
    metered_app.scrape(site.url("/boats"), max_age=0)
    after = metered_app.get_credit_usage()
    assert after.remaining_credits == before.remaining_credits - 1


def test_historical_credit_usage_counts_this_month(app, site):
    app.scrape(site.url("/nets"), max_age=0)
    periods = app.get_credit_usage_historical()
    assert periods and isinstance(periods[0].credits_used, int) and periods[0].credits_used >= 1
    by_key = app.get_credit_usage_historical(by_api_key=True)
    assert by_key and all(p.api_key for p in by_key)


def test_token_usage(app):
    usage = app.get_token_usage()
    assert isinstance(usage, TokenUsage) and isinstance(usage.remaining_tokens, int)
    history = app.get_token_usage_historical()
    assert isinstance(history, list)
    assert all(isinstance(p.tokens_used, int) for p in history)
    assert isinstance(app.get_token_usage_historical(by_api_key=True), list)


def test_queue_status_and_concurrency(app, site):
    app.scrape(site.url("/fish"), max_age=0)
    queue = app.get_queue_status()
    assert isinstance(queue, QueueStatus)
    assert queue.max_concurrency > 0 and queue.jobs_in_queue >= 0
    assert queue.most_recent_success is None or queue.most_recent_success.startswith("20")
    concurrency = app.get_concurrency()
    assert isinstance(concurrency, Concurrency)
    assert concurrency.max_concurrency > 0 and concurrency.concurrency >= 0
