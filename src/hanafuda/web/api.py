"""The JSON API: games and their options, card lists, creating and reading tables, replays."""

from __future__ import annotations

import asyncio
import gzip
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response

from ..agents import AGENTS, LEVELS, available_bots, available_levels
from ..cards import CARDS
from ..rules import GAMES, configure
from ..themes import THEMES, UnknownThemeError, face, normalize_theme
from ..words import rules_reference
from ..words.catalogue import text as words_text
from ..words.languages import (
    LANGUAGES,
    allowed_words,
    choice_text,
    default_words,
    game_summary,
    game_title,
    how_to_play,
    option_text,
    yaku_name,
)
from ..words.names import card_label
from .hub import TableHub
from .live import LiveTable, NewTokens, SeatSpec
from .lobby import seat_label
from .replay import MAX_RECORD, ReplayCache, off_loop, table_body, upload_body
from .requests import CreateTable, rate_limit, read_body, read_json
from .security import require_json_from_here

__all__ = ["MAX_RECORD", "check_language", "router"]

router = APIRouter()


def hub_of(request: Request) -> TableHub:
    hub: TableHub = request.app.state.hub
    return hub


def _game_schema(gid: str, lang: str = "en") -> dict[str, Any]:
    """A game's schema for the lobby; its summary and options' label and help in ``lang``."""
    g = GAMES[gid]
    return {
        "id": g.id,
        "title": game_title(g, lang),
        "theme": g.default_theme,
        "native_title": g.native_title,
        "lang": lang,
        "summary": game_summary(g, lang),
        "how_to_play": how_to_play(g, lang),
        "player_counts": list(g.player_counts()),
        "deal_table": {str(n): list(g.deal_table[n]) for n in g.player_counts()},
        "options": [
            {"name": s.name, "default": s.default, "default_text": s.shown_default(),
             "label": option_text(g, s, lang)[0], "help": option_text(g, s, lang)[1],
             "kind": s.kind, "choices": list(s.choices), "minimum": s.minimum,
             "allowed": s.allowed_text(),
             # in words, in ``lang`` (the rules pages): no identifier, no true/false/null
             "default_words": default_words(g, s, lang), "allowed_words": allowed_words(g, s, lang),
             "choice_words": [choice_text(g, s, c, lang) for c in s.choices]}
            for s in g.option_specs()
        ],
        "yaku": [{"id": y.id, "name": yaku_name(g, y.id, y.name, lang), "points": y.points}
                 for y in configure(gid, g.player_counts()[0], {}).yaku],
        # by player count, the bots that can play it (no policy/expert without a trained network)
        "bots": {str(n): list(available_bots(configure(gid, n, {}))) for n in g.player_counts()},
        # by player count, the levels a person may pick (issue 31): Expert only with a network
        "levels": {str(n): list(available_levels(configure(gid, n, {}))) for n in g.player_counts()},
    }


@router.get("/api/games")
def games(lang: str = "en") -> dict[str, Any]:
    """Every game's schema, bots and themes; ``?lang=ja|ko``: summaries and option words in that
    language (``words.languages``)."""
    return {"games": [_game_schema(g, check_language(lang)) for g in GAMES], "themes": list(THEMES),
            "bots": list(AGENTS),
            # the levels, weakest first: a seat's ``bot`` may be a level id (``agents.LEVELS``)
            "levels": [{"id": lv.id, "name": lv.display_name, "bot": lv.agent,
                        "description": lv.description} for lv in LEVELS]}


def _theme(theme: str | None, default: str) -> str:
    try:
        return normalize_theme(theme or default)
    except UnknownThemeError as exc:
        raise HTTPException(404, str(exc)) from None


def check_language(lang: str) -> str:
    """``lang`` if the words layer speaks it (``words.languages``), else a 400 naming the choices."""
    if lang not in LANGUAGES:
        raise HTTPException(400, f"unknown language {lang!r}; languages are: {', '.join(LANGUAGES)}")
    return lang


