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
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from .replay import MAX_RECORD
from .tokens import hash_token

__all__ = ["MAX_REQUEST_BODY", "BodyLimit", "SecurityHeaders", "TrustedProxies", "allowed_origin",
           "client_address", "client_key", "content_security_policy", "parse_forwarded_allow_ips",
           "parse_public_urls", "public_origins", "require_json_from_here", "same_origin"]

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


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def _origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) URL, lower-case, without a default port; None if
    ``url`` is not one."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    default = 443 if parts.scheme == "https" else 80
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


def parse_public_urls(text: str | Iterable[str]) -> tuple[str, ...]:
    """The origins of ``serve --public-url`` (repeatable, or comma-separated): the addresses
    people open the server at, e.g. ``https://hanafuda.example.org``.  A value that is not an
    ``http(s)://host`` URL is a ``ValueError`` naming it."""
    parts = [text] if isinstance(text, str) else list(text)
    out: list[str] = []
    for part in (p.strip() for item in parts for p in item.split(",")):
        if not part:
            continue
        origin = _origin_of(part)
        if origin is None or urlsplit(part).path.strip("/") or urlsplit(part).query:
            raise ValueError(f"--public-url: {part!r} is not an address like https://hanafuda.example.org "
                             "(http or https, a host, an optional port, no path)")
        out.append(origin)
    return tuple(dict.fromkeys(out))


def _loopback(origin: str) -> bool:
    host = urlsplit(origin).hostname or ""
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def allowed_origin(origin: str | None, public: tuple[str, ...]) -> bool:
    """Whether a request whose ``Origin`` header is ``origin`` may act here (issue 29).

    The allowed origins are configured — the ``serve --public-url`` addresses, and pages of this
    machine (``localhost``, ``127.0.0.1``, ``[::1]``, any port) — and never taken from the
    request's own ``Host``: a page of another site whose name was re-pointed at this server (DNS
    rebinding: ``Host: evil``, ``Origin: http://evil``) is refused.  A request with no ``Origin``
    is not from a browser page of another site (browsers send it on every websocket and
    cross-site POST), so it passes; ``Origin: null`` does not."""
    if origin is None:
        return True
    normal = _origin_of(origin)
    return normal is not None and (normal in public or _loopback(normal))


def public_origins(connection: HTTPConnection) -> tuple[str, ...]:
    """The app's ``--public-url`` origins (``create_app(public_urls=…)``; none outside an app)."""
    found: tuple[str, ...] = getattr(connection.app.state, "public_origins", ())
    return found


def same_origin(connection: HTTPConnection) -> bool:
    """Whether a request or websocket comes from a page of this server (``allowed_origin``)."""
    return allowed_origin(connection.headers.get("origin"), public_origins(connection))


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
    if not same_origin(request):
        raise HTTPException(403, "this request comes from another site's page (the server's "
                            "addresses are set by hanafuda serve --public-url)")


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


MAX_REQUEST_BODY = MAX_RECORD
"""The largest body any route takes (an uploaded record, ``replay.MAX_RECORD``); each route reads
its own smaller bound (``requests.read_body``)."""

_TOO_LARGE = json.dumps({"detail": f"request too large: at most {MAX_REQUEST_BODY:,} bytes"}).encode("ascii")


class BodyLimit:
    """ASGI middleware: no HTTP request body over ``MAX_REQUEST_BODY`` reaches any route (issue 29:
    bodies were read whole before a size check).  A declared ``Content-Length`` over it is answered
    ``413`` before the app runs and before a byte of the body is read; a chunked body is counted as
    it streams and cut with the same 413 the moment it passes.  The connection is closed either way,
    so the rest is never read."""

    def __init__(self, app: Any, limit: int = MAX_REQUEST_BODY) -> None:
        self.app, self.limit = app, limit

    async def _refuse(self, send: Any) -> None:
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(_TOO_LARGE)).encode("ascii")),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": _TOO_LARGE})

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        seen, refused, started = 0, False, False

        async def counted() -> dict[str, Any]:
            nonlocal seen, refused
            message: dict[str, Any] = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    if not started:
                        refused = True
                        await self._refuse(send)
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: dict[str, Any]) -> None:
            nonlocal started
            if refused:
                return  # the 413 is the answer
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except ClientDisconnect:
            if not refused:
                raise
