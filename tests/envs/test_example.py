"""The learning example (examples/train_mushi.py, examples/policy_agent.py), end to end."""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.agents import AGENTS, RandomAgent
from hanafuda.agents.arena import run_arena
from hanafuda.engine.action_space import to_engine
from hanafuda.envs.encoding import encode_view, move_to_action, observation_size
from hanafuda.rules import configure

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _import(name: str) -> ModuleType:
    if str(EXAMPLES) not in sys.path:
        sys.path.insert(0, str(EXAMPLES))
    # train_mushi pins BLAS threads in os.environ on import; keep that out of the test process
    with pytest.MonkeyPatch.context() as mp:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):  # recorded, restored on exit
            if var in os.environ:
                mp.setenv(var, os.environ[var])
            else:
                mp.delenv(var, raising=False)
        module = importlib.import_module(name)
    return module


@pytest.fixture(scope="module")
def policy_agent() -> ModuleType:
    return _import("policy_agent")


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    train = _import("train_mushi")
    out = tmp_path_factory.mktemp("example")
    summary = train.main(["--quick", "--seed", "3", "--out", str(out / "policy.npz"),
                          "--json", str(out / "summary.json")])
    summary["dir"] = out
    return summary


def test_quick_run_trains_saves_and_evaluates(quick_run: dict[str, Any]) -> None:
    bc = quick_run["bc"]
    # behaviour cloning must fit the teacher: lower loss, higher agreement than the start
    assert bc["train_loss"][-1] < 0.9 * bc["train_loss"][0]
    assert bc["train_acc"][-1] > bc["train_acc"][0]
    assert quick_run["decisions"] > 100
    assert quick_run["pg"]["mean_score"], "the policy-gradient stage made no update"
    rows = quick_run["results"]
    assert {(r["policy"], r["opponent"]) for r in rows} == {
        ("cloned", "random"), ("cloned", "greedy"), ("final", "random"), ("final", "greedy"),
        ("final", "cloned"),
    }
    for r in rows:
        assert r["deals"] == 20
        lo, hi = r["margin_ci95"]
        assert lo <= r["margin"] <= hi
        assert 0.0 <= r["win_rate"] <= 1.0
    written = json.loads((quick_run["dir"] / "summary.json").read_text(encoding="utf-8"))
    assert written["results"] == rows
    assert "cloned" not in AGENTS and "final" not in AGENTS  # registrations were undone


def test_saved_policy_plays_only_legal_moves(quick_run: dict[str, Any],
                                             policy_agent: ModuleType) -> None:
    policy = policy_agent.MLPPolicy.load(quick_run["weights"])
    assert policy.meta["game"] == "mushi"
    config = configure("mushi", 2)
    assert policy.obs_size == observation_size(config)
    for sample in (False, True):
        agent = policy_agent.PolicyAgent(policy, sample=sample)
        for seed in range(6):
            match = Match("mushi", 2, seed=seed)
            rng = random.Random(seed)
            moves = 0
            while match.to_move is not None:
                view = match.view(match.to_move)
                move = agent.choose(view, view.legal, rng)
                assert move in view.legal
                # the move's action index maps back to one of the engine's legal actions
                assert to_engine(move_to_action(move, config)) in match.legal_actions()
                match.play(move)  # checked by the engine: raises on an illegal move
                moves += 1
            assert moves > 0 and match.current.result is not None


def test_masked_softmax_gives_illegal_actions_no_mass(policy_agent: ModuleType) -> None:
    config = configure("mushi", 2)
    policy = policy_agent.MLPPolicy(observation_size(config), 16, seed=1)
    # adversarial output biases: every action the position does not allow is hugely preferred
    policy.params["b3"][:] = 50.0
    match = Match("mushi", 2, seed=11)
    obs_rows, legal_rows = [], []
    while match.to_move is not None and len(obs_rows) < 12:
        view = match.view(match.to_move)
        legal = [move_to_action(m, config) for m in view.legal]
        policy.params["b3"][legal] = -50.0
        obs_rows.append(encode_view(view, config))
        legal_rows.append(legal)
        match.play(view.legal[0])
    legal, valid = policy_agent.pad_legal(legal_rows)
    logp = policy.log_probs(np.stack(obs_rows), legal, valid)
    prob = np.where(valid, np.exp(logp), 0.0)
    assert np.allclose(prob.sum(axis=1), 1.0, atol=1e-5)
    assert np.all(np.isneginf(logp[~valid]))
    gen = np.random.default_rng(0)
    for obs, row in zip(obs_rows, legal_rows, strict=True):
        for _ in range(5):
            assert 0 <= policy.act(obs, row, gen) < len(row)
        assert 0 <= policy.act(obs, row) < len(row)


