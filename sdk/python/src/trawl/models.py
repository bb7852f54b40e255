"""Typed results. Each model reads the wire's camelCase JSON into snake_case attributes;
whatever the model does not name stays readable in `raw` (the untouched JSON object)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Callable, Dict, List, Optional, Type, TypeVar

from ._wire import camel

M = TypeVar("M", bound="Model")


def _one(model: "Type[Model]", **kw: Any) -> Any:
    return field(default=None, metadata={"conv": model.from_wire, **kw})


def _many(model: "Type[Model]", **kw: Any) -> Any:
    return field(default=None, metadata={"conv": lambda items: [model.from_wire(i) for i in items], **kw})


def _wire(name: str) -> Any:
    return field(default=None, metadata={"wire": name})


@dataclass(kw_only=True)
class Model:
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_wire(cls: Type[M], data: Any) -> M:
        if not isinstance(data, dict):
            # Some list endpoints answer plain strings (map links from older servers).
            data = {"url": data} if isinstance(data, str) else {}
        kwargs: Dict[str, Any] = {}
        for f in fields(cls):
            if f.name == "raw":
                continue
            key = f.metadata.get("wire", camel(f.name))
            if key not in data:
                continue
            value = data[key]
            conv: Optional[Callable[[Any], Any]] = f.metadata.get("conv")
            kwargs[f.name] = conv(value) if conv and value is not None else value
        return cls(**kwargs, raw=data)


# --- documents -----------------------------------------------------------------------------


@dataclass(kw_only=True)
class DocumentMetadata(Model):
    title: Optional[str] = None
    description: Optional[str] = None
    language: Optional[str] = None
    source_url: Optional[str] = _wire("sourceURL")
    url: Optional[str] = None
    status_code: Optional[int] = None
    error: Optional[str] = None
    scrape_id: Optional[str] = None
    content_type: Optional[str] = None
    cache_state: Optional[str] = None
    cached_at: Optional[str] = None
    proxy_used: Optional[str] = None
    credits_used: Optional[int] = None
    num_pages: Optional[int] = None


@dataclass(kw_only=True)
class Document(Model):
    markdown: Optional[str] = None
    summary: Optional[str] = None
    html: Optional[str] = None
    raw_html: Optional[str] = None
    links: Optional[List[str]] = None
    images: Optional[List[str]] = None
    screenshot: Optional[str] = None
    json: Any = None
    change_tracking: Optional[Dict[str, Any]] = None
    actions: Optional[Dict[str, Any]] = None
    branding: Optional[Dict[str, Any]] = None
    warning: Optional[str] = None
    metadata: Optional[DocumentMetadata] = _one(DocumentMetadata)


# --- search and map ------------------------------------------------------------------------


@dataclass(kw_only=True)
class SearchResult(Model):
    """One hit; when the search also scraped, the page's formats are filled in too."""

    url: Optional[str] = None
    title: Optional[str] = None
    description: Optional[str] = None
    snippet: Optional[str] = None
    position: Optional[int] = None
    category: Optional[str] = None
    date: Optional[str] = None
    image_url: Optional[str] = None
    markdown: Optional[str] = None
    html: Optional[str] = None
    links: Optional[List[str]] = None
    metadata: Optional[DocumentMetadata] = _one(DocumentMetadata)


@dataclass(kw_only=True)
class SearchData(Model):
    web: Optional[List[SearchResult]] = _many(SearchResult)
    news: Optional[List[SearchResult]] = _many(SearchResult)
    images: Optional[List[SearchResult]] = _many(SearchResult)
    id: Optional[str] = None
    warning: Optional[str] = None
    credits_used: Optional[int] = None


@dataclass(kw_only=True)
class MapLink(Model):
    url: str = ""
    title: Optional[str] = None
    description: Optional[str] = None


@dataclass(kw_only=True)
class MapData(Model):
    links: List[MapLink] = _many(MapLink)
    warning: Optional[str] = None


# --- crawl and batch scrape ----------------------------------------------------------------


