"""The readable round-by-round account printed by ``hanafuda replay FILE`` (RULES.md §8).

Every round lists its turns as the log says them (``events.round_log_entries``), then each
side's captures by kind (as card codes, exact and theme-free), yaku by name and the score with
how it was computed (``scores.score_line``).

Seats read from 1 ("dealer: seat 1" is seat 0 of RULES.md §2), as everywhere in words; side
indices ("side 0 = …") are the ``replay --json`` indices and stay 0-based.
"""

from __future__ import annotations

from ..cards import CODES, KIND_MASKS, cards_of
from ..engine.match import next_dealer
from ..engine.round import PHASE_NAMES, PHASE_OVER, Round
from ..records import Match
from ..rules.base import RoundScore
from ..views import round_history
from .events import round_log_entries
from .names import Namer, seat_number
from .piles import KIND_ORDER
from .scores import score_line
from .summary import match_result_text

__all__ = ["replay_text"]


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _captures_block(namer: Namer, rnd: Round, side: int) -> list[str]:
    cap = rnd.captures[side]
    lines = []
    for kind in KIND_ORDER:
        cards = cap & KIND_MASKS[kind]
        if cards:
            title = namer.kind_title(kind).lower()
            lines.append(f"    {title:<8} {', '.join(CODES[c] for c in cards_of(cards))}")
    if not lines:
        lines.append("    (nothing captured)")
    return lines


def _position(rnd: Round) -> str:
    """Where a round in play stands, seat read from 1: "move 9 (seat 2 to play)"."""
    if rnd.phase == PHASE_OVER:
        return f"move {len(rnd.moves) + 1} (round over)"
    return f"move {len(rnd.moves) + 1} (seat {seat_number(rnd.seat)} to {PHASE_NAMES[rnd.phase]})"


def _round_block(match: Match, namer: Namer, number: int, rnd: Round) -> list[str]:
    cfg = match.config
    lines = [f"Round {number} · dealer: seat {seat_number(rnd.dealer)} · turn order: "
             + ", ".join(str(seat_number(s)) for s in rnd.order)]
    lines += ["  " + entry.text for entry in round_log_entries(round_history(rnd, None), namer,
                                                          rnd.stock_left)]
    standing: RoundScore = rnd.standing()
    for side in range(cfg.num_sides):
        count = rnd.captures[side].bit_count()
        lines.append(
            f"  {namer.side(side)}: {count} cards, {standing.card_points[side]} card points"
        )
        lines.extend(_captures_block(namer, rnd, side))
        yaku = standing.yaku[side]
        if yaku:
            held = rnd.captures[side]  # a scaling yaku's points grow with its cards (Koi-Koi)
            lines.append("    yaku     " + ", ".join(f"{y.name} {y.value(held)}" for y in yaku))
        if rnd.result is not None:
            lines.append("    score    " + score_line(cfg, rnd.result.terms[side],
                                                      rnd.result.scores[side]))
    if rnd.discard:
        lines.append(f"  discard pile: {rnd.discard.bit_count()} rubbish cards")
    field = ", ".join(CODES[c] for c in cards_of(rnd.field))
    if rnd.result is not None:
        if field:
            lines.append("  left on the field: " + field)
        if rnd.result.note:
            lines.append(f"  note: {rnd.result.note}")
    else:
        lines.append(
            f"  in play: {_position(rnd)}; stock {rnd.stock_left} cards; field: "
            + (field or "empty")
        )
    return lines


def replay_text(match: Match) -> str:
    """The whole account: header, each round, totals, next dealer, and the winner."""
    cfg = match.config
    namer = Namer(cfg)
    out = [
        f"{cfg.game.title} — {cfg.players} players — options: {cfg.describe_options()}",
        "Sides: " + "; ".join(f"side {i} = {namer.side(i)}" for i in range(cfg.num_sides)),
    ]
    limits = []
    if cfg.rounds_limit is not None:
        limits.append(_plural(cfg.rounds_limit, "round"))
    if cfg.target is not None:
        limits.append(f"first to {cfg.target}")
    out.append("Match: " + " or ".join(limits))
    running = [0] * cfg.num_sides
    for number, rnd in enumerate(match.rounds, start=1):
        out.append("")
        out.extend(_round_block(match, namer, number, rnd))
        if rnd.result is not None:
            for side, score in enumerate(rnd.result.scores):
                running[side] += score
            out.append(
                "  totals: "
                + ", ".join(f"{namer.side(s)} {t}" for s, t in enumerate(running))
            )
            last = number == len(match.rounds)
            if not (last and match.finished):
                out.append(f"  next dealer: seat {seat_number(next_dealer(cfg, rnd))}")
    out.append("")
    if match.finished:
        out.append(match_result_text(namer, match.winners, match.totals, len(match.rounds)))
    elif match.to_move is not None:
        out.append(f"Match in progress: seat {seat_number(match.to_move)} to move; legal: "
                   + ", ".join(match.legal_moves()))
    elif match.due_dealer is not None:
        out.append(f"Match in progress: round {len(match.rounds)} is complete; "
                   f"seat {seat_number(match.due_dealer)} deals the next round.")
    else:
        out.append("Match in progress: no round dealt yet.")
    return "\n".join(out) + "\n"
