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
    ann = name(client, "Ann")  # (held once: the deal decides who plays first, so tables are tried)
    for _ in range(40):
        t = new_table(client, ann, game="koi-koi")
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


def test_a_table_of_bots_only_is_one_its_creator_watches(client: TestClient) -> None:
    """Walk41 finding 16: the lobby may make a table of bots only; its creator has no seat there
    and opens it as the creator's view.  It is unrated; a person's seat among bots still needs a
    seat of the creator's (a clear refusal, no table made)."""
    ann = name(client, "Watcher")
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "strong"}]
    body = {"game": "koi-koi", "players": 2, "seats": bots, "rated": False}
    t = new_table(client, ann, **body)
    assert t["creator"].endswith(t["you"]["path"])  # the creator's view: no seat is theirs
    live = table(client, t["id"])
    assert [s.kind for s in live.seats] == ["bot", "bot"]
    before = len(client.get("/api/lobby/tables").json()["tables"])
    for seats, rated, why in ((bots, True, "not rated"),
                              ([{"kind": "invite"}, bots[0]], False, "exactly one seat is yours")):
        r = client.post("/api/social/tables", headers=ann,
                        json={**body, "seats": seats, "rated": rated})
        assert r.status_code == 400 and why in r.json()["detail"], r.text
    assert len(client.get("/api/lobby/tables").json()["tables"]) == before
