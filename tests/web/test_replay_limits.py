"""Bounded work per replay request (issue 29: one 400-round record held the event loop 27.7 s and
grew the server to 4.6 GB).

An uploaded record is refused past ``MAX_RECORD`` bytes or ``MAX_ROUNDS`` rounds (413, naming the
limit, nothing built or stored) and past a few uploads a minute per address (429); a replay is
built in the replay thread while the tables keep answering; a finished table's replay is built
once and then answered from the cache, 304 to a reader that holds its ETag."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanafuda import Match
from hanafuda.records import match_to_record
from hanafuda.web import replay
from hanafuda.web.replay import MAX_RECORD, MAX_ROUNDS, Cached, ReplayCache

from .wsutil import receive_raw

JSON = {"content-type": "application/json"}
RECORDS = Path(__file__).parents[1] / "records"


def played(rounds: int, seed: int = 7) -> dict[str, Any]:
    """A real Mushi record of ``rounds`` rounds: seeded random moves through the engine."""
    match = Match("mushi", 2, {"rounds": rounds}, seed=seed)
    rng = random.Random(seed)
    while True:
        while not match.round_over:
            match.play(rng.choice(match.legal_moves()))
        if match.finished:
            return match_to_record(match)
        match.next_round()


class Recorder:
    """Stands in for ``replay.iter_frames``: notes the thread each call ran in, then (once ``hold`` is
    set) waits for ``release`` before making the real frames."""

    def __init__(self, real: Any, hold: bool = False) -> None:
        self.real, self.hold = real, hold
        self.threads: list[threading.Thread] = []
        self.entered, self.release = threading.Event(), threading.Event()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.threads.append(threading.current_thread())
        self.entered.set()
        if self.hold:
            assert self.release.wait(60), "the test never released the replay"
        return self.real(*args, **kwargs)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    rec = Recorder(replay.iter_frames)
    monkeypatch.setattr(replay, "iter_frames", rec)
    return rec


def test_a_record_longer_than_the_limit_is_refused_with_nothing_built_or_stored(
        client: TestClient, recorder: Recorder) -> None:
    record = played(MAX_ROUNDS + 1)
    assert len(record["rounds"]) == MAX_ROUNDS + 1 and len(json.dumps(record)) < MAX_RECORD
    r = client.post("/api/replay", json=record)
    assert r.status_code == 413, r.text
    detail = r.json()["detail"]
    assert f"at most {MAX_ROUNDS} rounds" in detail and f"{MAX_ROUNDS + 1} rounds" in detail
    assert recorder.threads == []  # refused before the engine stepped a move
    assert client.get("/api/tables").json()["tables"] == []
    assert getattr(client.app.state, "replays", None) is None  # type: ignore[attr-defined]
    # the same match stopped after MAX_ROUNDS rounds is a real record within the limit: replayed
    record["rounds"] = record["rounds"][:MAX_ROUNDS]
    r = client.post("/api/replay", json=record)
    assert r.status_code == 200, r.text
    assert sum(f["move"] is None for f in r.json()["frames"]) == MAX_ROUNDS  # one "dealt" frame a round
    # a body past MAX_RECORD bytes is refused while it streams in, naming the limit
    big = b'{"game": "mushi", "players": 2, "rounds": [], "meta": "' + b"x" * MAX_RECORD + b'"}'
    r = client.post("/api/replay", content=big, headers=JSON)
    assert r.status_code == 413 and f"{MAX_RECORD:,} bytes" in r.json()["detail"]
    assert len(recorder.threads) == 1


def test_a_replay_is_built_in_its_thread_while_another_table_answers_its_pings(
        client: TestClient, recorder: Recorder) -> None:
    recorder.hold = True
    t = client.post("/api/tables", json={"game": "mushi", "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
    token = next(s["token"] for s in t["seats"] if s["token"])
    answers: list[Any] = []
    body = (RECORDS / "koi-koi-2p-default-3rounds.json").read_bytes()
    upload = threading.Thread(
        target=lambda: answers.append(client.post("/api/replay", content=body, headers=JSON)))
    with client.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
        upload.start()
        assert recorder.entered.wait(60), "the replay never started"
        # the replay is under way (held in ``frames``): the other table still answers its pings
        ws.send_json({"type": "ping"})
        while receive_raw(ws, timeout=30)["type"] != "pong":
            pass
        assert upload.is_alive() and not answers
        recorder.release.set()
        upload.join(60)
    assert answers and answers[0].status_code == 200, answers
    assert answers[0].json()["frames"][0]["label"] == "round 1 dealt"
    (built_in,) = recorder.threads
    assert built_in.name.startswith("hanafuda-replay") and built_in is not threading.main_thread()


def finished_table(client: TestClient) -> str:
    t = client.post("/api/tables", json={
        "game": "kwa-do", "players": 2, "seed": 3, "options": {"rounds": 1, "yaku": True, "target": 1},
        "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]}).json()
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return str(t["id"])


def test_a_finished_tables_replay_is_built_once_and_then_answers_304(
        client: TestClient, recorder: Recorder) -> None:
    table = finished_table(client)
    first = client.get(f"/api/tables/{table}/replay")
    assert first.status_code == 200 and first.json()["title"] == "Kwa-Dō"
    etag = first.headers["etag"]
    assert etag.startswith('"') and "max-age" in first.headers["cache-control"]
    again = client.get(f"/api/tables/{table}/replay", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    # without the ETag: the same answer from the cache, also to a reader that takes no gzip
    plain = client.get(f"/api/tables/{table}/replay", headers={"accept-encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    assert plain.json() == first.json() and plain.headers["etag"] == etag
    assert len(recorder.threads) == 1  # built once
    other = client.get(f"/api/tables/{table}/replay?lang=ja", headers={"if-none-match": etag})
    assert other.status_code == 200 and other.headers["etag"] != etag  # each language its own answer
    assert len(recorder.threads) == 2
    # the cache emptied (or the server restarted): built again, the same bytes, so still 304
    client.app.state.replays = ReplayCache()  # type: ignore[attr-defined]
    time.sleep(1.1)  # a gzip header stamped with the time of the build would differ by now
    rebuilt = client.get(f"/api/tables/{table}/replay", headers={"if-none-match": etag})
    assert rebuilt.status_code == 304 and len(recorder.threads) == 3


def test_readers_of_a_replay_being_built_share_one_build() -> None:
    """Eight readers of a newly finished table cost one build, not eight (issue 29: 8 readers raised
    every table's ping from 0.9 to 585 ms)."""
    made: list[int] = []

    async def main() -> list[Cached]:
        cache, gate = ReplayCache(), asyncio.Event()

        async def make() -> bytes:
            made.append(1)
            await gate.wait()
            return b"answer"

        readers = [asyncio.ensure_future(cache.build(("t", "en", "hanafuda"), make)) for _ in range(8)]
        await asyncio.sleep(0.05)
        assert not any(r.done() for r in readers)
        gate.set()
        out = await asyncio.gather(*readers)
        out.append(await cache.build(("t", "en", "hanafuda"), make))  # now from the cache
        return out

    entries = asyncio.run(main())
    assert made == [1] and len({e.etag for e in entries}) == 1 and entries[0].gzipped == b"answer"


def test_uploaded_replays_are_limited_per_address(client: TestClient) -> None:
    body = (RECORDS / "mushi-2p-lightning-field.json").read_bytes()
    limit = client.app.state.hub.limits.replays_per_minute  # type: ignore[attr-defined]
    for _ in range(limit):
        assert client.post("/api/replay", content=body, headers=JSON).status_code == 200
    r = client.post("/api/replay", content=body, headers=JSON)
    assert r.status_code == 429 and f"at most {limit} a minute" in r.json()["detail"]
    assert int(r.headers["retry-after"]) >= 1
    # a finished table's replay is not an upload: it stays readable
    assert client.get(f"/api/tables/{finished_table(client)}/replay").status_code == 200
