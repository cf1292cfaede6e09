"""The table protocol (issue 28, ``web.messages``): a whole state once, then small versioned
patches.  A page that applies every patch holds exactly the whole state a new page would get, in
every game, for every seat and spectator; a move sends every socket a patch far smaller than a
whole state, the same bytes to every spectator; a page that misses one asks and gets the whole
state; a seat learns nothing from the numbering of its log (RULES.md §4.2)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from benchmarks.state_cost import step as _step
from hanafuda.records import Match
from hanafuda.web.live import Connection, LiveTable, Seat
from hanafuda.web.messages import STATE_KEYS, apply_patch, diff, patch_message, state_message

from .wsutil import create, next_state, receive_raw

GAMES = [("min-hwatu", 3, {"rounds": 2}), ("hana-awase", 3, {"rounds": 2, "teyaku": True}),
         ("kwa-do", 2, {"rounds": 2}), ("hawaiifuda", 2, {"rounds": 2}), ("mushi", 2, {"rounds": 2})]


def _table(game: str, players: int, options: dict[str, Any], seed: int) -> LiveTable:
    return LiveTable(id="t", match=Match(game, players, options, seed=seed), theme="hanafuda",
                     seats=[Seat(i, "human", None, f"P{i}", f"h{i}") for i in range(players)],
                     spectator_token="s", creator_hash="c")


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_applied_patches_give_the_whole_state(game: str, players: int, options: dict[str, Any]) -> None:
    """Every viewer's page, patched after every event, equals a whole state built from nothing (no
    cache kept on the table), and the patches are a small part of the whole states."""
    sizes = {"patch": 0, "whole": 0}
    for seed in range(1):
        table = _table(game, players, options, seed)
        rng = random.Random(seed)
        viewers: list[int | None] = [*range(players), None]
        pages = {v: {**state_message(table, v), "v": 0} for v in viewers}
        held = {v: state_message(table, v) for v in viewers}
        while not table.match.finished:
            _step(table, rng)
            for v in viewers:
                new = state_message(table, v)
                patch = patch_message(pages[v]["v"], table.version, diff(held[v], new))
                pages[v] = apply_patch(pages[v], json.loads(json.dumps(patch)))  # as sent
                held[v] = new
                whole = state_message(dataclasses.replace(table, words_cache={}), v)
                assert {k: x for k, x in pages[v].items() if k != "v"} == json.loads(json.dumps(whole))
                sizes["patch"] += len(json.dumps(patch))
                sizes["whole"] += len(json.dumps(whole))
    # (four times: the whole states lost their log entries' steps, which the page never read)
    assert sizes["patch"] * 4 < sizes["whole"]


def test_a_kept_teyaku_leaves_no_gap_in_another_seats_log() -> None:
    """RULES.md §4.2: another seat's "keep" is not shown, and the numbering does not betray it."""
    kept = 0
    for seed in range(12):
        table = _table("hana-awase", 3, {"rounds": 1, "teyaku": True}, seed)
        rng = random.Random(seed)
        while not table.match.finished:
            _step(table, rng)
            kept += table.log[-1]["text"] == "keep"
        for s in range(3):
            seqs = [e["seq"] for e in state_message(table, s)["log"]]
            assert seqs == list(range(1, len(seqs) + 1))
            hidden = [e for e in table.log if e["text"] == "keep" and e["seat"] != s]
            assert len(seqs) == len(table.log) - len(hidden)
    assert kept  # the seeds above do keep a teyaku


def test_a_patch_that_does_not_follow_is_refused() -> None:
    page = {"type": "state", "v": 3, "log": []}
    with pytest.raises(ValueError, match="from version 2"):
        apply_patch(page, patch_message(2, 4, [["set", ["log"], [1]]]))
    with pytest.raises(ValueError, match="unknown patch op"):
        apply_patch(page, patch_message(3, 4, [["swap", ["log"], [1]]]))
    assert page == {"type": "state", "v": 3, "log": []}  # changed nothing


def _table_message(ws: Any) -> dict[str, Any]:
    """The next state or patch as sent (skipping pongs and the like)."""
    while True:
        msg = receive_raw(ws)
        if msg["type"] in ("state", "patch"):
            return msg


