"""Issue 29, "Sessions and origins": logout ends a session on the server, one name rule
everywhere, bad JSON is a 400 on every route, one creation limit, per-account limits beside
per-address ones, and a database outage logged once."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanafuda.web.app import create_app
from hanafuda.web.db import Outage
from hanafuda.web.limits import Limit, Limits
from hanafuda.web.requests import check_name as api_name_rule
from hanafuda.web.requests import check_name as lobby_name_rule
from hanafuda.web.social.accounts import SESSION_COOKIE
from hanafuda.web.social.models import ChatRow, PlayerRow

from .social_helpers import name, new_table, on_socket, token_of
from .test_social_api import count
from .test_ws import DatabaseAway
from .wsutil import receive

PASSWORD = "long enough"


def account(client: TestClient, who: str, **headers: str) -> str:
    """A new account ``who``; its session cookie (the client's jar holds it too)."""
    r = client.post("/api/social/accounts", json={"name": who, "password": PASSWORD}, headers=headers)
    assert r.status_code == 201, r.text
    return str(r.cookies[SESSION_COOKIE])


def only(cookie: str) -> dict[str, str]:
    """The headers of a browser holding nothing but this session cookie."""
    return {"cookie": f"{SESSION_COOKIE}={cookie}"}


def next_social(ws: Any) -> dict[str, Any]:
    while True:
        msg = receive(ws)
        if msg["type"] not in ("state", "claimed", "settling"):
            return msg


# -- 1. logout revokes the session --------------------------------------------------------------

def test_a_cookie_copied_before_logout_is_refused_everywhere_after_it(client: TestClient) -> None:
    ann = account(client, "Ann")
    client.cookies.clear()
    assert client.get("/api/social/me", headers=only(ann)).json()["player"]["name"] == "Ann"
    t = new_table(client, only(ann), seats=[{"kind": "me"}, {"kind": "invite"}])
    bob = account(client, "Bob")
    client.cookies.clear()
    assert client.get("/api/social/me", headers=only(bob)).json()["player"]["name"] == "Bob"
    r = client.post("/api/social/logout", json={}, headers=only(bob))
    assert r.status_code == 200 and r.json() == {"player": None}
    assert 'hf_session=""' in r.headers["set-cookie"] or "Max-Age=0" in r.headers["set-cookie"]
    client.cookies.clear()
    # the copied cookie: no one on every route, 401 where a player is needed
    assert client.get("/api/social/me", headers=only(bob)).json()["player"] is None
    for path, body in (("/api/social/tables", {"game": "mushi", "players": 2,
                                               "seats": [{"kind": "me"}, {"kind": "open"}]}),
                       ("/api/social/quick", {"game": "mushi", "players": 2}),
                       (f"/api/social/tables/{t['id']}/join", {})):
        r = client.post(path, json=body, headers=only(bob))
        assert r.status_code == 401 and "pick a name" in r.json()["detail"], (path, r.text)
    # and on the table's socket: the invited seat is not bound to Bob's name
    invite = token_of(t["seats"][1]["invite"]["path"])
    with client.websocket_connect(f"/ws/{t['id']}?token={invite}", headers=only(bob)) as ws:
        ws.send_json({"type": "hello"})
        hello = next_social(ws)
        assert hello["type"] == "hello" and hello["ask_name"] is True
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    assert live.seats[1].name != "Bob"
    # Ann's session (another browser) is untouched; logging in again gives a working session
    assert client.get("/api/social/me", headers=only(ann)).json()["player"]["name"] == "Ann"
    r = client.post("/api/social/login", json={"name": "Bob", "password": PASSWORD})
    assert r.status_code == 200
    fresh = str(r.cookies[SESSION_COOKIE])
    client.cookies.clear()
    assert fresh != bob
    assert client.get("/api/social/me", headers=only(fresh)).json()["player"]["name"] == "Bob"


def test_logout_also_retires_the_accounts_browser_key(client: TestClient) -> None:
    r = client.post("/api/social/accounts", json={"name": "Cid", "password": PASSWORD})
    key = r.json()["key"]
    cookie = str(r.cookies[SESSION_COOKIE])
    client.cookies.clear()
    assert client.get("/api/social/me", headers={"x-player-key": key}).json()["player"]["name"] == "Cid"
    client.post("/api/social/logout", json={}, headers={**only(cookie), "x-player-key": key})
    client.cookies.clear()
    assert client.get("/api/social/me", headers={"x-player-key": key}).json()["player"] is None


def test_a_forged_or_old_style_cookie_names_no_one(client: TestClient) -> None:
    from itsdangerous import URLSafeTimedSerializer

    account(client, "Dee")
    client.cookies.clear()
    social = client.app.state.social  # type: ignore[attr-defined]
    old_style = URLSafeTimedSerializer(social.secret("session"), salt="hanafuda-session").dumps({"p": 1})
    invented = URLSafeTimedSerializer(social.secret("session"), salt="hanafuda-session").dumps(
        {"p": 1, "s": "made-up"})
    for cookie in (old_style, invented, "garbage", "x" * 600):
        assert client.get("/api/social/me", headers=only(cookie)).json()["player"] is None
        r = client.post("/api/social/logout", json={}, headers=only(cookie))
        assert r.status_code == 200


# -- 3. one name rule everywhere -----------------------------------------------------------------

BAD_NAMES = {"a\x00b": "control", "\u202eevil": "control", "Ann\u200b": "control", "A\u200dnn": "control",
             "Ann\n": "control", " Ann": "begin or end with a space", "Ann ": "begin or end with a space",
             "x" * 25: "at most 24", "A": "at least 2", "A  b": "double spaces", "--": "letter or digit"}


def test_one_name_rule_for_the_lobby_and_the_api(client: TestClient) -> None:
    assert api_name_rule is lobby_name_rule
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for bad, why in BAD_NAMES.items():
        r = client.post("/api/social/names", json={"name": bad})
        assert r.status_code == 400 and why in r.json()["detail"], (bad, r.text)
        r = client.post("/api/social/accounts", json={"name": bad, "password": PASSWORD})
        assert r.status_code == 400 and why in r.json()["detail"], (bad, r.text)
        r = client.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human", "name": bad},
                                                                        {"kind": "bot", "bot": "greedy"}]})
        assert r.status_code == 400 and why in r.json()["detail"] and "seats.0.name" in r.json()["detail"], \
            (bad, r.text)
    assert count(client, PlayerRow) == 0 and hub.tables == {}
    assert client.get("/api/tables").json()["tables"] == []
    r = client.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human", "name": "Ann-Marie 2"},
                                                                    {"kind": "human", "name": "花子"}]})
    assert r.status_code == 201 and [s["name"] for s in r.json()["seats"]] == ["Ann-Marie 2", "花子"]
    assert client.post("/api/social/names", json={"name": "花子"}).status_code == 201


