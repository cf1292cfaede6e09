"""The league: every pair of agents on the same duplicate deals, one cross-play table (issue 32).

``run_league`` plays each pair with ``run_arena`` on one seed, so every pair meets the same
cards (deal ``i`` is the same deal in every pairing) and each deal is played from every
seat.  The table has, per pair, the row agent's mean margin per deal with its 95% interval,
and per agent a rating on the Elo scale: the Bradley–Terry fit of all the pairings' win
shares (a deal's win share is the part of its seatings the agent's side won, ties split),
400 points being 10:1 odds, the mean rating 1500.  The fit is order-free (unlike Elo's
running updates), and each pair carries one virtual drawn deal so that an agent that won or
lost every deal still gets a finite rating.

``focus=AGENT`` plays only the pairs with that agent (a learner against the shipped bots,
in one call); the ratings then come from those pairs alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .arena import MINUS, AgentSpec, ArenaResult, agent_label, check_agents, run_arena

__all__ = ["LeagueResult", "bradley_terry_elo", "run_league"]

PRIOR_DRAWS = 1.0
"""Virtual drawn deals per pair in the rating fit (module docstring)."""


def bradley_terry_elo(names: Sequence[str], wins: Mapping[tuple[str, str], tuple[float, float]],
                      prior: float = PRIOR_DRAWS) -> dict[str, float]:
    """Elo-scale Bradley–Terry ratings: ``wins[(a, b)] = (a's wins, games)`` (wins may be
    fractional).  Fitted by the minorise–maximise iteration; mean rating 1500.  ``prior``
    adds that many drawn games to every pair."""
    strength = {n: 1.0 for n in names}
    won = {n: 0.0 for n in names}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (w, n) in wins.items():
        if n < 0 or not 0 <= w <= n:
            raise ValueError(f"wins of {a!r} against {b!r}: {w} of {n} games")
        won[a] += w + prior / 2
        won[b] += n - w + prior / 2
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0.0) + n + prior
    for _ in range(10_000):
        new = {}
        for name in names:
            denom = sum(g / (strength[a] + strength[b]) for (a, b), g in games.items()
                        if name in (a, b))
            new[name] = won[name] / denom if denom else strength[name]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {k: v / scale for k, v in new.items()}
        done = max(abs(math.log(new[k] / strength[k])) for k in names) < 1e-10
        strength = new
        if done:
            break
    return {n: 1500.0 + 400.0 * math.log10(strength[n]) for n in names}


@dataclass
class LeagueResult:
    """Every pair's arena result, and the ratings fitted from them."""

    game: str
    players: int
    agents: list[str]
    deals: int
    seed: int
    pairs: list[ArenaResult]
    ratings: dict[str, float]

    def margin(self, first: str, second: str) -> tuple[float, float, float] | None:
        """``first``'s mean margin per deal over ``second`` and its 95% interval, when they met."""
        for pair in self.pairs:
            a, b = pair.agents
            if (a, b) == (first, second):
                return pair.margins[f"{a}{MINUS}{b}"]
            if (a, b) == (second, first):
                m, lo, hi = pair.margins[f"{a}{MINUS}{b}"]
                return -m, -hi, -lo
        return None

    def table(self) -> str:
        """Rating per agent (best first), then the row agent's margin over each column agent:
        mean ± the half-width of its 95% interval, per deal."""
        order = sorted(self.agents, key=lambda n: -self.ratings[n])
        width = max(12, *(len(n) + 1 for n in order))
        found = [m for r in order for c in order if r != c and (m := self.margin(r, c)) is not None]
        # The ± signs line up in a column; a cell is as wide as its widest mean and half-width
        # need (Hana-Awase's margins reach three digits), with a space before it.
        half_width = max(5, *(len(f"{(hi - lo) / 2:.2f}") for _, lo, hi in found)) if found else 5
        mean_width = max((len(f"{mean:+.2f}") for mean, _, _ in found), default=6)
        cell = max(13, *(len(n) + 1 for n in order), mean_width + half_width + 2)
        lines = [
            f"{self.game}, {self.players} players: league of {len(self.agents)} agents, "
            f"{self.deals} duplicate deals per pair, seed {self.seed}",
            "rating: Bradley–Terry on the Elo scale (mean 1500); cell: row − column margin per "
            "deal ± 95% CI",
            f"{'agent':<{width}}{'rating':>7}  " + "".join(f"{n:>{cell}}" for n in order),
        ]
        for row in order:
            cells = []
            for col in order:
                m = self.margin(row, col) if row != col else None
                if m is None:
                    cells.append(f"{'—' if row == col else '':>{cell}}")
                else:
                    mean, lo, hi = m
                    cells.append(f"{mean:>+{cell - half_width - 1}.2f}±{(hi - lo) / 2:<{half_width}.2f}")
            lines.append(f"{row:<{width}}{self.ratings[row]:>7.0f}  " + "".join(cells))
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": "league",
            "game": self.game,
            "players": self.players,
            "agents": self.agents,
            "deals": self.deals,
            "seed": self.seed,
            "ratings": {k: round(v, 1) for k, v in self.ratings.items()},
            "pairs": [pair.to_json() for pair in self.pairs],
        }


def run_league(
    game: str,
    players: int,
    agents: Sequence[AgentSpec],
    deals: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    focus: AgentSpec | None = None,
    records_dir: str | Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    runner: Callable[[Callable[[Any], Any], Sequence[Any]], Iterable[Any]] | None = None,
) -> LeagueResult:
    """Play every pair of ``agents`` (names or ``Agent`` objects) on ``deals`` duplicate deals
    of one seed (``focus``: only its pairs) and rate them (module docstring).  ``progress``
    counts deals over all pairs; ``records_dir`` gets one folder per pair."""
    labels = check_agents(agents)
    if len(set(labels)) != len(labels) or len(labels) < 2:
        raise ValueError("a league needs at least two agents, each named once")
    if focus is not None and agent_label(focus) not in labels:
        raise ValueError(f"the focus agent {agent_label(focus)!r} is not in the league")
    pairs = [(i, j) for i in range(len(agents)) for j in range(i + 1, len(agents))
             if focus is None or agent_label(focus) in (labels[i], labels[j])]
    if focus is not None:  # the focus agent first: its margins read as its own
        pairs = [(i, j) if labels[i] == agent_label(focus) else (j, i) for i, j in pairs]
    if deals < 1:
        raise ValueError("deals must be at least 1")
    total = deals * len(pairs)
    if progress:
        progress(0, total)
    results: list[ArenaResult] = []
    for k, (i, j) in enumerate(pairs):
        done = k * deals

        def pair_progress(n: int, _of: int, done: int = done) -> None:
            if progress and n:
                progress(done + n, total)

        records = Path(records_dir) / f"{labels[i]}-vs-{labels[j]}".replace("/", "_").replace(
            ":", "_") if records_dir is not None else None
        results.append(run_arena(game, players, [agents[i], agents[j]], deals, seed, options,
                                 workers, records, progress=pair_progress, runner=runner))
    wins = {}
    for pair in results:
        a, b = pair.agents
        wins[(a, b)] = (pair.results[0].win_rate * pair.deals, float(pair.deals))
    ratings = bradley_terry_elo(labels, wins)
    return LeagueResult(game, players, labels, deals, seed, results, ratings)
