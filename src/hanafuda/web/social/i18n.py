"""UI languages: the pages' words from the one catalogue (``words.catalogue``, issue 28), the
language of a request, and every HTML page served with the right ``<html lang>``, the theme
stylesheet and the web app manifest.

The language is chosen by ``?lang=`` (then remembered in a cookie), else that cookie, else the
browser's ``Accept-Language``, else English.

Every page is served already in its language (``render_page``, one ``html.parser`` pass, no
pattern over the HTML): the text of each element marked ``data-t="key"`` (and its
``aria-label``/``title``/``placeholder`` marked ``data-t-label``/``data-t-title``/
``data-t-placeholder``) is the catalogue's message, and the whole catalogue travels in the page
as a JSON data block (``<script type="application/json" id="hf-messages">``, which the CSP does
not run) for the scripts' ``HF.t``, which say the words they add by the same keys.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache, lru_cache
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qsl

from starlette.datastructures import MutableHeaders
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...words.catalogue import LANGUAGES, SERVER_AREAS, check_language, messages
from ...words.particles import choose_particles

__all__ = ["LANGUAGES", "LANG_COOKIE", "LanguageMiddleware", "PageError", "catalogue", "messages_json",
           "pick_language", "render_page", "say_error"]

LANG_COOKIE = "hf_lang"
HEAD_EXTRA = ('<link rel="manifest" href="/manifest.webmanifest">'
              '<meta name="theme-color" content="#8b1e2d">'
              '<link rel="stylesheet" href="/static/theme.css">')
TABLE_EXTRA = '<script src="/static/social-table.js" defer></script>'


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


class PageError(ValueError):
    """A page the renderer cannot fill: a ``data-t`` element holding other elements (its words
    would replace them) or a tag left open."""


_ATTRS = (("data-t-label", "aria-label"), ("data-t-title", "title"), ("data-t-placeholder", "placeholder"))
"""The attribute each ``data-t-…`` key fills."""


class _Renderer(HTMLParser):
    """One pass of ``html.parser`` over a page, writing it back as it was read except: the text of
    each ``data-t="key"`` element and each ``data-t-label``/``-title``/``-placeholder`` attribute
    from the catalogue, ``<html lang>`` set, the head's and (table page) body's extras added."""

    def __init__(self, messages: dict[str, str], lang: str, head: str, body: str) -> None:
        super().__init__(convert_charrefs=False)
        self.messages, self.lang, self.head, self.body = messages, lang, head, body
        self.out: list[str] = []
        self.filling: tuple[str, str] | None = None  # (tag, key) of the data-t element being filled

    def _say(self, key: str) -> str:
        found = self.messages.get(key)
        if found is None:
            raise KeyError(f"the page names {key!r}, which the catalogue lacks")
        return found

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]], close: str) -> str:
        values = dict(attrs)
        changed = tag == "html" or any(a in values for a, _ in _ATTRS)
        if not changed:
            return self.get_starttag_text() or f"<{tag}{close}>"
        if tag == "html":
            values["lang"] = self.lang
        for source, target in _ATTRS:
            key = values.get(source)
            if key is not None:
                values[target] = self._say(key)
        said = "".join(f" {name}" if value is None else f' {name}="{html.escape(value, quote=True)}"'
                       for name, value in values.items())
        return f"<{tag}{said}{close}>"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.filling is not None:
            raise PageError(f"<{self.filling[0]} data-t={self.filling[1]!r}> holds a <{tag}>: its words "
                            "would replace it")
        self.out.append(self._tag(tag, attrs, ""))
        key = dict(attrs).get("data-t")
        if key is not None:
            self.out.append(html.escape(self._say(key), quote=False))
            self.filling = (tag, key)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.filling is not None:
            raise PageError(f"<{self.filling[0]} data-t={self.filling[1]!r}> holds a <{tag}>")
        self.out.append(self._tag(tag, attrs, " /"))

    def handle_endtag(self, tag: str) -> None:
        if self.filling is not None:
            if tag != self.filling[0]:
                raise PageError(f"<{self.filling[0]} data-t={self.filling[1]!r}> closed by </{tag}>")
            self.filling = None
        if tag == "head":
            self.out.append(self.head)
        elif tag == "body":
            self.out.append(self.body)
        self.out.append(f"</{tag}>")

    def _keep(self, raw: str) -> None:
        if self.filling is None:  # the English text of a data-t element is replaced, not kept
            self.out.append(raw)

    def handle_data(self, data: str) -> None:
        self._keep(data)

    def handle_entityref(self, name: str) -> None:
        self._keep(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self._keep(f"&#{name};")

    def handle_comment(self, data: str) -> None:
        self._keep(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")

    def handle_pi(self, data: str) -> None:
        self.out.append(f"<?{data}>")

    def unknown_decl(self, data: str) -> None:
        self.out.append(f"<![{data}]>")


@lru_cache(maxsize=128)
def render_page(page: str, lang: str, *, table: bool = False) -> str:
    """``page`` (one of ``static/*.html``) in ``lang``: the words of every ``data-t`` element and
    ``data-t-label``/``-title``/``-placeholder`` attribute from the one catalogue, ``<html lang>``,
    the theme stylesheet, the manifest and the catalogue for the scripts in its head, and the
    table page's chat panel script.  A key the catalogue lacks raises ``KeyError`` and a
    ``data-t`` element holding other elements ``PageError`` (bugs the tests catch).  The pages are
    few and fixed, so each (page, language) is rendered once."""
    check_language(lang)
    head = HEAD_EXTRA + f'<script type="application/json" id="hf-messages">{messages_json(lang)}</script>'
    renderer = _Renderer(catalogue(lang), lang, head, TABLE_EXTRA if table else "")
    renderer.feed(page)
    renderer.close()
    if renderer.filling is not None:
        raise PageError(f"<{renderer.filling[0]} data-t={renderer.filling[1]!r}> is never closed")
    return "".join(renderer.out)


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
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        cookie = cookie_parser(headers.get(b"cookie", b"").decode("latin-1")).get(LANG_COOKIE)
        lang, chosen = pick_language(query.get("lang"), cookie,
                                     headers.get(b"accept-language", b"").decode("latin-1"))
        scope.setdefault("state", {})["lang"] = lang
        if scope["type"] != "http":  # a websocket: its handlers read the language from its state
            await self.app(scope, receive, send)
            return
        is_table = str(scope.get("path", "")).startswith("/table/")
        start: dict[str, Any] = {}
        body = bytearray()
        rewrite = ""  # "html": a page in ``lang``; "error": a JSON error's detail said in ``lang``

        async def wrapped(message: Message) -> None:
            nonlocal rewrite
            if message["type"] == "http.response.start":
                h = MutableHeaders(raw=list(message.get("headers", [])))
                kind = h.get("content-type", "")
                if chosen:
                    h.append("set-cookie", f"{LANG_COOKIE}={lang}; Path=/; Max-Age=31536000; SameSite=Lax")
                if kind.startswith("text/html"):
                    h["content-language"] = lang
                    h.append("vary", "Cookie, Accept-Language")
                    rewrite = "html"
                elif lang != "en" and message["status"] >= 400 and kind.startswith("application/json"):
                    rewrite = "error"
                else:
                    await send({**message, "headers": h.raw})
                    return
                start.update({**message, "headers": h.raw})
                return
            if message["type"] != "http.response.body" or not rewrite:
                await send(message)
                return
            body.extend(message.get("body", b""))
            if message.get("more_body"):
                return
            answer = (render_page(body.decode("utf-8"), lang, table=is_table).encode("utf-8")
                      if rewrite == "html" else _said_error(bytes(body), lang))
            h = MutableHeaders(raw=list(start["headers"]))
            h["content-length"] = str(len(answer))
            await send({**start, "headers": h.raw})
            await send({"type": "http.response.body", "body": answer})

        await self.app(scope, receive, wrapped)


def _said_error(answer: bytes, lang: str) -> bytes:
    """A JSON error answer with its ``detail`` said in ``lang`` (``say_error``)."""
    try:
        data = json.loads(answer)
    except ValueError:
        return answer
    if not isinstance(data, dict) or not isinstance(data.get("detail"), str):
        return answer
    said = say_error(data["detail"], lang)
    return answer if said == data["detail"] else json.dumps({**data, "detail": said},
                                                            ensure_ascii=False).encode("utf-8")
