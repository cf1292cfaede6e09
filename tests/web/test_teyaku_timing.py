"""Hana-Awase teyaku timing on the wire (RULES.md §4.2, issue 28): the seat that plays first must
not learn from the server's answers that another seat decides on a teyaku.  Its first play is
answered at once — before the other seat has decided — and with the same messages whether the
other seat holds a teyaku (and keeps it hidden) or holds none.

The hub once held that play silently until the other seat decided: the dealer waited as long as
the other player thought (9.9 s measured), so the wait told it the other hand held six or more
chaff.  Now ``TableHub.submit`` hands the play to ``Match.submit``, which queues it in the match
(``engine.match``), and the first play of every deal with teyaku is answered at once with a
``settling`` message, whether or not a decision is pending.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from hanafuda.engine.round import PHASE_PLAY

from .test_table_keep import _same, _seed
from .wsutil import create, next_state, receive

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]

ANSWER_WITHIN = 8.0
"""Seconds the first seat waits for the answer to its play while the other seat does nothing: a
healthy answer takes milliseconds; a play held until the other seat decides never comes."""


def _holds_play(msg: dict[str, Any], first: int) -> bool:
    return msg["type"] == "state" and any(e.get("seat") == first and e["kind"] == "move"
                                          for e in msg["log"])


def test_the_first_play_is_answered_alike_with_and_without_a_teyaku(client: TestClient) -> None:
    seed, first, asked = _seed()
    hub = client.app.state.hub  # type: ignore[attr-defined]
    held = create(client, "hana-awase", seats=HUMANS, options={"teyaku": True}, seed=seed)
    plain = create(client, "hana-awase", seats=HUMANS, options={"teyaku": True}, seed=seed)
    rnd = hub.tables[plain["id"]].match.current  # the same deal, as if the player held no teyaku
    rnd.teyaku_queue, rnd.phase, rnd.turn, rnd.seat = [], PHASE_PLAY, 0, rnd.order[0]
    answers: dict[str, list[dict[str, Any]]] = {}
    for t in (held, plain):
        url = f"/ws/{t['id']}?token="
        with client.websocket_connect(url + t["seats"][first]["token"]) as dealer:
            next_state(dealer)
            with client.websocket_connect(url + t["seats"][asked]["token"]) as other:
                seen = next_state(dealer)  # the other player came
                mine = next_state(other)
                assert seen["view"]["to_move"] == first and seen["view"]["legal"]
                if t is held:
                    assert mine["view"]["legal"] == ["expose", "keep"]
                dealer.send_json({"type": "move", "move": seen["view"]["legal"][0]})
                # the answer comes while the other seat has not decided: no wait on it
                out = [_same(receive(dealer, timeout=ANSWER_WITHIN))]
                if t is held:
                    other.send_json({"type": "move", "move": "keep"})
                while not _holds_play(out[-1], first):
                    out.append(_same(receive(dealer)))
        answers[t["id"]] = out
    assert answers[held["id"]] == answers[plain["id"]]
    moves = hub.tables[held["id"]].match.current.moves
    assert moves[1:] == hub.tables[plain["id"]].match.current.moves  # the play made after the keep


def test_a_stored_move_goes_where_the_engine_says_its_event_may_be_seen() -> None:
    """``messages.is_public`` reads ``engine.visibility.move_only``: a kept teyaku goes to its own
    seat only; every other move, and every other entry, goes to everyone (RULES.md §4.2)."""
    from hanafuda.web.messages import is_public

    keep = {"kind": "move", "text": "keep", "seat": 1}
    assert is_public(keep, 1) and not is_public(keep, 0) and not is_public(keep, None)
    assert is_public({**keep, "text": "1: keep"}, 1) and not is_public({**keep, "text": "1: keep"}, 0)
    for text in ("expose", "play pine-crane", "take pine-chaff1"):
        assert all(is_public({**keep, "text": text}, s) for s in (0, 1, None))
    assert is_public({"kind": "next-round", "text": "next-round", "seat": 0}, None)
    assert not any(is_public({**keep, "seat": None}, s) for s in (0, 1, None))  # whose? nobody's
