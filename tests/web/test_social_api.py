"""The social API (issue 15): names, accounts, open seats, quick match, chat, the turn clock,
ratings, rematch, languages and rate limits.  Every bad input gets a clear error and changes
nothing."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from hanafuda.rules import GAMES, configure
from hanafuda.rules.presets import applies, presets
from hanafuda.web.app import create_app
from hanafuda.web.limits import DEFAULT_LIMITS, Limit
from hanafuda.web.requests import MAX_CHAT, MAX_NAME
from hanafuda.web.social import reachable_urls, serve_banner
from hanafuda.web.social.models import ChatRow, PlayerRow, RatingRow
from hanafuda.web.social.service import role

from .social_helpers import chat_lines, clocked_table, name, new_table, on_socket, play_out, table, token_of
from .wsutil import receive


def count(client: TestClient, model: type) -> int:
    with client.app.state.hub.sessions() as db:  # type: ignore[attr-defined]
        return int(db.scalar(select(func.count()).select_from(model)) or 0)


def tables(client: TestClient) -> int:
    return len(client.get("/api/tables").json()["tables"])


# -- names -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("bad", "why"), [
    ("x" * (MAX_NAME + 1), "at most"),
    ("A", "at least"),
    ("Ann\x07", "control"),
    ("Ann\u202eevil", "control"),
    ("Ann\nBob", "control"),
    ("!!!", "letter or digit"),
    (42, "text"),
])
def test_bad_names_are_refused_and_change_nothing(client: TestClient, bad: object, why: str) -> None:
    before = count(client, PlayerRow)
    r = client.post("/api/social/names", json={"name": bad})
    assert r.status_code == 400 and why in r.json()["detail"]
    assert count(client, PlayerRow) == before


def test_a_name_is_held_once_and_html_is_kept_as_text(client: TestClient) -> None:
    html = "<b>Ann</b>"
    r = client.post("/api/social/names", json={"name": html})
    assert r.status_code == 201 and r.json()["player"]["name"] == html
    key = r.json()["key"]
    assert client.get("/api/social/me", headers={"x-player-key": key}).json()["player"]["name"] == html
    again = client.post("/api/social/names", json={"name": "<B>ANN</B>"})
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    assert count(client, PlayerRow) == 1
    assert client.get("/api/social/me", headers={"x-player-key": key[:-2] + "xx"}).json()["player"] is None


# -- accounts --------------------------------------------------------------------------------------

def test_accounts_argon2_and_signed_http_only_session(client: TestClient) -> None:
    r = client.post("/api/social/accounts", json={"name": "Dana", "password": "correct horse"})
    assert r.status_code == 201, r.text
    cookie = r.headers["set-cookie"]
    assert "hf_session=" in cookie and "HttpOnly" in cookie
    with client.app.state.hub.sessions() as db:  # type: ignore[attr-defined]
        stored = db.scalars(select(PlayerRow.password_hash)).one()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    client.cookies.clear()
    wrong = client.post("/api/social/login", json={"name": "Dana", "password": "wrong horse"})
    assert wrong.status_code == 401 and "wrong name or password" in wrong.json()["detail"]
    assert "set-cookie" not in wrong.headers
    ok = client.post("/api/social/login", json={"name": "dana", "password": "correct horse"})
    assert ok.status_code == 200 and ok.json()["player"] == {"id": 1, "name": "Dana", "account": True}
    assert client.get("/api/social/me").json()["player"]["name"] == "Dana"  # by the cookie alone
    tampered = client.cookies.get("hf_session", "") + "x"
    client.cookies.clear()  # one cookie jar entry: httpx keeps a set() beside the server's cookie
    client.cookies.set("hf_session", tampered)
    assert client.get("/api/social/me").json()["player"] is None  # a tampered cookie opens nothing


def test_bad_account_requests_change_nothing(client: TestClient) -> None:
    before = count(client, PlayerRow)
    short = client.post("/api/social/accounts", json={"name": "Eve", "password": "short"})
    assert short.status_code == 400 and "at least 8" in short.json()["detail"]
    long = client.post("/api/social/accounts", json={"name": "Eve", "password": "p" * 201})
    assert long.status_code == 400 and "at most" in long.json()["detail"]
    ctrl = client.post("/api/social/accounts", json={"name": "Eve\x00", "password": "long enough"})
    assert ctrl.status_code == 400 and "control" in ctrl.json()["detail"]
    assert count(client, PlayerRow) == before
    # a browser holding a name may add a password to it; another browser may not take it
    holder = name(client, "Finn")
    taken = client.post("/api/social/accounts", json={"name": "Finn", "password": "long enough"})
    assert taken.status_code == 409
    mine = client.post("/api/social/accounts", json={"name": "Finn", "password": "long enough"},
                       headers=holder)
    assert mine.status_code == 201 and mine.json()["player"]["account"]


def test_a_household_behind_one_address_names_a_dozen_people(client: TestClient) -> None:
    """The default limits (walk41 finding 2): the sixth name saved from one address was refused,
    and a household or LAN party shares one. Twelve go through; the thirteenth waits."""
    limiter = client.app.state.limiter  # type: ignore[attr-defined]
    limiter.limits["account"] = DEFAULT_LIMITS["account"]
    for i in range(12):
        name(client, f"Cousin {i}")
    r = client.post("/api/social/names", json={"name": "Cousin 12"})
    assert r.status_code == 429 and int(r.headers["retry-after"]) <= 30
    assert count(client, PlayerRow) == 12


def test_rate_limits_on_accounts_tables_and_chat(client: TestClient) -> None:
    limiter = client.app.state.limiter  # type: ignore[attr-defined]
    limiter.limits.update({"account": Limit(2, 3600), "create": Limit(2, 3600), "chat": Limit(2, 3600)})
    ann = name(client, "Ann")
    name(client, "Bob")
    r = client.post("/api/social/names", json={"name": "Cid"})
    assert r.status_code == 429 and "too many account requests" in r.json()["detail"]
    assert "retry-after" in r.headers and count(client, PlayerRow) == 2
    t = new_table(client, ann)
    new_table(client, ann)
    before = tables(client)
    r = client.post("/api/social/tables", json={"game": "mushi", "players": 2,
                                                "seats": [{"kind": "me"}, {"kind": "open"}]}, headers=ann)
    assert r.status_code == 429 and "too many create requests" in r.json()["detail"]
    assert tables(client) == before
    tok = token_of(t["you"]["path"])
    for text in ("one", "two"):
        said = on_socket(client, t["id"], tok, {"type": "chat", "text": text})
        assert said["type"] == "chat", said
    r = on_socket(client, t["id"], tok, {"type": "chat", "text": "three"})
    assert r["for"] == "chat" and "too many chat requests" in r["error"] and count(client, ChatRow) == 2


# -- tables, open seats, quick match ---------------------------------------------------------------

def test_bad_table_requests_change_nothing(client: TestClient) -> None:
    ann = name(client, "Ann")
    before = tables(client)
    cases = [
        ({"seats": [{"kind": "me"}, {"kind": "me"}]}, "exactly one seat is yours"),
        ({"seats": [{"kind": "me"}, {"kind": "bot", "bot": "wizard"}]}, "unknown bot"),
        ({"seats": [{"kind": "me"}, {"kind": "alien"}]}, "kind must be"),
        ({"seats": [{"kind": "me"}]}, "need 2 seats"),
        ({"clock": 7}, "turn clock"),
        ({"options": {"bogus": True}}, "bogus"),
        ({"game": "chess"}, "unknown game"),
    ]
    for extra, why in cases:
        body = {"game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}], **extra}
        r = client.post("/api/social/tables", json=body, headers=ann)
        assert r.status_code == 400 and why in r.json()["detail"], (extra, r.text)
    r = client.post("/api/social/tables", json={"game": "mushi", "players": 2, "seats": []})
    assert r.status_code == 401 and "pick a name" in r.json()["detail"]
    assert tables(client) == before


def test_the_servers_cap_on_bot_tables_is_a_clear_503(tmp_path: Path) -> None:
    from hanafuda.web.limits import Limits

    with TestClient(create_app(f"sqlite:///{tmp_path / 'cap.db'}", bot_pause=0,
                               limits=Limits(bot_tables=0))) as client:
        _cap_refused(client)


def _cap_refused(client: TestClient) -> None:
    ann = name(client, "Ann")
    before = tables(client)
    r = client.post("/api/social/tables", headers=ann, json={
        "game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 503 and "limit" in r.json()["detail"]
    assert tables(client) == before


def test_invites_are_whole_urls_with_qr_codes(client: TestClient) -> None:
    ann = name(client, "Ann")
    t = new_table(client, ann, seats=[{"kind": "me"}, {"kind": "invite"}])
    invite = t["seats"][1]["invite"]
    assert invite["url"].startswith("http://testserver/table/") and "token=" in invite["url"]
    assert invite["qr"].startswith("data:image/svg+xml;base64,")
    assert client.get("/api/social/qr.svg", params={"text": invite["url"]}).text.startswith("<svg")
    assert client.get("/api/social/qr.svg", params={"text": "x" * 601}).status_code == 400
    assert not t["loopback"]
    local = client.post("http://127.0.0.1:8000/api/social/tables", headers=ann,
                        json={"game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "invite"}]})
    assert local.json()["loopback"] and all("127.0.0.1" not in u for u in local.json()["lan"])
    assert local.json()["seats"][1]["invite"]["url"].startswith("http://127.0.0.1:8000/table/")


def test_open_seat_listed_and_taken_by_another_player(client: TestClient) -> None:
    ann, bob = name(client, "Ann"), name(client, "Bob")
    t = new_table(client, ann)
    listed = client.get("/api/social/open").json()["tables"]
    assert [x["id"] for x in listed] == [t["id"]] and listed[0]["free"] == 1
    again = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=ann)
    assert again.status_code == 409 and "already have a seat" in again.json()["detail"]
    r = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob)
    assert r.status_code == 200
    live = table(client, t["id"])
    assert role(live, token_of(r.json()["link"])) == (1, False)
    assert [s.name for s in live.seats] == ["Ann", "Bob"]
    assert client.get("/api/social/open").json()["tables"] == []
    cid = name(client, "Cid")
    full = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=cid)
    assert full.status_code == 409 and "no free seat" in full.json()["detail"]


def test_quick_match_seats_two_players_together_then_bots_fill(client: TestClient) -> None:
    ann, bob = name(client, "Ann"), name(client, "Bob")
    a = client.post("/api/social/quick", json={"game": "min-hwatu", "players": 3, "wait": 60}, headers=ann)
    b = client.post("/api/social/quick", json={"game": "min-hwatu", "players": 3, "wait": 60}, headers=bob)
    assert a.status_code == b.status_code == 200
    assert a.json()["table"] == b.json()["table"]
    live = table(client, a.json()["table"])
    assert [s.name for s in live.seats][:2] == ["Ann", "Bob"] and live.seats[2].kind == "human"
    social = client.app.state.social  # type: ignore[attr-defined]
    assert client.portal.call(social.fill_with_bots, live) == 1  # type: ignore[attr-defined]
    assert live.seats[2].kind == "bot" and client.get("/api/social/open").json()["tables"] == []
    bad = client.post("/api/social/quick", json={"game": "mushi", "players": 3}, headers=ann)
    assert bad.status_code == 400 and "played by 2" in bad.json()["detail"]
    assert client.post("/api/social/quick", json={"game": "mushi", "players": 2, "wait": -1},
                       headers=ann).status_code == 400


def test_quick_match_wait_over_bots_take_the_free_seats(client: TestClient) -> None:
    ann = name(client, "Ann")
    r = client.post("/api/social/quick", json={"game": "mushi", "players": 2, "wait": 0}, headers=ann)
    live = table(client, r.json()["table"])
    social = client.app.state.social  # type: ignore[attr-defined]
    client.portal.call(social.step)  # type: ignore[attr-defined]
    assert live.seats[1].kind == "bot" and live.seats[1].bot == "greedy"
    assert [(m["key"], m["args"]) for m in chat_lines(client, live.id)] == [
        ("notice.seat_bot", {"seats": [1], "bot": "greedy"})]  # the bots are in, said in the chat


# -- chat --------------------------------------------------------------------------------------

def test_chat_escaped_limited_and_closed_to_spectators(client: TestClient) -> None:
    ann, bob = name(client, "Ann"), name(client, "Bob")
    t = new_table(client, ann)
    bob_link = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob).json()["link"]
    ann_tok, bob_tok = token_of(t["you"]["path"]), token_of(bob_link)
    spec_tok = token_of(t["spectator"]["path"])
    with client.websocket_connect(f"/ws/{t['id']}?token={bob_tok}") as ws:  # the page's one socket
        claimed = receive(ws)  # Bob's browser holds his seat from now on
        assert claimed["type"] == "claimed"
        ws.send_json({"type": "hello"})
        assert next_social(ws)["type"] == "hello"
        r = on_socket(client, t["id"], ann_tok, {"type": "chat", "text": "<script>alert(1)</script>"})
        assert r["type"] == "chat"
        got = next_social(ws)
        assert got["type"] == "chat" and got["message"]["text"] == "<script>alert(1)</script>"
        assert got["message"]["name"] == "Ann"
    bads = [("x" * (MAX_CHAT + 1), "at most"), ("  ", "empty"), ("hi\x1b[31m", "control"), (5, "text")]
    for bad, why in bads:
        r = on_socket(client, t["id"], ann_tok, {"type": "chat", "text": bad})
        assert r["type"] == "error" and r["for"] == "chat" and why in r["error"]
    r = on_socket(client, t["id"], spec_tok, {"type": "chat", "text": "hello"})
    assert r["for"] == "chat" and "spectators" in r["error"]
    spectator = on_socket(client, t["id"], spec_tok, {"type": "hello"})
    assert not spectator["can_chat"] and spectator["chat"] == []  # nor read it
    assert on_socket(client, t["id"], "nope", {"type": "chat", "text": "hello"})["code"] == "bad-token"
    bob = on_socket(client, t["id"], bob_tok, {"type": "hello"}, secret=claimed["secret"])
    assert [m["text"] for m in bob["chat"]] == ["<script>alert(1)</script>"]


def next_social(ws: Any) -> dict[str, Any]:
    """The next message on a table socket that is not the game's own (state, claimed)."""
    while True:
        msg = receive(ws)
        if msg["type"] not in ("state", "claimed", "settling"):
            return msg


