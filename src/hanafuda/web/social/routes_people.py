"""The lobby's routes for people: names and accounts, presets and invite QR codes (its pages are
``pages``' routes)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response

from ...rules import GAMES
from ...rules.presets import APPLIES, presets
from ...words.languages import choice_text, option_text, preset_text
from ..api import check_language
from ..requests import check_name, name_key, read_json
from ..security import require_json_from_here
from .accounts import SESSION_COOKIE, SESSION_DAYS, check_password, hash_password, verify_password
from .bodies import LoginBody, NameBody
from .i18n import LANGUAGES, catalogue
from .invites import qr_svg
from .models import PlayerRow
from .route_kit import Kit
from .service import CLOCK_CHOICES, MAX_WAIT

__all__ = ["routes"]


def routes(kit: Kit) -> APIRouter:
    router = APIRouter()
    social, limit, me_json = kit.social, kit.limit, kit.me_json

    @router.get("/i18n/{lang}.json", include_in_schema=False)
    def messages(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise HTTPException(404, f"languages are: {', '.join(LANGUAGES)}")
        return catalogue(lang)

    # -- names and accounts --------------------------------------------------------------------

    @router.get("/api/social/me")
    async def me(request: Request) -> dict[str, Any]:
        p = await kit.who_async(request)
        return {"player": me_json(p) if p else None, "lang": request.state.lang}

    @router.post("/api/social/names", status_code=201)
    async def pick_name(request: Request) -> dict[str, Any]:
        """Hold a display name in this browser (no password): answers the browser key to keep."""
        name = check_name((await read_json(request, NameBody)).name)
        await limit("account", request)
        p, key = await social.db(social.new_player, name, name_key(name))
        return {"player": me_json(p), "key": key}

    @router.post("/api/social/accounts", status_code=201)
    async def create_account(request: Request) -> JSONResponse:
        """An account: a new name with a password, or a password for the name this browser holds."""
        body = await read_json(request, NameBody)
        name = check_name(body.name)
        password = check_password(body.password)
        await limit("account", request)
        session, held = request.cookies.get(SESSION_COOKIE), request.headers.get("x-player-key")

        def make() -> tuple[PlayerRow, str, str]:  # the reads, the password hash, the writes: off the loop
            mine = kit.identify(session, held)
            if mine is not None and name_key(name) == mine.name_key:
                social.set_password(mine.id, hash_password(password))
                p, key = fresh(mine), social.new_key_for(mine.id)
            else:
                p, key = social.new_player(name, name_key(name), hash_password(password))
            return p, key, kit.sessions.issue(p.id)

        return _logged_in(*await social.db(make), 201)

    @router.post("/api/social/login")
    async def login(request: Request) -> JSONResponse:
        body = await read_json(request, LoginBody)
        name, password = body.name, body.password
        await limit("account", request)

        def check() -> tuple[PlayerRow, str, str] | None:  # the read, the password check, the new key
            p = social.player_by_name(name_key(name.strip()))
            if p is None or not verify_password(p.password_hash if p else None, password):
                return None
            return fresh(p), social.new_key_for(p.id), kit.sessions.issue(p.id)

        found = await social.db(check)
        if found is None:
            raise HTTPException(401, "wrong name or password")
        return _logged_in(*found, 200)

    @router.post("/api/social/logout")
    async def logout(request: Request) -> JSONResponse:
        """End this browser's session on the server (issue 29): the cookie is deleted here and its
        session row with it, so a copy of the cookie is refused everywhere from now on.  An
        account's browser key is replaced too (the page forgets it; a log-in gives a new one)."""
        require_json_from_here(request)  # no other site's page logs a player out
        cookie = request.cookies.get(SESSION_COOKIE)

        def end() -> None:
            pid = kit.sessions.revoke(cookie)
            if pid is not None and (p := social.player(pid)) is not None and p.password_hash is not None:
                social.new_key_for(pid)

        await social.db(end)
        resp = JSONResponse({"player": None})
        resp.delete_cookie(SESSION_COOKIE, path="/")
        return resp

    def fresh(p: PlayerRow) -> PlayerRow:
        """``p`` as stored now (a database read)."""
        return social.player(p.id) or p

    def _logged_in(p: PlayerRow, key: str, cookie: str, status: int) -> JSONResponse:
        resp = JSONResponse({"player": me_json(p), "key": key}, status_code=status)
        resp.set_cookie(SESSION_COOKIE, cookie, max_age=SESSION_DAYS * 86400, httponly=True,
                        samesite="lax", path="/")
        return resp

    # -- presets and invites -------------------------------------------------------------------

    @router.get("/api/social/presets")
    def all_presets(lang: str = "en") -> dict[str, Any]:
        """Every game's presets and option words (label, help, choice labels) in ``lang``
        (``words.languages``: en, ja or ko)."""
        check_language(lang)

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

    return router
