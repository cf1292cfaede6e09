"""Issue 28, "one table, one door": every move and deal of a live table, whoever makes it (a
person's socket, a bot, the turn clock, a play that waited for a teyaku), goes through
``TableHub.submit``, which applies it to a copy of the match, stores it, and only then puts the copy
in place; a refused write changes nothing (no undo by replaying)."""

from __future__ import annotations

import ast
import asyncio
import random
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from hanafuda.records import Match
from hanafuda.web.db import TableEventRow
from hanafuda.web.live import NEXT_ROUND, Refusal, fork

from .social_helpers import name, new_table, table
from .test_ws import refuse_writes
from .wsutil import create, errors, play_round, receive

WEB = Path(__file__).resolve().parents[2] / "src" / "hanafuda" / "web"

MUTATORS = frozenset({"play", "next_round", "apply", "submit"})
"""The ``Match`` methods that change a match (``submit`` of the hub itself is the door: a call of
``self.submit``, ``hub.submit`` or ``self.hub.submit`` is not a match's)."""


def _is_the_door(call: ast.Call) -> bool:
    assert isinstance(call.func, ast.Attribute)
    owner = call.func.value
    return call.func.attr == "submit" and (
        (isinstance(owner, ast.Name) and owner.id in ("self", "hub"))
        or (isinstance(owner, ast.Attribute) and owner.attr == "hub"))
ALLOWED = {
    ("hub.py", "TableHub._next_match"),  # the copy ``submit`` deals the next round on
    ("hub.py", "TableHub._submit_to"),  # the copy ``submit`` makes a move on (Match.submit)
    ("hub.py", "TableHub._partial"),  # the copy after the first of a decision and its queued play
    ("storage.py", "apply_event"),  # the replay of stored events (loading, following the owner)
    ("replay.py", "iter_frames"),  # the frames of a finished record (a local copy, never a live table)
}
"""Where in web/ a match may be changed, by file and function."""


def mutating_calls(source: str) -> list[tuple[str, int]]:
    """Every call of a ``Match`` mutator in ``source``: (enclosing function, line)."""
    found: list[tuple[str, int]] = []

    def walk(node: ast.AST, scope: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                walk(child, [*scope, child.name])
                continue
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                    and child.func.attr in MUTATORS and not _is_the_door(child)):
                found.append((".".join(scope), child.lineno))
            walk(child, scope)

    walk(ast.parse(source), [])
    return found