def test_the_page_has_one_socket_and_the_social_one_is_gone(client: TestClient) -> None:
    """Issue 28: chat, the clock and rematch travel on the table's socket; no second socket."""
    from starlette.websockets import WebSocketDisconnect

    ann = name(client, "Ann")
    t = new_table(client, ann, seats=[{"kind": "me"}, {"kind": "bot", "bot": "greedy"}])
    tok = token_of(t["you"]["path"])
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"/ws/{t['id']}/social?token={tok}") as ws:
            ws.receive_json()
    with client.websocket_connect(f"/ws/{t['id']}?token={tok}", headers=ann) as ws:
        ws.send_json({"type": "hello"})
        hello = next_social(ws)
        assert hello["type"] == "hello" and hello["seat"] == 0 and hello["can_chat"] and hello["chat"] == []
        ws.send_json({"type": "chat", "text": "hi"})
        got = next_social(ws)
        assert got["type"] == "chat" and got["message"]["text"] == "hi" and got["message"]["name"] == "Ann"
        ws.send_json({"type": "rematch"})  # refused until the match is over: to this socket only
        err = next_social(ws)
        assert err["type"] == "error" and err["for"] == "rematch" and "once the match is over" in err["error"]


def test_a_seat_handed_to_a_bot_is_a_notice_in_the_chat(client: TestClient) -> None:
    """Issue 28: the notice is a catalogue key and the seats as data, for the page to word."""
    ann = name(client, "Ann")
    t = new_table(client, ann, seats=[{"kind": "me"}, {"kind": "invite"}])
    with client.websocket_connect(f"/ws/{t['id']}?token={token_of(t['creator'])}") as ws:
        ws.send_json({"type": "bot-takeover", "seat": 1, "bot": "random"})
        got = next_social(ws)
    assert got["type"] == "chat" and got["message"]["system"]
    said = got["message"]
    assert (said["key"], said["args"]) == ("notice.seat_bot", {"seats": [1], "bot": "random"})
    assert table(client, t["id"]).seats[1].kind == "bot"


