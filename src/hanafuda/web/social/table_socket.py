"""The page's social messages on the table's one socket (issue 28): ``hello``, ``chat`` and
``rematch`` arrive beside the moves on ``/ws/{table}``, from the seat, creator or spectator that
socket was admitted as (its claim checked there), and chat, clock notices, rematch offers and the
quick-match wait go back on it (``SocialHub.push``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from ..limits import RateLimited
from ..live import CapacityError, Connection, LiveTable, TableError
from ..requests import TextError
from .accounts import SESSION_COOKIE
from .i18n import say_error
from .route_kit import Kit
from .service import SocialError

__all__ = ["install"]

Handler = Callable[[LiveTable, Connection, dict[str, Any]], Awaitable[None]]
"""A handler of one type of message on the table's socket (``TableHub.extensions``)."""


def install(kit: Kit) -> None:
    """Register the social message handlers on the table hub (``TableHub.extensions``)."""
    social, limiter = kit.social, kit.limiter

    def answered(kind: str, handler: Handler) -> Handler:
        """``handler`` whose refusal goes to this socket only, as an error ``for`` its message."""
        async def run(table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
            try:
                await handler(table, conn, msg)
            except (SocialError, TextError, RateLimited, TableError, CapacityError) as exc:
                await social.hub.send(table, conn, {"type": "error", "for": kind, "code": "refused",
                                                    "error": say_error(str(exc), conn.lang)})
        return run

    async def hello(table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        key = msg.get("key")
        player = await social.db(kit.identify, conn.cookies.get(SESSION_COOKIE),
                                 key if isinstance(key, str) else None)
        info = await social.hello(table, conn.seat, conn.creator, player)
        lines = await social.db(social.chat_history, table.id) if info["can_chat"] else []
        chat = [social.named(table, conn, line) for line in lines]
        await social.hub.send(table, conn, {"type": "hello", **info, "chat": chat})

    async def chat(table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        limiter.take("chat", *conn.keys)
        await social.say(table, conn.seat, conn.creator, msg.get("text"))

    async def rematch(table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        limiter.take("create", *conn.keys)
        link = await social.rematch(table, conn.seat)
        await social.hub.send(table, conn, {"type": "rematch", "link": link})

    social.hub.extensions.update(hello=answered("hello", hello), chat=answered("chat", chat),
                                 rematch=answered("rematch", rematch))
    social.hub.notices = social.notice
