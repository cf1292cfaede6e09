"""Helpers to drive a table over the websocket in tests."""

from __future__ import annotations

from typing import Any


def create(client: Any, game: str = "mushi", players: int = 2, seats: list[dict[str, Any]] | None = None,
           options: dict[str, Any] | None = None, seed: int | None = 5) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": players, "options": options or {}, "seed": seed}
    if seats is not None:
        body["seats"] = seats
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg  # type: ignore[no-any-return]
        assert msg["type"] != "error", msg


def play_round(ws: Any, pick: int = 0) -> dict[str, Any]:
    """Play this seat's moves (the ``pick``-th legal one) until the round or match is over."""
    state = next_state(ws)
    while state["view"]["phase"] not in ("between-rounds", "match-over"):
        view = state["view"]
        if view["to_move"] == state["you"] and view["legal"]:
            ws.send_json({"type": "move", "move": view["legal"][pick % len(view["legal"])]})
        state = next_state(ws)
    return state
