"""What a seat's state message carries beside its view: the table page's structured content.

The page draws only what this module sends (DESIGN.md layer 7): every legal move with the cards
it would take (the capture preview, RULES.md §3, §9), every log entry with the cards it moved
and its words, distinct seat names with team, order of play and dealer, capture piles by kind,
yaku progress, and the help of the table (values, yaku with their cards, the wild-card rule,
the options in force).  Nothing here names a card the seat cannot see: previews are computed
for the seat's own legal moves only, and log entries from the public events of each move.
"""

from __future__ import annotations

from typing import Any

from ..cards import CARDS, CODES, Kind, cards_of
from ..engine.match import Match
from ..engine.round import (
    EV_COLLECT,
    EV_DEALER,
    EV_DECLARE,
    EV_EXPOSE,
    EV_FLIP,
    EV_KEEP,
    EV_PLAY,
    EV_PPEOK,
    EV_TAKE,
    PHASE_PLAY,
    Event,
    Round,
)
from ..rules.base import Yaku
from ..themes import kind_label, label
from ..views import PlayerView

__all__ = [
    "KIND_ORDER",
    "event_cards",
    "help_of",
    "log_text",
    "move_choices",
    "piles_of",
    "seat_names",
    "seats_of",
    "yaku_progress",
]

KIND_ORDER = (Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.CHAFF)
"""Capture piles are shown grouped by kind in this order (RULES.md §1)."""


def seat_names(names: list[str], bots: list[str | None]) -> list[str]:
    """Distinct display names: a bot is "Greedy (seat 3)"; a repeated name gets its seat."""
    out = [n or (f"{(b or 'bot').capitalize()} (seat {i + 1})" if b else f"Player {i + 1}")
           for i, (n, b) in enumerate(zip(names, bots, strict=True))]
    for i, name in enumerate(out):
        if out.count(name) > 1:
            out[i] = f"{name} (seat {i + 1})"
    return out


def _cards_text(codes: list[str], theme: str) -> str:
    return " · ".join(label(c, theme) for c in codes)


def side_name(names: list[str], sides: tuple[tuple[int, ...], ...], side: int) -> str:
    """A side by its players' names: "Ann", or a team "Ann and Bo"."""
    members = [names[s] for s in sides[side]]
    return members[0] if len(members) == 1 else " and ".join(members)


def seats_of(match: Match, names: list[str], kinds: list[str], connected: list[bool]) -> list[dict[str, Any]]:
    """Every seat: name, team, place in the order of play, dealer, cards in hand (RULES.md §2)."""
    cfg = match.config
    rnd = match.current
    teams = any(len(s) > 1 for s in cfg.sides)
    return [{
        "seat": seat,
        "name": names[seat],
        "kind": kinds[seat],
        "connected": connected[seat],
        "side": cfg.side_of[seat],
        "team": f"Team {cfg.side_of[seat] + 1}" if teams else None,
        "order": rnd.order.index(seat) + 1,
        "dealer": seat == rnd.dealer,
        "cards": rnd.hands[seat].bit_count(),
    } for seat in range(cfg.players)]


def _is_wild(match: Match, code: str, from_hand: bool) -> bool:
    wild = match.config.wild
    if wild is None or CODES.index(code) != wild.card:
        return False
    return wild.from_hand if from_hand else wild.from_stock


def move_choices(match: Match, view: PlayerView, theme: str,
                 yaku_names: dict[str, str]) -> list[dict[str, Any]]:
    """The seat's legal moves with the cards each would take now (RULES.md §3, §9).

    ``card`` is the card played (or the turned-over card a ``take`` places), ``takes`` the table
    cards it would capture at once: a play's own capture only (the stock card turned over next
    is unknown).  Computed for the view's own legal moves, so nothing hidden is named.
    """
    if view.seat is None or not view.legal:
        return []
    rnd = match.current
    probe: Round = rnd
    if rnd.seat != view.seat:  # a pending teyaku of another seat: the first turn as shown (§4.2)
        probe = rnd.copy()
        probe.teyaku_queue, probe.phase, probe.turn, probe.seat = [], PHASE_PLAY, 0, view.seat
    out = []
    for move in view.legal:
        action = probe.parse(move, "")
        words = move.split()
        entry: dict[str, Any] = {"move": move, "kind": words[0], "card": None, "takes": [],
                                 "wild": False, "declare": None}
        if words[0] in ("play", "take"):
            mask = probe.preview(action)
            card = words[1] if words[0] == "play" else (view.pending or "")
            taken = [c for c in cards_of(mask) if CODES[c] != card]
            entry["card"] = card
            entry["takes"] = [CODES[c] for c in taken]
            entry["wild"] = _is_wild(match, card, words[0] == "play") and bool(taken)
            if len(words) == 4 and words[2] == "declare":
                entry["kind"] = "declare"
                entry["declare"] = words[3]
        entry["text"] = _move_text(entry, view, theme, yaku_names)
        out.append(entry)
    return out


