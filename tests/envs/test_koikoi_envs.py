"""Koi-Koi in the learning environments (issue 30, "Done when": a Gym env ``hanafuda/KoiKoi-v0``
and the OpenSpiel game work end to end): masked random rollouts meet the koi-koi/stop decision as
two actions of the fixed layout (``engine.action_space``: 2,786 ``koikoi``, 2,787 ``stop``), both
choices are played, and the returns are the engine's round scores (zero-sum: the stopper's score
is paid by the other player)."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import hanafuda.envs  # noqa: F401  (registers the ids)
from hanafuda.engine.action_space import KOIKOI_INDEX, STOP_INDEX

pytestmark = [pytest.mark.filterwarnings("ignore:.*Box observation space m.* value is -?infinity")]


def test_gym_masked_random_rollout_meets_the_decision_and_takes_both_choices() -> None:
    env = gym.make("hanafuda/KoiKoi-v0", action_space="full", opponent="random",
                   options={"rounds": 3})
    rng = np.random.default_rng(0)
    chosen: set[int] = set()
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        done, total, scores = False, 0.0, []
        while not done:
            mask = obs["action_mask"]
            legal = np.flatnonzero(mask)
            if mask[KOIKOI_INDEX]:  # the decision is the only thing asked then: both choices
                assert set(legal.tolist()) == {KOIKOI_INDEX, STOP_INDEX}
            action = int(rng.choice(legal))
            if action in (KOIKOI_INDEX, STOP_INDEX):
                chosen.add(action)
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            scores.extend(info.get("round_scores", []))  # the rounds that ended in this step
            done = terminated or truncated
        assert len(scores) == 3 and all(sum(s) == 0 for s in scores), scores
        learner: Any = env.unwrapped
        side = learner.config.side_of[learner.seat]
        assert total == pytest.approx(sum(float(s[side]) for s in scores) * learner.reward_scale)
    assert chosen == {KOIKOI_INDEX, STOP_INDEX}
    env.close()


def test_openspiel_random_playthrough_through_the_decision() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from hanafuda.envs.openspiel import short_name

    game = pyspiel.load_game(short_name("koi-koi"), {"rounds": 2})
    rng = np.random.RandomState(3)
    chosen: set[int] = set()
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            legal = state.legal_actions()
            if KOIKOI_INDEX in legal:
                assert sorted(legal) == [KOIKOI_INDEX, STOP_INDEX]
            action = int(rng.choice(legal))
            if action in (KOIKOI_INDEX, STOP_INDEX):
                chosen.add(action)
                assert state.action_to_string(state.current_player(), action) in ("koikoi", "stop")
            state.apply_action(action)
        assert sum(state.returns()) == 0
    assert chosen == {KOIKOI_INDEX, STOP_INDEX}
