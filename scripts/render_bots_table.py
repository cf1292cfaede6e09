#!/usr/bin/env python
"""Render the strength tables from the arena results in docs/bots-results/.

    python scripts/render_bots_table.py     # rewrites both tables between their markers

Two tables: the guide's summary in docs/bots.md (one row a 2-player game, one column a
pairing: the figure a player compares) and the full table of the measurement log,
docs/bots-results/README.md.  In the full table every ``*.json`` there (``hanafuda arena …
--json``, or ``--matches``) becomes one row; its
labels come from the file itself: the game, the seat count, the team layout from the
``teams`` option (``teams 2×2``: two teams of two, ``teams 3×2``: three teams of two), any
other option, the agents of the pairing, the unit (deals or whole matches) and, where two
files would otherwise give the same label, the seed.  A file that is empty or lacks a field the row needs
stops the script with an error naming the file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "docs" / "bots-results"
DOC = ROOT / "docs" / "bots.md"
LOG = RESULTS / "README.md"
BEGIN = "<!-- strength-table:begin -->"
END = "<!-- strength-table:end -->"
SUMMARY_BEGIN = "<!-- strength-summary:begin -->"
SUMMARY_END = "<!-- strength-summary:end -->"

GAME_ORDER = ("min-hwatu", "hana-awase", "kwa-do", "hawaiifuda", "mushi", "koi-koi")
# Pairings in the order the table lists them; any other pairing follows, by name.
# ``expert`` is today's default (batch search, greedy rollouts, 4,800 simulations);
# ``expert@600/scalar`` the default before it (results recorded as ``expert`` then).
PAIRING_ORDER = (("strong", "greedy"), ("greedy", "random"), ("policy", "greedy"),
                 ("expert", "greedy"), ("expert", "strong"), ("expert", "policy"),
                 ("expert@4800/batch-greedy", "expert@600/scalar"),
                 ("expert@4800/batch-greedy", "strong"),
                 ("expert@600/scalar", "greedy"), ("expert@600/scalar", "strong"),
                 ("expert@600/scalar", "policy"),
                 ("expert@100", "greedy"), ("expert@400", "greedy"), ("expert@1600", "greedy"),
                 ("expert@100", "strong"), ("expert@400", "strong"), ("expert@1600", "strong"))
REQUIRED = ("game", "players", "agents", "deals", "rotations_per_deal", "results", "margins")
HEADER = ("| game | pairing | deals × seatings | win rate of the first (95% CI) | mean scores | "
          "margin per deal (95% CI) | first is stronger |")


class ResultError(ValueError):
    """An arena result file the table cannot show (empty, not JSON, or missing a field)."""


def load(path: Path) -> dict[str, Any]:
    """The arena result in ``path``, checked for the fields a row needs."""
    text = path.read_text(encoding="utf-8")
    if not text.strip():
        raise ResultError(f"{path}: empty (an arena run still writing?)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ResultError(f"{path}: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise ResultError(f"{path}: not an arena result object")
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise ResultError(f"{path}: missing {', '.join(missing)}")
    first, second = pairing(data)
    for agent in (first, second):
        if agent not in data["results"]:
            raise ResultError(f"{path}: no results for agent {agent!r}")
    if not data["margins"]:
        raise ResultError(f"{path}: no margins")
    return data


def pairing(data: dict[str, Any]) -> tuple[str, str]:
    """The first agent and the other one (``policy,greedy,greedy`` is policy vs greedy)."""
    agents = list(dict.fromkeys(data["agents"]))
    if len(agents) != 2:
        raise ResultError(f"a row compares two agents, not {agents}")
    return agents[0], agents[1]


def teams_label(teams: list[list[int]]) -> str:
    """``teams 2×2`` for two teams of two, ``teams 3×2`` for three teams of two; uneven
    teams are listed (``teams 2+1``)."""
    sizes = [len(team) for team in teams]
    if len(set(sizes)) == 1:
        return f"teams {len(teams)}×{sizes[0]}"
    return "teams " + "+".join(str(size) for size in sizes)


def setup(data: dict[str, Any]) -> str:
    """``game Np`` plus the team layout and any other option."""
    options = dict(data.get("options") or {})
    parts = [f"{data['game']} {data['players']}p"]
    teams = options.pop("teams", None)
    if teams:
        parts.append(teams_label(teams))
    parts.extend(f"{key}={json.dumps(value)}" for key, value in sorted(options.items()))
    return " ".join(parts)


def verdict(data: dict[str, Any]) -> str:
    first, _ = pairing(data)
    win = data["results"][first]["win_rate"]
    lo, hi = next(iter(data["margins"].values()))["ci95"]
    if win >= 0.60:
        return "**yes** (win rate ≥ 60%)"
    if lo > 0:
        return "**yes** (margin CI > 0)"
    if hi < 0:
        return "no (worse)"
    return "not shown"


def identity(data: dict[str, Any]) -> tuple[str, str, str, str]:
    """What a row names: the setup, the pairing and the unit (the seed only where two files
    share all three)."""
    first, second = pairing(data)
    return setup(data), first, second, data.get("unit", "deal")


def signed(value: float) -> str:
    """``value`` to two decimals with its sign; one that rounds to zero is plain ``0.00`` (a
    level margin, not ``-0.00``)."""
    text = f"{value:+.2f}"
    return "0.00" if text in ("+0.00", "-0.00") else text


def row(data: dict[str, Any], show_seed: bool = False) -> str:
    first, second = pairing(data)
    res = data["results"]
    margin = next(iter(data["margins"].values()))
    lo, hi = margin["ci95"]
    label = f"{first} vs {second}"
    if data.get("unit", "deal") == "match":
        label += ", whole matches"
    if show_seed:
        label += f" (seed {data.get('seed')})"
    return (
        f"| {setup(data)} | {label} | {data['deals']} × {data['rotations_per_deal']} | "
        f"{res[first]['win_rate']:.1%} [{res[first]['win_ci95'][0]:.1%}, "
        f"{res[first]['win_ci95'][1]:.1%}] | "
        f"{res[first]['mean_score']:.2f} vs {res[second]['mean_score']:.2f} | "
        f"{signed(margin['mean'])} [{signed(lo)}, {signed(hi)}] | {verdict(data)} |"
    )


def order(data: dict[str, Any]) -> tuple[Any, ...]:
    """Deals before whole matches; then the pairing, the game, the seats, the options."""
    pair = pairing(data)
    known = PAIRING_ORDER.index(pair) if pair in PAIRING_ORDER else len(PAIRING_ORDER)
    game = data["game"]
    return (data.get("unit", "deal") == "match", known, pair,
            GAME_ORDER.index(game) if game in GAME_ORDER else len(GAME_ORDER), game,
            data["players"], bool(data.get("options")),
            json.dumps(data.get("options") or {}, sort_keys=True),
            data.get("seed", 0))


def table(results_dir: Path = RESULTS) -> str:
    """The markdown table: one row per ``*.json`` in ``results_dir``."""
    files = sorted(results_dir.glob("*.json"))
    if not files:
        raise ResultError(f"{results_dir}: no arena results (*.json)")
    results = []
    for path in files:
        data = load(path)
        try:
            order(data)
        except ResultError as error:
            raise ResultError(f"{path}: {error}") from None
        results.append(data)
    named: dict[tuple[str, str, str, str], int] = {}
    for data in results:
        named[identity(data)] = named.get(identity(data), 0) + 1
    lines = [HEADER, "|---|---|---|---|---|---|---|"]
    for data in sorted(results, key=order):
        lines.append(row(data, show_seed=named[identity(data)] > 1))
    return "\n".join(lines)


# The guide's summary: its columns (first agent, second agent, unit) and their headings.  A
# cell is the file with that pairing in that game at 2 players and default options; with
# several, the one with the most deals (then units) — the best-measured figure.
SUMMARY_COLUMNS = (("strong", "greedy", "deal", "`strong` vs `greedy`, per deal"),
                   ("policy", "greedy", "deal", "`policy` vs `greedy`, per deal"),
                   ("expert", "greedy", "deal", "`expert` vs `greedy`, per deal"),
                   ("expert", "strong", "deal", "`expert` vs `strong`, per deal"),
                   ("expert", "greedy", "match", "`expert` vs `greedy`, whole matches won"))
# Names a result file may give today's default expert (its search spelled out).
DEFAULT_ALIASES = {"expert@4800/batch-greedy": "expert"}


def _summary_key(data: dict[str, Any]) -> tuple[str, str, str] | None:
    if data["players"] != 2 or data.get("options"):
        return None
    first, second = pairing(data)
    return (DEFAULT_ALIASES.get(first, first), DEFAULT_ALIASES.get(second, second),
            data.get("unit", "deal"))


def summary(results_dir: Path = RESULTS) -> str:
    """The guide's table: per 2-player game (default options), the margin per deal of each
    pairing with its 95% interval, and the share of whole matches ``expert`` wins against
    ``greedy``; ``—`` where no file measured it."""
    best: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    for path in sorted(results_dir.glob("*.json")):
        data = load(path)
        key = _summary_key(data)
        if key is None:
            continue
        cell = (data["game"], *key)
        size = (data["deals"], data["deals"] * data["rotations_per_deal"])
        if cell not in best or size > (best[cell]["deals"],
                                       best[cell]["deals"] * best[cell]["rotations_per_deal"]):
            best[cell] = data
    lines = ["| game | " + " | ".join(c[3] for c in SUMMARY_COLUMNS) + " |",
             "|---|" + "---|" * len(SUMMARY_COLUMNS)]
    for game in GAME_ORDER:
        cells = []
        for first, second, unit, _ in SUMMARY_COLUMNS:
            data = best.get((game, first, second, unit))
            if data is None:
                cells.append("—")
                continue
            n = f"{data['deals']} {'matches' if unit == 'match' else 'deals'}"
            if unit == "match":
                res = data["results"][pairing(data)[0]]
                lo, hi = res["win_ci95"]
                cells.append(f"{res['win_rate']:.1%} [{lo:.1%}, {hi:.1%}] ({n})")
            else:
                margin = next(iter(data["margins"].values()))
                lo, hi = margin["ci95"]
                cells.append(f"{signed(margin['mean'])} [{signed(lo)}, {signed(hi)}] ({n})")
        lines.append(f"| {game} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _replace(text: str, begin: str, end: str, body: str) -> str:
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[:start] + "\n" + body + "\n" + text[stop:]


def render(doc: Path = LOG, results_dir: Path = RESULTS) -> None:
    """Rewrite every table whose markers ``doc`` holds: the full table (docs/bots-results/
    README.md), the summary (docs/bots.md)."""
    text = doc.read_text(encoding="utf-8")
    found = False
    for begin, end, make in ((BEGIN, END, table), (SUMMARY_BEGIN, SUMMARY_END, summary)):
        if begin in text and end in text:
            text = _replace(text, begin, end, make(results_dir))
            found = True
    if not found:
        raise ResultError(f"{doc}: no table markers ({BEGIN} … {END} or "
                          f"{SUMMARY_BEGIN} … {SUMMARY_END})")
    doc.write_text(text, encoding="utf-8")


def main() -> None:
    try:
        render(DOC)
        render(LOG)
    except ResultError as error:
        sys.exit(f"render_bots_table: {error}")


if __name__ == "__main__":
    main()