def test_a_claimed_seat_speaks_only_from_the_claiming_browser(client: TestClient) -> None:
    ann = name(client, "Ann")
    t = new_table(client, ann, seats=[{"kind": "me"}, {"kind": "invite"}])
    link = t["seats"][1]["invite"]["path"]
    tok = token_of(link)
    with client.websocket_connect(f"/ws/{t['id']}?token={tok}") as game:  # the friend's browser
        secret = None
        for _ in range(10):
            msg = game.receive_json()
            if msg.get("type") == "claimed":
                secret = msg["secret"]
                break
    assert secret
    client.cookies.clear()
    r = on_socket(client, t["id"], tok, {"type": "chat", "text": "I am the guest"})  # the link alone
    assert "another browser" in r["error"]
    assert on_socket(client, t["id"], tok, {"type": "chat", "text": "hi"}, secret=secret)["type"] == "chat"
    with client.websocket_connect(f"/ws/{t['id']}?token={tok}&secret={secret}") as ws:
        ws.send_json({"type": "chat", "text": "over the socket"})
        assert next_social(ws)["message"]["text"] == "over the socket"
        ws.send_json({"type": "chat", "text": "x" * 400})
        err = next_social(ws)
        assert err["type"] == "error" and "at most" in err["error"]
        ws.send_json({"type": "hello"})
        hello = next_social(ws)
        assert hello["type"] == "hello" and hello["seat"] == 1 and len(hello["chat"]) == 2


