"""UI languages: the pages' words from the one catalogue (``words.catalogue``, issue 28), the
language of a request, and every HTML page served with the right ``<html lang>``, the theme
stylesheet and the web app manifest.

The language is chosen by ``?lang=`` (then remembered in a cookie), else that cookie, else the
browser's ``Accept-Language``, else English.

Every page is served already in its language: the text of each element marked ``data-t="key"``
(and its ``aria-label``/``title``/``placeholder`` marked ``data-t-label``/``data-t-title``/
``data-t-placeholder``) is replaced by the catalogue's message, and the whole catalogue travels
in the page as a JSON data block (``<script type="application/json" id="hf-messages">``, which
the CSP does not run) for the scripts' ``HF.t``.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...words.catalogue import LANGUAGES, SERVER_AREAS, messages
from ...words.particles import choose_particles

__all__ = ["LANGUAGES", "LANG_COOKIE", "LanguageMiddleware", "catalogue", "messages_json", "pick_language",
           "say_error", "translate_page"]

LANG_COOKIE = "hf_lang"
_HTML_LANG = re.compile(rb'<html lang="[^"]*"')
_TEXT = re.compile(r'(<([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*?\sdata-t="([^"]+)"[^<>]*>)([^<]*)(</\2>)')
_START_TAG = re.compile(r"<[a-zA-Z][a-zA-Z0-9]*\b[^<>]*\sdata-t-(?:label|title|placeholder)=[^<>]*>")
_ATTRS = (("label", "aria-label"), ("title", "title"), ("placeholder", "placeholder"))
HEAD_EXTRA = (b'<link rel="manifest" href="/manifest.webmanifest">'
              b'<meta name="theme-color" content="#8b1e2d">'
              b'<link rel="stylesheet" href="/static/theme.css">')
TABLE_EXTRA = b'<script src="/static/social-table.js" defer></script>'


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every interface message of ``lang`` by key: the catalogue's entries that English has (the
    game words only Japanese and Korean need — card, yaku and option names — are said by the
    server's words layer, not sent with every page).  ``tests/words/test_catalogue.py`` checks
    that every English key has its Japanese and Korean words."""
    own = messages(lang)
    return {key: own[key] for key in messages("en") if not key.startswith(SERVER_AREAS)}


def messages_json(lang: str) -> str:
    """The catalogue as JSON safe inside a ``<script>`` data block (no ``<``, ``>`` or ``&``)."""
    text = json.dumps(catalogue(lang), ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@cache
def _error_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    for key, text in catalogue("en").items():
        if key.startswith("err."):
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(text))
            out.append((key, re.compile(f"^{pattern}$", re.DOTALL)))
    return tuple(out)


def say_error(message: str, lang: str) -> str:
    """An error message of the server (English) in ``lang``, when the catalogue has it (its
    ``err.*`` keys); any other message as it is."""
    if lang == "en" or lang not in LANGUAGES:
        return message
    for key, pattern in _error_patterns():
        found = pattern.match(message)
        if found:
            text = catalogue(lang)[key]
            for name, value in found.groupdict().items():
                if name == "action":  # a rate limit's action (create, chat, account) in words
                    value = catalogue(lang).get(f"rate.{value}", value)
                text = text.replace(f"{{{name}}}", value)
            return choose_particles(text) if lang == "ko" else text
    return message


def translate_page(page: str, lang: str) -> str:
    """``page`` with every ``data-t`` element's text and every ``data-t-label``/``-title``/
    ``-placeholder`` attribute in ``lang`` (a key the catalogue lacks raises ``KeyError``: a page
    naming a missing key is a bug the tests catch)."""
    messages = catalogue(lang)

    def text(m: re.Match[str]) -> str:
        return m.group(1) + html.escape(messages[m.group(3)], quote=False) + m.group(5)

    def attrs(m: re.Match[str]) -> str:
        tag = m.group(0)
        for short, attr in _ATTRS:
            key = re.search(rf'\sdata-t-{short}="([^"]+)"', tag)
            if key is None:
                continue
            value = html.escape(messages[key.group(1)], quote=True)
            at = re.search(rf'\s{attr}="[^"]*"', tag)
            if at is None:
                tag = tag[:-1].rstrip("/") + f' {attr}="{value}">'
            else:
                tag = f'{tag[:at.start()]} {attr}="{value}"{tag[at.end():]}'
        return tag

    return _START_TAG.sub(attrs, _TEXT.sub(text, page))