# -- 7. bad JSON on every route ------------------------------------------------------------------

def test_deeply_nested_or_malformed_json_is_a_400_everywhere(client: TestClient) -> None:
    ann = name(client, "Ann")
    t = new_table(client, ann)
    tok = token_of(t["you"]["path"])
    posts = ["/api/social/names", "/api/social/accounts", "/api/social/login", "/api/social/logout",
             "/api/social/tables", "/api/social/quick", f"/api/social/tables/{t['id']}/join",
             "/api/tables", "/api/replay"]
    bodies = [b"[" * 5000 + b"]" * 5000, b'{"name": ' + b"[" * 3000 + b"]" * 3000 + b"}",
              b'{"token": "' + tok.encode() + b'", "text": ' + b'{"a":' * 2000 + b"1" + b"}" * 2000 + b"}",
              b'{"name": "\xff\xfe"}', b"{bad", b"[1, 2]"]

    def stored() -> tuple[int, int, int]:
        tables = client.get("/api/tables").json()["tables"]
        return count(client, PlayerRow), count(client, ChatRow), len(tables)

    before = stored()
    for path in posts:
        for body in bodies:
            r = client.post(path, content=body, headers={"content-type": "application/json", **ann})
            if path == "/api/social/logout":  # takes no body: never reads it
                assert r.status_code == 200, (path, body[:20], r.text)
                continue
            assert r.status_code in (400, 401, 413), (path, body[:20], r.status_code, r.text)
            if body and r.status_code == 400:
                assert "JSON" in r.json()["detail"] or "body" in r.json()["detail"], (path, r.text)
    assert stored() == before


# -- 5. one creation limit -------------------------------------------------------------------------

def limited(tmp_path: Path, **limits: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_pause=0, forwarded_allow_ips="*",
                                 limits=Limits(bot_only_moves_per_second=0, **limits)))


