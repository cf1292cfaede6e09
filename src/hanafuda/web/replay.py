"""Replay frames of a finished (or uploaded) match: one frame per decision, all hands open.

Only finished matches and records a person uploads are replayed, so showing every hand is
allowed (the issue: "after the match ends, the replay may show all hands"); the viewer can
still show one seat's perspective by hiding the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import CODES, cards_of
from ..records import Match
from ..views import spectator_view
from ..words import Namer, log_entries
from ..words.sentences import say
from .messages import round_summary

__all__ = ["frames"]


def _frame(m: Match, label: str, seat: int | None, move: str | None = None) -> dict[str, Any]:
    rnd = m.current
    return {
        "label": label,
        "seat": seat,
        "move": move,
        "view": spectator_view(m).to_dict(),
        "hands": [[CODES[c] for c in cards_of(h)] for h in rnd.hands],
        "summaries": [round_summary(r) for r in m.results],
    }


def _said(m: Match, namer: Namer) -> str:
    """What the latest turn did, in words (the same entry the table's log shows)."""
    entries = log_entries(spectator_view(m), namer)
    return entries[-1].text if entries else ""


def frames(match: Match, names: Sequence[str | None] = (), theme: str = "hanafuda", lang: str = "en",
           bots: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
    """Every position of ``match`` from its first deal to its end, stepped by the checked engine;
    each step's label says the move in words (``words.log_entries``) in ``lang`` (``bots``: the
    seats bots played, named by their level in Japanese and Korean), with its notation in ``move``."""
    namer = Namer(match.config, theme, None, tuple(names), lang, bots)

    def dealt(number: int) -> str:
        return f"round {number} dealt" if lang == "en" else say("deal", lang, n=number)

    record = match.to_record()
    step = Match(record["game"], record["players"], record["options"], deal=match.deals[0])
    out = [_frame(step, dealt(1), None)]
    for index, entry in enumerate(record["rounds"]):
        if index:
            step.next_round(match.deals[index])
            out.append(_frame(step, dealt(index + 1), None))
        for move in entry["moves"]:
            seat = step.to_move
            step.play(move)
            out.append(_frame(step, _said(step, namer) or move, seat, move))
    return out
