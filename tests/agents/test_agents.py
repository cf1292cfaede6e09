"""Agents: legal moves in every game and decision kind, no peeking, determinism."""

from __future__ import annotations

import json
import random

import pytest

from hanafuda import Match
from hanafuda.agents import AGENTS, GreedyAgent, RandomAgent, StrongAgent, available_bots, make_agent
from hanafuda.agents.learned import shipped_weights
from hanafuda.agents.strong import DEFAULT_TIME_LIMIT
from hanafuda.cards import CODES, cards_of
from hanafuda.engine.deal import Deal
from hanafuda.rules import GAMES, configure

CASES = [
    ("min-hwatu", 3, {"flip_matches_pair": "ppeok", "yaku_set": "english"}),
    ("min-hwatu", 6, {}),
    ("hana-awase", 2, {"teyaku": True}),
    ("hana-awase", 3, {"teyaku": True}),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True,
                   "gaji_wild_from_stock": True}),
    ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]], "yaku": True}),
    ("hawaiifuda", 2, {"bonus_combos": True}),
    ("hawaiifuda", 5, {}),
    ("mushi", 2, {"hand_takes_field_lightning": True}),
    ("koi-koi", 2, {"viewing": "koikoi-japan", "koikoi_bonus": "plus-one"}),
]
TRAINED_CASES = [c for c in CASES if shipped_weights(c[0], c[1]) is not None]
"""The cases whose game ships a trained network (a game without one refuses policy and expert,
tests/rules/koi_koi/test_koi_koi_everywhere.py)."""
BATCH_CASES = [c for c in CASES if GAMES[c[0]].plays_in_batch()]
"""The cases the batch simulator plays (every game; one without ``score_batch`` is refused)."""


def small_strong() -> StrongAgent:
    return StrongAgent(iterations=40, time_limit=None)


def play_round(match: Match, agents: list, seed: int) -> list[str]:
    moves = []
    rngs = [random.Random(seed * 10 + s) for s in range(match.config.players)]
    while match.to_move is not None:
        seat = match.to_move
        view = match.view(seat)
        move = agents[seat].choose(view, view.legal, rngs[seat])
        assert move in view.legal
        match.play(move)
        moves.append(move)
    return moves


@pytest.mark.parametrize("game,players,options", CASES)
@pytest.mark.parametrize("name", ["random", "greedy", "strong"])  # policy, expert: test_learned
def test_agents_play_legal_moves_in_every_game(game, players, options, name):
    kinds: set[str] = set()
    for seed in range(2 if name == "strong" else 6):
        match = Match(game, players, options, seed=seed)
        agents = [small_strong() if name == "strong" else make_agent(name) for _ in range(players)]
        for move in play_round(match, agents, seed):
            kinds.add(move.split()[0] if "declare" not in move else "declare")
        assert match.current.over
    assert "play" in kinds


def test_decision_kinds_take_expose_and_declare_are_handled():
    """Each agent answers a `take` after a flip, Kwa-Dō declarations and, where it can play
    Koi-Koi, the koikoi/stop decision (teyaku: the test below)."""
    seen: dict[str, set[str]] = {n: set() for n in AGENTS}
    for name in AGENTS:
        if name == "expert":
            seen.pop(name)  # the expert answers through the same network as policy
            continue
        for game, players, options in CASES:
            if name not in available_bots(configure(game, players, options)):
                continue
            for seed in range(4):
                match = Match(game, players, options, seed=seed)
                agent = small_strong() if name == "strong" else make_agent(name)
                rng = random.Random(seed)
                while match.to_move is not None:
                    view = match.view(match.to_move)
                    legal = set(view.legal)
                    if any(m.startswith("take") for m in legal):
                        seen[name].add("take")
                    if any("declare" in m for m in legal):
                        seen[name].add("declare")
                    if "koikoi" in legal:
                        seen[name].add("koikoi")
                    match.play(agent.choose(view, view.legal, rng))
    for name, kinds in seen.items():
        koikoi = {"koikoi"} if name in available_bots(configure("koi-koi", 2)) else set()
        assert kinds == {"take", "declare"} | koikoi, name