def test_spectators_chat_when_the_creator_allows(client: TestClient) -> None:
    ann = name(client, "Ann")
    t = new_table(client, ann, spectator_chat=True)
    r = on_socket(client, t["id"], token_of(t["spectator"]["path"]), {"type": "chat", "text": "nice move"})
    assert r["type"] == "chat" and r["message"]["name"] == "Spectator"


# -- the turn clock --------------------------------------------------------------------------------

def test_turn_clock_moves_for_an_absent_player_and_tells_the_table(client: TestClient) -> None:
    t, live = clocked_table(client, 15)
    social = client.app.state.social  # type: ignore[attr-defined]
    portal = client.portal  # type: ignore[attr-defined]
    seat = live.match.to_move
    assert seat is not None
    before = live.seq
    now = time.monotonic()
    portal.call(social._clock_step, live, 15, now)
    portal.call(social._clock_step, live, 15, now + 14)
    assert live.seq == before  # not yet
    portal.call(social._clock_step, live, 15, now + 15.5)
    assert live.seq == before + 1 and live.log[-1]["seat"] == seat
    last = chat_lines(client, t["id"])[-1]
    # a catalogue key and data (the seat, the seconds, the bot), for the page to say in its language
    assert last["system"] and last["key"] == "clock.move" and "text" not in last
    assert last["args"]["seat"] == seat and last["args"]["s"] == 15 and last["args"]["bot"] == "greedy"
    assert live.seats[seat].kind == "human"  # the seat stays the player's