def test_one_creation_bucket_for_the_api_and_the_lobby(tmp_path: Path) -> None:
    with limited(tmp_path, tables_per_minute=3) as client:
        ann = name(client, "Ann")
        bots = {"game": "mushi", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}
        assert client.post("/api/tables", json=bots).status_code == 201
        assert client.post("/api/tables", json=bots).status_code == 201
        new_table(client, ann)
        for path, body in (("/api/tables", bots),
                           ("/api/social/tables", {"game": "mushi", "players": 2,
                                                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
                           ("/api/social/quick", {"game": "mushi", "players": 2})):
            r = client.post(path, json=body, headers=ann)
            assert r.status_code == 429, (path, r.text)
            detail = r.json()["detail"]
            assert "at most 3 a minute" in detail and "new tables" in detail and "try again in" in detail
            assert int(r.headers["retry-after"]) >= 1
        assert len(client.get("/api/tables").json()["tables"]) == 3


def test_the_default_creation_limit_is_the_documented_ten_a_minute() -> None:
    limiter = Limits().limiter()
    assert limiter.limits["create"] == Limit(10, 6.0) and "table" not in limiter.limits
    docs = (Path(__file__).parents[2] / "docs" / "deploy.md").read_text(encoding="utf-8")
    assert "10 new tables a minute" in docs


# -- 9. per-account limits beside per-address ones ---------------------------------------------------

def test_an_account_is_limited_whatever_address_it_uses(tmp_path: Path) -> None:
    with limited(tmp_path, tables_per_minute=2) as client:
        here, there, third = ({"x-forwarded-for": a} for a in ("10.0.0.1", "10.0.0.2", "10.0.0.3"))
        ann = account(client, "Ann", **here)
        client.cookies.clear()
        new_table(client, {**only(ann), **here})
        new_table(client, {**only(ann), **here})
        r = client.post("/api/social/tables", json={"game": "mushi", "players": 2,
                                                    "seats": [{"kind": "me"}, {"kind": "open"}]},
                        headers={**only(ann), **there})
        assert r.status_code == 429 and "at most 2 a minute" in r.json()["detail"]
        # the refusal spent nothing of the new address: another person there still may create
        bob = name(client, "Bob") | there
        new_table(client, bob)
        new_table(client, bob)
        # chat: the account's share is counted on every address too
        client.app.state.limiter.limits["chat"] = Limit(2, 3600)  # type: ignore[attr-defined]
        t = new_table(client, name(client, "Cid") | third)
        tok = token_of(t["you"]["path"])
        for who in (here, there):  # the account's chat on the table's socket, from two addresses
            r = on_socket(client, t["id"], tok, {"type": "chat", "text": "hi"}, headers={**only(ann), **who})
            assert r["type"] == "chat", r
        r = on_socket(client, t["id"], tok, {"type": "chat", "text": "hi"}, headers={**only(ann), **third})
        assert r["for"] == "chat" and "too many chat requests" in r["error"] and count(client, ChatRow) == 2


# -- 6. a database outage is logged once -----------------------------------------------------------------

def test_an_outage_is_one_line_when_it_starts_and_one_with_a_count_when_it_ends() -> None:
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    logger = logging.getLogger("test.outage")
    logger.addHandler(Keep())
    logger.propagate = False
    outage = Outage(logger)
    outage.ok()
    assert records == []
    for _ in range(40):
        outage.failed("the ticker", ConnectionError("refused"))
    assert len(records) == 1 and records[0].levelno == logging.ERROR and records[0].exc_info is None
    assert "ConnectionError" in records[0].getMessage() and "the ticker" in records[0].getMessage()
    outage.ok()
    outage.ok()
    assert len(records) == 2 and "40 failed operations" in records[1].getMessage()


@pytest.fixture
def quiet_client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_pause=0),
                    raise_server_exceptions=False) as c:
        yield c