@dataclass(kw_only=True)
class JobStarted(Model):
    """A started crawl or batch scrape: follow it with the id."""

    id: str = ""
    url: Optional[str] = None
    invalid_urls: Optional[List[str]] = None


@dataclass(kw_only=True)
class CrawlJob(Model):
    """Status of a crawl or batch scrape, with the documents finished so far."""

    id: Optional[str] = None
    status: str = ""
    total: int = 0
    completed: int = 0
    credits_used: int = 0
    expires_at: Optional[str] = None
    next: Optional[str] = None
    data: List[Document] = _many(Document)
    warning: Optional[str] = None

    @property
    def done(self) -> bool:
        return self.status in ("completed", "failed", "cancelled")


BatchScrapeJob = CrawlJob


@dataclass(kw_only=True)
class PaginationConfig:
    """How get_*_status follows `next`: all pages by default, or up to a cap.
    `page_size` asks the server for at most that many documents per response."""

    auto_paginate: bool = True
    page_size: Optional[int] = None
    max_pages: Optional[int] = None
    max_results: Optional[int] = None
    max_wait_time: Optional[float] = None


@dataclass(kw_only=True)
class JobErrorEntry(Model):
    id: Optional[str] = None
    url: Optional[str] = None
    error: Optional[str] = None
    code: Optional[str] = None
    timestamp: Optional[str] = None


@dataclass(kw_only=True)
class JobErrors(Model):
    errors: List[JobErrorEntry] = _many(JobErrorEntry)
    robots_blocked: List[str] = field(default_factory=list)


@dataclass(kw_only=True)
class ActiveCrawl(Model):
    id: str = ""
    team_id: Optional[str] = None
    url: Optional[str] = None
    options: Optional[Dict[str, Any]] = None


@dataclass(kw_only=True)
class CrawlParamsPreview(Model):
    """Crawl options derived from a prompt. `params` uses this SDK's keyword names, so
    `client.start_crawl(preview.url, **preview.params)` starts the crawl it describes."""

    url: Optional[str] = None
    params: Dict[str, Any] = field(default_factory=dict)
    warning: Optional[str] = None


# --- extract and agent ---------------------------------------------------------------------


@dataclass(kw_only=True)
class ExtractJob(Model):
    id: Optional[str] = None
    status: Optional[str] = None
    data: Any = None
    error: Optional[str] = None
    warning: Optional[str] = None
    sources: Optional[Dict[str, Any]] = None
    expires_at: Optional[str] = None
    credits_used: Optional[int] = None
    tokens_used: Optional[int] = None
    invalid_urls: Optional[List[str]] = None


@dataclass(kw_only=True)
class AgentJob(Model):
    id: Optional[str] = None
    status: Optional[str] = None
    data: Any = None
    message: Optional[str] = None
    error: Optional[str] = None
    model: Optional[str] = None
    effort: Optional[str] = None
    mode: Optional[str] = None
    thread_id: Optional[str] = None
    thread_turn: Optional[int] = None
    expires_at: Optional[str] = None
    credits_used: Optional[int] = None


@dataclass(kw_only=True)
class AgentRun(Model):
    id: str = ""
    created_at: Optional[str] = None
    target_hint: Optional[str] = None
    status: Optional[str] = None
    options: Optional[Dict[str, Any]] = None


@dataclass(kw_only=True)
class AgentList(Model):
    agents: List[AgentRun] = _many(AgentRun)
    next: Optional[str] = None


@dataclass(kw_only=True)
class AgentTrace(Model):
    id: Optional[str] = None
    credits_used: Optional[int] = None
    events: List[Dict[str, Any]] = field(default_factory=list)
    active_browser_sessions: Optional[List[Dict[str, Any]]] = None


@dataclass(kw_only=True)
class AgentSnapshot(Model):
    id: Optional[str] = None
    snapshot_id: Optional[str] = None
    snapshot: Optional[str] = None


@dataclass(kw_only=True)
class AgentThread(Model):
    id: str = ""
    status: Optional[str] = None
    created_at: Optional[str] = None
    updated_at: Optional[str] = None
    runs: List[Dict[str, Any]] = field(default_factory=list)


