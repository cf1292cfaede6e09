"""Stable-Baselines3 and sb3-contrib on the envs (issue 16, ``hanafuda[rl]``): SB3's ``check_env``,
``make_vec_env`` with a registered id, 1,000 MaskablePPO steps with no wrapper, and the SB3
``VecEnv`` on the batch simulator.  Skipped without the extra, except in CI."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from .optional import require

require("stable_baselines3", "rl")
sb3_contrib = require("sb3_contrib", "rl")

from stable_baselines3.common.env_checker import check_env  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402
from stable_baselines3.common.vec_env import VecEnv  # noqa: E402

import hanafuda.envs  # noqa: E402, F401  (registers the ids)
from hanafuda.envs.gym import ENV_IDS, HanafudaEnv  # noqa: E402
from hanafuda.envs.sb3 import HanafudaSB3VecEnv  # noqa: E402

MaskablePPO = sb3_contrib.MaskablePPO


@pytest.mark.parametrize("env_id", list(ENV_IDS))
def test_sb3_check_env(env_id: str) -> None:
    game = ENV_IDS[env_id]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # SB3's checker reports problems as warnings
        check_env(HanafudaEnv(game, opponent="greedy"), warn=True)


def test_make_vec_env_with_a_registered_id() -> None:
    venv = make_vec_env("hanafuda/Mushi-v0", n_envs=2, seed=0, env_kwargs={"opponent": "greedy"})
    obs = venv.reset()
    assert obs["action_mask"].shape == (2, venv.action_space.n)
    assert venv.get_attr("render_mode") == [None, None]  # rgb_array refused, fallback taken
    masks = np.stack(venv.env_method("action_masks"))
    assert np.array_equal(masks, obs["action_mask"].astype(bool))
    venv.close()


def test_maskable_ppo_1000_steps_on_make_vec_env() -> None:
    venv = make_vec_env("hanafuda/Mushi-v0", n_envs=2, seed=0, env_kwargs={"opponent": "greedy"})
    model = MaskablePPO("MultiInputPolicy", venv, n_steps=128, batch_size=64, n_epochs=1, seed=0,
                        device="cpu")
    model.learn(1000)
    assert model.num_timesteps >= 1000
    venv.close()


def test_sb3_vec_env_follows_sb3_conventions() -> None:
    env = HanafudaSB3VecEnv("min-hwatu", num_envs=8, players=3, opponent="greedy", seed=3)
    assert isinstance(env, VecEnv)
    obs = env.reset()
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(40):
        masks = np.stack(env.env_method("action_masks"))
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        actions = np.where(masks, rng.random(masks.shape), -1).argmax(axis=1)
        obs, rewards, dones, infos = env.step(actions)
        assert rewards.dtype == np.float32 and len(infos) == 8
        for row in np.flatnonzero(dones):
            info = infos[row]
            finished += 1
            assert set(info["terminal_observation"]) == {"observation", "action_mask"}
            assert not info["terminal_observation"]["action_mask"].any()
            assert info["TimeLimit.truncated"] is False
            (scores,) = info["round_scores"]
            assert info["seat"] == 0 and rewards[row] == scores[0]
            assert obs["action_mask"][row].any()  # already reset (SameStep)
        assert all(not infos[r]["round_scores"] for r in np.flatnonzero(~dones))
    assert finished > 0


def test_sb3_vec_env_seeding_is_reproducible() -> None:
    def run() -> list[float]:
        env = HanafudaSB3VecEnv("mushi", num_envs=4, opponent="greedy")
        env.seed(11)
        obs = env.reset()
        out = []
        for _ in range(20):
            obs, rewards, _, _ = env.step(obs["action_mask"].argmax(axis=1))
            out.extend(rewards.tolist())
        return out

    assert run() == run()


def test_maskable_ppo_learns_on_the_batch_vec_env() -> None:
    env = HanafudaSB3VecEnv("mushi", num_envs=16, opponent="greedy", seed=0)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=256, n_epochs=1, seed=0,
                        device="cpu")
    model.learn(1024)
    assert model.num_timesteps == 1024
    obs = env.reset()
    masks = env.action_masks()
    actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
    assert masks[np.arange(16), actions].all()