@router.get("/api/rules/{game}")
def rules_of(game: str, theme: str | None = None, lang: str = "en") -> dict[str, Any]:
    """A game's rules reference with its default options (``words.rules_reference``): every yaku
    in force with its cards, and every yaku another option adds, marked by that option; which
    yaku exclude each other, how a match is won, who deals next and the misdeals (``rules``); all
    in ``?lang=en|ja|ko``."""
    check_language(lang)
    if game not in GAMES:
        raise HTTPException(404, f"unknown game {game!r}; games are: {', '.join(GAMES)}")
    g = GAMES[game]
    config = configure(game, g.player_counts()[0], {})
    return rules_reference(config, _theme(theme, g.default_theme), lang).to_dict()


@router.get("/api/tables/{table_id}/help")
def table_help(request: Request, table_id: str, theme: str | None = None, lang: str = "en") -> dict[str, Any]:
    """The help of one table: its game's reference (``words.rules_reference``, the words of
    ``hanafuda rules``) with this table's options in force, in ``?lang=en|ja|ko``: the turn, card
    values, wild card, yaku, and under ``rules`` which yaku exclude each other, how the match is
    won, who deals next and the misdeals."""
    check_language(lang)
    table = _table(request, table_id)
    return rules_reference(table.match.config, _theme(theme, table.theme), lang).to_dict()


@router.get("/api/cards/{theme}")
def card_list(theme: str, lang: str = "en") -> dict[str, Any]:
    """The theme's cards; ``?lang=ja|ko``: each card's label and name in that language (the
    pages' card labels and tooltips, words.names.card_label)."""
    check_language(lang)
    theme = _theme(theme, theme)
    return {"theme": theme, "cards": [
        {"code": c.code, "month": c.month, "kind": c.kind.value, "label": card_label(c.code, theme, lang),
         "name": face(c.code, theme).name if lang == "en" else words_text(f"card.{theme}.{c.code}", lang),
         "native": face(c.code, theme).native,
         "month_number": face(c.code, theme).month_number,
         "month_name": face(c.code, theme).month_name, "kind_name": face(c.code, theme).kind_name}
        for c in CARDS]}


@router.post("/api/tables", status_code=201)
async def create_table(request: Request) -> dict[str, Any]:
    require_json_from_here(request)  # (before a token is spent; ``read_json`` checks it again)
    hub = hub_of(request)
    account_of = getattr(request.app.state, "session_account", None)  # a signed-in account counts too
    account = await asyncio.to_thread(account_of, dict(request.cookies)) \
        if account_of is not None and request.cookies else ""
    await rate_limit(request, "create", *([account] if account else []))  # the lobby's bucket too
    req = await read_json(request, CreateTable)  # the match length is bounded where tables are made
    specs = [SeatSpec(s.kind, s.bot, s.name or "") for s in req.seats] if req.seats is not None else \
        [SeatSpec("human")] + [SeatSpec("bot", "strong")] * (req.players - 1)
    if req.seed is not None and sum(s.kind == "human" for s in specs) > 1:
        raise HTTPException(400, "a chosen seed fixes every deal, so it is allowed only at a table "
                            "without other people (at most one human seat)")
    # a table the hub refuses or the bot-table cap: answered by ``app.refused`` (400, 503)
    table, tokens = await hub.create_async(req.game, req.players, req.options or {}, specs,
                                           theme=req.theme or "", seed=req.seed, hints=req.hints)
    hub.kick_bots(table)
    return created_answer(table, tokens)


def created_answer(table: LiveTable, tokens: NewTokens) -> dict[str, Any]:
    """What the creator of a table receives, once: each human seat's invitation link (the first
    browser to open it claims the seat), the public spectator link and the creator link."""
    return {
        "id": table.id,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "token": tok,
                   "link": f"/table/{table.id}?token={tok}" if tok else None}
                  for s, tok in zip(table.seats, tokens.seats, strict=True)],
        "spectator_link": f"/table/{table.id}?token={table.spectator_token}",
        "spectator_token": table.spectator_token,
        "creator_token": tokens.creator,
        "creator_link": f"/table/{table.id}?token={tokens.creator}",
        "seeded": table.seeded,
    }


@router.get("/api/tables")
def list_tables(request: Request) -> dict[str, Any]:
    return {"tables": hub_of(request).list_tables()}


def _table(request: Request, table_id: str) -> LiveTable:
    table = hub_of(request).load(table_id)
    if table is None:
        raise HTTPException(404, "no such table")
    return table


