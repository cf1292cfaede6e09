"""Views leak nothing hidden (DESIGN.md layer 4): over some 1,400 random rounds of every
game, player count and representative options (teyaku and wild cards included), every
seat's view and the spectator view are built at every step and searched for the codes
of cards that seat cannot see — other seats' hidden hand cards (hand minus exposed) and
the stock — and for the stock order.  The own hand, counts, legal moves, the privacy of a
``keep`` decision and the update after every decision are checked on the way.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from hanafuda import Match
from hanafuda.cards import CODES, cards_of
from hanafuda.engine.deal import Deal
from hanafuda.engine.round import EV_KEEP, PHASE_PLAY, PHASE_TEYAKU
from hanafuda.views import spectator_view, view_of
from tests.engine.invariants import CONFIGS

# Rounds per configuration by player count: a round costs about (players + 1) views per
# step, so fewer rounds with more players keep the file fast (≈ 1,400 rounds in all).
ROUNDS_BY_PLAYERS = {2: 20, 3: 14, 4: 10, 5: 7, 6: 5}


def _lists(node: Any) -> Iterator[list[Any]]:
    if isinstance(node, list):
        yield node
        for item in node:
            yield from _lists(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _lists(item)


def _codes(mask: int) -> list[str]:
    return [CODES[c] for c in cards_of(mask)]


def check_view(match: Match, seat: int | None, deep: bool = False) -> dict[str, Any]:
    """Build the view of ``seat`` (None: spectator), check it and return its dict.

    The view is serialised with ``json.dumps`` and its text searched for the code of
    every card the seat cannot see.  No code is a prefix of another and none occurs
    inside the other words of a view (option names, yaku ids), so the search is exact;
    it also finds a code inside a longer string such as a move.
    """
    rnd = match.current
    n = match.config.players
    view = view_of(match, seat) if seat is not None else spectator_view(match)
    data = view.to_dict()
    text = json.dumps(data)
    where = f"{match.config.game.id} {n}p round {len(match.rounds)} move {len(rnd.moves)}"
    who = f"seat {seat}" if seat is not None else "spectator"

    # Nothing hidden: other seats' hidden hand cards and the stock.
    stock = rnd.stock_remaining()
    hidden = 0
    for other in range(n):
        if other != seat:
            hidden |= rnd.hands[other] & ~rnd.exposed[other]
    for card in stock:
        hidden |= 1 << card
    leaked = [code for code in _codes(hidden) if code in text]
    assert not leaked, f"{where}: the view of {who} shows hidden cards {leaked}"
    assert '"stock":' not in text, f"{where}: the view of {who} has a 'stock' key"
    if deep and stock:
        stock_codes = [CODES[c] for c in stock]
        for lst in _lists(data):
            assert lst != stock_codes, f"{where}: the stock order is in the view of {who}"

    # What the seat may know is right.
    own = rnd.hands[seat] if seat is not None else 0
    assert data["hand"] == _codes(own), f"{where}: {who} sees a wrong hand"
    assert data["hand_counts"] == [h.bit_count() for h in rnd.hands]
    assert data["stock_count"] == len(stock)
    shown = match
    if rnd.phase == PHASE_TEYAKU and seat != rnd.seat:
        shown = _as_if_no_teyaku(match)  # a pending teyaku is the decider's secret (§4.2)
    assert data["to_move"] == shown.to_move
    if deep:
        assert data["field"] == _codes(rnd.field)
        assert data["exposed"] == [_codes(e) for e in rnd.exposed]
        assert data["captures"] == [_codes(c) for c in rnd.captures]
    if seat is not None and seat == shown.to_move:
        assert data["legal"] == shown.legal_moves(), f"{where}: {who} has wrong legal moves"
    else:
        assert data["legal"] == [], f"{where}: {who} sees legal moves while not to move"

    # Every history entry says who may see it: a 'keep' its keeper alone, the rest everyone.
    for e in data["history"]:
        assert e["only"] == (e["seat"] if e["kind"] == "keep" else None), f"{where}: {e}"
        assert e["only"] in (None, seat), f"{where}: {who} sees an entry meant for another seat"
    # A 'keep' decision is private to the keeper.
    if match.config.teyaku:
        keeps = [e for e in data["history"] if e["kind"] == "keep"]
        own_keeps = sum(
            1 for kind, actor, _, _ in rnd.events if kind == EV_KEEP and actor == seat
        )
        assert all(e["seat"] == seat for e in keeps), f"{where}: {who} sees another's keep"
        assert len(keeps) == own_keeps, f"{where}: {who} does not see its own keep"
    return data


def _by_game() -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for index, (game, _, _) in enumerate(CONFIGS):
        groups.setdefault(game, []).append(index)
    return groups


GROUPS = _by_game()


def test_enough_rounds() -> None:
    assert sum(ROUNDS_BY_PLAYERS[players] for _, players, _ in CONFIGS) >= 1_300
    assert any(o.get("teyaku") for g, _, o in CONFIGS if g == "hana-awase")
    assert any(o.get("gaji") for g, _, o in CONFIGS if g == "kwa-do")


@pytest.mark.parametrize("game", sorted(GROUPS))
def test_views_hide_hands_and_stock(game: str) -> None:
    events_seen: set[str] = set()
    for index in GROUPS[game]:
        name, players, options = CONFIGS[index]
        rng = random.Random(7919 * index + 3)
        match = Match(name, players, dict(options), seed=rng.randrange(1 << 62))
        seats = range(players)
        for _ in range(ROUNDS_BY_PLAYERS[players]):
            rnd = match.current
            before = [check_view(match, s, deep=True) for s in seats]
            check_view(match, None, deep=True)
            while not rnd.over:
                actor = rnd.seat
                action = rng.choice(rnd.legal_actions())
                history_before = len(rnd.events)
                match.apply(action)
                events_seen.update(kind for kind, *_ in rnd.events[history_before:])
                private = rnd.events[history_before][0] == EV_KEEP
                deep = rnd.over or len(rnd.moves) % 16 == 0
                after = [check_view(match, s, deep) for s in seats]
                check_view(match, None, deep)
                for s in seats:
                    # Every decision changes every seat's view (history, turn or phase), except
                    # that a kept teyaku changes nothing another seat sees (RULES.md §4.2).
                    now_asked = rnd.phase == PHASE_TEYAKU and rnd.seat == s
                    if private and s != actor and not now_asked:
                        assert after[s] == before[s], f"seat {s} can tell that seat {actor} kept"
                        continue
                    assert after[s] != before[s], (
                        f"{name} round {len(match.rounds)} move {len(rnd.moves)}: the view of "
                        f"seat {s} did not change after seat {actor}'s decision"
                    )
                    if s != actor and not private:
                        old, new = before[s]["history"], after[s]["history"]
                        assert len(new) > len(old) and new[: len(old)] == old
                before = after
            if match.finished:
                match = Match(name, players, dict(options), seed=rng.randrange(1 << 62))
            else:
                match.next_round()
    assert "play" in events_seen and "flip" in events_seen
    if game == "hana-awase":
        assert {"expose", "keep"} <= events_seen, "teyaku decisions were not exercised"


def _teyaku_deal() -> Deal:
    hands = [
        ["pine-chaff1", "pine-chaff2", "plum-chaff1", "plum-chaff2", "cherry-chaff1",
         "cherry-chaff2", "wisteria-chaff1", "susuki-moon"],
        ["iris-chaff1", "iris-chaff2", "peony-chaff1", "peony-chaff2", "clover-chaff1",
         "clover-chaff2", "pine-crane", "plum-warbler"],
    ]
    field = ["cherry-curtain", "wisteria-cuckoo", "iris-bridge", "peony-butterflies",
             "clover-boar", "maple-deer", "willow-rainman", "paulownia-phoenix"]
    used = {c for h in hands for c in h} | set(field)
    stock = [c for c in CODES if c not in used]
    return Deal.from_codes(1, hands, field, stock)


def test_keep_is_private_and_expose_is_public() -> None:
    """RULES.md §4.2 teyaku: a kept hand stays hidden; exposed chaff are seen by everyone."""
    match = Match("hana-awase", 2, {"teyaku": True}, deal=_teyaku_deal())
    # Dealer 1 plays first (counter-clockwise); both hold six or more chaff.
    assert match.to_move == 1 and match.legal_moves() == ["expose", "keep"]
    match.play("keep")
    own = view_of(match, 1).to_dict()
    other = view_of(match, 0).to_dict()
    spectator = spectator_view(match).to_dict()
    assert [e["kind"] for e in own["history"]] == ["keep"]
    assert other["history"] == [] and spectator["history"] == []
    assert other["exposed"] == [[], []]
    assert other["to_move"] == 0 and other["legal"] == ["expose", "keep"]
    # seat 1 plays first: it sees its turn, not that seat 0 has a teyaku to decide
    assert own["phase"] == "play" and own["to_move"] == 1
    match.play("expose")
    exposed = _codes(match.current.exposed[0])
    assert len(exposed) == 7
    for seat in (0, 1):
        data = view_of(match, seat).to_dict()
        assert data["exposed"][0] == exposed
        assert [e["kind"] for e in data["history"] if e["kind"] != "keep"] == ["expose"]
        assert data["teyaku"][0] == 30
        check_view(match, seat, deep=True)
    check_view(match, None, deep=True)
    # Seat 1's hidden hand is still absent from seat 0's view.
    text = json.dumps(view_of(match, 0).to_dict())
    for code in _codes(match.current.hands[1]):
        assert f'"{code}"' not in text


def test_view_updates_after_another_seats_decision() -> None:
    match = Match("min-hwatu", 3, seed=11)
    rng = random.Random(11)
    for _ in range(5):
        watcher = next(s for s in range(3) if s != match.to_move)
        before = view_of(match, watcher).to_dict()
        match.apply(rng.choice(match.legal_actions()))
        after = view_of(match, watcher).to_dict()
        assert len(after["history"]) > len(before["history"])
        assert after["field"] == _codes(match.current.field)
        assert after["hand_counts"] == [h.bit_count() for h in match.current.hands]


def test_view_rejects_a_seat_not_at_the_table() -> None:
    match = Match("mushi", 2, seed=1)
    with pytest.raises(ValueError):
        view_of(match, 2)
    with pytest.raises(ValueError):
        view_of(match, -1)


def _as_if_no_teyaku(match: Match) -> Match:
    """The same match, except that nobody still to decide holds a teyaku (RULES.md §4.2)."""
    other = copy.deepcopy(match)
    rnd = other.current
    rnd.teyaku_queue = []
    rnd.phase = PHASE_PLAY
    rnd.turn = 0
    rnd.seat = rnd.order[0]
    return other


@pytest.mark.parametrize("players", [2, 3])
def test_no_view_of_another_seat_differs_between_keep_and_no_teyaku(players: int) -> None:
    """RULES.md §4.2: only a player holding six or more chaff is asked, so the question itself
    would reveal the hand.  Every other seat and a spectator see exactly the same views whether
    the player keeps the teyaku hidden or holds none, before, during and after the decision."""
    checked = 0
    for seed in range(400):
        match = Match("hana-awase", players, {"teyaku": True}, seed=seed)
        asked = set(match.current.teyaku_queue)
        if not asked:
            continue
        plain = _as_if_no_teyaku(match)
        watchers: list[int | None] = [s for s in range(players) if s not in asked] + [None]
        rng = random.Random(seed)

        def same(match: Match = match, plain: Match = plain, seed: int = seed,
                 watchers: list[int | None] = watchers) -> None:
            for w in watchers:
                a = (view_of(match, w) if w is not None else spectator_view(match)).to_dict()
                b = (view_of(plain, w) if w is not None else spectator_view(plain)).to_dict()
                assert a == b, f"seed {seed}: seat {w} can tell a kept teyaku from none"

        same()
        while match.current.teyaku_queue:
            match.play("keep")
            same()
        assert match.legal_moves() == plain.legal_moves()
        for _ in range(6):
            move = rng.choice(match.legal_moves())
            match.play(move)
            plain.play(move)
            same()
        checked += 1
        if checked >= 12:
            break
    assert checked >= 12, "too few deals with a teyaku to decide"


def test_the_first_player_sees_its_turn_while_another_decides() -> None:
    """The seat due to play first is shown its turn and its plays while a teyaku decision of
    another seat is pending (as it would if that player held none, RULES.md §4.2)."""
    match = Match("hana-awase", 2, {"teyaku": True}, deal=_teyaku_deal())
    match.play("keep")  # seat 1 (first to play) keeps; seat 0 now decides
    own = view_of(match, 1).to_dict()
    assert own["phase"] == "play" and own["to_move"] == 1
    assert own["legal"] == _as_if_no_teyaku(match).legal_moves()
    assert view_of(match, 0).to_dict()["phase"] == "teyaku"
