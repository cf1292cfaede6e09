"""A small NumPy policy network over ``hanafuda.envs.encoding``, and an ``Agent`` that plays it.

``MLPPolicy`` maps an observation vector (``encode_view``) through two ReLU
layers to one logit per action of the fixed action space (``NUM_ACTIONS``),
and takes a softmax over the *legal* actions only.  Since a position never has
more than a few dozen legal actions, logits are computed for those alone: a
batch is given as ``legal`` (indices, padded) and ``valid`` (which entries are
real), and illegal actions get no probability at all.

``PolicyAgent`` wraps a policy as a ``hanafuda.agents.Agent`` (it sees only its
seat's ``PlayerView``), and ``registered`` adds it to the agent registry for the
duration of a ``with`` block so ``hanafuda.agents.arena.run_arena`` can measure it
with duplicate deals like any built-in bot::

    policy = MLPPolicy.load("mushi_policy.npz")
    with registered(policy, "policy"):
        print(run_arena("mushi", 2, ["policy", "random"], deals=1000).table())
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from hanafuda.agents import AGENTS, Agent
from hanafuda.agents.determinize import config_for_view
from hanafuda.envs.encoding import NUM_ACTIONS, encode_view, move_to_action
from hanafuda.views import PlayerView

__all__ = ["Adam", "MLPPolicy", "PolicyAgent", "pad_legal", "registered"]

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]
PARAMS = ("w1", "b1", "w2", "b2", "w3", "b3")


def pad_legal(legal_lists: Sequence[Sequence[int]]) -> tuple[I64, npt.NDArray[np.bool_]]:
    """Pad lists of legal action indices to a ``(batch, width)`` array and its validity mask."""
    if not legal_lists or any(len(x) == 0 for x in legal_lists):
        raise ValueError("every position needs at least one legal action")
    width = max(len(x) for x in legal_lists)
    legal = np.zeros((len(legal_lists), width), np.int64)
    valid = np.zeros((len(legal_lists), width), bool)
    for i, actions in enumerate(legal_lists):
        legal[i, : len(actions)] = actions
        valid[i, : len(actions)] = True
    if legal.min() < 0 or legal.max() >= NUM_ACTIONS:
        raise ValueError(f"action indices must lie in 0..{NUM_ACTIONS - 1}")
    return legal, valid


class MLPPolicy:
    """obs → ReLU(hidden) → ReLU(hidden) → one logit per action; softmax over the legal ones."""

    def __init__(self, obs_size: int, hidden: int = 128, seed: int = 0,
                 meta: dict[str, Any] | None = None) -> None:
        if obs_size < 1 or hidden < 1:
            raise ValueError("obs_size and hidden must be positive")
        rng = np.random.default_rng(seed)

        def he(fan_in: int, fan_out: int) -> F32:
            return (rng.standard_normal((fan_in, fan_out)) * np.sqrt(2.0 / fan_in)).astype(np.float32)

        self.obs_size = obs_size
        self.hidden = hidden
        self.meta: dict[str, Any] = dict(meta or {})
        self.params: dict[str, F32] = {
            "w1": he(obs_size, hidden),
            "b1": np.zeros(hidden, np.float32),
            "w2": he(hidden, hidden),
            "b2": np.zeros(hidden, np.float32),
            # small output weights: the first policy is close to uniform over legal moves
            "w3": (he(hidden, NUM_ACTIONS) * 0.01).astype(np.float32),
            "b3": np.zeros(NUM_ACTIONS, np.float32),
        }

    # -- forward / backward ---------------------------------------------------------------------

    def _trunk(self, obs: F32) -> tuple[F32, F32, F32]:
        p = self.params
        z1 = obs @ p["w1"] + p["b1"]
        h1 = np.maximum(z1, 0.0)
        z2 = h1 @ p["w2"] + p["b2"]
        h2 = np.maximum(z2, 0.0)
        return h1, h2, z2

    def _legal_logits(self, h2: F32, legal: I64, valid: npt.NDArray[np.bool_]) -> F32:
        w3 = self.params["w3"]
        # (B, K): logit of each listed action; padding gets -inf
        logits = np.einsum("bh,hbk->bk", h2, w3[:, legal]) + self.params["b3"][legal]
        return np.where(valid, logits, -np.inf)

    def log_probs(self, obs: F32, legal: I64, valid: npt.NDArray[np.bool_]) -> F32:
        """``(B, K)`` log-probabilities of the listed legal actions (``-inf`` on padding)."""
        obs = self._check_obs(obs)
        _, h2, _ = self._trunk(obs)
        return _log_softmax(self._legal_logits(h2, legal, valid))

    def loss_and_grads(self, obs: F32, legal: I64, valid: npt.NDArray[np.bool_], chosen: I64,
                       weights: F32 | None = None, entropy: float = 0.0
                       ) -> tuple[float, dict[str, F32]]:
        """Loss ``−mean(w · log π(chosen)) − entropy · mean(H(π))`` and its gradients.

        ``chosen`` holds, per row, the *column* in ``legal`` of the taken action.
        With ``weights`` None (all ones) this is behaviour cloning's cross-entropy;
        with advantages as weights it is the REINFORCE policy-gradient loss.
        """
        obs = self._check_obs(obs)
        batch = obs.shape[0]
        if not (legal.shape == valid.shape and legal.shape[0] == batch == chosen.shape[0]):
            raise ValueError("obs, legal, valid and chosen must describe the same batch")
        if not valid[np.arange(batch), chosen].all():
            raise ValueError("a chosen action is not among the row's legal actions")
        w = np.ones(batch, obs.dtype) if weights is None else np.asarray(weights, obs.dtype)
        p = self.params
        h1, h2, z2 = self._trunk(obs)
        logp = _log_softmax(self._legal_logits(h2, legal, valid))
        prob = np.where(valid, np.exp(logp), 0.0)
        rows = np.arange(batch)
        picked = logp[rows, chosen]
        safe_logp = np.where(valid, logp, 0.0)
        ent = -(prob * safe_logp).sum(axis=1)
        loss = float(-(w * picked).mean() - entropy * ent.mean())
        # d loss / d logits, per listed action
        onehot = np.zeros_like(prob)
        onehot[rows, chosen] = 1.0
        dlogits = (w[:, None] * (prob - onehot)) / batch
        if entropy:
            # dH/dz_j = −p_j (log p_j + H)
            dlogits += entropy * prob * (safe_logp + ent[:, None]) / batch
        dlogits = np.where(valid, dlogits, 0.0)
        grads: dict[str, F32] = {}
        # scatter-add each listed action's gradient into its output column: sort the
        # action indices and sum runs of equal ones (np.add.at is far slower)
        flat = legal.ravel()
        order = np.argsort(flat, kind="stable")
        flat_sorted = flat[order]
        starts = np.flatnonzero(np.r_[True, flat_sorted[1:] != flat_sorted[:-1]])
        actions = flat_sorted[starts]
        contrib = (dlogits[:, :, None] * h2[:, None, :]).reshape(-1, self.hidden)[order]
        dw3 = np.zeros((self.hidden, NUM_ACTIONS), obs.dtype)
        dw3[:, actions] = np.add.reduceat(contrib, starts, axis=0).T
        grads["w3"] = dw3
        db3 = np.zeros(NUM_ACTIONS, obs.dtype)
        db3[actions] = np.add.reduceat(dlogits.ravel()[order], starts)
        grads["b3"] = db3
        dh2 = np.einsum("bk,hbk->bh", dlogits, p["w3"][:, legal])
        dz2 = dh2 * (z2 > 0)
        grads["w2"] = h1.T @ dz2
        grads["b2"] = dz2.sum(axis=0)
        dh1 = dz2 @ p["w2"].T
        dz1 = dh1 * (h1 > 0)
        grads["w1"] = obs.T @ dz1
        grads["b1"] = dz1.sum(axis=0)
        return loss, {k: v.astype(self.params[k].dtype) for k, v in grads.items()}

    def act(self, obs: F32, legal: Sequence[int], rng: np.random.Generator | None = None) -> int:
        """The column in ``legal`` to play: sampled from π with ``rng``, else the most likely."""
        idx, valid = pad_legal([legal])
        logp = self.log_probs(obs[None, :], idx, valid)[0]
        if rng is None:
            return int(np.argmax(logp))
        prob = np.exp(logp - logp.max())
        prob /= prob.sum()
        return int(rng.choice(len(legal), p=prob))

    def _check_obs(self, obs: F32) -> F32:
        obs = np.asarray(obs, self.params["w1"].dtype)
        if obs.ndim != 2 or obs.shape[1] != self.obs_size:
            raise ValueError(
                f"observations must have shape (batch, {self.obs_size}), got {obs.shape}"
            )
        return obs

    # -- persistence ----------------------------------------------------------------------------

    def copy(self) -> MLPPolicy:
        other = MLPPolicy.__new__(MLPPolicy)
        other.obs_size, other.hidden, other.meta = self.obs_size, self.hidden, dict(self.meta)
        other.params = {k: v.copy() for k, v in self.params.items()}
        return other

    def save(self, path: str | Path) -> None:
        """Write the weights and ``meta`` (game, players, options, …) to an ``.npz``."""
        np.savez_compressed(path, **self.params, meta=np.array(json.dumps(self.meta)))

    @classmethod
    def load(cls, path: str | Path) -> MLPPolicy:
        with np.load(path) as data:
            missing = [k for k in (*PARAMS, "meta") if k not in data]
            if missing:
                raise ValueError(f"{path}: not a policy file (missing {', '.join(missing)})")
            params = {k: data[k].astype(np.float32) for k in PARAMS}
            meta = json.loads(str(data["meta"]))
        obs_size, hidden = params["w1"].shape
        if params["w3"].shape != (hidden, NUM_ACTIONS):
            raise ValueError(f"{path}: output layer has shape {params['w3'].shape}, "
                             f"expected ({hidden}, {NUM_ACTIONS})")
        policy = cls.__new__(cls)
        policy.obs_size, policy.hidden, policy.meta, policy.params = obs_size, hidden, meta, params
        return policy


def _log_softmax(logits: F32) -> F32:
    top = logits.max(axis=1, keepdims=True)
    shifted = logits - top
    return shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))


class Adam:
    """Adam (Kingma & Ba) with global-norm gradient clipping, over a policy's parameters."""

    def __init__(self, params: dict[str, F32], lr: float = 1e-3, betas: tuple[float, float] = (0.9, 0.999),
                 eps: float = 1e-8, clip: float | None = 5.0) -> None:
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


