"""Issue 14 defect 3: rate limits, caps, idle tables leaving memory, bots alone paced and stoppable.
Every cap answers with a clear error and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanafuda.web.app import create_app
from hanafuda.web.limits import Limits

from .wsutil import claimed, errors, next_state, receive

BOT = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
BOTS_ALONE = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def app_with(tmp_path: Path, **limits: Any) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'caps.db'}", bot_pause=0, limits=Limits(**limits))
    with TestClient(app) as c:
        yield c


@pytest.fixture
def capped(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    yield from app_with(tmp_path, **request.param)


@pytest.mark.parametrize("capped", [{"tables_per_minute": 3}], indirect=True)
def test_table_creation_is_rate_limited_per_client(capped: TestClient) -> None:
    for _ in range(3):
        assert capped.post("/api/tables", json={"game": "mushi", "seats": BOT}).status_code == 201
    r = capped.post("/api/tables", json={"game": "mushi", "seats": BOT})
    assert r.status_code == 429 and "at most 3 a minute" in r.json()["detail"]
    assert int(r.headers["retry-after"]) >= 1
    assert len(capped.get("/api/tables").json()["tables"]) == 3


@pytest.mark.parametrize("capped", [{"bot_tables": 2, "bot_only_moves_per_second": 1}], indirect=True)
def test_tables_with_bots_are_capped_per_server(capped: TestClient) -> None:
    for _ in range(2):
        assert capped.post("/api/tables", json={"game": "mushi", "seats": BOT}).status_code == 201
    r = capped.post("/api/tables", json={"game": "mushi", "seats": BOTS_ALONE})
    assert r.status_code == 503 and "limit" in r.json()["detail"] and r.headers["retry-after"]
    people = capped.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human"}] * 2})
    assert people.status_code == 201  # tables of people alone are not capped by this
    assert len(capped.get("/api/tables").json()["tables"]) == 3


def people_table(client: TestClient) -> tuple[dict[str, Any], str]:
    """A new Mushi table of two people and its public spectator link."""
    t = client.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human"}] * 2}).json()
    return t, f"/ws/{t['id']}?token={t['spectator_token']}"


@pytest.mark.parametrize("capped", [{"spectators": 2}], indirect=True)
def test_spectators_per_table_are_capped(capped: TestClient) -> None:
    t, url = people_table(capped)
    with capped.websocket_connect(url) as a, capped.websocket_connect(url) as b:
        next_state(a), next_state(b)
        with capped.websocket_connect(url) as c:
            refused = receive(c)
            assert refused["code"] == "full" and "2 spectators" in refused["error"]
        with capped.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as seat:
            claimed(seat)
            assert next_state(seat)["you"] == 0  # players are never turned away
        with capped.websocket_connect(f"/ws/{t['id']}?token={t['creator_token']}") as boss:
            assert next_state(boss)["creator"] is True  # nor is the creator (bot hand-over, stop)
    with capped.websocket_connect(url) as again:  # room again once they left
        assert next_state(again)["you"] is None


@pytest.mark.parametrize("capped", [{"messages_per_second": 2}], indirect=True)
def test_messages_are_limited_per_client_address_over_all_its_sockets(capped: TestClient) -> None:
    # public spectator links: many sockets from one address must not multiply its share
    t, url = people_table(capped)
    with capped.websocket_connect(url) as a, capped.websocket_connect(url) as b:
        next_state(a), next_state(b)
        answers = []
        for ws in (a, b, a, b, a, b, a, b):  # 4 each: far under one socket's own limit (burst 20)
            ws.send_text(json.dumps({"type": "ping"}))
            answer = receive(ws)
            while answer["type"] == "state":  # a spectator joining is news to the others
                answer = receive(ws)
            answers.append(answer)
        flood = [m for m in answers if m.get("code") == "flood"]
        assert [m["type"] for m in answers[:6]] == ["pong"] * 6  # the address's burst: 3 s x 2/s
        assert len(flood) == 2 and "from your address" in flood[0]["error"]
        assert "2 a second over all its connections" in flood[0]["error"]


@pytest.mark.parametrize("capped", [{"idle_seconds": 30}], indirect=True)
def test_idle_tables_leave_memory_and_come_back_on_demand(capped: TestClient) -> None:
    hub = capped.app.state.hub  # type: ignore[attr-defined]
    t = capped.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human"}] * 2}).json()
    watched = capped.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human"}] * 2}).json()
    with capped.websocket_connect(f"/ws/{watched['id']}?token={watched['spectator_token']}") as ws:
        next_state(ws)
        later = hub.tables[t["id"]].touched + 31
        assert hub.evict_idle(now=later - 2) == []  # not idle long enough yet
        assert hub.evict_idle(now=later) == [t["id"]]  # the watched one stays
        assert t["id"] not in hub.tables and watched["id"] in hub.tables
    info = capped.get(f"/api/tables/{t['id']}")
    assert info.status_code == 200 and info.json()["status"] == "running" and t["id"] in hub.tables


@pytest.mark.parametrize("capped", [{"bot_only_moves_per_second": 5}], indirect=True)
def test_bots_alone_are_paced_and_the_creator_can_stop_them(capped: TestClient) -> None:
    hub = capped.app.state.hub  # type: ignore[attr-defined]
    t = capped.post("/api/tables", json={"game": "hawaiifuda", "seats": BOTS_ALONE,
                                         "options": {"rounds": 12}}).json()
    people = capped.post("/api/tables", json={"game": "mushi", "seats": BOT}).json()
    assert hub.bots.pause_at(hub.tables[t["id"]]) == pytest.approx(0.2)
    assert hub.bots.pause_at(hub.tables[people["id"]]) == 0  # people's tables are not held back
    with capped.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}") as spec:
        next_state(spec)
        spec.send_json({"type": "stop"})
        assert errors(spec)[0]["code"] == "forbidden"
    with capped.websocket_connect(f"/ws/{people['id']}?token={people['creator_token']}") as boss:
        next_state(boss)
        boss.send_json({"type": "stop"})
        assert errors(boss)[0]["code"] == "not-now"  # a table with a person is not stopped
    with capped.websocket_connect(f"/ws/{t['id']}?token={t['creator_token']}") as boss:
        next_state(boss)
        boss.send_json({"type": "stop"})
        state = next_state(boss)
        while state["table"]["status"] != "stopped":
            state = next_state(boss)
    table = hub.tables[t["id"]]
    seq = table.seq
    assert not table.match.finished and table.bot_task.cancelled() or table.bot_task.done()
    hub.tables.pop(t["id"])  # as after a restart: stopped tables are not resumed
    assert t["id"] not in [x.id for x in hub.load_running()]
    again = hub.load(t["id"])
    assert again.stopped and again.seq == seq
    assert capped.get(f"/api/tables/{t['id']}").json()["status"] == "stopped"


def test_a_table_reloaded_by_a_request_and_a_socket_at_once_exists_once(client: TestClient) -> None:
    """An idle table left memory; the lobby's request (a sync route: a worker thread) and a
    player's socket (the event loop) reload it at the same moment.  Both must end up with the same
    copy: otherwise the later read replaces the copy the socket joined, and moves made there are
    never seen by anyone who opens the table afterwards."""
    import threading
    import time

    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = client.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human"}] * 2}).json()
    hub.tables.pop(t["id"])  # as after an idle eviction
    real = hub.store.read
    slow_once = threading.Event()

    def read(table_id: str) -> Any:
        table = real(table_id)
        if not slow_once.is_set():  # the first reader (the request) is slow to finish
            slow_once.set()
            time.sleep(1.0)
        return table

    hub.store.read = read
    try:
        request = threading.Thread(target=lambda: client.get(f"/api/tables/{t['id']}"))
        request.start()
        assert slow_once.wait(30)
        with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
            claimed(ws)
            next_state(ws)
            request.join(30)
            assert [c.seat for c in hub.tables[t["id"]].connections] == [0]  # the copy it joined
    finally:
        hub.store.read = real