def callers(source: str, function: str) -> set[str]:
    """The functions of ``source`` that name ``function`` (a call or a reference)."""
    out: set[str] = set()

    def walk(node: ast.AST, scope: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                walk(child, [*scope, child.name])
                continue
            if (isinstance(child, ast.Attribute) and child.attr == function) or (
                    isinstance(child, ast.Name) and child.id == function):
                out.add(".".join(scope))
            walk(child, scope)

    walk(ast.parse(source), [])
    return out


def test_the_scan_finds_a_play_outside_the_door() -> None:
    """The scan below is not blind: a ``.play(`` anywhere is found, with its function."""
    sneaky = "class Runner:\n    async def go(self, table):\n        table.match.play('x')\n"
    assert mutating_calls(sneaky) == [("Runner.go", 3)]
    assert mutating_calls("def f(m):\n    return m.next_round()\n") == [("f", 2)]
    assert mutating_calls("def f(t):\n    t.match.submit(0, 'x')\n") == [("f", 2)]
    assert mutating_calls("def f(self):\n    self.hub.submit(t, 0, 'x', 'bot')\n") == []


def test_no_code_in_web_changes_a_match_outside_the_one_door() -> None:
    files = sorted(WEB.rglob("*.py"))
    assert len(files) > 20
    outside = [f"{path.relative_to(WEB)}:{line} in {where or 'module'}"
               for path in files
               for where, line in mutating_calls(path.read_text())
               if (str(path.relative_to(WEB)), where) not in ALLOWED]
    assert outside == [], "a match changed outside TableHub.submit: " + ", ".join(outside)
    hub = (WEB / "hub.py").read_text()
    # the copy is made and applied only on the way through submit
    assert callers(hub, "_next_match") == {"TableHub._checked"}
    assert callers(hub, "_submit_to") == {"TableHub._checked"}
    assert callers(hub, "_partial") == {"TableHub._checked"}
    assert callers(hub, "_checked") == {"TableHub.submit"}
    assert callers(hub, "_store_steps") == {"TableHub.submit"}
    assert callers(hub, "_store_and_swap") == {"TableHub._store_steps"}
    # the replay of stored events serves loading and following another process, nothing else
    users = {f"{p.relative_to(WEB)}:{f}" for p in files for f in callers(p.read_text(), "apply_event")}
    assert users == {"storage.py:TableStore._replay", "storage.py:follow_event"}
    followers = {f"{p.relative_to(WEB)}:{f}" for p in files for f in callers(p.read_text(), "follow_event")}
    assert followers == {"cluster.py:Cluster.follow", "cluster.py:Cluster.refresh"}


def test_fork_is_an_independent_copy() -> None:
    m = Match("hana-awase", 3, {}, seed=5)
    rng = random.Random(1)
    while not m.round_over:
        m.play(rng.choice(m.legal_moves()))
    m.next_round()
    m.play(m.legal_moves()[0])
    before = (m.to_record(), list(m.totals), m.rng.getstate())
    copy = fork(m)
    assert copy.to_record() == before[0] and copy is not m
    while not copy.round_over:
        copy.play(copy.legal_moves()[-1])
    copy.next_round()
    assert (m.to_record(), list(m.totals), m.rng.getstate()) == before  # untouched
    assert len(copy.rounds) == 3 and len(m.rounds) == 2
    while not m.round_over:
        m.play(m.legal_moves()[-1])
    m.next_round()
    assert m.deals[-1] == copy.deals[-1]  # the same random state: the same next deal


@pytest.mark.parametrize(("game", "players", "options"), [
    ("hana-awase", 3, {"rounds": 2, "teyaku": True}), ("koi-koi", 2, {"rounds": 2}),
    ("min-hwatu", 3, {"rounds": 2}), ("kwa-do", 2, {"rounds": 2}), ("hawaiifuda", 2, {"rounds": 2}),
    ("mushi", 2, {"rounds": 2})])
def test_a_fork_for_a_move_shares_a_random_generator_no_move_draws_from(
        game: str, players: int, options: dict[str, Any]) -> None:
    """``fork(m, deals=False)`` (every move ``submit`` checks) shares the match's random generator:
    safe only because no play and no teyaku decision draws from it, only a deal does (RULES.md §6).
    Every move of whole matches is made on such a copy, put in place as ``submit`` does: the
    generator's state never moves under a move, and the matches deal what a match played in place
    deals."""
    for seed in range(3):
        m, plain = Match(game, players, options, seed=seed), Match(game, players, options, seed=seed)
        rng = random.Random(seed)
        while not m.finished:
            if m.to_move is None:
                m = fork(m)
                m.next_round()
                plain.next_round()
                continue
            seat = m.to_move
            move = rng.choice(m.legal_moves())
            state = m.rng.getstate()
            nxt = fork(m, deals=False)
            assert nxt.rng is m.rng
            nxt.submit(seat, move)
            plain.submit(seat, move)
            assert m.rng.getstate() == state, f"{game}: the move {move!r} drew from the match's generator"
            m = nxt
        assert m.deals == plain.deals and m.to_record() == plain.to_record()


def submitted(hub: Any) -> list[tuple[int | None, str, str]]:
    """Record every accepted ``submit`` of ``hub`` as (seat, move, source)."""
    seen: list[tuple[int | None, str, str]] = []
    real = hub.submit

    async def spy(table: Any, seat: int | None, move: str, source: str, **kw: Any) -> Refusal | None:
        refused: Refusal | None = await real(table, seat, move, source, **kw)
        if refused is None:
            seen.append((seat, move.strip(), source))
        return refused

    hub.submit = spy
    return seen


def test_people_bots_and_deals_all_come_through_submit(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seen = submitted(hub)
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
               options={"rounds": 2})
    live = hub.tables[t["id"]]
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        play_round(ws)
        ws.send_json({"type": "next-round"})
        assert play_round(ws)["view"]["phase"] == "match-over"
    assert live.match.finished
    sources = {source for _seat, _move, source in seen}
    assert sources == {"person", "bot"}
    # every stored event came through the door, in order
    assert [(e["seat"], e["text"]) for e in live.log] == [(seat, move) for seat, move, _ in seen]
    assert any(move == NEXT_ROUND for _s, move, _src in seen)


def test_bot_tables_deal_through_submit(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seen = submitted(hub)
    t = create(client, "mushi", seats=[{"kind": "bot", "bot": "random"}] * 2, options={"rounds": 2})
    live = hub.tables[t["id"]]
    client.portal.call(hub.idle, live)  # type: ignore[attr-defined]
    assert live.match.finished and len(live.log) == len(seen)
    assert (None, NEXT_ROUND, "bot") in seen and {src for *_rest, src in seen} == {"bot"}


def test_the_turn_clock_moves_through_submit(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    social = client.app.state.social  # type: ignore[attr-defined]
    seen = submitted(hub)
    ann = name(client, "Ann")
    t = new_table(client, ann, clock=15, seats=[{"kind": "me"}, {"kind": "invite"}])
    live = table(client, t["id"])
    seat, now = live.match.to_move, time.monotonic()
    client.portal.call(social._clock_step, live, 15, now)  # type: ignore[attr-defined]
    client.portal.call(social._clock_step, live, 15, now + 16)  # type: ignore[attr-defined]
    assert len(seen) == 1 and seen[0][0] == seat and seen[0][2] == "clock"
    assert live.log[-1]["text"] == seen[0][1]


def test_a_refused_write_leaves_the_same_match_object(client: TestClient) -> None:
    """Nothing is undone because nothing was changed: the match in place is the very same object,
    and the copy that would have followed is dropped."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = create(client, "mushi", seats=[{"kind": "human"}] * 2)
    live = hub.tables[t["id"]]
    before, record, seq = live.match, live.match.to_record(), live.seq
    seat, move = before.to_move, before.legal_moves()[0]
    refuse_writes(hub, True)
    try:
        refused = client.portal.call(hub.submit, live, seat, move, "person")  # type: ignore[attr-defined]
    finally:
        refuse_writes(hub, False)
    assert refused is not None and refused.code == "storage"
    assert live.match is before and before.to_record() == record and live.seq == seq and live.log == []
    assert client.portal.call(hub.submit, live, seat, move, "person") is None  # type: ignore[attr-defined]
    assert live.match is not before and before.to_record() == record  # swapped; the old one untouched
    assert live.seq == seq + 1 and live.log[-1]["text"] == move


def test_an_event_stored_by_another_process_first_is_caught_up(client: TestClient) -> None:
    """A stale copy (another process stored the next event): refused, then read back whole."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = create(client, "mushi", seats=[{"kind": "human"}] * 2)
    live = hub.tables[t["id"]]
    seat, legal = live.match.to_move, live.match.legal_moves()
    with hub.sessions.begin() as db:
        db.add(TableEventRow(table_id=live.id, seq=1, kind="move", seat=seat, text=legal[-1]))
    refused = client.portal.call(hub.submit, live, seat, legal[0], "person")  # type: ignore[attr-defined]
    assert refused is not None and refused.code == "storage"
    assert live.seq == 1 and live.log[-1]["text"] == legal[-1]  # the stored event, read back
    assert live.match.current.moves == Match.from_record(live.match.to_record()).current.moves
    with hub.engine.connect() as conn:
        assert conn.execute(text("select count(*) from table_events")).scalar() == 1


def test_the_door_refuses_what_a_source_may_not_do(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    live = hub.tables[t["id"]]
    client.portal.call(hub.idle, live)  # type: ignore[attr-defined]
    seq = live.seq
    call = client.portal.call  # type: ignore[attr-defined]
    legal = live.match.legal_moves()
    assert live.match.to_move == 0
    assert call(hub.submit, live, 0, legal[0], "bot").code == "not-now"  # not a person's seat
    assert call(hub.submit, live, 1, legal[0], "person").code == "bot-seat"
    assert call(hub.submit, live, None, legal[0], "person").code == "spectator"
    assert call(hub.submit, live, 0, "play XX", "person").code == "bad-move"
    assert call(hub.submit, live, 0, NEXT_ROUND, "person").code == "not-now"  # the round is on
    assert call(partial(hub.submit, at_seq=seq + 1), live, 0, legal[0], "person").code == "stale"
    try:
        call(hub.submit, live, 0, legal[0], "robot")
    except ValueError as exc:
        assert "unknown source" in str(exc)
    else:
        raise AssertionError("an unknown source was accepted")
    assert live.seq == seq  # none of it changed anything


def test_social_changes_take_the_tables_one_lock(client: TestClient) -> None:
    """Filling open seats with bots waits for the table's lock (the social side has no lock of
    its own), and hands the seats over through the hub's one place (``hand_to_bot``)."""
    social = client.app.state.social  # type: ignore[attr-defined]
    t = new_table(client, name(client, "Ann"))  # Ann and an open seat
    live = table(client, t["id"])

    async def fill_while_locked() -> int:
        async with live.lock:
            task = asyncio.get_running_loop().create_task(social.fill_with_bots(live))
            await asyncio.sleep(0.2)
            assert not task.done() and live.seats[1].kind == "human"
        return int(await task)

    assert client.portal.call(fill_while_locked) == 1  # type: ignore[attr-defined]
    assert (live.seats[1].kind, live.seats[1].bot, live.seats[1].name) == ("bot", "greedy", "greedy bot")
    assert set(live.agents) == {1} and not hasattr(social, "_locks")
    stored = client.app.state.hub.store.read(live.id)  # type: ignore[attr-defined]
    assert stored.seats[1].kind == "bot" and stored.seats[1].name == "greedy bot"


def test_the_match_end_has_one_action_that_moves_nobody(client: TestClient) -> None:
    """"Play again" (which moved every page to a new table) is gone: a finished match offers the
    rematch alone (``SocialHub.rematch``, tests/web/test_social_api.py), which asks each person."""
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
               options={"rounds": 1})
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        assert play_round(ws)["view"]["phase"] == "match-over"
        ws.send_json({"type": "play-again"})
        err = errors(ws)[0]
        assert err["code"] == "unknown-type" and "play-again" not in err["error"].split("types:")[1]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert len(hub.tables) == 1 and not hasattr(hub, "play_again")


def test_a_waiting_play_that_no_longer_applies_is_refused_to_its_player(client: TestClient) -> None:
    """The play queued during another seat's teyaku decision (RULES.md §4.2) is made inside the same
    ``submit`` as the decision; one that no longer applies is dropped and its player told."""
    seed, first, asked = next(
        (seed, rnd.order[0], rnd.teyaku_queue[0]) for seed in range(500)
        for rnd in [Match("hana-awase", 2, {"teyaku": True}, seed=seed).current]
        if rnd.teyaku_queue and rnd.order[0] not in rnd.teyaku_queue)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = create(client, "hana-awase", seats=[{"kind": "human"}] * 2, options={"teyaku": True}, seed=seed)
    live = hub.tables[t["id"]]
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][first]['token']}") as player:
        receive(player)
        live.match.queued[first] = (0, "play XX")  # (a real queued play is checked when it is sent)
        assert client.portal.call(hub.submit, live, asked, "expose", "person") is None  # type: ignore[attr-defined]
        err = errors(player)[0]
        assert err["code"] == "illegal-move" and "no longer legal" in err["error"]
    assert [e["text"] for e in live.log] == ["expose"] and live.match.queued == {}
    assert live.match.to_move == first  # the turn is the player's again, to choose anew
