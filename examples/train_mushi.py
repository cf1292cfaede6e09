"""Train a small NumPy policy for Mushi: behaviour cloning of a bot, then self-play REINFORCE.

    python examples/train_mushi.py                  # the full run (a few minutes on 2 cores)
    python examples/train_mushi.py --quick          # a seconds-long smoke run
    python examples/train_mushi.py --help           # every knob

Stages:

1. **Demonstrations.**  The teacher bot (``greedy`` by default, or ``strong`` with a
   reduced, deterministic iteration budget) plays every seat of single-round deals;
   each decision with more than one legal move becomes a sample: what the seat
   knows, its legal moves (``candidate_policy.Decision``) and the teacher's choice.
2. **Behaviour cloning.**  ``CandidatePolicy`` (candidate_policy.py: the shipped
   ``policy`` bot's network, its move scores read as logits) is fitted with Adam to
   the teacher's choices: cross-entropy of a softmax over the legal moves only.
3. **Policy gradient.**  REINFORCE on the round score of the learner's side.  Each
   deal is played twice by the same seats (same cards, fresh samples from the
   policy), and each play's advantage is its score minus the other play's: a
   leave-one-out baseline that cancels most of the luck of the deal.  Opponents
   alternate between the random bot and a frozen, periodically refreshed copy of
   the learner (self-play).
4. **Evaluation** with ``hanafuda.agents.arena.run_arena``: duplicate deals (every deal
   played from both seats), mean margin per deal with its 95% CI, and win rate,
   against random and (for information) greedy, for the cloned and the final policy.

The weights go to ``--out`` (``.npz``) in the format of the shipped baselines, so
``make_agent("policy:PATH")``, ``hanafuda arena --agents policy:PATH,…`` and the envs'
``opponent="policy:PATH"`` play them; the cloned network goes beside it (``…-cloned.npz``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

# The matrices here are small: one BLAS thread is faster than several, and on a
# shared machine several threads can be an order of magnitude slower.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from candidate_policy import Adam, CandidatePolicy, Decision, Decisions, decision_from_view

from hanafuda import Match
from hanafuda.agents import Agent, GreedyAgent, RandomAgent, StrongAgent
from hanafuda.agents.arena import run_arena
from hanafuda.engine.deal import deal_from_rng
from hanafuda.rules import Config, configure

F32 = npt.NDArray[np.float32]
OPPONENTS = ("random", "greedy", "self")


@dataclass
class Samples:
    """Decisions (what the seat knew, its legal moves) and the chosen column of each."""

    decisions: list[Decision] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.chosen)

    def add(self, decision: Decision, chosen: int) -> None:
        self.decisions.append(decision)
        self.chosen.append(chosen)

    def batch(self, config: Config, rows: Sequence[int] | npt.NDArray[np.int64]
              ) -> tuple[Decisions, npt.NDArray[np.int64]]:
        """The decisions ``rows`` encoded for the network, and their chosen columns."""
        batch = Decisions.encode(config, [self.decisions[i] for i in rows])
        return batch, np.array([self.chosen[i] for i in rows], np.int64)


def make_deal_match(config: Config, seed: str) -> Match:
    """A single-round match on the deal seeded by ``seed`` (dealer drawn from it too)."""
    rng = random.Random(seed)
    deal = deal_from_rng(config, rng.randrange(config.players), rng)
    return Match(config.game.id, config.players, config=config, deal=deal)


# -- 1. demonstrations ---------------------------------------------------------------------------


def make_teacher(name: str, iterations: int) -> Agent:
    if name == "greedy":
        return GreedyAgent()
    if name == "strong":
        return StrongAgent(iterations=iterations, time_limit=None)  # deterministic budget
    raise ValueError(f"unknown teacher {name!r}; teachers are: greedy, strong")


def collect_demonstrations(config: Config, teacher: Agent, rounds: int, seed: int) -> Samples:
    """The teacher plays every seat of ``rounds`` deals; its non-forced decisions are kept."""
    samples = Samples()
    for r in range(rounds):
        match = make_deal_match(config, f"demo:{seed}:{r}")
        rng = random.Random(f"demo-agent:{seed}:{r}")
        while match.to_move is not None:
            view = match.view(match.to_move)
            move = teacher.choose(view, view.legal, rng)
            if len(view.legal) > 1:
                samples.add(decision_from_view(view, config), view.legal.index(move))
            match.play(move)
    return samples


# -- 2. behaviour cloning ------------------------------------------------------------------------


def dataset_loss(policy: CandidatePolicy, config: Config, data: Samples,
                 rows: npt.NDArray[np.int64]) -> tuple[float, float]:
    """Mean cross-entropy and accuracy (most likely move = teacher's move) over ``rows``."""
    total, hits = 0.0, 0
    for start in range(0, len(rows), 2048):
        batch, chosen = data.batch(config, rows[start:start + 2048])
        logp = policy.log_probs(batch)
        pick = batch.chosen_index(chosen)
        total += float(-logp[pick].sum())
        best = np.maximum.reduceat(logp, batch.starts)
        hits += int((logp[pick] >= best).sum())
    return total / len(rows), hits / len(rows)


def behaviour_cloning(policy: CandidatePolicy, config: Config, data: Samples, epochs: int,
                      batch: int, lr: float, seed: int, log: Any) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(data))
    held = max(1, len(data) // 10)
    valid_rows, train_rows = order[:held], order[held:]
    opt = Adam(policy.params, lr=lr)
    start_loss, start_acc = dataset_loss(policy, config, data, train_rows)
    history = {"train_loss": [start_loss], "train_acc": [start_acc]}
    val_loss, val_acc = dataset_loss(policy, config, data, valid_rows)
    history["val_loss"], history["val_acc"] = [val_loss], [val_acc]
    log(f"  epoch 0: train loss {start_loss:.3f} (acc {start_acc:.1%}), "
        f"held-out loss {val_loss:.3f} (acc {val_acc:.1%})")
    for epoch in range(1, epochs + 1):
        rng.shuffle(train_rows)
        for start in range(0, len(train_rows), batch):
            decisions, chosen = data.batch(config, train_rows[start:start + batch])
            _, grads = policy.loss_and_grads(decisions, chosen)
            opt.step(grads)
        tr_loss, tr_acc = dataset_loss(policy, config, data, train_rows)
        val_loss, val_acc = dataset_loss(policy, config, data, valid_rows)
        for key, value in (("train_loss", tr_loss), ("train_acc", tr_acc),
                           ("val_loss", val_loss), ("val_acc", val_acc)):
            history[key].append(value)
        log(f"  epoch {epoch}: train loss {tr_loss:.3f} (acc {tr_acc:.1%}), "
            f"held-out loss {val_loss:.3f} (acc {val_acc:.1%})")
    return history


# -- 3. policy gradient --------------------------------------------------------------------------


def play_learner_round(config: Config, match: Match, learner_seat: int, policy: CandidatePolicy,
                       opponent: CandidatePolicy | Agent, learner_gen: np.random.Generator,
                       opponent_gen: np.random.Generator, opponent_rng: random.Random,
                       out: Samples) -> float:
    """Finish ``match``'s round with the learner at one seat (sampling); return its side's score.

    The learner samples with ``learner_gen``; a policy opponent samples with
    ``opponent_gen`` and a bot opponent gets ``opponent_rng``.
    """
    while match.to_move is not None:
        seat = match.to_move
        actions = match.legal_actions()
        if len(actions) == 1:
            match.apply(actions[0])
            continue
        view = match.view(seat)
        if seat == learner_seat:
            decision = decision_from_view(view, config, actions)
            col = policy.act(config, decision, learner_gen)
            out.add(decision, col)
            match.apply(actions[col])
        elif isinstance(opponent, CandidatePolicy):
            decision = decision_from_view(view, config, actions)
            match.apply(actions[opponent.act(config, decision, opponent_gen)])
        else:
            match.play(opponent.choose(view, view.legal, opponent_rng))
    result = match.current.result
    assert result is not None
    return float(result.scores[config.side_of[learner_seat]])


def policy_gradient(policy: CandidatePolicy, config: Config, deals: int, deals_per_update: int,
                    plays: int, opponents: Sequence[str], snapshot_every: int, lr: float,
                    entropy: float, seed: int, log: Any) -> dict[str, Any]:
    """REINFORCE with a leave-one-out baseline over ``plays`` plays of each deal.

    The plays of a deal share the cards *and* the opponents' random numbers, so
    they differ only where the learner's own sampled moves differ: a play's
    advantage (its score minus the mean of the other plays) measures what the
    learner's choices were worth, not the luck of the deal.
    """
    if plays < 2:
        raise ValueError("the leave-one-out baseline needs at least 2 plays per deal")
    learner_gen = np.random.default_rng(seed)
    opt = Adam(policy.params, lr=lr, clip=1.0)
    bots: dict[str, Agent] = {"random": RandomAgent(), "greedy": GreedyAgent()}
    frozen = policy.copy()
    updates = max(1, deals // deals_per_update)
    history: dict[str, list[float]] = {"mean_score": []}
    window: dict[str, list[float]] = {kind: [] for kind in OPPONENTS}
    for update in range(updates):
        batch = Samples()
        weights: list[float] = []
        scores: list[float] = []
        for d in range(deals_per_update):
            index = update * deals_per_update + d
            kind = opponents[index % len(opponents)]
            opponent = frozen if kind == "self" else bots[kind]
            learner_seat = index % config.players
            results: list[tuple[Samples, float]] = []
            for _ in range(plays):
                match = make_deal_match(config, f"rl:{seed}:{index}")
                part = Samples()
                score = play_learner_round(
                    config, match, learner_seat, policy, opponent, learner_gen,
                    np.random.default_rng([seed, index]), random.Random(f"rl-opp:{seed}:{index}"),
                    part,
                )
                results.append((part, score))
            total = sum(score for _, score in results)
            for part, score in results:
                advantage = score - (total - score) / (plays - 1)
                for decision, col in zip(part.decisions, part.chosen, strict=True):
                    batch.add(decision, col)
                    weights.append(advantage)
                scores.append(score)
                window[kind].append(score)
        if len(batch):
            w = np.array(weights, np.float32)
            scale = float(w.std()) or 1.0
            decisions, chosen = batch.batch(config, np.arange(len(batch)))
            _, grads = policy.loss_and_grads(decisions, chosen, w / scale, entropy)
            opt.step(grads)
        history["mean_score"].append(float(np.mean(scores)))
        if (update + 1) % snapshot_every == 0:
            frozen = policy.copy()
        if (update + 1) % max(1, updates // 5) == 0 or update + 1 == updates:
            msg = []
            for kind in OPPONENTS:
                if window[kind]:
                    mean = float(np.mean(window[kind]))
                    history.setdefault(f"vs_{kind}", []).append(mean)
                    msg.append(f"vs {kind} {mean:+.1f}")
                window[kind] = []
            log(f"  update {update + 1}/{updates} ({(update + 1) * deals_per_update} deals): "
                f"mean learner score {', '.join(msg)}")
    return history


# -- 4. evaluation -------------------------------------------------------------------------------


def evaluate(weights: dict[str, Path], config: Config, pairings: Sequence[tuple[str, str]],
             deals: int, seed: int) -> list[dict[str, Any]]:
    """Each pairing ``(a, b)`` in the arena: ``deals`` duplicate deals, margin of ``a`` over ``b``.

    A label in ``weights`` plays as the agent ``policy:FILE``; any other is a bot name.
    """
    def agent(label: str) -> str:
        return f"policy:{weights[label]}" if label in weights else label

    rows = []
    for first, other in pairings:
        res = run_arena(config.game.id, config.players, [agent(first), agent(other)], deals=deals,
                        seed=seed, options=dict(config.given_options))
        mean, lo, hi = res.margins[f"{agent(first)} − {agent(other)}"]
        me = res.results[0]
        rows.append({
            "policy": first, "opponent": other, "deals": deals,
            "margin": mean, "margin_ci95": [lo, hi],
            "win_rate": me.win_rate, "win_ci95": list(me.win_ci),
            "mean_score": me.mean_score,
        })
    return rows


def results_table(rows: Sequence[dict[str, Any]]) -> str:
    lines = [f"{'policy':<12} {'vs':<8} {'deals':>6} {'margin/deal':>12} {'95% CI':>18} "
             f"{'win rate':>9} {'95% CI':>17}"]
    for r in rows:
        lo, hi = r["margin_ci95"]
        wlo, whi = r["win_ci95"]
        lines.append(
            f"{r['policy']:<12} {r['opponent']:<8} {r['deals']:>6} {r['margin']:>+12.2f} "
            f"[{lo:>+7.2f}, {hi:>+7.2f}] {r['win_rate']:>8.1%} [{wlo:>6.1%}, {whi:>6.1%}]"
        )
    return "\n".join(lines)


# -- the command line ----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--game", default="mushi", help="min-hwatu, hana-awase, kwa-do, hawaiifuda, mushi")
    ap.add_argument("--players", type=int, default=2, help="player count")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                    help="a game option, e.g. five_brights=false (value parsed as JSON)")
    ap.add_argument("--seed", type=int, default=0, help="seeds deals, initial weights and sampling")
    ap.add_argument("--quick", action="store_true", help="a seconds-long smoke run")
    ap.add_argument("--teacher", choices=("greedy", "strong"), default="greedy",
                    help="the bot whose moves are cloned")
    ap.add_argument("--teacher-iterations", type=int, default=100,
                    help="rollouts per decision of the strong teacher")
    ap.add_argument("--demo-rounds", type=int, default=3000,
                    help="deals the teacher plays (all seats) for the demonstrations")
    ap.add_argument("--hidden", type=int, default=128, help="units in each of the two hidden layers")
    ap.add_argument("--bc-epochs", type=int, default=6, help="behaviour-cloning epochs")
    ap.add_argument("--bc-batch", type=int, default=256, help="behaviour-cloning batch size")
    ap.add_argument("--bc-lr", type=float, default=1e-3, help="behaviour-cloning Adam learning rate")
    ap.add_argument("--rl-deals", type=int, default=2000,
                    help="deals of policy-gradient training (each played --rl-plays times); 0 skips it")
    ap.add_argument("--rl-batch", type=int, default=64, help="deals per policy-gradient update")
    ap.add_argument("--rl-plays", type=int, default=2,
                    help="plays of each deal (leave-one-out baseline; at least 2)")
    ap.add_argument("--rl-lr", type=float, default=2e-4, help="policy-gradient Adam learning rate")
    ap.add_argument("--entropy", type=float, default=0.0, help="entropy bonus of the policy gradient")
    ap.add_argument("--opponents", default="random,self",
                    help="policy-gradient opponents, cycled per deal: random, greedy, self")
    ap.add_argument("--snapshot-every", type=int, default=10,
                    help="updates between refreshes of the frozen self-play opponent")
    ap.add_argument("--eval-deals", type=int, default=500,
                    help="duplicate deals per evaluation pairing (arena)")
    ap.add_argument("--out", default=argparse.SUPPRESS,
                    help="where to save the weights (default: GAME_policy.npz)")
    ap.add_argument("--json", help="also write the results as JSON here")
    args = ap.parse_args(argv)
    if args.quick:
        args.demo_rounds = min(args.demo_rounds, 60)
        args.bc_epochs = min(args.bc_epochs, 8)
        args.bc_batch = min(args.bc_batch, 64)
        args.rl_deals = min(args.rl_deals, 32)
        args.rl_batch = min(args.rl_batch, 8)
        args.eval_deals = min(args.eval_deals, 20)
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    bad = [o for o in opponents if o not in OPPONENTS]
    if bad or not opponents:
        ap.error(f"--opponents takes {', '.join(OPPONENTS)}, got {args.opponents!r}")
    args.opponents = opponents
    for name in ("demo_rounds", "bc_epochs", "bc_batch", "rl_batch", "eval_deals", "hidden",
                 "snapshot_every", "teacher_iterations"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.rl_plays < 2:
        ap.error("--rl-plays must be at least 2")
    if args.rl_deals < 0:
        ap.error("--rl-deals must not be negative")
    return args


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"--option needs KEY=VALUE, got {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    try:
        config = configure(args.game, args.players, parse_options(args.option))
    except ValueError as exc:  # unknown game, bad player count or option: the engine's message
        raise SystemExit(f"train_mushi.py: error: {exc}") from None
    log = print
    times: dict[str, float] = {}
    t_all = time.perf_counter()
    label = f"{config.game.id}, {config.players} players"

    t = time.perf_counter()
    teacher = make_teacher(args.teacher, args.teacher_iterations)
    log(f"[1/4] {label}: {args.teacher} teacher plays {args.demo_rounds} deals …")
    demos = collect_demonstrations(config, teacher, args.demo_rounds, args.seed)
    times["demonstrations"] = time.perf_counter() - t
    log(f"      {len(demos)} decisions in {times['demonstrations']:.1f} s")

    t = time.perf_counter()
    meta = {"game": config.game.id, "players": config.players,
            "options": dict(config.given_options), "teacher": args.teacher, "seed": args.seed}
    policy = CandidatePolicy.new(args.hidden, args.seed, meta)
    log(f"[2/4] behaviour cloning: {args.bc_epochs} epochs, MLP (observation, move)→"
        f"{args.hidden}→{args.hidden}→score per legal move")
    bc = behaviour_cloning(policy, config, demos, args.bc_epochs, args.bc_batch, args.bc_lr,
                           args.seed, log)
    times["behaviour_cloning"] = time.perf_counter() - t
    cloned = policy.copy()

    t = time.perf_counter()
    log(f"[3/4] policy gradient: {args.rl_deals} deals × 2 plays vs {'/'.join(args.opponents)}")
    pg: dict[str, Any] = {}
    if args.rl_deals:
        pg = policy_gradient(policy, config, args.rl_deals, args.rl_batch, args.rl_plays,
                             args.opponents, args.snapshot_every, args.rl_lr, args.entropy,
                             args.seed, log)
    times["policy_gradient"] = time.perf_counter() - t
    policy.meta["stages"] = {"demo_rounds": args.demo_rounds, "bc_epochs": args.bc_epochs,
                             "rl_deals": args.rl_deals}
    out = policy.save(Path(getattr(args, "out", None) or f"{config.game.id}_policy.npz"))
    cloned.meta["stages"] = {**policy.meta["stages"], "rl_deals": 0}
    cloned_out = cloned.save(out.with_name(f"{out.stem}-cloned{out.suffix}"))

    t = time.perf_counter()
    log(f"[4/4] evaluation: {args.eval_deals} duplicate deals per pairing (arena)")
    pairings = [("cloned", "random"), ("cloned", "greedy"), ("final", "random"),
                ("final", "greedy"), ("final", "cloned")]
    rows = evaluate({"cloned": cloned_out, "final": out}, config, pairings, args.eval_deals,
                    seed=1_000_000 + args.seed)
    times["evaluation"] = time.perf_counter() - t
    times["total"] = time.perf_counter() - t_all

    log("")
    log(results_table(rows))
    log("")
    log("wall time: " + ", ".join(f"{k.replace('_', ' ')} {v:.0f} s" for k, v in times.items()))
    log(f"weights saved to {out} (cloned: {cloned_out}); play them with "
        f"make_agent('policy:{out}') or `hanafuda arena {config.game.id} --agents policy:{out},random`")
    summary = {"game": config.game.id, "players": config.players, "seed": args.seed,
               "teacher": args.teacher, "decisions": len(demos), "bc": bc, "pg": pg,
               "results": rows, "seconds": times, "weights": str(out),
               "cloned_weights": str(cloned_out)}
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
