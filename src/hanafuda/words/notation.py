"""Compact notation of a seat's view and of the engine's events, in card codes (RULES.md §1, §7).

Observation and information-state strings of the OpenSpiel adapter: short, exact, one line per
fact, equal exactly when what they describe is equal.  ``view_notation`` reads a ``PlayerView``;
``round_notation`` says the same straight from the match (a search asks for it at every step).
"""

from __future__ import annotations

from ..cards import CODES, cards_of
from ..engine.round import EV_COLLECT, EV_DECLARE
from ..records import Match
from ..rules.base import Config
from ..views import PlayerView, turn_seen_by

__all__ = ["cards_notation", "event_notation", "round_notation", "view_notation"]


def cards_notation(mask: int) -> str:
    """Card codes separated by spaces; "-" for none."""
    return " ".join(CODES[c] for c in cards_of(mask)) or "-"


def event_notation(config: Config, event: tuple[str, int, int, int]) -> str:
    """One engine event ``(kind, seat, card, mask)``: "0 play pine-chaff1 [pine-ribbon]"."""
    kind, actor, card, mask = event
    if kind == EV_DECLARE:
        return f"{actor} declare {CODES[card]} {config.declarable[mask].id}"
    who = f"side {actor}" if kind == EV_COLLECT else str(actor)
    what = f" {CODES[card]}" if card >= 0 else ""
    return f"{who} {kind}{what} [{cards_notation(mask)}]"


def view_notation(view: PlayerView) -> str:
    """A seat's view as text, everything but the history: the observation string."""
    parts = [
        f"seat {view.seat} round {view.round_number} dealer {view.dealer} phase {view.phase}",
        f"to move {view.to_move}",
        f"hand [{' '.join(view.hand.codes())}]",
        f"hand counts {list(view.hand_counts)}",
        f"field [{' '.join(view.field.codes())}]",
        f"stock {view.stock_count}",
        f"pending {view.pending} [{' '.join(view.pending_targets.codes())}]",
        "captures " + " | ".join(" ".join(c.codes()) for c in view.captures),
        "exposed " + " | ".join(" ".join(c.codes()) for c in view.exposed),
        f"discard [{' '.join(view.discard.codes())}]",
        f"declared {[list(d) for d in view.declared]}",
        f"teyaku {list(view.teyaku)}",
        f"wild {view.wild_side} {view.wild_month} lightning {view.lightning_user}",
        f"totals {list(view.totals)}",
    ]
    return "\n".join(parts)


def round_notation(match: Match, seat: int) -> str:
    """``view_notation(view_of(match, seat))`` read straight from the round (a search asks for it
    at every step; the tests check that both agree)."""
    rnd = match.current
    cfg = match.config
    phase, to_move = turn_seen_by(match, seat)
    wild = rnd.wild_side >= 0
    pending = CODES[rnd.pending] if rnd.pending >= 0 else None
    declared = [[cfg.declarable[i].id for i in cards_of(mask)] for mask in rnd.declared]
    parts = [
        f"seat {seat} round {len(match.rounds)} dealer {rnd.dealer} phase {phase}",
        f"to move {to_move}",
        f"hand [{_join(rnd.hands[seat])}]",
        f"hand counts {[h.bit_count() for h in rnd.hands]}",
        f"field [{_join(rnd.field)}]",
        f"stock {rnd.stock_left}",
        f"pending {pending} [{_join(rnd.pending_targets)}]",
        "captures " + " | ".join(_join(c) for c in rnd.captures),
        "exposed " + " | ".join(_join(c) for c in rnd.exposed),
        f"discard [{_join(rnd.discard)}]",
        f"declared {declared}",
        f"teyaku {list(rnd.teyaku)}",
        f"wild {rnd.wild_side if wild else None} {rnd.wild_month if wild else None} "
        f"lightning {rnd.lightning_user if rnd.lightning_user >= 0 else None}",
        f"totals {list(match.totals)}",
    ]
    return "\n".join(parts)


def _join(mask: int) -> str:
    return " ".join(CODES[c] for c in cards_of(mask))
