"""Delta state messages (``?deltas=1``, ``messages.state_delta``): a page that applies every delta
holds exactly the logs a whole state would give it, in every game, for every seat and spectator,
and a seat learns nothing from the numbering of its log (issue 14: deltas, not whole logs)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanafuda.records import Match
from hanafuda.web.live import LiveTable, Seat
from hanafuda.web.messages import LogMark, state_delta, state_message

from .wsutil import claimed, create, next_state

GAMES = [("min-hwatu", 3, {"rounds": 2}), ("hana-awase", 3, {"rounds": 2, "teyaku": True}),
         ("kwa-do", 2, {"rounds": 2}), ("hawaiifuda", 2, {"rounds": 2}), ("mushi", 2, {"rounds": 2})]


def _table(game: str, players: int, options: dict[str, Any], seed: int) -> LiveTable:
    return LiveTable(id="t", match=Match(game, players, options, seed=seed), theme="hanafuda",
                     seats=[Seat(i, "human", None, f"P{i}", f"h{i}") for i in range(players)],
                     spectator_token="s", creator_hash="c")


def _step(table: LiveTable, rng: random.Random) -> None:
    """One event, applied and logged as the hub logs a stored one."""
    m = table.match
    if m.to_move is None:
        m.next_round()
        kind, seat, text = "next-round", None, "next-round"
    else:
        seat, text, kind = m.to_move, rng.choice(m.legal_moves()), "move"
        m.play(text)
    table.seq += 1
    table.log.append({"seq": table.seq, "round": len(m.rounds), "kind": kind, "seat": seat, "text": text})


def _apply(page: dict[str, list[dict[str, Any]]], state: dict[str, Any]) -> None:
    """What a page does with a state (module docstring of ``messages``)."""
    if "log_from" not in state:
        page["log"], page["words"] = list(state["log"]), list(state["words"]["log"])
        return
    held = page["log"][-1]["seq"] if page["log"] else 0
    assert state["log_from"] == held
    page["log"] += state["log"]
    assert state["words_log_from"] <= len(page["words"])
    del page["words"][state["words_log_from"]:]
    page["words"] += state["words"]["log"]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_applied_deltas_give_the_whole_logs(game: str, players: int, options: dict[str, Any]) -> None:
    for seed in range(3):
        table = _table(game, players, options, seed)
        rng = random.Random(seed)
        viewers: list[int | None] = [*range(players), None]
        marks: dict[int | None, LogMark | None] = dict.fromkeys(viewers)
        pages: dict[int | None, dict[str, list[dict[str, Any]]]] = {v: {} for v in viewers}
        sizes = {"delta": 0, "whole": 0}
        while not table.match.finished:
            _step(table, rng)
            for v in viewers:
                delta, marks[v] = state_delta(table, v, False, "", marks[v])
                _apply(pages[v], delta)
                whole = state_message(table, v)
                assert pages[v]["log"] == whole["log"], (game, seed, v, table.seq)
                assert pages[v]["words"] == whole["words"]["log"], (game, seed, v, table.seq)
                assert {k: x for k, x in delta.items() if k not in ("log", "words", "log_from",
                                                                    "words_log_from")} == \
                    {k: x for k, x in whole.items() if k not in ("log", "words")}
                sizes["delta"] += len(delta["words"]["log"])
                sizes["whole"] += len(whole["words"]["log"])
        assert sizes["delta"] * 3 < sizes["whole"]  # the point of deltas: far fewer entries sent


def test_a_kept_teyaku_leaves_no_gap_in_another_seats_delta_log() -> None:
    """RULES.md §4.2: another seat's "keep" is not shown, and the numbering does not betray it."""
    kept = 0
    for seed in range(12):
        table = _table("hana-awase", 3, {"rounds": 1, "teyaku": True}, seed)
        rng = random.Random(seed)
        marks: dict[int, LogMark | None] = dict.fromkeys(range(3))
        seqs: dict[int, list[int]] = {s: [] for s in range(3)}
        while not table.match.finished:
            _step(table, rng)
            kept += table.log[-1]["text"] == "keep"
            for s in range(3):
                delta, marks[s] = state_delta(table, s, False, "", marks[s])
                seqs[s] += [e["seq"] for e in delta["log"]]
        for s in range(3):
            assert seqs[s] == list(range(1, len(seqs[s]) + 1))
            hidden = [e for e in table.log if e["text"] == "keep" and e["seat"] != s]
            assert len(seqs[s]) == len(table.log) - len(hidden)
    assert kept  # the seeds above do keep a teyaku


def test_a_theme_change_sends_the_whole_words_log_again() -> None:
    table = _table("mushi", 2, {"rounds": 2}, 1)
    rng = random.Random(1)
    for _ in range(10):
        _step(table, rng)
    _, mark = state_delta(table, 0, False, "hanafuda", None)
    _step(table, rng)
    delta, _ = state_delta(table, 0, False, "hanafuda", mark)
    assert delta["words_log_from"] > 0
    assert state_delta(table, 0, False, "hwatu", None)[0]["words"]["log"] == \
        state_message(table, 0, theme="hwatu")["words"]["log"]


def test_a_delta_socket_plays_a_match_and_a_theme_change_resends_the_logs(client: TestClient) -> None:
    """Over the websocket (``?deltas=2``): a delta page of a whole match against a bot ends with
    the logs a fresh whole-state page gets; changing its theme sends the logs whole, in the new
    card names."""
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
               options={"rounds": 2})
    url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    page: dict[str, list[dict[str, Any]]] = {}
    with client.websocket_connect(url + "&deltas=2") as ws:
        secret = claimed(ws)
        state = next_state(ws)
        assert "log_from" not in state
        _apply(page, state)
        deltas = 0
        while not state["view"]["finished"]:
            if state["view"]["to_move"] == 0:
                ws.send_json({"type": "move", "move": state["view"]["legal"][0]})
            elif state["view"]["phase"] == "between-rounds":
                ws.send_json({"type": "next-round"})
            state = next_state(ws)
            deltas += "words_log_from" in state
            _apply(page, state)
        ws.send_json({"type": "theme", "theme": "hwatu"})
        themed = next_state(ws)
        assert "log_from" not in themed and "words_log_from" not in themed
    with client.websocket_connect(url + f"&secret={secret}") as ws:
        whole = next_state(ws)
    assert deltas > 20
    assert page["log"] == whole["log"] and page["words"] == whole["words"]["log"]
    assert themed["words"]["log"] != whole["words"]["log"]
    assert len(themed["words"]["log"]) == len(page["words"])


def test_deltas_1_keeps_the_words_log_whole(client: TestClient) -> None:
    """``?deltas=1`` (what the table page reads today) cuts only ``log``: ``words.log`` stays whole."""
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
               options={"rounds": 1})
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}&deltas=1") as ws:
        claimed(ws)
        state = next_state(ws)
        first = None
        for moves in range(1, 5):
            while state["view"]["to_move"] != 0:
                state = next_state(ws)
            ws.send_json({"type": "move", "move": state["view"]["legal"][0]})
            state = next_state(ws)
            assert "log_from" in state and "words_log_from" not in state
            # whole: from the round's first turn on, at least one entry per move of ours
            first = first or state["words"]["log"][0]
            assert state["words"]["log"][0] == first and len(state["words"]["log"]) >= moves
        assert len(state["words"]["log"]) > len(state["log"])  # the raw log: only the new entries
