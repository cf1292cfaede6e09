"""Structured logs (issue 29): ``serve --log-format json`` writes one JSON object a line, each with
the id of the request (or websocket) it belongs to, and one access line a request.

Every request and websocket gets an id (``RequestIds``): the proxy's ``X-Request-ID`` when it is a
plain short token, else a new one; it is answered in ``X-Request-ID`` and carried by every log line
written while serving it (a context variable: it follows the request into worker threads).  The
access line names the method, the path (never the query string: it holds tokens), the status and
the time taken; its logger (``hanafuda.access``) is quiet unless the JSON format turns it on.
"""

from __future__ import annotations

import contextvars
import datetime as dt
import json
import logging
import re
import secrets
import time
from typing import Any

__all__ = ["ACCESS", "JsonFormatter", "RequestIds", "log_config", "request_id"]

ACCESS = logging.getLogger("hanafuda.access")

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("hanafuda_request_id", default=None)
"""The id of the request being served (``None`` outside any request)."""

_GIVEN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON: time (UTC, ISO 8601), level, logger, message, the request
    id when there is one, the exception's type and text when there is one, and the access fields."""

    FIELDS = ("method", "path", "status", "ms", "kind")

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        rid = getattr(record, "request_id", None) or request_id.get()
        if rid:
            out["request_id"] = rid
        for name in self.FIELDS:
            if hasattr(record, name):
                out[name] = getattr(record, name)
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def log_config(level: str = "WARNING") -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of ``serve --log-format json`` (given to uvicorn, so every
    worker process uses it): everything — uvicorn's lines too — through ``JsonFormatter`` on stderr,
    at ``level``, plus the access lines."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    quiet = {"handlers": ["json"], "level": level, "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {"json": handler},
        "loggers": {"uvicorn": quiet, "uvicorn.error": {"level": level}, "uvicorn.access": quiet,
                    ACCESS.name: {"handlers": ["json"], "level": "INFO", "propagate": False}},
        "root": {"handlers": ["json"], "level": level},
    }


class RequestIds:
    """ASGI middleware: an id for every request and websocket (``request_id``), answered in
    ``X-Request-ID``, and one access line per request on ``hanafuda.access``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"x-request-id"), "")
        rid = given if _GIVEN_ID.fullmatch(given) else secrets.token_hex(8)
        # not reset afterwards: the server serves each request in its own task (its own context),
        # and the traceback of an unhandled error is logged after this returns, still in it
        request_id.set(rid)
        started = time.perf_counter()
        status = 0

        async def tagged(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = [*message.get("headers", []), (b"x-request-id", rid.encode())]
                message = {**message, "headers": headers}
            await send(message)

        try:
            if scope["type"] == "websocket" and ACCESS.isEnabledFor(logging.INFO):
                ACCESS.info("websocket", extra={"kind": "websocket", "path": scope.get("path", "")})
            await self.app(scope, receive, tagged)
        finally:
            if scope["type"] == "http" and ACCESS.isEnabledFor(logging.INFO):
                ACCESS.info("%s %s %s", scope.get("method", ""), scope.get("path", ""), status or 500,
                            extra={"kind": "http", "method": scope.get("method", ""),
                                   "path": scope.get("path", ""), "status": status or 500,
                                   "ms": round((time.perf_counter() - started) * 1000, 2)})
