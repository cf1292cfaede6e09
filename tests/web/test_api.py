"""The JSON API: games and their option schemas, creating tables, listing, records, cards."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hanafuda import agents
from hanafuda.rules import GAMES, get_game
from hanafuda.web.db import make_engine, migrate

JSON = {"content-type": "application/json"}


def test_games_list_every_option_with_default_and_help(client: TestClient) -> None:
    data = client.get("/api/games").json()
    assert [g["id"] for g in data["games"]] == list(GAMES)
    for g in data["games"]:
        names = [o["name"] for o in g["options"]]
        assert names == [s.name for s in get_game(g["id"]).option_specs()]
        assert all(o["help"] and "default_text" in o for o in g["options"])
    assert set(data["bots"]) >= {"random", "greedy", "strong", "policy", "expert"}


def test_create_table_gives_secret_seat_links(client: TestClient) -> None:
    r = client.post("/api/tables", json={
        "game": "hana-awase", "players": 3, "options": {"teyaku": True},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    t = r.json()
    tokens = [s["token"] for s in t["seats"]]
    assert tokens[0] and tokens[1] and tokens[2] is None and tokens[0] != tokens[1]
    assert t["spectator_token"] not in tokens
    listed = client.get("/api/tables").json()["tables"]
    assert listed[0]["id"] == t["id"] and listed[0]["seats"][0]["name"] == "Ann"
    assert all("token" not in s for s in listed[0]["seats"])


def test_a_koi_koi_table_offers_its_trained_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert games["koi-koi"]["bots"] == {"2": ["random", "greedy", "strong", "policy", "expert"]}
    r = client.post("/api/tables", json={
        "game": "koi-koi", "players": 2, "options": {"rounds": 3},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "policy"}]})
    assert r.status_code == 201, r.text


def test_a_game_without_a_network_offers_only_bots_that_can_play_it(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    real = agents.shipped_weights
    monkeypatch.setattr(agents, "shipped_weights",
                        lambda game, *rest: None if game == "koi-koi" else real(game, *rest))
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert games["koi-koi"]["bots"] == {"2": ["random", "greedy", "strong"]}
    assert "policy" in games["mushi"]["bots"]["2"]
    r = client.post("/api/tables", json={
        "game": "koi-koi", "players": 2, "options": {"rounds": 3},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "strong"}]})
    assert r.status_code == 201, r.text
    r = client.post("/api/tables", json={
        "game": "koi-koi", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "policy"}]})
    assert r.status_code == 400 and "no trained network for koi-koi" in r.text


def test_bad_table_requests_are_400(client: TestClient) -> None:
    assert client.post("/api/tables", content=b"{nope", headers=JSON).status_code == 400
    assert client.post("/api/tables", json={"game": "chess"}).status_code == 400
    assert client.post("/api/tables", json={"game": "mushi", "players": 3}).status_code == 400
    r = client.post("/api/tables", json={"game": "mushi", "options": {"bogus": 1}})
    assert r.status_code == 400 and "bogus" in r.text
    r = client.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "bot", "bot": "x"}] * 2})
    assert r.status_code == 400
    assert client.post("/api/tables", json={"game": "mushi", "theme": "klingon"}).status_code == 400
    assert client.post("/api/tables", json={"game": "mushi", "seed": 2**70}).status_code == 400
    assert client.post("/api/tables", json={"game": "mushi", "players": True}).status_code == 400


def test_record_is_private_until_the_match_ends(client: TestClient) -> None:
    t = client.post("/api/tables", json={"game": "mushi"}).json()
    assert client.get(f"/api/tables/{t['id']}/record").status_code == 403
    assert client.get(f"/api/tables/{t['id']}/replay").status_code == 403
    assert client.get("/api/tables/nope/record").status_code == 404


def test_pages_and_cards_are_served(client: TestClient) -> None:
    for path in ("/", "/table/x", "/replay", "/rules/mushi", "/cards", "/static/table.js", "/replay/x"):
        assert client.get(path).status_code == 200, path
    svg = client.get("/card/hwatu/willow-rainman.svg")
    assert svg.status_code == 200 and svg.text.startswith("<svg") and "12" in svg.text
    assert client.get("/card/hanafuda/nothing.svg").status_code == 404
    cards = client.get("/api/cards/kwa-do").json()["cards"]
    assert len(cards) == 48 and cards[0]["label"]


def test_a_face_names_its_card_in_the_pages_language(client: TestClient) -> None:
    """Issue 28, as issue 33 changed it: the face draws no words, its label (``aria-label`` and
    ``<title>``) names the card in the page's language: 松に鶴 with ?lang=ja, the hwatu name with
    ?lang=ko; English stays the default, and a language the site does not speak is refused."""
    english = client.get("/card/hanafuda/pine-crane.svg").text
    japanese = client.get("/card/hanafuda/pine-crane.svg", params={"lang": "ja"}).text
    korean = client.get("/card/hwatu/pine-crane.svg", params={"lang": "ko"}).text
    assert "Crane and Sun." in english and "松に鶴" not in english
    assert "<title>松 (1) · 松に鶴 · 光</title>" in japanese and "Crane" not in japanese
    assert "송학 광" in korean and "Crane" not in korean
    assert all("<text" not in face for face in (english, japanese, korean))
    assert client.get("/card/hanafuda/pine-crane.svg", params={"lang": "xx"}).status_code == 422


def test_migrations_are_idempotent(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    migrate(engine)
    migrate(engine)
    with engine.connect() as conn:
        names = {r[0] for r in conn.exec_driver_sql("select name from sqlite_master where type='table'")}
    assert {"tables", "seats", "table_events", "alembic_version"} <= names


def test_upload_a_record_to_replay(client: TestClient) -> None:
    from pathlib import Path

    path = sorted((Path(__file__).parents[1] / "records").glob("*.json"))[0]
    r = client.post("/api/replay", content=path.read_bytes(), headers=JSON)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["frames"][0]["label"] == "round 1 dealt" and len(data["frames"]) > 10
    assert all(len(f["hands"]) == data["players"] for f in data["frames"])
    bad = client.post("/api/replay", json={"game": "mushi", "players": 2, "rounds": [{"moves": ["x"]}]})
    assert bad.status_code == 400
    assert client.post("/api/replay", content=b"[[[", headers=JSON).status_code == 400


def test_rules_data_teach_the_game_and_name_its_theme(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert {g: games[g]["theme"] for g in games} == {
        "min-hwatu": "hwatu", "hana-awase": "hanafuda", "kwa-do": "kwa-do",
        "hawaiifuda": "hawaiifuda", "mushi": "hanafuda", "koi-koi": "hanafuda"}
    for g in games.values():
        text = " ".join(g["how_to_play"])
        assert "month" in text and "stock" in text and "capture" in text and "round" in text
    assert "Pāhoehoe" in " ".join(games["hawaiifuda"]["how_to_play"])
    assert "docs/rules" not in client.get("/rules/mushi").text


def test_running_tables_offer_a_watch_link_and_replays_name_moves(client: TestClient) -> None:
    running = client.post("/api/tables", json={"game": "mushi"}).json()
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[running["id"]]["watch"] == running["spectator_link"]
    t = client.post("/api/tables", json={
        "game": "kwa-do", "players": 2, "seed": 3, "options": {"rounds": 1, "yaku": True, "target": 1},
        "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]}).json()
    import time
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert {x["id"]: x for x in client.get("/api/tables").json()["tables"]}[t["id"]]["watch"] is None
    data = client.get(f"/api/tables/{t['id']}/replay").json()
    assert data["title"] == "Kwa-Dō" and data["yaku_names"]["boar-geese-deer"] == "Boar, Geese, Deer"
    assert data["frames"][1]["move"] and data["frames"][0]["move"] is None
    # each step says the move in words, as the table's log does: who, what, what it took
    labels = [f["label"] for f in data["frames"] if f["move"]]
    # bots by their display names (issue 28)
    named = ("Casual bot (seat 1)", "Beginner bot (seat 2)")
    assert all(label.startswith(named) for label in labels), labels[:3]
    assert any("turned over" in label for label in labels)
    assert not any(f["move"] in f["label"] for f in data["frames"] if f["move"])


def test_card_badges_show_the_games_values(client: TestClient) -> None:
    """RULES.md §1: Hawaiʻifuda ribbons are worth 10 and animals 5, Min-Hwatu chaff 0; the table
    sends each card's value and the card face puts it on the badge."""
    t = client.post("/api/tables", json={
        "game": "hawaiifuda", "players": 2,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}]}).json()
    summary = next(s for s in client.get("/api/tables").json()["tables"] if s["id"] == t["id"])
    ids = {card["code"]: i for i, card in enumerate(client.get("/api/cards/hanafuda").json()["cards"])}
    values = summary["card_values"]  # by card id: no card code in a message to a seat
    assert values[ids["clover-ribbon"]] == 10 and values[ids["clover-boar"]] == 5
    assert values[ids["willow-rainman"]] == 5 and len(values) == 48
    ribbon = values[ids["clover-ribbon"]]
    # issue 33: the value is said in the label, and drawn on the optional corner index
    assert "10 points" in client.get("/card/hanafuda/clover-ribbon.svg", params={"points": ribbon}).text
    face = client.get("/card/hanafuda/clover-ribbon.svg", params={"points": ribbon, "index": 1}).text
    assert ">R10<" in face and "10 points" in face
    assert ">R5<" in client.get("/card/hanafuda/clover-ribbon.svg?index=1").text  # no game: the usual value
    assert client.get("/card/hanafuda/clover-ribbon.svg", params={"points": -1}).status_code == 422
    assert client.get("/card/hanafuda/clover-ribbon.svg", params={"points": "x"}).status_code == 422
