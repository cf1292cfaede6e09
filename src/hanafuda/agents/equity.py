"""Match equity: the probability of winning a 2-player match from its score (issue 31).

A match is a sequence of rounds (RULES.md §6): the totals add the round scores, the side with
the higher round score deals the next round (the dealer keeps the deal on a tie), and the
match ends after ``rounds`` rounds or when a side reaches ``target`` (the higher total wins;
equal totals share the win).  Rounds between the same two players are independent given who
deals, so the chance of winning from any score follows from the distribution of one round's
result, conditioned on the dealer, by dynamic programming over the rounds still to play — the
backgammon match-equity table.

The round results are simulated with the bots themselves (``simulate_rounds``: every seat the
same agent; each result is the dealer side's score, the other side's and whether the dealer
deals again, the last taken from the engine's own rule ``engine.match.next_dealer``), so the
table is that of two equal players.  The match rules come from the configuration
(``Config.rounds_limit``, ``Config.target``), never from a table by game.

Two formats (a configuration with both a round limit and a target is refused):

* **rounds** (Mushi, Min-Hwatu, Hana-Awase, Hawaiʻifuda): ``E[r, d, x]``, r rounds still to
  play, d = 1 when the seat's side deals the next one, x = its total minus the other's.
* **target** (Kwa-Dō, first to 200): ``E[d, a, b]``, a and b the points each side still needs.

One file per game and set of round options (``agents/weights/equity-GAME-2p.npz``, built by
``hanafuda equity GAME``; ``equity-kwa-do-2p-yaku=true.npz`` with ``-o yaku=true``) holds
the simulated round results, the command that made them and its format's table with its
bootstrap 95% band; any other format is computed from the same rounds when first asked for
(``match_equity``).  Kwa-Dō declarations are moves like any other: a search that plays for
the match scores them by this equity too.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.match import next_dealer
from ..rules import Config, RoundScore, configure
from ..views import PlayerView
from .learned.policy import WEIGHTS_DIR

__all__ = ["OBJECTIVES", "EquityError", "MatchEquity", "MatchFormat", "MatchLeaf", "build",
           "equity_file", "match_equity", "match_format", "match_leaf", "match_value", "next_deals",
           "objective_leaf", "simulate_rounds", "solve"]

Float = npt.NDArray[np.float64]
Outcomes = npt.NDArray[np.int64]
"""Simulated rounds, (n, 3): the dealer side's round score, the other side's, 1 if the
dealer deals the next round (0: the other side does)."""

SETTLED = 1e-6
"""An equity this close to 0 or 1 is a decided match, for trimming a stored table."""

MATCH_OPTIONS = ("rounds", "target")
"""The options that set the match's length, not how a round plays: a table of round results
serves every value of them."""


class EquityError(ValueError):
    """A configuration or file the match equity cannot serve (named in the message)."""


@dataclass(frozen=True)
class MatchFormat:
    """How a match ends: after ``rounds`` rounds, or when a side reaches ``target``."""

    rounds: int | None
    target: int | None

    def key(self) -> str:
        return f"rounds{self.rounds}" if self.rounds is not None else f"target{self.target}"


def match_format(config: Config) -> MatchFormat:
    """The match format of ``config`` (``EquityError`` when both ends are set)."""
    if config.rounds_limit is not None and config.target is not None:
        raise EquityError(f"{config.game.id}: a match with both a round limit and a target "
                          "has no equity table (give one of them)")
    return MatchFormat(config.rounds_limit, config.target)


# -- simulation ------------------------------------------------------------------------------

def simulate_rounds(config: Config, agent: str, rounds: int, seed: int) -> Outcomes:
    """``rounds`` rounds of ``config`` with ``agent`` (an arena name) in every seat, dealt
    from ``seed`` (round i by seat i mod 2): each row the dealer's score, the other's and
    whether the dealer deals next (``engine.match.next_dealer``, RULES.md §6)."""
    from ..records import Match  # the agents' views need the public match
    from .arena import _agent

    if config.players != 2:
        raise EquityError(f"match equity is for 2 players, not {config.players}")
    out = np.zeros((rounds, 3), np.int64)
    bots = [_agent(agent), _agent(agent)]
    for i in range(rounds):
        match = Match(config.game.id, 2, config=config, seed=random.Random(f"{seed}:{i}").getrandbits(63),
                      dealer=i % 2)
        rngs = [random.Random(f"{seed}:{i}:{s}") for s in range(2)]
        while match.to_move is not None:
            seat = match.to_move
            view = match.view(seat)
            match.play(bots[seat].choose(view, view.legal, rngs[seat]))
        rnd = match.current
        assert rnd.result is not None
        dealer_side = config.side_of[rnd.dealer]
        scores = rnd.result.scores
        out[i] = (scores[dealer_side], scores[1 - dealer_side],
                  int(config.side_of[next_dealer(config, rnd)] == dealer_side))
    return out


# -- the dynamic programme ---------------------------------------------------------------------

def _distribution(outcomes: Outcomes) -> tuple[Outcomes, Float]:
    """The distinct rows of ``outcomes`` and their frequencies."""
    rows, counts = np.unique(outcomes, axis=0, return_counts=True)
    return rows.astype(np.int64), counts / counts.sum()


def _as_seat(rows: Outcomes, deals: bool) -> tuple[Outcomes, Outcomes, Outcomes]:
    """Per outcome, the seat's score, the other's and whether the seat deals next, when the
    seat deals (``deals``) or the other side does."""
    dealer, other, keeps = rows[:, 0], rows[:, 1], rows[:, 2]
    if deals:
        return dealer, other, keeps
    return other, dealer, 1 - keeps


def solve_rounds(outcomes: Outcomes, rounds: int) -> tuple[Float, int]:
    """``E[r, d, x + span]`` for r = 0 … ``rounds`` and x in [−span, span]; beyond the span
    the match is decided (span = rounds × the largest round margin + 1), so a lookup clamps."""
    rows, p = _distribution(outcomes)
    span = rounds * int(np.abs(rows[:, 0] - rows[:, 1]).max(initial=0)) + 1
    x = np.arange(-span, span + 1)
    table = np.zeros((rounds + 1, 2, x.size))
    table[0, :] = np.where(x > 0, 1.0, np.where(x == 0, 0.5, 0.0))
    seat = [_as_seat(rows, bool(d)) for d in (0, 1)]
    for r in range(1, rounds + 1):
        for d in (0, 1):
            mine, theirs, deals = seat[d]
            acc = np.zeros(x.size)
            for k in range(rows.shape[0]):
                index = np.clip(np.arange(x.size) + (mine[k] - theirs[k]), 0, x.size - 1)
                acc += p[k] * table[r - 1, deals[k], index]
            table[r, d] = acc
    return table, span


def solve_target(outcomes: Outcomes, target: int) -> Float:
    """``E[d, a − 1, b − 1]`` for a, b = 1 … ``target`` points still needed by the seat's side
    and the other.  A round reaching the target ends the match: the higher total wins.

    Row by row in a (a round where the seat scores lowers it): the outcomes that move a read
    finished rows, all b at once; those where only the other side scores read the same row at
    a smaller b, so b goes up one at a time for them; a round where nobody scores repeats the
    state with the same dealer (a tie keeps the deal) and is divided out."""
    rows, p = _distribution(outcomes)
    if (rows[:, :2] < 0).any():
        raise EquityError("a target match needs round scores of at least 0")
    if target < 1:
        raise EquityError(f"the target must be at least 1, not {target}")
    seat = [_as_seat(rows, bool(d)) for d in (0, 1)]
    stay = float(p[(rows[:, 0] == 0) & (rows[:, 1] == 0)].sum())
    if stay >= 1.0:
        raise EquityError("rounds in which nobody ever scores cannot end a target match")
    table = np.zeros((2, target, target))
    need = np.arange(1, target + 1)
    moves, sideways = [], []
    for mine, theirs, deals in seat:
        up = mine > 0
        moves.append((mine[up], theirs[up], deals[up], p[up]))
        along = (mine == 0) & (theirs > 0)
        sideways.append(list(zip(theirs[along].tolist(), deals[along].tolist(), p[along].tolist(),
                                 strict=True)))
    for a in range(1, target + 1):
        base = np.zeros((2, target))
        for d in (0, 1):
            mine, theirs, deals, pk = moves[d]
            if not pk.size:
                continue
            a2 = (a - mine)[:, None]
            b2 = need[None, :] - theirs[:, None]
            decided = np.where(a2 < b2, 1.0, np.where(a2 == b2, 0.5, 0.0))
            known = table[deals[:, None], np.clip(a2, 1, None) - 1, np.clip(b2, 1, None) - 1]
            base[d] = pk @ np.where((a2 <= 0) | (b2 <= 0), decided, known)
        row = table[:, a - 1, :]
        scale = 1.0 / (1.0 - stay)
        for j in range(target):
            for d in (0, 1):
                acc = float(base[d, j])
                for t, nd, pk_ in sideways[d]:
                    if j >= t:  # the other side still short of the target (else: it won)
                        acc += pk_ * float(row[nd, j - t])
                row[d, j] = acc * scale
    return table


def solve(outcomes: Outcomes, fmt: MatchFormat) -> Float:
    """The equity table of ``fmt`` from simulated round results."""
    if fmt.rounds is not None:
        return solve_rounds(outcomes, fmt.rounds)[0]
    assert fmt.target is not None
    return solve_target(outcomes, fmt.target)


def _draw_bootstrap(outcomes: Outcomes, fmt: MatchFormat, samples: int, seed: int
                    ) -> tuple[Float, Float]:
    """A 95% band of every cell: the table ± 1.96 standard deviations of that cell over
    ``samples`` tables of resampled rounds (the normal bootstrap; clipped to [0, 1]).  A
    rounds table is resolved on the full sample's span so the cells line up."""
    gen = np.random.default_rng(seed)
    full = solve(outcomes, fmt)
    tables = np.zeros((samples, *full.shape))
    for i in range(samples):
        pick = outcomes[gen.integers(0, len(outcomes), len(outcomes))]
        if fmt.rounds is not None:
            # pad the resample with the extreme margins at zero weight: the same span
            table = _rounds_on_span(pick, fmt.rounds, full.shape[2] // 2)
        else:
            table = solve(pick, fmt)
        tables[i] = table
    spread = 1.96 * tables.std(axis=0, ddof=1)
    return np.clip(full - spread, 0.0, 1.0), np.clip(full + spread, 0.0, 1.0)


def _rounds_on_span(outcomes: Outcomes, rounds: int, span: int) -> Float:
    """``solve_rounds`` on a given span (wider than the sample's own)."""
    table, own = solve_rounds(outcomes, rounds)
    if own == span:
        return table
    x = np.arange(-span, span + 1)
    index = np.clip(x + own, 0, 2 * own)
    return table[:, :, index]


# -- the table and its lookup ---------------------------------------------------------------------

@dataclass
class MatchEquity:
    """The chance that a side wins the match, for one game's 2-player format.

    ``value(mine, theirs, rounds_left, i_deal)``: ``mine``/``theirs`` the two sides' totals
    after the round just played, ``rounds_left`` the rounds still to play (ignored in a target
    match), ``i_deal`` whether the side deals the next round.  ``low``/``high``: the bootstrap
    95% band of the shipped format (None for a format computed on demand)."""

    game: str
    fmt: MatchFormat
    table: Float
    outcomes: Outcomes
    low: Float | None = None
    high: Float | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def span(self) -> int:
        return int(self.table.shape[2] // 2) if self.fmt.rounds is not None else 0

    def value(self, mine: float, theirs: float, rounds_left: int, i_deal: bool) -> float:
        return float(self.values(np.array([mine], np.float64), np.array([theirs], np.float64),
                                 rounds_left, np.array([i_deal]))[0])

    def values(self, mine: npt.ArrayLike, theirs: npt.ArrayLike, rounds_left: int,
               i_deal: npt.ArrayLike) -> Float:
        """``value`` of many states at once (arrays of totals and dealers, one ``rounds_left``)."""
        return self._lookup(self.table, mine, theirs, rounds_left, i_deal)

    def band(self, mine: float, theirs: float, rounds_left: int, i_deal: bool
             ) -> tuple[float, float]:
        """The bootstrap 95% band of ``value`` (``EquityError`` for a format without one)."""
        if self.low is None or self.high is None:
            raise EquityError(f"{self.game} {self.fmt.key()}: no error band (not the shipped format)")
        args = (np.array([mine], np.float64), np.array([theirs], np.float64), rounds_left,
                np.array([i_deal]))
        return (float(self._lookup(self.low, *args)[0]), float(self._lookup(self.high, *args)[0]))

    def _lookup(self, table: Float, mine: npt.ArrayLike, theirs: npt.ArrayLike, rounds_left: int,
                i_deal: npt.ArrayLike) -> Float:
        me = np.asarray(mine, np.float64)
        them = np.asarray(theirs, np.float64)
        d = np.asarray(i_deal).astype(np.int64)
        d = np.broadcast_to(d, me.shape)
        if self.fmt.rounds is not None:
            if not 0 <= rounds_left <= self.fmt.rounds:
                raise EquityError(f"{rounds_left} rounds left in a {self.fmt.rounds}-round match")
            x = np.clip(np.rint(me - them).astype(np.int64), -self.span, self.span) + self.span
            result: Float = table[rounds_left, d, x]
            return result
        target = self.fmt.target
        assert target is not None
        need_me = target - np.rint(me).astype(np.int64)
        need_them = target - np.rint(them).astype(np.int64)
        over = (need_me <= 0) | (need_them <= 0)
        decided = np.where(need_me < need_them, 1.0, np.where(need_me == need_them, 0.5, 0.0))
        a = np.clip(need_me, 1, target) - 1
        b = np.clip(need_them, 1, target) - 1
        out: Float = np.where(over, decided, table[d, a, b])
        return out

    def of_view(self, view: PlayerView, mine: float, theirs: float, i_deal: bool) -> float:
        """The equity for ``view``'s side when the current round ends with these totals."""
        return self.value(mine, theirs, self.rounds_after(view), i_deal)

    def rounds_after(self, view: PlayerView) -> int:
        """Rounds still to play once the view's current round is over."""
        if self.fmt.rounds is None:
            return 0
        return max(0, self.fmt.rounds - view.round_number)

    # -- files ----------------------------------------------------------------------------------

    def trimmed(self) -> MatchEquity:
        """The same equity with a rounds table cut to the differences where some cell is not
        yet decided (within ``SETTLED`` of 0 or 1): a lookup clamps to the edge, which is off
        by at most that much.  A target table is returned as it is."""
        if self.fmt.rounds is None:
            return self
        open_ = ((self.table > SETTLED) & (self.table < 1 - SETTLED)).any(axis=(0, 1))
        live = np.flatnonzero(open_) - self.span
        keep = int(np.abs(live).max(initial=0)) + 1
        cut = slice(self.span - keep, self.span + keep + 1)
        return MatchEquity(self.game, self.fmt, self.table[:, :, cut], self.outcomes,
                           None if self.low is None else self.low[:, :, cut],
                           None if self.high is None else self.high[:, :, cut], self.meta)

    def save(self, path: Path) -> None:
        """Write the file (a rounds table ``trimmed``)."""
        trimmed = self.trimmed()
        if trimmed.table.shape != self.table.shape:
            trimmed.save(path)
            return
        arrays: dict[str, Any] = {"outcomes": self.outcomes.astype(np.int32),
                                  "table": self.table.astype(np.float32),
                                  "meta": np.array(json.dumps({**self.meta, "game": self.game,
                                                               "format": self.fmt.key()}))}
        if self.low is not None and self.high is not None:
            arrays["low"] = self.low.astype(np.float32)
            arrays["high"] = self.high.astype(np.float32)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            np.savez_compressed(handle, **arrays)

    @classmethod
    def load(cls, path: Path, fmt: MatchFormat | None = None) -> MatchEquity:
        """The table in ``path``; for another ``fmt`` of the same game, solved from its rounds."""
        try:
            with np.load(path) as data:
                meta = json.loads(str(data["meta"]))
                outcomes = data["outcomes"].astype(np.int64)
                table = data["table"].astype(np.float64)
                low = data["low"].astype(np.float64) if "low" in data else None
                high = data["high"].astype(np.float64) if "high" in data else None
        except (OSError, KeyError, ValueError) as error:
            raise EquityError(f"{path}: not a match-equity file ({error})") from None
        shipped = _parse_format(meta["format"])
        if fmt is not None and fmt != shipped:
            return cls(meta["game"], fmt, solve(outcomes, fmt), outcomes, None, None, meta)
        return cls(meta["game"], shipped, table, outcomes, low, high, meta)


def next_deals(mine: npt.ArrayLike, theirs: npt.ArrayLike, i_deal_now: bool) -> npt.NDArray[np.bool_]:
    """Whether a side deals the next round after round scores ``mine`` and ``theirs``
    (arrays): RULES.md §6 for two sides, as ``engine.match.next_dealer`` decides it — the
    higher round score deals, and on a tie the dealer keeps the deal."""
    me, them = np.asarray(mine), np.asarray(theirs)
    result: npt.NDArray[np.bool_] = (me > them) | ((me == them) & i_deal_now)
    return result


TIE_BREAK = 1e-7
"""Per point of round margin, added to a leaf's match equity: where the match is decided
whatever happens (every leaf worth exactly 0 or 1) the search still prefers the larger
margin; elsewhere it is far below one simulation's weight (a margin of 300 adds 3e-5)."""


@dataclass(frozen=True)
class MatchLeaf:
    """How a search scores a finished round for the match (issue 31): the chance its side
    wins the match once this round's scores are added to the totals, with the next dealer by
    RULES.md §6 and the rounds still to play after it (plus ``TIE_BREAK`` × the margin)."""

    equity: MatchEquity
    side: int
    mine: float
    theirs: float
    deals_now: bool
    rounds_after: int

    def values(self, scores: npt.ArrayLike) -> Float:
        """The match equity after rounds ending with ``scores`` ((B, 2) round scores by side)."""
        s = np.asarray(scores, np.float64).reshape(-1, 2)
        me, them = s[:, self.side], s[:, 1 - self.side]
        return self.equity.values(self.mine + me, self.theirs + them, self.rounds_after,
                                  next_deals(me, them, self.deals_now)) + TIE_BREAK * (me - them)

    def value(self, scores: tuple[int, ...] | list[float]) -> float:
        return float(self.values(np.array([scores]))[0])

    def of_margin(self, margin: float) -> float:
        """The equity of a round won by ``margin`` points (a network's estimate, in round
        points): the difference moves by it; in a target match the side ahead gains it."""
        gain = max(margin, 0.0), max(-margin, 0.0)
        return self.value([gain[0], gain[1]] if self.side == 0 else [gain[1], gain[0]])


def match_leaf(view: PlayerView, config: Config) -> MatchLeaf | None:
    """The match objective for ``view``'s seat, or None where there is no match to play for
    (no equity for ``config``: a single deal, more than two sides, other options; or a
    finished match): then a search keeps the round margin."""
    equity = match_equity(config)
    side = view.side
    if equity is None or side is None or view.finished:
        return None
    if equity.fmt.rounds is not None and view.round_number > equity.fmt.rounds:
        return None
    return MatchLeaf(equity, side, float(view.totals[side]), float(view.totals[1 - side]),
                     config.side_of[view.dealer] == side, equity.rounds_after(view))


OBJECTIVES = ("match", "round")
"""What a search maximises: the match equity where the view has a match to play for (falling
back to the round margin elsewhere), or always the round margin."""


def objective_leaf(objective: str, view: PlayerView, config: Config) -> MatchLeaf | None:
    """The match leaf a search with ``objective`` uses for ``view`` (None: the round margin)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    return match_leaf(view, config) if objective == "match" else None


def match_value(leaf: MatchLeaf) -> Callable[[RoundScore, int], float]:
    """A scalar search's leaf value for the match: the equity after the round's scores."""

    def value(result: RoundScore, _side: int) -> float:
        return leaf.value(result.scores)

    return value


def _parse_format(key: str) -> MatchFormat:
    if key.startswith("rounds"):
        return MatchFormat(int(key[6:]), None)
    return MatchFormat(None, int(key[6:]))


def round_options(config: Config) -> dict[str, Any]:
    """The given options that change how a round plays (all but ``MATCH_OPTIONS``)."""
    return {k: v for k, v in sorted(config.given_options.items()) if k not in MATCH_OPTIONS}


def equity_file(game: str, players: int = 2, options: Mapping[str, Any] | None = None) -> Path:
    """Where the shipped table of ``game`` lives: ``equity-GAME-2p.npz`` for its default rounds,
    with ``-key=value`` for each option that changes how a round plays (``-yaku=true``)."""
    suffix = "".join(f"-{k}={json.dumps(v, separators=(',', ':'))}"
                     for k, v in sorted((options or {}).items()) if k not in MATCH_OPTIONS)
    return WEIGHTS_DIR / f"equity-{game}-{players}p{suffix}.npz"


_CACHE: dict[tuple[str, str, MatchFormat], MatchEquity | None] = {}


def match_equity(config: Config) -> MatchEquity | None:
    """The match equity for ``config``, or None where none exists: not 2 players, a single
    deal (``rounds=1``, as the arena's per-deal mode plays), both a round limit and a
    target, or no file for its game and round options (``equity_file``).  Cached per file
    and format."""
    if config.players != 2 or config.num_sides != 2 or config.rounds_limit == 1:
        return None  # a one-round match is a single deal: its objective is the round margin
    try:
        fmt = match_format(config)
    except EquityError:
        return None
    path = equity_file(config.game.id, config.players, round_options(config))
    key = (str(path), config.game.id, fmt)
    if key not in _CACHE:
        _CACHE[key] = MatchEquity.load(path, fmt) if path.exists() else None
    return _CACHE[key]


# -- the build command ------------------------------------------------------------------------------

def build(game: str, *, agent: str = "greedy", rounds: int = 20000, seed: int = 0,
          bootstrap: int = 40, options: Mapping[str, Any] | None = None,
          out: Path | None = None, command: str = "") -> tuple[MatchEquity, Path]:
    """Simulate ``rounds`` rounds of ``game`` (2 players, ``options``) with ``agent`` in both
    seats, solve the match format of ``options`` with a ``bootstrap`` 95% band, and write the
    file (by default the shipped one for those round options, ``equity_file``)."""
    if rounds < 2 or bootstrap < 2:
        raise EquityError("need at least 2 rounds and 2 bootstrap samples")
    config = configure(game, 2, dict(options or {}))
    fmt = match_format(config)
    started = time.perf_counter()
    outcomes = simulate_rounds(config, agent, rounds, seed)
    simulated = time.perf_counter() - started
    table = solve(outcomes, fmt)
    low, high = _draw_bootstrap(outcomes, fmt, bootstrap, seed)
    meta = {"agent": agent, "rounds_simulated": rounds, "seed": seed, "bootstrap": bootstrap,
            "seconds_simulating": round(simulated, 1), "command": command,
            "made": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    equity = MatchEquity(game, fmt, table, outcomes, low, high, meta)
    path = out if out is not None else equity_file(game, 2, round_options(config))
    equity.save(path)
    _CACHE.clear()
    return equity, path
