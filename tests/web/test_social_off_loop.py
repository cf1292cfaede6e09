"""The lobby's database work never holds the event loop (issue 14, "writes off the event loop").

Each test slows every session of the social store by 0.5 s, like a stalled disk flush (up to
337 ms measured on this machine's disk), runs a lobby action, and checks that a ticker on the
server's event loop kept ticking meanwhile (no gap as long as the stall) and that the action's
effect was still stored and pushed."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import itertools
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from hanafuda.web.db import SeatRow, TableRow
from hanafuda.web.live import Connection, LiveTable
from hanafuda.web.social.models import ChatRow, PlayerRow, RatingRow, now
from hanafuda.web.social.service import SocialHub

from .social_helpers import name, new_table, on_socket, play_out, table, token_of

STALL = 0.5
"""How long every session of the social store waits before it starts (a stalled disk flush)."""
LONGEST_GAP = 0.4
"""The longest pause between two ticks of 10 ms allowed while the social store stalls: below
``STALL`` (a session on the loop would stop it at least that long), with room for a busy 2-core
machine's scheduling (a 0.25 s gap was seen once in a full run, with the store off the loop)."""
STEADY = 0.1
"""A plain thread that ticked at least this often all through a pause of the loop shows the
process was running meanwhile: the loop itself was held.  A pause the thread saw too (a garbage
collection, the machine lending both cores elsewhere: 2.6 s once in CI) is not the loop's."""


class Stalled:
    """A session factory whose sessions each start after ``STALL`` seconds."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.opened = 0
        self.on_the_loop = 0

    def _stall(self) -> None:
        self.opened += 1
        with contextlib.suppress(RuntimeError):  # no running loop in this thread: off the loop
            asyncio.get_running_loop()
            self.on_the_loop += 1
        time.sleep(STALL)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self._stall()
        return self.real(*args, **kwargs)

    def begin(self, *args: Any, **kwargs: Any) -> Any:
        self._stall()
        return self.real.begin(*args, **kwargs)


class Ticks:
    """When the server's loop ticked, and when a plain thread of the same process did."""

    def __init__(self) -> None:
        self.loop: list[float] = []
        self.thread: list[float] = []
        self.started = False

    @property
    def gaps(self) -> list[float]:
        return [b - a for a, b in itertools.pairwise(self.loop)]

    def held(self) -> list[float]:
        """The loop's pauses longer than ``LONGEST_GAP`` while the plain thread kept ticking."""
        out = []
        for a, b in itertools.pairwise(self.loop):
            if b - a < LONGEST_GAP:
                continue
            inside = [a, *(t for t in self.thread if a < t < b), b]
            if max(y - x for x, y in itertools.pairwise(inside)) < STEADY:
                out.append(b - a)
        return out

    def check(self, stalled: Stalled) -> None:
        assert stalled.opened >= 1, "the action did not use the social store"
        assert stalled.on_the_loop == 0, f"{stalled.on_the_loop} sessions were opened on the event loop"
        assert len(self.gaps) >= 5, f"the event loop ticked {len(self.gaps)} times only"
        held = self.held()
        assert not held, f"the event loop stood still for {max(held):.2f} s while the process ran"


