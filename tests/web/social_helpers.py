"""Helpers of the social tests: names, tables and whole matches driven through the hub."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from hanafuda.web.live import NEXT_ROUND, Connection, LiveTable

from .wsutil import receive


def name(client: TestClient, who: str) -> dict[str, str]:
    """Hold ``who`` in a fresh "browser"; the headers that browser sends."""
    r = client.post("/api/social/names", json={"name": who})
    assert r.status_code == 201, r.text
    return {"x-player-key": r.json()["key"]}


def token_of(link: str) -> str:
    return link.split("token=")[1]


_SECRETS: dict[tuple[str, str], str] = {}
"""The claim secret of each seat link ``on_socket`` opened first (table, token)."""


def on_socket(client: TestClient, table_id: str, token: str, msg: dict[str, Any], *,
              secret: str | None = None, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Send ``msg`` (hello, chat, rematch) on the table's one socket opened with ``token``, as the
    table page does (issue 28: there is no REST door for them), and return its answer: the first
    message of its type (a person's chat line, not a notice) or the first error.  A seat it
    claims keeps answering to it: its secret is sent again, as the claiming browser would."""
    secret = secret or _SECRETS.get((table_id, token))
    url = f"/ws/{table_id}?token={token}" + (f"&secret={secret}" if secret else "")
    with client.websocket_connect(url, headers=dict(headers or {})) as ws:
        ws.send_json(msg)
        while True:
            got = receive(ws)
            if got["type"] == "claimed":
                _SECRETS[table_id, token] = got["secret"]
            elif got["type"] == "error" or (got["type"] == msg["type"] and not (
                    got["type"] == "chat" and got["message"]["system"])):
                return got


def chat_lines(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    """The table's chat as a page's hello gets it (``SocialHub.chat_history``)."""
    return client.app.state.social.chat_history(table_id)  # type: ignore[attr-defined,no-any-return]


def new_table(client: TestClient, headers: dict[str, str], **body: Any) -> dict[str, Any]:
    body = {"game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}], **body}
    r = client.post("/api/social/tables", json=body, headers=headers)
    assert r.status_code == 201, r.text
    return dict(r.json())


def table(client: TestClient, table_id: str) -> LiveTable:
    t = client.app.state.hub.load(table_id)  # type: ignore[attr-defined]
    assert t is not None
    return t  # type: ignore[no-any-return]


async def _noop(_payload: dict[str, Any]) -> None:
    return None


def clocked_table(client: TestClient, seconds: int) -> tuple[dict[str, Any], LiveTable]:
    """Ann's table with a turn clock of ``seconds`` and an invited seat nobody took."""
    t = new_table(client, name(client, "Ann"), clock=seconds, seats=[{"kind": "me"}, {"kind": "invite"}])
    return t, table(client, t["id"])


def play_out(client: TestClient, t: LiveTable, humans: list[int]) -> None:
    """Play ``t`` to its end: every human seat makes its first legal move, rounds dealt on."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    portal = client.portal  # type: ignore[attr-defined]
    for _ in range(5000):
        m = t.match
        if m.finished:
            return
        seat = m.to_move
        if seat is None:
            portal.call(hub.move, t, Connection(send=_noop, seat=humans[0]), NEXT_ROUND)
        elif seat in humans:
            portal.call(hub.move, t, Connection(send=_noop, seat=seat), m.legal_moves()[0])
        else:  # a bot's turn: kicked in case nothing did (a table just reloaded from the database)
            portal.call(_bots_move, hub, t)
    raise AssertionError("the match did not end")


async def _bots_move(hub: Any, t: LiveTable) -> None:
    hub.kick_bots(t)
    await hub.idle(t)