class PolicyAgent(Agent):
    """Plays an ``MLPPolicy`` from a seat's view: the most likely legal move (or a sample)."""

    name: ClassVar[str] = "policy"
    description: ClassVar[str] = "small MLP policy trained by behaviour cloning and self-play"

    def __init__(self, policy: MLPPolicy, sample: bool = False) -> None:
        self.policy = policy
        self.sample = sample

    def choose(
        self,
        view: PlayerView,
        legal: Sequence[str],
        rng: random.Random,
        budget: float | None = None,
    ) -> str:
        if not legal:
            raise ValueError("no legal move to choose from")
        if len(legal) == 1:
            return legal[0]
        config = config_for_view(view)
        obs = encode_view(view, config)
        if obs.size != self.policy.obs_size:
            raise ValueError(
                f"this policy reads {self.policy.obs_size}-entry observations but "
                f"{view.game} with {view.players} players gives {obs.size}"
            )
        actions = [move_to_action(move, config) for move in legal]
        gen = np.random.default_rng(rng.getrandbits(64)) if self.sample else None
        return legal[self.policy.act(obs, actions, gen)]


@contextlib.contextmanager
def registered(policy: MLPPolicy, name: str = "policy", sample: bool = False) -> Iterator[None]:
    """Make ``name`` a registered agent (``hanafuda.agents.AGENTS``) that plays ``policy``.

    The arena builds agents by name with no arguments, so the policy is bound to a
    subclass here.  Runs with ``workers > 1`` rely on forked worker processes
    inheriting the registry (the default start method on Linux).
    """
    if name in AGENTS:
        raise ValueError(f"agent name {name!r} is already taken")

    class BoundPolicyAgent(PolicyAgent):
        def __init__(self) -> None:
            super().__init__(policy, sample)

    BoundPolicyAgent.name = name
    AGENTS[name] = BoundPolicyAgent
    try:
        yield
    finally:
        del AGENTS[name]
