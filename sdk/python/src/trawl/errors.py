"""Every failure the client raises is a TrawlError carrying what the server said."""

from __future__ import annotations

from typing import Any, Optional


class TrawlError(Exception):
    """An API call failed. `status` is the HTTP status (None when no response came back)."""

    def __init__(
        self,
        message: str,
        *,
        status: Optional[int] = None,
        code: Optional[str] = None,
        details: Any = None,
        body: Any = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.details = details
        self.body = body

    def __str__(self) -> str:
        parts = [p for p in (f"HTTP {self.status}" if self.status else None, self.code) if p]
        return f"{self.message} ({', '.join(parts)})" if parts else self.message


class BadRequestError(TrawlError):
    """400: the request did not validate; `details` lists the issues."""


class UnauthorizedError(TrawlError):
    """401: missing or unknown API key."""


class PaymentRequiredError(TrawlError):
    """402: not enough credits left for this request."""


class ForbiddenError(TrawlError):
    """403: the target is block-listed, or the job belongs to another team."""


class NotFoundError(TrawlError):
    """404: unknown or expired job, monitor or session."""


class RequestTimeoutError(TrawlError):
    """408: the scrape, search or map did not finish within its `timeout`."""


class ConflictError(TrawlError):
    """409: idempotency key reused, a check already running, a profile in use."""


class GoneError(TrawlError):
    """410: the browser session was already destroyed."""


class RateLimitError(TrawlError):
    """429 after every retry; `retry_after` is the server's last hint in seconds."""

    def __init__(self, message: str, *, retry_after: Optional[float] = None, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.retry_after = retry_after


class InternalServerError(TrawlError):
    """500: the server failed; `code` names the scrape engine failure when there is one."""


class NotImplementedByServerError(TrawlError):
    """501: this server does not offer the feature."""


class ServiceUnavailableError(TrawlError):
    """502/503 after every retry."""


class TrawlConnectionError(TrawlError):
    """No HTTP response: the server could not be reached."""


class JobTimeoutError(TrawlError, TimeoutError):
    """A waiter gave up before the job finished; the job keeps running on the server."""

    def __init__(self, message: str, *, job_id: str, last_status: Optional[str] = None) -> None:
        super().__init__(message)
        self.job_id = job_id
        self.last_status = last_status


_BY_STATUS = {
    400: BadRequestError,
    401: UnauthorizedError,
    402: PaymentRequiredError,
    403: ForbiddenError,
    404: NotFoundError,
    408: RequestTimeoutError,
    409: ConflictError,
    410: GoneError,
    429: RateLimitError,
    500: InternalServerError,
    501: NotImplementedByServerError,
    502: ServiceUnavailableError,
    503: ServiceUnavailableError,
}


def _unsaid_reasons(message: str, details: Any) -> list:
    """The `path: message` reasons of a validation 400's `details` that `error` does not already say.

    Firecrawl sends a bare "Bad Request" and Trawl its first reason; the caller should read every one.
    """
    if not isinstance(details, list):
        return []
    reasons = []
    for issue in details:
        if not isinstance(issue, dict) or not isinstance(issue.get("message"), str):
            continue
        path = issue.get("path")
        at = f"{'.'.join(str(p) for p in path)}: " if isinstance(path, list) and path else ""
        reason = f"{at}{issue['message']}"
        if reason not in message:
            reasons.append(reason)
    return reasons


def error_for(status: int, body: Any, retry_after: Optional[float] = None) -> TrawlError:
    payload = body if isinstance(body, dict) else {}
    message = str(payload.get("error") or payload.get("message") or f"Request failed with HTTP {status}")
    unsaid = _unsaid_reasons(message, payload.get("details"))
    if unsaid:
        message = f"{message}; {'; '.join(unsaid)}"
    kw: dict = {"status": status, "code": payload.get("code"), "details": payload.get("details"), "body": body}
    cls = _BY_STATUS.get(status, TrawlError)
    if cls is RateLimitError:
        return RateLimitError(str(message), retry_after=retry_after, **kw)
    return cls(str(message), **kw)
