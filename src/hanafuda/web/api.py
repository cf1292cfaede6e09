"""The JSON API: games and their options, card lists, creating and reading tables, replays."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse

from ..agents import AGENTS
from ..cards import CARDS
from ..records import RecordError, match_from_record
from ..rules import GAMES, configure
from ..themes import THEMES, UnknownThemeError, face, label, normalize_theme
from .howto import how_to_play
from .hub import TableHub
from .live import MAX_MESSAGE, LiveTable, SeatSpec, TableError
from .messages import card_values, yaku_names
from .replay import frames

__all__ = ["MAX_RECORD", "THEME_OF_GAME", "router"]

MAX_RECORD = 2_000_000

THEME_OF_GAME = {"min-hwatu": "hwatu", "kwa-do": "kwa-do", "hawaiifuda": "hawaiifuda",
                 "hana-awase": "hanafuda", "mushi": "hanafuda"}
"""The card-name theme of each game's own tradition (the lobby's default for that game)."""

router = APIRouter()


def hub_of(request: Request) -> TableHub:
    hub: TableHub = request.app.state.hub
    return hub


def _game_schema(gid: str) -> dict[str, Any]:
    g = GAMES[gid]
    return {
        "id": g.id,
        "title": g.title,
        "theme": THEME_OF_GAME.get(g.id, "hanafuda"),
        "native_title": g.native_title,
        "summary": g.summary,
        "how_to_play": how_to_play(g.id),
        "player_counts": list(g.player_counts()),
        "deal_table": {str(n): list(g.deal_table[n]) for n in g.player_counts()},
        "options": [
            {"name": s.name, "default": s.default, "default_text": s.shown_default(), "help": s.help,
             "kind": s.kind, "choices": list(s.choices), "minimum": s.minimum,
             "allowed": s.allowed_text()}
            for s in g.option_specs()
        ],
        "yaku": [{"id": y.id, "name": y.name, "points": y.points}
                 for y in configure(gid, g.player_counts()[0], {}).yaku],
    }


@router.get("/api/games")
def games() -> dict[str, Any]:
    return {"games": [_game_schema(g) for g in GAMES], "themes": list(THEMES),
            "bots": list(AGENTS)}


@router.get("/api/cards/{theme}")
def card_list(theme: str) -> dict[str, Any]:
    try:
        theme = normalize_theme(theme)
    except UnknownThemeError as exc:
        raise HTTPException(404, str(exc)) from None
    return {"theme": theme, "cards": [
        {"code": c.code, "month": c.month, "kind": c.kind.value, "label": label(c.code, theme),
         "name": face(c.code, theme).name, "native": face(c.code, theme).native,
         "month_number": face(c.code, theme).month_number,
         "month_name": face(c.code, theme).month_name, "kind_name": face(c.code, theme).kind_name}
        for c in CARDS]}


@router.post("/api/tables", status_code=201)
async def create_table(request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    body = await request.body()
    if len(body) > MAX_MESSAGE * 4:
        raise HTTPException(413, "request too large")
    try:
        data = json.loads(body)
    except ValueError:
        raise HTTPException(400, "the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    game = data.get("game")
    players = data.get("players", 2)
    options = data.get("options") or {}
    seats = data.get("seats")
    if not isinstance(game, str) or not isinstance(players, int) or isinstance(players, bool) \
            or not isinstance(options, dict):
        raise HTTPException(400, "need game (string), players (integer), options (object)")
    if seats is None:
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "strong"}] * (players - 1)
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise HTTPException(400, "seats must be a list of objects")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not 0 <= seed < 2**63):
        raise HTTPException(400, "seed must be an integer from 0 to 2**63 - 1")
    try:
        table = hub.create(game, players, options,
                           [SeatSpec(str(s.get("kind", "human")), s.get("bot"), str(s.get("name") or ""))
                            for s in seats],
                           theme=str(data.get("theme") or "hanafuda"), seed=seed)
    except TableError as exc:
        raise HTTPException(400, str(exc)) from None
    hub.kick_bots(table)
    return {
        "id": table.id,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name,
                   "token": s.token if s.kind == "human" else None,
                   "link": f"/table/{table.id}?token={s.token}" if s.kind == "human" else None}
                  for s in table.seats],
        "spectator_link": f"/table/{table.id}?token={table.spectator_token}",
        "spectator_token": table.spectator_token,
        "creator_token": table.creator_token,
        "creator_link": f"/table/{table.id}?token={table.creator_token}",
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
              "meta": {"web": {"table": table.id, "seed": table.match.seed,
                               "seats": [s.name for s in table.seats]}}}
    return JSONResponse(record, headers={
        "Content-Disposition": f'attachment; filename="hanafuda-{table.id}.json"'})


@router.get("/api/tables/{table_id}/replay")
def table_replay(request: Request, table_id: str) -> dict[str, Any]:
    table = _finished(request, table_id)
    return {"game": table.match.config.game.id, "players": table.match.config.players,
            "title": table.match.config.game.title, "yaku_names": yaku_names(table.match),
            "card_values": card_values(table.match),
            "theme": table.theme, "seats": [s.name for s in table.seats],
            "sides": [list(s) for s in table.match.config.sides],
            "frames": frames(table.match)}


@router.post("/api/replay")
async def upload_replay(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > MAX_RECORD:
        raise HTTPException(413, "record too large")
    try:
        record = json.loads(body)
    except ValueError:
        raise HTTPException(400, "the record is not valid JSON") from None
    if isinstance(record, dict):
        record = {k: v for k, v in record.items() if k != "meta"}
    try:
        match = match_from_record(record)
    except (RecordError, ValueError) as exc:
        raise HTTPException(400, str(exc)) from None
    return {"game": match.config.game.id, "players": match.config.players,
            "title": match.config.game.title, "yaku_names": yaku_names(match),
            "card_values": card_values(match),
            "theme": THEME_OF_GAME.get(match.config.game.id, "hanafuda"),
            "seats": [f"Seat {i + 1}" for i in range(match.config.players)],
            "sides": [list(s) for s in match.config.sides], "frames": frames(match)}