def _from_accept(header: str) -> str | None:
    best: tuple[float, str] | None = None
    for part in header.split(",")[:20]:
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and (best is None or q > best[0]):
            best = (q, base)
    return best[1] if best else None


def pick_language(query_lang: str | None, cookie: str | None, accept: str | None) -> tuple[str, bool]:
    """The language of a request, and whether ``?lang=`` chose it (then it is remembered)."""
    if query_lang in LANGUAGES:
        return str(query_lang), True
    if cookie in LANGUAGES:
        return str(cookie), False
    return _from_accept(accept or "") or "en", False


def _cookies(headers: dict[bytes, bytes]) -> dict[str, str]:
    out = {}
    for part in headers.get(b"cookie", b"").decode("latin-1").split(";"):
        k, _, v = part.strip().partition("=")
        if k:
            out[k] = v
    return out


class LanguageMiddleware:
    """Serves every HTML page in the request's language: ``<html lang>`` set, ``?lang=`` remembered
    in a cookie, the theme stylesheet and manifest linked, the table page given its chat panel."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        raw_query = scope.get("query_string", b"").decode("latin-1")
        query = dict(p.partition("=")[::2] for p in raw_query.split("&") if p)
        lang, chosen = pick_language(query.get("lang"), _cookies(headers).get(LANG_COOKIE),
                                     headers.get(b"accept-language", b"").decode("latin-1"))
        scope.setdefault("state", {})["lang"] = lang
        if scope["type"] != "http":  # a websocket: its handlers read the language from its state
            await self.app(scope, receive, send)
            return
        is_table = str(scope.get("path", "")).startswith("/table/")
        start: dict[str, Any] = {}
        body = bytearray()
        html = False
        error = False  # a JSON error answer: its detail said in the request's language

        async def wrapped(message: Message) -> None:
            nonlocal html, error
            if message["type"] == "http.response.start":
                h = MutableHeaders(raw=list(message.get("headers", [])))
                html = h.get("content-type", "").startswith("text/html")
                error = (lang != "en" and message.get("status", 200) >= 400
                         and h.get("content-type", "").startswith("application/json"))
                if chosen:
                    h.append("set-cookie", f"{LANG_COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Lax")
                if error:
                    start.update({**message, "headers": h.raw})
                    return
                if not html:
                    await send({**message, "headers": h.raw})
                    return
                h["content-language"] = lang
                h.append("vary", "Cookie, Accept-Language")
                start.update({**message, "headers": h.raw})
                return
            if message["type"] == "http.response.body" and error:
                body.extend(message.get("body", b""))
                if message.get("more_body"):
                    return
                answer = bytes(body)
                try:
                    data = json.loads(answer)
                except ValueError:
                    data = None
                if isinstance(data, dict) and isinstance(data.get("detail"), str):
                    said = say_error(data["detail"], lang)
                    if said != data["detail"]:
                        answer = json.dumps({**data, "detail": said}, ensure_ascii=False).encode("utf-8")
                h = MutableHeaders(raw=list(start["headers"]))
                h["content-length"] = str(len(answer))
                await send({**start, "headers": h.raw})
                await send({"type": "http.response.body", "body": answer})
                return
            if message["type"] == "http.response.body" and html:
                body.extend(message.get("body", b""))
                if message.get("more_body"):
                    return
                page = _HTML_LANG.sub(f'<html lang="{lang}"'.encode(), bytes(body), count=1)
                page = translate_page(page.decode("utf-8"), lang).encode("utf-8")
                data = (f'<script type="application/json" id="hf-messages">{messages_json(lang)}'
                        "</script>").encode()
                page = page.replace(b"</head>", HEAD_EXTRA + data + b"</head>", 1)
                if is_table:
                    page = page.replace(b"</body>", TABLE_EXTRA + b"</body>", 1)
                h = MutableHeaders(raw=list(start["headers"]))
                h["content-length"] = str(len(page))
                await send({**start, "headers": h.raw})
                await send({"type": "http.response.body", "body": page})
                return
            await send(message)

        await self.app(scope, receive, wrapped)