def test_a_move_sends_every_socket_a_small_patch(client: TestClient) -> None:
    """A four-player table with two spectators: a move is a patch with ``v`` and ``base`` to every
    socket, each far smaller than the whole state a late spectator gets, the same to both
    spectators; a page patched holds what it gets whole on asking."""
    t = create(client, "hana-awase", players=4, seats=[{"kind": "human"}] * 4, options={"rounds": 1})
    hub = client.app.state.hub
    base = f"/ws/{t['id']}?token="
    urls = [base + s["token"] for s in t["seats"]] + [base + t["spectator_token"]] * 2
    with client.websocket_connect(urls[0]) as w0, client.websocket_connect(urls[1]) as w1, \
            client.websocket_connect(urls[2]) as w2, client.websocket_connect(urls[3]) as w3, \
            client.websocket_connect(urls[4]) as s1, client.websocket_connect(urls[5]) as s2:
        sockets = [w0, w1, w2, w3, s1, s2]
        table = hub.tables[t["id"]]
        pages: list[dict[str, Any]] = []
        for ws in sockets:  # the first message of a socket is the whole state
            msg = _table_message(ws)
            assert msg["type"] == "state" and msg["v"] > 0
            pages.append(msg)
        sizes: list[int] = []
        wholes: list[int] = []
        for _ in range(6):
            mover = next(i for i, p in enumerate(pages[:4]) if p["view"]["to_move"] == p["you"])
            sockets[mover].send_json({"type": "move", "move": pages[mover]["view"]["legal"][0]})
            got = []
            for i, ws in enumerate(sockets):
                while True:  # (a seat's joining may still be shown before the move)
                    msg = _table_message(ws)
                    assert msg["type"] == "patch" and msg["base"] == pages[i]["v"] < msg["v"], msg
                    pages[i] = apply_patch(pages[i], msg)
                    if "event" in msg:
                        break
                assert msg["event"]["seat"] == mover
                got.append(msg)
            assert got[4] == got[5]  # the spectators get the same message
            wholes.append(len(json.dumps(state_message(table, None))))
            sizes += [len(json.dumps(m)) for m in got]
            assert max(sizes) * 2 < wholes[-1], (sizes, wholes)
        # on average a small part of the whole state, even in round 1, when it is smallest
        assert sum(sizes) / len(sizes) * 3 < sum(wholes) / len(wholes), (sizes, wholes)
        s1.send_json({"type": "state"})
        again = _table_message(s1)
        assert again["type"] == "state" and again["v"] == pages[4]["v"]
        assert {k: x for k, x in again.items() if k != "event"} == \
            {k: x for k, x in pages[4].items() if k != "event"}


def test_a_page_that_missed_a_patch_asks_and_gets_the_whole_state(client: TestClient) -> None:
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
               options={"rounds": 1})
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        state = next_state(ws)
        while state["view"]["to_move"] != state["you"]:
            state = next_state(ws)
        ws.send_json({"type": "move", "move": state["view"]["legal"][0]})
        missed = receive_raw(ws)  # this page drops it: the next patch does not follow what it holds
        assert missed["type"] == "patch" and missed["base"] == state["v"]
        after = receive_raw(ws)
        assert after["type"] == "patch" and after["base"] == missed["v"] != state["v"]
        with pytest.raises(ValueError):
            apply_patch(state, after)
        ws.send_json({"type": "state"})  # the gap rule: ask for the whole state
        whole = receive_raw(ws)
        while whole["type"] != "state":
            whole = receive_raw(ws)
        assert whole["v"] >= after["v"]
        assert whole["log"][-1]["seq"] >= 2 and whole["words"]["log"]
        assert set(whole) - {"v", "event"} == set(STATE_KEYS) and "history" not in whole["view"]


@pytest.mark.parametrize(("lang", "game", "players", "options"), [
    ("en", "hana-awase", 3, {"rounds": 1}), ("ja", "hana-awase", 3, {"rounds": 1}),
    ("en", "kwa-do", 4, {"rounds": 1, "yaku": True, "teams": [[0, 2], [1, 3]]})])
