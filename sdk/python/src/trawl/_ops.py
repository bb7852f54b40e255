"""Every API method, written once as a generator (see _http.py). Keyword options are
snake_case and go on the wire as camelCase; a None option is not sent."""

from __future__ import annotations

import json as jsonlib
import mimetypes
import time
from pathlib import Path
from typing import Any, BinaryIO, Dict, List, Optional, Sequence, Union
from urllib.parse import quote

from ._http import Call, Op, Sleep
from ._wire import camel, from_wire, to_wire
from .errors import JobTimeoutError, TrawlError
from .models import (
    ActiveCrawl,
    AgentJob,
    AgentList,
    AgentSnapshot,
    AgentThread,
    AgentTrace,
    BrowserSession,
    Concurrency,
    CrawlJob,
    CrawlParamsPreview,
    CreditUsage,
    Document,
    ExecuteResult,
    ExtractJob,
    JobErrors,
    JobStarted,
    MapData,
    Monitor,
    MonitorCheck,
    MonitorCheckPage,
    PaginationConfig,
    QueueStatus,
    SearchData,
    SessionEnded,
    TokenUsage,
    UsagePeriod,
)

TERMINAL = ("completed", "failed", "cancelled")
KINDS = {"crawl": "/v2/crawl", "batch": "/v2/batch/scrape"}


def _id(value: str) -> str:
    return quote(str(value), safe="")


def _body(**options: Any) -> Dict[str, Any]:
    return to_wire(options)


def _request_timeout(options: Dict[str, Any], extra: float) -> Optional[float]:
    """Give the server its whole `timeout` (ms) plus a margin before giving up locally."""
    ms = options.get("timeout")
    return ms / 1000 + extra if isinstance(ms, (int, float)) else None


# --- scrape, search, map, parse ------------------------------------------------------------


def scrape(url: str, **options: Any) -> Op:
    """Scrape one page. Options are ScrapeOptions (formats, only_main_content, wait_for, …)."""
    body = yield Call("POST", "/v2/scrape", json=_body(url=url, **options), timeout=_request_timeout(options, 30))
    return Document.from_wire(body.get("data"))


def search(query: str, **options: Any) -> Op:
    """Search; `data.web|news|images` hits, scraped too when `scrape_options` is given."""
    body = yield Call("POST", "/v2/search", json=_body(query=query, **options), timeout=_request_timeout(options, 5))
    data = SearchData.from_wire(body.get("data") or {})
    data.id, data.warning, data.credits_used = body.get("id"), body.get("warning"), body.get("creditsUsed")
    return data


def map(url: str, **options: Any) -> Op:
    """Discover a site's URLs (sitemap, links, the local index)."""
    body = yield Call("POST", "/v2/map", json=_body(url=url, **options), timeout=_request_timeout(options, 5))
    return MapData.from_wire(body)


FileInput = Union[str, Path, bytes, bytearray, BinaryIO]


def parse(
    file: FileInput,
    *,
    filename: Optional[str] = None,
    content_type: Optional[str] = None,
    options: Optional[Dict[str, Any]] = None,
) -> Op:
    """Convert an uploaded file (PDF, DOCX, HTML, XLSX, …) into a Document."""
    if isinstance(file, (str, Path)):
        path = Path(file)
        content, name = path.read_bytes(), filename or path.name
    elif isinstance(file, (bytes, bytearray)):
        content, name = bytes(file), filename or "upload"
    else:
        raw = file.read()
        content = raw.encode() if isinstance(raw, str) else bytes(raw)
        name = filename or Path(getattr(file, "name", "") or "upload").name
    ctype = content_type or mimetypes.guess_type(name)[0] or "application/octet-stream"
    opts = to_wire(options or {})
    body = yield Call(
        "POST",
        "/v2/parse",
        files={"file": (name, content, ctype)},
        data={"options": jsonlib.dumps(opts)},
        timeout=_request_timeout(opts, 5),
    )
    return Document.from_wire(body.get("data"))


# --- crawl and batch scrape ----------------------------------------------------------------


def _idempotency(key: Optional[str]) -> Optional[Dict[str, str]]:
    return {"x-idempotency-key": key} if key else None


def start_crawl(url: str, *, idempotency_key: Optional[str] = None, **options: Any) -> Op:
    """Start a crawl and return its id at once."""
    body = yield Call("POST", "/v2/crawl", json=_body(url=url, **options), headers=_idempotency(idempotency_key))
    return JobStarted.from_wire(body)


