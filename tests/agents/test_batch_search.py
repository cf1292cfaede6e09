"""The expert's batch search (issue 13): worlds dealt as arrays are the determinized worlds
the scalar search samples, loaded row by row exactly."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.agents.batch_policies import GreedyRollout
from hanafuda.agents.batch_search import WorldDealer, load_worlds, plays_in_batch
from hanafuda.agents.determinize import config_for_view, determinize
from hanafuda.agents.heuristics import evaluator_for, greedy_rollout
from hanafuda.agents.learned.inference import HandBeliefs, sample_hidden
from hanafuda.batch import BatchSim, from_engine
from hanafuda.cards import cards_of, mask_of
from hanafuda.engine.round import PHASE_TEYAKU, Round
from hanafuda.rules import configure
from tests.agents.test_agents import BATCH_CASES
from tests.batch.test_load import FAMILIES, _policy_choices, _positions, _Scripted


def _view_after(game: str, players: int, options: dict, moves: int, seed: int):
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = match.legal_actions()
        if match.current.to_move is None or not legal:
            break
        match.apply(legal[rng.randrange(len(legal))])
    assert match.current.to_move is not None
    return match.view(match.current.to_move)


def _dealer_for(view, cfg) -> WorldDealer:
    unseen = cards_of(view.unseen(cfg.deck).mask)
    hidden = [0 if s == view.seat else view.hand_counts[s] - view.exposed[s].mask.bit_count()
              for s in range(cfg.players)]
    return WorldDealer(unseen, hidden)


@pytest.mark.parametrize("game,players,options", BATCH_CASES)
def test_dealt_worlds_load_as_the_rounds_they_stand_for(game, players, options):
    """Each world row equals the ``Round`` made of the template with that world's cards."""
    view = _view_after(game, players, options, 5, 3)
    cfg = config_for_view(view)
    assert plays_in_batch(cfg)
    template = determinize(view, random.Random(1), cfg)
    dealer = _dealer_for(view, cfg)
    hidden, stock = dealer.deal(np.random.default_rng(4), 12)
    sim = BatchSim(game, players, 24, options)
    rows = np.arange(24)
    which = rows % 12
    load_worlds(sim, template, view.seat, hidden, stock, rows, which)
    twin = BatchSim(game, players, 24, options)
    worlds = []
    for w in range(12):
        rnd: Round = template.copy()
        rnd.hands = [template.hands[s] if s == view.seat else
                     template.exposed[s] | int(hidden[w, s]) for s in range(players)]
        rnd.stock = tuple(int(c) for c in stock[w])
        rnd.stock_pos = 0
        # every unseen card is dealt exactly once
        dealt = mask_of(list(rnd.stock))
        for s in range(players):
            if s != view.seat:
                assert int(hidden[w, s]).bit_count() == dealer.hidden[s]
                assert dealt & int(hidden[w, s]) == 0
                dealt |= int(hidden[w, s])
        assert dealt == view.unseen(cfg.deck).mask
        worlds.append(rnd)
    twin.load(worlds, which=which)
    for name in ("hands", "stock", "stock_pos", "field", "captures", "exposed", "phase", "seat",
                 "turn", "pending", "pending_targets", "asked", "declared", "teyaku"):
        assert (getattr(sim, name) == getattr(twin, name)).all(), name


def test_weighted_dealing_has_sample_hiddens_distribution():
    """Three seats with skewed odds: the share of worlds giving each card to each seat matches
    ``learned.inference.sample_hidden`` (6,000 deals each)."""
    cards = list(range(0, 40, 2))
    rng = random.Random(2)
    weights = [[rng.choice([0.2, 1.0, 5.0]) for _ in cards] for _ in range(3)]
    seats = [1, 2, 3]
    hidden = {1: 4, 2: 3, 3: 5}
    beliefs = HandBeliefs(seats, cards, weights)
    n = 6000
    scalar = np.zeros((4, len(cards)))
    for _ in range(n):
        dealt, stock = sample_hidden(beliefs, hidden, rng)
        assert len(stock) == len(cards) - 12
        for seat, got in dealt.items():
            for card in got:
                scalar[seat, cards.index(card)] += 1
    dealer = WorldDealer(cards, [0, 4, 3, 5], weights, seats)
    hands, stock = dealer.deal(np.random.default_rng(3), n)
    assert stock.shape == (n, len(cards) - 12)
    batch = np.zeros((4, len(cards)))
    for seat in seats:
        for j, card in enumerate(cards):
            batch[seat, j] = ((hands[:, seat] >> np.uint64(card)) & np.uint64(1)).sum()
    assert np.abs(batch - scalar).max() / n < 0.03
    assert (np.bitwise_count(hands[:, 1:]) == [4, 3, 5]).all()
    # uniform dealing: every card equally likely in each hand
    uniform = WorldDealer(cards, [0, 4, 3, 5])
    hands, _ = uniform.deal(np.random.default_rng(4), n)
    share = ((hands[:, 1] >> np.arange(40, dtype=np.uint64)[:, None]) & np.uint64(1)).sum(axis=1)
    assert np.abs(share[cards] / n - 4 / len(cards)).max() < 0.025
    with pytest.raises(ValueError, match="every seat hiding cards"):
        WorldDealer(cards, [0, 4, 3, 5], weights[:2], seats[:2])
    with pytest.raises(ValueError, match="more hidden hand cards"):
        WorldDealer(cards[:3], [0, 4])


