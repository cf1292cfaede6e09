"""Random-playout throughput of the engine, per game and player count, on one core.

Decision steps are moves applied through the public API's unchecked path
(``Match.apply`` with actions from ``Match.legal_actions``); the time includes
dealing each round from a seed.  Each row is the best of ``--repeat`` timed runs (as
``timeit`` does: other jobs on the machine only ever slow a run down).  Prints a table;
it asserts nothing.

    python benchmarks/engine.py [--seconds 2.0] [--repeat 3] [--game mushi]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from hanafuda import Match
from hanafuda.rules import GAMES


def measure(game: str, players: int, seconds: float) -> tuple[float, float]:
    rng = random.Random(0)
    steps = rounds = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        match = Match(game, players, seed=seed, dealer=0)
        seed += 1
        while match.to_move is not None:
            actions = match.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
            steps += 1
        rounds += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, rounds / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per row; the best is shown")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core, random play, "
          f"best of {args.repeat} × {args.seconds:g} s")
    print(f"{'game':<11} {'players':>7} {'steps/s':>10} {'rounds/s':>9}")
    for game, cls in GAMES.items():
        if args.game and game != args.game:
            continue
        for players in cls.player_counts():
            runs = [measure(game, players, args.seconds) for _ in range(args.repeat)]
            steps, rounds = max(runs)
            print(f"{game:<11} {players:>7} {steps:>10,.0f} {rounds:>9,.0f}")


if __name__ == "__main__":
    main()
