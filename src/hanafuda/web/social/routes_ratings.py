"""The lobby's rating routes: leaderboards and player pages."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from sqlalchemy import select

from ...rules import GAMES
from ...words.languages import game_title
from ...words.names import bot_name, player_name
from ..db import TableRow
from ..requests import name_key, request_language
from .models import PlayerRow, RatingRow, ResultRow
from .ratings import BOT_RATINGS, MODEL, PROVISIONAL_MATCHES, display, wins_to_pass
from .route_kit import Kit

__all__ = ["routes"]


def routes(kit: Kit) -> APIRouter:
    router = APIRouter()
    social = kit.social
    hub = kit.social.hub

    # -- ratings -------------------------------------------------------------------------------

    @router.get("/api/social/leaderboard/{game}")
    def leaderboard(request: Request, game: str) -> dict[str, Any]:
        if game not in GAMES:
            raise HTTPException(404, f"unknown game; games are: {', '.join(GAMES)}")
        with social.sessions() as db:
            rows = db.execute(select(PlayerRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.matches)
                              .join(RatingRow, RatingRow.player_id == PlayerRow.id)
                              .where(RatingRow.game == game)).all()
        board = sorted(({"name": n, "rating": display(mu, sg), "matches": k,
                         "provisional": k < PROVISIONAL_MATCHES} for n, mu, sg, k in rows),
                       key=lambda r: (-int(r["rating"]), str(r["name"]).casefold()))[:200]
        for i, r in enumerate(board):
            r["rank"] = i + 1
        lang = request_language(request)
        weakest = min(BOT_RATINGS, key=lambda b: display(*BOT_RATINGS[b]))
        return {"game": game, "title": game_title(GAMES[game], lang), "players": board,
                "bots": [{"bot": b, "name": bot_name(b, lang),
                          "rating": display(mu, sg)}
                         for b, (mu, sg) in BOT_RATINGS.items()],
                "start": display(MODEL.mu, MODEL.sigma), "provisional_matches": PROVISIONAL_MATCHES,
                # a newcomer starts below the weakest bot (a cautious number): how soon they pass it
                "weakest_bot": {"name": bot_name(weakest, lang), "wins": wins_to_pass(weakest)}}

    @router.get("/api/social/players/{name:path}")
    def player(request: Request, name: str) -> dict[str, Any]:
        p = social.player_by_name(name_key(name.strip())) if len(name) <= 100 else None
        if p is None:
            raise HTTPException(404, "no player of that name")
        with social.sessions() as db:
            ratings = db.scalars(select(RatingRow).where(RatingRow.player_id == p.id)).all()
            results = db.execute(select(ResultRow, TableRow.players)
                                 .join(TableRow, TableRow.id == ResultRow.table_id)
                                 .where(ResultRow.player_id == p.id)
                                 .order_by(ResultRow.created.desc()).limit(200)).all()
        lang = request_language(request)
        matches = []
        for r, n in results:
            table = hub.load(r.table_id)
            matches.append({"table": r.table_id, "game": r.game, "title": game_title(GAMES[r.game], lang),
                            "place": r.place,
                            "players": n, "total": r.total,
                            "before": display(r.before, 0), "after": display(r.after, 0),
                            "at": r.created.isoformat(), "replay": f"/replay/{r.table_id}",
                            "seats": [player_name(s.name, lang, bot=s.bot, person=s.kind == "human")
                                      for s in table.seats] if table else []})
        return {"name": p.name, "account": p.password_hash is not None,
                "ratings": [{"game": r.game, "title": game_title(GAMES[r.game], lang),
                             "rating": display(r.mu, r.sigma), "matches": r.matches,
                             "provisional": r.matches < PROVISIONAL_MATCHES}
                            for r in ratings if r.game in GAMES],
                "provisional_matches": PROVISIONAL_MATCHES, "matches": matches}

    return router
