"""Request bodies of the JSON API as pydantic models: every field's type and range is checked
before any work is done (issue 14, defect 2), and the match length is bounded per game (defect 3).

Bounds of a web table (docs/web.md, "Limits"): ``rounds`` from 1 to ``max_rounds(game)`` — twice
the game's usual match length (``Game.default_rounds``; 12 when the game has none); ``target``
from 1 to ``max_target(game)`` — ten times the game's usual target (``Game.default_target``; 100
when it has none).  Longer matches are for ``hanafuda play`` and the arena, not a shared server.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..rules import GAMES
from ..rules.options import OptionError
from ..words.catalogue import LANGUAGES

__all__ = ["CreateTable", "RequestError", "SeatRequest", "check_match_length", "max_rounds",
           "max_target", "parse_create", "request_language"]

MAX_SEATS = max(n for g in GAMES.values() for n in g.player_counts())
"""The most players any game allows: no request may name more seats."""
MAX_OPTIONS = 16


class RequestError(ValueError):
    """A request body that is not what the API takes; the text says which field and why."""


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(None, max_length=32)
    name: str | None = Field(None, max_length=40)


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


def parse_create(body: bytes) -> CreateTable:
    """The table request in ``body`` (JSON), or ``RequestError`` naming each bad field."""
    try:
        return CreateTable.model_validate_json(body)
    except ValidationError as exc:
        if any(e["type"].startswith("json") for e in exc.errors()):
            raise RequestError("the body is not valid JSON (or is nested too deeply)") from None
        raise RequestError(explain(exc)) from None


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
