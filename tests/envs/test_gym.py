"""The Gymnasium single-agent env (issue 7): registration, Gymnasium's env checker, rewards equal
to the engine's round scores, observations from the learner's view only, illegal actions, seeding."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env, data_equivalence

import hanafuda.envs  # noqa: F401  (registers the ids)
from hanafuda import Match
from hanafuda.agents import Agent, RandomAgent
from hanafuda.agents import UnknownAgentError as UnknownBotError
from hanafuda.engine.deal import deal_from_rng
from hanafuda.envs import ENV_IDS, EnvConfigError, IllegalActionError
from hanafuda.envs.gym import HanafudaEnv
from hanafuda.rules import GAMES
from hanafuda.views import PlayerView

from .test_pettingzoo import bits, block, swapped_deal

# The match totals block is unbounded on purpose (a long match runs up any total).
pytestmark = [
    pytest.mark.filterwarnings("ignore:.*Box observation space m.* value is -?infinity"),
]

TEAMS_4 = {"teams": [[0, 2], [1, 3]]}


def run_episode(env: gym.Env[Any, Any], seed: int, rng_seed: int = 0
                ) -> tuple[list[Any], list[float], list[int]]:
    """A seeded episode with random legal learner actions: observations, rewards, actions."""
    rng = np.random.default_rng(rng_seed)
    obs, info = env.reset(seed=seed)
    observations: list[Any] = [obs]
    rewards: list[float] = []
    actions: list[int] = []
    done = False
    while not done:
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        observations.append(obs)
        rewards.append(reward)
        actions.append(action)
        done = terminated or truncated
    return observations, rewards, actions


def test_every_game_is_registered() -> None:
    assert set(ENV_IDS.values()) == set(GAMES)
    for env_id, game in ENV_IDS.items():
        spec = gym.spec(env_id)
        assert spec.kwargs["game"] == game
        env = gym.make(env_id)
        assert isinstance(env.unwrapped, HanafudaEnv) and env.unwrapped.game == game
    hanafuda.envs.register_envs()  # idempotent


@pytest.mark.parametrize("env_id", list(ENV_IDS))
def test_check_env(env_id: str) -> None:
    env = gym.make(env_id, render_mode="ansi")  # the defaults pass
    check_env(env.unwrapped)


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("hanafuda/KwaDo-v0", {"players": 4, "options": TEAMS_4, "opponent": "greedy", "seat": 1}),
        ("hanafuda/Hawaiifuda-v0", {"players": 6, "seat": "random"}),
        ("hanafuda/HanaAwase-v0", {"players": 3, "options": {"teyaku": True, "rounds": 2}}),
        ("hanafuda/MinHwatu-v0", {"players": 5, "options": {"yaku_set": "english"}}),
        ("hanafuda/Mushi-v0", {"options": {"target": 50}, "opponent": "greedy"}),
    ],
)
def test_check_env_with_kwargs(env_id: str, kwargs: dict[str, Any]) -> None:
    check_env(gym.make(env_id, **kwargs).unwrapped)


@pytest.mark.parametrize("env_id", list(ENV_IDS))
def test_gym_make_runs_episodes_under_the_passive_checker(env_id: str) -> None:
    env = gym.make(env_id, opponent="greedy")
    for seed in range(3):
        observations, rewards, _ = run_episode(env, seed, rng_seed=seed)
        assert all(env.observation_space.contains(o) for o in observations)
        assert not observations[-1]["action_mask"].any()  # nothing to decide after the match
        assert sum(1 for r in rewards[:-1] if r) == 0  # one round: the reward comes at its end
    env.close()


def test_check_env_in_raise_mode_meets_the_documented_illegal_action_error() -> None:
    """check_env steps with unmasked random actions; ``illegal_action="raise"`` refuses them."""
    with pytest.raises(IllegalActionError, match="is not legal"):
        check_env(gym.make("hanafuda/Mushi-v0", illegal_action="raise").unwrapped)


@pytest.mark.parametrize(
    ("game", "players", "options", "opponent"),
    [
        ("min-hwatu", 3, {"rounds": 3}, "greedy"),
        ("kwa-do", 4, {**TEAMS_4, "scoring": "raw", "rounds": 2}, "random"),
        ("hana-awase", 2, {"teyaku": True, "rounds": 3}, "greedy"),
        ("hawaiifuda", 2, {"rounds": 2}, "random"),
        ("mushi", 2, {"target": 40}, "greedy"),
    ],
)
def test_rewards_are_the_engines_round_scores(game: str, players: int, options: dict[str, Any],
                                              opponent: str) -> None:
    env = HanafudaEnv(game, players=players, options=options, opponent=opponent, seat=1)
    rng = np.random.default_rng(1)
    obs, _ = env.reset(seed=31)
    side = env.config.side_of[1]
    done = False
    total = 0.0
    while not done:
        results_before = len(env.match.results)
        obs, reward, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        results = env.match.results
        ended = results[results_before:]
        assert reward == sum(r.scores[side] for r in ended)
        total += reward
        done = terminated
    assert total == env.match.totals[side]
    # the env's match is a faithful match: the same moves on Match(seed) score the same
    replay = Match(game, players, options, seed=31)
    for index, rnd in enumerate(env.match.rounds):
        if index:
            replay.next_round()
        for action in rnd.moves:
            assert action in replay.legal_actions()
            replay.apply(action)
    assert replay.finished
    assert [r.scores for r in replay.results] == [r.scores for r in env.match.results]


def test_team_reward_is_the_teams_score() -> None:
    options = {**TEAMS_4, "scoring": "raw"}
    for seat in range(4):
        env = HanafudaEnv("kwa-do", players=4, options=options, seat=seat)
        _, rewards, _ = run_episode(env, seed=12)
        scores = env.match.results[0].scores
        assert rewards[-1] == scores[seat % 2] and sum(rewards) == rewards[-1]


def test_observation_is_the_learners_view_only() -> None:
    env = HanafudaEnv("hana-awase", players=3, options={"teyaku": True}, opponent="greedy", seat=2)
    rng = np.random.default_rng(4)
    obs, _ = env.reset(seed=8)
    config = env.config
    done = False
    while not done:
        rnd = env.match.current
        assert np.array_equal(block(obs["observation"], config, "hand"), bits(rnd.hands[2]))
        exposed = 0
        for cards in rnd.exposed:
            exposed |= cards
        hidden = (rnd.hands[0] | rnd.hands[1]) & ~exposed
        for card in rnd.stock_remaining():
            hidden |= 1 << card
        assert np.array_equal(block(obs["observation"], config, "unseen"), bits(hidden))
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("env_id", list(ENV_IDS))
def test_other_hands_and_stock_order_do_not_change_the_observation(env_id: str) -> None:
    env = gym.make(env_id).unwrapped
    assert isinstance(env, HanafudaEnv)
    game = env.config.game
    dealer = -game.direction * game.first_offset % 2  # the learner (seat 0) moves first
    deal = deal_from_rng(env.config, dealer, random.Random(5))
    first, _ = env.reset(seed=2, options={"deal": deal})
    other = swapped_deal(deal, 1)
    assert set(other.hands[1]).isdisjoint(deal.hands[1]) and other.stock != deal.stock
    second, _ = env.reset(seed=2, options={"deal": other})
    assert not env.match.current.moves
    assert data_equivalence(first, second, exact=True)


class SpyAgent(Agent):
    """Records the views it is given."""

    name = "spy"

    def __init__(self) -> None:
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView, legal: Sequence[str], rng: random.Random,
               budget: float | None = None) -> str:
        self.views.append(view)
        return legal[rng.randrange(len(legal))]


def test_bots_get_their_own_seats_view() -> None:
    spy = SpyAgent()
    env = HanafudaEnv("min-hwatu", players=4, opponent=spy, seat=0)
    run_episode(env, seed=3)
    assert spy.views and all(v.seat in (1, 2, 3) and v.to_move == v.seat for v in spy.views)
    assert all(v.legal for v in spy.views)


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = HanafudaEnv("kwa-do", players=3, illegal_action="raise")
    obs, _ = env.reset(seed=9)
    moves = [list(r.moves) for r in env.match.rounds]
    legal = set(np.flatnonzero(obs["action_mask"]).tolist())
    illegal = next(i for i in range(env.layout.size) if i not in legal)
    with pytest.raises(IllegalActionError, match=f"action {illegal} .*is not legal.*legal actions: "):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        env.step(-1)
    with pytest.raises(IllegalActionError, match="must be an integer"):
        env.step("play pine-crane")
    assert [list(r.moves) for r in env.match.rounds] == moves
    again = env._observation()
    assert data_equivalence(obs, again, exact=True)
    env.step(np.int32(min(legal)))
    assert len(env.match.current.moves) > len(moves[-1])


def test_illegal_action_end_mode() -> None:
    env = HanafudaEnv("mushi")  # illegal_action="end" is the default
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    moves = len(env.match.current.moves)
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-230.0, True, False, True)
    assert len(env.match.current.moves) == moves
    with pytest.raises(ResetNeeded):
        env.step(int(np.flatnonzero(obs2["action_mask"])[0]))
    env = HanafudaEnv("mushi", illegal_action="end", illegal_reward=-1.5)
    obs, _ = env.reset(seed=1)
    assert env.step(illegal)[1] == -1.5


@pytest.mark.parametrize("opponent", ["random", "greedy", "strong"])
def test_seeded_episodes_are_reproducible(opponent: str) -> None:
    players = 2 if opponent == "strong" else 3
    game = "mushi" if opponent == "strong" else "hawaiifuda"
    a = HanafudaEnv(game, players=players, opponent=opponent)
    b = HanafudaEnv(game, players=players, opponent=opponent)
    first = run_episode(a, seed=41, rng_seed=2)
    assert data_equivalence(run_episode(b, seed=41, rng_seed=2), first, exact=True)
    assert [r.moves for r in a.match.rounds] == [r.moves for r in b.match.rounds]
    if opponent != "strong":
        run_episode(b, seed=42, rng_seed=2)
        assert a.match.deals[0] != b.match.deals[0]
    a.reset(seed=41)
    assert a.match.deals[0] == Match(game, players, {"rounds": 1}, seed=41).deals[0]


def test_random_seat_is_drawn_from_the_seed() -> None:
    env = HanafudaEnv("min-hwatu", players=4, seat="random")
    seats = []
    for seed in range(12):
        obs, info = env.reset(seed=seed)
        assert info["seat"] == env.seat
        assert env.match.to_move == env.seat
        seats.append(env.seat)
    assert len(set(seats)) > 1
    again = HanafudaEnv("min-hwatu", players=4, seat="random")
    assert [again.reset(seed=s)[1]["seat"] for s in range(12)] == seats


def test_render_ansi_and_settings_errors() -> None:
    env = gym.make("hanafuda/Mushi-v0", render_mode="ansi", opponent="greedy", seat=1)
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "you are seat 2" in text and "Casual bot (seat 1)" in text
    plain = HanafudaEnv("mushi")
    plain.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert plain.render() is None
    with pytest.raises(EnvConfigError, match="seat must be 0…1 or 'random'"):
        HanafudaEnv("mushi", seat=2)
    with pytest.raises(EnvConfigError, match="illegal_action must be one of raise, end"):
        HanafudaEnv("mushi", illegal_action="ignore")
    with pytest.raises(EnvConfigError, match="unknown render_mode"):
        HanafudaEnv("mushi", render_mode="rgb_array")
    with pytest.raises(UnknownBotError, match="unknown agent 'perfect'"):
        HanafudaEnv("mushi", opponent="perfect")
    with pytest.raises(ResetNeeded):
        HanafudaEnv("mushi").step(0)
    assert isinstance(HanafudaEnv("mushi", opponent=RandomAgent()).opponent, RandomAgent)


def test_info_mask_is_a_copy() -> None:
    env = HanafudaEnv("min-hwatu")
    obs, info = env.reset(seed=0)
    assert info["action_mask"] is not obs["action_mask"]
    assert np.array_equal(info["action_mask"], obs["action_mask"])
    assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32


def test_make_vec_uses_the_batch_vector_env() -> None:
    envs = gym.make_vec("hanafuda/Mushi-v0", num_envs=2)
    obs, _ = envs.reset(seed=0)
    single = gym.make("hanafuda/Mushi-v0").observation_space["observation"]
    assert obs["observation"].shape == (2, single.shape[0])
    envs.close()


def test_render_human_prints_what_ansi_returns(capsys: pytest.CaptureFixture[str]) -> None:
    ansi = gym.make("hanafuda/Mushi-v0", render_mode="ansi")
    human = gym.make("hanafuda/Mushi-v0", render_mode="human")
    ansi.reset(seed=4)
    human.reset(seed=4)
    text = ansi.render()
    capsys.readouterr()
    assert human.render() is None
    assert capsys.readouterr().out == text and "Legal actions:" in text


def test_totals_are_bounded_when_the_match_has_a_round_limit() -> None:
    """The totals block's bounds: rounds × the safe round-score bounds; a target match is open."""
    from hanafuda.envs._shared import score_bounds

    env = HanafudaEnv("min-hwatu", players=3, options={"rounds": 2})
    high = env.observation_space["observation"].high[-3:]
    low = env.observation_space["observation"].low[-3:]
    bound_low, bound_high = score_bounds(env.config)
    assert np.allclose(high, 2 * bound_high / 100) and np.allclose(low, 2 * bound_low / 100)
    open_ended = HanafudaEnv("mushi", options={"target": 50}).observation_space["observation"]
    assert np.isinf(open_ended.high[-2:]).all()
