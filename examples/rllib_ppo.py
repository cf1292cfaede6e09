"""RLlib PPO with action masking on the PettingZoo env: one shared policy plays every seat.

    pip install -e '.[rl]'
    python examples/rllib_ppo.py --iterations 1 --quick      # a CI-sized smoke run
    python examples/rllib_ppo.py --iterations 50             # a longer run
    nice -n 5 python examples/rllib_ppo.py --iterations 100000 --minutes 25 --eval-every 25 \
        --curve-deals 100 --eval-deals 500      # docs/research.md's run: training ≤ 25 min

The env is ``hanafuda.envs.rllib.rllib_env`` (RLlib's ``PettingZooEnv`` around the AEC env,
observation key ``"observations"``); the RL module is RLlib's ``ActionMaskingTorchRLModule``,
which sets the logits of illegal actions to the lowest float.  Both seats map to the policy
``"shared"`` (self-play).  Each iteration prints the policy's entropy, the critic's explained
variance and the seconds spent sampling and learning (RLlib's smoothed timers); the mean
episode return of two-seat self-play with ``reward="margin"`` is 0 by construction, so the
script evaluates the policy against the random and the greedy bot at the end
(``--eval-deals`` deals, each played from both seats) and, with ``--eval-every K``, every K
iterations on ``--curve-deals`` deals (the learning curve).  ``--minutes`` stops training
early once that much wall-clock time has passed.

What makes it learn (docs/research.md, "RLlib PPO beyond the CI budget": +50.2 ± 4.6 per
game over the random bot after 25 minutes on the 2-core machine): rewards scaled to about
±1 (``--reward-scale 0.01``: RLlib's PPO clips the value loss at ``vf_clip_param=10``, so raw
margins of ±150 left the critic without gradient and PPO without a baseline), and ``--envs
32`` envs stepped together by the one env runner (one batched forward pass per step instead
of 32: about four times the samples per second).  ``--shaping card_points`` (the env's
potential-based shaping: captures credited when made) made no measurable difference.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import numpy as np


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mushi")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=5, help="PPO training iterations")
    parser.add_argument("--batch", type=int, default=4000, help="env steps per iteration")
    parser.add_argument("--reward-scale", type=float, default=0.01,
                        help="multiply the round margins (about ±150 points) by this")
    parser.add_argument("--shaping", default="none", choices=("none", "card_points"),
                        help="the env's reward_shaping (card points credited as captured)")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--entropy", type=float, default=0.0, help="entropy coefficient")
    parser.add_argument("--epochs", type=int, default=4, help="passes over each train batch")
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--lambda", dest="lambda_", type=float, default=0.95, help="GAE lambda")
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--hidden", default="256,256", help="encoder layer widths")
    parser.add_argument("--envs", type=int, default=32,
                        help="envs stepped together by the one env runner (batched forward passes)")
    parser.add_argument("--eval-deals", type=int, default=200)
    parser.add_argument("--eval-every", type=int, default=0,
                        help="evaluate every K iterations (0: only at the end)")
    parser.add_argument("--curve-deals", type=int, default=100,
                        help="deals per opponent for each learning-curve evaluation")
    parser.add_argument("--minutes", type=float, default=0.0,
                        help="stop training after this much wall-clock time (0: no limit)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--torch-threads", type=int, default=1,
                        help="torch intra-op threads (small networks: one is fastest on a busy CPU)")
    parser.add_argument("--quick", action="store_true", help="tiny batch and evaluation (smoke run)")
    parser.add_argument("--json", help="write the summary here")
    return parser.parse_args(argv)


def build(args: argparse.Namespace) -> Any:
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    from hanafuda.envs.rllib import env_name, register_rllib_envs

    register_rllib_envs()
    hidden = [int(width) for width in args.hidden.split(",")]
    config = (
        PPOConfig()  # type: ignore[no-untyped-call, unused-ignore]  # RLlib ships no annotations here
        .environment(env_name(args.game), env_config={"players": args.players, "reward": "margin",
                                                      "reward_scale": args.reward_scale,
                                                      "reward_shaping": args.shaping})
        .env_runners(num_env_runners=0, num_envs_per_env_runner=args.envs,
                     rollout_fragment_length="auto")
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=args.batch,
                  minibatch_size=min(args.batch, args.minibatch),
                  num_epochs=1 if args.quick else args.epochs, lr=args.lr,
                  entropy_coeff=args.entropy, lambda_=args.lambda_, gamma=args.gamma)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kw: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                   model_config={"fcnet_hiddens": hidden,
                                                 "head_fcnet_hiddens": [64]}),
        }))
        .debugging(seed=args.seed)
    )
    return config.build_algo()


OPPONENTS = ("random", "greedy")


def evaluate(algo: Any, args: argparse.Namespace, deals: int) -> dict[str, dict[str, float]]:
    """The shared policy (argmax over legal actions) against each of ``OPPONENTS`` on the same
    ``deals`` deals, each deal played once from every seat; margins per game."""
    from hanafuda.agents import make_agent

    return {name: margins_against(algo.get_module("shared"), make_agent(name), args, deals)
            for name in OPPONENTS}


def margins_against(module: Any, bot: Any, args: argparse.Namespace,
                    deals: int) -> dict[str, float]:
    """Mean margin (the learner's round score minus the best other side's) with a 95%
    interval over ``deals`` × ``players`` games against ``bot``."""
    import torch

    from hanafuda import Match
    from hanafuda.envs._shared import ActionLayout
    from hanafuda.envs.encoding import encode_view

    margins = []
    for deal in range(deals):
        for learner in range(args.players):
            match = Match(args.game, args.players, {"rounds": 1}, seed=args.seed * 100_003 + deal)
            layout = ActionLayout(match.config, "compact")  # the env's (default) action space
            rng = random.Random(deal)
            while match.to_move is not None:
                seat = match.to_move
                view = match.view(seat)
                if seat != learner:
                    match.play(bot.choose(view, view.legal, rng))
                    continue
                legal = match.legal_actions()
                obs = {"observations": torch.as_tensor(encode_view(view, match.config))[None],
                       "action_mask": torch.as_tensor(layout.mask(legal), dtype=torch.float32)[None]}
                with torch.no_grad():
                    logits = module.forward_inference({"obs": obs})["action_dist_inputs"][0].numpy()
                match.apply(layout.engine(int(np.argmax(logits))))
            result = match.current.result
            assert result is not None
            side = match.config.side_of[learner]
            margins.append(result.scores[side] - max(s for i, s in enumerate(result.scores) if i != side))
    values = np.array(margins, dtype=np.float64)
    half = 1.96 * values.std(ddof=1) / np.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"margin": float(values.mean()), "ci95": float(half), "games": len(values)}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    if args.quick:
        args.batch, args.eval_deals = min(args.batch, 256), min(args.eval_deals, 10)
        args.envs = min(args.envs, 4)
        args.curve_deals = min(args.curve_deals, 5)
    import ray
    import torch

    torch.set_num_threads(max(1, args.torch_threads))
    ray.init(num_cpus=1, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False)
    started = time.monotonic()
    try:
        algo = build(args)
        curve = []
        for iteration in range(1, args.iterations + 1):
            result = algo.train()
            runners = result.get("env_runners", {})
            point: dict[str, Any] = {
                "iteration": iteration,
                "env_steps": int(runners.get("num_env_steps_sampled_lifetime", 0)),
                "episodes": int(runners.get("num_episodes_lifetime", 0)),
                "minutes": round((time.monotonic() - started) / 60, 2),
            }
            timers = result.get("timers", {})
            for key, name in (("env_runner_sampling_timer", "sample_s"),
                              ("learner_update_timer", "learn_s")):
                if key in timers:
                    point[name] = round(float(timers[key]), 2)
            stats = result.get("learners", {}).get("shared", {})
            for key in ("entropy", "vf_explained_var", "vf_loss"):
                if key in stats:
                    point[key] = round(float(stats[key]), 4)
            line = (f"iteration {iteration}: {point['env_steps']} env steps, "
                    f"{point['episodes']} episodes, {point['minutes']} min"
                    + "".join(f", {key} {point[key]:.3f}" for key in
                              ("entropy", "vf_explained_var", "sample_s", "learn_s")
                              if key in point))
            if args.eval_every and iteration % args.eval_every == 0:
                point["evaluation"] = evaluate(algo, args, args.curve_deals)
                line += "".join(f", vs {name} {ev['margin']:+.1f} ± {ev['ci95']:.1f}"
                                for name, ev in point["evaluation"].items())
            curve.append(point)
            print(line, flush=True)
            if args.minutes and time.monotonic() - started > args.minutes * 60:
                print(f"stopping: {args.minutes} minutes of training have passed", flush=True)
                break
        summary: dict[str, Any] = {"curve": curve, "evaluation": evaluate(algo, args, args.eval_deals),
                                   "minutes": round((time.monotonic() - started) / 60, 2)}
        algo.stop()
    finally:
        ray.shutdown()
    for name, ev in summary["evaluation"].items():
        print(f"margin vs {name}: {ev['margin']:+.1f} ± {ev['ci95']:.1f} per game "
              f"({ev['games']} games)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(summary, out, indent=1)
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
