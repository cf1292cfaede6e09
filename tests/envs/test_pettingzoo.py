"""The PettingZoo AEC env (issue 7): PettingZoo's own API and seed tests, rewards equal to the
engine's round scores, observations from the seat's view only, illegal actions, determinism."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from hanafuda import Match
from hanafuda.cards import CODES
from hanafuda.engine.deal import Deal, deal_from_rng
from hanafuda.envs import EnvConfigError, IllegalActionError, pettingzoo_env
from hanafuda.envs.encoding import observation_blocks
from hanafuda.envs.pettingzoo import HanafudaAECEnv
from hanafuda.rules import GAMES, UnknownGameError
from hanafuda.rules.options import OptionError

# PettingZoo warns about every dict observation (it allowlists its own classic games only).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]

TEAMS_4 = {"teams": [[0, 2], [1, 3]]}

CONFIGS: list[tuple[str, int, dict[str, Any] | None]] = [
    *[(game, 2, None) for game in GAMES],
    ("kwa-do", 4, TEAMS_4),
    ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]], "yaku": True, "gaji": True}),
    ("hawaiifuda", 6, None),
    ("min-hwatu", 6, {"yaku_set": "korean"}),
    ("hana-awase", 2, {"teyaku": True, "rounds": 3}),
    ("kwa-do", 2, {"yaku": True, "gaji": True, "gaji_wild_from_stock": True}),
    ("mushi", 2, {"target": 60}),
]
IDS = [f"{g}-{n}-{o}" for g, n, o in CONFIGS]


def block(obs: np.ndarray, config: Any, name: str) -> np.ndarray:
    pos = 0
    for block_name, size in observation_blocks(config):
        if block_name == name:
            return obs[pos : pos + size]
        pos += size
    raise AssertionError(name)


def bits(mask: int) -> np.ndarray:
    return np.array([(mask >> c) & 1 for c in range(48)], np.float32)


def play_random(env: HanafudaAECEnv, seed: int, rng_seed: int = 0
                ) -> tuple[list[int], dict[str, float], list[dict[str, float]]]:
    """A seeded random episode: the engine actions played, the summed rewards by agent, and the
    rewards of each step that ended a round."""
    rng = np.random.default_rng(rng_seed)
    env.reset(seed=seed)
    actions: list[int] = []
    totals = {a: 0.0 for a in env.possible_agents}
    round_ends: list[dict[str, float]] = []
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        results_before = len(env.match.results)
        env.step(index)
        actions.append(env.layout.engine(index))
        for a, r in env.rewards.items():
            totals[a] += r
        if len(env.match.results) > results_before:
            round_ends.append(dict(env.rewards))
    return actions, totals, round_ends


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(game: str, players: int, options: dict[str, Any] | None) -> None:
    api_test(pettingzoo_env(game, players=players, options=options, render_mode="ansi"), num_cycles=300)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(game: str, players: int, options: dict[str, Any] | None) -> None:
    seed_test(lambda: pettingzoo_env(game, players=players, options=options), num_cycles=300)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_rewards_are_the_engines_round_scores(game: str, players: int,
                                              options: dict[str, Any] | None) -> None:
    env = pettingzoo_env(game, players=players, options=options)
    actions, totals, _ = play_random(env, seed=11)
    opts = dict(options or {})
    if "rounds" not in opts and "target" not in opts:
        opts["rounds"] = 1
    match = Match(game, players, opts, seed=11)
    for action in actions:
        if match.round_over:
            match.next_round()
        assert action in match.legal_actions()
        match.apply(action)
    assert match.finished
    assert [r.scores for r in match.results] == [r.scores for r in env.match.results]
    for seat, agent in enumerate(env.possible_agents):
        assert totals[agent] == match.totals[match.config.side_of[seat]]
    assert not env.agents  # every agent stepped out with None after the end


def test_rewards_come_at_each_round_end() -> None:
    env = pettingzoo_env("mushi", options={"rounds": 3})
    rng = np.random.default_rng(3)
    env.reset(seed=4)
    per_round: list[dict[str, float]] = []
    for _agent in env.agent_iter():
        obs, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            continue
        rounds_before = len(env.match.results)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if len(env.match.results) > rounds_before:
            per_round.append(dict(env.rewards))
        elif env.agents:
            assert all(r == 0 for r in env.rewards.values())
    assert len(per_round) == 3
    for rewards, result in zip(per_round, env.match.results, strict=True):
        assert rewards == {f"player_{s}": float(result.scores[s]) for s in range(2)}


def test_team_rewards_are_shared() -> None:
    env = pettingzoo_env("kwa-do", players=4, options={**TEAMS_4, "scoring": "raw", "rounds": 2})
    _, totals, round_ends = play_random(env, seed=5)
    result_scores = [r.scores for r in env.match.results]
    assert len(result_scores) == 2
    assert totals["player_0"] == totals["player_2"] == sum(s[0] for s in result_scores)
    assert totals["player_1"] == totals["player_3"] == sum(s[1] for s in result_scores)
    assert totals["player_0"] != 0  # raw scoring: a side's card points are never all zero
    assert len(round_ends) == 2
    for rewards, scores in zip(round_ends, result_scores, strict=True):
        assert rewards == {"player_0": scores[0], "player_1": scores[1],
                           "player_2": scores[0], "player_3": scores[1]}


def test_one_round_by_default_and_rounds_or_target_from_options() -> None:
    for game in GAMES:
        env = pettingzoo_env(game)
        play_random(env, seed=2)
        assert len(env.match.rounds) == 1
    env = pettingzoo_env("min-hwatu", options={"rounds": 2})
    play_random(env, seed=2)
    assert len(env.match.rounds) == 2
    env = pettingzoo_env("kwa-do", options={"target": 30})
    play_random(env, seed=2)
    assert max(env.match.totals) >= 30


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_observation_blocks_show_only_what_the_seat_knows(game: str, players: int,
                                                          options: dict[str, Any] | None) -> None:
    env = pettingzoo_env(game, players=players, options=options)
    rng = np.random.default_rng(8)
    env.reset(seed=21)
    config = env.config
    for _agent in env.agent_iter():
        rnd = env.match.current
        for seat, name in enumerate(env.possible_agents):
            obs = env.observe(name)["observation"]
            assert np.array_equal(block(obs, config, "hand"), bits(rnd.hands[seat]))
            exposed = 0
            for cards in rnd.exposed:
                exposed |= cards
            hidden = 0
            for other, hand in enumerate(rnd.hands):
                if other != seat:
                    hidden |= hand & ~exposed
            for card in rnd.stock_remaining():
                hidden |= 1 << card
            assert np.array_equal(block(obs, config, "unseen"), bits(hidden))
        obs, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def swapped_deal(deal: Deal, seat: int) -> Deal:
    """The same deal with ``seat``'s hand and the stock exchanged card for card (public state equal)."""
    hand = deal.hands[seat]
    stock = list(deal.stock)
    k = len(hand)
    new_hand, new_stock = tuple(sorted(stock[:k])), tuple(list(hand) + stock[k:])
    hands = tuple(new_hand if s == seat else h for s, h in enumerate(deal.hands))
    return Deal(deal.dealer, hands, deal.field, new_stock)


