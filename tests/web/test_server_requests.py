"""Issue 14 defects 2, 3 (match length) and 8: every request field is checked for type and range
before any work, answers are clear 400s, never a 500 or a hang."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hanafuda.web.requests import max_rounds, max_target

JSON = {"content-type": "application/json"}


def test_a_huge_player_count_is_refused_at_once(client: TestClient) -> None:
    for players in (3_000_000, 10**7, 2**62, -1, 0):
        r = client.post("/api/tables", json={"game": "mushi", "players": players})
        assert r.status_code == 400, (players, r.text)
        assert "players" in r.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == []


def test_every_field_is_typed_and_bounded(client: TestClient) -> None:
    bad = [
        {"game": 5},
        {"game": "x" * 100},
        {"game": "mushi", "players": "2"},
        {"game": "mushi", "players": 2.0},
        {"game": "mushi", "options": []},
        {"game": "mushi", "options": {f"o{i}": 1 for i in range(40)}},
        {"game": "mushi", "seats": [{"kind": "alien"}, {"kind": "human"}]},
        {"game": "mushi", "seats": [{"kind": "human", "name": "n" * 500}, {"kind": "human"}]},
        {"game": "mushi", "seats": [{"kind": "human"}] * 50},
        {"game": "mushi", "seats": [{"kind": "human", "colour": "red"}, {"kind": "human"}]},
        {"game": "mushi", "seed": -1},
        {"game": "mushi", "seed": 2**63},
        {"game": "mushi", "seed": "7"},
        {"game": "mushi", "theme": ["hwatu"]},
        {"game": "mushi", "surprise": True},
    ]
    for body in bad:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["detail"], body
    assert client.get("/api/tables").json()["tables"] == []


def test_match_length_is_bounded_per_game(client: TestClient) -> None:
    for game in ("mushi", "hawaiifuda", "kwa-do"):
        for option, bound in (("rounds", max_rounds(game)), ("target", max_target(game))):
            r = client.post("/api/tables", json={"game": game, "options": {option: bound + 1}})
            assert r.status_code == 400 and f"at most {bound}" in r.json()["detail"], r.text
            r = client.post("/api/tables", json={"game": game, "options": {option: bound}})
            assert r.status_code == 201, r.text
    r = client.post("/api/tables", json={"game": "mushi", "options": {"rounds": 10**100}})
    assert r.status_code == 400
    assert max_rounds("hawaiifuda") == 12 and max_rounds("mushi") == 24 and max_target("kwa-do") == 2000


def test_deeply_nested_json_is_a_clear_400(client: TestClient) -> None:
    deep = b'{"game": "mushi", "options": {"x": ' + b"[" * 5000 + b"]" * 5000 + b"}}"
    r = client.post("/api/tables", content=deep, headers=JSON)
    assert r.status_code in (400, 413) and r.json()["detail"]
    r = client.post("/api/replay", content=b"[" * 100_000 + b"]" * 100_000, headers=JSON)
    assert r.status_code in (400, 413) and r.json()["detail"]


def test_match_length_bounds_hold_for_every_spelling_and_every_way_to_a_table(client: TestClient) -> None:
    """The game reads ``"30"`` as 30: a number given as text must meet the same bound, and the
    lobby's own table creation (``/api/social/tables``) is bounded like ``/api/tables``."""
    huge = "1" + "0" * 100
    for options in ({"rounds": huge}, {"rounds": "25"}, {"rounds": " 25"}, {"target": "1001"}):
        r = client.post("/api/tables", json={"game": "mushi", "options": options})
        assert r.status_code == 400 and "at most" in r.json()["detail"], (options, r.text)
    ok = client.post("/api/tables", json={"game": "mushi", "options": {"rounds": "24"}})
    assert ok.status_code == 201, ok.text
    key = client.post("/api/social/names", json={"name": "Ann"}).json()["key"]
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}]
    bad: list[dict[str, object]] = [{"rounds": 10**100}, {"rounds": huge}, {"target": 1001}]
    for lobby_options in bad:
        r = client.post("/api/social/tables", headers={"x-player-key": key},
                        json={"game": "mushi", "players": 2, "seats": seats, "options": lobby_options})
        assert r.status_code == 400 and "at most" in r.json()["detail"], (lobby_options, r.text)
    r = client.post("/api/social/tables", headers={"x-player-key": key},
                    json={"game": "mushi", "players": 2, "seats": seats, "options": {"rounds": 24}})
    assert r.status_code == 201, r.text
    assert len(client.get("/api/tables").json()["tables"]) == 2  # the refused ones made nothing
