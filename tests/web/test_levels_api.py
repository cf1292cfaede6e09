"""Bot levels on the web (issue 31): ``/api/games`` lists the levels and, per game and player
count, those that can play it; a table's bot seat may name a level in any letter case."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hanafuda.agents import LEVELS, available_levels
from hanafuda.rules import configure

from .social_helpers import name, new_table


def test_games_list_the_levels_and_where_each_plays(client: TestClient) -> None:
    data = client.get("/api/games").json()
    assert [lv["id"] for lv in data["levels"]] == [lv.id for lv in LEVELS]
    assert data["levels"][2] == {"id": "intermediate", "name": "Intermediate", "bot": "policy",
                                 "description": LEVELS[2].description}
    for game in data["games"]:
        for n, levels in game["levels"].items():
            assert levels == list(available_levels(configure(game["id"], int(n))))
            assert {"beginner", "casual", "strong"} <= set(levels)


def test_a_table_seats_a_level_and_the_lobby_names_it(client: TestClient) -> None:
    r = client.post("/api/tables", json={
        "game": "mushi", "players": 2, "options": {"rounds": 1},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "Intermediate"}]})
    assert r.status_code == 201, r.text
    r = client.post("/api/tables", json={
        "game": "mushi", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "grandmaster"}]})
    assert r.status_code == 400 and "levels are: beginner, casual" in r.text
    ann = name(client, "Ann")
    new_table(client, ann, seats=[{"kind": "me"}, {"kind": "bot", "bot": "casual"}])
    seats = [s for t in client.get("/api/lobby/tables").json()["tables"] for s in t["seats"]]
    assert "Casual bot" in [s["name"] for s in seats if s["bot"]]


def test_a_level_whose_network_is_missing_is_refused_by_name(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import hanafuda.agents as agents

    monkeypatch.setattr(agents, "shipped_weights", lambda *args, **kwargs: None)
    r = client.post("/api/tables", json={
        "game": "mushi", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "Expert"}]})
    assert r.status_code == 400 and "the Expert level has no trained network for mushi" in r.text