@pytest.mark.parametrize("game", list(GAMES))
def test_other_hands_and_stock_order_do_not_change_the_observation(game: str) -> None:
    env = pettingzoo_env(game)
    deal = deal_from_rng(env.config, 0, random.Random(9))
    other = swapped_deal(deal, 1)
    env.reset(seed=1, options={"deal": deal})
    first = {a: env.observe(a) for a in env.possible_agents}
    env.reset(seed=1, options={"deal": other})
    second = {a: env.observe(a) for a in env.possible_agents}
    for key in ("observation", "action_mask"):
        assert np.array_equal(first["player_0"][key], second["player_0"][key])
    # the changed seat does see its new hand
    assert not np.array_equal(first["player_1"]["observation"], second["player_1"]["observation"])


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = pettingzoo_env("min-hwatu")
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.observe(agent)
    moves = len(env.match.current.moves)
    legal = set(np.flatnonzero(before["action_mask"]).tolist())
    illegal = next(i for i in range(env.layout.size) if i not in legal)
    with pytest.raises(IllegalActionError) as info:
        env.step(illegal)
    message = str(info.value)
    assert f"action {illegal}" in message and "is not legal" in message
    for index in legal:  # every legal action is named, with its move
        assert f"{index} (play " in message
    with pytest.raises(IllegalActionError, match="outside the action space"):
        env.step(env.layout.size)
    with pytest.raises(IllegalActionError, match="must be an integer"):
        env.step(1.5)
    with pytest.raises(EnvConfigError, match="action None"):
        env.step(None)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert len(env.match.current.moves) == moves
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    env.step(np.int64(min(legal)))  # numpy integers are actions too
    assert len(env.match.current.moves) == moves + 1


