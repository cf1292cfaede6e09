"""Text for terminal play: card labels, capture piles, yaku in reach, the log and summaries.

Everything here reads a seat's ``PlayerView`` (or finished ``RoundScore``s), never the engine
state, so nothing shown can leak another hand or the stock order (DESIGN.md layer 4).  The
Textual app and the plain mode share these strings; the app only adds colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import CARDS, KIND_MASKS, CardSet, Kind, RibbonColour, card_id
from ..rules.base import Config, Game, RoundScore, Yaku
from ..themes import face, kind_label, label
from ..views import PlayerView, PublicEvent
from ..words.replay import score_line

__all__ = [
    "KIND_ORDER",
    "CloseYaku",
    "capture_lines",
    "card_style",
    "card_text",
    "event_text",
    "held_yaku",
    "match_end_lines",
    "move_text",
    "round_summary_lines",
    "side_label",
    "view_lines",
    "yaku_close",
]

KIND_ORDER: tuple[Kind, ...] = (Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.CHAFF)


def card_text(card: int | str, theme: str) -> str:
    """The card's label in the theme, readable without colour, with its code for typing moves."""
    cid = card_id(card)
    return f"{label(cid, theme)} [{CARDS[cid].code}]"


def card_style(card: int | str) -> str:
    """A Rich colour for the card's kind (blue ribbons blue, other ribbons red)."""
    c = CARDS[card_id(card)]
    if c.kind is Kind.BRIGHT:
        return "bold yellow"
    if c.kind is Kind.ANIMAL:
        return "green"
    if c.kind is Kind.RIBBON:
        return "bold blue" if c.ribbon is RibbonColour.BLUE else "bold red"
    return "bright_black" if c.code != "willow-lightning" else "magenta"


def card_lines(card: int | str, theme: str) -> tuple[str, str, str]:
    """Three short lines for a card widget: month, name, kind (colour is optional)."""
    cid = card_id(card)
    f = face(cid, theme)
    month = label(cid, theme).split(" · ")[0]
    return month, f.name, f.kind_name


def side_label(view: PlayerView, side: int, names: Sequence[str] | None = None) -> str:
    """"seat 1 (strong)", "you (seat 0)" or "team 0+2"."""
    seats = view.sides[side]
    if view.seat in seats:
        base = "you" if len(seats) == 1 else "your team " + "+".join(str(s) for s in seats)
        return f"{base} (seat {view.seat})" if len(seats) == 1 else base
    if len(seats) == 1:
        who = f" ({names[seats[0]]})" if names is not None else ""
        return f"seat {seats[0]}{who}"
    return "team " + "+".join(str(s) for s in seats)


def _yaku_tables(config: Config) -> tuple[Yaku, ...]:
    seen: dict[str, Yaku] = {}
    for y in (*config.yaku, *config.declarable):
        seen.setdefault(y.id, y)
    return tuple(seen.values())


@dataclass(frozen=True)
class CloseYaku:
    """A yaku one card away for a side: ``missing`` are the cards that would complete it."""

    side: int
    yaku: Yaku
    missing: CardSet


def yaku_close(config: Config, view: PlayerView) -> list[CloseYaku]:
    """Yaku each side is one card away from, from the view's capture piles only.

    A set yaku is close when the side holds all its cards but one (and at least one) and no card of it lies in
    another side's pile or the discard pile; a count yaku (six ribbons …) when one more card
    of its kind is needed and one is still free.
    """
    out: list[CloseYaku] = []
    deck = config.deck
    for side, cap in enumerate(view.captures):
        others = view.discard.mask
        for other, pile in enumerate(view.captures):
            if other != side:
                others |= pile.mask
        for y in _yaku_tables(config):
            if y.held(cap.mask):
                continue
            if y.min_count:
                have = (cap.mask & y.count_mask).bit_count()
                free = y.count_mask & deck & ~cap.mask & ~others
                if have == y.min_count - 1 and free:
                    out.append(CloseYaku(side, y, CardSet(free)))
            elif y.mask:
                missing = y.mask & ~cap.mask
                if (missing.bit_count() == 1 and y.mask & cap.mask and not (y.mask & others)
                        and missing & deck):
                    out.append(CloseYaku(side, y, CardSet(missing)))
    return out


def held_yaku(config: Config, captured: CardSet) -> list[Yaku]:
    """Yaku whose cards a pile holds now (before any round-end rule; for display only)."""
    return [y for y in _yaku_tables(config) if y.held(captured.mask)]


def capture_lines(config: Config, view: PlayerView, theme: str, side: int) -> list[str]:
    """A side's capture pile grouped by kind, with its card points."""
    pile = view.captures[side]
    points = Game.card_points(config, pile.mask)
    lines = [f"{len(pile)} cards, {points} card points"]
    for kind in KIND_ORDER:
        cards = pile & KIND_MASKS[kind]
        if cards:
            names = ", ".join(label(c, theme) for c in cards)
            lines.append(f"  {kind_label(kind, theme)} ×{len(cards)}: {names}")
    return lines


def move_text(move: str, theme: str) -> str:
    """A legal move in words, e.g. "play Pine (1) · Crane and Sun · Bright, take …"."""
    words = move.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("play", "take") and i + 1 < len(words):
            out.append(f"{word} {label(words[i + 1], theme)}")
            i += 2
        elif word == "declare" and i + 1 < len(words):
            out.append(f"declare {words[i + 1]}")
            i += 2
        else:
            out.append(word)
            i += 1
    return ", ".join(out)


