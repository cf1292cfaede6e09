"""The learning example (examples/train_mushi.py, examples/candidate_policy.py), end to end: it
writes the shipped baselines' format, which ``make_agent("policy:PATH")`` and the arena load."""

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
from hanafuda.agents import PolicyAgent, make_agent
from hanafuda.agents.arena import run_arena
from hanafuda.agents.learned.network import QNetwork, WeightsError
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
def candidate_policy() -> ModuleType:
    return _import("candidate_policy")


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
    assert Path(quick_run["cloned_weights"]).name == "policy-cloned.npz"


def test_written_weights_load_by_name_and_play_an_arena_round(quick_run: dict[str, Any]) -> None:
    """The three lines of docs/research.md: train (the fixture), load by name, play."""
    path = quick_run["weights"]
    agent = make_agent(f"policy:{path}")
    assert isinstance(agent, PolicyAgent)
    net = QNetwork.load(path)
    assert net.meta["game"] == "mushi" and net.meta["output"].startswith("policy logits")
    result = run_arena("mushi", 2, [f"policy:{path}", "random"], deals=4, seed=5)
    assert result.rotations == 2 and result.deals == 4
    assert [r.name for r in result.results] == [f"policy:{path}", "random"]
    for seed in range(3):  # every move it picks is legal (the engine raises otherwise)
        match = Match("mushi", 2, seed=seed)
        rng = random.Random(seed)
        while match.to_move is not None:
            view = match.view(match.to_move)
            move = agent.choose(view, view.legal, rng)
            assert move in view.legal
            match.play(move)
        assert match.current.result is not None


def test_the_policy_agent_plays_the_most_likely_move(quick_run: dict[str, Any],
                                                     candidate_policy: ModuleType) -> None:
    policy = candidate_policy.CandidatePolicy.load(quick_run["weights"])
    agent = make_agent(f"policy:{quick_run['weights']}")
    config = configure("mushi", 2)
    match = Match("mushi", 2, seed=21)
    checked = 0
    while match.to_move is not None:
        view = match.view(match.to_move)
        if len(view.legal) > 1:
            column = policy.act(config, candidate_policy.decision_from_view(view, config))
            assert agent.choose(view, view.legal, random.Random(0)) == view.legal[column]
            checked += 1
        match.play(view.legal[0])
    assert checked > 5


def _decisions(candidate_policy: ModuleType, count: int) -> list[Any]:
    config = configure("mushi", 2)
    match = Match("mushi", 2, seed=11)
    out = []
    while match.to_move is not None and len(out) < count:
        view = match.view(match.to_move)
        out.append(candidate_policy.decision_from_view(view, config))
        match.play(view.legal[-1])
    return out


def test_softmax_is_over_each_decisions_legal_moves(candidate_policy: ModuleType) -> None:
    config = configure("mushi", 2)
    policy = candidate_policy.CandidatePolicy.new(16, seed=1)
    decisions = _decisions(candidate_policy, 12)
    batch = candidate_policy.Decisions.encode(config, decisions)
    assert batch.act.shape[0] == sum(len(d.moves) for d in decisions)
    prob = np.exp(policy.log_probs(batch))
    assert np.allclose(np.add.reduceat(prob, batch.starts), 1.0, atol=1e-5)
    gen = np.random.default_rng(0)
    for decision in decisions:
        for _ in range(3):
            assert 0 <= policy.act(config, decision, gen) < len(decision.moves)


def test_gradients_match_finite_differences(candidate_policy: ModuleType) -> None:
    config = configure("mushi", 2)
    policy = candidate_policy.CandidatePolicy.new(6, seed=2)
    for key in policy.params:
        policy.params[key] = policy.params[key].astype(np.float64)
    policy.params["w3"] *= 50.0  # away from the near-uniform start
    for key in ("b1", "b2"):  # zero biases put dead units exactly on the ReLU's kink
        policy.params[key] += np.random.default_rng(3).uniform(0.05, 0.2, policy.params[key].shape)
    decisions = [d for d in _decisions(candidate_policy, 30) if len(d.moves) > 1][:4]
    batch = candidate_policy.Decisions.encode(config, decisions)
    chosen = np.array([len(d.moves) - 1 for d in decisions])
    weights = np.random.default_rng(0).standard_normal(len(decisions))

    def loss() -> float:
        value, _ = policy.loss_and_grads(batch, chosen, weights, entropy=0.2)
        return float(value)

    _, grads = policy.loss_and_grads(batch, chosen, weights, entropy=0.2)
    rng = np.random.default_rng(1)
    for key, param in policy.params.items():
        flat = param.reshape(-1)
        nonzero = np.flatnonzero(grads[key].reshape(-1))
        probes = rng.choice(nonzero, size=min(3, nonzero.size), replace=False) if nonzero.size else []
        for i in [*probes, 0]:
            old = flat[i]
            flat[i] = old + 1e-6
            up = loss()
            flat[i] = old - 1e-6
            down = loss()
            flat[i] = old
            numeric = (up - down) / 2e-6
            assert grads[key].reshape(-1)[i] == pytest.approx(numeric, rel=1e-4, abs=1e-7), (key, i)


def test_bad_batches_are_refused(candidate_policy: ModuleType) -> None:
    config = configure("mushi", 2)
    policy = candidate_policy.CandidatePolicy.new(4, seed=0)
    decisions = _decisions(candidate_policy, 2)
    batch = candidate_policy.Decisions.encode(config, decisions)
    with pytest.raises(ValueError, match="not among"):
        policy.loss_and_grads(batch, [len(decisions[0].moves), 0])
    with pytest.raises(ValueError, match="at least one legal move"):
        candidate_policy.Decisions.encode(config, [candidate_policy.Decision(decisions[0].state, ())])


def test_load_rejects_a_file_that_is_not_a_policy(tmp_path: Path, candidate_policy: ModuleType) -> None:
    path = tmp_path / "other.npz"
    np.savez(path, w1=np.zeros((2, 2)))
    with pytest.raises(WeightsError, match="cannot read"):
        candidate_policy.CandidatePolicy.load(path)
    with pytest.raises(ValueError, match="no weights file"):
        make_agent(f"policy:{tmp_path / 'missing.npz'}")
