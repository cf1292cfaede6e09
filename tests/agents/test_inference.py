"""Learned hand inference (issue 13): evidence from the public history only, exact field
replay, count-respecting deals, reproducible training, and the expert bot using it."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from hanafuda.agents import ExpertAgent, GreedyAgent
from hanafuda.agents.determinize import determinize
from hanafuda.agents.learned.inference import (
    FEATURE_NAMES,
    HandBeliefs,
    HandModel,
    HandWeightsError,
    beliefs,
    fields_before_plays,
    hand_features,
    hand_model_for,
    hands_weights_path,
    sample_hidden,
)
from hanafuda.records import Match
from hanafuda.rules import GAMES, configure
from hanafuda.train.hands import train_hands
from hanafuda.views import PlayerView
from tests.agents.test_agents import CASES, TRAINED_CASES, _swap_hidden, play_round

MODELLED = [game for game in GAMES if hands_weights_path(game).exists()]
"""The games that ship a hand-inference model (Koi-Koi has none yet; its search deals uniformly)."""


def _play_recording_fields(match: Match, seed: int) -> tuple[list[int], PlayerView]:
    """Play a round with greedy seats (and some random moves); the true field before every
    play, and the last view of a seat to move."""
    greedy = GreedyAgent()
    rng = random.Random(seed)
    fields: list[int] = []
    last = None
    while match.to_move is not None:
        view = match.view(match.to_move)
        if view.phase == "play":
            fields.append(match.current.field)
        last = view
        legal = view.legal
        move = legal[rng.randrange(len(legal))] if rng.random() < 0.3 else greedy.choose(
            view, legal, rng)
        match.play(move)
    assert last is not None
    return fields, last


@pytest.mark.parametrize("game,players,options", CASES + [(g, 2, {}) for g in GAMES])
def test_the_field_is_rebuilt_exactly_from_the_public_history(game, players, options):
    for seed in range(3):
        match = Match(game, players, options, seed=seed)
        true_fields, view = _play_recording_fields(match, seed)
        rebuilt = fields_before_plays(view)
        plays = [i for i, e in enumerate(view.history) if e.kind in ("play", "declare")]
        assert [i for i, _ in rebuilt] == plays
        assert [f for _, f in rebuilt] == true_fields[: len(rebuilt)]


def _twin_positions(game: str, players: int, options: dict, plies: int
                   ) -> tuple[Match, Match, int, int]:
    """Two matches whose deals differ only in one hidden card of another seat, played with
    the same moves for at least ``plies`` moves and until the seat is to move again, as long
    as the seat's views stay equal.  Returns them, the seat and the moves made."""
    base = Match(game, players, options, seed=11)
    seat = base.to_move
    assert seat is not None
    twin = Match(game, players, options, deal=_swap_hidden(base.deals[0], seat))
    made = 0
    while made < plies or base.to_move != seat:
        if base.to_move is None or made > 4 * plies:
            break
        common = [m for m in base.legal_moves() if m in twin.legal_moves()]
        if not common:
            break
        trial_a, trial_b = Match.from_record(base.to_record()), Match.from_record(twin.to_record())
        trial_a.play(common[-1])
        trial_b.play(common[-1])
        if trial_a.to_move is None or trial_a.view(seat).to_dict() != trial_b.view(seat).to_dict():
            break
        base, twin = trial_a, trial_b
        made += 1
    return base, twin, seat, made


@pytest.mark.parametrize("game,players,options", TRAINED_CASES)
def test_inference_and_expert_read_only_the_view(game, players, options):
    """Positions differing only in cards the seat cannot see give the same features, the same
    beliefs and the same expert move — after some public history, where inference matters."""
    base, twin, seat, made = _twin_positions(game, players, options, plies=6)
    assert made >= 2
    view_a, view_b = base.view(seat), twin.view(seat)
    assert view_a.to_dict() == view_b.to_dict()
    assert base.current.hands != twin.current.hands or base.current.stock != twin.current.stock
    cfg = base.config
    seats_a, cards_a, feats_a = hand_features(view_a, cfg)
    seats_b, cards_b, feats_b = hand_features(view_b, cfg)
    assert (seats_a, cards_a) == (seats_b, cards_b)
    np.testing.assert_array_equal(feats_a, feats_b)
    if base.to_move == seat and len(base.legal_moves()) > 1:
        agent = ExpertAgent(simulations=60, time_limit=None)
        a = agent.choose(view_a, base.legal_moves(), random.Random(5))
        b = agent.choose(view_b, twin.legal_moves(), random.Random(5))
        assert a == b


