"""Issue 14, capacity: searching bots think in another process; moves of many tables are committed
together off the event loop, and a move is acknowledged only once it is stored."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from hanafuda import Match
from hanafuda.web import bot_pool

from .wsutil import create, next_state


def test_the_strong_bot_never_searches_in_the_web_process(client: TestClient) -> None:
    seed = next(s for s in range(100) if Match("mushi", 2, seed=s).to_move == 0)
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "strong"}], seed=seed)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    bot_pool._agents.pop("strong", None)
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        state = next_state(ws)
        ws.send_json({"type": "move", "move": state["view"]["legal"][0]})
        while not (state["log"] and state["log"][-1]["seat"] == 1):
            state = next_state(ws)  # the bot answered
    assert "strong" not in bot_pool._agents  # no strong agent was ever made in this process
    assert hub.bots.pool._pool is not None  # its worker process did the search


def test_moves_of_many_tables_are_committed_in_groups(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    made = [create(client, "mushi", seats=[{"kind": "human"}] * 2, seed=None) for _ in range(12)]
    tables = [hub.tables[t["id"]] for t in made]
    writer = hub.store.writer
    groups_before, events_before = writer.groups, writer.events

    async def moves() -> list[bool]:
        async def one(table: Any) -> bool:
            async with table.lock:
                move = table.match.legal_moves()[0]
                table.match.play(move)
                return bool(await hub.store.commit_async(table, "move", table.seats[0].seat, move))
        return await asyncio.gather(*(one(t) for t in tables))

    assert client.portal.call(moves) == [True] * 12
    assert writer.events - events_before == 12
    assert writer.groups - groups_before < 12  # some moves shared a transaction
    with hub.engine.connect() as conn:
        stored = conn.execute(text("select count(*) from table_events")).scalar()
    assert stored == 12 and all(t.seq == 1 and len(t.log) == 1 for t in tables)


def test_a_delta_connection_gets_only_new_log_entries_and_rebuilds_the_whole_log(
        client: TestClient) -> None:
    t = create(client, "mushi", seats=[{"kind": "bot", "bot": "random"}] * 2, options={"rounds": 2})
    spec = f"/ws/{t['id']}?token={t['spectator_token']}"
    with client.websocket_connect(spec + "&deltas=1") as ws:
        state = next_state(ws)
        assert "log_from" not in state  # the first state is whole
        log = list(state["log"])
        held = log[-1]["seq"] if log else 0
        while not state["view"]["finished"]:
            state = next_state(ws)
            assert state["log_from"] == held
            assert all(e["seq"] > held for e in state["log"])
            log += state["log"]
            held = log[-1]["seq"] if log else 0
        ws.send_json({"type": "state"})  # asked for: whole again
        again = next_state(ws)
        assert "log_from" not in again and again["log"] == log
    with client.websocket_connect(spec) as ws:  # a whole-state connection sees the same log
        whole = next_state(ws)
    assert whole["log"] == log and [e["seq"] for e in log] == list(range(1, len(log) + 1))
