"""The FastAPI application: JSON API, websocket play, pages, card images (DESIGN.md layer 7)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from ..agents import AGENTS
from ..cards import CARDS
from ..records import RecordError, match_from_record
from ..rules import GAMES, configure
from ..themes import THEMES, UnknownThemeError, face, label, normalize_theme
from . import cards_svg
from .db import make_engine, migrate
from .howto import how_to_play
from .replay import frames
from .social import install
from .tables import (
    MAX_MESSAGE,
    Connection,
    SeatSpec,
    TableError,
    TableHub,
    card_values,
    yaku_names,
)

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
MAX_RECORD = 2_000_000


THEME_OF_GAME = {"min-hwatu": "hwatu", "kwa-do": "kwa-do", "hawaiifuda": "hawaiifuda",
                 "hana-awase": "hanafuda", "mushi": "hanafuda"}
"""The card-name theme of each game's own tradition (the lobby's default for that game)."""


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


def create_app(db_url: str, *, bot_pause: float = 0.8) -> FastAPI:
    """The app on database ``db_url`` (migrated to the newest schema on start)."""
    engine = make_engine(db_url)
    migrate(engine)
    hub = TableHub(engine, bot_pause=bot_pause)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for table in hub.load_running():
            hub.kick_bots(table)
        yield
        for table in hub.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        engine.dispose()

    app = FastAPI(title="hanafuda", lifespan=lifespan)
    app.state.hub = hub
    install(app, hub)  # the lobby's social side: names, seats, ratings, chat, clock (issue 15)

    # -- pages ---------------------------------------------------------------------------------

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html")

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/replay", include_in_schema=False)
    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: str = "") -> FileResponse:
        return page("replay.html")

    @app.get("/rules", include_in_schema=False)
    @app.get("/rules/{game}", include_in_schema=False)
    def rules_page(game: str = "") -> FileResponse:
        return page("rules.html")

    @app.get("/cards", include_in_schema=False)
    def gallery_page() -> FileResponse:
        return page("cards.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- card images ---------------------------------------------------------------------------

    @app.get("/card/{theme}/{code}.svg", include_in_schema=False)
    def card_svg(theme: str, code: str, points: int | None = Query(None, ge=0, le=99)) -> Response:
        """A card face; ``points`` puts the game's value of the card on its badge."""
        try:
            svg = cards_svg.card_svg(code, normalize_theme(theme), points)
        except ValueError as exc:
            raise HTTPException(404, str(exc)) from None
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/card/back.svg", include_in_schema=False)
    def card_back() -> Response:
        return Response(cards_svg.back_svg(), media_type="image/svg+xml")

    # -- API -----------------------------------------------------------------------------------

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        return {"games": [_game_schema(g) for g in GAMES], "themes": list(THEMES),
                "bots": list(AGENTS)}

    @app.get("/api/cards/{theme}")
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

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
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

    @app.get("/api/tables")
    def list_tables() -> dict[str, Any]:
        return {"tables": hub.list_tables()}

    def _finished(table_id: str) -> Any:
        table = hub.load(table_id)
        if table is None:
            raise HTTPException(404, "no such table")
        if not table.match.finished:
            raise HTTPException(403, "the record is shown once the match is over")
        return table

    @app.get("/api/tables/{table_id}")
    def table_info(table_id: str) -> dict[str, Any]:
        table = hub.load(table_id)
        if table is None:
            raise HTTPException(404, "no such table")
        return table.summary()

    @app.get("/api/tables/{table_id}/record")
    def table_record(table_id: str) -> JSONResponse:
        table = _finished(table_id)
        record = {**table.match.to_record(),
                  "meta": {"web": {"table": table.id, "seed": table.match.seed,
                                   "seats": [s.name for s in table.seats]}}}
        return JSONResponse(record, headers={
            "Content-Disposition": f'attachment; filename="hanafuda-{table.id}.json"'})

    @app.get("/api/tables/{table_id}/replay")
    def table_replay(table_id: str) -> dict[str, Any]:
        table = _finished(table_id)
        return {"game": table.match.config.game.id, "players": table.match.config.players,
                "title": table.match.config.game.title, "yaku_names": yaku_names(table.match),
                "card_values": card_values(table.match),
                "theme": table.theme, "seats": [s.name for s in table.seats],
                "sides": [list(s) for s in table.match.config.sides],
                "frames": frames(table.match)}

    @app.post("/api/replay")
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

    # -- websocket -----------------------------------------------------------------------------

    @app.websocket("/ws/{table_id}")
    async def play_ws(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()

        async def send(payload: dict[str, Any]) -> None:
            await websocket.send_text(json.dumps(payload, ensure_ascii=False))

        table = hub.load(table_id)
        token = websocket.query_params.get("token")
        if table is None:
            await send({"type": "error", "code": "no-table", "error": "no such table"})
            await websocket.close(code=4404)
            return
        if not token:
            await send({"type": "error", "code": "no-token", "error": "a seat or spectator token is needed"})
            await websocket.close(code=4401)
            return
        role = table.role_of(token)
        if role is None:
            await send({"type": "error", "code": "bad-token", "error": "this token opens no seat here"})
            await websocket.close(code=4403)
            return
        conn = Connection(send=send, seat=role[0], creator=role[1])
        await hub.join(table, conn)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = (message.get("bytes") or b"").decode("utf-8", "replace")
                await hub.handle(table, conn, raw)
        except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            await hub.leave(table, conn)

    return app
