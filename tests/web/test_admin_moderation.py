"""Moderation (issue 29, "Admin"): ``hanafuda admin ban|unban|bans|close-table|chat|chat-remove|
reports|export|grant`` against the same database as a running server, which applies them (bans
read back within their cache, actions on its poll); players' reports from the table socket; the
admin page's API behind the admin role.  On SQLite always, on PostgreSQL where
``HANAFUDA_TEST_PG_URL`` names one."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner, Result

from hanafuda.cli import app
from hanafuda.datasets.generate import records_to_shard
from hanafuda.records import match_from_record
from hanafuda.web.app import create_app
from hanafuda.web.db import TableRow, make_engine, session_factory
from hanafuda.web.moderation import (
    BANNED_CLOSE,
    BanRow,
    ModerationError,
    parse_expiry,
)
from hanafuda.web.social.models import ChatRow, PlayerRow

from .conftest import TEST_LIMITS
from .social_helpers import name, new_table, on_socket, play_out, table, token_of
from .test_social_api import next_social


def admin(*args: str) -> Result:
    return CliRunner().invoke(app, ["admin", *args])


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'mod.db'}"
        return
    yield request.getfixturevalue("pg_url")  # tests/web/conftest.py: emptied, or skipped


LIMITS = dataclasses.replace(TEST_LIMITS, rates="account=100/1,chat=100/1")


def serve(url: str, address: str = "testclient") -> TestClient:
    """A server on ``url`` whose bans are read again at every check and whose actions are polled
    every 50 ms (the defaults are seconds: the behaviour is the same, sooner)."""
    web = create_app(url, bot_pause=0, limits=LIMITS)
    web.state.moderation.ttl, web.state.moderation.poll = 0.0, 0.05
    return TestClient(web, client=(address, 50000))


def sessions(url: str) -> Any:
    return session_factory(make_engine(url))


def wait_for(check: Any, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "not within the deadline"
        time.sleep(0.05)


def test_expiries_are_read_and_checked() -> None:
    now = dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC)
    assert parse_expiry(None, "7d", now) == now + dt.timedelta(days=7)
    assert parse_expiry(None, "30m", now) == now + dt.timedelta(minutes=30)
    assert parse_expiry("2026-12-31", None, now) == dt.datetime(2026, 12, 31, tzinfo=dt.UTC)
    assert parse_expiry(None, None, now) is None
    for until, span, why in [(None, "7x", "30m"), (None, "0d", "30m"), ("soon", None, "a date"),
                             ("2026-01-01", None, "past"), ("2027-01-01", "7d", "not both")]:
        with pytest.raises(ModerationError, match=why):
            parse_expiry(until, span, now)


def test_a_name_ban_stops_a_running_server_and_expires(db_url: str) -> None:
    """A server started before the ban: the banned name cannot sign in, hold a name, create a
    table, sit or chat; another name can; once expired (or lifted) the ban stops applying."""
    with serve(db_url) as client:
        r = client.post("/api/social/accounts", json={"name": "Troll", "password": "long enough pass"})
        assert r.status_code == 201
        troll = {"x-player-key": r.json()["key"]}
        client.cookies.clear()  # Troll's browser holds his key; the next "browsers" are others
        ann = name(client, "Ann")
        t = new_table(client, ann)
        tok = token_of(t["you"]["path"])
        bob = name(client, "Bob")
        bob_link = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob).json()["link"]

        done = admin("ban", "troll", "--reason", "spamming the chat", "--for", "7d", "--db", db_url)
        assert done.exit_code == 0, done.output
        assert "name Troll banned until" in done.output
        listed = admin("bans", "--db", db_url)
        assert "Troll" in listed.output and "spamming the chat" in listed.output

        login = client.post("/api/social/login", json={"name": "Troll", "password": "long enough pass"})
        assert login.status_code == 403
        assert login.json()["detail"].startswith("the name Troll is banned until ")
        assert login.json()["detail"].endswith(": spamming the chat")
        assert client.post("/api/social/names", json={"name": "TROLL"}).status_code == 403
        assert client.post("/api/social/tables", headers=troll, json={
            "game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}).status_code == 403
        seat = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=troll)
        assert seat.status_code == 403 and "banned" in seat.json()["detail"]
        ja = client.post("/api/social/login?lang=ja", json={"name": "Troll", "password": "long enough pass"})
        assert ja.status_code == 403 and "利用停止" in ja.json()["detail"]
        client.cookies.clear()  # (the language chosen is remembered: back to English)
        # a banned seat's chat is refused; another's is not
        assert on_socket(client, t["id"], tok, {"type": "chat", "text": "hello"})["type"] == "chat"
        admin("ban", "Ann", "--reason", "rude", "--db", db_url)
        refused = on_socket(client, t["id"], tok, {"type": "chat", "text": "hello again"})
        assert refused["for"] == "chat" and "the name Ann is banned: rude" == refused["error"]
        bob_said = on_socket(client, t["id"], token_of(bob_link), {"type": "chat", "text": "hi"})
        assert bob_said["type"] == "chat"

        # a banned name held in a browser gets no password (nothing stored)
        cid = name(client, "Cid")
        admin("ban", "Cid", "--reason", "spam", "--db", db_url)
        upgrade = client.post("/api/social/accounts", json={"name": "Cid", "password": "long enough pass"},
                              headers=cid)
        assert upgrade.status_code == 403
        with sessions(db_url)() as db:
            assert db.scalars(select(PlayerRow.password_hash).where(PlayerRow.name == "Cid")).one() is None
        client.cookies.clear()
        # expired: the ban no longer applies (nothing else changed)
        with sessions(db_url).begin() as db:
            db.execute(update(BanRow).where(BanRow.shown == "Troll")
                       .values(until=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)))
        assert client.post("/api/social/login", json={"name": "Troll", "password": "long enough pass"}
                           ).status_code == 200
        assert "Troll" not in admin("bans", "--db", db_url).output
        assert admin("unban", "Ann", "--db", db_url).output.strip() == "1 ban lifted"
        assert on_socket(client, t["id"], tok, {"type": "chat", "text": "sorry"})["type"] == "chat"
        nothing = admin("unban", "Ann", "--db", db_url)
        assert nothing.exit_code == 1 and "no active ban" in nothing.output


def test_bad_bans_are_refused_and_change_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bad.db'}"
    assert admin("migrate", "--db", url).exit_code == 0
    for args, why in [(["Ann"], "give a reason"), (["--address", "300.1.1.1", "--reason", "x"], "not an IP"),
                      (["Ann", "--address", "1.2.3.4", "--reason", "x"], "one at a time"),
                      (["Ann", "--reason", "x", "--for", "soon"], "30m"),
                      (["Ann", "--reason", "x", "--until", "2001-01-01"], "past")]:
        out = admin("ban", *args, "--db", url)
        assert out.exit_code == 1 and why in out.output, (args, out.output)
    assert admin("bans", "--db", url).output.strip() == "no ban in force"
    old = f"sqlite:///{tmp_path / 'old.db'}"
    from alembic import command
    from alembic.config import Config

    from hanafuda.web.db import MIGRATIONS
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", old)
    command.upgrade(cfg, "0005")
    stale = admin("bans", "--db", old)
    assert stale.exit_code == 1 and "admin migrate" in stale.output


def test_an_address_ban_closes_requests_and_sockets(db_url: str) -> None:
    """403 with the reason on HTTP, a socket closed with it; other addresses unaffected; a network
    ban covers its addresses; lifting it lets the address in again."""
    with serve(db_url, "203.0.113.7") as banned, serve(db_url, "198.51.100.2") as other:
        t = new_table(other, name(other, "Ann"))
        done = admin("ban", "--address", "203.0.113.0/24", "--reason", "flooding", "--db", db_url)
        assert done.exit_code == 0, done.output
        r = banned.get("/api/games")
        assert r.status_code == 403 and r.json()["detail"] == "this address is banned: flooding"
        assert banned.get("/").status_code == 403
        with pytest.raises(WebSocketDisconnect) as closed, \
                banned.websocket_connect(f"/ws/{t['id']}?token={token_of(t['you']['path'])}") as ws:
            ws.receive_json()
        assert closed.value.code == BANNED_CLOSE and "banned" in closed.value.reason
        assert other.get("/api/games").status_code == 200
        ban_id = admin("bans", "--db", db_url).output.split("\t")[0]
        assert admin("unban", "--id", ban_id, "--db", db_url).exit_code == 0
        assert banned.get("/api/games").status_code == 200


def test_close_table_ends_it_everywhere_and_keeps_every_move(db_url: str) -> None:
    with serve(db_url) as client:
        ann, bob = name(client, "Ann"), name(client, "Bob")
        t = new_table(client, ann)
        bob_link = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob).json()["link"]
        live = table(client, t["id"])
        with client.websocket_connect(f"/ws/{t['id']}?token={token_of(bob_link)}") as ws:
            ws.send_json({"type": "hello"})
            while next_social(ws)["type"] != "hello":
                pass
            seq = live.seq
            out = admin("close-table", t["id"], "--reason", "cheating", "--db", db_url)
            assert out.exit_code == 0, out.output
            seen: dict[str, Any] = {}
            while "closed" not in seen:
                msg = next_social(ws)
                seen[msg["type"]] = msg
                if msg["type"] == "chat":
                    seen["notice"] = msg["message"]
            assert seen["closed"]["reason"] == "cheating"
            assert seen["notice"]["key"] == "notice.closed"
            assert seen["notice"]["args"] == {"reason": "cheating"}
            if live.match.to_move == 1:  # Bob's move after the close: refused, nothing taken
                ws.send_json({"type": "move", "move": live.match.legal_moves()[0]})
                assert "closed" in next_social(ws)["error"]
        assert live.stopped and live.seq == seq  # every move kept, none taken after
        with sessions(db_url)() as db:
            assert db.get(TableRow, t["id"]).status == "closed"
        again = admin("close-table", t["id"], "--db", db_url)
        assert again.exit_code == 1 and "closed already" in again.output
        assert admin("close-table", "nope", "--db", db_url).exit_code == 1
    with serve(db_url) as client:  # a new server reads it back closed
        back = client.app.state.hub.load(t["id"])  # type: ignore[attr-defined]
        assert back is not None and back.stopped and not back.running


def test_chat_remove_and_reports(db_url: str) -> None:
    """A player reports a line and a player from the table socket (rate-limited); the report lists
    and resolves; the removed line vanishes from the other page live and from the history."""
    with serve(db_url) as client:
        ann, bob = name(client, "Ann"), name(client, "Bob")
        t = new_table(client, ann)
        bob_link = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob).json()["link"]
        ann_tok = token_of(t["you"]["path"])
        line = on_socket(client, t["id"], ann_tok, {"type": "chat", "text": "you are bad"})["message"]
        with client.websocket_connect(f"/ws/{t['id']}?token={token_of(bob_link)}") as ws:
            ws.send_json({"type": "hello"})
            hello = next_social(ws)
            while hello["type"] != "hello":
                hello = next_social(ws)
            assert [c["id"] for c in hello["chat"]] == [line["id"]]
            ws.send_json({"type": "report", "line": line["id"], "reason": "insult"})
            assert next_social(ws)["type"] == "reported"
            ws.send_json({"type": "report", "seat": 0, "reason": "rude all game"})
            assert next_social(ws)["type"] == "reported"
            ws.send_json({"type": "report", "seat": 1, "reason": "myself"})  # one's own seat: refused
            assert next_social(ws) == {"type": "error", "for": "report", "code": "refused",
                                       "error": "report a chat line or another person's seat"}
            ws.send_json({"type": "report", "line": 999999, "reason": "x"})
            assert "no such chat line" in next_social(ws)["error"]
            listed = admin("reports", "--db", db_url)
            assert "Bob reports Ann (line" in listed.output and '"you are bad"' in listed.output
            assert "insult" in listed.output and "rude all game" in listed.output
            ws.send_json({"type": "report", "seat": 0, "reason": "again"})
            assert "too many report requests" in next_social(ws)["error"]
            out = admin("chat", t["id"], "--db", db_url)
            assert f"{line['id']}\t{t['id']}" in out.output
            removed = admin("chat-remove", t["id"], str(line["id"]), "--db", db_url)
            assert removed.exit_code == 0, removed.output
            assert next_social(ws) == {"type": "chat-removed", "id": line["id"]}
        assert on_socket(client, t["id"], ann_tok, {"type": "hello"})["chat"] == []  # Ann's page
        assert admin("chat-remove", t["id"], str(line["id"]), "--db", db_url).exit_code == 1
        first = admin("reports", "--db", db_url).output.split("\t")[0]
        resolved = admin("reports", "--resolve", first, "--db", db_url)
        assert resolved.output.strip() == f"report {first} resolved"
        assert admin("reports", "--resolve", first, "--db", db_url).exit_code == 1
        rest = admin("reports", "--db", db_url).output
        assert "insult" not in rest and "rude all game" in rest
        assert "resolved by admin" in admin("reports", "--all", "--db", db_url).output


def test_export_writes_records_the_dataset_loader_reads(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'export.db'}"
    with serve(url) as client:
        ann = name(client, "Ann")
        ids = []
        for _ in range(2):
            t = new_table(client, ann, seats=[{"kind": "me"}, {"kind": "bot", "bot": "random"}])
            play_out(client, table(client, t["id"]), [0])
            ids.append(t["id"])
        running = new_table(client, ann)["id"]
        wait_for(lambda: all(table(client, i).match.finished for i in ids))
        wait_for(lambda: all(sessions(url)().get(TableRow, i).status == "finished" for i in ids))
    out = tmp_path / "records"
    today = dt.datetime.now(dt.UTC).date()
    done = admin("export", "--since", str(today), "-o", str(out), "--db", url)
    assert done.exit_code == 0, done.output
    assert done.output.strip() == f"2 records written to {out}"
    files = sorted(out.glob("*.json"))
    assert sorted(f.name for f in files) == sorted(f"mushi-{i}.json" for i in ids)
    assert running not in "".join(f.name for f in files)
    for f in files:
        record = json.loads(f.read_text())
        assert match_from_record(record).finished
    summary = records_to_shard(files, tmp_path / "shard.npz")
    assert summary.games == 2 and summary.samples > 0
    lines = tmp_path / "all.jsonl"
    assert admin("export", "--since", str(today), "-o", str(lines), "--db", url).exit_code == 0
    assert len(lines.read_text().splitlines()) == 2
    later = today + dt.timedelta(days=1)
    none = admin("export", "--since", str(later), "-o", str(tmp_path / "none"), "--db", url)
    assert none.output.strip() == f"0 records written to {tmp_path / 'none'}"
    one = admin("export", "--since", str(today), "-o", str(tmp_path / "x.json"), "--db", url)
    assert one.exit_code == 1 and "a .json file holds one record" in one.output
    assert not (tmp_path / "x.json").exists()
    bad = admin("export", "--since", str(today), "--until", str(today), "-o", str(out), "--db", url)
    assert bad.exit_code == 1 and "after --since" in bad.output


def test_the_admin_page_is_for_admins_only(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'page.db'}"
    with serve(url) as client:
        assert client.get("/admin", follow_redirects=False).status_code == 303
        assert client.get("/api/admin/overview").status_code == 401
        assert admin("grant", "Mod", "--db", url).exit_code == 1  # no such player yet
        mod = name(client, "Mod")
        no_account = admin("grant", "Mod", "--db", url)
        assert no_account.exit_code == 1 and "no account" in no_account.output
        r = client.post("/api/social/accounts", json={"name": "Mod", "password": "moderator pass"},
                        headers=mod)
        assert r.status_code == 201
        assert client.get("/admin").status_code == 403  # signed in, not an admin
        assert client.get("/api/admin/overview").status_code == 403
        assert admin("grant", "mod", "--db", url).output.strip() == "Mod is an admin"
        page = client.get("/admin")
        assert page.status_code == 200 and 'id="reports"' in page.text
        ann = name(client, "Ann")
        t = new_table(client, ann)
        said = on_socket(client, t["id"], token_of(t["you"]["path"]), {"type": "chat", "text": "hello"})
        line = said["message"]
        seen = client.get("/api/admin/overview").json()
        assert [c["id"] for c in seen["chat"]] == [line["id"]]
        assert t["id"] in [x["id"] for x in seen["tables"]]
        # the POSTs: JSON from this server's pages only
        assert client.post("/api/admin/bans", content=b"reason=x", headers={
            "content-type": "application/x-www-form-urlencoded"}).status_code == 415
        assert client.post("/api/admin/bans", json={"name": "Ann", "reason": "x"},
                           headers={"origin": "http://evil.example"}).status_code == 403
        assert admin("bans", "--db", url).output.strip() == "no ban in force"
        made = client.post("/api/admin/bans", json={"name": "Ann", "reason": "spam", "for": "1h"})
        assert made.status_code == 201 and made.json()["value"] == "Ann"
        assert client.post("/api/social/names", json={"name": "ann"}).status_code == 403
        assert client.post(f"/api/admin/bans/{made.json()['id']}/lift", json={}).status_code == 200
        assert client.post(f"/api/admin/chat/{line['id']}/remove", json={"table": t["id"]}).status_code == 200
        assert client.post(f"/api/admin/chat/{line['id']}/remove", json={"table": t["id"]}).status_code == 404
        closed = client.post(f"/api/admin/tables/{t['id']}/close", json={"reason": "test"})
        assert closed.status_code == 200 and table(client, t["id"]).stopped
        assert client.get("/api/admin/overview").json()["chat"] == []
        assert admin("grant", "Mod", "--revoke", "--db", url).exit_code == 0
        assert client.get("/api/admin/overview").status_code == 403
    with sessions(url)() as db:
        assert db.scalars(select(ChatRow).where(ChatRow.system.is_(False))).all() == []


def test_close_table_reaches_the_server_that_owns_it(pg_url: str) -> None:
    """Two servers on one PostgreSQL: the table is served (owned) by one, a player's socket is held
    by the other; ``close-table`` reaches both — the owner stops taking moves, and the other tells
    its socket in words."""
    with serve(pg_url) as a, serve(pg_url) as b:
        ann, bob = name(a, "Ann"), name(a, "Bob")
        t = new_table(a, ann)
        bob_link = a.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob).json()["link"]
        owner = table(a, t["id"])
        with b.websocket_connect(f"/ws/{t['id']}?token={token_of(bob_link)}") as ws:
            ws.send_json({"type": "hello"})
            while next_social(ws)["type"] != "hello":
                pass
            seq = owner.seq
            assert a.app.state.hub.owns(owner)  # type: ignore[attr-defined]
            assert not b.app.state.hub.owns(table(b, t["id"]))  # type: ignore[attr-defined]
            assert admin("close-table", t["id"], "--db", pg_url).exit_code == 0
            msg = next_social(ws)
            while msg["type"] != "closed":
                msg = next_social(ws)
            assert msg == {"type": "closed", "reason": ""}
            wait_for(lambda: owner.stopped)
            copy = table(b, t["id"])
            if copy.match.to_move == 1:  # Bob's move, forwarded to the owner: refused
                ws.send_json({"type": "move", "move": copy.match.legal_moves()[0]})
                assert "closed" in next_social(ws)["error"]
        assert owner.seq == seq and not owner.running


def test_bans_outlast_a_database_outage(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The database away: the bans last read stay in force, one log line for the whole outage."""
    import asyncio

    from hanafuda.web.moderation import Moderation, add_ban

    url = f"sqlite:///{tmp_path / 'outage.db'}"
    assert admin("migrate", "--db", url).exit_code == 0
    add_ban(sessions(url), address="203.0.113.7", reason="flooding")
    mod = Moderation(sessions(url), ttl=0.0)
    assert mod.address_ban(asyncio.run(mod.bans_async()), "203.0.113.7") is not None
    mod.sessions = sessions(f"sqlite:///{tmp_path / 'gone' / 'x.db'}")
    with caplog.at_level("ERROR", logger="hanafuda.web.moderation"):
        for _ in range(3):
            assert mod.address_ban(asyncio.run(mod.bans_async()), "203.0.113.7") is not None
    assert [r.getMessage() for r in caplog.records].count(
        "could not read the moderation bans (OperationalError); trying again every few seconds") == 1
    assert mod.address_ban(asyncio.run(mod.bans_async()), "198.51.100.1") is None
