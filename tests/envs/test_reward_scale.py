"""``reward_scale`` on the Gym, vector and SB3 envs (issue 32): every reward times the factor,
the same episodes otherwise; a bad factor is refused."""

from __future__ import annotations

import numpy as np
import pytest

from hanafuda.envs import EnvConfigError, HanafudaEnv, HanafudaVectorEnv

from .optional import require


def gym_rewards(scale: float, seed: int) -> list[float]:
    env = HanafudaEnv("mushi", 2, opponent="greedy", reward_scale=scale, options={"rounds": 2})
    obs, _ = env.reset(seed=seed)
    rewards = []
    done = False
    while not done:
        obs, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        rewards.append(reward)
        done = terminated or truncated
    return rewards


def test_gym_env_scales_every_reward() -> None:
    for seed in range(3):
        plain, scaled = gym_rewards(1.0, seed), gym_rewards(0.01, seed)
        assert scaled == pytest.approx([r * 0.01 for r in plain]) and any(plain)
    env = HanafudaEnv("mushi", 2, reward_scale=0.5)
    obs, _ = env.reset(seed=0)
    _, reward, terminated, _, info = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert info["illegal_action"] and terminated and reward == env.illegal_reward * 0.5


def test_vector_env_scales_the_reward_not_the_round_scores() -> None:
    def run(scale: float) -> tuple[list[np.ndarray], list[np.ndarray]]:
        env = HanafudaVectorEnv("kwa-do", 8, 2, reward_scale=scale, reward="margin")
        obs, _ = env.reset(seed=1)
        rewards, scores = [], []
        for _ in range(40):
            actions = obs["action_mask"].argmax(axis=1)
            obs, reward, _, _, info = env.step(actions)
            rewards.append(reward)
            scores.append(info["round_scores"])
        return rewards, scores

    (plain, plain_scores), (scaled, scaled_scores) = run(1.0), run(0.01)
    assert any(r.any() for r in plain)
    for a, b in zip(plain, scaled, strict=True):
        assert np.allclose(a * 0.01, b)
    for a, b in zip(plain_scores, scaled_scores, strict=True):
        assert np.array_equal(a, b)


@pytest.mark.parametrize("bad", [0, -1.0, float("nan"), "big"])
def test_a_bad_scale_is_refused(bad: object) -> None:
    with pytest.raises(EnvConfigError, match="reward_scale"):
        HanafudaEnv("mushi", 2, reward_scale=bad)  # type: ignore[arg-type]
    with pytest.raises(EnvConfigError, match="reward_scale"):
        HanafudaVectorEnv("mushi", 2, reward_scale=bad)  # type: ignore[arg-type]


def test_sb3_env_passes_the_scale_on() -> None:
    require("stable_baselines3", "rl")
    from hanafuda.envs.sb3 import HanafudaSB3VecEnv

    env = HanafudaSB3VecEnv("mushi", num_envs=4, seed=0, reward_scale=0.01)
    assert env.venv.reward_scale == 0.01
    with pytest.raises(EnvConfigError, match="reward_scale"):
        HanafudaSB3VecEnv("mushi", num_envs=4, reward_scale=-2)