# -- ratings, leaderboard, player page, rematch ----------------------------------------------------

def test_rated_match_updates_both_ratings_leaderboard_and_player_page(client: TestClient) -> None:
    ann, bob = name(client, "Ann"), name(client, "Bob")
    t = new_table(client, ann, options={"rounds": 1})
    bob_link = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob).json()["link"]
    live = table(client, t["id"])
    play_out(client, live, [0, 1])
    social = client.app.state.social  # type: ignore[attr-defined]
    portal = client.portal  # type: ignore[attr-defined]
    portal.call(social.settle, live)  # (the server's ticker may have rated it already)
    assert not portal.call(social.settle, live)  # rated once only
    board = client.get("/api/social/leaderboard/mushi").json()
    names = [p["name"] for p in board["players"]]
    assert sorted(names) == ["Ann", "Bob"] and all(p["matches"] == 1 for p in board["players"])
    totals = live.match.totals
    if totals[0] != totals[1]:
        assert names[0] == ("Ann" if totals[0] > totals[1] else "Bob")
        assert board["players"][0]["rating"] > board["players"][1]["rating"]
    assert count(client, RatingRow) == 2
    page = client.get("/api/social/players/ann").json()
    assert page["name"] == "Ann" and page["ratings"][0]["game"] == "mushi"
    # one rated match: provisional, as the leaderboard says (the page marks it "1000?")
    assert page["ratings"][0]["provisional"] is True and page["provisional_matches"] > 1
    assert page["matches"][0]["replay"] == f"/replay/{t['id']}"
    assert client.get(page["matches"][0]["replay"]).status_code == 200
    assert client.get("/api/social/players/nobody").status_code == 404
    assert client.get("/api/social/players/a%2Fb").status_code == 404  # a name with a slash is a name
    assert client.get("/api/social/leaderboard/chess").status_code == 404
    # rematch: the same seats at a new table; each player gets their own link once
    ann_tok, bob_tok = token_of(t["you"]["path"]), token_of(bob_link)
    r1 = on_socket(client, t["id"], ann_tok, {"type": "rematch"})
    r2 = on_socket(client, t["id"], bob_tok, {"type": "rematch"})
    assert r1["type"] == r2["type"] == "rematch"
    new = table(client, r1["link"].split("/")[2].split("?")[0])
    assert new.id != live.id and role(new, token_of(r1["link"])) == (0, False)
    assert role(new, token_of(r2["link"])) == (1, False)
    assert [s.name for s in new.seats] == ["Ann", "Bob"]
    twice = on_socket(client, t["id"], ann_tok, {"type": "rematch"})
    assert twice["for"] == "rematch" and "already handed out" in twice["error"]
    chat = chat_lines(client, t["id"])
    assert [(m["key"], m["args"]) for m in chat if m["system"]][:2] == [("notice.rematch", {"seat": 0}),
                                                                        ("notice.rematch", {"seat": 1})]