def start_batch_scrape(urls: Sequence[str], *, idempotency_key: Optional[str] = None, **options: Any) -> Op:
    """Start scraping many URLs; `invalid_urls` lists those dropped with ignore_invalid_urls."""
    body = yield Call("POST", "/v2/batch/scrape", json=_body(urls=list(urls), **options), headers=_idempotency(idempotency_key))
    return JobStarted.from_wire(body)


def _status(kind: str, job_id: str, pagination_config: Optional[PaginationConfig]) -> Op:
    """One status read, then its `next` pages (all of them unless the config caps them)."""
    cfg = pagination_config or PaginationConfig()
    first = yield Call("GET", f"{KINDS[kind]}/{_id(job_id)}", params={"limit": cfg.page_size})
    job = CrawlJob.from_wire(first)
    job.id = job.id or job_id
    started, pages = time.monotonic(), 1
    while cfg.auto_paginate and job.next:
        if cfg.max_pages is not None and pages >= cfg.max_pages:
            break
        if cfg.max_results is not None and len(job.data) >= cfg.max_results:
            break
        if cfg.max_wait_time is not None and time.monotonic() - started >= cfg.max_wait_time:
            break
        page = yield Call("GET", job.next)
        if page.get("success") is False:
            break
        job.data.extend(Document.from_wire(d) for d in page.get("data") or [])
        job.next = page.get("next")
        pages += 1
    if cfg.max_results is not None:
        del job.data[cfg.max_results :]
    return job


def get_crawl_status(job_id: str, pagination_config: Optional[PaginationConfig] = None) -> Op:
    """Status and documents; follows `next` so `data` holds every finished page."""
    return (yield from _status("crawl", job_id, pagination_config))


def get_batch_scrape_status(job_id: str, pagination_config: Optional[PaginationConfig] = None) -> Op:
    """Status and documents; follows `next` so `data` holds every finished page."""
    return (yield from _status("batch", job_id, pagination_config))


def _page(next_url: str) -> Op:
    body = yield Call("GET", next_url)
    return CrawlJob.from_wire(body)


def get_crawl_status_page(next_url: str) -> Op:
    """Exactly one page of results: the `next` URL of an earlier status."""
    return (yield from _page(next_url))


def get_batch_scrape_status_page(next_url: str) -> Op:
    """Exactly one page of results: the `next` URL of an earlier status."""
    return (yield from _page(next_url))


def _errors(kind: str, job_id: str) -> Op:
    body = yield Call("GET", f"{KINDS[kind]}/{_id(job_id)}/errors")
    # Some servers nest the lists under `data`.
    return JobErrors.from_wire(body.get("data") if "errors" not in body and isinstance(body.get("data"), dict) else body)


def get_crawl_errors(job_id: str) -> Op:
    """Pages that failed and URLs robots.txt kept the crawl from."""
    return (yield from _errors("crawl", job_id))


def get_batch_scrape_errors(job_id: str) -> Op:
    """URLs that failed and URLs robots.txt blocked."""
    return (yield from _errors("batch", job_id))


def _cancel(kind: str, job_id: str) -> Op:
    body = yield Call("DELETE", f"{KINDS[kind]}/{_id(job_id)}")
    return body.get("status") == "cancelled"


def cancel_crawl(job_id: str) -> Op:
    """Stop a crawl; True when the server reports it cancelled."""
    return (yield from _cancel("crawl", job_id))


def cancel_batch_scrape(job_id: str) -> Op:
    """Stop a batch scrape; True when the server reports it cancelled."""
    return (yield from _cancel("batch", job_id))


def get_active_crawls() -> Op:
    """Crawls of this team still running."""
    body = yield Call("GET", "/v2/crawl/active")
    return [ActiveCrawl.from_wire(c) for c in body.get("crawls") or []]


def crawl_params_preview(url: str, prompt: str) -> Op:
    """The crawl options a natural-language prompt stands for."""
    body = yield Call("POST", "/v2/crawl/params-preview", json={"url": url, "prompt": prompt})
    params = from_wire(body.get("data") or {})
    return CrawlParamsPreview(url=params.pop("url", None) or url, params=params, warning=body.get("warning"), raw=body)


