"""The lobby's table routes: making tables, open seats, quick match, hello, chat, rematch."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from ...rules import GAMES
from .bodies import ChatBody, JoinBody, QuickBody, TableBody, TokenBody, parse
from .invites import reachable_urls
from .names import TextError
from .route_kit import Kit, _json
from .service import SeatPlan, Settings, SocialError

__all__ = ["routes"]


def routes(kit: Kit) -> APIRouter:
    router = APIRouter()
    social = kit.social
    hub = kit.social.hub
    limit = kit.limit
    who_async = kit.who_async
    need_player = kit.need_player
    known = kit.known
    table_of = kit.table_of
    absolute = kit.absolute
    invite = kit.invite
    fail = kit.fail

    # -- tables --------------------------------------------------------------------------------

    @router.post("/api/social/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        data = await _json(request)
        player = await need_player(request)
        body = parse(TableBody, data)
        game, players, options, theme = body.game, body.players, body.options or {}, body.theme or "hanafuda"
        plans = [SeatPlan(s.kind, s.bot) for s in body.seats]
        bots = any(p.kind == "bot" for p in plans)
        settings = Settings(clock=body.clock, spectator_chat=body.spectator_chat, rated=body.rated,
                            hints=body.hints if body.hints is not None else bots and not body.rated)
        limit("create", request)
        try:
            created = await social.create(player, game, players, options, plans, theme, settings)
        except SocialError as exc:
            raise fail(exc) from None
        t = created.table
        loopback = request.url.hostname in ("127.0.0.1", "localhost", "::1")
        return {"id": t.id, "title": t.match.config.game.title, "game": t.match.config.game.id,
                "options": dict(t.match.config.given_options),
                "seats": [{"seat": s.seat, "kind": plans[s.seat].kind, "name": s.name,
                           "invite": invite(request, created.links.get(s.seat))
                           if plans[s.seat].kind == "invite" else None}
                          for s in t.seats],
                "you": invite(request, created.links[plans.index(next(p for p in plans if p.kind == "me"))]),
                "spectator": invite(request, f"/table/{t.id}?token={created.spectator_token}"),
                "creator": absolute(request, f"/table/{t.id}?token={created.creator_token}"),
                "loopback": loopback,
                "lan": [u for u in reachable_urls("0.0.0.0", request.url.port or 80)
                        if "127.0.0.1" not in u] if loopback else []}

    @router.get("/api/social/open")
    def open_tables() -> dict[str, Any]:
        return {"tables": social.open_tables()}

    @router.post("/api/social/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        data = await _json(request)
        player = await need_player(request)
        seat = parse(JoinBody, data).seat
        table = await table_of(table_id)
        try:
            link = await social.take_seat(table, player, None if seat is None else seat - 1)
        except SocialError as exc:
            raise fail(exc) from None
        return {"table": table.id, "link": link}

    @router.post("/api/social/quick")
    async def quick(request: Request) -> dict[str, Any]:
        data = await _json(request)
        player = await need_player(request)
        body = parse(QuickBody, data)
        game, players, wait, theme = body.game, body.players, body.wait, body.theme or "hanafuda"
        if game not in GAMES:
            raise HTTPException(400, f"unknown game; games are: {', '.join(GAMES)}")
        if players not in GAMES[game].player_counts():
            raise HTTPException(400, f"{GAMES[game].title} is played by "
                                f"{', '.join(map(str, GAMES[game].player_counts()))} players")
        try:
            table, link = await social.quick_match(player, game, players, wait, str(theme),
                                                   lambda: limit("create", request))
        except SocialError as exc:
            raise fail(exc) from None
        return {"table": table.id, "link": link}

    @router.post("/api/social/tables/{table_id}/hello")
    async def hello(table_id: str, request: Request) -> dict[str, Any]:
        data = await _json(request)
        body = parse(TokenBody, data)
        table = await table_of(table_id)
        try:
            seat, creator = social.authorize(table, body.token, body.secret)
            return await social.hello(table, seat, creator, await who_async(request))
        except SocialError as exc:
            raise fail(exc) from None

    @router.get("/api/social/tables/{table_id}/chat")
    def chat_history(table_id: str, token: str, secret: str | None = None) -> dict[str, Any]:
        table = known(hub.load(table_id) if len(table_id) <= 32 else None)
        try:
            found = social.authorize(table, token, secret)
        except SocialError as exc:
            raise fail(exc) from None
        if not social.can_chat(table, found[0], found[1]):
            raise HTTPException(403, "spectators cannot read this table's chat")
        return {"messages": social.chat_history(table.id)}

    @router.post("/api/social/tables/{table_id}/chat", status_code=201)
    async def chat(table_id: str, request: Request) -> dict[str, Any]:
        data = await _json(request)
        chat_body = parse(ChatBody, data)
        table = await table_of(table_id)
        try:
            seat, creator = social.authorize(table, chat_body.token, chat_body.secret)
            limit("chat", request)  # spent by a link that opens a seat only
            return {"message": await social.say(table, seat, creator, chat_body.text)}
        except (SocialError, TextError) as exc:
            raise fail(exc) from None

    @router.post("/api/social/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        data = await _json(request)
        body = parse(TokenBody, data)
        table = await table_of(table_id)
        limit("create", request)
        try:
            link = await social.rematch(table, social.authorize(table, body.token, body.secret)[0])
        except SocialError as exc:
            raise fail(exc) from None
        return {"link": link}

    return router
