"""Follow a crawl or batch scrape as it runs: an event per finished document, then one
`done` (completed or cancelled) or one `error` (failed, unknown job, timeout).

Events come over the job's WebSocket when the `websockets` package is installed and the
server accepts the connection; otherwise, and whenever the socket closes before the end,
they come from polling the status endpoint, resuming after the documents already seen.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AsyncIterator, Dict, Iterator, List, Optional

from ._http import Call
from .errors import TrawlError
from .models import CrawlJob, Document

if TYPE_CHECKING:
    from ._http import AsyncCore, SyncCore

try:
    import websockets
    from websockets.asyncio.client import connect as ws_connect_async
    from websockets.sync.client import connect as ws_connect
except ImportError:  # polling only
    websockets = None  # type: ignore[assignment]

PATHS = {"crawl": "/v2/crawl", "batch": "/v2/batch/scrape"}
TERMINAL = ("completed", "failed", "cancelled")


@dataclass
class WatchEvent:
    """`type` is "document" (with `document`), "status" (with `job`: progress),
    "done" (with `job`: final status and every document) or "error" (with `error`)."""

    type: str
    document: Optional[Document] = None
    job: Optional[CrawlJob] = None
    error: Optional[str] = None


@dataclass
class _State:
    job_id: str
    documents: List[Document] = field(default_factory=list)
    keys: set = field(default_factory=set)
    job: CrawlJob = field(default_factory=CrawlJob)
    finished: bool = False

    def _document(self, raw: Any) -> List[WatchEvent]:
        if not isinstance(raw, dict):
            return []
        meta = raw.get("metadata") or {}
        key = meta.get("scrapeId") or meta.get("url") or meta.get("sourceURL") or json.dumps(raw, sort_keys=True)
        if key in self.keys:
            return []
        self.keys.add(key)
        doc = Document.from_wire(raw)
        self.documents.append(doc)
        return [WatchEvent("document", document=doc)]

    def _snapshot(self, data: Dict[str, Any]) -> CrawlJob:
        job = CrawlJob.from_wire({k: v for k, v in data.items() if k != "data"})
        job.id, job.data = self.job_id, list(self.documents)
        self.job = job
        return job

    def end(self, status: Dict[str, Any], error: Optional[str] = None) -> List[WatchEvent]:
        self.finished = True
        job = self._snapshot(status)
        if job.status == "failed" or error:
            return [WatchEvent("error", job=job, error=error or status.get("error") or "Job failed")]
        return [WatchEvent("done", job=job)]

    def on_documents(self, body: Dict[str, Any]) -> List[WatchEvent]:
        return [e for d in body.get("data") or [] for e in self._document(d)]

    def on_status(self, body: Dict[str, Any]) -> List[WatchEvent]:
        """A status read or a catch-up frame: new documents, progress, maybe the end."""
        events = self.on_documents(body)
        status = body.get("status")
        if status in TERMINAL:
            return events + self.end(body)
        return events + [WatchEvent("status", job=self._snapshot(body))]

    def on_frame(self, text: Any) -> List[WatchEvent]:
        try:
            msg = json.loads(text)
        except (TypeError, ValueError):
            return []
        kind, data = msg.get("type"), msg.get("data")
        if kind == "catchup" and isinstance(data, dict):
            return self.on_status(data)
        if kind == "document":
            return self._document(data)
        if kind == "done":
            data = data if isinstance(data, dict) else {}
            events = [e for d in data.get("data") or [] for e in self._document(d)]
            return events + self.end({**data, "status": data.get("status") or "completed"})
        if kind == "error":
            return self.end({"status": "failed"}, msg.get("error") or "Job failed")
        if isinstance(data, dict) and data.get("status"):
            return [WatchEvent("status", job=self._snapshot(data))]
        return []

    def on_close(self, code: Optional[int], reason: str) -> List[WatchEvent]:
        """A close with an error reason ends the watch; any other early close means "poll"."""
        try:
            payload = json.loads(reason) if reason else {}
        except ValueError:
            payload = {}
        if code not in (None, 1000) and isinstance(payload, dict) and payload.get("type") == "error":
            return self.end({"status": "failed"}, payload.get("error") or f"WebSocket closed ({code})")
        return []

    def timeout(self) -> List[WatchEvent]:
        self.finished = True
        return [WatchEvent("error", job=self.job, error="Watcher timeout")]

    def poll_call(self, kind: str, url: Optional[str] = None) -> Call:
        return Call("GET", url or f"{PATHS[kind]}/{self.job_id}", params=None if url else {"skip": len(self.documents)})


class _Base:
    def __init__(self, api_url: str, api_key: Optional[str], job_id: str, kind: str, poll_interval: float, timeout: Optional[float], websocket: bool):
        if kind not in PATHS:
            raise ValueError('kind must be "crawl" or "batch"')
        self.kind = kind
        self.poll_interval = max(1.0, poll_interval)
        self.deadline = time.monotonic() + timeout if timeout is not None else None
        self.use_websocket = websocket and websockets is not None
        self.ws_url = api_url.replace("https://", "wss://", 1).replace("http://", "ws://", 1) + f"{PATHS[kind]}/{job_id}"
        self.ws_headers = [("Authorization", f"Bearer {api_key}")] if api_key else []
        self.state = _State(job_id)

    def remaining(self) -> Optional[float]:
        return None if self.deadline is None else self.deadline - time.monotonic()

    def handle_poll_error(self, exc: TrawlError) -> List[WatchEvent]:
        # An unknown or foreign job will not appear later; a 5xx or lost connection may pass.
        if exc.status is not None and exc.status < 500:
            return self.state.end({"status": "failed"}, exc.message)
        return []


class Watcher(_Base):
    """Iterate to receive events: `for event in client.watcher(job_id): …`."""

    def __init__(self, core: "SyncCore", job_id: str, *, kind: str = "crawl", poll_interval: float = 2, timeout: Optional[float] = None, websocket: bool = True):
        super().__init__(core.api_url, core.api_key, job_id, kind, poll_interval, timeout, websocket)
        self._core = core

    def __iter__(self) -> Iterator[WatchEvent]:
        if self.use_websocket:
            yield from self._socket()
        while not self.state.finished:
            yield from self._poll_once()
            if self.state.finished:
                break
            left = self.remaining()
            if left is not None and left <= 0:
                yield from self.state.timeout()
                break
            time.sleep(self.poll_interval if left is None else min(self.poll_interval, left))

    def _socket(self) -> Iterator[WatchEvent]:
        try:
            with ws_connect(self.ws_url, additional_headers=self.ws_headers, max_size=None, open_timeout=10) as ws:
                while not self.state.finished:
                    left = self.remaining()
                    if left is not None and left <= 0:
                        yield from self.state.timeout()
                        return
                    try:
                        frame = ws.recv(timeout=left)
                    except TimeoutError:
                        continue
                    except websockets.exceptions.ConnectionClosed as closed:
                        rcvd = closed.rcvd
                        yield from self.state.on_close(rcvd.code if rcvd else None, rcvd.reason if rcvd else "")
                        return
                    yield from self.state.on_frame(frame)
        except (OSError, websockets.exceptions.WebSocketException):
            return  # the status endpoint takes over

    def _poll_once(self) -> Iterator[WatchEvent]:
        url: Optional[str] = None
        while True:
            try:
                body = self._core.send(self.state.poll_call(self.kind, url))
            except TrawlError as exc:
                yield from self.handle_poll_error(exc)
                return
            url = body.get("next")
            if url:
                yield from self.state.on_documents(body)
                continue
            yield from self.state.on_status(body)
            return


class AsyncWatcher(_Base):
    """Iterate to receive events: `async for event in client.watcher(job_id): …`."""

    def __init__(self, core: "AsyncCore", job_id: str, *, kind: str = "crawl", poll_interval: float = 2, timeout: Optional[float] = None, websocket: bool = True):
        super().__init__(core.api_url, core.api_key, job_id, kind, poll_interval, timeout, websocket)
        self._core = core

    async def __aiter__(self) -> AsyncIterator[WatchEvent]:
        if self.use_websocket:
            async for event in self._socket():
                yield event
        while not self.state.finished:
            async for event in self._poll_once():
                yield event
            if self.state.finished:
                break
            left = self.remaining()
            if left is not None and left <= 0:
                for event in self.state.timeout():
                    yield event
                break
            await asyncio.sleep(self.poll_interval if left is None else min(self.poll_interval, left))

    async def _socket(self) -> AsyncIterator[WatchEvent]:
        try:
            async with ws_connect_async(self.ws_url, additional_headers=self.ws_headers, max_size=None, open_timeout=10) as ws:
                while not self.state.finished:
                    left = self.remaining()
                    if left is not None and left <= 0:
                        for event in self.state.timeout():
                            yield event
                        return
                    try:
                        frame = await asyncio.wait_for(ws.recv(), timeout=left)
                    except asyncio.TimeoutError:
                        continue
                    except websockets.exceptions.ConnectionClosed as closed:
                        rcvd = closed.rcvd
                        for event in self.state.on_close(rcvd.code if rcvd else None, rcvd.reason if rcvd else ""):
                            yield event
                        return
                    for event in self.state.on_frame(frame):
                        yield event
        except (OSError, websockets.exceptions.WebSocketException):
            return

    async def _poll_once(self) -> AsyncIterator[WatchEvent]:
        url: Optional[str] = None
        while True:
            try:
                body = await self._core.send(self.state.poll_call(self.kind, url))
            except TrawlError as exc:
                for event in self.handle_poll_error(exc):
                    yield event
                return
            url = body.get("next")
            if url:
                for event in self.state.on_documents(body):
                    yield event
                continue
            for event in self.state.on_status(body):
                yield event
            return