def _move_text(m: dict[str, Any], view: PlayerView, theme: str, yaku_names: dict[str, str]) -> str:
    kind = m["kind"]
    if kind == "expose":
        chaff = sum(1 for c in view.hand.codes() if CARDS[CODES.index(c)].kind is Kind.CHAFF)
        paid = 30 if chaff >= 7 else 20
        return (f"Show your {chaff} chaff (teyaku): each other player pays you {paid}; "
                "others may then capture the shown cards")
    if kind == "keep":
        return "Keep your hand hidden (no teyaku payment)"
    card = label(m["card"], theme)
    if kind == "declare":
        name = yaku_names.get(m["declare"], m["declare"])
        return f"Play {card} and declare {name} (it captures nothing)"
    takes = _cards_text(m["takes"], theme)
    verb = "Play" if kind == "play" else "Turned over " + card + ":"
    if kind == "take":
        return f"{verb} take {takes}"
    if m["wild"]:
        return f"Play {card} (wild) — takes {takes}"
    return f"Play {card} — takes {takes}" if takes else f"Play {card} — no capture, it stays on the field"


def event_cards(events: list[Event]) -> list[str]:
    """Every card a move moved: played, turned over, captured, exposed (the log's ``data-cards``)."""
    out: list[str] = []
    for kind, _actor, card, mask in events:
        if kind in (EV_KEEP,):
            continue
        if card >= 0 and kind != EV_DECLARE or kind == EV_DECLARE:
            if card >= 0 and CODES[card] not in out:
                out.append(CODES[card])
        if kind not in (EV_DECLARE,):
            out.extend(CODES[c] for c in cards_of(mask) if CODES[c] not in out)
    return out


def log_text(match: Match, events: list[Event], seat: int | None, names: list[str], theme: str,
             yaku_names: dict[str, str]) -> str:
    """One move in words: who played what, what it took, what was turned over and took."""
    cfg = match.config
    who = names[seat] if seat is not None else "The dealer"
    parts: list[str] = []
    for kind, actor, card, mask in events:
        c = label(card, theme) if card >= 0 else ""
        took = [CODES[x] for x in cards_of(mask) if x != card]
        took_text = _cards_text(took, theme)
        wild = cfg.wild is not None and card == cfg.wild.card
        if kind == EV_PLAY:
            if took:
                mark = " (wild)" if wild and cfg.wild is not None and cfg.wild.from_hand else ""
                parts.append(f"{who} played {c}{mark}, took {took_text}")
            else:
                parts.append(f"{who} played {c}, no capture")
        elif kind == EV_DECLARE:
            parts.append(f"{who} played {c} declaring {yaku_names.get(cfg.declarable[mask].id, '')}")
        elif kind == EV_FLIP:
            wild_flip = wild and cfg.wild is not None and cfg.wild.from_stock
            if took:
                parts.append(f"turned over {c}{' (wild)' if wild_flip else ''}, took {took_text}")
            else:
                parts.append(f"turned over {c}")
        elif kind == EV_TAKE:
            parts.append(f"{c} took {took_text}" if card >= 0 else f"took {took_text}")
        elif kind == EV_PPEOK:
            parts.append("the three cards stay stacked on the field")
        elif kind == EV_EXPOSE:
            parts.append(f"{who} showed a teyaku: {len(took)} chaff")
        elif kind == EV_KEEP:
            parts.append(f"{who} kept the hand hidden")
        elif kind == EV_DEALER:
            parts.append(f"{names[actor]} (dealer) collected the four {took_text}")
        elif kind == EV_COLLECT:
            cards = [CODES[x] for x in cards_of(mask)]
            side = side_name(names, cfg.sides, actor)
            parts.append(f"end of round: {side} collected {_cards_text(cards, theme)}")
    return "; ".join(parts) if parts else f"{who} moved"


