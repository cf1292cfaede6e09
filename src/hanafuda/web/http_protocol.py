"""The HTTP protocol ``hanafuda serve`` runs: uvicorn's httptools protocol with bounds on what one
connection may hold (issue 14, defect 8; issue 29, slow requests).

- A URL longer than ``MAX_URL`` bytes is answered at once with ``414 URI Too Long`` (a websocket
  request with a longer URL than the websocket library's line limit was once never answered).
- Request headers over ``MAX_HEADERS`` bytes in all: ``431 Request Header Fields Too Large``.
- Deadlines (uvicorn has none for a request in progress: 300 connections sending a header line
  now and then held the server 60 s): a request's headers must be complete ``HEADER_SECONDS``
  after its connection opened (or after the previous answer), and its body ``BODY_SECONDS``
  after its headers; else ``408 Request Timeout`` and the connection closed.  An idle keep-alive
  connection is closed after uvicorn's ``timeout_keep_alive`` (``KEEP_ALIVE_SECONDS``).
Each answer closes the connection, so a slow-loris client holds a descriptor a few seconds at most.
(A table's URL is under 100 bytes; a browser's headers a few KB.)
"""

from __future__ import annotations

import asyncio
from typing import Any

from .protocol_export import exported_protocol

__all__ = ["BODY_SECONDS", "HEADER_SECONDS", "KEEP_ALIVE_SECONDS", "MAX_HEADERS", "MAX_URL",
           "bounded_http_protocol", "http_protocol_name"]

MAX_URL = 4096
MAX_HEADERS = 32_768
HEADER_SECONDS = 10.0
BODY_SECONDS = 30.0
KEEP_ALIVE_SECONDS = 5
"""``uvicorn.run(timeout_keep_alive=…)``: an idle keep-alive connection is closed this much later."""


class UrlTooLong(Exception):
    """Raised inside the parser: the URL passed ``MAX_URL``."""


def _answer(transport: Any, status: bytes, text: str) -> None:
    """Write a short plain-text answer and close the connection."""
    body = text.encode("ascii")
    transport.write(b"HTTP/1.1 " + status + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
                    b"content-length: " + str(len(body)).encode("ascii") +
                    b"\r\nconnection: close\r\n\r\n" + body)
    transport.close()


def bounded_http_protocol() -> type[Any] | str:
    """The protocol class for ``uvicorn.run(http=…)`` (``"auto"`` if httptools is missing)."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - uvicorn without httptools
        return "auto"

    class BoundedHttpToolsProtocol(HttpToolsProtocol):
        refusal: tuple[bytes, str] | None = None
        header_bytes = 0
        deadline: asyncio.TimerHandle | None = None

        # -- deadlines ---------------------------------------------------------------------

        def _arm(self, seconds: float, what: str) -> None:
            self._disarm()
            self.deadline = self.loop.call_later(seconds, self._too_slow, what)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self, what: str) -> None:
            """The deadline passed: a 408 if no answer began, and the connection closed either way
            (the request's app, if any, sees a disconnect)."""
            self.deadline = None
            if self.transport.is_closing():
                return
            cycle = self.cycle
            started = cycle is not None and cycle.response_started
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True  # what the app sends from now on is dropped
                cycle.message_event.set()
            if started:
                self.transport.close()
            else:
                _answer(self.transport, b"408 Request Timeout",
                        f"the request's {what} did not arrive in time; the connection is closed")

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm(HEADER_SECONDS, "headers")

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self.header_bytes = 0
            if self.deadline is None:  # a pipelined or keep-alive request: its own header deadline
                self._arm(HEADER_SECONDS, "headers")

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()
            if not (self.parser.should_upgrade() and self._should_upgrade()) and self.cycle is not None \
                    and self.cycle.more_body:
                self._arm(BODY_SECONDS, "body")

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()  # arms uvicorn's keep-alive timer for an idle connection
            self._disarm()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()  # the websocket protocol has its own pings and deadlines
            super().handle_websocket_upgrade()

        # -- bounds --------------------------------------------------------------------------

        def on_url(self, url: bytes) -> None:
            super().on_url(url)
            if len(self.url) > MAX_URL:
                self.refusal = (b"414 URI Too Long", f"the URL is longer than {MAX_URL} bytes")
                raise UrlTooLong

        def on_header(self, name: bytes, value: bytes) -> None:
            self.header_bytes += len(name) + len(value) + 4
            if self.header_bytes > MAX_HEADERS:
                self.refusal = (b"431 Request Header Fields Too Large",
                                f"the request's headers are longer than {MAX_HEADERS} bytes")
                raise UrlTooLong
            super().on_header(name, value)

        def send_400_response(self, msg: str) -> None:
            self._disarm()
            if self.refusal is None:
                super().send_400_response(msg)
                return
            _answer(self.transport, *self.refusal)

    return BoundedHttpToolsProtocol


http_protocol_name, __getattr__ = exported_protocol(
    globals(), "BoundedHttpToolsProtocol", bounded_http_protocol)
"""``http_protocol_name()``: the protocol as an import string, for uvicorn's worker processes."""