def test_gradients_match_finite_differences(policy_agent: ModuleType) -> None:
    policy = policy_agent.MLPPolicy(12, 6, seed=2)
    for key in policy.params:
        policy.params[key] = policy.params[key].astype(np.float64)
    policy.params["w3"] *= 50.0  # away from the near-uniform start
    rng = np.random.default_rng(0)
    obs = rng.standard_normal((4, 12))
    legal, valid = policy_agent.pad_legal([[1, 5, 7], [2, 3], [100, 5, 9, 2785], [5, 1]])
    chosen = np.array([2, 0, 3, 1])
    weights = rng.standard_normal(4)

    def loss() -> float:
        value, _ = policy.loss_and_grads(obs, legal, valid, chosen, weights, entropy=0.2)
        return value

    _, grads = policy.loss_and_grads(obs, legal, valid, chosen, weights, entropy=0.2)
    probes = {"w1": [0, 17, 40], "b1": [1, 4], "w2": [3, 20], "b2": [0, 5],
              "w3": [1, 5, 2786 + 2785, 3 * 2786 + 100, 2 * 2786 + 8], "b3": [1, 5, 100, 2785, 0]}
    for key, indices in probes.items():
        flat = policy.params[key].reshape(-1)
        for i in indices:
            old = flat[i]
            flat[i] = old + 1e-6
            up = loss()
            flat[i] = old - 1e-6
            down = loss()
            flat[i] = old
            numeric = (up - down) / 2e-6
            assert grads[key].reshape(-1)[i] == pytest.approx(numeric, rel=1e-5, abs=1e-7), (key, i)


def test_loss_and_grads_rejects_an_illegal_choice(policy_agent: ModuleType) -> None:
    policy = policy_agent.MLPPolicy(4, 3)
    legal, valid = policy_agent.pad_legal([[1, 2], [3]])
    with pytest.raises(ValueError, match="not among"):
        policy.loss_and_grads(np.zeros((2, 4), np.float32), legal, valid, np.array([0, 1]))
    with pytest.raises(ValueError, match="at least one legal action"):
        policy_agent.pad_legal([[1], []])
    with pytest.raises(ValueError, match="shape"):
        policy.log_probs(np.zeros((2, 5), np.float32), legal, valid)


def test_registered_policy_runs_in_the_arena(quick_run: dict[str, Any],
                                            policy_agent: ModuleType) -> None:
    policy = policy_agent.MLPPolicy.load(quick_run["weights"])
    with policy_agent.registered(policy, "learned"):
        result = run_arena("mushi", 2, ["learned", "random"], deals=4, seed=5)
        with pytest.raises(ValueError, match="already taken"):
            with policy_agent.registered(policy, "learned"):
                pass
    assert "learned" not in AGENTS
    assert result.rotations == 2 and result.deals == 4
    assert [r.name for r in result.results] == ["learned", "random"]
    assert RandomAgent.name in AGENTS


def test_load_rejects_a_file_that_is_not_a_policy(tmp_path: Path, policy_agent: ModuleType) -> None:
    path = tmp_path / "other.npz"
    np.savez(path, w1=np.zeros((2, 2)))
    with pytest.raises(ValueError, match="not a policy file"):
        policy_agent.MLPPolicy.load(path)


def test_agent_refuses_a_policy_of_another_size(policy_agent: ModuleType) -> None:
    agent = policy_agent.PolicyAgent(policy_agent.MLPPolicy(10, 4))
    match = Match("mushi", 2, seed=1)
    view = match.view(match.to_move)
    with pytest.raises(ValueError, match="observations"):
        agent.choose(view, view.legal, random.Random(0))