def _wait(read: Any, job_id: str, poll_interval: float, timeout: Optional[float], done: Sequence[str] = TERMINAL) -> Op:
    """Poll until a terminal status. 4xx answers end the wait; 5xx and lost connections
    are passing trouble on a long job, so polling goes on through them."""
    deadline = time.monotonic() + timeout if timeout is not None else None
    last: Optional[str] = None
    while True:
        try:
            job = yield from read()
            last = job.status
            if job.status in done:
                return job
        except TrawlError as exc:
            if exc.status is not None and exc.status < 500:
                raise
        if deadline is not None and time.monotonic() >= deadline:
            raise JobTimeoutError(f"Job {job_id} did not finish within {timeout}s", job_id=job_id, last_status=last)
        pause = max(1.0, poll_interval)
        if deadline is not None:
            pause = max(0.0, min(pause, deadline - time.monotonic()))
        yield Sleep(pause)


# While a job runs, each poll asks for one document only: the status is what matters then,
# and a large crawl's documents are fetched once, at the end.
_PEEK = PaginationConfig(page_size=1, auto_paginate=False)


def wait_crawl(job_id: str, poll_interval: float = 2, timeout: Optional[float] = None) -> Op:
    """Wait for a started crawl to finish; returns it with every document."""
    yield from _wait(lambda: _status("crawl", job_id, _PEEK), job_id, poll_interval, timeout)
    return (yield from _status("crawl", job_id, None))


def wait_batch_scrape(job_id: str, poll_interval: float = 2, timeout: Optional[float] = None) -> Op:
    """Wait for a started batch scrape to finish; returns it with every document."""
    yield from _wait(lambda: _status("batch", job_id, _PEEK), job_id, poll_interval, timeout)
    return (yield from _status("batch", job_id, None))


def crawl(url: str, *, poll_interval: float = 2, timeout: Optional[float] = None, **options: Any) -> Op:
    """Start a crawl and wait for it (`timeout` in seconds; JobTimeoutError when it passes)."""
    started = yield from start_crawl(url, **options)
    return (yield from wait_crawl(started.id, poll_interval, timeout))


def batch_scrape(urls: Sequence[str], *, poll_interval: float = 2, wait_timeout: Optional[float] = None, **options: Any) -> Op:
    """Scrape many URLs and wait (`wait_timeout` in seconds; `timeout` is the per-page scrape option)."""
    started = yield from start_batch_scrape(urls, **options)
    return (yield from wait_batch_scrape(started.id, poll_interval, wait_timeout))


# --- extract and agent ---------------------------------------------------------------------


def start_extract(urls: Optional[Sequence[str]] = None, **options: Any) -> Op:
    """Start extracting structured data (prompt and/or schema) from pages."""
    body = yield Call("POST", "/v2/extract", json=_body(urls=list(urls) if urls else None, **options))
    return ExtractJob.from_wire(body)


def get_extract_status(job_id: str) -> Op:
    body = yield Call("GET", f"/v2/extract/{_id(job_id)}")
    job = ExtractJob.from_wire(body)
    job.id = job.id or job_id
    return job


def extract(urls: Optional[Sequence[str]] = None, *, poll_interval: float = 2, timeout: Optional[float] = None, **options: Any) -> Op:
    """Start an extract and wait for its data (`timeout` in seconds)."""
    started = yield from start_extract(urls, **options)
    if not started.id:
        return started
    return (yield from _wait(lambda: get_extract_status(started.id), started.id, poll_interval, timeout))


def start_agent(urls: Optional[Sequence[str]] = None, *, prompt: str, **options: Any) -> Op:
    """Start an agent run on a task described in `prompt`."""
    body = yield Call("POST", "/v2/agent", json=_body(prompt=prompt, urls=list(urls) if urls else None, **options))
    return AgentJob.from_wire(body)


def get_agent_status(job_id: str) -> Op:
    body = yield Call("GET", f"/v2/agent/{_id(job_id)}")
    job = AgentJob.from_wire(body)
    job.id = job.id or job_id
    return job


def agent(
    urls: Optional[Sequence[str]] = None, *, prompt: str, poll_interval: float = 2, timeout: Optional[float] = None, **options: Any
) -> Op:
    """Run an agent and wait for its answer (`timeout` in seconds)."""
    started = yield from start_agent(urls, prompt=prompt, **options)
    return (yield from _wait(lambda: get_agent_status(started.id), started.id, poll_interval, timeout, ("completed", "failed", "cancelled")))


def cancel_agent(job_id: str) -> Op:
    body = yield Call("DELETE", f"/v2/agent/{_id(job_id)}")
    return body.get("success") is True


