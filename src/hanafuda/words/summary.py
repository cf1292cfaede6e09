"""Round and match results in words: each side's pile, its yaku, its score with how it was
computed, the totals and the winner (RULES.md §4, §6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CardSet
from ..rules.base import RoundScore
from .catalogue import text
from .languages import yaku_name
from .names import Namer, join_words
from .piles import SidePile, side_pile
from .scores import ScoreWords, number_text, score_line, score_words
from .sentences import note_text, say

__all__ = ["SideResult", "match_result_text", "round_result", "round_result_lines", "stop_text",
           "totals_text"]


@dataclass(frozen=True)
class SideResult:
    """A side at the end of a round."""

    side: int
    name: str
    pile: SidePile
    yaku: tuple[tuple[str, str, int], ...]
    terms: tuple[ScoreWords, ...]
    score: int
    line: str

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "name": self.name, "pile": self.pile.to_dict(),
                "yaku": [{"id": i, "name": n, "points": p} for i, n, p in self.yaku],
                "terms": [t.to_dict() for t in self.terms], "score": self.score,
                "line": self.line}


def round_result(namer: Namer, result: RoundScore,
                 captures: Sequence[CardSet | int]) -> list[SideResult]:
    """Every side's result of a finished round."""
    config = namer.config
    out = []
    for side in range(config.num_sides):
        out.append(SideResult(
            side, namer.side(side), side_pile(namer, side, captures[side]),
            tuple((y.id, y.name if namer.lang == "en" else yaku_name(config.game, y.id, y.name, namer.lang),
                   y.value(int(captures[side]))) for y in result.yaku[side]),
            tuple(score_words(config, result.terms[side], namer.lang)), result.scores[side],
            score_line(config, result.terms[side], result.scores[side], namer.lang)))
    return out


def stop_text(namer: Namer, result: RoundScore) -> str:
    """How a Koi-Koi round ended when a player stopped (``RoundScore.stopped``; docs/rules/koi-koi.md,
    "The decision"): "Casual bot (seat 2) made Moon Viewing Sake and stopped — scoring 5, paid
    by you."  Said at the round's end, so no one wonders why the round stopped short; "" when no
    one stopped (a win at the deal or a round played out have their note instead)."""
    side = result.stopped
    if side < 0:
        return ""
    lang = namer.lang
    config = namer.config
    names = [yaku_name(config.game, y.id, y.name, lang) for y in result.yaku[side]]
    payers = [s for s in range(config.num_sides) if result.scores[s] < 0]

    def named(s: int) -> str:  # "you" inside an English sentence, as its subject "You"
        said = namer.side(s)
        return said.lower() if lang == "en" and said == "You" else said

    if lang == "en":
        yaku, paid = join_words(names), join_words([named(s) for s in payers])
    else:
        yaku = text("list.separator", lang).join(names)
        paid = say("winners_joiner", lang).join(named(s) for s in payers)
    return text("result.stopped", lang, who=namer.side(side), yaku=yaku,
                points=result.scores[side], payer=paid)


def totals_text(namer: Namer, totals: Sequence[int]) -> str:
    """"You 120, Greedy (seat 2) −80" (a negative total with the one minus sign, ``number_text``)."""
    said = [f"{namer.side(s)} {number_text(t)}" for s, t in enumerate(totals)]
    if namer.lang != "en":
        return say("totals_joiner", namer.lang).join(said)
    return ", ".join(said)


def round_result_lines(namer: Namer, number: int, result: RoundScore,
                       captures: Sequence[CardSet | int], totals: Sequence[int]) -> list[str]:
    """The end-of-round screen: each side's pile by kind, yaku and score; then the totals."""
    lang = namer.lang
    lines = [text("result.round_over", lang, n=number)]
    stopped = stop_text(namer, result)
    if stopped:
        lines.append(stopped)
    separator = ", " if lang == "en" else text("list.separator", lang)
    for r in round_result(namer, result, captures):
        lines.append("")
        lines.extend(r.pile.lines())
        if r.yaku:
            lines.append(text("result.yaku", lang, yaku=separator.join(
                f"{name} {points}" for _, name, points in r.yaku)))
        lines.append(text("result.score", lang, line=r.line))
    if result.note:
        lines += ["", text("result.note", lang, note=note_text(result.note, lang))]
    lines += ["", text("result.totals", lang, totals=totals_text(namer, totals))]
    return lines


def match_result_text(namer: Namer, winners: Sequence[int], totals: Sequence[int],
                      rounds: int) -> str:
    """"Match over after 3 rounds: You win with 130." Sides tied for the highest total share the
    win; when every side is tied (a 0–0 in two players) nobody won and the match is a draw
    (RULES.md §6: the winner is the highest total)."""
    names = [namer.side(w) for w in winners]
    if len(totals) > 1 and len(winners) == len(totals):
        return draw_text(namer.lang, totals, rounds)
    if namer.lang != "en":
        best = number_text(max(totals) if totals else 0)  # a winning total may be below 0: "−3"
        return say("match_won" if len(winners) == 1 else "match_shared", namer.lang, rounds=rounds,
                   who=say("winners_joiner", namer.lang).join(names), best=best)
    who = join_words(names)
    if len(winners) == 1:
        verb = namer.verb(who, "wins", "win")
    else:
        verb = "share the win"
    unit = "round" if rounds == 1 else "rounds"
    best = number_text(max(totals) if totals else 0)
    return f"Match over after {rounds} {unit}: {who} {verb} with {best}."


def draw_text(lang: str, totals: Sequence[int], rounds: int) -> str:
    """"Match over after 12 rounds: the match is a draw, 0–0." — every side on the same total, so
    nobody is named a winner (RULES.md §6)."""
    said = [number_text(t) for t in totals]
    if lang != "en":
        return say("match_draw", lang, rounds=rounds, score=say("draw_joiner", lang).join(said))
    unit = "round" if rounds == 1 else "rounds"
    joiner = "–" if min(totals) >= 0 else " – "  # "0–0", but "−3 – −3" (two minus signs apart)
    return f"Match over after {rounds} {unit}: the match is a draw, {joiner.join(said)}."
