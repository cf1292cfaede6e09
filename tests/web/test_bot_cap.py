"""Issue 29: the bot-table cap counts every running table with a bot seat, however the bot got there
(made with bots, a resignation, the creator's hand-over, a quick match's fill), in one process and
over the processes of one PostgreSQL database.  Before, giving a people-only table's seats to bots
afterwards ran 70 bot tables under a cap of 50.  A refused hand-over is a clear error and changes
nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanafuda.web.app import create_app
from hanafuda.web.limits import Limits
from hanafuda.web.live import CapacityError

from .social_helpers import name
from .wsutil import next_state, receive

CAP = 2
LIMITS = Limits(bot_tables=CAP, tables_per_minute=10_000, bot_only_moves_per_second=0)
BOT = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def post(c: TestClient, seats: list[dict[str, Any]]) -> Any:
    return c.post("/api/tables", json={"game": "mushi", "players": 2, "seats": seats})


def made(c: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    r = post(c, seats)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def seats_everywhere(c: TestClient, table_id: str) -> tuple[list[str], list[str], dict[int, Any], int]:
    """The seat kinds in memory and in the database, the table's bots and its event count."""
    hub = c.app.state.hub  # type: ignore[attr-defined]
    live = hub.tables[table_id]
    stored = hub.store.read(table_id)
    return [s.kind for s in live.seats], [s.kind for s in stored.seats], dict(live.agents), live.seq


def answer(ws: Any, seat: int) -> dict[str, Any]:
    """The first error, or the first state where ``seat`` is a bot's."""
    while True:
        msg = receive(ws)
        if msg["type"] == "error":
            return msg
        if msg["type"] == "state" and msg["table"]["seats"][seat]["kind"] == "bot":
            return msg


def resign(c: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 resigns (the greedy bot would play it on): the first answer, an error or a state."""
    with c.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        next_state(ws)
        ws.send_json({"type": "resign"})
        return answer(ws, 0)


def hand_over(c: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    """The creator hands seat 1 (its player never came) to a bot: the first error or state after."""
    with c.websocket_connect(f"/ws/{t['id']}?token={t['creator_token']}") as boss:
        next_state(boss)
        boss.send_json({"type": "bot-takeover", "seat": 1, "bot": "strong"})
        return answer(boss, 1)


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_pause=0, limits=LIMITS)
    with TestClient(app) as c:
        yield c


def test_a_seat_handed_to_a_bot_counts_and_a_51st_is_refused(capped: TestClient) -> None:
    c = capped
    hub = c.app.state.hub  # type: ignore[attr-defined]
    smuggled, other = made(c, PEOPLE), made(c, PEOPLE)
    made(c, BOT)
    assert resign(c, smuggled)["type"] == "state"  # a bot got there afterwards: it counts from now on
    assert hub.bot_tables() == CAP
    refused = post(c, BOT)  # the cap is full: one made with bots is refused ...
    assert refused.status_code == 503 and f"{CAP} tables with bots" in refused.json()["detail"]
    before = seats_everywhere(c, other["id"])
    # ... and so is every way to give a people-only table a bot afterwards
    error = resign(c, other)
    assert error["code"] == "capacity" and f"{CAP} tables with bots" in error["error"]
    assert "cannot leave" in error["error"]
    error = hand_over(c, other)
    assert error["code"] == "capacity" and f"{CAP} tables with bots" in error["error"]
    assert seats_everywhere(c, other["id"]) == before == (["human", "human"], ["human", "human"], {}, 0)
    assert hub.bot_tables() == CAP


def test_a_quick_match_is_not_filled_with_bots_past_the_cap(capped: TestClient) -> None:
    c = capped
    hub, social = c.app.state.hub, c.app.state.social  # type: ignore[attr-defined]
    ann, bob = name(c, "Ann"), name(c, "Bob")
    quick = c.post("/api/social/quick", json={"game": "min-hwatu", "players": 3, "wait": 60}, headers=ann)
    assert c.post("/api/social/quick", json={"game": "min-hwatu", "players": 3, "wait": 60},
                  headers=bob).json()["table"] == quick.json()["table"]
    live = hub.tables[quick.json()["table"]]
    for _ in range(CAP):
        made(c, BOT)
    with pytest.raises(CapacityError, match=f"{CAP} tables with bots"):
        c.portal.call(social.fill_with_bots, live)
    assert [s.kind for s in live.seats] == ["human"] * 3 and not live.agents
    assert [t["id"] for t in c.get("/api/social/open").json()["tables"]] == [live.id]  # still open
    c.portal.call(social.step)  # the lobby's ticker carries on (it tries again next tick)
    assert hub.bot_tables() == CAP


def test_the_cap_holds_across_two_processes_of_one_database(pg_url: str) -> None:
    a = TestClient(create_app(pg_url, bot_pause=0, limits=LIMITS, lease_seconds=5))
    b = TestClient(create_app(pg_url, bot_pause=0, limits=LIMITS, lease_seconds=5))
    with a, b:
        other = made(b, PEOPLE)
        made(a, BOT)
        made(b, BOT)
        assert post(a, BOT).status_code == 503
        before = seats_everywhere(b, other["id"])
        error = resign(b, other)  # b holds one bot table: only the database knows a holds the other
        assert error["code"] == "capacity" and f"{CAP} tables with bots" in error["error"]
        assert seats_everywhere(b, other["id"]) == before
        free = made(a, PEOPLE)
        for c in (a, b):  # one more place in all: the same kind of hand-over passes, once
            c.app.state.hub.limits = Limits(bot_tables=CAP + 1)  # type: ignore[attr-defined]
        assert hand_over(b, other)["type"] == "state"
        error = resign(a, free)  # 3 bot tables now, 1 here and 2 there: full again
        assert error["code"] == "capacity" and f"{CAP + 1} tables with bots" in error["error"]
