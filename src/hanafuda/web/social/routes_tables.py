"""The lobby's table routes: making tables, open seats, quick match.  A table page's hello, chat
and rematch travel on its one socket (``table_socket``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from ...rules import GAMES
from ..requests import read_json, request_language
from .bodies import JoinBody, QuickBody, TableBody
from .invites import reachable_urls
from .route_kit import Kit
from .service import SeatPlan, Settings

__all__ = ["routes"]

def routes(kit: Kit) -> APIRouter:
    router = APIRouter()
    social = kit.social
    limit, need_player, table_of, invite = kit.limit, kit.need_player, kit.table_of, kit.invite

    # -- tables --------------------------------------------------------------------------------

    @router.post("/api/social/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        body = await read_json(request, TableBody)
        player = await need_player(request)
        game, players, options, theme = body.game, body.players, body.options or {}, body.theme or ""
        plans = [SeatPlan(s.kind, s.bot) for s in body.seats]
        bots = any(p.kind == "bot" for p in plans)
        settings = Settings(clock=body.clock, spectator_chat=body.spectator_chat, rated=body.rated,
                            hints=body.hints if body.hints is not None else bots and not body.rated)
        await limit("create", request, player)
        created = await social.create(player, game, players, options, plans, theme, settings)
        t = created.table
        loopback = request.url.hostname in ("127.0.0.1", "localhost", "::1")
        return {"id": t.id, "title": t.match.config.game.title, "game": t.match.config.game.id,
                "options": dict(t.match.config.given_options),
                "seats": [{"seat": s.seat, "kind": plans[s.seat].kind, "name": s.name,
                           "invite": invite(request, created.links.get(s.seat))
                           if plans[s.seat].kind == "invite" else None}
                          for s in t.seats],
                # your seat's link; at a table of bots only (no seat is yours), the creator's view
                "you": invite(request, next((created.links[i] for i, p in enumerate(plans) if p.kind == "me"),
                                            f"/table/{t.id}?token={created.creator_token}")),
                "spectator": invite(request, f"/table/{t.id}?token={t.spectator_token}"),
                "creator": kit.absolute(request, f"/table/{t.id}?token={created.creator_token}"),
                "loopback": loopback,
                "lan": [u for u in reachable_urls("0.0.0.0", request.url.port or 80)
                        if "127.0.0.1" not in u] if loopback else []}

    @router.get("/api/social/open")
    def open_tables(request: Request) -> dict[str, Any]:
        return {"tables": social.open_tables(request_language(request))}

    @router.post("/api/social/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        seat = (await read_json(request, JoinBody)).seat
        player = await need_player(request)
        table = await table_of(table_id)
        link = await social.take_seat(table, player, None if seat is None else seat - 1)
        return {"table": table.id, "link": link}

    @router.post("/api/social/quick")
    async def quick(request: Request) -> dict[str, Any]:
        body = await read_json(request, QuickBody)
        player = await need_player(request)
        game, players, wait, theme = body.game, body.players, body.wait, body.theme or ""
        if game not in GAMES:
            raise HTTPException(400, f"unknown game; games are: {', '.join(GAMES)}")
        if players not in GAMES[game].player_counts():
            raise HTTPException(400, f"{GAMES[game].title} is played by "
                                f"{', '.join(map(str, GAMES[game].player_counts()))} players")
        table, link = await social.quick_match(player, game, players, wait, str(theme),
                                               lambda: limit("create", request, player))
        return {"table": table.id, "link": link}

    return router
