"""RLlib on the PettingZoo env (issue 16, ``hanafuda[rl]``): RLlib's own multi-agent env check
passes without ``disable_env_checking``, observations carry ``"observations"`` and
``"action_mask"``, and the PPO example trains one iteration.  Skipped without ray, except in CI."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from .optional import require

require("ray.rllib", "rl")

from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402

from hanafuda.envs.rllib import env_name, register_rllib_envs, rllib_env  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_rllib_env_check_passes() -> None:
    env = rllib_env("kwa-do", players=4, options={"teams": [[0, 2], [1, 3]]})
    check_multiagent_environments(env)
    obs, infos = env.reset(seed=1)
    (agent,) = obs
    assert set(obs[agent]) == {"observations", "action_mask"}
    assert env.observation_space[agent]["observations"].contains(obs[agent]["observations"])


def test_rllib_episode_pays_each_agent_its_side_score() -> None:
    env = rllib_env("mushi", reward="margin")
    obs, _ = env.reset(seed=4)
    totals: dict[str, float] = {}
    done = False
    while not done:
        (agent,) = [a for a in obs if obs[a]["action_mask"].any()]
        obs, rewards, terminated, _, _ = env.step({agent: int(np.flatnonzero(obs[agent]["action_mask"])[0])})
        for a, r in rewards.items():
            totals[a] = totals.get(a, 0.0) + r
        done = terminated["__all__"]
    assert set(totals) == {"player_0", "player_1"} and totals["player_0"] == -totals["player_1"]


def test_register_rllib_envs_names_every_game() -> None:
    assert sorted(register_rllib_envs()) == sorted(env_name(g) for g in
                                     ("min-hwatu", "kwa-do", "hana-awase", "hawaiifuda", "mushi",
                                      "koi-koi"))


def test_ppo_example_trains_an_iteration(tmp_path: Path) -> None:
    sys.path.insert(0, str(EXAMPLES))
    try:
        import rllib_ppo
    finally:
        sys.path.remove(str(EXAMPLES))
    summary = rllib_ppo.main(["--quick", "--iterations", "1", "--eval-every", "1",
                              "--json", str(tmp_path / "s.json")])
    assert summary["curve"][0]["env_steps"] >= 256
    assert set(summary["curve"][0]["evaluation"]) == {"random", "greedy"}
    assert summary["curve"][0]["evaluation"]["greedy"]["games"] == 10
    assert {name: ev["games"] for name, ev in summary["evaluation"].items()} == {"random": 20,
                                                                               "greedy": 20}
    assert (tmp_path / "s.json").exists()
