"""Issue 29, one creation limit across a cluster: the lobby's new tables are counted by every
server process of a PostgreSQL database, as ``POST /api/tables`` is (two real servers)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from .test_server_multiprocess import server

LOBBY_TABLE = {"game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}


def test_the_lobbys_creations_count_on_every_server(pg_url: str, tmp_path: Path) -> None:
    a = server(pg_url, tmp_path / "a.log", "--tables-per-minute", "2").start()
    b = server(pg_url, tmp_path / "b.log", "--tables-per-minute", "2").start()
    try:
        key = httpx.post(a.url + "/api/social/names", json={"name": "Ann"}, timeout=60).json()["key"]
        ann = {"x-player-key": key}

        def create(srv: object) -> httpx.Response:
            return httpx.post(f"{srv.url}/api/social/tables", json=LOBBY_TABLE,  # type: ignore[attr-defined]
                              headers=ann, timeout=60)

        assert create(a).status_code == 201
        time.sleep(1.0)  # the notification reaches b
        assert create(b).status_code == 201
        time.sleep(1.0)
        r = create(a)  # 2 a minute in all, whichever server made them
        assert r.status_code == 429 and "at most 2 a minute" in r.json()["detail"], r.text
        assert len(httpx.get(a.url + "/api/tables", timeout=60).json()["tables"]) == 2
    finally:
        a.stop()
        b.stop()
