"""The lobby's table routes: making tables, open seats, quick match, hello, chat, rematch."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from ...rules import GAMES
from .invites import reachable_urls
from .names import TextError
from .route_kit import Kit, _json, _secret
from .service import MAX_WAIT, SeatPlan, Settings, SocialError, role

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

    def settings_from(data: dict[str, Any], bots: bool) -> Settings:
        """The table settings of a request; ``hints`` defaults to on for an unrated table with
        bots (issue 13) and is refused at a rated table (``SocialHub.create``)."""
        clock = data.get("clock")
        spectator_chat, rated = data.get("spectator_chat", False), data.get("rated", True)
        if clock is not None and (isinstance(clock, bool) or not isinstance(clock, int)):
            raise HTTPException(400, "clock must be a number of seconds or null")
        if not isinstance(spectator_chat, bool) or not isinstance(rated, bool):
            raise HTTPException(400, "spectator_chat and rated are true or false")
        hints = data.get("hints", bots and not rated)
        if not isinstance(hints, bool):
            raise HTTPException(400, "hints is true or false")
        return Settings(clock=clock, spectator_chat=spectator_chat, rated=rated, hints=hints)

    @router.post("/api/social/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        data = await _json(request)
        player = await need_player(request)
        game, players, options = data.get("game"), data.get("players"), data.get("options") or {}
        seats, theme = data.get("seats"), data.get("theme") or "hanafuda"
        if not isinstance(game, str) or isinstance(players, bool) or not isinstance(players, int) \
                or not isinstance(options, dict) or not isinstance(theme, str):
            raise HTTPException(400, "need game (text), players (a number), options (an object)")
        if not 1 <= players <= 8:
            raise HTTPException(400, "players is 2 to 6 (what the game allows)")
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise HTTPException(400, "seats must be a list of objects with a kind")
        plans = [SeatPlan(str(s.get("kind")), s.get("bot") if isinstance(s.get("bot"), str) else None)
                 for s in seats]
        settings = settings_from(data, bots=any(p.kind == "bot" for p in plans))
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
        seat = data.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise HTTPException(400, "seat is a seat number (1 to 6) or absent")
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
        game, players, wait = data.get("game"), data.get("players"), data.get("wait", 30)
        if not isinstance(game, str) or game not in GAMES:
            raise HTTPException(400, f"unknown game; games are: {', '.join(GAMES)}")
        if isinstance(players, bool) or not isinstance(players, int) \
                or players not in GAMES[game].player_counts():
            raise HTTPException(400, f"{GAMES[game].title} is played by "
                                f"{', '.join(map(str, GAMES[game].player_counts()))} players")
        if isinstance(wait, bool) or not isinstance(wait, int) or not 0 <= wait <= MAX_WAIT:
            raise HTTPException(400, f"wait is 0 to {MAX_WAIT} seconds")
        theme = data.get("theme") if isinstance(data.get("theme"), str) else "hanafuda"
        try:
            table, link = await social.quick_match(player, game, players, wait, str(theme),
                                                   lambda: limit("create", request))
        except SocialError as exc:
            raise fail(exc) from None
        return {"table": table.id, "link": link}

    @router.post("/api/social/tables/{table_id}/hello")
    async def hello(table_id: str, request: Request) -> dict[str, Any]:
        data = await _json(request)
        token, secret = data.get("token"), _secret(data)
        if not isinstance(token, str) or not token or len(token) > 100:
            raise HTTPException(400, "need the token of the link you opened")
        try:
            return await social.hello(await table_of(table_id), token, await who_async(request), secret)
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
        token = data.get("token")
        if not isinstance(token, str) or len(token) > 100:
            raise HTTPException(400, "need the token of your seat")
        table = await table_of(table_id)
        if role(table, token) is None:
            raise HTTPException(403, "this link opens no seat at this table")
        limit("chat", request)
        try:
            return {"message": await social.say(table, token, data.get("text"), _secret(data))}
        except (SocialError, TextError) as exc:
            raise fail(exc) from None

    @router.post("/api/social/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        data = await _json(request)
        token = data.get("token")
        if not isinstance(token, str) or len(token) > 100:
            raise HTTPException(400, "need the token of your seat")
        table = await table_of(table_id)
        limit("create", request)
        try:
            link = await social.rematch(table, token, _secret(data))
        except SocialError as exc:
            raise fail(exc) from None
        return {"link": link}

    return router
