"""Simulations per second of the expert's search: the scalar engine vs the NumPy batch.

The same positions (each seat's decisions over a few rounds played by ``greedy``, those with
more than one candidate to search) are analysed by ``ExpertAgent(engine=…)`` at each budget;
a simulation is one candidate played out on one world to the round's end, dealing of the
worlds and the network's ranking included.  Prints a table; it asserts nothing.

    python benchmarks/expert_engines.py [--games mushi,min-hwatu] [--rounds 2] [--budgets 600,2400]
        [--engines scalar,batch,batch-greedy]

An engine is ``scalar`` or ``batch``, optionally with the rollout policy (``batch-greedy``:
``ExpertAgent(engine="batch", rollouts="greedy")``; the default is ``fast``).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from hanafuda import Match
from hanafuda.agents import GreedyAgent
from hanafuda.agents.expert import ExpertAgent
from hanafuda.views import PlayerView


def positions(game: str, rounds: int) -> list[PlayerView]:
    """Views of every decision with at least two legal moves in ``rounds`` greedy rounds."""
    out = []
    bot = GreedyAgent()
    for r in range(rounds):
        match = Match(game, 2, seed=100 + r)
        rng = random.Random(r)
        while match.to_move is not None:
            view = match.view(match.to_move)
            if len(view.legal) > 1 and view.phase != "teyaku":
                out.append(view)
            match.play(bot.choose(view, view.legal, rng))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="mushi,min-hwatu")
    parser.add_argument("--rounds", type=int, default=2, help="greedy rounds giving positions")
    parser.add_argument("--budgets", default="600,2400", help="simulations per decision")
    parser.add_argument("--engines", default="scalar,batch",
                        help="ENGINE[-ROLLOUTS], comma-separated (e.g. scalar,batch,batch-greedy)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{'game':<10} {'positions':>9} {'budget':>6} {'engine':<12} {'ms/decision':>11} "
          f"{'simulations/s':>13}")
    for game in args.games.split(","):
        views = positions(game, args.rounds)
        for budget in (int(b) for b in args.budgets.split(",")):
            for engine in args.engines.split(","):
                kind, _, rollouts = engine.partition("-")
                bot = ExpertAgent(simulations=budget, time_limit=None, engine=kind,
                                  rollouts=rollouts or "fast")
                bot.analyse(views[0], views[0].legal, random.Random(0))  # warm-up (caches)
                start = time.perf_counter()
                for i, view in enumerate(views):
                    bot.analyse(view, view.legal, random.Random(i))
                spent = time.perf_counter() - start
                print(f"{game:<10} {len(views):>9} {budget:>6} {engine:<12} "
                      f"{spent / len(views) * 1000:>11.1f} {budget * len(views) / spent:>13,.0f}")


if __name__ == "__main__":
    main()
