"""The readable round-by-round account printed by ``hanafuda replay FILE`` (RULES.md §8)."""

from __future__ import annotations

from ..cards import CODES, KIND_MASKS, Kind, cards_of
from ..engine.match import next_dealer
from ..engine.round import Round
from ..records import Match
from ..rules.base import RoundScore, ScoreTerm

__all__ = ["replay_text", "side_name"]

_KIND_TITLES = (
    (Kind.BRIGHT, "brights"),
    (Kind.ANIMAL, "animals"),
    (Kind.RIBBON, "ribbons"),
    (Kind.CHAFF, "chaff"),
)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def side_name(match: Match, side: int) -> str:
    seats = match.config.sides[side]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "team " + "+".join(str(s) for s in seats)


def _signed(term: ScoreTerm, first: bool) -> str:
    text = f"{abs(term.value)} ({term.label})"
    if first:
        return text if term.value >= 0 else "−" + text
    return ("+ " if term.value >= 0 else "− ") + text


def score_line(terms: tuple[ScoreTerm, ...], total: int) -> str:
    """"85 (card points) + 60 (own yaku 30 × 2) − 20 (others' yaku) = 125"."""
    parts = [_signed(t, i == 0) for i, t in enumerate(terms)]
    return " ".join(parts) + f" = {total}"


def _captures_block(rnd: Round, side: int) -> list[str]:
    cap = rnd.captures[side]
    lines = []
    for kind, title in _KIND_TITLES:
        cards = cap & KIND_MASKS[kind]
        if cards:
            lines.append(f"    {title:<8} {', '.join(CODES[c] for c in cards_of(cards))}")
    if not lines:
        lines.append("    (nothing captured)")
    return lines


def _round_block(match: Match, number: int, rnd: Round) -> list[str]:
    cfg = match.config
    lines = [f"Round {number} · dealer: seat {rnd.dealer} · turn order: "
             + ", ".join(str(s) for s in rnd.order)]
    standing: RoundScore = rnd.standing()
    for side in range(cfg.num_sides):
        count = rnd.captures[side].bit_count()
        lines.append(
            f"  {side_name(match, side)}: {count} cards, {standing.card_points[side]} card points"
        )
        lines.extend(_captures_block(rnd, side))
        yaku = standing.yaku[side]
        if yaku:
            lines.append("    yaku     " + ", ".join(f"{y.id} ({y.name}) {y.points}" for y in yaku))
        if rnd.result is not None:
            lines.append("    score    " + score_line(rnd.result.terms[side], rnd.result.scores[side]))
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
            f"  in play: {rnd.describe_position()}; stock {rnd.stock_left} cards; field: "
            + (field or "empty")
        )
    return lines


def replay_text(match: Match) -> str:
    """The whole account: header, each round, totals, next dealer, and the winner."""
    cfg = match.config
    out = [
        f"{cfg.game.title} — {cfg.players} players — options: {cfg.describe_options()}",
        "Sides: " + "; ".join(f"side {i} = {side_name(match, i)}" for i in range(cfg.num_sides)),
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
        out.extend(_round_block(match, number, rnd))
        if rnd.result is not None:
            for side, score in enumerate(rnd.result.scores):
                running[side] += score
            out.append(
                "  totals: "
                + ", ".join(f"{side_name(match, s)} {t}" for s, t in enumerate(running))
            )
            last = number == len(match.rounds)
            if not (last and match.finished):
                out.append(f"  next dealer: seat {next_dealer(cfg, rnd)}")
    out.append("")
    if match.finished:
        names = " and ".join(side_name(match, w) for w in match.winners)
        verb = "wins" if len(match.winners) == 1 else "share the win"
        out.append(f"Match over after {_plural(len(match.rounds), 'round')}: {names} {verb} "
                   f"with {max(match.totals)}.")
    elif match.to_move is not None:
        out.append(f"Match in progress: seat {match.to_move} to move; legal: "
                   + ", ".join(match.legal_moves()))
    else:
        out.append(f"Match in progress: round {len(match.rounds)} is complete; "
                   f"seat {match.due_dealer} deals the next round.")
    return "\n".join(out) + "\n"
