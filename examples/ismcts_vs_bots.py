"""OpenSpiel's ISMCTS against the project's bots through ``evaluate_bots``.

    pip install -e '.[openspiel]'
    python examples/ismcts_vs_bots.py --quick                 # a CI-sized smoke run
    python examples/ismcts_vs_bots.py --games 200 --simulations 200 --opponent greedy

``hanafuda.envs.spiel_bots`` gives ``evaluate_bots`` what it needs: a restartable ISMCTS
(``ismcts_bot``, seeded resampling) and ``AgentBot`` (a ``hanafuda`` agent as an OpenSpiel
bot, deciding from its seat's view only).  Each game is played twice with the seats
swapped on the same chance seed (duplicate deals); the script prints ISMCTS's mean return
and its margin over the bot with 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mushi")
    parser.add_argument("--opponent", default="greedy", help="random, greedy, strong, policy, …")
    parser.add_argument("--games", type=int, default=100, help="deals, each played from both seats")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="2 deals, 8 simulations")
    parser.add_argument("--json", help="write the summary here")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    if args.quick:
        args.games, args.simulations = 2, 8
    import pyspiel
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    import hanafuda.envs.openspiel  # noqa: F401  (registers the games)
    from hanafuda.envs.openspiel import short_name
    from hanafuda.envs.spiel_bots import AgentBot, ismcts_bot

    game = pyspiel.load_game(short_name(args.game))
    margins: list[float] = []
    returns: list[float] = []
    for deal in range(args.games):
        for searcher in (0, 1):
            seed = args.seed * 1_000_003 + deal
            bots = [None, None]
            bots[searcher] = ismcts_bot(game, seed=seed, simulations=args.simulations)
            bots[1 - searcher] = AgentBot(game, 1 - searcher, args.opponent, seed=seed)
            result = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
            returns.append(result[searcher])
            margins.append(result[searcher] - result[1 - searcher])
    m = np.asarray(margins)
    r = np.asarray(returns)
    half = float(1.96 * m.std(ddof=1) / np.sqrt(m.size)) if m.size > 1 else 0.0
    summary = {"game": args.game, "opponent": args.opponent, "simulations": args.simulations,
               "games": int(m.size), "ismcts_return": float(r.mean()), "margin": float(m.mean()),
               "margin_ci95": half}
    print(f"ISMCTS ({args.simulations} simulations) vs {args.opponent}, {args.game}, {m.size} games: "
          f"return {r.mean():+.1f}, margin {m.mean():+.1f} ± {half:.1f} per game")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(summary, out, indent=1)
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
