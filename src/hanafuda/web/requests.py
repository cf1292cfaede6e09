"""Request bodies of the JSON API as pydantic models: every field's type and range is checked
before any work is done (issue 14, defect 2), and the match length is bounded per game (defect 3).

Bounds of a web table (docs/web.md, "Limits"): ``rounds`` from 1 to ``max_rounds(game)`` — twice
the game's usual match length (``Game.default_rounds``; 12 when the game has none); ``target``
from 1 to ``max_target(game)`` — ten times the game's usual target (``Game.default_target``; 100
when it has none).  Longer matches are for ``hanafuda play`` and the arena, not a shared server.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import from_json
from starlette.exceptions import HTTPException
from starlette.requests import Request

from ..rules import GAMES
from ..rules.options import OptionError
from ..words.catalogue import LANGUAGES
from .limits import RateLimited
from .security import client_key, require_json_from_here

__all__ = ["MAX_BODY", "MAX_NAME", "MIN_NAME", "CreateTable", "RequestError", "SeatRequest", "TextError",
           "MAX_CHAT", "check_chat", "check_match_length", "check_name", "has_control", "max_rounds",
           "max_target", "name_key", "rate_limit", "read_body", "read_json", "request_language",
           "too_large"]

MAX_SEATS = max(n for g in GAMES.values() for n in g.player_counts())
"""The most players any game allows: no request may name more seats."""
MAX_OPTIONS = 16
MAX_BODY = 16_384
"""The largest JSON body of a route that takes a model (``read_json``)."""
B = TypeVar("B", bound=BaseModel)


class RequestError(ValueError):
    """A request body that is not what the API takes; the text says which field and why."""


MIN_NAME = 2
MAX_NAME = 24
MAX_CHAT = 300


class TextError(ValueError):
    """A name or chat line that is not accepted (the message says why, in words the catalogue
    translates: ``err.name_*``)."""


def has_control(text: str) -> bool:
    """Whether ``text`` holds a character no name or chat line may hold: a control character (NUL
    and newlines included), an invisible format character (zero-width spaces and joiners, the
    bidirectional overrides that make a name read backwards), a surrogate, a private-use or an
    unassigned code point."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text)


def check_name(raw: object) -> str:
    """The one rule for every name a person gives a seat or themselves (issue 29): the lobby's
    names and accounts, the chat's name prompt, an invitation's seat and the seat names of ``POST
    /api/tables`` all pass here.  A name is 2–24 characters (NFC), with no control or invisible
    format character (``has_control``), no space at either end or twice in a row, and at least one
    letter or digit.  Names are shown escaped everywhere (the pages set ``textContent``); this rule
    keeps a name from hiding or disguising who sits at a seat."""
    if not isinstance(raw, str):
        raise TextError("a name must be text")
    name = unicodedata.normalize("NFC", raw)
    if has_control(name):
        raise TextError("a name may not contain control characters")
    if name != name.strip():
        raise TextError("a name may not begin or end with a space")
    if len(name) < MIN_NAME:
        raise TextError(f"a name needs at least {MIN_NAME} characters")
    if len(name) > MAX_NAME:
        raise TextError(f"a name has at most {MAX_NAME} characters")
    if "  " in name:
        raise TextError("a name may not contain double spaces")
    if not any(ch.isalnum() for ch in name):
        raise TextError("a name needs at least one letter or digit")
    return name


