"""The HTTP protocol ``hanafuda serve`` runs: uvicorn's httptools protocol with a bound on the
request URL (issue 14, defect 8).

A websocket request with a URL longer than the websocket library's line limit (8 KiB) was handed
over and then never answered; every URL longer than ``MAX_URL`` bytes is now answered at once with
``414 URI Too Long`` and the connection closed.  (A table's URL is under 100 bytes.)
"""

from __future__ import annotations

from typing import Any

from .protocol_export import exported_protocol

__all__ = ["MAX_URL", "bounded_http_protocol", "http_protocol_name"]

MAX_URL = 4096


class UrlTooLong(Exception):
    """Raised inside the parser: the URL passed ``MAX_URL``."""


def bounded_http_protocol() -> type[Any] | str:
    """The protocol class for ``uvicorn.run(http=…)`` (``"auto"`` if httptools is missing)."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - uvicorn without httptools
        return "auto"

    class BoundedHttpToolsProtocol(HttpToolsProtocol):
        url_too_long = False

        def on_url(self, url: bytes) -> None:
            super().on_url(url)
            if len(self.url) > MAX_URL:
                self.url_too_long = True
                raise UrlTooLong

        def send_400_response(self, msg: str) -> None:
            if not self.url_too_long:
                super().send_400_response(msg)
                return
            text = f"the URL is longer than {MAX_URL} bytes".encode("ascii")
            self.transport.write(b"HTTP/1.1 414 URI Too Long\r\ncontent-type: text/plain; charset=utf-8\r\n"
                                 b"content-length: " + str(len(text)).encode("ascii") +
                                 b"\r\nconnection: close\r\n\r\n" + text)
            self.transport.close()

    return BoundedHttpToolsProtocol


http_protocol_name, __getattr__ = exported_protocol(
    globals(), "BoundedHttpToolsProtocol", bounded_http_protocol)
"""``http_protocol_name()``: the protocol as an import string, for uvicorn's worker processes."""