def piles_of(match: Match, theme: str) -> list[dict[str, Any]]:
    """Each side's captures grouped by kind with counts, and its card points (RULES.md §1, §6)."""
    rnd = match.current
    values = match.config.values
    st = rnd.standing()
    out = []
    for side, mask in enumerate(rnd.captures):
        cards = list(cards_of(mask))
        groups = []
        for kind in KIND_ORDER:
            of = [c for c in cards if CARDS[c].kind is kind]
            groups.append({"kind": kind.value, "name": kind_label(kind, theme), "count": len(of),
                           "points": sum(values[c] for c in of), "cards": [CODES[c] for c in of]})
        out.append({"side": side, "points": st.card_points[side], "count": len(cards), "groups": groups,
                    "yaku": [{"name": y.name, "points": y.points} for y in st.yaku[side]]})
    return out


def _yaku_cards(y: Yaku) -> tuple[list[int], int]:
    """A yaku's cards and how many of them it needs (RULES.md §5)."""
    if y.min_count:
        return list(cards_of(y.count_mask)), y.min_count
    return list(cards_of(y.mask)), y.mask.bit_count()


def yaku_progress(match: Match, declared: tuple[tuple[str, ...], ...]) -> list[dict[str, Any]]:
    """For every yaku and declarable set in force: who holds which of its cards, which are still
    out and which are dead for each side (taken by another side), and which sides completed it.

    Cards are given by id (0…47), as ``card_values``: a yaku's list names every card of the set,
    and a message to a seat names no card it cannot see by its code."""
    cfg = match.config
    rnd = match.current
    sets = [(y, False) for y in cfg.yaku] + [(y, True) for y in cfg.declarable]
    out = []
    for y, declarable in sets:
        cards, need = _yaku_cards(y)
        holder: dict[int, int] = {}
        for c in cards:
            for side, mask in enumerate(rnd.captures):
                if mask >> c & 1:
                    holder[c] = side
        sides = []
        for side, mask in enumerate(rnd.captures):
            have = sum(1 for c in cards if mask >> c & 1)
            dead = sum(1 for c in cards if c in holder and holder[c] != side)
            sides.append({"have": have, "dead": dead, "possible": len(cards) - dead >= need,
                          "complete": y.held(mask),
                          "declared": declarable and y.id in declared[side]})
        out.append({"id": y.id, "name": y.name, "points": y.points, "need": need,
                    "cards": cards, "holder": [holder.get(c) for c in cards], "declarable": declarable,
                    "sides": sides})
    return out


def help_of(match: Match, theme: str) -> dict[str, Any]:
    """The table's help: card values in force, yaku with their cards (by id, as
    ``yaku_progress``), the wild-card rule (RULES.md §9) and the options in force."""
    cfg = match.config
    game = cfg.game
    wild = cfg.wild
    wild_text = ""
    if wild is not None:
        where = " and ".join(w for w, on in (("played from the hand", wild.from_hand),
                                              ("turned over from the stock", wild.from_stock)) if on)
        wild_text = (f"{label(wild.card, theme)} is wild when {where}: it takes any one field card "
                     "you choose" + (", except the willows" if wild.excluded else "") + ".")
    values: dict[int, list[int]] = {}
    for c in cards_of(cfg.deck):
        values.setdefault(cfg.values[c], []).append(c)
    return {
        "title": game.title,
        "values": [{"points": v, "cards": cs} for v, cs in sorted(values.items(), reverse=True)],
        "yaku": [{"name": y.name, "points": y.points, "need": _yaku_cards(y)[1],
                  "cards": _yaku_cards(y)[0], "declarable": declarable}
                 for y, declarable in [(y, False) for y in cfg.yaku] + [(y, True) for y in cfg.declarable]],
        "wild": wild_text,
        "options": [{"name": s.name, "value": _shown(cfg.options.get(s.name))}
                    for s in game.option_specs()],
    }


def _shown(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    return str(value)