def list_agents(*, before: Optional[int] = None) -> Op:
    """Recent runs, newest first, 20 at a time; pass `before` (unix ms) for older ones."""
    body = yield Call("GET", "/v2/agent", params={"before": before})
    return AgentList.from_wire(body)


def get_agent_trace(job_id: str, *, live_view: bool = False) -> Op:
    body = yield Call("GET", f"/v2/agent/{_id(job_id)}/trace", params={"liveView": "true" if live_view else None})
    return AgentTrace.from_wire(body)


def get_agent_snapshot(job_id: str, snapshot_id: str) -> Op:
    body = yield Call("GET", f"/v2/agent/{_id(job_id)}/snapshots/{_id(snapshot_id)}")
    return AgentSnapshot.from_wire(body)


def get_agent_thread(thread_id: str, *, include_data: bool = False) -> Op:
    body = yield Call("GET", f"/v2/agent/threads/{_id(thread_id)}", params={"includeData": "true" if include_data else None})
    return AgentThread.from_wire(body.get("thread") or {})


# --- browser sessions and interact ---------------------------------------------------------


def browser(**options: Any) -> Op:
    """Create a browser session (ttl, activity_ttl, stream_web_view, profile, …)."""
    body = yield Call("POST", "/v2/browser", json=_body(**options))
    return BrowserSession.from_wire(body)


def browser_execute(session_id: str, code: str, *, language: str = "bash", timeout: Optional[int] = None) -> Op:
    """Run code in a session (`timeout` in seconds)."""
    body = yield Call(
        "POST",
        f"/v2/browser/{_id(session_id)}/execute",
        json=_body(code=code, language=language, timeout=timeout),
        timeout=timeout + 5 if timeout else None,
    )
    return ExecuteResult.from_wire(body)


def delete_browser(session_id: str) -> Op:
    body = yield Call("DELETE", f"/v2/browser/{_id(session_id)}")
    return SessionEnded.from_wire(body)


def list_browsers(*, status: Optional[str] = None) -> Op:
    body = yield Call("GET", "/v2/browser", params={"status": status})
    return [BrowserSession.from_wire(s) for s in body.get("sessions") or []]


def interact(
    job_id: str, code: Optional[str] = None, *, prompt: Optional[str] = None, language: str = "node", timeout: Optional[int] = None
) -> Op:
    """Act on the page a scrape left open: run `code`, or hand a `prompt` to the agent."""
    if not code and not prompt:
        raise ValueError("interact needs code or a prompt")
    body = yield Call(
        "POST",
        f"/v2/scrape/{_id(job_id)}/interact",
        json=_body(code=code, prompt=prompt, language=language, timeout=timeout),
        timeout=timeout + 5 if timeout else None,
    )
    return ExecuteResult.from_wire(body)


def stop_interaction(job_id: str) -> Op:
    body = yield Call("DELETE", f"/v2/scrape/{_id(job_id)}/interact")
    return SessionEnded.from_wire(body)


# --- monitors ------------------------------------------------------------------------------


def _data(body: Dict[str, Any]) -> Any:
    if body.get("data") is None:
        raise TrawlError("The server answered without data", status=200, body=body)
    return body["data"]


def create_monitor(name: str, schedule: Dict[str, Any], targets: List[Dict[str, Any]], **options: Any) -> Op:
    """Create a monitor (webhook, notification, retention_days, goal, judge_enabled)."""
    body = yield Call("POST", "/v2/monitor", json=_body(name=name, schedule=schedule, targets=targets, **options))
    return Monitor.from_wire(_data(body))


def list_monitors(*, limit: Optional[int] = None, offset: Optional[int] = None) -> Op:
    body = yield Call("GET", "/v2/monitor", params={"limit": limit, "offset": offset})
    return [Monitor.from_wire(m) for m in _data(body)]


def get_monitor(monitor_id: str) -> Op:
    body = yield Call("GET", f"/v2/monitor/{_id(monitor_id)}")
    return Monitor.from_wire(_data(body))


def update_monitor(monitor_id: str, **fields: Any) -> Op:
    """Change any of name, status, schedule, targets, webhook, notification, goal, …"""
    # None is sent, not dropped: it is how webhook, notification and goal are removed.
    body = yield Call("PATCH", f"/v2/monitor/{_id(monitor_id)}", json={camel(k): to_wire(v) for k, v in fields.items()})
    return Monitor.from_wire(_data(body))


