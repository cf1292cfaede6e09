"""The shared encoding (hanafuda.envs.encoding): blocks, relative seats, the action space."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.engine.action_space import from_engine
from hanafuda.envs.encoding import (
    NUM_ACTIONS,
    action_mask,
    action_to_move,
    encode_view,
    move_to_action,
    observation_blocks,
    observation_size,
)
from hanafuda.views import spectator_view


def block(config, obs: np.ndarray, name: str) -> np.ndarray:
    start = 0
    for block_name, size in observation_blocks(config):
        if block_name == name:
            return obs[start : start + size]
        start += size
    raise KeyError(name)


def cards(vector: np.ndarray) -> int:
    return sum(1 << int(i) for i in np.flatnonzero(vector))


def play_random(match: Match, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if match.to_move is None:
            return
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize(("game", "players", "options"), [
    ("mushi", 2, {}), ("min-hwatu", 3, {}), ("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}),
    ("hana-awase", 3, {"teyaku": True}), ("hawaiifuda", 6, {}),
])
def test_blocks_hold_the_seat_relative_state(game: str, players: int, options: dict) -> None:
    match = Match(game, players, options, seed=5)
    play_random(match, 7, seed=1)
    cfg = match.config
    rnd = match.current
    for seat in range(players):
        obs = encode_view(match.view(seat), cfg)
        assert obs.shape == (observation_size(cfg),) and obs.dtype == np.float32
        assert cards(block(cfg, obs, "hand")) == rnd.hands[seat]
        assert cards(block(cfg, obs, "field")) == rnd.field
        side = cfg.side_of[seat]
        piles = block(cfg, obs, "captures").reshape(cfg.num_sides, 48)
        for rel in range(cfg.num_sides):
            assert cards(piles[rel]) == rnd.captures[(side + rel) % cfg.num_sides]
        counts = block(cfg, obs, "hand_counts") * cfg.hand_size
        expected = [rnd.hands[(seat + rel) % players].bit_count() for rel in range(players)]
        assert np.allclose(counts, expected)
        to_move = block(cfg, obs, "to_move")
        assert to_move[(rnd.seat - seat) % players] == 1 and to_move.sum() == 1
        assert block(cfg, obs, "phase").sum() == 1


def test_an_observation_does_not_depend_on_other_hands_order_only_on_what_the_seat_sees() -> None:
    match = Match("mushi", 2, seed=3)
    view = match.view(0)
    obs = encode_view(view, match.config)
    unseen = cards(block(match.config, obs, "unseen"))
    rnd = match.current
    stock = sum(1 << c for c in rnd.stock_remaining())
    assert unseen == rnd.hands[1] | stock
    assert unseen & rnd.hands[0] == 0


def test_a_spectator_view_is_refused() -> None:
    match = Match("mushi", 2, seed=3)
    with pytest.raises(ValueError, match="spectator"):
        encode_view(spectator_view(match), match.config)


@pytest.mark.parametrize(("game", "players"), [("kwa-do", 3), ("hana-awase", 2), ("mushi", 2)])
def test_every_legal_move_has_its_own_action_and_back(game: str, players: int) -> None:
    options = {"teyaku": True} if game == "hana-awase" else {}
    for seed in range(5):
        match = Match(game, players, options, seed=seed)
        rng = random.Random(seed)
        while match.to_move is not None:
            legal = match.legal_actions()
            mask = action_mask(legal)
            assert mask.shape == (NUM_ACTIONS,) and mask.dtype == np.int8
            assert mask.sum() == len(legal)
            for action in legal:
                move = action_to_move(from_engine(action), match.config)
                assert move in match.legal_moves()
                assert move_to_action(move, match.config) == from_engine(action)
            match.apply(rng.choice(legal))


def test_actions_outside_the_space_are_refused() -> None:
    cfg = Match("mushi", 2, seed=1).config
    with pytest.raises(ValueError, match="outside"):
        action_to_move(NUM_ACTIONS, cfg)
    with pytest.raises(ValueError):
        move_to_action("play nothing", cfg)
