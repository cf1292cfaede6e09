"""The lobby's list of tables (issue 28): a short summary per table, a page at a time, read from
the database in two small queries (no match is loaded or replayed), answered with an ``ETag`` so
a lobby polling an unchanged page gets ``304 Not Modified`` and redraws nothing."""

from __future__ import annotations

import hashlib
from typing import Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel
from sqlalchemy import func, select

from ..rules import GAMES
from ..words.catalogue import text
from ..words.languages import game_title
from ..words.names import player_name
from .db import SeatRow, TableEventRow, TableRow
from .requests import request_language

__all__ = ["PAGE_SIZE", "LobbyPage", "LobbySeat", "LobbyTable", "lobby_page", "router", "seat_label"]

PAGE_SIZE = 15
"""Tables per page of the lobby's list."""

router = APIRouter()


def seat_label(kind: str, bot: str | None, name: str, lang: str = "en", *, open: bool = False) -> str:
    """A seat's name as a person reads it in ``lang`` (``words.names.player_name``, the one
    function every page names seats with): a bot seat still named by its bot's id ("greedy", as
    ``/api/tables`` names it, or "greedy bot", a quick match's filled seat) reads as that bot;
    a person's seat still ``open`` to anyone (the lobby's flag, not its stored English name)
    reads "Open seat", "空席", "빈 자리"."""
    if open and kind == "human":
        return text("name.open_seat", lang)
    return player_name(name, lang, bot=bot if kind == "bot" else None, person=kind != "bot")


class LobbySeat(BaseModel):
    number: int
    """1-based, as a person counts seats."""
    name: str
    bot: bool


class LobbyTable(BaseModel):
    id: str
    title: str
    players: int
    status: str
    """running, finished, stopped, or abandoned (nobody has been at it for an hour: marked)."""
    round: int
    seats: list[LobbySeat]
    watch: str | None
    """The spectator link of a table still played (not one abandoned or stopped)."""
    replay: str | None
    """The replay of a finished table."""


class LobbyPage(BaseModel):
    tables: list[LobbyTable]
    page: int
    more: bool
    """Another page follows."""


def lobby_page(sessions: Any, page: int, size: int = PAGE_SIZE, lang: str = "en") -> LobbyPage:
    """Page ``page`` (from 0) of the tables, newest first, games and bots named in ``lang``."""
    with sessions() as db:
        rows = db.execute(select(TableRow.id, TableRow.game, TableRow.players, TableRow.status,
                                 TableRow.spectator_token)
                          .order_by(TableRow.created.desc(), TableRow.id)
                          .offset(page * size).limit(size + 1)).all()
        ids = [r.id for r in rows[:size]]
        seats: dict[str, list[LobbySeat]] = {}
        for s in db.execute(select(SeatRow.table_id, SeatRow.seat, SeatRow.kind, SeatRow.bot, SeatRow.name,
                                   SeatRow.open, SeatRow.pending_token)
                            .where(SeatRow.table_id.in_(ids)).order_by(SeatRow.table_id, SeatRow.seat)):
            seats.setdefault(s.table_id, []).append(
                LobbySeat(number=s.seat + 1, bot=s.kind == "bot",
                          name=seat_label(s.kind, s.bot, s.name, lang,
                                          open=bool(s.open) and s.pending_token is not None)))
        deals = dict(db.execute(select(TableEventRow.table_id, func.count())
                                .where(TableEventRow.table_id.in_(ids), TableEventRow.kind == "next-round")
                                .group_by(TableEventRow.table_id)).all())
    tables = []
    for r in rows[:size]:
        game = GAMES.get(r.game)
        tables.append(LobbyTable(
            id=r.id, title=game_title(game, lang) if game is not None else r.game, players=r.players,
            status=r.status,
            round=1 + deals.get(r.id, 0), seats=seats.get(r.id, []),
            watch=f"/table/{r.id}?token={r.spectator_token}" if r.status == "running" else None,
            replay=f"/replay/{r.id}" if r.status == "finished" else None))
    return LobbyPage(tables=tables, page=page, more=len(rows) > size)


@router.get("/api/lobby/tables", response_model=LobbyPage)
def lobby_tables(request: Request, response: Response,
                 page: int = Query(0, ge=0, le=10_000)) -> LobbyPage | Response:
    """One page of the lobby's list.  ``Cache-Control: no-cache`` with an ``ETag``: the browser
    asks again each time, and an unchanged page costs a ``304`` and no redraw."""
    hub = request.app.state.hub
    hub.mark_abandoned()
    found = lobby_page(hub.sessions, page, lang=request_language(request))
    etag = '"' + hashlib.sha256(found.model_dump_json().encode()).hexdigest()[:24] + '"'
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    response.headers.update(headers)
    return found
