"""MaskablePPO (sb3-contrib) on Mushi against the greedy bot, on the batch simulator.

    pip install torch==2.13.0 && pip install -e '.[rl]'
    python examples/maskable_ppo_mushi.py --quick              # a CI-sized smoke run
    python examples/maskable_ppo_mushi.py --steps 500000       # a real run

The env is ``hanafuda.envs.sb3.HanafudaSB3VecEnv`` (the vector env as an SB3 ``VecEnv``,
compact action space, vectorised ``--opponent``); no wrapper is needed for the masks.  After
training, the policy (deterministic, masked) is measured against the same opponent and
against ``random`` on fresh seeded deals: mean learner score and margin per round with 95%
intervals.  Then, in one call, against the shipped ``greedy``, ``policy`` and ``expert`` bots
on the arena's duplicate deals (each deal played from both seats): the model becomes an
``Agent`` with ``hanafuda.envs.agent.sb3_agent`` and ``run_league(..., focus=learner)`` plays
its three pairings and prints one table.  ``--out`` saves the SB3 model (``MaskablePPO.load``
reads it back).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import numpy as np


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mushi")
    parser.add_argument("--steps", type=int, default=200_000, help="learner decisions to train on")
    parser.add_argument("--envs", type=int, default=64, help="rows of the batch simulator")
    parser.add_argument("--opponent", default="greedy", help="random, capture, greedy, policy")
    parser.add_argument("--eval-rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--arena-deals", type=int, default=200,
                        help="duplicate deals against each shipped bot")
    parser.add_argument("--expert", default="expert@200", help="the expert bot's name and budget")
    parser.add_argument("--quick", action="store_true",
                        help="1,024 steps, 64 evaluation rounds, 4 arena deals, expert@8")
    parser.add_argument("--out", help="save the model here (.zip)")
    parser.add_argument("--json", help="write the summary here")
    return parser.parse_args(argv)


def evaluate(model: Any, game: str, opponent: str, rounds: int, seed: int) -> dict[str, float]:
    """The trained policy over ``rounds`` one-round episodes against ``opponent``."""
    from hanafuda.envs.sb3 import HanafudaSB3VecEnv

    env = HanafudaSB3VecEnv(game, num_envs=min(rounds, 256), opponent=opponent, seed=seed)
    obs = env.reset()
    scores: list[float] = []
    margins: list[float] = []
    while len(scores) < rounds:
        actions, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, _, dones, infos = env.step(actions)
        for row in np.flatnonzero(dones):
            (round_scores,) = infos[row]["round_scores"]
            mine = round_scores[0]
            scores.append(mine)
            margins.append(mine - max(round_scores[1:]))
    out: dict[str, float] = {"rounds": min(len(scores), rounds)}
    for name, values in (("score", scores[:rounds]), ("margin", margins[:rounds])):
        v = np.asarray(values, dtype=np.float64)
        out[name] = float(v.mean())
        out[f"{name}_ci95"] = float(1.96 * v.std(ddof=1) / np.sqrt(v.size))
    return out


def measure(model: Any, game: str, expert: str, deals: int, seed: int) -> Any:
    """The model against greedy, policy and expert on the same duplicate deals: one call."""
    from hanafuda.agents.league import run_league
    from hanafuda.envs.agent import sb3_agent

    learner = sb3_agent(model, label="maskable-ppo")
    return run_league(game, 2, [learner, "greedy", "policy", expert], deals, seed, focus=learner)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    if args.quick:
        args.steps, args.envs, args.eval_rounds = 1024, 16, 64
        args.arena_deals, args.expert = 4, "expert@8"
    import torch
    from sb3_contrib import MaskablePPO

    from hanafuda.envs.sb3 import HanafudaSB3VecEnv

    torch.set_num_threads(1)  # small networks: one thread is faster, above all on a shared machine
    env = HanafudaSB3VecEnv(args.game, num_envs=args.envs, opponent=args.opponent, seed=args.seed)
    n_steps = 64 if args.quick else max(64, 2048 // args.envs)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=n_steps, batch_size=256,
                        n_epochs=1 if args.quick else 4, learning_rate=3e-4, gamma=1.0, seed=args.seed,
                        device="cpu",
                        policy_kwargs={"net_arch": [128, 128]})
    start = time.perf_counter()
    model.learn(args.steps)
    seconds = time.perf_counter() - start
    summary: dict[str, Any] = {
        "game": args.game, "opponent": args.opponent, "steps": int(model.num_timesteps),
        "train_seconds": round(seconds, 1),
        "vs_opponent": evaluate(model, args.game, args.opponent, args.eval_rounds, args.seed + 1),
        "vs_random": evaluate(model, args.game, "random", args.eval_rounds, args.seed + 2),
    }
    for key in ("vs_opponent", "vs_random"):
        r = summary[key]
        print(f"{key}: score {r['score']:+.1f} ± {r['score_ci95']:.1f}, margin {r['margin']:+.1f} ± "
              f"{r['margin_ci95']:.1f} per round ({r['rounds']} rounds)")
    print(f"trained {summary['steps']} steps in {seconds:.0f} s")
    league = measure(model, args.game, args.expert, args.arena_deals, args.seed + 3)
    print(league.table(), end="")
    summary["arena"] = league.to_json()
    if args.out:
        model.save(args.out)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(summary, out, indent=1)
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
