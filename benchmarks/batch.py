"""Throughput of the NumPy batch simulator (``hanafuda.batch``), random legal play.

A decision step is one action applied to one running round (rows already over do
not count).  Each episode deals the whole batch (``reset_random``, vectorised) and
steps it with ``sample_actions`` until every round is over; "steps/s" counts the
stepping and the sampling, "with deal" adds the dealing.  Memory is the state
arrays per round.  Prints tables; it asserts nothing.

    python benchmarks/batch.py [--seconds 2] [--sizes 64,256,1024,4096,8192] [--procs 2]
    python benchmarks/batch.py --masked-only     # the masked-policy table only (mask vs list)
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import time

import numpy as np

from hanafuda.batch import BatchSim
from hanafuda.rules import GAMES

CURVE = [("min-hwatu", 3), ("hana-awase", 3), ("kwa-do", 4), ("hawaiifuda", 4), ("mushi", 2)]


def measure(game: str, players: int, batch: int, seconds: float, seed: int = 0) -> dict[str, float]:
    """Run whole-batch episodes for about ``seconds``; steps, rounds and times."""
    sim = BatchSim(game, players, batch)
    rng = np.random.default_rng(seed)
    steps = rounds = 0
    step_time = deal_time = 0.0
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or rounds == 0:
        t0 = time.perf_counter()
        sim.reset_random(rng, dealer=rng.integers(0, players, batch))
        t1 = time.perf_counter()
        while not sim.done.all():
            sim.step(sim.sample_actions(rng))
            calls += 1
        t2 = time.perf_counter()
        deal_time += t1 - t0
        step_time += t2 - t1
        steps += int(sim.decisions.sum())
        rounds += batch
    return {
        "steps": steps,
        "rounds": rounds,
        "step_time": step_time,
        "deal_time": deal_time,
        "calls": calls,
        "bytes": sim.state_bytes() / batch,
    }


SAMPLERS = ("builtin", "mask", "mask+logits", "list", "list+logits")


def measure_masked(game: str, players: int, batch: int, seconds: float, seed: int = 0
                   ) -> dict[str, float]:
    """Steps per CPU-second of this process (stepping and choosing, dealing excluded) of each
    of the ``SAMPLERS``, interleaved episode by episode so that a shared machine's load
    weighs on all alike: ``builtin`` (``sample_actions``); ``mask`` / ``mask+logits`` (the
    (B, k) ``legal_compact`` mask, then ``sample_compact`` uniformly / from a policy's (B, k)
    logits over it: the path before the padded list); ``list`` / ``list+logits`` (the padded
    (B, W) ``legal_list``, then ``sample_list`` uniformly / from the logits read at the W
    listed moves only, ``gather``).  The logits are a fixed random array, so only the masking
    is timed."""
    sim = BatchSim(game, players, batch)
    rng = np.random.default_rng(seed)
    logits = rng.standard_normal((batch, sim.compact.size)).astype(np.float32)
    steps = dict.fromkeys(SAMPLERS, 0)
    cpu = dict.fromkeys(SAMPLERS, 0.0)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds * len(SAMPLERS) or not all(steps.values()):
        for sampler in SAMPLERS:
            sim.reset_random(rng, dealer=rng.integers(0, players, batch))
            t1 = time.process_time()
            while not sim.done.all():
                if sampler == "builtin":
                    sim.step(sim.sample_actions(rng))
                elif sampler.startswith("mask"):
                    mask = sim.legal_compact()
                    chosen = sim.sample_compact(rng, logits if sampler == "mask+logits" else None,
                                                mask)
                    sim.step_compact(chosen)
                else:
                    legal = sim.legal_list()
                    scores = sim.gather(logits, legal) if sampler == "list+logits" else None
                    sim.step_compact(sim.sample_list(rng, legal, scores))
            cpu[sampler] += time.process_time() - t1
            steps[sampler] += int(sim.decisions.sum())
    return {s: steps[s] / cpu[s] for s in SAMPLERS}


def _worker(args: tuple[str, int, int, float, int]) -> dict[str, float]:
    return measure(*args)


def parallel(game: str, players: int, batch: int, seconds: float, procs: int) -> tuple[float, float]:
    """Total steps/s of ``procs`` processes each stepping its own batch (wall clock)."""
    with multiprocessing.get_context("spawn").Pool(procs) as pool:
        pool.map(_worker, [(game, players, 64, 0.1, i) for i in range(procs)])  # warm up
        start = time.perf_counter()
        results = pool.map(_worker, [(game, players, batch, seconds, i) for i in range(procs)])
        wall = time.perf_counter() - start
    steps = sum(r["steps"] for r in results)
    rounds = sum(r["rounds"] for r in results)
    return steps / wall, rounds / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--sizes", default="64,256,1024,4096,8192", help="batch sizes")
    parser.add_argument("--procs", type=int, default=2, help="processes for the last table")
    parser.add_argument("--all-batch", type=int, default=4096,
                        help="batch size of the every-game-and-player-count table")
    parser.add_argument("--masked-only", action="store_true",
                        help="print only the masked-policy table (compact mask vs built-in)")
    args = parser.parse_args()
    print(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"Masked policy at batch {args.all_batch}: steps per CPU-second of the built-in "
          "sampler; of the (B, k) compact mask (legal_compact) with a uniform draw and with a "
          "draw from (B, k) logits; "
          "of the padded (B, W) legal list (legal_list + sample_list), uniform and from the "
          "logits gathered at the listed moves:")
    print(f"{'game':<11} {'players':>7} {'k':>4} {'built-in':>10} {'mask':>10} {'mask+lgt':>10} "
          f"{'list':>10} {'list+lgt':>10} {'mask+lgt/b-in':>13} {'list+lgt/b-in':>13}")
    for game, players in CURVE:
        k = BatchSim(game, players, 1).compact.size
        rates = list(measure_masked(game, players, args.all_batch, args.seconds).values())
        print(f"{game:<11} {players:>7} {k:>4} "
              + " ".join(f"{r:>10,.0f}" for r in rates)
              + f" {rates[2] / rates[0]:>13.0%} {rates[4] / rates[0]:>13.0%}")
    if args.masked_only:
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
          f"{os.cpu_count()} cpus; random legal play")
    print("\nOne process, by batch size:")
    print(f"{'game':<11} {'players':>7} {'batch':>6} {'steps/s':>11} {'with deal':>11} "
          f"{'rounds/s':>9} {'bytes/round':>11}")
    for game, players in CURVE:
        for batch in sizes:
            r = measure(game, players, batch, args.seconds)
            print(f"{game:<11} {players:>7} {batch:>6} {r['steps'] / r['step_time']:>11,.0f} "
                  f"{r['steps'] / (r['step_time'] + r['deal_time']):>11,.0f} "
                  f"{r['rounds'] / (r['step_time'] + r['deal_time']):>9,.0f} {r['bytes']:>11,.0f}")
    print(f"\nOne process, batch {args.all_batch}, every game and player count:")
    print(f"{'game':<11} {'players':>7} {'steps/s':>11} {'with deal':>11} {'rounds/s':>9} "
          f"{'steps/round':>11}")
    for game, cls in GAMES.items():
        for players in cls.player_counts():
            r = measure(game, players, args.all_batch, args.seconds)
            print(f"{game:<11} {players:>7} {r['steps'] / r['step_time']:>11,.0f} "
                  f"{r['steps'] / (r['step_time'] + r['deal_time']):>11,.0f} "
                  f"{r['rounds'] / (r['step_time'] + r['deal_time']):>9,.0f} "
                  f"{r['steps'] / r['rounds']:>11.1f}")
    if args.procs > 1:
        print(f"\n{args.procs} processes, each with its own batch (wall clock, dealing included):")
        print(f"{'game':<11} {'players':>7} {'batch':>6} {'steps/s':>11} {'rounds/s':>9}")
        for game, players in CURVE:
            for batch in [s for s in sizes if s >= 4096]:
                steps, rounds = parallel(game, players, batch, args.seconds, args.procs)
                print(f"{game:<11} {players:>7} {batch:>6} {steps:>11,.0f} {rounds:>9,.0f}")


if __name__ == "__main__":
    main()
