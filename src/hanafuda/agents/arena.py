"""The arena: measure agents with duplicate deals and confidence intervals.

Hanafuda is luck-heavy, so every deal is played once per seat rotation: each
agent meets the same cards from every seat it can take.  One game is one round
(the deal), scored by the game's round score for the agent's side.  Per deal we
average each agent's score and win share over the rotations; means and 95%
confidence intervals are taken over deals (normal approximation), which keeps
the pairing the duplicate format buys.

Determinism: deal ``i`` is dealt from ``Random(f"{seed}:{i}")`` and every agent
decision gets its own seeded RNG; the strong bot runs on its iteration budget
only (no wall-clock cut-off).  Results do not depend on the worker count.

``matches=True`` plays whole matches instead (the game's match length, every round dealt
from the match's seed, one match per seating); an agent's score is its side's match total
and its win rate the share of matches its side wins (the unit the anchors quote).

Paired comparison: the JSON keeps every deal's margin (``margins_by_unit``), so two runs on the
same seed, game and options meet the same cards deal by deal, and ``paired_difference`` takes
the difference of their margins deal by deal.  Its interval is narrower than the one the two
runs' own intervals give for the difference: the part of a deal's margin that is the luck of
its cards cancels.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.deal import deal_from_rng
from ..records import Match, match_to_record
from ..rules import Config, configure
from . import ROUND_OBJECTIVE, SEARCHES, Agent, ExpertAgent, StrongAgent, make_agent, unavailable_reason

__all__ = ["ROUND_OBJECTIVE", "SEARCHES", "AgentResult", "AgentSpec", "ArenaResult", "PairedDifference",
           "agent_label", "check_agents", "mean_ci", "paired_difference", "play_deal", "play_match",
           "rotations", "run_arena"]

MINUS = " − "
"""Between the first agent and another in a margin's key (``greedy − random``)."""