def test_dead_agents_step_with_none_only() -> None:
    env = pettingzoo_env("mushi")
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    while not any(env.terminations.values()):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert all(env.terminations.values()) and not any(env.truncations.values())
    dead = env.agent_selection
    assert not env.observe(dead)["action_mask"].any()
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)
    env.step(None)
    assert dead not in env.agents
    env.step(None)
    assert env.agents == []


def test_seeded_resets_are_reproducible_and_seeds_differ() -> None:
    a, b = pettingzoo_env("hawaiifuda", players=3), pettingzoo_env("hawaiifuda", players=3)
    first = play_random(a, seed=17, rng_seed=1)
    assert play_random(b, seed=17, rng_seed=1) == first
    assert play_random(b, seed=18, rng_seed=1)[0] != first[0]
    # the same deal as Match(seed=…)
    a.reset(seed=17)
    match = Match("hawaiifuda", 3, {"rounds": 1}, seed=17)
    assert a.match.deals[0] == match.deals[0]
    # unseeded resets continue from the seeded generator
    a.reset(seed=5)
    a.reset()
    b.reset(seed=5)
    b.reset()
    assert a.match.deals[0] == b.match.deals[0]


def test_spaces_are_cached_per_agent() -> None:
    env = pettingzoo_env("kwa-do", players=4, options=TEAMS_4)
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.action_space(agent).n == env.layout.size
    assert env.action_space("player_0") is not env.action_space("player_1")
    with pytest.raises(EnvConfigError, match="unknown agent 'player_4'"):
        env.action_space("player_4")


def test_render_ansi_shows_the_current_agents_view_only() -> None:
    env = pettingzoo_env("min-hwatu", players=3, render_mode="ansi")
    env.reset(seed=6)
    seat = int(env.agent_selection.split("_")[1])
    text = env.render()
    assert isinstance(text, str)
    assert f"you are seat {seat + 1}" in text and "Legal actions: " in text
    rnd = env.match.current
    for other, hand in enumerate(rnd.hands):
        for card in range(48):
            if other != seat and hand >> card & 1:
                code = CODES[card]
                assert f"[{code}]" not in text and f" {code};" not in text
    legal = sorted(env.layout.index(a) for a in env.match.legal_actions())
    assert f"{legal[0]} play " in text


def test_render_without_mode_returns_none_and_bad_settings_raise() -> None:
    env = pettingzoo_env("mushi")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None
    with pytest.raises(EnvConfigError, match="unknown render_mode 'rgb_array'"):
        pettingzoo_env("mushi", render_mode="rgb_array")
    with pytest.raises(UnknownGameError):
        pettingzoo_env("sakura")
    with pytest.raises(OptionError, match="not 7"):
        pettingzoo_env("mushi", players=7)
    with pytest.raises(OptionError, match="unknown option"):
        pettingzoo_env("mushi", options={"no_such_option": 1})
    with pytest.raises(EnvConfigError, match="call reset"):
        pettingzoo_env("mushi").observe("player_0")
    with pytest.raises(EnvConfigError, match="reset option 'deal'"):
        env.reset(options={"deal": "pine-crane"})


def test_render_after_the_match_shows_the_result() -> None:
    env = pettingzoo_env("hana-awase", render_mode="ansi")
    play_random(env, seed=3)
    text = env.render()
    assert text is not None and "Round 1 over" in text and "Match over" in text


@pytest.mark.parametrize(("game", "players"), [("mushi", 2), ("kwa-do", 4)])
def test_pettingzoo_render_test_passes(game: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own render check builds the env with render_mode="human" first."""
    render_test(lambda render_mode=None: pettingzoo_env(game, players=players, render_mode=render_mode))
    assert "Legal actions:" in capsys.readouterr().out  # "human" printed the table
