"""Hana-Awase teyaku fairness on the wire (RULES.md §4.2, issue 12 item 7): only a player holding
six or more chaff is asked, so no message to another seat may reveal that a decision exists.
The other seat's messages are compared between a table where the player keeps the teyaku hidden
and the same table where that player holds none."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from hanafuda import Match
from hanafuda.engine.round import PHASE_PLAY

from .wsutil import create, next_state, receive

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def _seed() -> tuple[int, int, int]:
    """A deal where the seat that plays first holds no teyaku and the other seat is asked."""
    for seed in range(500):
        rnd = Match("hana-awase", 2, {"teyaku": True}, seed=seed).current
        first = rnd.order[0]
        if rnd.teyaku_queue and first not in rnd.teyaku_queue:
            return seed, first, rnd.teyaku_queue[0]
    raise AssertionError("no deal with one teyaku")


def _same(msg: dict[str, Any]) -> dict[str, Any]:
    """A message without what differs between two tables by construction (the table's id)."""
    return {**msg, "table": {**msg["table"], "id": ""}} if msg.get("type") == "state" else msg


def _until_moved(ws: Any, out: list[dict[str, Any]]) -> None:
    """Receive into ``out`` until a state whose log holds a move."""
    while True:
        msg = receive(ws)
        out.append(_same(msg))
        if msg["type"] == "state" and msg["log"]:
            return


def test_no_message_to_another_seat_differs_between_keep_and_no_teyaku(client: TestClient) -> None:
    seed, first, asked = _seed()
    hub = client.app.state.hub  # type: ignore[attr-defined]
    kept = create(client, "hana-awase", seats=HUMANS, options={"teyaku": True}, seed=seed)
    plain = create(client, "hana-awase", seats=HUMANS, options={"teyaku": True}, seed=seed)
    rnd = hub.tables[plain["id"]].match.current  # the same deal, as if the player held no teyaku
    rnd.teyaku_queue, rnd.phase, rnd.turn, rnd.seat = [], PHASE_PLAY, 0, rnd.order[0]
    seen: dict[str, list[dict[str, Any]]] = {}
    for t in (kept, plain):
        url = f"/ws/{t['id']}?token="
        out: list[dict[str, Any]] = []
        with client.websocket_connect(url + t["seats"][first]["token"]) as watcher:
            out.append(_same(next_state(watcher)))
            with client.websocket_connect(url + t["seats"][asked]["token"]) as other:
                out.append(_same(next_state(watcher)))  # the other player came
                mine = next_state(other)
                legal = out[-1]["view"]["legal"]
                assert out[-1]["view"]["to_move"] == first and legal  # the turn looks due
                assert "teyaku" not in str(out[-1]["words"]["turn"]).lower()
                watcher.send_json({"type": "move", "move": legal[0]})
                if t is kept:  # the other player keeps the hand hidden
                    assert mine["view"]["legal"] == ["expose", "keep"]
                    other.send_json({"type": "move", "move": "keep"})
                _until_moved(watcher, out)
        seen[t["id"]] = out
    assert seen[kept["id"]] == seen[plain["id"]]
    assert hub.tables[kept["id"]].match.current.moves[1:] == hub.tables[plain["id"]].match.current.moves
