"""A trainable NumPy softmax policy in the shipped network's format (``policy:PATH`` loads it).

The network is the one the ``policy`` bot plays (``hanafuda.agents.learned.network.QNetwork``:
``w_obs, w_act, b1, w2, b2, w3, b3`` and a JSON ``meta`` in an ``.npz``): it scores each
*legal move* of a decision from the seat's view (``agents.learned.features``: the observation
and the move's own features; nothing hidden, RULES.md §6).  Here the scores are logits: the
policy is the softmax over a decision's legal moves, so illegal moves never get probability,
and the ``policy`` bot, which plays the highest-scoring move, plays this policy's most likely
move.  So a file written by ``CandidatePolicy.save`` is used as any shipped baseline::

    from hanafuda.agents import make_agent
    agent = make_agent("policy:mushi_policy.npz")
    run_arena("mushi", 2, ["policy:mushi_policy.npz", "random"], deals=1000)

The scores are logits, not points: ``meta["output"]`` says so and ``meta["scale"]`` is 1, and
the ``expert`` bot, whose search reads the network's values as round margins, wants a network
trained by ``hanafuda train`` instead.

A batch of decisions is a ``Decisions``: R observations, M candidate moves (the legal moves of
every decision, decision by decision) and, per candidate, the decision it belongs to.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hanafuda.agents.learned.features import (
    SeatState,
    encode_candidates,
    encode_observations,
    seat_state_from_view,
)
from hanafuda.agents.learned.network import QNetwork, init_network
from hanafuda.engine.action_space import compact_actions
from hanafuda.engine.moves import parse_action
from hanafuda.rules import Config
from hanafuda.views import PlayerView

__all__ = ["Adam", "CandidatePolicy", "Decision", "Decisions", "decision_from_view",
           "segment_log_softmax"]

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]
STATE_FIELDS = tuple(f.name for f in dataclasses.fields(SeatState))


@dataclass(frozen=True)
class Decision:
    """One decision, compactly: the seat's knowledge (``SeatState`` fields as integers) and
    its legal moves as compact action indices (``engine.action_space.compact_actions``)."""

    state: tuple[int, ...]
    moves: tuple[int, ...]


def decision_from_view(view: PlayerView, config: Config,
                       actions: Sequence[int] | None = None) -> Decision:
    """The ``Decision`` of a seat's view; its moves are ``view.legal`` in that order, or the
    engine ``actions`` given (``Match.legal_actions()``)."""
    state = seat_state_from_view(view, config)
    layout = compact_actions(config)
    legal = [parse_action(m, config) for m in view.legal] if actions is None else actions
    return Decision(tuple(int(getattr(state, f)[0]) for f in STATE_FIELDS),
                    tuple(layout.from_engine(a) for a in legal))


@dataclass
class Decisions:
    """R decisions and their M candidate moves, encoded for the network."""

    obs: F32  # (R, OBS_SIZE)
    act: F32  # (M, ACTION_SIZE)
    rows: I64  # (M,) the decision of each candidate, ascending
    starts: I64  # (R,) the first candidate of each decision

    @classmethod
    def encode(cls, config: Config, decisions: Sequence[Decision]) -> Decisions:
        if not decisions or any(not d.moves for d in decisions):
            raise ValueError("every decision needs at least one legal move")
        columns = list(zip(*(d.state for d in decisions), strict=True))
        template = _state_dtypes()
        state = SeatState(**{f: np.array(col, dtype=template[f])
                             for f, col in zip(STATE_FIELDS, columns, strict=True)})
        counts = np.array([len(d.moves) for d in decisions], np.int64)
        rows = np.repeat(np.arange(len(decisions), dtype=np.int64), counts)
        compact = np.array([m for d in decisions for m in d.moves], np.int64)
        obs = encode_observations(config, state)
        act = encode_candidates(config, compact_actions(config), state, rows, compact)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        return cls(obs, act, rows, starts)

    def chosen_index(self, columns: Sequence[int] | I64) -> I64:
        """Candidate indices of the chosen column of each decision (``ValueError`` if a
        column is not one of the decision's moves)."""
        cols = np.asarray(columns, np.int64)
        counts = np.diff(np.append(self.starts, self.rows.size))
        if cols.shape != self.starts.shape or (cols < 0).any() or (cols >= counts).any():
            raise ValueError("a chosen move is not among the decision's legal moves")
        result: I64 = self.starts + cols
        return result


def _state_dtypes() -> dict[str, np.dtype[Any]]:
    """The dtype of each ``SeatState`` field: card sets are uint64 masks, the rest int64."""
    masks = {"hand", "field", "exposed_others", "own_captures", "other_captures", "discard",
             "pending_targets"}
    return {f: np.dtype(np.uint64) if f in masks else np.dtype(np.int64) for f in STATE_FIELDS}


def segment_log_softmax(scores: F32, rows: I64, starts: I64) -> F32:
    """Log-softmax of ``scores`` within each decision (candidates grouped by ``rows``)."""
    top = np.maximum.reduceat(scores, starts)
    shifted = scores - top[rows]
    result: F32 = shifted - np.log(np.add.reduceat(np.exp(shifted), starts))[rows]
    return result


class CandidatePolicy:
    """Softmax over the network's scores of a decision's legal moves (see the module doc)."""

    def __init__(self, net: QNetwork) -> None:
        self.net = net

    @classmethod
    def new(cls, hidden: int, seed: int, meta: dict[str, Any] | None = None) -> CandidatePolicy:
        """He-initialised, near-uniform over legal moves; ``meta`` records how it is made."""
        info = {"output": "policy logits (softmax over the legal moves)", "scale": 1.0}
        info.update(meta or {})
        return cls(init_network(np.random.default_rng(seed), (hidden, hidden), info))

    @property
    def params(self) -> dict[str, F32]:
        return self.net.params

    @property
    def meta(self) -> dict[str, Any]:
        return self.net.meta

    def log_probs(self, batch: Decisions) -> F32:
        """(M,) log-probability of each candidate within its decision."""
        return segment_log_softmax(self.net.q(batch.obs, batch.act, batch.rows), batch.rows,
                                   batch.starts)

    def loss_and_grads(self, batch: Decisions, chosen: Sequence[int] | I64,
                       weights: Sequence[float] | F32 | None = None, entropy: float = 0.0
                       ) -> tuple[float, dict[str, F32]]:
        """Loss ``−mean(w · log π(chosen)) − entropy · mean(H(π))`` and its gradients.

        ``chosen`` is the column (index among the decision's moves) taken at each decision.
        With ``weights`` None (all ones) this is behaviour cloning's cross-entropy; with
        advantages as weights it is the REINFORCE policy-gradient loss.
        """
        pick = batch.chosen_index(chosen)
        p = self.params
        dtype = p["w3"].dtype
        r = batch.starts.size
        w = np.ones(r, dtype) if weights is None else np.asarray(weights, dtype)
        z1, h1, h2 = self.net.hidden(batch.obs.astype(dtype), batch.act.astype(dtype), batch.rows)
        scores = (h2 @ p["w3"] + p["b3"]).ravel()
        logp = segment_log_softmax(scores, batch.rows, batch.starts)
        prob = np.exp(logp)
        ent = -np.add.reduceat(prob * logp, batch.starts)
        loss = float(-(w * logp[pick]).mean() - entropy * ent.mean())
        dscore = w[batch.rows] * prob
        dscore[pick] -= w
        if entropy:
            # dH/ds_j = −p_j (log p_j + H)
            dscore += entropy * prob * (logp + ent[batch.rows])
        dscore /= r
        dh2 = dscore[:, None] @ p["w3"].T
        dz2 = dh2 * (h2 > 0)
        dz1 = (dz2 @ p["w2"].T) * (z1 > 0)
        grads = {
            "w3": h2.T @ dscore[:, None], "b3": np.array([dscore.sum()], dtype),
            "w2": h1.T @ dz2, "b2": dz2.sum(axis=0),
            "w_act": batch.act.astype(dtype).T @ dz1, "b1": dz1.sum(axis=0),
            # the observation's share of the first layer is summed over its candidates
            "w_obs": batch.obs.astype(dtype).T @ np.add.reduceat(dz1, batch.starts, axis=0),
        }
        return loss, {k: v.astype(dtype) for k, v in grads.items()}

    def act(self, config: Config, decision: Decision, rng: np.random.Generator | None = None) -> int:
        """The column of the move to play: sampled with ``rng``, else the most likely."""
        batch = Decisions.encode(config, [decision])
        logp = self.log_probs(batch)
        if rng is None:
            return int(np.argmax(logp))
        prob = np.exp(logp - logp.max())
        return int(rng.choice(prob.size, p=prob / prob.sum()))

    def copy(self) -> CandidatePolicy:
        return CandidatePolicy(QNetwork({k: v.copy() for k, v in self.params.items()},
                                        dict(self.meta)))

    def save(self, path: str | Path) -> Path:
        """Write the ``.npz`` that ``make_agent("policy:PATH")`` loads; returns the path."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        self.net.save(target)
        return target

    @classmethod
    def load(cls, path: str | Path) -> CandidatePolicy:
        """Read a file written by ``save`` (``WeightsError`` says what is wrong)."""
        return cls(QNetwork.load(path))


class Adam:
    """Adam (Kingma & Ba) with global-norm gradient clipping, over a policy's parameters."""

    def __init__(self, params: dict[str, F32], lr: float = 1e-3,
                 betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8,
                 clip: float | None = 5.0) -> None:
        self.params = params
        self.lr, self.b1, self.b2, self.eps, self.clip = lr, betas[0], betas[1], eps, clip
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, grads: dict[str, F32]) -> None:
        self.t += 1
        scale = 1.0
        if self.clip is not None:
            norm = float(np.sqrt(sum(float((g * g).sum()) for g in grads.values())))
            if norm > self.clip:
                scale = self.clip / norm
        c1 = 1.0 - self.b1 ** self.t
        c2 = 1.0 - self.b2 ** self.t
        for k, g in grads.items():
            g = g * scale
            self.m[k] = self.b1 * self.m[k] + (1 - self.b1) * g
            self.v[k] = self.b2 * self.v[k] + (1 - self.b2) * g * g
            self.params[k] -= (self.lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + self.eps)
                               ).astype(self.params[k].dtype)