def test_sampled_deals_respect_counts_and_follow_the_weights():
    cards = list(range(10))
    b = HandBeliefs(seats=[1, 2], cards=cards,
                    weights=[[50.0 if c < 3 else 1.0 for c in cards], [1.0] * 10])
    rng = random.Random(3)
    seen: Counter[int] = Counter()
    for _ in range(400):
        dealt, stock = sample_hidden(b, {1: 3, 2: 2}, rng)
        assert len(dealt[1]) == 3 and len(dealt[2]) == 2 and len(stock) == 5
        assert sorted(dealt[1] + dealt[2] + stock) == cards
        seen.update(dealt[1])
    # Cards 0-2 are 50 times likelier in seat 1's hand: they fill most of it.
    assert sum(seen[c] for c in range(3)) > 0.8 * 400 * 3
    assert all(seen[c] < 0.2 * 400 for c in range(3, 10))


@pytest.mark.parametrize("game", sorted(MODELLED))
def test_determinizing_by_the_model_matches_the_view(game):
    cfg = configure(game, 2, {})
    model = hand_model_for(cfg)
    assert model is not None, f"no shipped hand model for {game}"
    match = Match(game, 2, seed=4)
    play_round_prefix = 0
    while match.to_move is not None and play_round_prefix < 7:
        match.play(match.legal_moves()[0])
        play_round_prefix += 1
    assert match.to_move is not None
    view = match.view(match.to_move)
    b = beliefs(model, view, cfg)
    hidden = {s: view.hand_counts[s] - view.exposed[s].mask.bit_count() for s in b.seats}
    world = determinize(view, random.Random(1), cfg,
                        lambda r: sample_hidden(b, hidden, r))
    assert world.hands[view.seat] == view.hand.mask
    assert [h.bit_count() for h in world.hands] == list(view.hand_counts)
    assert len(world.stock) == view.stock_count
    assert world.field == view.field.mask


def test_shipped_models_beat_the_uniform_prior_on_held_out_rounds():
    assert set(GAMES) - set(MODELLED) == {"koi-koi"}
    for game in MODELLED:
        model = hand_model_for(configure(game, 2, {}))
        assert model is not None
        meta = model.meta
        assert meta["held_out_log_likelihood"] > meta["uniform_log_likelihood"]
        assert "python -m hanafuda.train.hands" in meta["command"]
        assert meta["features"] == list(FEATURE_NAMES)


def test_tiny_hand_training_is_reproducible(tmp_path):
    one = train_hands("mushi", 2, rounds=10, seed=3)
    two = train_hands("mushi", 2, rounds=10, seed=3)
    np.testing.assert_allclose(one.model.coef, two.model.coef, rtol=1e-6, atol=1e-8)
    other = train_hands("mushi", 2, rounds=10, seed=4)
    assert not np.allclose(one.model.coef, other.model.coef)
    path = tmp_path / "hands.npz"
    one.model.save(path)
    loaded = HandModel.load(path)
    np.testing.assert_array_equal(loaded.coef, one.model.coef)
    assert hand_model_for(configure("mushi", 2, {}), path).coef.shape == (len(FEATURE_NAMES),)


def test_bad_hand_weights_are_clear_errors(tmp_path):
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"nope")
    with pytest.raises(HandWeightsError, match="cannot read"):
        HandModel.load(broken)
    with pytest.raises(HandWeightsError, match="no hand-inference weights"):
        hand_model_for(configure("mushi", 2, {}), tmp_path / "missing.npz")


def test_expert_without_inference_plays_too():
    match = Match("hana-awase", 2, seed=3)
    bots = [ExpertAgent(simulations=30, time_limit=None, inference=False),
            ExpertAgent(simulations=30, time_limit=None)]
    assert play_round(match, bots, seed=2)


def test_twin_positions_reach_the_seat_with_history():
    base, _, seat, made = _twin_positions("mushi", 2, {}, plies=6)
    assert made >= 6 and base.to_move == seat and len(base.view(seat).history) >= 6