_EVENT_VERBS = {
    "play": "plays",
    "flip": "turns over",
    "take": "chooses",
    "declare": "declares",
    "expose": "exposes teyaku",
    "keep": "keeps teyaku hidden",
    "ppeok": "ppeok: stays stacked",
    "dealer-captures": "captures four of a month dealt to the field",
    "collect": "collects",
}


def event_text(event: PublicEvent, view: PlayerView, theme: str) -> str:
    """One public event as a log line."""
    who = "you" if event.seat == view.seat else f"seat {event.seat}"
    verb = _EVENT_VERBS.get(event.kind, event.kind)
    if who == "you":
        first, _, rest = verb.partition(" ")
        if first.endswith("s") and first not in ("ppeok:",):
            first = first[:-1]
        verb = f"{first} {rest}".strip()
    text = f"{who} {verb}"
    if event.kind == "declare":
        return f"{who} {verb} {event.declared}"
    if event.card is not None and event.kind not in ("expose", "keep", "collect"):
        text += f" {label(event.card, theme)}"
    if event.captured:
        names = ", ".join(label(c, theme) for c in event.captured)
        if event.kind in ("play", "flip", "take", "dealer-captures", "collect"):
            text += f" → takes {names}" if event.kind != "collect" else f" {names}"
        else:
            text += f": {names}"
    elif event.kind in ("play", "flip"):
        text += " (no capture)"
    return text


def view_lines(config: Config, view: PlayerView, theme: str, names: Sequence[str]) -> list[str]:
    """The whole seat view as text (plain mode)."""
    rounds = f" of {config.rounds_limit}" if config.rounds_limit is not None else ""
    target = f", first to {config.target}" if config.target is not None else ""
    lines = [
        f"== {config.game.title} · round {view.round_number}{rounds}{target} · "
        f"dealer seat {view.dealer} · you are seat {view.seat} ==",
        "Totals: " + ", ".join(f"{side_label(view, s, names)} {t}" for s, t in enumerate(view.totals)),
        f"Stock: {view.stock_count} cards · hands: "
        + ", ".join(f"seat {s} {n}" for s, n in enumerate(view.hand_counts)),
    ]
    lines.append("Field: " + ("; ".join(card_text(c, theme) for c in view.field) or "empty"))
    if view.pending:
        lines.append(f"Turned over: {card_text(view.pending, theme)}")
    lines.append("Your hand: " + ("; ".join(card_text(c, theme) for c in view.hand) or "empty"))
    for seat, cards in enumerate(view.exposed):
        if cards:
            lines.append(f"Exposed by seat {seat}: " + "; ".join(card_text(c, theme) for c in cards))
    for side in range(len(view.sides)):
        pile = capture_lines(config, view, theme, side)
        lines.append(f"Captures of {side_label(view, side, names)}: {pile[0]}")
        lines.extend("  " + line for line in pile[1:])
        made = held_yaku(config, view.captures[side])
        if made:
            lines.append("    has: " + ", ".join(f"{y.name} ({y.points})" for y in made))
        if view.declared and view.declared[side]:
            lines.append("    declared: " + ", ".join(view.declared[side]))
    close = yaku_close(config, view)
    if close:
        lines.append("Close to a yaku:")
        for c in close:
            need = " or ".join(label(x, theme) for x in c.missing)
            lines.append(f"  {side_label(view, c.side, names)}: {c.yaku.name} — needs {need}")
    if view.discard:
        lines.append(f"Discard pile: {len(view.discard)} cards")
    if view.to_move is not None:
        who = "you" if view.to_move == view.seat else f"seat {view.to_move} ({names[view.to_move]})"
        lines.append(f"To move: {who}")
    return lines


def round_summary_lines(
    config: Config, view: PlayerView, result: RoundScore, theme: str, names: Sequence[str]
) -> list[str]:
    """End of round: each side's captures by kind, yaku, and its score with how it was computed."""
    lines = [f"-- Round {view.round_number} over --"]
    for side in range(len(view.sides)):
        lines.append(f"{side_label(view, side, names)}:")
        pile = view.captures[side]
        for kind in KIND_ORDER:
            cards = pile & KIND_MASKS[kind]
            if cards:
                lines.append(f"  {kind_label(kind, theme)} ×{len(cards)}: "
                             + ", ".join(label(c, theme) for c in cards))
        if not pile:
            lines.append("  (nothing captured)")
        lines.append(f"  card points: {result.card_points[side]}")
        if result.yaku[side]:
            lines.append("  yaku: " + ", ".join(f"{y.name} {y.points}" for y in result.yaku[side]))
        lines.append("  score: " + score_line(result.terms[side], result.scores[side]))
    if result.note:
        lines.append(f"note: {result.note}")
    lines.append("Totals: " + ", ".join(f"{side_label(view, s, names)} {t}"
                                        for s, t in enumerate(view.totals)))
    return lines


def match_end_lines(view: PlayerView, names: Sequence[str]) -> list[str]:
    """End of match: the totals and the winner(s)."""
    lines = [f"== Match over after {view.round_number} round(s) =="]
    for side, total in enumerate(view.totals):
        lines.append(f"  {side_label(view, side, names)}: {total}")
    winners = " and ".join(side_label(view, w, names) for w in view.winners)
    verb = "wins" if len(view.winners) == 1 else "share the win"
    lines.append(f"Winner: {winners} {verb} with {max(view.totals)}.")
    return lines
