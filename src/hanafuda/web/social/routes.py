"""The social HTTP API, pages and socket (mounted by ``install``).

Every refusal is an HTTP error whose ``detail`` says what was wrong; a refused request changes
nothing.  Identity: the ``hf_session`` cookie of an account, else the browser key sent as
``X-Player-Key``.
"""

from __future__ import annotations

import asyncio
import base64
import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from sqlalchemy import select

from ...rules import GAMES
from ...rules.presets import APPLIES, presets
from ...words.languages import LANGUAGES as WORD_LANGUAGES
from ...words.languages import choice_text, option_text, preset_text
from ..db import TableRow
from ..limits import RateLimited, RateLimiter
from ..live import LiveTable
from ..security import require_json_from_here, same_origin
from ..ws import claim_cookie
from .accounts import SESSION_COOKIE, SESSION_DAYS, Sessions, check_password, hash_password, verify_password
from .i18n import LANGUAGES, catalogue, say_error
from .invites import MAX_QR_TEXT, qr_svg, reachable_urls
from .models import PlayerRow, RatingRow, ResultRow
from .names import TextError, check_name, name_key
from .ratings import BOT_RATINGS, MODEL, display
from .service import CLOCK_CHOICES, MAX_WAIT, Listener, SeatPlan, Settings, SocialError, SocialHub, role

__all__ = ["make_router"]

STATIC = Path(__file__).parent.parent / "static"
MAX_BODY = 16_384


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