def test_the_progress_kept_on_the_table_is_what_view_words_says(lang: str, game: str, players: int,
                                                                options: dict[str, Any]) -> None:
    """The yaku progress a state carries (put in words once per position and shared by viewers) is
    the words layer's own (``words.view_words``), with cards by id, and each side's text and line
    are what the viewer's own namer says (partners of a team included)."""
    from hanafuda.cards import CODES
    from hanafuda.web.messages import table_namer
    from hanafuda.words import view_words, yaku_progress

    table = _table(game, players, options, 4)
    rng = random.Random(4)
    for step in range(40):
        if table.match.finished:
            break
        _step(table, rng)
        if step % 3:
            continue
        for seat in (*range(players), None):  # the words each viewer's own namer says
            namer = table_namer(table, seat, table.theme, lang)
            view = table.match.view(seat) if seat is not None else None
            if view is None:
                from hanafuda.views import spectator_view
                view = spectator_view(table.match)
            own = yaku_progress(namer, view.captures, view.discard, view.declared)
            got = state_message(table, seat, lang=lang)["words"]["progress"]
            assert got
            assert [[s["text"] for s in p["sides"]] for p in got] == \
                [[p.side_text(namer, s.side) for s in p.sides] for p in own]
            assert [[s["line"] for s in p["sides"]] for p in got] == \
                [[p.line(namer, s.side) for s in p.sides] for p in own]
    for seat in (0, None):
        view = table.match.view(seat) if seat is not None else None
        got = state_message(table, seat, lang=lang)["words"]["progress"]
        if view is None:
            from hanafuda.views import spectator_view
            view = spectator_view(table.match)
        said = view_words(view, table_namer(table, seat, table.theme, lang))["progress"]
        assert len(got) == len(said)
        for mine, theirs in zip(got, said, strict=True):
            assert mine["name"] == theirs["name"] and mine["id"] == theirs["id"]
            assert [CODES[c] for c in mine["cards"]] == theirs["cards"]
            assert [{k: v for k, v in s.items() if k not in ("text", "line")} for s in mine["sides"]] == \
                theirs["sides"]
            assert all(s["text"] and s["line"] for s in mine["sides"])


def _at(state: Any, path: list[Any]) -> Any:
    for key in path:
        state = state[key]
    return state


@pytest.mark.parametrize(("game", "players", "options"), [("hana-awase", 4, {"rounds": 2}),
                                                          ("mushi", 2, {"rounds": 2})])
def test_a_patch_to_a_seat_holds_only_what_changed(game: str, players: int, options: dict[str, Any]) -> None:
    """Issue 28: a per-move patch carries what changed for that viewer and nothing else.  No op
    sets a value the viewer holds already, a log grows by its new entries only, no unchanged
    yaku's progress line is sent again; and what did not change is not put in words again (a
    side whose pile did not move, the ended rounds' log: the same objects as before)."""
    table = _table(game, players, options, 7)
    rng = random.Random(7)
    held = {v: state_message(table, v) for v in range(players)}
    checked = 0
    while not table.match.finished:
        _step(table, rng)
        for v in range(players):
            old, new = held[v], state_message(table, v)
            ops = diff(old, new)
            for op in ops:
                if op[0] == "set":
                    parent = _at(old, op[1][:-1]) if len(op[1]) > 1 else old
                    key = op[1][-1]
                    had = parent.get(key, object()) if isinstance(parent, dict) else \
                        parent[key] if isinstance(parent, list) and key < len(parent) else object()
                    assert had != op[2], f"{op[1]} re-sent unchanged"
                elif op[0] == "cut":
                    before, after, n = _at(old, op[1]), _at(new, op[1]), op[2]
                    assert n in (len(before), len(after)) or before[n] != after[n], f"{op[1]}: re-sent"
            touched = {op[1][2] for op in ops if op[1][:2] == ["words", "progress"] and len(op[1]) > 2}
            for i, (a, b) in enumerate(zip(old["words"]["progress"], new["words"]["progress"], strict=True)):
                assert (a != b) == (i in touched), f"yaku {a['id']}: changed {a != b}, sent {i in touched}"
            for a, b, pile_a, pile_b in zip(old["words"]["sides"], new["words"]["sides"],
                                            old["view"]["captures"], new["view"]["captures"], strict=True):
                if pile_a == pile_b and a["total"] == b["total"]:
                    assert a is b  # not put in words again
            rounds = new["view"]["round"]
            if rounds == old["view"]["round"] > 1:  # the ended rounds' entries: the very same objects
                ended = [e for e in old["words"]["log"] if e["round"] < rounds]
                assert all(x is y for x, y in zip(ended, new["words"]["log"], strict=False))
            held[v] = new
            checked += 1
    assert checked > 50


Viewer = tuple[int | None, bool, str, str]
"""Who a state is for, as ``state_message`` takes it: seat, creator, theme, language."""


def _same_as_whole(table: LiveTable, page: dict[str, Any], viewer: Viewer) -> None:
    """A patched page holds what a page opened now gets whole, built with nothing kept on the table."""
    whole = state_message(dataclasses.replace(table, words_cache={}), *viewer)
    assert {k: x for k, x in page.items() if k != "v"} == json.loads(json.dumps(whole)), viewer