def test_greedy_and_strong_expose_teyaku():
    for seed in range(200):
        match = Match("hana-awase", 3, {"teyaku": True}, seed=seed)
        if match.to_move is not None and "expose" in match.legal_moves():
            view = match.view(match.to_move)
            assert GreedyAgent().choose(view, view.legal, random.Random(0)) == "expose"
            assert small_strong().choose(view, view.legal, random.Random(0)) == "expose"
            assert RandomAgent().choose(view, view.legal, random.Random(0)) in ("expose", "keep")
            return
    pytest.fail("no teyaku in 200 deals")


def _swap_hidden(deal: Deal, seat: int) -> Deal:
    """The same deal with one card of another seat's hand swapped with a card of the stock."""
    other = (seat + 1) % len(deal.hands)
    hands = [list(h) for h in deal.hands]
    stock = list(deal.stock)
    hands[other][0], stock[-1] = stock[-1], hands[other][0]
    return Deal(deal.dealer, tuple(tuple(h) for h in hands), deal.field, tuple(stock))


@pytest.mark.parametrize("game,players,options", CASES)
def test_strong_bot_never_reads_hidden_information(game, players, options):
    """Two positions differing only in cards the seat cannot see give the same move."""
    base = Match(game, players, options, seed=11)
    seat = base.to_move
    assert seat is not None
    twin = Match(game, players, options, deal=_swap_hidden(base.deals[0], seat))
    # The positions really differ, but not in anything the seat may see.
    assert base.current.hands != twin.current.hands or base.current.stock != twin.current.stock
    assert base.view(seat).to_dict() == twin.view(seat).to_dict()
    for agent in (StrongAgent(iterations=120, time_limit=None), GreedyAgent()):
        a = agent.choose(base.view(seat), base.legal_moves(), random.Random(5))
        b = agent.choose(twin.view(seat), twin.legal_moves(), random.Random(5))
        assert a == b


def test_strong_bot_sees_nothing_but_the_view():
    """The unseen cards the bot samples from are exactly the other hands' hidden cards and the stock."""
    match = Match("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}, seed=3)
    seat = match.to_move
    assert seat is not None
    view = match.view(seat)
    rnd = match.current
    hidden = 0
    for s, hand in enumerate(rnd.hands):
        if s != seat:
            hidden |= hand & ~rnd.exposed[s]
    for card in rnd.stock_remaining():
        hidden |= 1 << card
    assert view.unseen(match.config.deck).mask == hidden
    text = json.dumps(view.to_dict())
    for card in cards_of(hidden):
        assert f'"{CODES[card]}"' not in text


@pytest.mark.parametrize("cls", [GreedyAgent, RandomAgent])
def test_same_seed_same_moves(cls):
    for game, players, options in CASES[:5]:
        runs = []
        for _ in range(2):
            match = Match(game, players, options, seed=4)
            runs.append(play_round(match, [cls() for _ in range(players)], seed=9))
        assert runs[0] == runs[1]


def test_strong_bot_is_deterministic_on_an_iteration_budget():
    runs = []
    for _ in range(2):
        match = Match("mushi", 2, seed=8)
        runs.append(play_round(match, [small_strong(), small_strong()], seed=2))
    assert runs[0] == runs[1]


def test_single_legal_move_is_returned_at_once():
    match = Match("mushi", 2, seed=1)
    view = match.view(match.to_move)
    for name in AGENTS:
        assert make_agent(name).choose(view, view.legal[:1], random.Random(0)) == view.legal[0]


def test_unknown_agent_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown agent 'genius'; agents are: random, greedy, strong, "
                       "policy, expert"):
        make_agent("genius")


def test_every_game_has_cases():
    assert {game for game, _, _ in CASES} == set(GAMES)


def test_strength_is_fixed_by_iterations_not_the_clock():
    """The default wall-clock cap only bounds the worst case: with it or without it, the same
    seeds give the same moves (it never cuts the iteration budget short on this machine)."""
    runs = []
    for limit in (DEFAULT_TIME_LIMIT, None):
        match = Match("min-hwatu", 2, seed=5)
        bots = [StrongAgent(iterations=120, time_limit=limit) for _ in range(2)]
        runs.append(play_round(match, bots, seed=3))
    assert runs[0] == runs[1]
