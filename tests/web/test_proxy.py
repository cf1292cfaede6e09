"""Issue 29, trusted proxies: ``X-Forwarded-For``/``-Proto`` are believed only from the proxies of
``serve --forwarded-allow-ips`` (empty by default, loopback included), for every per-address limit
— HTTP and websocket — and for the scheme of cookies and links."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from hanafuda.cli import app as cli
from hanafuda.web.app import create_app
from hanafuda.web.limits import Limits
from hanafuda.web.security import parse_forwarded_allow_ips

from .wsutil import next_state, receive

PEOPLE = [{"kind": "human"}] * 2
PROXY = ("10.0.0.7", 40000)
LOOPBACK = ("127.0.0.1", 40000)


def forged(n: int) -> dict[str, str]:
    return {"x-forwarded-for": f"198.51.100.{n}"}


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Any]:
    """``make(peer, proxies, **limits)``: a client connecting from ``peer`` to an app that trusts
    ``proxies``; all on one database."""
    clients: list[TestClient] = []

    def build(peer: tuple[str, int], proxies: str = "", **limits: Any) -> TestClient:
        app = create_app(f"sqlite:///{tmp_path / f'proxy{len(clients)}.db'}", bot_pause=0,
                         limits=Limits(**limits), forwarded_allow_ips=proxies)
        c = TestClient(app, client=peer)
        c.__enter__()
        clients.append(c)
        return c

    yield build
    for c in clients:
        c.__exit__(None, None, None)


def create(c: TestClient, headers: dict[str, str]) -> int:
    return c.post("/api/tables", json={"game": "mushi", "seats": PEOPLE}, headers=headers).status_code


def test_forged_forwarded_for_from_loopback_is_ignored_by_default(make: Any) -> None:
    c = make(LOOPBACK, tables_per_minute=3, rates="account=2/3600")
    assert [create(c, forged(n)) for n in range(5)] == [201, 201, 201, 429, 429]
    names = [c.post("/api/social/names", json={"name": f"Ann{n}"}, headers=forged(n)).status_code
             for n in range(4)]
    assert names == [201, 201, 429, 429]


def test_a_listed_proxy_counts_each_client_behind_it_apart(make: Any) -> None:
    c = make(PROXY, "10.0.0.0/24,192.0.2.1", tables_per_minute=2, rates="account=1/3600")
    a, b = forged(1), forged(2)
    assert [create(c, a), create(c, b), create(c, a), create(c, b)] == [201] * 4
    assert create(c, a) == 429 and create(c, b) == 429  # each its own limit: still a limit
    assert create(c, forged(3)) == 201
    # the nearest address not itself a proxy is the client; one added by the client is not
    chain = {"x-forwarded-for": "198.51.100.1, 192.0.2.1"}  # client → 192.0.2.1 (listed) → 10.0.0.7
    assert create(c, chain) == 429
    assert c.post("/api/social/names", json={"name": "Ann"}, headers=a).status_code == 201
    assert c.post("/api/social/names", json={"name": "Bob"}, headers=b).status_code == 201
    assert c.post("/api/social/names", json={"name": "Cid"}, headers=a).status_code == 429


def test_a_peer_not_listed_gets_no_say(make: Any) -> None:
    c = make(("203.0.113.9", 40000), "10.0.0.7", tables_per_minute=2)
    assert [create(c, forged(n)) for n in range(3)] == [201, 201, 429]


def pings(c: TestClient, a_headers: dict[str, str], b_headers: dict[str, str]) -> list[str]:
    """Four pings on each of two spectator sockets (alternating); what they got back."""
    t = c.post("/api/tables", json={"game": "mushi", "seats": PEOPLE}).json()
    url = f"/ws/{t['id']}?token={t['spectator_token']}"
    with c.websocket_connect(url, headers=a_headers) as a, c.websocket_connect(url, headers=b_headers) as b:
        next_state(a), next_state(b)
        out = []
        for ws in (a, b) * 4:
            ws.send_text(json.dumps({"type": "ping"}))
            answer = receive(ws)
            while answer["type"] == "state":
                answer = receive(ws)
            out.append(answer.get("code") or answer["type"])
        return out


def test_websocket_limits_follow_the_forwarded_address_from_a_proxy_only(make: Any) -> None:
    # 2 messages a second per address, in bursts of 6: 8 from one address overflow, 4 + 4 do not
    untrusted = make(LOOPBACK, messages_per_second=2)
    assert pings(untrusted, forged(1), forged(2)) == ["pong"] * 6 + ["flood"] * 2
    behind = make(PROXY, "10.0.0.7", messages_per_second=2)
    assert pings(behind, forged(1), forged(2)) == ["pong"] * 8
    behind_again = make(PROXY, "10.0.0.7", messages_per_second=2)
    assert pings(behind_again, forged(1), forged(1)) == ["pong"] * 6 + ["flood"] * 2


def test_secure_cookies_and_links_follow_the_forwarded_scheme_from_a_proxy_only(make: Any) -> None:
    https = {"x-forwarded-proto": "https", **forged(1)}
    for peer, proxies, secure in ((PROXY, "10.0.0.7", True), (LOOPBACK, "", False)):
        c = make(peer, proxies)
        r = c.post("/api/social/accounts", json={"name": f"Dana{int(secure)}", "password": "correct horse"},
                   headers=https)
        assert r.status_code == 201
        assert ("; secure" in r.headers["set-cookie"].lower()) is secure
        t = c.post("/api/social/tables", json={"game": "mushi", "players": 2,
                                               "seats": [{"kind": "me"}, {"kind": "open"}]},
                   headers={**https, "x-player-key": r.json()["key"]})
        assert t.status_code == 201
        assert t.json()["spectator"]["url"].startswith("https://" if secure else "http://")
    plain = make(PROXY, "10.0.0.7").post("/api/social/accounts",
                                         json={"name": "Eli", "password": "correct horse"})
    assert "secure" not in plain.headers["set-cookie"].lower()  # plain HTTP through the proxy


def test_a_seats_claim_cookie_is_secure_over_wss_from_a_proxy_only(make: Any) -> None:
    https = {"x-forwarded-proto": "https", **forged(1)}
    for peer, proxies, secure in ((PROXY, "10.0.0.7", True), (LOOPBACK, "", False)):
        c = make(peer, proxies)
        t = c.post("/api/tables", json={"game": "mushi", "seats": PEOPLE}).json()
        with c.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}", headers=https) as ws:
            cookies = [v.decode() for k, v in ws.extra_headers or [] if k == b"set-cookie"]
            assert len(cookies) == 1 and cookies[0].endswith("; Secure") is secure
            assert receive(ws)["type"] == "claimed"


def test_the_proxy_list_is_checked() -> None:
    assert parse_forwarded_allow_ips("") == []
    listed = parse_forwarded_allow_ips(" 10.0.0.1, 10.1.0.0/16 ,::1,*")
    assert listed == ["10.0.0.1", "10.1.0.0/16", "::1", "*"]
    for bad in ("localhost", "10.0.0.300", "10.0.0.0/40"):
        with pytest.raises(ValueError, match="forwarded-allow-ips"):
            parse_forwarded_allow_ips(bad)


def test_serve_refuses_a_malformed_proxy_list_before_touching_the_database(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{db}", "--forwarded-allow-ips",
                                      "10.0.0.1,proxy.local"])
    assert result.exit_code != 0 and "'proxy.local' is not an IP address" in result.output
    assert not db.exists()


def test_a_real_server_trusts_no_forwarded_header_unless_told(tmp_path: Path) -> None:
    """Through ``hanafuda serve`` itself (uvicorn used to trust loopback's headers): by default a
    forged ``X-Forwarded-For`` from loopback is ignored; with ``--forwarded-allow-ips 127.0.0.1``
    two clients behind that proxy are two addresses."""
    import httpx

    from .server import Server

    def statuses(proxies: list[str], headers: list[dict[str, str]]) -> list[int]:
        srv = Server(f"sqlite:///{tmp_path / f'real{len(proxies)}.db'}", tmp_path / "serve.log", 0.0,
                     "--tables-per-minute", "2", *proxies).start()
        try:
            return [httpx.post(srv.url + "/api/tables", json={"game": "mushi", "seats": PEOPLE},
                               headers=h, timeout=30).status_code for h in headers]
        finally:
            srv.stop()

    assert statuses([], [forged(1), forged(2), forged(3)]) == [201, 201, 429]
    behind = statuses(["--forwarded-allow-ips", "127.0.0.1"],
                      [forged(1), forged(2), forged(1), forged(2), forged(1), forged(2)])
    assert behind == [201, 201, 201, 201, 429, 429]
