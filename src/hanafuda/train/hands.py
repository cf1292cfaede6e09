"""Train the hand-inference model (``agents.learned.inference``) from self-play rounds.

    python -m hanafuda.train.hands GAME [--players 2] [--rounds 1500] [--seed 0] [--out FILE]

Plays ``rounds`` seeded rounds in which every seat is ``greedy``, ``strong`` (40 rollouts)
or ``policy`` (chosen per seat and round from the seed; one move in twenty is random): the
model learns how much the evidence says over the kinds of players the bots meet (``greedy``
almost never declines a capture; ``strong`` often does).  At every decision with a real
choice it records, from the deciding seat's view only, the features of each (other seat,
unseen card) and whether the card is really in that hand.  A logistic model is fitted by
Newton's method (L2 1e-3) on the first 80% of the rounds; the last 20% are held out and the
log-likelihood per card against the uniform prior (each unseen card equally likely in each
hidden slot) is printed and stored in the file's record.  Seeded: the same command makes
the same file.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..agents import StrongAgent, make_agent
from ..agents.learned.inference import (
    FEATURE_NAMES,
    HAND_FEATURES_VERSION,
    HandModel,
    hand_features,
    hands_weights_path,
)
from ..engine.deal import deal_from_rng
from ..records import Match
from ..rules import configure

__all__ = ["HandsReport", "collect", "fit_logistic", "log_likelihoods", "main", "train_hands"]

Float = npt.NDArray[np.float64]
RANDOM_MOVE_RATE = 0.05
SEAT_KINDS = ("greedy", "strong", "policy")
STRONG_ROLLOUTS = 40
HELD_OUT = 0.2


def collect(game: str, players: int, rounds: int, seed: int,
            progress: Any = None) -> tuple[Float, Float, npt.NDArray[np.int64]]:
    """Features, labels (1: the card is in that hand) and the round index of every row."""
    config = configure(game, players, {})
    agents = {"greedy": make_agent("greedy"), "policy": make_agent("policy"),
              "strong": StrongAgent(iterations=STRONG_ROLLOUTS, time_limit=None)}
    xs: list[Float] = []
    ys: list[Float] = []
    ids: list[npt.NDArray[np.int64]] = []
    for i in range(rounds):
        rng = random.Random(f"hands:{seed}:{i}")
        deal = deal_from_rng(config, 0, random.Random(f"hands-deal:{seed}:{i}"))
        match = Match(game, players, config=config, deal=deal)
        seating = [agents[rng.choice(SEAT_KINDS)] for _ in range(players)]
        while match.to_move is not None:
            seat = match.to_move
            view = match.view(seat)
            legal = view.legal
            if len(legal) > 1 and view.phase != "teyaku":
                seats, cards, feats = hand_features(view, config)
                if seats:
                    hands = match.current.hands
                    label = np.array([[hands[s] >> c & 1 for c in cards] for s in seats],
                                     np.float64)
                    xs.append(feats.reshape(-1, feats.shape[-1]))
                    ys.append(label.ravel())
                    ids.append(np.full(label.size, i, np.int64))
            if len(legal) > 1 and rng.random() < RANDOM_MOVE_RATE:
                move = legal[rng.randrange(len(legal))]
            else:
                move = seating[seat].choose(view, legal, rng)
            match.play(move)
        if progress is not None:
            progress(i + 1)
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(ids)


def fit_logistic(x: Float, y: Float, l2: float = 1e-3, steps: int = 25) -> Float:
    """Newton's method on the mean log-loss plus ``l2``·|w|²/2 (no penalty on the prior's
    log-odds, which starts at weight 1)."""
    n, k = x.shape
    w = np.zeros(k)
    w[0] = 1.0
    penalty = np.full(k, l2)
    penalty[0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) / n + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x / n + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-7:
            break
    return w


def log_likelihoods(coef: Float, x: Float, y: Float) -> tuple[float, float]:
    """Mean log-likelihood per (seat, card) of the model and of the uniform prior (nats)."""
    def ll(logit: Float) -> float:
        p = 1.0 / (1.0 + np.exp(-np.clip(logit, -30, 30)))
        p = np.clip(p, 1e-12, 1 - 1e-12)
        return float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return ll(x @ coef), ll(x[:, 0])


@dataclass
class HandsReport:
    model: HandModel
    rows: int
    held_out_ll: float
    uniform_ll: float
    seconds: float


def train_hands(game: str, players: int = 2, rounds: int = 1500, seed: int = 0,
                progress: Any = None) -> HandsReport:
    """Collect, fit on the first 80% of rounds, score the rest; the model's record says how."""
    start = time.perf_counter()
    x, y, ids = collect(game, players, rounds, seed, progress)
    cut = int(rounds * (1 - HELD_OUT))
    train = ids < cut
    test = ~train if (~train).any() else train
    coef = fit_logistic(x[train], y[train])
    model_ll, uniform_ll = log_likelihoods(coef, x[test], y[test])
    meta = {
        "game": game, "players": players, "rounds": rounds, "seed": seed,
        "features_version": HAND_FEATURES_VERSION, "features": list(FEATURE_NAMES),
        "rows": int(x.shape[0]), "held_out_rounds": int(rounds - cut),
        "held_out_log_likelihood": model_ll, "uniform_log_likelihood": uniform_ll,
        "command": f"python -m hanafuda.train.hands {game} --players {players} "
                   f"--rounds {rounds} --seed {seed}",
        "how": "self-play rounds of greedy/strong@40/policy seats (5% random moves); logistic "
               "regression by Newton's method on 80% of rounds, scored on the rest",
        "versions": {"python": platform.python_version(), "numpy": np.__version__},
    }
    return HandsReport(HandModel(coef, meta), int(x.shape[0]), model_ll, uniform_ll,
                       time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    parser = argparse.ArgumentParser(prog="python -m hanafuda.train.hands", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", "-n", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.rounds < 5:
        parser.error("--rounds must be at least 5")
    out = args.out if args.out is not None else hands_weights_path(args.game)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("rounds"), TimeElapsedColumn())
    with Progress(*columns, disable=args.quiet) as bar:
        task = bar.add_task(f"hands {args.game} {args.players}p", total=args.rounds)
        report = train_hands(args.game, args.players, args.rounds, args.seed,
                             lambda done: bar.update(task, completed=done))
    out.parent.mkdir(parents=True, exist_ok=True)
    report.model.save(out)
    print(json.dumps({"file": str(out), "rows": report.rows,
                      "held_out_log_likelihood": round(report.held_out_ll, 5),
                      "uniform_log_likelihood": round(report.uniform_ll, 5),
                      "coef": dict(zip(FEATURE_NAMES, np.round(report.model.coef, 4).tolist(),
                                       strict=True)),
                      "seconds": round(report.seconds, 1)}, indent=1))


if __name__ == "__main__":
    main()