@contextlib.contextmanager
def slow_store(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Iterator[Ticks]:
    """The social store stalled and a ticker on the server's loop for the ``with`` block; on leaving
    it, checks that the loop ticked all along."""
    social = client.app.state.social  # type: ignore[attr-defined]
    stalled = Stalled(social.hub.sessions)
    ticks = Ticks()
    done = threading.Event()

    async def ticker() -> None:
        ticks.loop.append(time.monotonic())
        ticks.started = True
        while True:
            await asyncio.sleep(0.01)
            ticks.loop.append(time.monotonic())

    def control() -> None:
        while not done.wait(0.01):
            ticks.thread.append(time.monotonic())

    with monkeypatch.context() as patch:
        patch.setattr(SocialHub, "sessions", property(lambda _self: stalled))
        beside = threading.Thread(target=control, daemon=True)
        beside.start()
        running = client.portal.start_task_soon(ticker)  # type: ignore[attr-defined]
        while not ticks.started:
            time.sleep(0.001)
        try:
            yield ticks
        finally:
            running.cancel()
            done.set()
            beside.join()
    ticks.check(stalled)


def wait_for(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def rows(client: TestClient, model: type, **where: Any) -> list[Any]:
    with client.app.state.hub.sessions() as db:  # type: ignore[attr-defined]
        return list(db.scalars(select(model).filter_by(**where)).all())


def listen(client: TestClient, live: LiveTable, seat: int | None) -> list[dict[str, Any]]:
    """A browser at ``live`` (its one socket, as ``seat``): the social messages it is sent there
    (chat, clock, rated, rematch), its states left out."""
    got: list[dict[str, Any]] = []
    hub = client.app.state.hub  # type: ignore[attr-defined]
    audit = hub.on_send
    conn = Connection(send=_ignore, seat=seat, limit=10_000)

    def on_send(t: LiveTable, to: int | None, payload: dict[str, Any]) -> None:
        if t is live and to == seat and payload.get("type") not in ("state", "settling"):
            got.append(payload)
        if audit is not None:
            audit(t, to, payload)

    async def join() -> None:
        live.connections.append(conn)

    hub.on_send = on_send
    client.portal.call(join)  # type: ignore[attr-defined]
    return got


def watch_table(client: TestClient, live: LiveTable) -> list[dict[str, Any]]:
    """A spectator socket at ``live``: the states the hub sends it."""
    got: list[dict[str, Any]] = []
    hub = client.app.state.hub  # type: ignore[attr-defined]
    audit = hub.on_send

    def on_send(t: LiveTable, seat: int | None, payload: dict[str, Any]) -> None:
        if t is live and seat is None:
            got.append(payload)
        audit(t, seat, payload)

    async def join() -> None:
        live.connections.append(Connection(send=_ignore, seat=None, limit=10_000))

    hub.on_send = on_send
    client.portal.call(join)  # type: ignore[attr-defined]
    return got


async def _ignore(_payload: dict[str, Any]) -> None:
    return None


def test_chat_lines_are_stored_and_pushed_while_the_loop_runs(client: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    ann = name(client, "Ann")
    t = new_table(client, ann, seats=[{"kind": "me"}, {"kind": "invite"}])
    live = table(client, t["id"])
    heard = listen(client, live, 1)
    with slow_store(client, monkeypatch):
        r = on_socket(client, t["id"], token_of(t["you"]["path"]), {"type": "chat", "text": "good luck"})
    assert r["type"] == "chat", r
    stored = rows(client, ChatRow, table_id=t["id"])
    assert [(c.seat, c.name, c.text) for c in stored] == [(0, "Ann", "good luck")]
    # (the speaker's page coming and going is a patch of the table; the chat line is pushed once)
    assert [m for m in heard if m["type"] != "patch"] == [{"type": "chat", "message": r["message"]}]
    assert r["message"]["id"] == stored[0].id


def test_names_and_accounts_are_stored_while_the_loop_runs(client: TestClient,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with slow_store(client, monkeypatch):
        picked = client.post("/api/social/names", json={"name": "Ann"})
    assert picked.status_code == 201, picked.text
    key = picked.json()["key"]
    with slow_store(client, monkeypatch):  # a password for the name this browser holds
        own = client.post("/api/social/accounts", json={"name": "Ann", "password": "correct horse"},
                          headers={"x-player-key": key})
    assert own.status_code == 201, own.text
    with slow_store(client, monkeypatch):  # a new name with a password
        fresh = client.post("/api/social/accounts", json={"name": "Bob", "password": "battery staple"})
    assert fresh.status_code == 201, fresh.text
    with slow_store(client, monkeypatch):
        login = client.post("/api/social/login", json={"name": "bob", "password": "battery staple"})
    assert login.status_code == 200, login.text
    stored = {p.name: p for p in rows(client, PlayerRow)}
    assert sorted(stored) == ["Ann", "Bob"] and all(p.password_hash for p in stored.values())
    assert own.json()["player"] == {"id": stored["Ann"].id, "name": "Ann", "account": True}
    with slow_store(client, monkeypatch):
        me = client.get("/api/social/me", headers={"x-player-key": login.json()["key"]})
    assert me.json()["player"]["name"] == "Bob"
    with slow_store(client, monkeypatch):
        taken = client.post("/api/social/names", json={"name": "ANN"})
    assert taken.status_code == 409


def test_lobby_tables_seats_and_quick_matches_while_the_loop_runs(client: TestClient,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    ann, bob, cid, dan = (name(client, who) for who in ("Ann", "Bob", "Cid", "Dan"))
    with slow_store(client, monkeypatch):
        made = client.post("/api/social/tables", headers=ann,
                           json={"game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]})
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    social_row = rows(client, TableRow, id=tid)
    assert len(social_row) == 1 and social_row[0].rated
    assert [(s.seat, s.open) for s in rows(client, SeatRow, table_id=tid)] == [(0, False), (1, True)]
    live = table(client, tid)
    seen = watch_table(client, live)
    with slow_store(client, monkeypatch):
        joined = client.post(f"/api/social/tables/{tid}/join", json={}, headers=bob)
    assert joined.status_code == 200, joined.text
    seat = rows(client, SeatRow, table_id=tid, seat=1)[0]
    assert not seat.open and seat.pending_token is None and seat.player_id is not None
    assert live.seats[1].name == "Bob" and seen
    assert [s["name"] for s in seen[-1]["table"]["seats"]] == ["Ann", "Bob"]
    with slow_store(client, monkeypatch):  # the table page says hello
        hello = on_socket(client, tid, token_of(joined.json()["link"]),
                          {"type": "hello", "key": bob["x-player-key"]})
    assert hello["type"] == "hello" and hello["seat"] == 1
    # a quick match: Cid opens a table (bots after 0 s), Dan is seated at a waiting one
    with slow_store(client, monkeypatch):
        waiting = client.post("/api/social/quick", headers=cid,
                              json={"game": "min-hwatu", "players": 3, "wait": 60})
        second = client.post("/api/social/quick", headers=dan,
                             json={"game": "min-hwatu", "players": 3, "wait": 60})
    assert waiting.status_code == second.status_code == 200, (waiting.text, second.text)
    assert waiting.json()["table"] == second.json()["table"]
    quick = table(client, waiting.json()["table"])
    assert [s.name for s in quick.seats][:2] == ["Cid", "Dan"]
    with slow_store(client, monkeypatch):  # the wait is over: the server's ticker seats a bot
        with client.app.state.hub.sessions.begin() as db:  # type: ignore[attr-defined]
            db.get(TableRow, quick.id).fill_at = now() - dt.timedelta(seconds=1)
        wait_for(lambda: quick.seats[2].kind == "bot")
    assert rows(client, TableRow, id=quick.id)[0].fill_at is None


def test_clock_ratings_and_rematch_while_the_loop_runs(client: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    social = client.app.state.social  # type: ignore[attr-defined]
    portal = client.portal  # type: ignore[attr-defined]
    ann, bob = name(client, "Ann"), name(client, "Bob")
    # the turn clock moves for an absent player and tells the table
    t = new_table(client, ann, clock=15, seats=[{"kind": "me"}, {"kind": "invite"}])
    live = table(client, t["id"])
    heard = listen(client, live, 0)
    seat, before, now = live.match.to_move, live.seq, time.monotonic()
    portal.call(social._clock_step, live, 15, now)
    with slow_store(client, monkeypatch):
        portal.call(social._clock_step, live, 15, now + 15.5)
    assert live.seq == before + 1 and live.log[-1]["seat"] == seat
    notices = rows(client, ChatRow, table_id=live.id, system=True)
    assert len(notices) == 1 and json.loads(notices[0].text)["key"] == "clock.move"
    assert heard and heard[-1]["type"] == "chat" and heard[-1]["message"]["id"] == notices[0].id
    # a rated match is rated by the server's ticker
    t = new_table(client, ann, options={"rounds": 1})
    assert client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob).status_code == 200
    live = table(client, t["id"])
    social.settled.add(live.id)  # not yet: the ticker rates it below, with the store stalled
    heard = listen(client, live, 1)
    play_out(client, live, [0, 1])

    async def rate_now() -> None:
        social.settled.discard(live.id)

    with slow_store(client, monkeypatch):
        portal.call(rate_now)
        wait_for(lambda: {"type": "rated"} in heard)
    assert len(rows(client, RatingRow)) == 2
    # the rematch: the same seats at a new table, the other player told
    with slow_store(client, monkeypatch):
        again = on_socket(client, t["id"], token_of(t["you"]["path"]), {"type": "rematch"})
    assert again["type"] == "rematch", again
    new_id = again["link"].split("/")[2].split("?")[0]
    assert [s.name for s in table(client, new_id).seats] == ["Ann", "Bob"]
    assert rows(client, TableRow, id=live.id)[0].rematch == new_id
    told = [m for m in heard if m["type"] == "rematch"]
    assert told and told[0]["table"] == new_id and told[0]["link"]
    # pruning abandoned tables (every 10 minutes when set) reads and deletes off the loop too
    with slow_store(client, monkeypatch):
        assert portal.call(social.prune_abandoned, 7) == []