def _finished(request: Request, table_id: str) -> LiveTable:
    table = _table(request, table_id)
    if not table.match.finished:
        raise HTTPException(403, "the record is shown once the match is over")
    return table


@router.get("/api/tables/{table_id}")
def table_info(request: Request, table_id: str) -> dict[str, Any]:
    return _table(request, table_id).summary()


@router.get("/api/tables/{table_id}/record")
def table_record(request: Request, table_id: str) -> JSONResponse:
    table = _finished(request, table_id)
    record = {**table.match.to_record(),
              "meta": {"web": {"table": table.id, "seed": table.match.seed, "seeded": table.seeded,
                               "hints": table.hints, "seats": [s.name for s in table.seats]}}}
    return JSONResponse(record, headers={
        "Content-Disposition": f'attachment; filename="hanafuda-{table.id}.json"'})


REPLAY_CACHE_CONTROL = "public, max-age=3600"
"""A finished table's replay never changes: readers and proxies may keep it an hour, and ask again
with its ETag after that (a 304 costs the server nothing)."""


def _replay_cache(request: Request) -> ReplayCache:
    """The app's cache of finished tables' replays (``replay.ReplayCache``), made on first use."""
    cache: ReplayCache | None = getattr(request.app.state, "replays", None)
    if cache is None:
        cache = request.app.state.replays = ReplayCache()
    return cache


def _accepts_gzip(request: Request) -> bool:
    return "gzip" in request.headers.get("accept-encoding", "").lower()


def _holds(request: Request, etag: str) -> bool:
    """Whether the reader's ``If-None-Match`` names ``etag`` (or ``*``)."""
    tags = {t.strip().removeprefix("W/") for t in request.headers.get("if-none-match", "").split(",")}
    return etag in tags or "*" in tags


async def _json_answer(request: Request, body: bytes, gzipped: bool, headers: dict[str, str]) -> Response:
    """``body`` (JSON, gzip-compressed if ``gzipped``) as the answer: sent compressed to a reader
    that takes gzip (the middleware leaves it alone), else decompressed in the replay thread."""
    if gzipped and _accepts_gzip(request):
        headers = {**headers, "Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
    elif gzipped:
        body = await off_loop(gzip.decompress, body)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/api/tables/{table_id}/replay")
async def table_replay(request: Request, table_id: str, lang: str = "en") -> Response:
    """A finished table's replay frames; ``?lang=ja|ko``: each step's line in that language.

    Built once per (table, language, theme) in the replay thread (``replay.off_loop``), then served
    from ``replay.ReplayCache`` with an ETag and ``Cache-Control``; a reader that sends the ETag back
    (``If-None-Match``) gets 304 (issue 29: 8 uncached readers raised every table's ping to 585 ms)."""
    check_language(lang)
    table = _finished(request, table_id)
    names = [seat_label(s.kind, s.bot, s.name, lang) for s in table.seats]  # "Casual bot", "初級ボット"
    entry = await _replay_cache(request).build(  # ReplayRefused: answered by app.refused
        (table.id, lang, table.theme),
        lambda: off_loop(table_body, table.match, names, table.theme, lang, table.bot_seats))
    headers = {"ETag": entry.etag, "Cache-Control": REPLAY_CACHE_CONTROL}
    if _holds(request, entry.etag):
        return Response(status_code=304, headers=headers)
    return await _json_answer(request, entry.gzipped, True, headers)


@router.post("/api/replay")
async def upload_replay(request: Request, lang: str = "en") -> Response:
    """An uploaded record's replay frames; ``?lang=ja|ko``: each step's line in that language.

    Bounded work per request (issue 29): a few replays a minute per address (the server's limiter,
    ``Limits.replays_per_minute``), at most ``MAX_RECORD`` bytes and ``MAX_ROUNDS`` rounds, parsed and
    stepped in the replay thread, never on the event loop."""
    check_language(lang)
    require_json_from_here(request)
    await rate_limit(request, "replay")  # the cluster's limit, not one process's
    body = await read_body(request, MAX_RECORD, "record")  # 413 as soon as it passes the bound
    gzipped = _accepts_gzip(request)  # compressed in the replay thread, not by the middleware
    answer = await off_loop(upload_body, body, lang, gzipped)  # ReplayRefused: app.refused answers
    return await _json_answer(request, answer, gzipped, {})