def name_key(name: str) -> str:
    """The form two names are compared in: "Ann" and "ann" are the same player."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_chat(raw: object) -> str:
    """A chat line: 1–300 characters after trimming, no control characters (newlines neither)."""
    if not isinstance(raw, str):
        raise TextError("a chat message must be text")
    text = unicodedata.normalize("NFC", raw.strip())
    if not text:
        raise TextError("a chat message cannot be empty")
    if len(text) > MAX_CHAT:
        raise TextError(f"a chat message has at most {MAX_CHAT} characters")
    if has_control(text):
        raise TextError("a chat message may not contain control characters")
    return text


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(None, max_length=32)
    name: Annotated[str, AfterValidator(check_name)] | None = Field(None, max_length=40)
    """The seat's shown name, checked by ``check_name`` (the lobby's rule)."""


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(max_length=32)
    players: int = Field(2, ge=1, le=MAX_SEATS)
    options: dict[str, Any] | None = Field(None, max_length=MAX_OPTIONS)
    seats: list[SeatRequest] | None = Field(None, max_length=MAX_SEATS)
    seed: int | None = Field(None, ge=0, lt=2**63)
    theme: str | None = Field(None, max_length=32)
    hints: bool = False
    """Players may ask for a hint at this table (issue 13)."""


def explain(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err["loc"]) or "body"
        parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts)


async def read_json(request: Request, model: type[B]) -> B:
    """The one way a route reads its body (the API's, the lobby's and the admin page's): a POST
    that is JSON from this server's pages (``require_json_from_here``), read up to ``MAX_BODY``
    (a 413 as soon as its bytes pass it, ``read_body``), as ``model``; else a 400 naming what is
    wrong: not JSON (nested too deeply included: the parser stops at a depth, never a 500; issue
    29), not an object, or a field of the wrong type or out of range (issue 14, defect 2)."""
    require_json_from_here(request)
    try:
        data = from_json(await read_body(request, MAX_BODY) or b"{}")
    except ValueError:
        raise HTTPException(400, "the body is not valid JSON (or is nested too deeply)") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise HTTPException(400, explain(exc)) from None


SHARED_LIMITS = ("create", "replay")
"""Actions whose limit holds over every server process of a cluster (each process tells the
others what it spent, ``Cluster.spent``)."""


async def rate_limit(request: Request, action: str, *accounts: str) -> None:
    """The one rate limit of an HTTP request (``limits.RateLimiter``, the server's one limiter):
    one ``action`` spent by the request's address and by each signed-in ``accounts`` key beside
    it (issue 29), or a 429 with ``Retry-After`` saying the limit (spending nothing).  New tables
    and uploaded replays are counted over the whole cluster (``SHARED_LIMITS``)."""
    hub, client = request.app.state.hub, client_key(request)
    try:
        hub.limiter.take(action, client, *accounts)
    except RateLimited as exc:
        raise HTTPException(429, str(exc), headers={"Retry-After": str(exc.retry_after)}) from None
    if hub.cluster is not None and action in SHARED_LIMITS:
        await hub.cluster.spent(action, client)


def too_large(what: str, limit: int) -> HTTPException:
    """The 413 of a body over ``limit`` bytes; it closes the connection, so the rest of the body
    is never read."""
    return HTTPException(413, f"{what} too large: at most {limit:,} bytes", headers={"Connection": "close"})


async def read_body(request: Request, limit: int, what: str = "request") -> bytes:
    """The request's body, read as it streams in and refused (413) as soon as it passes ``limit``
    bytes — at once when its ``Content-Length`` says so: an oversize body is never held whole
    (issue 29: a 200 MB body grew the server by 380 MB).  A body that arrives too slowly is cut by
    the protocol's deadline (``http_protocol.BODY_SECONDS``)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large(what, limit)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(what, limit)
        chunks.append(chunk)
    return b"".join(chunks)


def max_rounds(game: str) -> int:
    return 2 * (GAMES[game].default_rounds or 12)


def max_target(game: str) -> int:
    return 10 * (GAMES[game].default_target or 100)


def check_match_length(game: str, options: dict[str, Any]) -> None:
    """``RequestError`` if ``rounds`` or ``target`` lies outside this server's bounds for ``game``.

    The values are read as the game reads them (``OptionSpec.check``: the text ``"30"`` is the
    number 30), so no spelling of a number slips past the bound; a value the game refuses anyway
    is left to the game's own message."""
    specs = {s.name: s for s in GAMES[game].option_specs()}
    for name, bound in (("rounds", max_rounds(game)), ("target", max_target(game))):
        if name not in options or name not in specs:
            continue
        try:
            value = specs[name].check(options[name])
        except (OptionError, ValueError):
            continue
        if isinstance(value, int) and not isinstance(value, bool) and value > bound:
            raise RequestError(f"option {name!r}: at most {bound} at a {GAMES[game].title} table on "
                               f"this server (asked for {value})")


def request_language(request: Any) -> str:
    """The language ``LanguageMiddleware`` picked for this request (``en`` outside it): the API
    routes name games, bots and cards in it."""
    lang = getattr(request.state, "lang", "en")
    return lang if lang in LANGUAGES else "en"
