#!/usr/bin/env python
"""Render the strength table of docs/bots.md from the arena results in docs/bots-results/.

    python scripts/render_bots_table.py     # rewrites the table between the markers
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "docs" / "bots-results"
DOC = ROOT / "docs" / "bots.md"
BEGIN = "<!-- strength-table:begin -->"
END = "<!-- strength-table:end -->"

CONFIGS = [
    ("min-hwatu", 2, ""), ("min-hwatu", 6, ""), ("hana-awase", 2, ""), ("hana-awase", 4, ""),
    ("kwa-do", 2, ""), ("kwa-do", 6, ""), ("kwa-do", 4, "-teams"), ("hawaiifuda", 2, ""),
    ("hawaiifuda", 6, ""), ("mushi", 2, ""),
]
PAIRINGS = [("strong", "greedy"), ("greedy", "random")]
# The learned bots (issue 13): rows appear once their results exist.
LEARNED_PAIRINGS = [("policy", "greedy"), ("expert", "greedy"), ("expert", "strong"), ("expert", "policy"),
                    ("expert@100", "greedy"), ("expert@400", "greedy"), ("expert@1600", "greedy"),
                    ("expert@100", "strong"), ("expert@400", "strong"), ("expert@1600", "strong")]
LEARNED_CONFIGS = CONFIGS + [("min-hwatu", 3, ""), ("kwa-do", 4, "")]


def verdict(data: dict) -> str:
    first = data["agents"][0]
    win = data["results"][first]["win_rate"]
    lo, hi = next(iter(data["margins"].values()))["ci95"]
    if win >= 0.60:
        return "**yes** (win rate ≥ 60%)"
    if lo > 0:
        return "**yes** (margin CI > 0)"
    if hi < 0:
        return "no (worse)"
    return "not shown"


def row(game: str, players: int, label: str, a: str, b: str, suffix: str = "") -> str:
    name = f"{game}-{players}p{label}-{a}-vs-{b}{suffix}.json"
    setup = f"{game} {players}p" + (" teams 2×2" if label else "")
    path = RESULTS / name
    if not path.exists():
        return f"| {setup} | {a} vs {b} | — | — | — | — | not run yet |"
    data = json.loads(path.read_text())
    res = data["results"]
    margin = next(iter(data["margins"].values()))
    lo, hi = margin["ci95"]
    return (
        f"| {setup} | {a} vs {b} | {data['deals']} × {data['rotations_per_deal']} | "
        f"{res[a]['win_rate']:.1%} [{res[a]['win_ci95'][0]:.1%}, {res[a]['win_ci95'][1]:.1%}] | "
        f"{res[a]['mean_score']:.2f} vs {res[b]['mean_score']:.2f} | "
        f"{margin['mean']:+.2f} [{lo:+.2f}, {hi:+.2f}] | {verdict(data)} |"
    )


def table() -> str:
    lines = [
        "| game | pairing | deals × seatings | win rate of the first (95% CI) | mean scores | "
        "margin per deal (95% CI) | first is stronger |",
        "|---|---|---|---|---|---|---|",
    ]
    for a, b in PAIRINGS:
        for game, players, label in CONFIGS:
            lines.append(row(game, players, label, a, b))
    for suffix in ("", "-matches"):
        for a, b in LEARNED_PAIRINGS:
            for game, players, label in LEARNED_CONFIGS:
                found = RESULTS / f"{game}-{players}p{label}-{a}-vs-{b}{suffix}.json"
                if found.exists() and found.stat().st_size:  # (empty: a run still writing)
                    line = row(game, players, label, a, b, suffix)
                    if suffix:  # whole matches: the unit is a match
                        line = line.replace(f"| {a} vs {b} |", f"| {a} vs {b}, whole matches |", 1)
                    lines.append(line)
    return "\n".join(lines)


def main() -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    DOC.write_text(text[:start] + "\n" + table() + "\n" + text[end:], encoding="utf-8")


if __name__ == "__main__":
    main()