@pytest.mark.parametrize(("game", "players", "options"), FAMILIES)
def test_greedy_rollout_policy_is_the_scalar_greedy_rollout_rule(game, players, options):
    """Given the same random numbers, ``GreedyRollout`` picks ``heuristics.greedy_rollout``'s
    move (the greedy bot's one-ply judgement), in every configuration the batch plays:
    teyaku, teams and declarations, wild cards, the Mushi lightning option."""
    seed = 700 + FAMILIES.index((game, players, options))
    states, sim, policy, legal, uniforms, chosen = _policy_choices(
        GreedyRollout, game, players, options, 40, seed)
    ev = evaluator_for(configure(game, players, options))
    kinds = set()
    for row, rnd in enumerate(states):
        listed = [int(j) for j in legal[row] if j >= 0]
        moves = rnd.legal_actions()
        if len(moves) == 1 or rnd.phase == PHASE_TEYAKU:
            assert chosen[row] == listed[0] == sim.compact.to_compact[from_engine(moves[0])]
            kinds.add("forced")
            continue
        position = {j: i for i, j in enumerate(listed)}
        compact = [int(sim.compact.to_compact[from_engine(a)]) for a in moves]
        u = uniforms[row]
        randomly = bool(u[0] < policy.epsilon)
        pick = listed[min(int(u[1] * len(listed)), len(listed) - 1)]
        # greedy_rollout draws epsilon, then one noise per move in its order.
        noise = [float(u[2 + position[j]]) for j in compact]
        script = _Scripted([float(u[0])] + ([] if randomly else noise),
                           compact.index(pick) if randomly else None)
        trial = rnd.copy()
        try:
            greedy_rollout(trial, ev, script, policy.epsilon)
        except StopIteration:
            pass
        assert int(sim.compact.to_compact[from_engine(trial.moves[len(rnd.moves)])]) \
            == chosen[row], f"row {row}"
        kinds.add("random" if randomly else "rule")
    assert {"random", "rule"} <= kinds
    with pytest.raises(ValueError, match="epsilon"):
        GreedyRollout(sim, epsilon=-0.1)
    with pytest.raises(ValueError, match="uniforms must have shape"):
        policy.choose(sim, legal, uniforms[:, 1:])


def test_greedy_play_out_shares_luck_within_a_stream_and_is_deterministic():
    """Rows of one stream that hold the same position play the same round (common random
    numbers); the same generator seed gives the same scores."""
    real, _ = _positions("min-hwatu", 2, {}, 16, 5)
    results = []
    for _ in range(2):
        sim = BatchSim("min-hwatu", 2, 32)
        sim.load(real + real)  # row i and row i + 16 hold the same position
        streams = np.concatenate([np.arange(16), np.arange(16)])
        GreedyRollout(sim).play_out(sim, np.random.default_rng(3), streams)
        assert sim.done.all()
        scores = sim.scores()
        assert (scores[:16] == scores[16:]).all()
        results.append(scores)
    assert (results[0] == results[1]).all()


def test_simulators_keep_one_policy_per_rollout_kind_and_refuse_unknown_ones():
    from hanafuda.agents.batch_search import simulator_for
    from hanafuda.batch.rollout import FastRollout

    cfg = configure("mushi", 2, {})
    sim, fast = simulator_for(cfg, 100, 0.2, "fast")
    again, greedy = simulator_for(cfg, 100, 0.05, "greedy")
    assert again is sim and sim.batch_size >= 100
    assert isinstance(fast, FastRollout) and isinstance(greedy, GreedyRollout)
    assert fast.epsilon == 0.2 and greedy.epsilon == 0.05
    assert simulator_for(cfg, 10, 0.1, "greedy")[1] is greedy
    with pytest.raises(ValueError, match="rollouts must be one of fast, greedy"):
        simulator_for(cfg, 10, 0.1, "policy")