def rotations(agent_names: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Distinct seatings: seat s gets ``agents[(s + r) % k]`` for r = 0..players−1."""
    k = len(agent_names)
    out: list[tuple[str, ...]] = []
    for r in range(players):
        seating = tuple(agent_names[(s + r) % k] for s in range(players))
        if seating not in out:
            out.append(seating)
    return out


AgentSpec = str | Agent
"""An arena entry: an agent name (``make_agent``'s) or an ``Agent`` object (a trained model
behind ``hanafuda.envs.agent.PolicyFunctionAgent``, your own class, …)."""


def agent_label(spec: AgentSpec) -> str:
    """The name an entry has in the results: the name itself, or an object's ``label``
    attribute when it has one (``PolicyFunctionAgent`` does), else its class's ``name``."""
    if isinstance(spec, str):
        return spec
    label = getattr(spec, "label", None)
    return label if isinstance(label, str) and label else spec.name


def _agent(name: str) -> Agent:
    """Agents on their iteration budgets only (no wall-clock cap): deterministic.  The name is
    parsed by ``make_agent`` (``strong@N``, ``expert@N/SEARCH``, ``policy:PATH``, …: one parser
    for the arena and everyone else); the plain ``strong`` and ``expert`` lose their time
    limit here."""
    agent = make_agent(name)
    if isinstance(agent, ExpertAgent | StrongAgent):
        agent.time_limit = None
    return agent


def _seat_agent(spec: AgentSpec) -> Agent:
    """The agent that plays one game: a fresh one for a name, the object itself otherwise."""
    return _agent(spec) if isinstance(spec, str) else spec


def _labels(agent_specs: Sequence[AgentSpec]) -> dict[str, AgentSpec]:
    """Each entry by its label; ``ValueError`` for an entry that is neither a name nor an
    ``Agent`` and for two different entries under one label (the results could not tell them
    apart)."""
    out: dict[str, AgentSpec] = {}
    for spec in agent_specs:
        if not isinstance(spec, str | Agent):
            raise ValueError(f"an arena entry is an agent name or an Agent object, not "
                             f"{type(spec).__name__}")
        label = agent_label(spec)
        seen = out.get(label)
        if seen is not None and seen is not spec and not (isinstance(seen, str) and isinstance(spec, str)):
            raise ValueError(f"two different agents are both called {label!r}: give one a "
                             "label (e.g. PolicyFunctionAgent(..., label='mine'))")
        out.setdefault(label, spec)
    return out


def check_agents(agent_specs: Sequence[AgentSpec]) -> list[str]:
    """The entries' labels; ``ValueError`` for a bad name or entry (before any game is
    played, so a refused run plays nothing)."""
    _labels(agent_specs)
    for spec in agent_specs:
        if isinstance(spec, str):
            _agent(spec)
    return [agent_label(spec) for spec in agent_specs]


def _check_name(name: str) -> None:
    """``ValueError`` for a name ``_agent`` cannot make (before any worker starts)."""
    check_agents([name])


def play_game(config: Config, deal_index: int, seed: int, seating: Sequence[str],
              rotation: int, agents: Mapping[str, AgentSpec] | None = None
              ) -> tuple[list[int], dict[str, Any]]:
    """Play one deal with one seating (labels; ``agents`` maps a label to its entry when it
    is not a name); returns side scores and the record."""
    deal = deal_from_rng(config, 0, random.Random(f"{seed}:{deal_index}"))
    # one deal, no match around it: a one-round match, so the bots play for the round (issue 31)
    match = Match(config.game.id, config.players, config=_single_deal(config), deal=deal)
    players = [_seat_agent((agents or {}).get(name, name)) for name in seating]
    rngs = [random.Random(f"{seed}:{deal_index}:{rotation}:{seat}") for seat in range(config.players)]
    while match.to_move is not None:
        seat = match.to_move
        view = match.view(seat)
        match.play(players[seat].choose(view, view.legal, rngs[seat]))
    result = match.current.result
    assert result is not None
    record = match_to_record(match)
    # The arena's game is one round (the deal): the record says so, and replays as finished.
    record["options"] = {**record["options"], "rounds": 1, "target": None}
    record["meta"] = {"agents": list(seating), "deal": deal_index, "seed": seed}
    return list(result.scores), record


_SINGLE: dict[int, tuple[Config, Config]] = {}


def _single_deal(config: Config) -> Config:
    """``config`` as a one-round match (``rounds=1``, no target): how the per-deal mode plays
    a deal, so that no bot plays for a match score that does not exist."""
    known = _SINGLE.get(id(config))
    if known is None or known[0] is not config:
        single = configure(config.game.id, config.players,
                           {**config.given_options, "rounds": 1, "target": None})
        known = _SINGLE[id(config)] = (config, single)
    return known[1]


@dataclass
class DealOutcome:
    """Per agent, the deal's score and win share averaged over rotations."""

    index: int
    score: dict[str, float]
    win: dict[str, float]
    records: list[dict[str, Any]] = field(default_factory=list)


def play_deal(config: Config, deal_index: int, seed: int, agent_names: Sequence[AgentSpec],
              keep_records: bool) -> DealOutcome:
    """One deal in every seating: per agent (by label), its mean score and win share."""
    specs = _labels(agent_names)
    labels = [agent_label(spec) for spec in agent_names]
    names = list(dict.fromkeys(labels))
    score_sum = {n: 0.0 for n in names}
    win_sum = {n: 0.0 for n in names}
    seatings = rotations(labels, config.players)
    records = []
    for rotation, seating in enumerate(seatings):
        scores, record = play_game(config, deal_index, seed, seating, rotation, specs)
        if keep_records:
            records.append(record)
        per_agent: dict[str, list[float]] = {n: [] for n in names}
        side_agents: list[list[str]] = [[] for _ in config.sides]
        for seat, name in enumerate(seating):
            per_agent[name].append(scores[config.side_of[seat]])
            side_agents[config.side_of[seat]].append(name)
        for name in names:
            if per_agent[name]:
                score_sum[name] += sum(per_agent[name]) / len(per_agent[name])
        best = max(scores)
        top = [side for side, score in enumerate(scores) if score == best]
        for side in top:
            members = side_agents[side]
            for name in members:
                win_sum[name] += 1.0 / len(top) / len(members)
    count = len(seatings)
    return DealOutcome(
        deal_index,
        {n: score_sum[n] / count for n in names},
        {n: win_sum[n] / count for n in names},
        records,
    )


def play_match(config: Config, match_index: int, seed: int, agent_names: Sequence[AgentSpec],
               keep_records: bool) -> DealOutcome:
    """One whole match per seating (every round dealt from the match's seed, so each seating
    meets the same cards): per agent, its side's match total and its share of match wins."""
    specs = _labels(agent_names)
    labels = [agent_label(spec) for spec in agent_names]
    names = list(dict.fromkeys(labels))
    score_sum = {n: 0.0 for n in names}
    win_sum = {n: 0.0 for n in names}
    seatings = rotations(labels, config.players)
    records = []
    match_seed = random.Random(f"{seed}:match:{match_index}").getrandbits(63)
    for rotation, seating in enumerate(seatings):
        match = Match(config.game.id, config.players, config=config, seed=match_seed)
        agents = [_seat_agent(specs[name]) for name in seating]
        rngs = [random.Random(f"{seed}:{match_index}:{rotation}:{s}") for s in range(config.players)]
        while not match.finished:
            while match.to_move is not None:
                seat = match.to_move
                view = match.view(seat)
                match.play(agents[seat].choose(view, view.legal, rngs[seat]))
            if not match.finished:
                match.next_round()
        if keep_records:
            record = match_to_record(match)
            record["meta"] = {"agents": list(seating), "match": match_index, "seed": seed}
            records.append(record)
        per_agent: dict[str, list[float]] = {n: [] for n in names}
        for seat, name in enumerate(seating):
            per_agent[name].append(match.totals[config.side_of[seat]])
        for name in names:
            if per_agent[name]:
                score_sum[name] += sum(per_agent[name]) / len(per_agent[name])
        winners = match.winners
        for side in winners:
            members = [seating[s] for s in config.sides[side]]
            for name in members:
                win_sum[name] += 1.0 / len(winners) / len(members)
    count = len(seatings)
    return DealOutcome(match_index, {n: score_sum[n] / count for n in names},
                       {n: win_sum[n] / count for n in names}, records)


def _play_chunk(args: tuple[str, int, dict[str, Any], list[int], int, list[AgentSpec], str | None,
                            bool]) -> list[DealOutcome]:
    """One task: play its deals; with a records directory, the task writes its games' records
    there itself (a pool or Ray worker, not the driver) and returns the outcomes without them."""
    game, players, options, indices, seed, agent_names, records_dir, matches = args
    config = configure(game, players, options)
    play = play_match if matches else play_deal
    outcomes = [play(config, i, seed, agent_names, records_dir is not None) for i in indices]
    if records_dir is not None:
        out = Path(records_dir)
        out.mkdir(parents=True, exist_ok=True)
        unit = "match" if matches else "deal"
        for o in outcomes:
            for r, record in enumerate(o.records):
                path = out / f"{unit}{o.index:05d}-seating{r}.json"
                path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
            o.records = []
    return outcomes


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal approximation, 1.96 standard
    errors; the mean alone for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


@dataclass
class AgentResult:
    name: str
    mean_score: float
    score_ci: tuple[float, float]
    win_rate: float
    win_ci: tuple[float, float]


@dataclass
class ArenaResult:
    game: str
    players: int
    options: dict[str, Any]
    agents: list[str]
    deals: int
    seed: int
    workers: int
    rotations: int
    results: list[AgentResult]
    margins: dict[str, tuple[float, float, float]]
    unit: str = "deal"
    margins_by_unit: dict[str, list[float]] = field(default_factory=dict)
    """Per margin key, every deal's (or match's) margin, in deal order."""

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "agents": self.agents,
            "deals": self.deals,
            "seed": self.seed,
            "workers": self.workers,
            "rotations_per_deal": self.rotations,
            "results": {
                r.name: {
                    "mean_score": round(r.mean_score, 3),
                    "score_ci95": [round(r.score_ci[0], 3), round(r.score_ci[1], 3)],
                    "win_rate": round(r.win_rate, 4),
                    "win_ci95": [round(r.win_ci[0], 4), round(r.win_ci[1], 4)],
                }
                for r in self.results
            },
            "margins": {
                k: {"mean": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)]}
                for k, (m, lo, hi) in self.margins.items()
            },
            "margins_by_unit": {
                k: [round(v, 3) for v in values] for k, values in self.margins_by_unit.items()
            },
        }

    def table(self) -> str:
        what = "whole matches" if self.unit == "match" else "deals"
        lines = [
            f"{self.game}, {self.players} players, {self.deals} duplicate {what} × "
            f"{self.rotations} seatings, seed {self.seed}",
            f"{'agent':<10} {'mean score':>11} {'95% CI':>19} {'win rate':>9} {'95% CI':>17}",
        ]
        for r in self.results:
            lines.append(
                f"{r.name:<10} {r.mean_score:>11.2f} [{r.score_ci[0]:>7.2f}, {r.score_ci[1]:>7.2f}] "
                f"{r.win_rate:>8.1%} [{r.win_ci[0]:>6.1%}, {r.win_ci[1]:>6.1%}]"
            )
        for key, (m, lo, hi) in self.margins.items():
            lines.append(f"margin {key}: {m:+.2f} per {self.unit}, 95% CI [{lo:+.2f}, {hi:+.2f}]")
        return "\n".join(lines) + "\n"


