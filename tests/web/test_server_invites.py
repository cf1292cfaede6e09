"""Issue 14 defect 6 and part of 9: seat links are claimable invitations, tokens are stored hashed,
a chosen seed is only for tables without other people and is said in the record."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from hanafuda.web.db import make_engine, migrate

from .wsutil import claimed, create, next_state, play_round, receive

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def test_the_first_browser_to_open_a_seat_link_claims_the_seat(client: TestClient) -> None:
    t = create(client, "mushi", seats=HUMANS, seed=None)
    url = f"/ws/{t['id']}?token={t['seats'][1]['token']}"
    with client.websocket_connect(url) as friend:
        secret = claimed(friend)
        assert next_state(friend)["you"] == 1
        cookie = dict(friend.extra_headers or [])[b"set-cookie"].decode()
        assert cookie.startswith(f"hanafuda_seat_{t['id']}_1={secret};")
        assert f"Path=/ws/{t['id']}" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    # the creator (who was given the link) cannot take the seat any more
    with client.websocket_connect(url) as creator:
        refused = receive(creator)
        assert refused["code"] == "seat-claimed" and "another browser" in refused["error"]
    with client.websocket_connect(url + "&secret=guess") as creator:
        assert receive(creator)["code"] == "seat-claimed"
    # the friend's browser comes back: by its secret, or by its cookie
    with client.websocket_connect(f"{url}&secret={secret}") as again:
        assert next_state(again)["you"] == 1
    with client.websocket_connect(url, headers={"cookie": f"hanafuda_seat_{t['id']}_1={secret}"}) as again:
        assert next_state(again)["you"] == 1


def test_a_claim_survives_the_table_leaving_memory(client: TestClient) -> None:
    t = create(client, "mushi", seats=HUMANS, seed=None)
    url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    with client.websocket_connect(url) as ws:
        secret = claimed(ws)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.tables.pop(t["id"])  # rebuilt from the database on the next open
    with client.websocket_connect(url) as ws:
        assert receive(ws)["code"] == "seat-claimed"
    with client.websocket_connect(f"{url}&secret={secret}") as ws:
        assert next_state(ws)["you"] == 0


def test_tokens_are_stored_only_as_hashes(client: TestClient) -> None:
    t = create(client, "mushi", seats=HUMANS, seed=None)
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        secret = claimed(ws)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.engine.connect() as conn:
        dump = repr(conn.execute(text("select * from seats")).all()) + \
            repr(conn.execute(text("select * from tables")).all())
    for plain in [t["seats"][0]["token"], t["seats"][1]["token"], t["creator_token"], secret]:
        assert plain not in dump
        assert hashlib.sha256(plain.encode()).hexdigest() in dump


def test_a_chosen_seed_is_only_for_tables_without_other_people(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "mushi", "seed": 7, "seats": HUMANS})
    assert r.status_code == 400 and "seed" in r.json()["detail"]
    t = client.post("/api/tables", json={
        "game": "mushi", "seed": 7, "options": {"rounds": 1},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
    assert t["seeded"] is True
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        state = play_round(ws)
        assert state["table"]["seeded"] is True and state["view"]["finished"]
    record = client.get(f"/api/tables/{t['id']}/record").json()
    assert record["meta"]["web"]["seeded"] is True and record["meta"]["web"]["seed"] == 7
    unseeded = client.post("/api/tables", json={"game": "mushi", "seats": HUMANS}).json()
    assert unseeded["seeded"] is False


def test_migration_0002_hashes_the_tokens_of_existing_tables(tmp_path: Path) -> None:
    """A database made by revision 0001 keeps working: its links still open their seats."""
    from alembic import command
    from alembic.config import Config

    from hanafuda.web.db import MIGRATIONS

    engine = make_engine(f"sqlite:///{tmp_path / 'old.db'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(text("insert into tables values ('T1', 'mushi', 2, '{}', 5, 'hanafuda', 'spec', "
                          "'boss', 'running', '2026-01-01 00:00:00')"))
        conn.execute(text("insert into seats (table_id, seat, kind, bot, name, token) values "
                          "('T1', 0, 'human', NULL, 'Ann', 'ann-token'), "
                          "('T1', 1, 'human', NULL, 'Ben', 'ben')"))
    migrate(engine)
    with engine.connect() as conn:
        version = conn.execute(text("select version_num from alembic_version")).scalar()
        rows: list[Any] = conn.execute(text("select token_hash, claim_hash from seats order by seat")).all()
        creator = conn.execute(text("select creator_hash, seeded from tables")).one()
    assert version >= "0002"  # 0002 ran (later revisions, e.g. 0003 social, follow it)
    assert rows[0] == (hashlib.sha256(b"ann-token").hexdigest(), None)
    assert creator == (hashlib.sha256(b"boss").hexdigest(), 0)