def _play_watched(table: LiveTable, seed: int, viewers: list[Viewer],
                  changes: dict[int, Any]) -> dict[Viewer, int]:
    """Play ``table`` to its end; after every event each viewer's page is patched (as sent, through
    JSON) and must equal the whole state built from nothing.  ``changes``: what happens to the
    table (or the viewers) after the event of that number, before the pages are patched, as the
    hub shows a change: ``fn(table, open_viewer, close_viewer)``.  Returns the events each viewer saw."""
    rng = random.Random(seed)
    pages: dict[Viewer, dict[str, Any]] = {}
    held: dict[Viewer, dict[str, Any]] = {}
    seen: dict[Viewer, int] = {}

    def open_viewer(v: Viewer) -> None:  # a page opens (or reloads): the whole state, from the live cache
        held[v] = state_message(table, *v)
        pages[v] = {**json.loads(json.dumps(held[v])), "v": 0}
        seen.setdefault(v, 0)
        _same_as_whole(table, pages[v], v)

    def close_viewer(v: Viewer) -> None:
        del pages[v], held[v]

    for v in viewers:
        open_viewer(v)
    events = 0
    while not table.match.finished:
        _step(table, rng)
        events += 1
        if events in changes:
            changes[events](table, open_viewer, close_viewer)
            table.version += 1
        for v in list(pages):
            new = state_message(table, *v)
            patch = patch_message(pages[v]["v"], pages[v]["v"] + 1, diff(held[v], new))
            pages[v] = apply_patch(pages[v], json.loads(json.dumps(patch)))
            held[v] = new
            seen[v] += 1
            _same_as_whole(table, pages[v], v)
    assert events > max(changes, default=0)  # every change happened while the match went on
    return seen


def _hand_to_bot(seat: int) -> Any:
    def change(table: LiveTable, open_viewer: Any, close_viewer: Any) -> None:  # as ``hub.hand_to_bot``
        s = table.seats[seat]
        s.kind, s.bot, s.name = "bot", "greedy", f"{s.name} (greedy bot)"
    return change


def _socket_joins(seat: int | None) -> Any:
    def change(table: LiveTable, open_viewer: Any, close_viewer: Any) -> None:  # its seat reads "connected"
        async def send(message: dict[str, Any]) -> None:
            return None
        table.connections.append(Connection(send, seat))
    return change


def _page_opens(v: Viewer) -> Any:
    def change(table: LiveTable, open_viewer: Any, close_viewer: Any) -> None:  # mid-round, warm cache
        open_viewer(v)
    return change


def _theme_changes(v: Viewer, theme: str) -> Any:
    def change(table: LiveTable, open_viewer: Any, close_viewer: Any) -> None:  # a new viewer: whole
        close_viewer(v)
        open_viewer((v[0], v[1], theme, v[3]))
    return change


ALL_GAMES = [*GAMES, ("koi-koi", 2, {"rounds": 3})]


@pytest.mark.parametrize(("game", "players", "options"), ALL_GAMES)
def test_every_page_patched_through_whole_matches_is_the_whole_state(
        game: str, players: int, options: dict[str, Any]) -> None:
    """The state kept per viewer and changed by each event is what a state built from nothing says,
    after every event of whole matches: every seat, a spectator, the creator's page, Japanese and
    Korean pages, a page in another theme; a seat handed to a bot (its name changes on every page),
    sockets joining (seats read "connected"), a page opened mid-round from what the table kept,
    and a page that changes its theme."""
    table = _table(game, players, options, 11)
    viewers: list[Viewer] = [(s, False, "", "en") for s in range(players)]
    viewers += [(None, False, "", "en"), (None, True, "", "en"), (0, False, "", "ja"),
                (1, False, "hwatu", "ko"), (None, False, "kwa-do", "ja")]
    changes = {3: _socket_joins(0), 5: _hand_to_bot(players - 1), 7: _page_opens((None, False, "", "ko")),
               9: _socket_joins(None), 12: _theme_changes((0, False, "", "en"), "hawaiifuda"),
               25: _page_opens((1, False, "", "en"))}
    seen = _play_watched(table, 11, viewers, changes)
    assert min(seen.values()) > 10 and len(seen) == len(viewers) + 2
    assert table.seats[players - 1].name.endswith("(greedy bot)")


def test_a_kept_teyaku_patches_every_page_to_the_whole_state() -> None:
    """Hana-Awase with teyaku, a seed where teyaku are kept hidden (RULES.md §4.2): the keeper's
    pages and every other page, patched, hold what each may see, no more."""
    kept = 0
    for seed in (11, 20):
        table = _table("hana-awase", 3, {"rounds": 2, "teyaku": True}, seed)
        viewers: list[Viewer] = [(s, False, "", lang) for s in range(3) for lang in ("en", "ja")]
        viewers.append((None, False, "", "en"))
        _play_watched(table, seed, viewers, {})
        kept += sum(e["text"] == "keep" for e in table.log)
    assert kept  # these seeds do keep a teyaku