def run_arena(
    game: str,
    players: int,
    agent_names: Sequence[AgentSpec],
    deals: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    records_dir: str | Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    runner: Callable[[Callable[[Any], Any], Sequence[Any]], Iterable[Any]] | None = None,
    matches: bool = False,
) -> ArenaResult:
    """Play ``deals`` duplicate deals (``matches``: that many duplicate whole matches, the
    game's match length, scored by match totals and match wins) and summarise each agent
    (see the module docstring).

    ``runner(function, jobs)``, when given, computes the chunks of deals instead of this
    process or its pool (``hanafuda.cluster.ray_runner`` runs them on a Ray cluster); it must
    yield the results in job order.  The results do not depend on it.

    ``agent_names`` holds names (``make_agent``'s: ``strong@N``, ``policy:PATH``, …) and/or
    ``Agent`` objects; an object plays every game it is seated in (the same object: it must
    not carry state from one game to the next), and is known in the results by
    ``agent_label``.  With worker processes or a runner, objects travel by pickling."""
    config = configure(game, players, dict(options or {}))
    check_agents(agent_names)
    for spec in agent_names:
        problem = unavailable_reason(spec, config) if isinstance(spec, str) else None
        if problem:
            raise ValueError(problem)
    if not agent_names:
        raise ValueError("give at least one agent")
    if deals < 1:
        raise ValueError("deals must be at least 1")
    if progress:  # once everything asked is known to be valid: a refused run shows no bar
        progress(0, deals)
    # the tasks write the records: an absolute path, the same on every host of a cluster
    records = str(Path(records_dir).resolve()) if records_dir is not None else None
    if records is not None:
        Path(records).mkdir(parents=True, exist_ok=True)
    chunk = max(1, min(25, deals // max(1, workers * 4)))
    jobs = [
        (game, players, dict(config.given_options), list(range(i, min(deals, i + chunk))), seed,
         list(agent_names), records, matches)
        for i in range(0, deals, chunk)
    ]
    outcomes: list[DealOutcome] = []
    if runner is not None:
        for part in runner(_play_chunk, jobs):
            outcomes.extend(part)
            if progress:
                progress(len(outcomes), deals)
    elif workers <= 1:
        for job in jobs:
            outcomes.extend(_play_chunk(job))
            if progress:
                progress(len(outcomes), deals)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for part in pool.map(_play_chunk, jobs):
                outcomes.extend(part)
                if progress:
                    progress(len(outcomes), deals)
    outcomes.sort(key=lambda o: o.index)
    labels = [agent_label(spec) for spec in agent_names]
    names = list(dict.fromkeys(labels))
    results = []
    for name in names:
        mean, lo, hi = mean_ci([o.score[name] for o in outcomes])
        wmean, wlo, whi = mean_ci([o.win[name] for o in outcomes])
        results.append(AgentResult(name, mean, (lo, hi), wmean, (max(0.0, wlo), min(1.0, whi))))
    margins = {}
    by_unit = {}
    for other in names[1:]:
        key = f"{names[0]}{MINUS}{other}"
        by_unit[key] = [o.score[names[0]] - o.score[other] for o in outcomes]
        margins[key] = mean_ci(by_unit[key])
    return ArenaResult(
        game, players, dict(config.given_options), labels, deals, seed, workers,
        len(rotations(labels, players)), results, margins, "match" if matches else "deal",
        by_unit,
    )


@dataclass(frozen=True)
class PairedDifference:
    """One agent's margin against ``opponent`` in run A minus another's in run B, deal by deal."""

    first: str
    second: str
    opponent: str
    units: int
    unit: str
    mean: float
    ci: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second, "opponent": self.opponent,
                "units": self.units, "unit": self.unit, "mean": round(self.mean, 3),
                "ci95": [round(self.ci[0], 3), round(self.ci[1], 3)]}

    def line(self) -> str:
        units = "matches" if self.unit == "match" else f"{self.unit}s"
        return (f"{self.first} − {self.second}, both against {self.opponent}, over the same "
                f"{self.units} {units}: {self.mean:+.2f} per {self.unit}, 95% CI "
                f"[{self.ci[0]:+.2f}, {self.ci[1]:+.2f}]")


_SAME_CARDS = ("unit", "game", "players", "options", "seed")


def _margins_by_opponent(run: Mapping[str, Any], name: str) -> dict[str, tuple[str, list[float]]]:
    """``run``'s per-deal margins by opponent: ``{opponent: (first agent, margins)}``."""
    bad = ValueError(f"the {name} run's margins_by_unit is not an arena result's: "
                     f"'FIRST{MINUS}OTHER': [one number a deal, …]")
    margins = run["margins_by_unit"]
    if not isinstance(margins, Mapping):
        raise bad
    out = {}
    for key, values in margins.items():
        first, sep, opponent = str(key).partition(MINUS)
        if not sep or not isinstance(values, list) or not values \
                or not all(isinstance(v, int | float) for v in values):
            raise bad
        out[opponent] = (first, [float(v) for v in values])
    return out


def paired_difference(run_a: Mapping[str, Any] | ArenaResult,
                      run_b: Mapping[str, Any] | ArenaResult) -> list[PairedDifference]:
    """Compare two arena runs (their ``--json``, or the ``ArenaResult`` objects ``run_arena``
    returns — names or ``Agent`` objects alike) on the deals both played: for every opponent
    the two runs share, the first agent's margin against it in ``run_a`` minus that in ``run_b``, per
    deal, with a 95% interval over deals.  Deal ``i`` of a seed is the same cards in every run,
    so runs of different lengths share their first deals.

    ``ValueError`` when the runs did not play the same cards (another game, seat count,
    options, seed or unit), when either lacks the per-deal margins (a result written before
    they were kept), or when they share no opponent."""
    a = run_a.to_json() if isinstance(run_a, ArenaResult) else run_a
    b = run_b.to_json() if isinstance(run_b, ArenaResult) else run_b
    for key in _SAME_CARDS:
        if a.get(key) != b.get(key):
            raise ValueError(f"the runs did not play the same deals: {key} is {a.get(key)!r} "
                             f"in the first and {b.get(key)!r} in the second")
    for name, run in (("first", a), ("second", b)):
        if not run.get("margins_by_unit"):
            raise ValueError(f"the {name} run has no per-deal margins (margins_by_unit): "
                             "run it again with this version of hanafuda arena --json")

    mine, theirs = _margins_by_opponent(a, "first"), _margins_by_opponent(b, "second")
    shared = [opponent for opponent in mine if opponent in theirs]
    if not shared:
        raise ValueError(f"the runs share no opponent: {sorted(mine)} and {sorted(theirs)}")
    out = []
    for opponent in shared:
        (first, xs), (second, ys) = mine[opponent], theirs[opponent]
        n = min(len(xs), len(ys))
        mean, lo, hi = mean_ci([x - y for x, y in zip(xs[:n], ys[:n], strict=True)])
        out.append(PairedDifference(first, second, opponent, n, str(a["unit"]), mean, (lo, hi)))
    return out