# --- browser sessions and interact ---------------------------------------------------------


@dataclass(kw_only=True)
class BrowserSession(Model):
    id: str = ""
    status: Optional[str] = None
    cdp_url: Optional[str] = None
    live_view_url: Optional[str] = None
    interactive_live_view_url: Optional[str] = None
    stream_web_view: Optional[bool] = None
    expires_at: Optional[str] = None
    created_at: Optional[str] = None
    last_activity: Optional[str] = None


@dataclass(kw_only=True)
class ExecuteResult(Model):
    success: bool = False
    stdout: Optional[str] = None
    result: Optional[str] = None
    stderr: Optional[str] = None
    output: Optional[str] = None
    exit_code: Optional[int] = None
    killed: Optional[bool] = None
    truncated: Optional[bool] = None
    error: Optional[str] = None
    cdp_url: Optional[str] = None
    live_view_url: Optional[str] = None


@dataclass(kw_only=True)
class SessionEnded(Model):
    success: bool = False
    status: Optional[str] = None
    session_duration_ms: Optional[int] = None
    credits_billed: Optional[int] = None


# --- monitors ------------------------------------------------------------------------------


@dataclass(kw_only=True)
class Monitor(Model):
    id: str = ""
    name: Optional[str] = None
    status: Optional[str] = None
    schedule: Optional[Dict[str, Any]] = None
    targets: List[Dict[str, Any]] = field(default_factory=list)
    webhook: Optional[Dict[str, Any]] = None
    notification: Optional[Dict[str, Any]] = None
    retention_days: Optional[int] = None
    goal: Optional[str] = None
    judge_enabled: Optional[bool] = None
    next_run_at: Optional[str] = None
    last_run_at: Optional[str] = None
    current_check_id: Optional[str] = None
    last_check_summary: Optional[Dict[str, Any]] = None
    created_at: Optional[str] = None
    updated_at: Optional[str] = None


@dataclass(kw_only=True)
class MonitorCheckPage(Model):
    id: str = ""
    target_id: Optional[str] = None
    url: Optional[str] = None
    status: Optional[str] = None
    status_code: Optional[int] = None
    error: Optional[str] = None
    diff: Optional[Dict[str, Any]] = None
    snapshot: Optional[Dict[str, Any]] = None
    judgment: Optional[Dict[str, Any]] = None
    created_at: Optional[str] = None


@dataclass(kw_only=True)
class MonitorCheck(Model):
    id: str = ""
    monitor_id: Optional[str] = None
    status: Optional[str] = None
    trigger: Optional[str] = None
    billing_status: Optional[str] = None
    summary: Optional[Dict[str, int]] = None
    error: Optional[str] = None
    started_at: Optional[str] = None
    finished_at: Optional[str] = None
    created_at: Optional[str] = None
    updated_at: Optional[str] = None
    pages: Optional[List[MonitorCheckPage]] = _many(MonitorCheckPage)
    next: Optional[str] = None


# --- team usage ----------------------------------------------------------------------------


@dataclass(kw_only=True)
class CreditUsage(Model):
    remaining_credits: int = 0
    plan_credits: Optional[int] = None
    billing_period_start: Optional[str] = None
    billing_period_end: Optional[str] = None


@dataclass(kw_only=True)
class TokenUsage(Model):
    remaining_tokens: int = 0
    plan_tokens: Optional[int] = None
    billing_period_start: Optional[str] = None
    billing_period_end: Optional[str] = None


@dataclass(kw_only=True)
class UsagePeriod(Model):
    start_date: Optional[str] = None
    end_date: Optional[str] = None
    api_key: Optional[str] = None
    credits_used: Optional[int] = None
    tokens_used: Optional[int] = None


@dataclass(kw_only=True)
class QueueStatus(Model):
    jobs_in_queue: int = 0
    active_jobs_in_queue: int = 0
    waiting_jobs_in_queue: int = 0
    max_concurrency: int = 0
    most_recent_success: Optional[str] = None


@dataclass(kw_only=True)
class Concurrency(Model):
    concurrency: int = 0
    max_concurrency: int = 0
