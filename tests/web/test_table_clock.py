"""The table page's turn clock and quick-match wait as the server sends them (issue 28): the
countdown of the decision being timed (``SocialHub.clock_message``, pushed on the social socket
and in its hello answer), the timeout notice with the move in words, and "bots join in N s"."""

from __future__ import annotations

import re
import time

from fastapi.testclient import TestClient

from hanafuda import Match
from hanafuda.web.social.models import PlayerRow
from hanafuda.web.social.service import role
from hanafuda.words import Namer, describe_move

from .social_helpers import chat_lines, clocked_table, name, table, token_of
from .wsutil import create


def test_the_clock_counts_the_decision_it_times_and_only_that_one(client: TestClient) -> None:
    t, live = clocked_table(client, 30)
    social = client.app.state.social  # type: ignore[attr-defined]
    portal = client.portal  # type: ignore[attr-defined]
    seat = live.match.to_move
    assert seat is not None
    assert social.clock_message(live, seat) == {"type": "clock", "seat": None}  # not seen yet
    start = time.monotonic()
    portal.call(social._clock_step, live, 30, start)  # the ticker sees the decision: it starts
    got = social.clock_message(live, 1 - seat)
    assert got["seat"] == seat and got["seconds"] == 30 and 29 <= got["left"] <= 30
    rnd = live.match.current
    view = live.match.view(seat)
    # the page names the decision by what its state shows: round, stock, seat, phase, field
    assert got["turn"] == f"{view.round_number}|{view.stock_count}|{seat}|{view.phase}|{len(view.field)}"
    assert rnd.stock_left == view.stock_count
    assert social.clock_message(live, None) == got  # a spectator sees the same clock
    social._turn_seen[live.id] = (live.seq, seat, start - 12)  # 12 s gone
    assert 17 <= social.clock_message(live, seat)["left"] <= 18
    live.match.play(live.match.legal_moves()[0])  # another decision: this clock no longer holds
    live.seq += 1
    assert social.clock_message(live, seat)["seat"] is None


def test_no_clock_reveals_a_teyaku_decision_to_another_seat(client: TestClient) -> None:
    """RULES.md §4.2: only the seat deciding may learn that a teyaku decision exists, so the
    clock timing it is shown to that seat only."""
    seed, first, asked = next(
        (seed, rnd.order[0], rnd.teyaku_queue[0]) for seed in range(500)
        for rnd in [Match("hana-awase", 2, {"teyaku": True}, seed=seed).current]
        if rnd.teyaku_queue and rnd.order[0] not in rnd.teyaku_queue)
    t = create(client, "hana-awase", seats=[{"kind": "human"}, {"kind": "human"}],
               options={"teyaku": True}, seed=seed)
    live = table(client, t["id"])
    social = client.app.state.social  # type: ignore[attr-defined]
    social.clocks[live.id] = 30
    client.portal.call(social._clock_step, live, 30, time.monotonic())  # type: ignore[attr-defined]
    assert live.match.to_move == asked
    assert social.clock_message(live, asked)["seat"] == asked
    assert social.clock_message(live, first) == {"type": "clock", "seat": None}
    assert social.clock_message(live, None) == {"type": "clock", "seat": None}


def test_the_timeout_notice_names_the_move_in_words(client: TestClient) -> None:
    t, live = clocked_table(client, 15)
    social = client.app.state.social  # type: ignore[attr-defined]
    portal = client.portal  # type: ignore[attr-defined]
    seat = live.match.to_move
    assert seat is not None
    view = live.match.view(seat)
    now = time.monotonic()
    portal.call(social._clock_step, live, 15, now)
    portal.call(social._clock_step, live, 15, now + 15.5)
    move = next(e for e in reversed(live.log) if e["kind"] == "move")["text"]
    said = describe_move(view, move, Namer(live.match.config, live.theme, None,
                                           tuple(s.name for s in live.seats)))
    last = chat_lines(client, t["id"])[-1]
    # a catalogue key and data, never words: the page says it in its language and card names
    assert last["key"] == "clock.move" and "text" not in last
    assert last["args"] == {"seat": seat, "s": 15, "bot": "greedy", "kind": said.kind,
                            "outcome": said.outcome, "card": said.card, "takes": list(said.takes)}
    assert move not in str(last) and not re.search(r"\b(play|take) [a-z]+-", str(last))


def test_a_quick_match_table_says_when_bots_join(client: TestClient) -> None:
    ann = name(client, "Ann")
    r = client.post("/api/social/quick", json={"game": "mushi", "players": 2, "wait": 60}, headers=ann)
    assert r.status_code == 200, r.text
    live = table(client, r.json()["table"])
    social = client.app.state.social  # type: ignore[attr-defined]
    portal = client.portal  # type: ignore[attr-defined]
    player = social.player_by_key(ann["x-player-key"])
    assert isinstance(player, PlayerRow)
    token = token_of(r.json()["link"])
    seat, creator = role(live, token) or (None, False)
    info = portal.call(social.hello, live, seat, creator, player)
    assert 55 <= info["bots_in"] <= 60 and info["open_seats"] == [1] and info["open_name"] == "Open seat"
    assert portal.call(social.fill_with_bots, live) == 1
    assert "bots_in" not in portal.call(social.hello, live, seat, creator, player)  # the bots are in
