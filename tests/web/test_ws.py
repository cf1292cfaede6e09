"""Websocket play: whole rounds with bots, two people, reconnecting, spectating, bad input."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from hanafuda import Match
from hanafuda.web.messages import state_message

from .wsutil import claimed, create, errors, next_state, play_round, receive

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def test_full_match_against_a_bot(client: TestClient) -> None:
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
               options={"rounds": 2})
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        state = play_round(ws)
        assert state["view"]["phase"] == "between-rounds"
        # the round's scores, as the page reads them: per round and side, and the result in words
        assert len(state["view"]["round_scores"]) == 1 and state["words"]["result"]
        ws.send_json({"type": "next-round"})
        state = play_round(ws)
        assert state["view"]["phase"] == "match-over" and state["table"]["status"] == "finished"
    record = client.get(f"/api/tables/{t['id']}/record").json()
    replayed = Match.from_record({k: v for k, v in record.items() if k != "meta"})
    assert replayed.finished and list(replayed.totals) == state["view"]["totals"]
    frames = client.get(f"/api/tables/{t['id']}/replay").json()["frames"]
    moves = sum(len(r["moves"]) for r in record["rounds"])
    assert len(frames) == moves + len(record["rounds"])
    assert client.app.state.audit.checked > 20  # type: ignore[attr-defined]


def test_every_game_plays_a_round_with_bots_and_hides_other_hands(client: TestClient) -> None:
    for game, players, options in [("min-hwatu", 3, {}), ("hana-awase", 3, {"teyaku": True}),
                                   ("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True}),
                                   ("hawaiifuda", 2, {}), ("mushi", 2, {})]:
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        t = create(client, game, players, seats, {**options, "rounds": 1})
        spectator = client.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}")
        with spectator as spec, \
                client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
            assert next_state(spec)["view"]["hand"] == []
            state = play_round(ws, pick=1)
            assert state["view"]["phase"] == "match-over", game
    assert client.app.state.audit.checked > 100  # type: ignore[attr-defined]


def test_a_play_that_waited_for_a_teyaku_is_in_the_first_state_after_the_decision(
        client: TestClient) -> None:
    """A play sent while another seat decides on its teyaku waits (RULES.md §4.2); when that seat
    exposes, the player is never shown a state in which it is still their turn, their play not yet
    made: a page answering such a state played twice and got ``not-your-turn`` (the flaky failure
    of the test above under load, where the random bot's decision came after the person's play)."""
    seed, first, asked = next(
        (seed, rnd.order[0], rnd.teyaku_queue[0]) for seed in range(500)
        for rnd in [Match("hana-awase", 2, {"teyaku": True}, seed=seed).current]
        if rnd.teyaku_queue and rnd.order[0] not in rnd.teyaku_queue)
    t = create(client, "hana-awase", seats=HUMANS, options={"teyaku": True}, seed=seed)
    url = f"/ws/{t['id']}?token="
    with client.websocket_connect(url + t["seats"][first]["token"]) as player, \
            client.websocket_connect(url + t["seats"][asked]["token"]) as other:
        state = next_state(player)
        while state["table"]["seats"][asked]["connected"] is not True:
            state = next_state(player)
        assert state["view"]["to_move"] == first and state["view"]["legal"]  # the turn looks due
        play = state["view"]["legal"][0]
        player.send_json({"type": "move", "move": play})
        player.send_json({"type": "ping"})  # handled in order: the play has waited by the pong
        while receive(player)["type"] != "pong":
            pass
        while next_state(other)["view"]["legal"] != ["expose", "keep"]:
            pass
        other.send_json({"type": "move", "move": "expose"})
        state = next_state(player)
        assert [e["text"] for e in state["log"]] == ["expose", play], state["log"]
        assert state["view"]["to_move"] != first


def test_two_people_and_reconnecting(client: TestClient) -> None:
    t = create(client, "hawaiifuda", seats=HUMANS)
    a_url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    b_url = f"/ws/{t['id']}?token={t['seats'][1]['token']}"
    with client.websocket_connect(a_url) as a, client.websocket_connect(b_url) as b:
        secret_a = claimed(a)
        sa, sb = next_state(a), next_state(b)
        mover = a if sa["view"]["to_move"] == 0 else b
        state = sa if mover is a else sb
        move = state["view"]["legal"][0]
        mover.send_json({"type": "move", "move": move})
        # both see the move; each sees only its own hand
        after_a, after_b = until_logged(a), until_logged(b)
        assert after_a["log"][-1]["text"] == move == after_b["log"][-1]["text"]
        assert set(after_a["view"]["hand"]).isdisjoint(after_b["view"]["hand"])
    with client.websocket_connect(f"{a_url}&secret={secret_a}") as a:
        again = next_state(a)
        assert again["log"] == after_a["log"] and again["view"]["hand"] == after_a["view"]["hand"]


def until_logged(ws):  # type: ignore[no-untyped-def]
    state = next_state(ws)
    while not state["log"]:
        state = next_state(ws)
    return state


def test_bad_input_gets_an_error_to_that_client_only(client: TestClient) -> None:
    t = create(client, "mushi", seats=HUMANS)
    tid = t["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        assert receive(ws)["code"] == "no-token"
    with client.websocket_connect(f"/ws/{tid}?token=wrong") as ws:
        assert receive(ws)["code"] == "bad-token"
    with client.websocket_connect("/ws/nope?token=x") as ws:
        assert receive(ws)["code"] == "no-table"
    urls = [f"/ws/{tid}?token={s['token']}" for s in t["seats"]]
    with client.websocket_connect(urls[0]) as a, client.websocket_connect(urls[1]) as b, \
            client.websocket_connect(f"/ws/{tid}?token={t['spectator_token']}") as spec:
        first = next_state(a)
        next_state(b)
        next_state(spec)
        for _ in range(3):  # the joins of b and spec reach a; of spec reach b
            pass
        mover, idle = (a, b) if first["view"]["to_move"] == 0 else (b, a)
        base = client.app.state.hub.tables[tid].seq  # type: ignore[attr-defined]
        idle.send_text("{not json")
        idle.send_text(json.dumps({"type": "dance"}))
        idle.send_text(json.dumps([1, 2]))
        idle.send_text(json.dumps({"type": "move", "move": "play pine-crane"}))  # out of turn
        mover.send_text(json.dumps({"type": "move", "move": "play nothing-at-all"}))
        mover.send_text(json.dumps({"type": "move"}))
        mover.send_text("x" * 5000)
        spec.send_text(json.dumps({"type": "move", "move": "play pine-crane"}))
        codes_idle = [e["code"] for e in errors(idle, 4)]
        codes_mover = [e["code"] for e in errors(mover, 3)]
        assert codes_idle == ["bad-json", "unknown-type", "bad-message", "not-your-turn"]
        assert codes_mover == ["bad-move", "bad-move", "too-large"]  # an unknown card: not a move
        assert errors(spec)[0]["code"] == "spectator"
        for _ in range(40):
            idle.send_text(json.dumps({"type": "ping"}))
        kinds = []
        while "flood" not in kinds:
            kinds.append(receive(idle).get("code", "pong"))
        assert client.app.state.hub.tables[tid].seq == base  # type: ignore[attr-defined]
        # the other seat got no error: its next message answers its own ping
        mover.send_text(json.dumps({"type": "ping"}))
        while True:
            msg = receive(mover)
            assert msg["type"] != "error"
            if msg["type"] == "pong":
                break


def test_creator_hands_an_absent_seat_to_a_bot(client: TestClient) -> None:
    t = create(client, "mushi", seats=HUMANS, options={"rounds": 1})
    url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    with client.websocket_connect(url) as ws:
        next_state(ws)
        ws.send_json({"type": "bot-takeover", "seat": 1, "bot": "greedy", "creator_token": "wrong"})
        assert errors(ws)[0]["code"] == "forbidden"
        ws.send_json({"type": "bot-takeover", "seat": 1, "bot": "greedy",
                      "creator_token": t["creator_token"]})
        state = next_state(ws)
        while state["table"]["seats"][1]["kind"] != "bot":
            state = next_state(ws)
        ws.send_json({"type": "state"})  # ask for the state again; play from there
        state = play_round(ws)
        assert state["view"]["finished"]
    seats = client.get(f"/api/tables/{t['id']}").json()["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["bot"] == "greedy"


def test_hub_reloads_a_table_from_the_database_alone(client: TestClient) -> None:
    t = create(client, "kwa-do", 3, seats=[{"kind": "human"}] * 3, options={"yaku": True})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    urls = [f"/ws/{t['id']}?token={s['token']}" for s in t["seats"]]
    with client.websocket_connect(urls[0]) as a, client.websocket_connect(urls[1]) as b, \
            client.websocket_connect(urls[2]) as c:
        socks = [a, b, c]
        states = [next_state(s) for s in socks]
        for _ in range(5):
            seat = hub.tables[t["id"]].match.to_move
            legal = hub.tables[t["id"]].match.legal_moves()
            socks[seat].send_json({"type": "move", "move": legal[-1]})
            states = [until_logged_seq(s, hub.tables[t["id"]].seq) for s in socks]
    live = hub.tables.pop(t["id"])
    again = hub.load(t["id"])
    assert again.match.to_record() == live.match.to_record() and again.log == live.log
    fields = ("seq", "round", "kind", "seat", "text")
    assert [{k: e[k] for k in fields} for e in states[0]["log"]] == \
        [{k: e[k] for k in fields} for e in again.log[-60:]]
    words = [e for e in states[0]["words"]["log"] if e["kind"] == "turn"]
    assert 1 <= len(words) <= 5 and all(e["cards"] and e["text"] for e in words)


def until_logged_seq(ws, seq):  # type: ignore[no-untyped-def]
    state = next_state(ws)
    while not state["log"] or state["log"][-1]["seq"] < seq:
        state = next_state(ws)
    return state


def test_a_kept_teyaku_is_private_to_its_seat(client: TestClient) -> None:
    from hanafuda import Match as M

    seed = next(s for s in range(200)
                if M("hana-awase", 2, {"teyaku": True}, seed=s).legal_moves() == ["expose", "keep"])
    t = create(client, "hana-awase", seats=HUMANS, options={"teyaku": True}, seed=seed)
    urls = [f"/ws/{t['id']}?token={s['token']}" for s in t["seats"]]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(urls[0]) as a, client.websocket_connect(urls[1]) as b:
        socks = [a, b]
        next_state(a), next_state(b)
        keeper = hub.tables[t["id"]].match.to_move
        socks[keeper].send_json({"type": "move", "move": "keep"})
        mine = until_logged_seq(socks[keeper], 1)
        assert mine["log"][-1]["text"] == "keep"
        other = socks[1 - keeper]
        other.send_json({"type": "state"})
        theirs = next_state(other)  # the broadcast after the keep, or the answer to "state"
        assert all(e["text"] != "keep" for e in theirs["log"])
        assert "keep" not in json.dumps(theirs)


def test_the_server_answers_while_the_strong_bot_thinks(client: TestClient) -> None:
    """The strong bot searches in a worker thread: a ping sent right after our move is answered
    before the bot's move arrives."""
    seed = next(s for s in range(100) if Match("mushi", 2, seed=s).to_move == 0)
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "strong"}], seed=seed)
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        state = next_state(ws)
        ws.send_json({"type": "move", "move": state["view"]["legal"][0]})
        ws.send_json({"type": "ping"})
        kinds = []
        while True:
            msg = receive(ws)
            if msg["type"] == "pong":
                break
            kinds.append((msg["type"], msg.get("event", {}).get("seat")))
        assert (("state", 1) not in kinds), kinds  # the bot had not moved yet




