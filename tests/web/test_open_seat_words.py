"""An open seat said in each reader's language (issue 28, walk41 finding 11): the seat's flag
(``Seat.open``, ``SeatRow.open``), not its stored English name, makes the table's words, the
lobby's list and the open-seat list say "Open seat", "空席", "빈 자리"; the stored name stays."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hanafuda.web.messages import state_message

from .social_helpers import name, new_table, table

WORD = {"en": "Open seat", "ja": "空席", "ko": "빈 자리"}


def test_an_open_seat_reads_in_every_language_until_someone_takes_it(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    # a two-seat table whose open seat (seat 2) plays first: its turn line names it
    for _ in range(40):
        t = new_table(client, name(client, "Ann"), game="koi-koi")
        live = table(client, t["id"])
        if live.match.to_move == 1:
            break
    assert live.match.to_move == 1 and live.seats[1].open and live.seats[1].name == "Open seat"
    for lang, word in WORD.items():
        words = state_message(live, 0, lang=lang)["words"]
        assert [s["name"] for s in words["seats"]][1].startswith(word), words["seats"]
        assert word in words["turn"] and ("Open seat" not in words["turn"] or lang == "en"), words["turn"]
        listed = client.get("/api/lobby/tables", params={"lang": lang}).json()["tables"]
        assert [s["name"] for x in listed if x["id"] == t["id"] for s in x["seats"]] == ["Ann", word]
        opened = client.get("/api/social/open", params={"lang": lang}).json()["tables"]
        assert [s["name"] for x in opened if x["id"] == t["id"] for s in x["seats"]] == ["Ann", word]
    # a table read back from the database knows the seat is open
    hub.tables.clear()
    again = table(client, t["id"])
    assert again.seats[1].open
    assert state_message(again, 0, lang="ja")["words"]["seats"][1]["name"].startswith("空席")
    # someone takes it: from then on it is theirs, by their name, in every language
    r = client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=name(client, "Bea"))
    assert r.status_code == 200, r.text
    live = table(client, t["id"])
    assert not live.seats[1].open
    assert state_message(live, 0, lang="ja")["words"]["seats"][1]["name"].startswith("Bea")
    listed = client.get("/api/lobby/tables", params={"lang": "ko"}).json()["tables"]
    assert [s["name"] for x in listed if x["id"] == t["id"] for s in x["seats"]] == ["Ann", "Bea"]
