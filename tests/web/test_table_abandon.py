"""Tables nobody is at are listed as abandoned after the configured time, and run again when a
player comes back (issue 12: abandoned tables no longer pile up as "running")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hanafuda.web.app import create_app
from hanafuda.web.ws import claim_cookie

from .wsutil import create, next_state, receive


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_pause=0, abandon_after=0)
    with TestClient(app) as c:
        yield c


def _status(client: TestClient, table_id: str) -> str:
    rows = client.get("/api/tables").json()["tables"]
    return str(next(t["status"] for t in rows if t["id"] == table_id))


def test_a_table_nobody_is_at_is_abandoned_and_comes_back(quick: TestClient) -> None:
    t = create(quick, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    bots = create(quick, "mushi", seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}])
    url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    with quick.websocket_connect(url) as ws:
        claimed = receive(ws)  # the seat is this browser's from now on
        assert claimed["type"] == "claimed"
        next_state(ws)
        assert _status(quick, t["id"]) == "running"  # a player is at the table
    assert _status(quick, t["id"]) == "abandoned"
    assert _status(quick, bots["id"]) in ("running", "finished")  # bots alone are not abandoned
    assert quick.get(f"/api/tables/{t['id']}").json()["status"] == "abandoned"
    cookie = {"cookie": f"{claim_cookie(t['id'], 0)}={claimed['secret']}"}
    with quick.websocket_connect(url, headers=cookie) as ws:
        assert next_state(ws)["table"]["status"] == "running"
        assert _status(quick, t["id"]) == "running"
