"""Helpers to drive a table over the websocket in tests.

Every receive has a deadline (``RECEIVE_TIMEOUT``): a server that fails to answer makes the test
fail with ``NoReply``, it never hangs the run.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import anyio

from hanafuda.web.messages import apply_patch

RECEIVE_TIMEOUT = 60.0
"""Seconds to wait for one message: generous for a loaded machine, where a healthy reply takes
milliseconds (bots have no pause in these tests)."""


class NoReply(AssertionError):
    """The server sent nothing within the deadline."""


def receive(ws: Any, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
    """The next JSON message from a ``TestClient`` websocket, or ``NoReply`` after ``timeout``; the
    table protocol followed as the page follows it (``web.messages``): a patch comes out as the
    whole state it makes (``"type": "state"``, its ``event``), a patch that does not follow asks
    for the whole state and is skipped."""
    while True:
        msg = receive_raw(ws, timeout)
        state = follow(ws, msg, lambda: ws.send_json({"type": "state"}))
        if state is not None:
            return state
        if msg["type"] != "patch":
            return msg


def follow(ws: Any, msg: dict[str, Any], ask: Callable[[], None]) -> dict[str, Any] | None:
    """The state ``ws``'s page holds after ``msg`` (kept on ``ws``): a whole state, or a patch
    applied (``messages.apply_patch``); ``None`` for any other message, and for a patch that does
    not follow (then ``ask()`` asks for the whole state, as the page does)."""
    if msg["type"] == "state":
        ws.hf_state = msg
        return msg
    if msg["type"] != "patch":
        return None
    held = getattr(ws, "hf_state", None)
    if held is None or held["v"] != msg["base"]:
        ask()
        return None
    ws.hf_state = apply_patch(held, msg)
    return ws.hf_state  # type: ignore[no-any-return]


def receive_raw(ws: Any, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
    """The next JSON message as it was sent (``receive`` follows patches)."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    try:
        message = ws.portal.call(get)
    except TimeoutError:
        raise NoReply(f"no message from the server within {timeout:g} s") from None
    ws._raise_on_close(message)
    return json.loads(message["text"])  # type: ignore[no-any-return]


def create(client: Any, game: str = "mushi", players: int = 2, seats: list[dict[str, Any]] | None = None,
           options: dict[str, Any] | None = None, seed: int | None = 5) -> dict[str, Any]:
    """A table through ``POST /api/tables``; a seeded table with more than one person (which the
    API refuses: a chosen seed is only for tables without other people) is made on the server side,
    as an operator would, and answered in the API's form."""
    body: dict[str, Any] = {"game": game, "players": players, "options": options or {}, "seed": seed}
    if seats is not None:
        body["seats"] = seats
    if seed is not None and seats is not None and sum(s.get("kind") == "human" for s in seats) > 1:
        return made_on_server(client, body)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def made_on_server(client: Any, body: dict[str, Any]) -> dict[str, Any]:
    from hanafuda.web.api import created_answer
    from hanafuda.web.live import SeatSpec

    hub = client.app.state.hub

    async def make() -> dict[str, Any]:
        seats = [SeatSpec(s.get("kind", "human"), s.get("bot"), s.get("name", "")) for s in body["seats"]]
        table, tokens = await hub.create_async(body["game"], body["players"], body["options"], seats,
                                               seed=body["seed"])
        hub.kick_bots(table)
        return created_answer(table, tokens)

    return client.portal.call(make)  # type: ignore[no-any-return]


def claimed(ws: Any) -> str:
    """The first message of a socket that just claimed its seat: the browser's secret."""
    msg = receive(ws)
    assert msg["type"] == "claimed", msg
    return str(msg["secret"])


def next_state(ws: Any) -> dict[str, Any]:
    """The page's state after the next whole state or patch (``receive``)."""
    while True:
        msg = receive(ws)
        if msg["type"] == "state":
            return msg
        assert msg["type"] != "error", msg


def errors(ws: Any, n: int = 1) -> list[dict[str, Any]]:
    """The next ``n`` error messages (skipping states and pongs)."""
    out = []
    while len(out) < n:
        msg = receive(ws)
        if msg["type"] == "error":
            out.append(msg)
    return out


def play_round(ws: Any, pick: int = 0) -> dict[str, Any]:
    """Play this seat's moves (the ``pick``-th legal one) until the round or match is over."""
    state = next_state(ws)
    wait_for = 0  # act only on a state that already holds this seat's previous move
    while state["view"]["phase"] not in ("between-rounds", "match-over"):
        view = state["view"]
        seq = state["log"][-1]["seq"] if state["log"] else 0
        if seq >= wait_for and view["to_move"] == state["you"] and view["legal"]:
            ws.send_json({"type": "move", "move": view["legal"][pick % len(view["legal"])]})
            wait_for = seq + 1
        state = next_state(ws)
    return state