async def _json(request: Request) -> dict[str, Any]:
    require_json_from_here(request)  # no cross-site form posts (issue 14, defect 9)
    body = await request.body()
    if len(body) > MAX_BODY:
        raise HTTPException(413, "request too large")
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise HTTPException(400, "the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    return data


def _secret(data: dict[str, Any]) -> str | None:
    """The claim secret of a seat, if the request carries one (text, bounded)."""
    secret = data.get("secret")
    return secret if isinstance(secret, str) and len(secret) <= 100 else None


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def make_router(social: SocialHub, limiter: RateLimiter, sessions: Sessions) -> APIRouter:
    router = APIRouter()
    hub = social.hub

    # -- helpers -------------------------------------------------------------------------------

    def limit(action: str, request: Request) -> None:
        try:
            limiter.take(action, _client(request))
        except RateLimited as exc:
            raise HTTPException(429, str(exc), headers={"Retry-After": str(exc.retry_after)}) from None

    def identify(session: str | None, key: str | None) -> PlayerRow | None:
        """The player of an account's session cookie, else of a browser key (database reads)."""
        pid = sessions.read(session)
        if pid is not None:
            found = social.player(pid)
            if found is not None:
                return found
        return social.player_by_key(key)

    def who(request: Request) -> PlayerRow | None:
        """The player making a request, for the sync routes (they run in FastAPI's threadpool)."""
        return identify(request.cookies.get(SESSION_COOKIE), request.headers.get("x-player-key"))

    async def who_async(request: Request) -> PlayerRow | None:
        """``who`` for the async routes: the reads in a worker thread (``SocialHub.db``)."""
        return await social.db(identify, request.cookies.get(SESSION_COOKIE),
                               request.headers.get("x-player-key"))

    async def need_player(request: Request) -> PlayerRow:
        p = await who_async(request)
        if p is None:
            raise HTTPException(401, "pick a name first (or log in)")
        return p

    def known(table: LiveTable | None) -> LiveTable:
        if table is None:
            raise HTTPException(404, "no such table")
        return table

    async def table_of(table_id: str) -> LiveTable:
        return known(await hub.load_async(table_id) if len(table_id) <= 32 else None)

    def me_json(p: PlayerRow) -> dict[str, Any]:
        return {"id": p.id, "name": p.name, "account": p.password_hash is not None}

    def absolute(request: Request, path: str | None) -> str | None:
        return None if path is None else str(request.base_url).rstrip("/") + path

    def invite(request: Request, path: str | None) -> dict[str, Any] | None:
        url = absolute(request, path)
        if url is None:
            return None
        return {"path": path, "url": url, "qr": _data_uri(qr_svg(url)) if len(url) <= MAX_QR_TEXT else None}

    def fail(exc: SocialError | TextError) -> HTTPException:
        return HTTPException(getattr(exc, "status", 400), str(exc))

    # -- pages ---------------------------------------------------------------------------------

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html")

    @router.get("/leaderboard", include_in_schema=False)
    @router.get("/leaderboard/{game}", include_in_schema=False)
    def leaderboard_page(game: str = "") -> FileResponse:
        return page("leaderboard.html")

    @router.get("/player/{name:path}", include_in_schema=False)
    def player_page(name: str) -> FileResponse:
        return page("player.html")

    @router.get("/account", include_in_schema=False)
    def account_page() -> FileResponse:
        return page("account.html")

    @router.get("/manifest.webmanifest", include_in_schema=False)
    def manifest() -> Response:
        body = {"name": "hanafuda", "short_name": "hanafuda", "start_url": "/", "display": "standalone",
                "background_color": "#f6f1e7", "theme_color": "#8b1e2d",
                "description": "Five hanafuda and hwatu fishing games with friends and bots",
                "icons": [{"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml",
                           "purpose": "any maskable"}]}
        return Response(json.dumps(body), media_type="application/manifest+json")

    @router.get("/i18n/{lang}.json", include_in_schema=False)
    def messages(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise HTTPException(404, f"languages are: {', '.join(LANGUAGES)}")
        return catalogue(lang)

    # -- names and accounts --------------------------------------------------------------------

    @router.get("/api/social/me")
    def me(request: Request) -> dict[str, Any]:
        p = who(request)
        return {"player": me_json(p) if p else None, "lang": request.state.lang}

    @router.post("/api/social/names", status_code=201)
    async def pick_name(request: Request) -> dict[str, Any]:
        """Hold a display name in this browser (no password): answers the browser key to keep."""
        data = await _json(request)
        try:
            name = check_name(data.get("name"))
        except TextError as exc:
            raise fail(exc) from None
        limit("account", request)
        try:
            p, key = await social.db(social.new_player, name, name_key(name))
        except SocialError as exc:
            raise fail(exc) from None
        return {"player": me_json(p), "key": key}

    @router.post("/api/social/accounts", status_code=201)
    async def create_account(request: Request) -> JSONResponse:
        """An account: a new name with a password, or a password for the name this browser holds."""
        data = await _json(request)
        try:
            name = check_name(data.get("name"))
            password = check_password(data.get("password"))
        except TextError as exc:
            raise fail(exc) from None
        limit("account", request)
        session, held = request.cookies.get(SESSION_COOKIE), request.headers.get("x-player-key")

        def make() -> tuple[PlayerRow, str]:  # the reads, the password hash and the writes: off the loop
            mine = identify(session, held)
            if mine is not None and name_key(name) == mine.name_key:
                social.set_password(mine.id, hash_password(password))
                return fresh(mine), social.new_key_for(mine.id)
            return social.new_player(name, name_key(name), hash_password(password))

        try:
            p, key = await social.db(make)
        except SocialError as exc:
            raise fail(exc) from None
        return _logged_in(p, key, 201)

    @router.post("/api/social/login")
    async def login(request: Request) -> JSONResponse:
        data = await _json(request)
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 200 \
                or len(name) > 100:
            raise HTTPException(400, "need name and password (text)")
        limit("account", request)

        def check() -> tuple[PlayerRow, str] | None:  # the read, the password check, the new key
            p = social.player_by_name(name_key(name.strip()))
            if p is None or not verify_password(p.password_hash if p else None, password):
                return None
            return fresh(p), social.new_key_for(p.id)

        found = await social.db(check)
        if found is None:
            raise HTTPException(401, "wrong name or password")
        return _logged_in(*found, 200)

    @router.post("/api/social/logout")
    def logout() -> JSONResponse:
        resp = JSONResponse({"player": None})
        resp.delete_cookie(SESSION_COOKIE, path="/")
        return resp

    def fresh(p: PlayerRow) -> PlayerRow:
        """``p`` as stored now (a database read)."""
        return social.player(p.id) or p

    def _logged_in(p: PlayerRow, key: str, status: int) -> JSONResponse:
        resp = JSONResponse({"player": me_json(p), "key": key}, status_code=status)
        resp.set_cookie(SESSION_COOKIE, sessions.issue(p.id), max_age=SESSION_DAYS * 86400, httponly=True,
                        samesite="lax", path="/")
        return resp

    # -- presets and invites -------------------------------------------------------------------

    @router.get("/api/social/presets")
    def all_presets(lang: str = "en") -> dict[str, Any]:
        """Every game's presets and option words (label, help, choice labels) in ``lang``
        (``words.languages``: en, ja or ko)."""
        if lang not in WORD_LANGUAGES:
            raise HTTPException(400, f"unknown language {lang!r}; languages are: {', '.join(WORD_LANGUAGES)}")

        def words_of(game: str) -> dict[str, Any]:
            out = {}
            for spec in GAMES[game].option_specs():
                label, help_ = option_text(GAMES[game], spec, lang)
                out[spec.name] = {"label": label, "help": help_, "choices": {
                    str(v).lower() if isinstance(v, bool) else str(v): choice_text(GAMES[game], spec, v, lang)
                    for v in spec.choices}}
            return out

        return {"lang": lang,
                "presets": {g: [dict(zip(("name", "description"), preset_text(GAMES[g], p, lang),
                                         strict=True), id=p.id, options=p.options)
                                for p in presets(g)] for g in GAMES},
                "applies": {g: {o: list(n) for o, n in opts.items()} for g, opts in APPLIES.items()},
                "words": {g: words_of(g) for g in GAMES},
                "clock": list(CLOCK_CHOICES), "max_wait": MAX_WAIT}

    @router.get("/api/social/qr.svg", include_in_schema=False)
    def qr(text: str) -> Response:
        try:
            return Response(qr_svg(text), media_type="image/svg+xml")
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None

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

    @router.websocket("/ws/{table_id}/social")
    async def social_ws(websocket: WebSocket, table_id: str) -> None:
        """Chat, clock notices and rematch for one browser at a table.  Under ``/ws/{table}`` so the
        seat's claim cookie comes along: a claimed seat answers only to the claiming browser."""
        if not same_origin(websocket.headers):
            await websocket.close(code=4403, reason="a page of another site cannot open this socket")
            return
        await websocket.accept()

        async def push(payload: dict[str, Any]) -> None:
            await asyncio.wait_for(websocket.send_text(json.dumps(payload, ensure_ascii=False)), 5)

        token = websocket.query_params.get("token") or ""
        table = await hub.load_async(table_id) if len(table_id) <= 32 else None
        found = role(table, token) if table is not None else None
        secret = None
        if table is not None and found is not None and found[0] is not None:
            secret = websocket.query_params.get("secret") \
                or websocket.cookies.get(claim_cookie(table.id, found[0]))
        if table is None or found is None:
            await push({"type": "error", "error": "this link opens no seat here"})
            await websocket.close(code=4403)
            return
        try:
            found = social.authorize(table, token, secret)
        except SocialError as exc:  # claimed by another browser, or by this one a moment ago and
            await push({"type": "error", "error": str(exc)})  # its cookie is not stored yet
            await websocket.close(code=4409)
            return
        client = websocket.client.host if websocket.client else "?"
        listener = Listener(push=push, seat=found[0], token=token)
        await social.listen(table, listener)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                try:  # the seat may have been claimed since this socket opened (by this browser's
                    social.authorize(table, token, secret)  # game socket: it reconnects with the cookie)
                except SocialError:  # and sends the message again
                    await push({"type": "retry", "message": message.get("text")})
                    await websocket.close(code=4409)
                    break
                await _social_message(table, token, secret, client, websocket, push, message.get("text"))
        except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            social.unlisten(table, listener)

    async def _social_message(table: LiveTable, token: str, secret: str | None, client: str,
                              websocket: WebSocket, push: Any, raw: str | None) -> None:
        """One message on the social socket: hello, chat, rematch or ping; errors to this socket only."""
        try:
            msg = json.loads(raw or "") if raw is not None and len(raw) <= 2000 else None
        except ValueError:
            msg = None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            await push({"type": "error", "error": 'a message is a JSON object with a "type" (at most 2000 '
                        'characters)'})
            return
        kind = msg["type"]
        try:
            if kind == "hello":
                player = await social.db(identify, websocket.cookies.get(SESSION_COOKIE),
                                         msg.get("key") if isinstance(msg.get("key"), str) else None)
                info = await social.hello(table, token, player, secret)
                chat = await social.db(social.chat_history, table.id) if info["can_chat"] else []
                await push({"type": "hello", **info, "chat": chat})
            elif kind == "chat":
                limiter.take("chat", client)
                await social.say(table, token, msg.get("text"), secret)
            elif kind == "rematch":
                limiter.take("create", client)
                await push({"type": "rematch", "link": await social.rematch(table, token, secret)})
            elif kind == "ping":
                await push({"type": "pong"})
            else:
                await push({"type": "error", "error": f"unknown message type {kind!r}; types: hello, chat, "
                            "rematch, ping"})
        except (SocialError, TextError, RateLimited) as exc:
            await push({"type": "error", "for": kind,
                        "error": say_error(str(exc), getattr(websocket.state, "lang", "en"))})

    # -- ratings -------------------------------------------------------------------------------

    @router.get("/api/social/leaderboard/{game}")
    def leaderboard(game: str) -> dict[str, Any]:
        if game not in GAMES:
            raise HTTPException(404, f"unknown game; games are: {', '.join(GAMES)}")
        with social.sessions() as db:
            rows = db.execute(select(PlayerRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.matches)
                              .join(RatingRow, RatingRow.player_id == PlayerRow.id)
                              .where(RatingRow.game == game)).all()
        board = sorted(({"name": n, "rating": display(mu, sg), "matches": k} for n, mu, sg, k in rows),
                       key=lambda r: (-int(r["rating"]), str(r["name"]).casefold()))[:200]
        for i, r in enumerate(board):
            r["rank"] = i + 1
        return {"game": game, "title": GAMES[game].title, "players": board,
                "bots": [{"name": f"{b} bot", "rating": display(mu, sg)}
                         for b, (mu, sg) in BOT_RATINGS.items()],
                "start": display(MODEL.mu, MODEL.sigma)}

    @router.get("/api/social/players/{name:path}")
    def player(name: str) -> dict[str, Any]:
        p = social.player_by_name(name_key(name.strip())) if len(name) <= 100 else None
        if p is None:
            raise HTTPException(404, "no player of that name")
        with social.sessions() as db:
            ratings = db.scalars(select(RatingRow).where(RatingRow.player_id == p.id)).all()
            results = db.execute(select(ResultRow, TableRow.players)
                                 .join(TableRow, TableRow.id == ResultRow.table_id)
                                 .where(ResultRow.player_id == p.id)
                                 .order_by(ResultRow.created.desc()).limit(200)).all()
        matches = []
        for r, n in results:
            table = hub.load(r.table_id)
            matches.append({"table": r.table_id, "game": r.game, "title": GAMES[r.game].title,
                            "place": r.place,
                            "players": n, "total": r.total,
                            "before": display(r.before, 0), "after": display(r.after, 0),
                            "at": r.created.isoformat(), "replay": f"/replay/{r.table_id}",
                            "seats": [s.name for s in table.seats] if table else []})
        return {"name": p.name, "account": p.password_hash is not None,
                "ratings": [{"game": r.game, "title": GAMES[r.game].title, "rating": display(r.mu, r.sigma),
                             "matches": r.matches} for r in ratings if r.game in GAMES],
                "matches": matches}

    return router
