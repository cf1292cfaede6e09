"""Team credit (issue 32): with ``TeamCreditEnv`` every agent is paid its side's result in a
step of its own, which is what loops like Tianshou's read (the acting agent's entry only)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from hanafuda.envs import EnvConfigError, IllegalActionError, pettingzoo_env
from hanafuda.envs.pettingzoo import HanafudaAECEnv
from hanafuda.envs.team_credit import SETTLE, TeamCreditEnv, tianshou_env

CASES = [("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}), ("mushi", 2, {}), ("min-hwatu", 3, {"rounds": 2})]


def side_results(env: Any, scale: float = 1.0) -> dict[str, float]:
    """Each agent's side's match total (RULES.md §6, §9): what it should be credited."""
    match = env.match
    return {f"player_{seat}": scale * match.totals[match.config.side_of[seat]]
            for seat in range(match.config.players)}


def acting_agent_credit(env: Any, seed: int) -> dict[str, float]:
    """One episode as Tianshou's manager files it: each step's reward of the agent that acted
    only; the episode ends at the first terminated ``last()`` (no dead steps)."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    credited = {a: 0.0 for a in env.possible_agents}
    while True:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            return credited
        agent = env.agent_selection
        env.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
        credited[agent] += env.rewards[agent]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_agent_is_credited_its_sides_result(game: str, players: int,
                                                  options: dict[str, Any]) -> None:
    """Without the wrapper some agents miss the result (the bug Tianshou users met, also with
    ``reward_timing="episode_end"``); with it every agent of every episode gets it."""
    missed = 0
    for seed in range(12):
        plain = pettingzoo_env(game, players, options, reward_timing="episode_end")
        credited = acting_agent_credit(plain, seed)
        missed += credited != pytest.approx(side_results(plain))
        wrapped = TeamCreditEnv(pettingzoo_env(game, players, options, reward_timing="episode_end",
                                               reward_scale=0.01))
        assert acting_agent_credit(wrapped, seed) == pytest.approx(side_results(wrapped, 0.01))
    assert missed > 0  # the problem the wrapper exists for


def test_settlement_turns_and_the_aec_protocol() -> None:
    env = TeamCreditEnv(pettingzoo_env("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}))
    env.reset(seed=3)
    rng = random.Random(0)
    order = []
    while not env.terminations[env.agent_selection]:
        obs, _, _, _, info = env.last()
        if info.get("settlement"):
            assert list(np.flatnonzero(obs["action_mask"])) == [SETTLE]
            order.append(env.agent_selection)
            with pytest.raises(IllegalActionError, match="settling"):
                env.step(SETTLE + 1)
            assert env.agent_selection == order[-1]  # refused: nothing changed
        env.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    assert len(order) == 3 and len(set(order)) == 3
    for _agent in env.agent_iter():  # terminated agents step None, as in every AEC env
        env.step(None)
    assert env.agents == []


def test_the_pettingzoo_api_test_passes() -> None:
    from pettingzoo.test import api_test

    api_test(TeamCreditEnv(pettingzoo_env("mushi", 2, reward_timing="episode_end")), num_cycles=200)


def test_bad_wrapping_is_refused() -> None:
    with pytest.raises(EnvConfigError, match="wraps hanafuda's AEC env"):
        TeamCreditEnv(object())  # type: ignore[arg-type]
    with pytest.raises(EnvConfigError, match="shaping"):
        TeamCreditEnv(HanafudaAECEnv("mushi", 2, reward_shaping="card_points"))


def test_with_tianshou_itself() -> None:
    """Tianshou's ``PettingZooEnv`` around the wrapper: filing each step's reward vector under
    the acting agent (``obs["agent_id"]``), as its multi-agent manager does, every agent gets
    its side's result.  (Tianshou is not an extra of this project: skipped without it.)"""
    pytest.importorskip("tianshou")
    env = tianshou_env("kwa-do", 4, {"teams": [[0, 2], [1, 3]]})
    for seed in range(5):
        obs, _ = env.reset(seed=seed)
        rng = random.Random(seed)
        credited = {a: 0.0 for a in env.agents}
        terminated = False
        while not terminated:
            agent = obs["agent_id"]
            action = rng.choice(list(np.flatnonzero(obs["mask"])))
            obs, rewards, terminated, _, _ = env.step(action)
            credited[agent] += rewards[env.agent_idx[agent]]
        assert credited == pytest.approx(side_results(env.env))