# -- the database refusing a write ------------------------------------------------------------


def refuse_writes(hub: Any, refuse: bool) -> None:
    """Make the real database refuse (or accept again) every new table event: an SQLite trigger."""
    with hub.engine.begin() as conn:
        if refuse:
            conn.exec_driver_sql("CREATE TRIGGER refuse_events BEFORE INSERT ON table_events "
                                 "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        else:
            conn.exec_driver_sql("DROP TRIGGER refuse_events")


class DatabaseAway:
    """A session factory whose database cannot be reached at all (neither written nor read)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    begin = __call__


def settle(*socks: Any) -> None:
    """Read every socket up to the answer of a ping, so nothing stale is queued."""
    for ws in socks:
        ws.send_json({"type": "ping"})
        while receive(ws)["type"] != "pong":
            pass


def snapshot(hub: Any, tid: str) -> Any:
    table = hub.tables[tid]
    return (table.match.to_record(), table.seq, [dict(e) for e in table.log],
            [state_message(table, s) for s in (0, 1, None)])


def _move_is_refused_then_accepted(client: TestClient, fail: Any, heal: Any) -> None:
    t = create(client, "mushi", seats=HUMANS)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    urls = [f"/ws/{t['id']}?token={s['token']}" for s in t["seats"]]
    with client.websocket_connect(urls[0]) as a, client.websocket_connect(urls[1]) as b:
        socks = [a, b]
        first = next_state(a)
        mover = first["view"]["to_move"]
        socks[mover].send_json({"type": "move", "move": first["view"]["legal"][0]})  # stored fine
        settle(a, b)
        before = snapshot(hub, t["id"])
        table = hub.tables[t["id"]]
        mover = table.match.to_move
        move = table.match.legal_moves()[-1]
        fail()
        try:
            socks[mover].send_json({"type": "move", "move": move})
            err = errors(socks[mover])[0]
            assert err["code"] == "storage" and "could not be saved" in err["error"]
            assert snapshot(hub, t["id"]) == before  # exactly as before: match, seq, log, every view
            other = socks[1 - mover]  # got neither the error nor a new state
            other.send_json({"type": "ping"})
            assert receive(other)["type"] == "pong"
        finally:
            heal()
        socks[mover].send_json({"type": "move", "move": move})  # the same move, now stored
        after = next_state(socks[mover])
        assert after["log"][-1]["text"] == move and after["log"][-1]["seq"] == 2
    live = hub.tables.pop(t["id"])
    assert hub.load(t["id"]).log == live.log and len(live.log) == 2


def test_a_move_that_cannot_be_stored_is_undone(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    _move_is_refused_then_accepted(client, lambda: refuse_writes(hub, True),
                                   lambda: refuse_writes(hub, False))


def test_a_move_is_undone_even_when_the_database_cannot_be_read(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    real = hub.sessions

    def away() -> None:
        hub.sessions = DatabaseAway()

    def back() -> None:
        hub.sessions = real

    _move_is_refused_then_accepted(client, away, back)


def test_a_deal_that_cannot_be_stored_is_undone(client: TestClient) -> None:
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
               options={"rounds": 2})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        play_round(ws)
        settle(ws)
        before = snapshot(hub, t["id"])
        refuse_writes(hub, True)
        try:
            ws.send_json({"type": "next-round"})
            assert errors(ws)[0]["code"] == "storage"
            assert snapshot(hub, t["id"]) == before
        finally:
            refuse_writes(hub, False)
        ws.send_json({"type": "next-round"})
        state = next_state(ws)
        assert state["view"]["round"] == 2 and state["log"][-1]["kind"] == "next-round"


def test_bots_wait_while_the_database_refuses_and_lose_nothing(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    refuse_writes(hub, True)
    try:
        t = create(client, "mushi", seats=[{"kind": "bot", "bot": "random"}] * 2, options={"rounds": 1})
        with client.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}") as ws:
            next_state(ws)
            time.sleep(1.5)  # the bots try, are refused, and wait
            table = hub.tables[t["id"]]
            assert table.seq == 0 and table.log == [] and table.match.current.moves == []
    finally:
        refuse_writes(hub, False)
    with client.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}") as ws:
        state = next_state(ws)
        while not state["view"]["finished"]:
            state = next_state(ws)
    live = hub.tables.pop(t["id"])
    assert hub.load(t["id"]).match.to_record() == live.match.to_record()


# -- the creator ------------------------------------------------------------------------------


def test_the_creator_link_hands_a_seat_that_left_to_a_bot_from_any_device(client: TestClient) -> None:
    t = create(client, "mushi", seats=HUMANS, options={"rounds": 1})
    assert t["creator_link"] == f"/table/{t['id']}?token={t['creator_token']}"
    tid = t["id"]
    with client.websocket_connect(f"/ws/{tid}?token={t['spectator_token']}") as spec:
        state = next_state(spec)
        assert state["creator"] is False
        spec.send_json({"type": "bot-takeover", "seat": 1, "bot": "greedy"})
        assert errors(spec)[0]["code"] == "forbidden"
    with client.websocket_connect(f"/ws/{tid}?token={t['creator_token']}") as boss, \
            client.websocket_connect(f"/ws/{tid}?token={t['seats'][0]['token']}") as ann:
        state = next_state(boss)
        assert state["creator"] is True and state["you"] is None and state["view"]["hand"] == []
        bad: list[dict[str, Any]] = [
            {"seat": 0, "bot": "greedy"},  # Ann is at the table
            {"seat": 1, "bot": "nobody"}, {"seat": 7, "bot": "greedy"}, {"seat": True, "bot": "greedy"}]
        for fields in bad:
            boss.send_json({"type": "bot-takeover", **fields})
        codes = [e["code"] for e in errors(boss, 4)]
        assert codes == ["not-now", "bad-message", "bad-message", "bad-message"]
        assert all(s["kind"] == "human" for s in hub_seats(client, tid))
        boss.send_json({"type": "bot-takeover", "seat": 1, "bot": "random"})
        state = next_state(boss)
        while state["table"]["seats"][1]["kind"] != "bot":
            state = next_state(boss)
        assert state["table"]["seats"][1]["bot"] == "random"
        boss.send_json({"type": "bot-takeover", "seat": 1, "bot": "greedy"})
        assert errors(boss)[0]["code"] == "not-now"  # already a bot
        settle(ann)
        ann.send_json({"type": "state"})
        state = play_round(ann)
        assert state["view"]["finished"]
    with client.websocket_connect(f"/ws/{tid}?token={t['seats'][1]['token']}") as ben:
        next_state(ben)  # Ben comes back: he still sees his seat but the bot plays it
        ben.send_json({"type": "move", "move": "play pine-crane"})
        assert errors(ben)[0]["code"] == "bot-seat"


def hub_seats(client: TestClient, tid: str) -> list[dict[str, Any]]:
    return client.get(f"/api/tables/{tid}").json()["seats"]  # type: ignore[no-any-return]


# -- the move log -----------------------------------------------------------------------------


def test_the_whole_move_log_is_kept(client: TestClient) -> None:
    t = create(client, "hawaiifuda", seats=[{"kind": "bot", "bot": "random"}] * 2, options={"rounds": 4})
    with client.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}") as ws:
        state = next_state(ws)
        while not state["view"]["finished"]:
            state = next_state(ws)
    record = client.get(f"/api/tables/{t['id']}/record").json()
    moves = [m for r in record["rounds"] for m in r["moves"]]
    log = state["log"]
    assert len(log) > 60  # more than the page once showed
    assert [e["text"] for e in log if e["kind"] == "move"] == moves
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert sum(e["kind"] == "next-round" for e in log) == len(record["rounds"]) - 1


def test_a_refused_move_is_named_with_its_reason_and_the_legal_moves(client: TestClient) -> None:
    """Not in the §7 notation: ``bad-move``; a move but not legal now: ``illegal-move``.  Either
    way the text repeats the refused move, says why, and lists the legal moves."""
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        state = next_state(ws)
        while state["view"]["to_move"] != 0:
            state = next_state(ws)
        legal = state["view"]["legal"]
        ws.send_json({"type": "move", "move": "frobnicate"})
        bad = errors(ws)[0]
        assert bad["code"] == "bad-move"
        assert "'frobnicate' is not a move" in bad["error"] and "not in the move notation" in bad["error"]
        assert "malformed move:;" not in bad["error"] and legal[0] in bad["error"]
        own = state["view"]["hand"][0]
        ws.send_json({"type": "move", "move": f"take {own}"})  # well-formed, not legal now
        illegal = errors(ws)[0]
        assert illegal["code"] == "illegal-move"
        assert f"'take {own}' is not a legal move now" in illegal["error"] and legal[-1] in illegal["error"]