def test_the_lobby_ticker_logs_a_database_outage_once(quiet_client: TestClient,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    hub = quiet_client.app.state.hub  # type: ignore[attr-defined]
    social = quiet_client.app.state.social  # type: ignore[attr-defined]
    caplog.set_level(logging.INFO)
    real = hub.sessions
    hub.sessions = DatabaseAway()
    try:
        deadline = time.monotonic() + 4 * social.tick + 2
        while time.monotonic() < deadline:  # the ticker steps every 0.5 s meanwhile
            r = quiet_client.get("/api/tables")
            assert r.status_code == 503
            time.sleep(0.1)
    finally:
        hub.sessions = real
    time.sleep(3 * social.tick)
    lines = [r for r in caplog.records if "database" in r.getMessage()]
    starts = [r for r in lines if "unavailable" in r.getMessage()]
    ends = [r for r in lines if "answers again after" in r.getMessage()]
    assert len(starts) == 1 and len(ends) == 1, [r.getMessage() for r in lines]
    assert not any(r.exc_info or r.exc_text for r in caplog.records if r.name.startswith("hanafuda"))
    failed = int(ends[0].getMessage().split("(")[1].split()[0])
    assert failed >= 10  # every 503 and every ticker step counted, none logged on its own


# -- 4. a friend's invitation opened where its sender sits -------------------------------------------

def test_a_seated_browser_opening_a_friends_link_does_not_take_the_seat(client: TestClient) -> None:
    from hanafuda.web.ws import claim_cookie

    t = client.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human", "name": "Ann"},
                                                                    {"kind": "human", "name": "Ben"}]}).json()
    mine, friends = (f"/ws/{t['id']}?token={s['token']}" for s in t["seats"])
    with client.websocket_connect(mine) as ws:
        secret = receive(ws)["secret"]  # Ann's browser holds seat 1 (its claim cookie)
    held = {"cookie": f"{claim_cookie(t['id'], 0)}={secret}"}
    live = client.app.state.hub.tables[t["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(friends, headers=held) as ws:
        msg = receive(ws)
    assert msg["type"] == "error" and msg["code"] == "friends-seat"
    assert "Ben's seat" in msg["error"] and "as Ann" in msg["error"] and "copy" in msg["error"]
    assert live.seats[1].claim_hash is None  # nothing taken
    with client.websocket_connect(friends) as ws:  # Ben's own browser takes it
        assert receive(ws)["type"] == "claimed"
    assert live.seats[1].claim_hash is not None
    with client.websocket_connect(mine, headers=held) as ws:  # Ann's own seat still opens for her
        assert receive(ws)["type"] != "error"


def test_socket_messages_of_an_account_are_counted_on_every_address(tmp_path: Path) -> None:
    with limited(tmp_path, tables_per_minute=100, messages_per_second=1) as client:  # 3 in a row
        ann = account(client, "Ann")
        client.cookies.clear()
        humans = [{"kind": "human"}, {"kind": "human"}]
        t = client.post("/api/tables", json={"game": "mushi", "seats": humans}).json()
        url = f"/ws/{t['id']}?token={t['spectator_token']}"

        def pings(headers: dict[str, str], n: int) -> list[str]:
            with client.websocket_connect(url, headers=headers) as ws:
                out = []
                for _ in range(n):
                    ws.send_json({"type": "ping"})
                    msg = next_social(ws)
                    out.append(msg.get("code") or msg["type"])
                return out

        assert pings({**only(ann), "x-forwarded-for": "10.0.0.1"}, 3) == ["pong"] * 3
        # the account's share is spent, whatever its address; someone else is not held back
        assert pings({**only(ann), "x-forwarded-for": "10.0.0.2"}, 1) == ["flood"]
        assert pings({"x-forwarded-for": "10.0.0.3"}, 2) == ["pong"] * 2


def test_the_api_counts_a_signed_in_account_beside_its_address(tmp_path: Path) -> None:
    with limited(tmp_path, tables_per_minute=2) as client:
        ann = account(client, "Ann", **{"x-forwarded-for": "10.0.0.9"})
        client.cookies.clear()
        humans = {"game": "mushi", "seats": [{"kind": "human"}, {"kind": "human"}]}
        for address in ("10.0.0.1", "10.0.0.2"):
            r = client.post("/api/tables", json=humans, headers={**only(ann), "x-forwarded-for": address})
            assert r.status_code == 201, r.text
        r = client.post("/api/tables", json=humans, headers={**only(ann), "x-forwarded-for": "10.0.0.3"})
        assert r.status_code == 429 and "at most 2 a minute" in r.json()["detail"]
        r = client.post("/api/tables", json=humans, headers={"x-forwarded-for": "10.0.0.3"})
        assert r.status_code == 201  # the refusal spent nothing of that address
        assert len(client.get("/api/tables").json()["tables"]) == 3
