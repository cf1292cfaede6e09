"""CPU time of the default ``expert``'s decision playing for the match beside the same search
playing for the round (issue 31), on the same positions, interleaved: what the match-equity
leaf costs.

    python benchmarks/match_objective.py [--rounds 2]

Positions: every decision with two or more legal moves in the first round of ``--rounds``
2-player matches of each game (default options, so the views carry a 12-round match, Kwa-Dō
to 200), played by ``greedy``.  CPU time (``time.process_time``) rather than wall time, so
the other processes of a shared machine change the figures little; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from hanafuda import Match
from hanafuda.agents import ExpertAgent, make_agent
from hanafuda.views import PlayerView

GAMES = ("mushi", "min-hwatu", "hana-awase", "kwa-do", "hawaiifuda")


def positions(game: str, matches: int) -> list[PlayerView]:
    bot = make_agent("greedy")
    views = []
    for seed in range(matches):
        match = Match(game, 2, seed=seed)
        rng = random.Random(seed)
        while match.to_move is not None:
            view = match.view(match.to_move)
            if len(view.legal) > 1:
                views.append(view)
            match.play(bot.choose(view, view.legal, rng))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="matches whose first round gives positions")
    args = parser.parse_args()
    print("| game | objective | decisions | p50 CPU ms | p95 CPU ms |")
    print("|---|---|---|---|---|")
    for game in GAMES:
        views = positions(game, args.rounds)
        bots = {o: ExpertAgent(time_limit=None, objective=o) for o in ("match", "round")}
        for bot in bots.values():  # load the network, hand model and equity table first
            bot.choose(views[0], views[0].legal, random.Random(0))
        times: dict[str, list[float]] = {o: [] for o in bots}
        for i, view in enumerate(views):
            for objective in ("match", "round") if i % 2 else ("round", "match"):
                start = time.process_time()
                bots[objective].choose(view, view.legal, random.Random(i))
                times[objective].append((time.process_time() - start) * 1000)
        for objective, values in times.items():
            print(f"| {game} | {objective} | {len(values)} | {statistics.median(values):.1f} | "
                  f"{float(np.percentile(values, 95)):.1f} |")


if __name__ == "__main__":
    main()