def test_a_table_is_rated_once_when_two_callers_race(client: TestClient) -> None:
    """The ticker, a direct call or another process may settle a table at once: one rates it."""
    import asyncio

    from hanafuda.web.social.models import ResultRow

    ann, bob = name(client, "Ann"), name(client, "Bob")
    t = new_table(client, ann, options={"rounds": 1})
    client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob)
    live = table(client, t["id"])
    social = client.app.state.social  # type: ignore[attr-defined]
    social.settled.add(live.id)  # the server's ticker leaves it to the two callers below
    play_out(client, live, [0, 1])

    async def both() -> list[bool]:
        return list(await asyncio.gather(social.settle(live), social.settle(live)))

    assert sorted(client.portal.call(both)) == [False, True]  # type: ignore[attr-defined]
    with client.app.state.hub.sessions() as db:  # type: ignore[attr-defined]
        assert db.scalar(select(func.count()).select_from(ResultRow)) == 2


def test_solo_player_against_a_bot_gets_a_rating(client: TestClient) -> None:
    ann = name(client, "Ann")
    t = new_table(client, ann, options={"rounds": 1},
                  seats=[{"kind": "me"}, {"kind": "bot", "bot": "greedy"}])
    live = table(client, t["id"])
    play_out(client, live, [0])
    client.portal.call(client.app.state.social.settle, live)  # type: ignore[attr-defined]
    assert [p["name"] for p in client.get("/api/social/leaderboard/mushi").json()["players"]] == ["Ann"]


def test_rematch_refused_before_the_end_and_to_spectators(client: TestClient) -> None:
    ann = name(client, "Ann")
    t = new_table(client, ann)
    r = on_socket(client, t["id"], token_of(t["you"]["path"]), {"type": "rematch"})
    assert r["for"] == "rematch" and "once the match is over" in r["error"]
    r = on_socket(client, t["id"], token_of(t["spectator"]["path"]), {"type": "rematch"})
    assert r["for"] == "rematch" and "only a seated player" in r["error"]


# -- languages, manifest, presets, invites ---------------------------------------------------------

def test_lang_query_selects_and_is_remembered(client: TestClient) -> None:
    for path in ("/", "/leaderboard/mushi", "/player/Ann", "/account", "/rules"):
        r = client.get(path, params={"lang": "ja"})
        assert '<html lang="ja"' in r.text and "hf_lang=ja" in r.headers["set-cookie"], path
    assert '<html lang="ja"' in client.get("/cards").text  # remembered by the cookie
    assert '<html lang="ko"' in client.get("/", params={"lang": "ko"}).text
    client.cookies.clear()
    assert '<html lang="ko"' in client.get("/", headers={"accept-language": "ko-KR,ko;q=0.9"}).text
    assert '<html lang="en"' in client.get("/", params={"lang": "xx"}).text
    ja, ko = client.get("/i18n/ja.json").json(), client.get("/i18n/ko.json").json()
    en = client.get("/i18n/en.json").json()
    assert set(ja) == set(en) == set(ko) and ja["new.create"] != en["new.create"] != ko["new.create"]
    assert client.get("/i18n/de.json").status_code == 404


