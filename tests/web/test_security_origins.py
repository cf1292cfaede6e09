"""Issue 29: the allowed Origins are configured (``serve --public-url``), never taken from the
request's own ``Host`` — a DNS-rebinding request (``Host: evil``, ``Origin: http://evil``) is
refused on the API, the lobby and the table's socket, and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from hanafuda.cli import app as cli
from hanafuda.web.app import create_app
from hanafuda.web.security import allowed_origin, parse_public_urls

from .wsutil import claimed, receive

PUBLIC = "https://hanafuda.example.org"
HUMANS = {"game": "mushi", "seats": [{"kind": "human"}, {"kind": "human"}]}


def test_the_allowed_origins_are_the_configured_ones_and_this_machine() -> None:
    public = parse_public_urls(f"{PUBLIC}/, http://play.example.org:8080")
    assert public == (PUBLIC, "http://play.example.org:8080")
    assert parse_public_urls(["https://A.example:443", "https://a.example"]) == ("https://a.example",)
    for ok in (PUBLIC, "https://HANAFUDA.example.org:443", "http://play.example.org:8080", None,
               "http://localhost:8000", "http://127.0.0.1:1234", "http://[::1]:8000", "http://127.0.0.2"):
        assert allowed_origin(ok, public), ok
    for bad in ("http://hanafuda.example.org", "https://hanafuda.example.org:8443", "http://evil.example",
                "null", "", "https://hanafuda.example.org.evil.example", "http://localhost.evil.example",
                "file://", "javascript:alert(1)", "http://[bad"):
        assert not allowed_origin(bad, public), bad
    for bad in ("hanafuda.example.org", "ftp://x.example", "https://x.example/play", "https://x.example?a=1",
                "https://", "http://[bad"):
        with pytest.raises(ValueError, match="--public-url"):
            parse_public_urls(bad)


@pytest.fixture
def public(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_pause=0, public_urls=PUBLIC)
    with TestClient(app, base_url="http://evil.example") as c:
        yield c


def test_a_rebound_name_is_refused_on_the_api_the_lobby_and_the_socket(public: TestClient) -> None:
    """The client's Host is ``evil.example`` and its pages say ``Origin: http://evil.example``:
    the old check (Origin equals Host) let it through."""
    rebound = {"content-type": "application/json", "origin": "http://evil.example"}
    assert public.get("/").headers["content-security-policy"]  # pages still load (no Host check)
    r = public.post("/api/tables", content=json.dumps(HUMANS).encode(), headers=rebound)
    detail = r.json()["detail"]
    assert r.status_code == 403 and "another site" in detail and "--public-url" in detail
    r = public.post("/api/social/names", content=b'{"name": "Mallory"}', headers=rebound)
    assert r.status_code == 403
    assert public.get("/api/tables").json()["tables"] == []
    assert public.get("/api/social/players/Mallory").status_code == 404
    r = public.post("/api/tables", json=HUMANS, headers={"origin": PUBLIC})
    assert r.status_code == 201, r.text
    t = r.json()
    url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    with public.websocket_connect(url, headers={"origin": "http://evil.example"}) as ws:
        msg = receive(ws)
        assert msg["code"] == "bad-origin"
    hub = public.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[t["id"]].seats[0].claim_hash is None  # the refused socket claimed nothing
    with public.websocket_connect(url, headers={"origin": PUBLIC}) as ws:
        claimed(ws)


def test_serve_refuses_a_malformed_public_url_before_touching_the_database(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{db}", "--public-url", PUBLIC,
                                      "--public-url", "hanafuda.example.org/play"])
    assert result.exit_code != 0 and "--public-url" in result.output
    assert "hanafuda.example.org/play" in result.output
    assert not db.exists()
