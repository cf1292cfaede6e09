"""Hints at a web table (issue 13): a table option chosen at creation (on by default for unrated
tables with bots, never at a rated table); the server answers a seat's "hint" message with the
best move and the runner-up in words (``agents.hint`` + ``words.hint_lines``), refuses it where
hints are not allowed, to spectators and for another seat, and says in the record that hints
were allowed."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from hanafuda.agents import hint
from hanafuda.words import Namer, describe_move

from .social_helpers import name, new_table, on_socket, table, token_of
from .wsutil import create, errors, receive

BOT = {"kind": "bot", "bot": "greedy"}


def _my_turn(ws: Any) -> dict[str, Any]:
    """The first state where this seat is to move (Mushi 2p: the human holds seat 0)."""
    while True:
        msg = receive(ws)
        if msg["type"] == "state" and msg["view"]["to_move"] == msg["you"] and msg["view"]["legal"]:
            return msg


def _hint(ws: Any) -> dict[str, Any]:
    ws.send_json({"type": "hint"})
    while True:
        msg = receive(ws)
        if msg["type"] in ("hint", "error"):
            return msg


def test_hint_gives_best_and_runner_up_in_words(client: TestClient) -> None:
    t = create(client, "mushi", seats=[{"kind": "human"}, BOT], seed=11)
    assert client.get(f"/api/tables/{t['id']}").json()["hints"] is False
    r = client.post("/api/tables", json={"game": "mushi", "players": 2, "seed": 11, "hints": True,
                                         "seats": [{"kind": "human"}, BOT]})
    assert r.status_code == 201, r.text
    t = r.json()
    assert client.get(f"/api/tables/{t['id']}").json()["hints"] is True
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        state = _my_turn(ws)
        got = _hint(ws)
        assert got["type"] == "hint", got
        live = table(client, t["id"])
        view = live.match.view(0)
        expected = hint(view)
        namer = Namer(live.match.config, live.theme, 0, tuple(s.name for s in live.seats))
        assert got["best"] == expected.best and got["runner_up"] == expected.runner_up
        assert got["best"] in state["view"]["legal"]
        assert got["best_card"] == describe_move(view, expected.best, namer).card
        assert got["best_card"] in state["view"]["hand"]
        best_text = describe_move(view, expected.best, namer).text
        assert got["lines"][0].startswith("Best: ") and best_text in got["lines"][0]
        # the best move, the runner-up, and how the round leans: in words, no estimate as a number
        assert len(got["lines"]) == 3 and got["lines"][1].startswith("Next best: ")
        assert got["lines"][2].startswith("This round ") and "worth" not in " ".join(got["lines"])
        ws.send_json({"type": "hint", "seat": 1})  # never for a seat this socket does not hold
        err = errors(ws)[0]
        assert err["code"] == "forbidden" and "your own seat" in err["error"]
        ws.send_json({"type": "move", "move": got["best"]})  # the hint changed nothing: still legal
        while True:
            msg = receive(ws)
            if msg["type"] == "state" and any(e["text"] == got["best"] and e["seat"] == 0
                                               for e in msg["log"]):
                break
            assert msg["type"] != "error", msg
    with client.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}") as spec:
        spec.send_json({"type": "hint"})
        assert errors(spec)[0]["code"] == "spectator"


def test_hint_refused_where_the_table_does_not_allow_it(client: TestClient) -> None:
    t = create(client, "mushi", seats=[{"kind": "human"}, BOT], seed=11)
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        _my_turn(ws)
        got = _hint(ws)
        assert got["type"] == "error" and got["code"] == "no-hints", got
        assert "does not allow hints" in got["error"]


def test_hint_not_your_turn(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "mushi", "players": 2, "hints": True,
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    t = r.json()
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as a, \
            client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][1]['token']}") as b:
        while True:
            msg = receive(a)
            if msg["type"] == "state":
                break
        waiting = b if msg["view"]["to_move"] == 0 else a
        got = _hint(waiting)
        assert got["type"] == "error" and got["code"] == "not-your-turn", got


def test_lobby_hints_default_on_unrated_with_bots_off_rated_and_refused_rated(client: TestClient) -> None:
    ann = name(client, "Ann")
    bots = [{"kind": "me"}, BOT]
    unrated = new_table(client, ann, seats=bots, rated=False)
    assert table(client, unrated["id"]).hints is True
    rated = new_table(client, ann, seats=bots)
    assert table(client, rated["id"]).hints is False
    people = new_table(client, ann, rated=False)  # no bots: off unless asked for
    assert table(client, people["id"]).hints is False
    asked = new_table(client, ann, rated=False, hints=True)
    assert table(client, asked["id"]).hints is True
    before = len(client.get("/api/tables").json()["tables"])
    r = client.post("/api/social/tables", headers=ann,
                    json={"game": "mushi", "players": 2, "seats": bots, "rated": True, "hints": True})
    assert r.status_code == 400 and "hints are off in rated play" in r.json()["detail"]
    r = client.post("/api/social/tables", headers=ann,
                    json={"game": "mushi", "players": 2, "seats": bots, "rated": False, "hints": "yes"})
    assert r.status_code == 400 and "hints" in r.json()["detail"]
    assert len(client.get("/api/tables").json()["tables"]) == before
    # the rated table's seat is refused a hint over the websocket
    with client.websocket_connect(f"/ws/{rated['id']}?token={token_of(rated['you']['path'])}") as ws:
        _my_turn(ws)
        got = _hint(ws)
        assert got["type"] == "error" and got["code"] == "no-hints", got


def test_record_says_hints_were_allowed_and_it_survives_a_reload(client: TestClient) -> None:
    from .social_helpers import play_out

    ann = name(client, "Ann")
    t = new_table(client, ann, seats=[{"kind": "me"}, BOT], rated=False, options={"rounds": 1})
    live = table(client, t["id"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    del hub.tables[t["id"]]  # rebuilt from the database
    assert table(client, t["id"]).hints is True
    play_out(client, table(client, t["id"]), [0])
    assert live is not table(client, t["id"])
    record = client.get(f"/api/tables/{t['id']}/record").json()
    assert record["meta"]["web"]["hints"] is True
    rated = new_table(client, ann, seats=[{"kind": "me"}, BOT], options={"rounds": 1})
    play_out(client, table(client, rated["id"]), [0])
    assert client.get(f"/api/tables/{rated['id']}/record").json()["meta"]["web"]["hints"] is False


def test_a_rematch_keeps_the_tables_hints(client: TestClient) -> None:
    """The match's one end action (issue 28): a rematch of an unrated table with hints is unrated
    with hints again, and the other seats are told, not moved."""
    from .social_helpers import play_out

    r = client.post("/api/tables", json={"game": "mushi", "players": 2, "hints": True,
                                         "options": {"rounds": 1}, "seats": [{"kind": "human"}, BOT]})
    made = r.json()
    live = table(client, made["id"])
    play_out(client, live, [0])
    again = on_socket(client, made["id"], made["seats"][0]["token"], {"type": "rematch"})
    assert again["type"] == "rematch", again
    new_id = again["link"].split("/")[2].split("?")[0]
    assert table(client, new_id).hints is True and new_id != made["id"]


def test_hint_from_a_socket_on_another_process(pg_url: str, tmp_path: Any) -> None:
    """Two servers on one PostgreSQL: the table lives on A, both seats' sockets on B; B forwards the
    hint to A (the table's owner) and hands the answer to the asking socket only."""
    import json

    import httpx

    from .test_server_multiprocess import member, open_seat, server, state

    url = pg_url
    a = server(url, tmp_path / "a.log").start()
    try:
        b = server(url, tmp_path / "b.log").start()
        try:
            r = httpx.post(a.url + "/api/tables", timeout=60, json={
                "game": "mushi", "players": 2, "hints": True,
                "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert r.status_code == 201, r.text
            t = r.json()
            ws0, _ = open_seat(b, t, 0)
            ws1, _ = open_seat(b, t, 1)
            try:
                from websockets.sync.client import connect

                with connect(f"ws://127.0.0.1:{a.port}/ws/{t['id']}?token={t['spectator_token']}",
                             open_timeout=60) as on_a:
                    assert member(on_a) != member(ws0) == member(ws1)  # the seats are not on A
                st0, st1 = state(ws0), state(ws1)
                mover, st = (ws0, st0) if st0["view"]["to_move"] == 0 else (ws1, st1)
                mover.send(json.dumps({"type": "hint"}))
                while True:
                    msg = json.loads(mover.recv(timeout=120))
                    if msg["type"] in ("hint", "error"):
                        break
                assert msg["type"] == "hint", msg
                assert msg["best"] in st["view"]["legal"] and msg["lines"][0].startswith("Best: ")
            finally:
                ws0.close()
                ws1.close()
        finally:
            b.stop()
    finally:
        a.stop()
