"""Deep Monte-Carlo self-play on the batch simulator: how the shipped Q networks are made.

Every seat of B rounds is played by the current network (ε-greedy over its compact legal
moves, ``BatchSim.legal_list``); each decision with a real choice is recorded as
(observation, chosen move's features) from the deciding seat's view only
(``agents.learned.features``), and labelled, when the round ends, with that seat's round
margin (its side's score minus the mean of the other sides', RULES.md §4) over the
network's ``scale``.  The network then regresses Q on those returns (mean squared error,
Adam).  Repeat.  Everything is seeded: the same command gives the same weights (up to the
floating-point order of the BLAS used).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..agents.learned.features import (
    SeatState,
    encode_candidates,
    encode_observations,
)
from ..agents.learned.network import QNetwork, init_network
from ..batch import BatchSim
from ..batch.sim import PHASE_TAKE

__all__ = ["TrainSettings", "TrainReport", "batch_seat_state", "choose_moves", "train_network"]

Float = npt.NDArray[np.float32]
Int = npt.NDArray[np.int64]
U64 = np.uint64


def batch_seat_state(sim: BatchSim, rows: Int) -> SeatState:
    """What the seat to move in each of ``rows`` knows: the batch twin of
    ``seat_state_from_view`` (the agreement test checks they are equal)."""
    seat = sim.seat[rows]
    cfg = sim.config
    side_of = np.array(cfg.side_of)
    side = side_of[seat]
    players = cfg.players
    others = np.arange(players)[None, :] != seat[:, None]  # (R, players)
    exposed = np.where(others, sim.exposed[rows], U64(0))
    exposed_others = np.bitwise_or.reduce(exposed, axis=1)
    hidden = np.where(others, np.bitwise_count(sim.hands[rows] & ~sim.exposed[rows]), 0)
    other_sides = np.arange(cfg.num_sides)[None, :] != side[:, None]
    other_caps = np.bitwise_or.reduce(np.where(other_sides, sim.captures[rows], U64(0)), axis=1)
    other_declared = np.bitwise_or.reduce(np.where(other_sides, sim.declared[rows], 0), axis=1)
    take = sim.phase[rows] == PHASE_TAKE
    return SeatState(
        hand=sim.hands[rows, seat],
        field=sim.field[rows],
        exposed_others=exposed_others,
        own_captures=sim.captures[rows, side],
        other_captures=other_caps,
        discard=sim.discard[rows],
        pending=np.where(take, sim.pending[rows], 48),
        pending_targets=np.where(take, sim.pending_targets[rows], U64(0)),
        phase=sim.phase[rows].astype(np.int64),
        stock_left=cfg.stock_size - sim.stock_pos[rows],
        others_hidden=hidden.sum(axis=1).astype(np.int64),
        own_declared=sim.declared[rows, side],
        other_declared=other_declared.astype(np.int64),
        own_calls=sim.koikoi_calls[rows, side],
        other_calls=sim.koikoi_calls[rows].sum(axis=1) - sim.koikoi_calls[rows, side],
    )


def _first_per_row(rows: Int, order_key: Float) -> Int:
    """Index (into the candidates) of the largest ``order_key`` of each row; rows sorted."""
    order = np.lexsort((-order_key, rows))
    first = np.ones(order.size, np.bool_)
    first[1:] = rows[order][1:] != rows[order][:-1]
    result: Int = order[first]
    return result


def choose_moves(
    sim: BatchSim,
    choosers: Mapping[int, Callable[[Float, Float, Int], Float]] | Callable[[Float, Float, Int], Float],
    rng: np.random.Generator,
    epsilon: float = 0.0,
) -> tuple[Int, Int, Float, Float, Int]:
    """One move per running row.  ``choosers`` scores candidates (obs, act, rows) → value,
    either one function for every seat or one per seat.  Returns the compact actions (B,),
    the rows that had a real choice, and their observations, chosen moves' features and
    deciding seats."""
    legal = sim.legal_list()  # the padded list: only the ≤ ~20 legal moves are ever scored
    actions = np.zeros(sim.batch_size, np.int64)
    counts = (legal >= 0).sum(axis=1)
    actions[counts == 1] = legal[counts == 1, 0]
    multi = np.flatnonzero(counts > 1)
    empty = np.zeros((0, 0), np.float32)
    if multi.size == 0:
        return actions, multi, empty, empty, multi
    listed = np.ascontiguousarray(legal[multi])
    cand_row, cand_col = np.nonzero(listed >= 0)
    cand_action = listed[cand_row, cand_col]
    state = batch_seat_state(sim, multi)
    obs = encode_observations(sim.config, state)
    act = encode_candidates(sim.config, sim.compact, state, cand_row, cand_action)
    if callable(choosers):
        value = choosers(obs, act, cand_row)
    else:
        value = np.zeros(cand_row.size, np.float32)
        seats = sim.seat[multi][cand_row]
        for seat, fn in choosers.items():
            pick = np.flatnonzero(seats == seat)
            if pick.size:
                sub_rows = cand_row[pick]
                value[pick] = fn(obs, act[pick], sub_rows)
    noise = rng.random(cand_row.size).astype(np.float32) * 1e-4  # random tie-breaks
    best = _first_per_row(cand_row, value + noise)
    if epsilon > 0:
        explore = rng.random(multi.size) < epsilon
        random_pick = _first_per_row(cand_row, rng.random(cand_row.size).astype(np.float32))
        best = np.where(explore, random_pick, best)
    actions[multi] = cand_action[best]
    return actions, multi, obs, act[best], sim.seat[multi]


def capture_heuristic(obs: Float, act: Float, rows: Int) -> Float:
    """A fixed, vectorised opponent for the training curve: the most points captured now,
    else the least valuable card left on the field (the search bot's rollout policy)."""
    from ..agents.learned.features import NUM_SETS

    s = 101 + NUM_SETS
    result: Float = act[:, s] - act[:, s + 1]
    return result


def margins(scores: Int, side_of: Int) -> Float:
    """(B, players) margin of each seat: its side's score minus the mean of the others'."""
    sides = scores.shape[1]
    own = scores[:, side_of]
    others = (scores.sum(axis=1, keepdims=True) - own) / max(sides - 1, 1)
    result: Float = (own - others).astype(np.float32)
    return result


def play_selfplay(sim: BatchSim, net: QNetwork, rng: np.random.Generator, epsilon: float
                  ) -> tuple[Float, Float, Float]:
    """One batch of self-play rounds: (observations, moves, targets) of every real choice."""
    sim.reset_random(rng, dealer=rng.integers(0, sim.players, sim.batch_size))
    obs_parts, act_parts, row_parts, seat_parts = [], [], [], []
    while not sim.done.all():
        actions, rows, obs, act, seats = choose_moves(sim, net.q, rng, epsilon)
        if rows.size:
            obs_parts.append(obs)
            act_parts.append(act)
            row_parts.append(rows)
            seat_parts.append(seats)
        sim.step_compact(actions)
    margin = margins(sim.scores(), np.array(sim.config.side_of))
    rows = np.concatenate(row_parts)
    seats = np.concatenate(seat_parts)
    target = (margin[rows, seats] / net.scale).astype(np.float32)
    return np.concatenate(obs_parts), np.concatenate(act_parts), target


def evaluate(sim: BatchSim, net: QNetwork, rng: np.random.Generator,
             opponent: Callable[[Float, Float, Int], Float] = capture_heuristic) -> float:
    """Mean margin per round of the network (seat 0 and, on a second pass over the same
    deals, every other seat) against ``opponent`` in the other seats."""
    seed = int(rng.integers(1 << 31))
    total = 0.0
    count = 0
    for seat in range(sim.players):
        deal_rng = np.random.default_rng(seed)
        sim.reset_random(deal_rng, dealer=deal_rng.integers(0, sim.players, sim.batch_size))
        choosers = {s: (net.q if s == seat else opponent) for s in range(sim.players)}
        while not sim.done.all():
            actions, *_ = choose_moves(sim, choosers, deal_rng)
            sim.step_compact(actions)
        margin = margins(sim.scores(), np.array(sim.config.side_of))
        total += float(margin[:, seat].sum())
        count += sim.batch_size
    return total / count


class Adam:
    """Adam on a dict of float32 arrays."""

    def __init__(self, params: dict[str, Float], lr: float) -> None:
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def update(self, params: dict[str, Float], grads: dict[str, Float]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        correction = np.sqrt(1 - b2**self.t) / (1 - b1**self.t)
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            params[k] -= (self.lr * correction * self.m[k] / (np.sqrt(self.v[k]) + 1e-8)).astype(
                np.float32)


def regression_step(net: QNetwork, opt: Adam, obs: Float, act: Float, target: Float) -> float:
    """One Adam step of mean squared error between Q and the Monte-Carlo targets."""
    p = net.params
    n = obs.shape[0]
    rows = np.arange(n)
    z1, h1, h2 = net.hidden(obs, act, rows)
    z2 = h1 @ p["w2"] + p["b2"]
    q = (h2 @ p["w3"] + p["b3"]).ravel()
    err = q - target
    loss = float(np.mean(err * err))
    dq = (2.0 / n) * err[:, None].astype(np.float32)
    grads = {"w3": h2.T @ dq, "b3": dq.sum(axis=0)}
    dz2 = (dq @ p["w3"].T) * (z2 > 0)
    grads["w2"] = h1.T @ dz2
    grads["b2"] = dz2.sum(axis=0)
    dz1 = (dz2 @ p["w2"].T) * (z1 > 0)
    grads["w_obs"] = obs.T @ dz1
    grads["w_act"] = act.T @ dz1
    grads["b1"] = dz1.sum(axis=0)
    opt.update(p, {k: v.astype(np.float32) for k, v in grads.items()})
    return loss


@dataclass
class TrainSettings:
    """How to train.  ``players`` … ``max_players`` (default: ``players`` alone) are the player
    counts self-play cycles through, one batch each in turn, so that one network serves them
    all (the observation carries the player and side counts); ``options`` apply to every
    count (Kwa-Dō ``teams`` fixes one)."""

    game: str
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    rounds: int = 200_000
    batch: int = 512
    seed: int = 0
    epsilon: float = 0.1
    lr: float = 1e-3
    minibatch: int = 1024
    hidden: tuple[int, int] = (128, 64)
    scale: float = 100.0
    eval_every: int = 20
    eval_batch: int = 256
    max_minutes: float | None = None
    max_players: int | None = None

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts trained on, smallest first."""
        top = self.players if self.max_players is None else self.max_players
        if top < self.players:
            raise ValueError(f"the player counts {self.players}-{top} are not a range")
        return tuple(range(self.players, top + 1))


@dataclass
class TrainReport:
    network: QNetwork
    curve: list[tuple[int, float, float]]  # (rounds played, mean loss, margin vs heuristic)
    rounds: int
    seconds: float


def train_network(settings: TrainSettings,
                  progress: Callable[[int, int, float | None], None] | None = None) -> TrainReport:
    """Deep Monte-Carlo self-play for ``settings.rounds`` rounds (see the module docstring)."""
    rng = np.random.default_rng(settings.seed)
    counts = settings.player_counts
    sims = [BatchSim(settings.game, n, settings.batch, settings.options) for n in counts]
    eval_sims = [BatchSim(settings.game, n, settings.eval_batch, settings.options) for n in counts]
    config = sims[0].config
    meta = {
        "game": config.game.id, "players": settings.players, "player_counts": list(counts),
        "teams": config.num_sides < config.players,
        "options": dict(config.given_options), "scale": settings.scale,
        "method": "deep Monte-Carlo self-play (Q(o, a), round margin target, MSE, Adam)",
        "settings": {k: v for k, v in vars(settings).items() if k != "options"},
    }
    net = init_network(rng, settings.hidden, meta)
    opt = Adam(net.params, settings.lr)
    iterations = max(1, settings.rounds // settings.batch)
    curve: list[tuple[int, float, float]] = []
    start = time.perf_counter()
    losses: list[float] = []
    played = 0

    def checkpoint() -> float:
        """A curve point: the mean margin over the player counts, each on the same deals."""
        margin = float(np.mean([evaluate(s, net, np.random.default_rng(settings.seed + 1))
                                for s in eval_sims]))
        curve.append((played, float(np.mean(losses)), margin))
        losses.clear()
        return margin

    for it in range(iterations):
        obs, act, target = play_selfplay(sims[it % len(sims)], net, rng, settings.epsilon)
        order = rng.permutation(obs.shape[0])
        for lo in range(0, order.size, settings.minibatch):
            pick = order[lo : lo + settings.minibatch]
            losses.append(regression_step(net, opt, obs[pick], act[pick], target[pick]))
        played += settings.batch
        margin: float | None = None
        if (it + 1) % settings.eval_every == 0 or it == iterations - 1:
            margin = checkpoint()
        if progress is not None:
            progress(played, iterations * settings.batch, margin)
        if settings.max_minutes is not None and time.perf_counter() - start > 60 * settings.max_minutes:
            if losses:  # the curve ends where training stopped
                checkpoint()
            break
    seconds = time.perf_counter() - start
    net.meta["rounds_played"] = played
    net.meta["train_seconds"] = round(seconds, 1)
    net.meta["curve"] = [[r, round(loss, 5), round(m, 3)] for r, loss, m in curve]
    return TrainReport(net, curve, played, seconds)
