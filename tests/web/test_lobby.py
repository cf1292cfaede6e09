"""The lobby's list and what every page is served with (issue 28): a page of short summaries
(``web.lobby``), bots by their display names, abandoned tables marked, gzip and Cache-Control."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import update

from hanafuda.agents import AGENTS
from hanafuda.web.db import TableRow
from hanafuda.web.lobby import PAGE_SIZE, seat_label

from .social_helpers import play_out, table
from .wsutil import create

BOT = {"kind": "bot", "bot": "greedy"}


def test_bots_read_by_their_display_names() -> None:
    assert {a.display_name for a in AGENTS.values()} >= {"Casual bot", "Strong bot", "Expert bot"}
    assert seat_label("bot", "strong", "strong") == "Strong bot"
    assert seat_label("bot", "strong", "", "ja") == "上級ボット"
    # a person's seat handed over keeps the person's name, the bot named as everywhere
    assert seat_label("bot", "greedy", "Ann (greedy bot)") == "Ann (Casual bot)"
    assert seat_label("bot", "greedy", "Ann (greedy bot)", "ko") == "Ann(초급 봇)"
    assert seat_label("human", None, "greedy") == "greedy"  # a person may be called anything


def test_the_list_is_paged_short_and_marks_every_status(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    finished = create(client, "mushi", seats=[{"kind": "human"}, BOT], options={"rounds": 2})
    play_out(client, table(client, finished["id"]), [0])
    made = [create(client, "mushi", seats=[{"kind": "human"}, BOT])["id"] for _ in range(PAGE_SIZE)]
    with hub.sessions.begin() as db:
        db.execute(update(TableRow).where(TableRow.id == made[-1]).values(status="abandoned"))
    first = client.get("/api/lobby/tables").json()
    assert first["page"] == 0 and first["more"] and len(first["tables"]) == PAGE_SIZE
    newest = first["tables"][0]
    assert newest["id"] == made[-1] and newest["status"] == "abandoned" and newest["watch"] is None
    running = first["tables"][1]
    assert running["status"] == "running" and running["round"] == 1 and running["watch"].startswith("/table/")
    assert running["seats"] == [{"number": 1, "name": "Player 1", "bot": False},
                                {"number": 2, "name": "Casual bot", "bot": True}]
    assert set(running) == {"id", "title", "players", "status", "round", "seats", "watch", "replay"}
    second = client.get("/api/lobby/tables", params={"page": 1}).json()
    assert not second["more"] and [t["id"] for t in second["tables"]] == [finished["id"]]
    done = second["tables"][0]
    assert done["status"] == "finished" and done["round"] == 2
    assert done["replay"] == f"/replay/{finished['id']}"
    assert client.get("/api/lobby/tables", params={"page": -1}).status_code == 422


def test_the_list_names_games_and_bots_in_the_pages_language(client: TestClient) -> None:
    """``?lang=`` (or the language cookie) names the rows' games by ``words.game_title`` and bots by
    ``words.names.bot_name``, as every other page does (issue 28)."""
    create(client, "hana-awase", seats=[{"kind": "human"}, BOT])
    rows = {lang: client.get("/api/lobby/tables", params={"lang": lang}).json()["tables"][0]
            for lang in ("en", "ja", "ko")}
    assert [r["title"] for r in rows.values()] == ["Hana-Awase", "花合わせ", "하나아와세(花合わせ)"]
    assert [r["seats"][1]["name"] for r in rows.values()] == ["Casual bot", "初級ボット", "초급 봇"]
    assert len({client.get("/api/lobby/tables", params={"lang": lang}).headers["etag"] for lang in rows}) == 3


def test_an_unchanged_page_is_not_sent_again(client: TestClient) -> None:
    t = create(client, "mushi", seats=[{"kind": "human"}] * 2)
    first = client.get("/api/lobby/tables")
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    same = client.get("/api/lobby/tables", headers={"if-none-match": etag})
    assert same.status_code == 304 and same.content == b""
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        ws.receive_json()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        live = hub.tables[t["id"]]
        seat = live.match.to_move
        client.portal.call(hub.submit, live, seat, live.match.legal_moves()[0], "person")  # type: ignore[attr-defined]
        live = hub.tables[t["id"]]
        while not live.match.round_over:
            client.portal.call(hub.submit, live, live.match.to_move,  # type: ignore[attr-defined]
                               live.match.legal_moves()[0], "person")
        client.portal.call(hub.submit, live, 0, "next-round", "person")  # type: ignore[attr-defined]
    changed = client.get("/api/lobby/tables", headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed.json()["tables"][0]["round"] == 2


def test_pages_and_static_files_are_compressed_and_revalidated(client: TestClient) -> None:
    gz = {"accept-encoding": "gzip"}
    for path in ("/", "/static/lobby.js", "/static/style.css", "/api/games"):
        r = client.get(path, headers=gz)
        assert r.status_code == 200 and r.headers.get("content-encoding") == "gzip", path
    js = client.get("/static/lobby.js")
    assert js.headers["cache-control"] == "no-cache" and js.headers.get("etag")
    again = client.get("/static/lobby.js", headers={"if-none-match": js.headers["etag"]})
    assert again.status_code == 304
    plain = client.get("/static/lobby.js", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers


def test_open_seats_are_listed_without_loading_any_match(client: TestClient) -> None:
    from .social_helpers import name, new_table

    hub = client.app.state.hub  # type: ignore[attr-defined]
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "greedy"}]
    t = new_table(client, name(client, "Ann"), seats=seats, players=3, game="min-hwatu")
    hub.tables.clear()
    listed = client.get("/api/social/open").json()["tables"]
    assert [x["id"] for x in listed] == [t["id"]] and listed[0]["free"] == 1
    assert [(s["name"], s["open"]) for s in listed[0]["seats"]] == [("Ann", False), ("Open seat", True),
                                                                    ("Casual bot", False)]
    assert t["id"] not in hub.tables  # read from the database alone
