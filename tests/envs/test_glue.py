"""Library glue without optional libraries (issue 16): the Gym env's ``action_masks`` and render
modes, margin rewards, round scores in ``info``, the vectorised greedy opponent, the PettingZoo
Parallel env (PettingZoo's own ``parallel_api_test`` and ``parallel_seed_test``) and the AEC
env's reward timing, observation key and illegal-action mode."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import UnsupportedMode
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import hanafuda.envs  # noqa: F401  (registers the ids)
from hanafuda import Match
from hanafuda.batch.sim import BatchSim
from hanafuda.engine.action_space import NUM_ACTIONS, compact_actions, from_engine
from hanafuda.envs import EnvConfigError, IllegalActionError, parallel_env, pettingzoo_env
from hanafuda.envs._shared import UnsupportedRenderMode, side_rewards
from hanafuda.envs.gym import HanafudaEnv
from hanafuda.envs.vector import HanafudaVectorEnv, greedy_opponent

PARALLEL_CONFIGS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("mushi", 2, None),
    ("min-hwatu", 3, {"rounds": 2}),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}),
    ("hana-awase", 3, {"teyaku": True}),
    ("hawaiifuda", 2, None),
]
IDS = [f"{g}-{n}" for g, n, _ in PARALLEL_CONFIGS]


def test_side_rewards_margin_is_zero_sum() -> None:
    assert side_rewards([30, -10], "margin").tolist() == [40.0, -40.0]
    three = side_rewards([[12, 0, -6]], "margin")
    assert three.tolist() == [[15.0, -3.0, -12.0]] and three.sum() == 0
    assert side_rewards([7, 3], "score").tolist() == [7.0, 3.0]


# -- Gymnasium single-agent env ------------------------------------------------------------------


def test_action_masks_is_the_observation_mask() -> None:
    env = HanafudaEnv("kwa-do", players=3, opponent="greedy")
    obs, _ = env.reset(seed=4)
    done = False
    rng = np.random.default_rng(0)
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and np.array_equal(mask, obs["action_mask"].astype(bool))
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = terminated or truncated
    assert not env.action_masks().any()


@pytest.mark.parametrize("mode", ["rgb_array", "depth_array", "rgb_array_list", "pixels"])
def test_unsupported_render_modes_are_refused_as_gymnasium_and_sb3_expect(mode: str) -> None:
    with pytest.raises(UnsupportedRenderMode) as caught:
        HanafudaEnv("mushi", render_mode=mode)
    assert isinstance(caught.value, UnsupportedMode) and isinstance(caught.value, TypeError)
    assert isinstance(caught.value, EnvConfigError) and repr(mode) in str(caught.value)


def test_ansi_list_through_gym_make_collects_frames() -> None:
    env = gym.make("hanafuda/Mushi-v0", render_mode="ansi_list")
    env.reset(seed=0)
    env.step(int(np.flatnonzero(env.unwrapped.action_masks())[0]))
    frames = env.render()
    assert isinstance(frames, list) and len(frames) == 2  # after reset and after the step
    assert all(isinstance(f, str) and "Legal actions" in f for f in frames)


def test_margin_reward_and_round_scores_in_info() -> None:
    for seed in range(3):
        env = HanafudaEnv("min-hwatu", players=3, reward="margin", opponent="random")
        twin = HanafudaEnv("min-hwatu", players=3, opponent="random")
        obs, _ = env.reset(seed=seed)
        twin.reset(seed=seed)
        done = False
        while not done:
            action = int(np.flatnonzero(obs["action_mask"])[0])
            obs, reward, done, _, info = env.step(action)
            _, score, _, _, twin_info = twin.step(action)
        (scores,) = info["round_scores"]
        assert scores == twin_info["round_scores"][0] == list(env.match.results[-1].scores)
        assert score == scores[0]
        assert reward == pytest.approx(scores[0] - (scores[1] + scores[2]) / 2)
    with pytest.raises(EnvConfigError, match="reward"):
        HanafudaEnv("mushi", reward="points")


# -- the vector env ----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "options"), [
    ("mushi", 2, {"hand_takes_field_lightning": True}), ("hawaiifuda", 4, {}),
    ("hana-awase", 3, {"teyaku": True}), ("kwa-do", 4, {"yaku": True, "gaji": True}),
    ("min-hwatu", 3, {"flip_matches_pair": "ppeok"}),
])
def test_greedy_opponent_plays_legal_moves(game: str, players: int, options: dict[str, Any]) -> None:
    sim = BatchSim(game, players, 64, options)
    rng = np.random.default_rng(players)
    sim.reset_random(rng, rng.integers(0, players, 64))
    while not sim.done.all():
        sim.step(np.asarray(greedy_opponent(sim, ~sim.done, rng)), check=True)


def _mean_learner_score(opponent: str, reward: str = "score") -> float:
    env = HanafudaVectorEnv("mushi", num_envs=128, players=2, opponent=opponent, reward=reward)
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(1)
    total = episodes = 0.0
    while episodes < 300:
        mask = obs["action_mask"].astype(bool)
        obs, rewards, terminated, _, _ = env.step(np.where(mask, rng.random(mask.shape), -1).argmax(1))
        total += rewards.sum()
        episodes += terminated.sum()
    return total / episodes


def test_greedy_opponent_beats_random() -> None:
    assert _mean_learner_score("greedy") < _mean_learner_score("random") - 10


def test_vector_info_round_scores_and_margin() -> None:
    env = HanafudaVectorEnv("kwa-do", num_envs=16, players=3, reward="margin", opponent="greedy")
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    seen = 0
    for _ in range(60):
        mask = obs["action_mask"].astype(bool)
        obs, reward, terminated, _, info = env.step(np.where(mask, rng.random(mask.shape), -1).argmax(1))
        ended = info["_round_scores"]
        assert np.array_equal(ended, terminated)  # one-round episodes
        scores = info["round_scores"]
        assert (scores[~ended] == 0).all()
        for row in np.flatnonzero(ended):
            s = scores[row].astype(float)
            assert reward[row] == pytest.approx(s[0] - (s[1] + s[2]) / 2)
            seen += 1
        assert (reward[~ended] == 0).all()
    assert seen > 0


# -- PettingZoo: Parallel and AEC --------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "options"), PARALLEL_CONFIGS, ids=IDS)
def test_parallel_api_test(game: str, players: int, options: dict[str, Any] | None) -> None:
    parallel_api_test(parallel_env(game, players, options), num_cycles=1000)


@pytest.mark.parametrize(("game", "players", "options"), PARALLEL_CONFIGS, ids=IDS)
def test_parallel_seed_test(game: str, players: int, options: dict[str, Any] | None) -> None:
    parallel_seed_test(lambda: parallel_env(game, players, options))


def _play_parallel(env: Any, seed: int) -> tuple[list[int], dict[str, float]]:
    observations, infos = env.reset(seed=seed)
    actions_played: list[int] = []
    totals = {agent: 0.0 for agent in env.possible_agents}
    while env.agents:
        mover = next(a for a in env.agents if infos[a]["to_move"])
        assert all(not observations[a]["action_mask"].any() for a in env.agents if a != mover)
        action = int(np.flatnonzero(observations[mover]["action_mask"])[-1])
        actions_played.append(action)
        actions = {a: 0 for a in env.agents}
        actions[mover] = action
        observations, rewards, terminations, _, infos = env.step(actions)
        for agent, value in rewards.items():
            totals[agent] += value
    assert all(terminations.values())
    return actions_played, totals


def test_parallel_rewards_are_the_engines_team_scores() -> None:
    options = {"teams": [[0, 2], [1, 3]], "rounds": 2}
    env = parallel_env("kwa-do", 4, options)
    _, totals = _play_parallel(env, seed=5)
    match = Match("kwa-do", 4, options, seed=5)
    for _ in range(200):
        if match.finished:
            break
        if match.round_over:
            match.next_round()
            continue
        legal = sorted(match.legal_actions(), key=from_engine)
        match.apply(legal[-1])
    assert totals["player_0"] == totals["player_2"] == match.totals[0]
    assert totals["player_1"] == totals["player_3"] == match.totals[1]


def test_episode_end_timing_credits_every_agent_of_a_side_once() -> None:
    options = {"teams": [[0, 2], [1, 3]], "rounds": 3}
    env = parallel_env("kwa-do", 4, options, reward_timing="episode_end")
    twin = parallel_env("kwa-do", 4, options)
    _, per_round = _play_parallel(twin, seed=8)
    observations, infos = env.reset(seed=8)
    paid_steps = 0
    while env.agents:
        mover = next(a for a in env.agents if infos[a]["to_move"])
        action = int(np.flatnonzero(observations[mover]["action_mask"])[-1])
        observations, rewards, terminations, _, infos = env.step({mover: action})
        if any(rewards.values()):
            paid_steps += 1
            assert all(terminations.values())  # paid only in the step that ends the match
            assert rewards == per_round
    assert paid_steps == 1


def test_aec_episode_end_timing_reaches_every_agent_in_last() -> None:
    options = {"rounds": 2}
    env = pettingzoo_env("min-hwatu", 3, options, reward_timing="episode_end", reward="margin")
    env.reset(seed=3)
    seen: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            seen[agent] = reward
            env.step(None)
        else:
            assert reward == 0.0
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    totals = env.match.totals
    margins = side_rewards(totals, "margin")
    assert seen == {f"player_{s}": pytest.approx(margins[s]) for s in range(3)}


def test_observation_key_and_illegal_end_mode_for_rllib() -> None:
    env = pettingzoo_env("mushi", observation_key="observations", illegal_action="end")
    api_test(env, num_cycles=100)
    env.reset(seed=1)
    assert set(env.observe("player_0")) == {"observations", "action_mask"}
    assert set(env.observation_space("player_0").spaces) == {"observations", "action_mask"}
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.infos[agent]["illegal_action"] is True
    assert env._cumulative_rewards[agent] == -env.config.deck_total
    with pytest.raises(EnvConfigError, match="observation_key"):
        pettingzoo_env("mushi", observation_key="action_mask")
    with pytest.raises(EnvConfigError, match="reward_timing"):
        parallel_env("mushi", reward_timing="later")


def test_reward_scale_multiplies_every_reward() -> None:
    options = {"teams": [[0, 2], [1, 3]], "rounds": 2}
    plain, scaled = parallel_env("kwa-do", 4, options), parallel_env("kwa-do", 4, options,
                                                                      reward_scale=0.01)
    _, totals = _play_parallel(plain, seed=5)
    _, scaled_totals = _play_parallel(scaled, seed=5)
    assert any(totals.values())
    assert scaled_totals == {agent: pytest.approx(0.01 * total) for agent, total in totals.items()}
    aec = pettingzoo_env("mushi", reward="margin", reward_scale=0.5, illegal_action="end")
    aec.reset(seed=1)
    agent = aec.agent_selection
    aec.step(int(np.flatnonzero(aec.observe(agent)["action_mask"] == 0)[0]))
    assert aec._cumulative_rewards[agent] == -0.5 * aec.config.deck_total
    for bad in (0, -1.0, float("nan"), float("inf"), "big"):
        with pytest.raises(EnvConfigError, match="reward_scale"):
            pettingzoo_env("mushi", reward_scale=bad)


@pytest.mark.parametrize(("game", "players", "options"), PARALLEL_CONFIGS, ids=IDS)
def test_card_point_shaping_pays_captures_and_keeps_each_rounds_sum(
        game: str, players: int, options: dict[str, Any] | None) -> None:
    options = {**(options or {}), "rounds": 2}
    for reward in ("score", "margin"):
        plain = parallel_env(game, players, options, reward=reward)
        shaped = parallel_env(game, players, options, reward=reward, reward_shaping="card_points")
        _, totals = _play_parallel(plain, seed=6)
        observations, infos = shaped.reset(seed=6)
        sums = {agent: 0.0 for agent in shaped.possible_agents}
        paid_mid_round = 0
        while shaped.agents:
            mover = next(a for a in shaped.agents if infos[a]["to_move"])
            rounds_before = len(shaped.match.results)
            observations, rewards, _, _, infos = shaped.step(
                {mover: int(np.flatnonzero(observations[mover]["action_mask"])[-1])})
            if len(shaped.match.results) == rounds_before and any(rewards.values()):
                paid_mid_round += 1
            for agent, value in rewards.items():
                sums[agent] += value
        assert paid_mid_round > 0  # captures are credited as they are made
        assert sums == {agent: pytest.approx(total) for agent, total in totals.items()}


def _card_points(config: Any, pile: int) -> int:
    return sum(config.values[card] for card in range(48) if pile >> card & 1)


def test_card_point_shaping_is_the_captured_points_change() -> None:
    env = pettingzoo_env("mushi", reward="margin", reward_shaping="card_points")
    env.reset(seed=2)
    config = env.config
    paid = 0
    for _ in range(12):
        agent = env.agent_selection
        before = [_card_points(config, pile) for pile in env.match.current.captures]
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
        if env.match.round_over:
            break
        after = [_card_points(config, pile) for pile in env.match.current.captures]
        gain = [a - b for a, b in zip(after, before, strict=True)]
        assert env.rewards == {"player_0": gain[0] - gain[1], "player_1": gain[1] - gain[0]}
        paid += any(gain)
    assert paid


def test_reward_shaping_settings_are_checked() -> None:
    with pytest.raises(EnvConfigError, match="reward_shaping"):
        pettingzoo_env("mushi", reward_shaping="captures")
    with pytest.raises(EnvConfigError, match="round_end"):
        parallel_env("mushi", reward_shaping="card_points", reward_timing="episode_end")


def test_aec_seed_test_with_margin() -> None:
    seed_test(lambda: pettingzoo_env("hawaiifuda", 3, reward="margin"), num_cycles=200)


def test_parallel_illegal_action_modes() -> None:
    env = parallel_env("mushi", illegal_action="raise")
    observations, infos = env.reset(seed=0)
    mover = next(a for a in env.agents if infos[a]["to_move"])
    illegal = int(np.flatnonzero(observations[mover]["action_mask"] == 0)[0])
    before = env.match.position()
    with pytest.raises(IllegalActionError, match="legal actions"):
        env.step({mover: illegal})
    with pytest.raises(IllegalActionError, match="no action"):
        env.step({})
    assert env.match.position() == before and env.agents
    ending = parallel_env("mushi")
    observations, infos = ending.reset(seed=0)
    _, rewards, terminations, _, infos = ending.step({mover: illegal})
    assert rewards[mover] == -ending.config.deck_total and infos[mover]["illegal_action"]
    assert all(terminations.values()) and not ending.agents
    with pytest.raises(EnvConfigError, match="reset"):
        ending.step({mover: 0})


# -- compact and full action spaces ----------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "options"), PARALLEL_CONFIGS, ids=IDS)
def test_compact_and_full_spaces_play_the_same_episode(game: str, players: int,
                                                       options: dict[str, Any] | None) -> None:
    compact = HanafudaEnv(game, players, options, opponent="greedy")
    full = HanafudaEnv(game, players, options, opponent="greedy", action_space="full")
    layout = compact_actions(compact.config)
    assert compact.action_space.n == layout.size < 300 and full.action_space.n == NUM_ACTIONS
    obs_c, _ = compact.reset(seed=6)
    obs_f, _ = full.reset(seed=6)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        assert np.array_equal(obs_c["observation"], obs_f["observation"])
        assert np.array_equal(obs_c["action_mask"], obs_f["action_mask"][layout.full])
        assert obs_c["action_mask"].sum() == obs_f["action_mask"].sum()
        index = int(rng.choice(np.flatnonzero(obs_c["action_mask"])))
        obs_c, r_c, done, _, _ = compact.step(index)
        obs_f, r_f, done_f, _, _ = full.step(int(layout.full[index]))
        assert r_c == r_f and done == done_f


def test_vector_env_compact_mask_is_the_full_mask_gathered() -> None:
    compact = HanafudaVectorEnv("kwa-do", num_envs=32, players=2, opponent="greedy")
    full = HanafudaVectorEnv("kwa-do", num_envs=32, players=2, opponent="greedy", action_space="full")
    obs_c, _ = compact.reset(seed=1)
    obs_f, _ = full.reset(seed=1)
    layout = compact.layout
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert np.array_equal(obs_c["action_mask"], obs_f["action_mask"][:, layout.full])
        assert np.array_equal(obs_c["observation"], obs_f["observation"])
        mask = obs_c["action_mask"].astype(bool)
        choice = np.where(mask, rng.random(mask.shape), -1).argmax(axis=1)
        obs_c, r_c, *_ = compact.step(choice)
        obs_f, r_f, *_ = full.step(layout.full[choice])
        assert np.array_equal(r_c, r_f)
    with pytest.raises(EnvConfigError, match="action_space"):
        HanafudaVectorEnv("mushi", action_space="tiny")
