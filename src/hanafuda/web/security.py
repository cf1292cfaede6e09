"""Browser-facing protections (issue 14, defect 9): security headers on every answer, and the
same-origin checks for the websocket and for POSTs (cross-site websocket hijacking, cross-site
form posts).

Tokens sit in URLs, so no page sends a referrer; no other site may frame a page; scripts run only
from this server (the pages' inline scripts are allowed by their SHA-256, computed at start).
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from .tokens import hash_token

__all__ = ["SecurityHeaders", "TrustedProxies", "client_address", "client_key", "content_security_policy",
           "parse_forwarded_allow_ips", "require_json_from_here", "same_origin"]

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def _inline_script_hashes(pages: Iterable[Path]) -> list[str]:
    out = []
    for page in pages:
        for body in _INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
            out.append(f"'sha256-{digest}'")
    return sorted(set(out))


def content_security_policy(static: Path) -> str:
    """The CSP of every answer: this server only, inline scripts of the shipped pages by hash."""
    scripts = " ".join(["'self'", *_inline_script_hashes(sorted(static.glob("*.html")))])
    return ("default-src 'self'; "
            f"script-src {scripts}; "
            "style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; "
            "connect-src 'self'; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def same_origin(headers: Mapping[str, str]) -> bool:
    """Whether a request's ``Origin`` (if any) names this server (its ``Host``).  A request with no
    ``Origin`` is not from a browser page of another site (browsers always send it on websockets and
    cross-site POSTs), so it passes; ``Origin: null`` does not."""
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    parts = urlsplit(origin)
    return bool(parts.scheme in ("http", "https") and parts.netloc and parts.netloc.lower() == host.lower())


def client_address(connection: HTTPConnection) -> str:
    """The client's address, the one every per-address limit counts (HTTP and websocket alike).

    It is the connecting peer's address, except behind a proxy listed in ``serve
    --forwarded-allow-ips``: then ``TrustedProxies`` has already put the address the proxy forwarded
    (``X-Forwarded-For``) in its place.  A header from any other peer — loopback included — is
    ignored, so nobody escapes a limit by forging it (issue 29)."""
    return connection.client.host if connection.client else "?"


def client_key(connection: HTTPConnection) -> str:
    """The client's address (``client_address``), hashed: the key of its per-address limits
    (table creations, socket messages, the lobby's actions), kept and shared between processes only
    in this form."""
    return hash_token(client_address(connection))


def parse_forwarded_allow_ips(text: str) -> list[str]:
    """The proxies of ``--forwarded-allow-ips``: comma-separated IP addresses or networks
    (``10.0.0.0/8``), or ``*`` (any peer: only when nothing but the proxy can reach the server).
    Empty (the default) trusts nobody.  A malformed entry is a ``ValueError`` naming it — uvicorn
    itself would silently take it as a literal that never matches."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if part != "*":
            try:
                ipaddress.ip_network(part, strict=False) if "/" in part else ipaddress.ip_address(part)
            except ValueError:
                raise ValueError(f"--forwarded-allow-ips: {part!r} is not an IP address, a network "
                                 "(10.0.0.0/8) or *") from None
        out.append(part)
    return out


class TrustedProxies(ProxyHeadersMiddleware):
    """ASGI middleware (uvicorn's ``ProxyHeadersMiddleware``): a request or websocket from one of
    the listed proxies gets the client address of its ``X-Forwarded-For`` (the nearest address not
    itself a listed proxy) and the scheme of its ``X-Forwarded-Proto`` — so secure cookies and
    absolute links (invites, QR codes) follow what the browser used.  Any other peer's headers are
    left unread.  Installed by ``create_app`` only when the list is not empty; ``serve`` turns
    uvicorn's own copy off (it trusts loopback by default)."""

    def __init__(self, app: Any, proxies: list[str]) -> None:
        super().__init__(app, trusted_hosts=proxies)


def require_json_from_here(request: Request) -> None:
    """A POST must be JSON (a cross-site form cannot send that without a preflight) and, when a
    browser says where it comes from, come from this server's own pages (issue 14, defect 9).
    Every POST of the API and of the lobby's social routes goes through this."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(415, "send the body as JSON (content-type: application/json)")
    if not same_origin(request.headers):
        raise HTTPException(403, "this request comes from another site's page")


def secure_cookie(name: bytes, value: bytes) -> tuple[bytes, bytes]:
    """A ``Set-Cookie`` header marked ``Secure`` (sent back over HTTPS only); other headers as
    they are."""
    if name.lower() == b"set-cookie" and b"; secure" not in value.lower():
        value += b"; Secure"
    return name, value


def secure_accept(send: Any) -> Any:
    """``send`` with the cookies of a websocket's accept marked ``Secure`` (a socket over TLS)."""

    async def secured(message: dict[str, Any]) -> None:
        if message["type"] == "websocket.accept" and message.get("headers"):
            message = {**message, "headers": [secure_cookie(n, v) for n, v in message["headers"]]}
        await send(message)

    return secured


class SecurityHeaders:
    """ASGI middleware: adds the security headers to every HTTP answer; over HTTPS (the request's
    own, or the ``X-Forwarded-Proto`` of a trusted proxy: ``TrustedProxies``) every cookie an answer
    or a websocket's accept sets is ``Secure``."""

    def __init__(self, app: Any, csp: str) -> None:
        self.app = app
        self.headers = [
            (b"content-security-policy", csp.encode("ascii")),
            (b"referrer-policy", b"no-referrer"),
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            (b"cross-origin-opener-policy", b"same-origin"),
        ]

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and scope.get("scheme") == "wss":
            await self.app(scope, receive, secure_accept(send))  # the seat's claim cookie (ws.py)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        https = scope.get("scheme") == "https"

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = message.get("headers", [])
                if https:
                    headers = [secure_cookie(name, value) for name, value in headers]
                message = {**message, "headers": [*headers, *self.headers]}
            await send(message)

        await self.app(scope, receive, with_headers)