def delete_monitor(monitor_id: str) -> Op:
    body = yield Call("DELETE", f"/v2/monitor/{_id(monitor_id)}")
    return body.get("success") is True


def run_monitor(monitor_id: str) -> Op:
    """Queue a check now; returns the check (status queued or running)."""
    body = yield Call("POST", f"/v2/monitor/{_id(monitor_id)}/run", json={})
    return MonitorCheck.from_wire(_data(body))


def list_monitor_checks(monitor_id: str, *, limit: Optional[int] = None, offset: Optional[int] = None, status: Optional[str] = None) -> Op:
    body = yield Call("GET", f"/v2/monitor/{_id(monitor_id)}/checks", params={"limit": limit, "offset": offset, "status": status})
    return [MonitorCheck.from_wire(c) for c in _data(body)]


def get_monitor_check(
    monitor_id: str,
    check_id: str,
    *,
    limit: Optional[int] = None,
    skip: Optional[int] = None,
    status: Optional[str] = None,
    pagination_config: Optional[PaginationConfig] = None,
) -> Op:
    """A check with its pages; follows `next` like the job status reads."""
    cfg = pagination_config or PaginationConfig()
    body = yield Call(
        "GET", f"/v2/monitor/{_id(monitor_id)}/checks/{_id(check_id)}", params={"limit": limit, "skip": skip, "status": status}
    )
    check = MonitorCheck.from_wire(_data(body))
    check.pages = check.pages or []
    nxt = body.get("next") or check.next
    pages = 1
    while cfg.auto_paginate and nxt:
        if cfg.max_pages is not None and pages >= cfg.max_pages:
            break
        if cfg.max_results is not None and len(check.pages) >= cfg.max_results:
            break
        page = yield Call("GET", nxt)
        data = page.get("data") or {}
        check.pages.extend(MonitorCheckPage.from_wire(p) for p in data.get("pages") or [])
        nxt = page.get("next") or data.get("next")
        pages += 1
    check.next = nxt
    return check


# --- team usage ----------------------------------------------------------------------------


def _usage_body(body: Dict[str, Any]) -> Dict[str, Any]:
    return body.get("data") if isinstance(body.get("data"), dict) else body


def get_credit_usage() -> Op:
    body = yield Call("GET", "/v2/team/credit-usage")
    return CreditUsage.from_wire(_usage_body(body))


def get_token_usage() -> Op:
    body = yield Call("GET", "/v2/team/token-usage")
    return TokenUsage.from_wire(_usage_body(body))


def _historical(path: str, by_api_key: bool) -> Op:
    body = yield Call("GET", path, params={"byApiKey": "true" if by_api_key else None})
    return [UsagePeriod.from_wire(p) for p in body.get("periods") or []]


def get_credit_usage_historical(by_api_key: bool = False) -> Op:
    """Credits used per billing month (per API key with by_api_key=True), newest first."""
    return (yield from _historical("/v2/team/credit-usage/historical", by_api_key))


def get_token_usage_historical(by_api_key: bool = False) -> Op:
    """Tokens used per billing month (per API key with by_api_key=True), newest first."""
    return (yield from _historical("/v2/team/token-usage/historical", by_api_key))


def get_queue_status() -> Op:
    body = yield Call("GET", "/v2/team/queue-status")
    return QueueStatus.from_wire(body)


def get_concurrency() -> Op:
    body = yield Call("GET", "/v2/concurrency-check")
    return Concurrency.from_wire(_usage_body(body))


OPS = [
    scrape, search, map, parse,
    start_crawl, get_crawl_status, get_crawl_status_page, get_crawl_errors, cancel_crawl, get_active_crawls,
    crawl_params_preview, crawl, wait_crawl,
    start_batch_scrape, get_batch_scrape_status, get_batch_scrape_status_page, get_batch_scrape_errors,
    cancel_batch_scrape, batch_scrape, wait_batch_scrape,
    start_extract, get_extract_status, extract,
    start_agent, get_agent_status, agent, cancel_agent, list_agents, get_agent_trace, get_agent_snapshot, get_agent_thread,
    browser, browser_execute, delete_browser, list_browsers, interact, stop_interaction,
    create_monitor, list_monitors, get_monitor, update_monitor, delete_monitor, run_monitor, list_monitor_checks,
    get_monitor_check,
    get_credit_usage, get_token_usage, get_credit_usage_historical, get_token_usage_historical, get_queue_status,
    get_concurrency,
]  # fmt: skip
