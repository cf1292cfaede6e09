"""Koi-Koi in the front ends that iterate over every game: bots, the hint, the arena, envs,
OpenSpiel parameters, the batch simulator, the command line."""

from __future__ import annotations

import random
from typing import ClassVar

import numpy as np
import pytest
from typer.testing import CliRunner

from hanafuda import Match
from hanafuda.agents import available_bots, make_agent, unavailable_reason
from hanafuda.agents.arena import run_arena
from hanafuda.agents.hint import hint
from hanafuda.agents.learned import WeightsError
from hanafuda.batch import NUM_ACTIONS, BatchSim
from hanafuda.cli import app
from hanafuda.engine.action_space import KOIKOI_INDEX, STOP_INDEX, compact_actions, from_engine, to_engine
from hanafuda.engine.moves import KOIKOI_ACTION, STOP_ACTION
from hanafuda.envs.openspiel.params import game_parameters, options_from_params
from hanafuda.rules import GAMES, configure
from hanafuda.rules.koi_koi import KoiKoi


class _UntrainedKoiKoi(KoiKoi):
    """A Koi-Koi registered under another id: a game with no trained network."""

    id: ClassVar[str] = "koi-koi-untrained"


@pytest.fixture
def untrained(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(GAMES, _UntrainedKoiKoi.id, _UntrainedKoiKoi)
    return _UntrainedKoiKoi.id


def _decision(seed: int = 1, game: str = "koi-koi") -> Match:
    """A match at its first koi-koi decision (random play)."""
    match = Match(game, 2, seed=seed)
    rng = random.Random(seed)
    while match.current.phase != 4:
        if match.round_over:
            match.next_round()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


def test_the_decision_has_its_own_actions_after_the_older_layout() -> None:
    assert (KOIKOI_INDEX, STOP_INDEX, NUM_ACTIONS) == (2786, 2787, 2788)
    assert from_engine(KOIKOI_ACTION) == KOIKOI_INDEX and to_engine(STOP_INDEX) == STOP_ACTION
    layout = compact_actions(configure("koi-koi", 2))
    assert list(layout.full[-2:]) == [KOIKOI_INDEX, STOP_INDEX]
    assert layout.from_engine(KOIKOI_ACTION) == layout.size - 2
    assert KOIKOI_INDEX not in compact_actions(configure("mushi", 2)).full


def test_bots_without_a_network_are_not_offered_and_refuse_clearly(untrained: str) -> None:
    cfg = configure(untrained, 2)
    assert available_bots(cfg) == ("random", "greedy", "strong")
    assert "policy" in available_bots(configure("mushi", 2))
    assert f"no trained network for {untrained}" in (unavailable_reason("expert", cfg) or "")
    match = _decision(game=untrained)
    view = match.view(match.to_move)
    with pytest.raises(WeightsError, match=f"no shipped weights for {untrained}"):
        make_agent("policy").choose(view, match.legal_moves(), random.Random(0))


def test_the_trained_networks_play_koi_koi() -> None:
    """The shipped koi-koi-2p network (docs/bots-results/koi-koi.md): policy and expert are
    offered and take the decision."""
    assert available_bots(configure("koi-koi", 2)) == (
        "random", "greedy", "strong", "policy", "expert")
    match = _decision()
    view = match.view(match.to_move)
    for name in ("policy", "expert@200"):
        assert make_agent(name).choose(view, match.legal_moves(), random.Random(0)) in (
            "koikoi", "stop")


def test_strong_and_greedy_take_the_decision() -> None:
    match = _decision()
    view = match.view(match.to_move)
    for name in ("greedy", "strong"):
        assert make_agent(name).choose(view, match.legal_moves(), random.Random(0)) in (
            "koikoi", "stop")
    # greedy banks what a stop scores now (a koi-koi gains nothing within one ply)
    assert make_agent("greedy").choose(view, match.legal_moves(), random.Random(0)) == "stop"


def test_the_hint_works_without_a_network(untrained: str) -> None:
    match = _decision(game=untrained)
    found = hint(match.view(match.to_move))
    assert {found.best, found.runner_up} == {"koikoi", "stop"}
    assert len(found.values) == 2


def test_the_arena_refuses_a_bot_without_a_network_and_plays_strong(untrained: str) -> None:
    with pytest.raises(ValueError, match="policy bot has no trained network"):
        run_arena(untrained, 2, ["policy", "greedy"], 1, 0, {}, 1)
    result = run_arena(untrained, 2, ["strong", "random"], 2, 0, {}, 1)
    assert result.to_json()


def test_batch_simulator_and_envs_play() -> None:
    sim = BatchSim("koi-koi", 2, 8)  # the batch plays the koi-koi decision (tests/batch/)
    sim.reset_random(np.random.default_rng(1))
    while not sim.done.all():
        sim.step(sim.sample_actions(np.random.default_rng(2)))
    assert (sim.scores().sum(axis=1) == 0).all()
    gym = pytest.importorskip("gymnasium")
    import hanafuda.envs.gym  # noqa: F401  (registers the ids)
    env = gym.make(GAMES["koi-koi"].env_id)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, terminated, truncated, _ = env.step(action)
        done, steps = terminated or truncated, steps + 1
    assert steps > 0


def test_openspiel_parameters_hold_every_option() -> None:
    params = game_parameters(GAMES["koi-koi"])
    assert params["bank"] == 0 and params["viewing_points"] == 5
    players, rounds, options = options_from_params(GAMES["koi-koi"], {"bank": 30, "rounds": 8})
    assert (players, rounds, options["bank"]) == (2, 8, 30)
    assert "bank" not in options_from_params(GAMES["koi-koi"], {"bank": 0})[2]


def test_rules_and_plain_play_in_the_terminal(tmp_path: object) -> None:
    runner = CliRunner()
    rules = runner.invoke(app, ["rules", "koi-koi"])
    assert rules.exit_code == 0 and "Koi-Koi" in rules.output and "Chaff (kasu)" in rules.output
    save = f"{tmp_path}/kk.json"
    played = runner.invoke(app, ["play", "koi-koi", "--plain", "--seed", "3", "--bots", "greedy",
                                 "--rounds", "1", "--save", save], input="1\n" * 40)
    assert played.exit_code == 0, played.output
    assert "Round 1 over" in played.output or "Match over" in played.output
