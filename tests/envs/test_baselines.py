"""Shipped baselines reachable from the research APIs (issue 16): ``make_agent("policy:GAME")`` and
``policy:PATH``, the policy beating random over 200 arena deals, and ``opponent="policy"`` in the
Gym env and (vectorised) in the vector env."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from hanafuda.agents import PolicyAgent, UnknownAgentError, make_agent
from hanafuda.agents.arena import run_arena
from hanafuda.batch.sim import BatchSim
from hanafuda.envs import EnvConfigError
from hanafuda.envs.gym import HanafudaEnv
from hanafuda.envs.vector import HanafudaVectorEnv, policy_opponent


@pytest.mark.parametrize("game", ["mushi", "min-hwatu", "kwa-do", "hana-awase", "hawaiifuda"])
def test_policy_loads_by_game_name_and_by_path(game: str) -> None:
    agent = make_agent(f"policy:{game}")
    assert isinstance(agent, PolicyAgent)
    assert isinstance(agent, PolicyAgent) and agent.weights is not None
    path = Path(agent.weights)
    assert path.name == f"{game}-2p.npz"
    assert isinstance(make_agent(f"policy:{path}"), PolicyAgent)
    with pytest.raises(UnknownAgentError, match="no weights file"):
        make_agent(f"policy:{path.with_name('missing.npz')}")


def test_shipped_policy_beats_random_in_a_200_deal_arena() -> None:
    result = run_arena("mushi", 2, ["policy:mushi", "random"], 200, seed=16)
    mean, low, _ = result.margins["policy:mushi − random"]
    assert low > 0 and mean > 20


def test_gym_env_with_the_policy_opponent() -> None:
    def mean_reward(opponent: str) -> float:
        env = HanafudaEnv("mushi", opponent=opponent)
        rng = np.random.default_rng(0)
        total = 0.0
        for seed in range(30):
            obs, _ = env.reset(seed=seed)
            done = False
            while not done:
                obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                total += reward
        return total / 30

    assert mean_reward("policy") < mean_reward("random") - 10


def test_vectorised_policy_opponent_plays_legal_moves_and_beats_random() -> None:
    sim = BatchSim("kwa-do", 3, 64)
    rng = np.random.default_rng(3)
    sim.reset_random(rng, rng.integers(0, 3, 64))
    policy = policy_opponent()
    while not sim.done.all():
        sim.step(np.asarray(policy(sim, ~sim.done, rng)), check=True)

    def mean_reward(opponent: str) -> float:
        env = HanafudaVectorEnv("mushi", num_envs=128, opponent=opponent)
        obs, _ = env.reset(seed=0)
        rng = np.random.default_rng(1)
        total = episodes = 0.0
        while episodes < 300:
            mask = obs["action_mask"].astype(bool)
            obs, reward, terminated, _, _ = env.step(np.where(mask, rng.random(mask.shape), -1).argmax(1))
            total += reward.sum()
            episodes += terminated.sum()
        return total / episodes

    assert mean_reward("policy") < mean_reward("random") - 10
    assert mean_reward("policy:mushi") == mean_reward("policy")
    with pytest.raises(EnvConfigError, match="weights file"):
        HanafudaVectorEnv("mushi", opponent="policy:nowhere.npz")
