"""Naming between Python (snake_case keywords) and the wire (camelCase JSON)."""

from __future__ import annotations

import re
from typing import Any

# Values under these keys are the caller's own data (a JSON Schema's property names,
# HTTP header names, webhook metadata): their keys travel exactly as written.
_VERBATIM = {"schema", "headers", "metadata"}

# Wire names that do not follow plain camelCase.
_SPECIAL = {
    "source_url": "sourceURL",
    "invalid_urls": "invalidURLs",
    "ignore_invalid_urls": "ignoreInvalidURLs",
    "strict_constrain_to_urls": "strictConstrainToURLs",
}
_SPECIAL_BACK = {v: k for k, v in _SPECIAL.items()}


def camel(name: str) -> str:
    if name in _SPECIAL:
        return _SPECIAL[name]
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def snake(name: str) -> str:
    if name in _SPECIAL_BACK:
        return _SPECIAL_BACK[name]
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def to_wire(value: Any) -> Any:
    """Options as the API wants them: camelCase keys, and None meaning "not sent"."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if v is None:
                continue
            key = camel(k) if isinstance(k, str) else k
            out[key] = v if k in _VERBATIM else to_wire(v)
        return out
    if isinstance(value, (list, tuple)):
        return [to_wire(v) for v in value]
    return value


def from_wire(value: Any) -> Any:
    """The reverse of to_wire, for option objects the server hands back (crawl params preview)."""
    if isinstance(value, dict):
        return {snake(k): (v if k in _VERBATIM else from_wire(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [from_wire(v) for v in value]
    return value