def test_pages_link_manifest_and_theme(client: TestClient) -> None:
    page = client.get("/").text
    assert 'rel="manifest"' in page and "/static/theme.css" in page
    m = client.get("/manifest.webmanifest").json()
    assert m["start_url"] == "/" and m["icons"][0]["src"] == "/static/icon.svg"
    assert client.get("/static/icon.svg").text.startswith("<svg")
    assert "prefers-color-scheme: dark" in client.get("/static/theme.css").text
    assert "/static/social-table.js" in client.get("/table/abc").text


def test_presets_endpoint_gives_option_words(client: TestClient) -> None:
    data = client.get("/api/social/presets").json()
    for gid, game in GAMES.items():
        assert [p["id"] for p in data["presets"][gid]][0] == "standard"
        for spec in game.option_specs():
            words = data["words"][gid][spec.name]
            assert words["label"] and words["help"] and "_" not in words["label"]
    assert data["applies"]["kwa-do"]["teams"] == [4, 6]


def test_every_preset_is_a_valid_option_set() -> None:
    for gid, game in GAMES.items():
        ps = presets(gid)
        assert ps[0].id == "standard" and len(ps) >= 2, gid
        for p in ps:
            for n in game.player_counts():
                configure(gid, n, p.options)
    assert not applies("kwa-do", "teams", 3) and applies("kwa-do", "teams", 4)
    assert applies("min-hwatu", "five_player_bonus", 5) and not applies("min-hwatu", "five_player_bonus", 2)


def test_serve_prints_every_reachable_url() -> None:
    assert reachable_urls("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    every = reachable_urls("0.0.0.0", 8000)
    assert every[0] == "http://127.0.0.1:8000/" and all(u.endswith(":8000/") for u in every)
    assert "--host 0.0.0.0" in serve_banner("127.0.0.1", 8000, "sqlite://")
    banner = serve_banner("0.0.0.0", 8000, "sqlite://")
    assert all(u in banner for u in every) and "same network" in banner


def test_social_tables_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    url = pg_url
    with TestClient(create_app(url, bot_pause=0)) as client:
        ann, bob = name(client, "Ann"), name(client, "Bob")
        t = new_table(client, ann, options={"rounds": 1})
        client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob)
        live = table(client, t["id"])
        play_out(client, live, [0, 1])
        client.portal.call(client.app.state.social.settle, live)  # type: ignore[attr-defined]
        assert len(client.get("/api/social/leaderboard/mushi").json()["players"]) == 2


def test_one_rate_limiter_from_the_serve_flags(tmp_path: Path) -> None:
    """Issue 28: new tables, socket messages and the lobby's requests share one limiter, set by
    ``hanafuda serve``'s flags (``Limits``)."""
    from hanafuda.web.app import create_app
    from hanafuda.web.limits import Limits

    app = create_app(f"sqlite:///{tmp_path / 'web.db'}",
                     limits=Limits(tables_per_minute=2, messages_per_second=5, rates="chat=1/60"))
    limiter = app.state.limiter
    assert limiter is app.state.hub.limiter
    assert limiter.limits["chat"] == Limit(1, 60.0) and limiter.limits["account"] == Limit(12, 30.0)
    # issue 29: one creation bucket (``create``), set by --tables-per-minute
    assert limiter.limits["create"] == Limit(2, 30.0) and limiter.limits["message"] == Limit(15, 0.2)
    assert "table" not in limiter.limits
    assert limiter.allow("chat", "a") and not limiter.allow("chat", "a") and limiter.allow("chat", "b")
    assert limiter.retry_after("chat", "a") > 0 and limiter.allow("create", "a")
    with pytest.raises(ValueError, match="HANAFUDA_RATE_LIMITS"):
        Limits(rates="chat=none").limiter()


def test_rate_limits_from_the_environment() -> None:
    from hanafuda.web.limits import limits_from_env

    assert limits_from_env("create=30/2")["create"] == Limit(30, 2.0)
    for bad in ("create=lots", "teleport=1/1", "chat=0/1"):
        with pytest.raises(ValueError, match="HANAFUDA_RATE_LIMITS"):
            limits_from_env(bad)


def test_unrated_abandoned_tables_pruned_rated_and_finished_kept(client: TestClient) -> None:
    import datetime as dt

    from sqlalchemy import update

    from hanafuda.web.db import TableRow
    from hanafuda.web.social.setup import keep_days

    ann, bob = name(client, "Ann"), name(client, "Bob")
    unrated = new_table(client, ann, rated=False)
    guest = new_table(client, ann, seats=[{"kind": "me"}, {"kind": "invite"}])  # nobody holds seat 2
    rated = new_table(client, ann)
    client.post(f"/api/social/tables/{rated['id']}/join", json={}, headers=bob)
    fresh = new_table(client, ann, rated=False)
    old = dt.datetime.now(dt.UTC) - dt.timedelta(days=10)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.sessions.begin() as db:
        db.execute(update(TableRow).where(TableRow.id != fresh["id"]).values(created=old))
    social = client.app.state.social  # type: ignore[attr-defined]
    gone = client.portal.call(social.prune_abandoned, 7)  # type: ignore[attr-defined]
    assert sorted(gone) == sorted([unrated["id"], guest["id"]])
    assert client.get(f"/api/tables/{unrated['id']}").status_code == 404
    assert client.get(f"/api/tables/{rated['id']}").status_code == 200
    assert client.get(f"/api/tables/{fresh['id']}").status_code == 200
    assert keep_days("30") == 30.0 and keep_days(None) is None
    with pytest.raises(ValueError, match="number of days"):
        keep_days("forever")


def test_processes_starting_together_share_one_server_secret(tmp_path: Path, monkeypatch) -> None:
    """Two servers on one database (issue 14) both look for the session secret before either
    stored it: the one whose insert loses reads the winner's instead of failing to start."""
    from sqlalchemy.orm import Session

    url = f"sqlite:///{tmp_path / 'two.db'}"
    first = create_app(url, bot_pause=0).state.social.secret("session")
    real_get = Session.get
    missed: list[bool] = []

    def get_misses_once(self, entity, ident, **kw):  # the other process has not committed yet
        if not missed:
            missed.append(True)
            return None
        return real_get(self, entity, ident, **kw)

    monkeypatch.setattr(Session, "get", get_misses_once)
    second = create_app(url, bot_pause=0).state.social.secret("session")
    assert missed and second == first


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_games_and_presets_in_japanese_and_korean(client: TestClient, lang: str) -> None:
    from hanafuda.words.languages import choice_text, game_summary, option_text, preset_text

    games = client.get(f"/api/games?lang={lang}").json()["games"]
    social = client.get(f"/api/social/presets?lang={lang}").json()
    assert social["lang"] == lang
    for g in games:
        game = GAMES[g["id"]]
        assert g["summary"] == game_summary(game, lang) != game.summary
        for o, spec in zip(g["options"], game.option_specs(), strict=True):
            assert (o["label"], o["help"]) == option_text(game, spec, lang)
            words = social["words"][g["id"]][spec.name]
            assert (words["label"], words["help"]) == option_text(game, spec, lang)
            assert list(words["choices"].values()) == [choice_text(game, spec, v, lang) for v in spec.choices]
        assert [(p["name"], p["description"]) for p in social["presets"][g["id"]]] == \
            [preset_text(game, p, lang) for p in presets(g["id"])]
    english = client.get("/api/games").json()["games"]
    assert [g["summary"] for g in english] == [GAMES[g["id"]].summary for g in english]
    for path in ("/api/games?lang=fr", "/api/social/presets?lang=xx"):
        r = client.get(path)
        assert r.status_code == 400 and "unknown language" in r.json()["detail"]


def test_every_lobby_body_is_a_model_naming_the_bad_field(client: TestClient) -> None:
    """Issue 28: the lobby's routes read their bodies through pydantic models (``social.bodies``)."""
    ann = name(client, "Ann")
    t = new_table(client, ann)
    before = tables(client)
    cases = [
        ("/api/social/tables", {"game": "mushi", "players": "two", "seats": []}, "players"),
        ("/api/social/tables", {"game": "mushi", "players": 2, "seats": [{"bot": "greedy"}]}, "seats.0.kind"),
        ("/api/social/tables", {"game": "mushi", "players": 2, "seats": [], "clock": "15"}, "clock"),
        ("/api/social/quick", {"game": "mushi", "players": 2, "wait": "soon"}, "wait"),
        (f"/api/social/tables/{t['id']}/join", {"seat": "1"}, "seat"),
        ("/api/social/login", {"name": "Ann", "password": 12345678}, "password"),
    ]
    for path, body, field in cases:
        r = client.post(path, json=body, headers=ann)
        assert r.status_code == 400 and r.json()["detail"].startswith(field), (path, r.text)
    assert tables(client) == before
