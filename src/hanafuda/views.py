"""What one seat may know (DESIGN.md layer 4).

Everything that leaves the engine towards a person, a bot or a network goes
through a ``PlayerView``: the seat's own hand, the field, every capture pile,
exposed cards, declarations, the discard pile, counts of the other hands and
of the stock, and the public history.  Other hands and the stock order are
never in it.  ``spectator_view`` is the same with no hand at all.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from .cards import CODES, CardSet, cards_of
from .engine.match import MatchCore
from .engine.round import (
    EV_COLLECT,
    EV_DECLARE,
    EventKind,
    Phase,
    Round,
)
from .engine.visibility import event_only, hidden_from, visible_to

__all__ = ["PlayerView", "PublicEvent", "ViewPhase", "phase_name", "round_history", "spectator_view",
           "turn_seen_by", "view_dict", "view_of"]


class ViewPhase(StrEnum):
    """A view's ``phase``: the decision pending in the round, or between rounds, or the end.

    Members equal (and print as) their strings, so ``view.phase == "play"`` keeps working.
    """

    TEYAKU = "teyaku"
    PLAY = "play"
    TAKE = "take"
    BETWEEN_ROUNDS = "between-rounds"
    MATCH_OVER = "match-over"
    KOIKOI = "koikoi"  # Koi-Koi: the seat to move says koikoi or stop

    def __repr__(self) -> str:
        return repr(self.value)


_VIEW_PHASE = {Phase.TEYAKU: ViewPhase.TEYAKU, Phase.PLAY: ViewPhase.PLAY, Phase.TAKE: ViewPhase.TAKE,
               Phase.OVER: ViewPhase.BETWEEN_ROUNDS, Phase.KOIKOI: ViewPhase.KOIKOI}


@dataclass(frozen=True)
class PublicEvent:
    """One event of the round's history: who did what with which card and what it captured.

    ``kind``: play, flip, take, declare, expose, keep, ppeok, dealer-captures, collect.
    ``seat`` is the acting seat (for collect: the first seat of the collecting side).
    ``only`` is the seat that alone may see the event, None for every seat: a kept teyaku is
    its keeper's (RULES.md §4.2, ``engine.visibility.event_only``, the one definition).
    """

    kind: EventKind
    seat: int
    card: str | None
    captured: tuple[str, ...]
    declared: str | None = None
    only: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, made once per event and shared by every view that holds the event
        (an event never changes; a web server puts each in every viewer's state after every
        move): read it, do not change it."""
        out: dict[str, Any] | None = self.__dict__.get("_dict")
        if out is None:
            out = {"kind": self.kind, "seat": self.seat, "card": self.card,
                   "captured": list(self.captured), "only": self.only}
            if self.declared is not None:
                out["declared"] = self.declared
            object.__setattr__(self, "_dict", out)  # a cache, not a field (frozen: set past it)
        return out


@dataclass(frozen=True)
class PlayerView:
    """A seat's knowledge of the match at one moment. ``seat`` is None for a spectator."""

    game: str
    players: int
    options: dict[str, Any]
    seat: int | None
    sides: tuple[tuple[int, ...], ...]
    round_number: int
    dealer: int
    turn_order: tuple[int, ...]
    phase: ViewPhase
    to_move: int | None
    legal: tuple[str, ...]
    hand: CardSet
    hand_counts: tuple[int, ...]
    exposed: tuple[CardSet, ...]
    field: CardSet
    stock_count: int
    pending: str | None
    pending_targets: CardSet
    captures: tuple[CardSet, ...]
    discard: CardSet
    declared: tuple[tuple[str, ...], ...]
    teyaku: tuple[int, ...]
    wild_side: int | None
    wild_month: int | None
    lightning_user: int | None
    history: tuple[PublicEvent, ...]
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    queued: str | None = None
    """This seat's play waiting for the deal to settle (``MatchCore.submit``), seen by this seat
    only; while it waits ``legal`` is empty."""

    @property
    def side(self) -> int | None:
        if self.seat is None:
            return None
        for index, side in enumerate(self.sides):
            if self.seat in side:
                return index
        return None

    def unseen(self, deck: int) -> CardSet:
        """Cards this seat cannot see: other players' hidden hand cards and the stock."""
        known = self.hand.mask | self.field.mask | self.discard.mask
        for cs in self.captures:
            known |= cs.mask
        for cs in self.exposed:
            known |= cs.mask
        for code in [self.pending] if self.pending else []:
            known |= 1 << CODES.index(code)
        return CardSet(deck & ~known)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (card codes, lists; each card set's codes remembered by mask)."""
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seat": self.seat,
            "sides": [list(s) for s in self.sides],
            "round": self.round_number,
            "dealer": self.dealer,
            "turn_order": list(self.turn_order),
            "phase": self.phase,
            "to_move": self.to_move,
            "legal": list(self.legal),
            "hand": _codes(self.hand),
            "hand_counts": list(self.hand_counts),
            "exposed": [_codes(cs) for cs in self.exposed],
            "field": _codes(self.field),
            "stock_count": self.stock_count,
            "pending": self.pending,
            "pending_targets": _codes(self.pending_targets),
            "captures": [_codes(cs) for cs in self.captures],
            "discard": _codes(self.discard),
            "declared": [list(d) for d in self.declared],
            "teyaku": list(self.teyaku),
            "wild_side": self.wild_side,
            "wild_month": self.wild_month,
            "lightning_user": self.lightning_user,
            "history": [e.to_dict() for e in self.history],
            "round_scores": [list(s) for s in self.round_scores],
            "totals": list(self.totals),
            "finished": self.finished,
            "winners": list(self.winners),
            "queued": self.queued,
        }


@lru_cache(maxsize=1024)
def _mask_codes(mask: int) -> tuple[str, ...]:
    """A mask's card codes in id order (``CardSet.codes``), remembered (the most recent): every
    viewer of a table is shown the same field and piles."""
    return tuple(CODES[c] for c in cards_of(mask))


def _codes(cards: CardSet) -> list[str]:
    return list(_mask_codes(cards.mask))


def view_dict(view: PlayerView, kept: dict[Any, Any]) -> dict[str, Any]:
    """``view.to_dict()`` without its ``history`` (the web's view: the page reads the round's
    events from its log, in words), in which every part equal to the one made for the view before
    (kept in ``kept`` by the caller, one per seat) is that very object: a web server's patch finds
    the parts an event did not change by identity and makes only the changed ones again (the
    hand, the field, a capture pile).  Read the dict; do not change it."""
    before = kept.get("view-dict")
    if before is None:
        out = view.to_dict()
        del out["history"]
    else:
        out = _view_dict(view, *before)
    kept["view-dict"] = (view, out)
    return out


def _view_dict(v: PlayerView, w: PlayerView, old: dict[str, Any]) -> dict[str, Any]:
    """``view_dict`` of ``v`` after ``w``, whose dict was ``old`` (``to_dict``'s fields, in its order)."""
    return {
        "game": v.game,
        "players": v.players,
        "options": old["options"] if v.options == w.options else v.options,
        "seat": v.seat,
        "sides": old["sides"] if v.sides == w.sides else [list(s) for s in v.sides],
        "round": v.round_number,
        "dealer": v.dealer,
        "turn_order": old["turn_order"] if v.turn_order == w.turn_order else list(v.turn_order),
        "phase": v.phase,
        "to_move": v.to_move,
        "legal": old["legal"] if v.legal == w.legal else list(v.legal),
        "hand": old["hand"] if v.hand.mask == w.hand.mask else _codes(v.hand),
        "hand_counts": old["hand_counts"] if v.hand_counts == w.hand_counts else list(v.hand_counts),
        "exposed": old["exposed"] if v.exposed == w.exposed else [_codes(cs) for cs in v.exposed],
        "field": old["field"] if v.field.mask == w.field.mask else _codes(v.field),
        "stock_count": v.stock_count,
        "pending": v.pending,
        "pending_targets": (old["pending_targets"] if v.pending_targets.mask == w.pending_targets.mask
                            else _codes(v.pending_targets)),
        "captures": old["captures"] if v.captures == w.captures else [
            old["captures"][i] if i < len(w.captures) and cs.mask == w.captures[i].mask else _codes(cs)
            for i, cs in enumerate(v.captures)],
        "discard": old["discard"] if v.discard.mask == w.discard.mask else _codes(v.discard),
        "declared": old["declared"] if v.declared == w.declared else [list(d) for d in v.declared],
        "teyaku": old["teyaku"] if v.teyaku == w.teyaku else list(v.teyaku),
        "wild_side": v.wild_side,
        "wild_month": v.wild_month,
        "lightning_user": v.lightning_user,
        "round_scores": old["round_scores"] if v.round_scores == w.round_scores else [
            list(s) for s in v.round_scores],
        "totals": old["totals"] if v.totals == w.totals else list(v.totals),
        "finished": v.finished,
        "winners": old["winners"] if v.winners == w.winners else list(v.winners),
        "queued": v.queued,
    }


HISTORY_ROUNDS = 4096
"""Rounds whose translated history ``round_history`` keeps at most (the most recently used)."""
_HISTORY: OrderedDict[int, tuple[tuple[Any, ...], tuple[Any, ...], list[PublicEvent], bool,
                                 weakref.ref[Round]]] = OrderedDict()
"""Per round, by its first event: that event, the last event translated, the translation,
whether an event of it is one seat's alone (a kept teyaku, RULES.md §4.2), and the round that
last used it.  Events are only ever appended, and a copy of a round (``Round.copy``: every move
of a web table is made on a copy, ``web.live.fork``) holds the very same event tuples, so a round
and its copies share one translation, each view translating just the new events: an event is the
same ``PublicEvent`` (its ``to_dict`` made once) for every view and every later position.  An
entry whose rounds are all gone is dropped (``_sweep``)."""


def _translate(rnd: Round, start: int) -> list[PublicEvent]:
    cfg = rnd.config
    out: list[PublicEvent] = []
    for kind, actor, card, mask in rnd.events[start:]:
        only = event_only(kind, actor)
        if kind == EV_DECLARE:
            out.append(PublicEvent(kind, actor, CODES[card], (), cfg.declarable[mask].id, only))
            continue
        if kind == EV_COLLECT:
            actor = cfg.sides[actor][0]
        captured = tuple(CODES[c] for c in cards_of(mask))
        out.append(PublicEvent(kind, actor, CODES[card] if card >= 0 else None, captured,
                               only=only))
    return out


def _translated(rnd: Round) -> tuple[list[PublicEvent], bool]:
    """Every event of ``rnd`` translated, and whether one is a seat's alone, from the cache where
    this round (or the round it was copied from) was translated before: the cache holds if its
    last event is this round's at the same place (the same tuple object: the same history up to
    there)."""
    events = rnd.events
    if not events:
        return [], False
    key = id(events[0])
    cached = _HISTORY.get(key)
    if cached is not None and cached[0] is events[0] and len(cached[2]) <= len(events) \
            and events[len(cached[2]) - 1] is cached[1]:
        entries, private = cached[2], cached[3]
        if len(entries) < len(events):
            new = _translate(rnd, len(entries))
            entries, private = entries + new, private or any(e.only is not None for e in new)
        _HISTORY.move_to_end(key)
    else:
        entries = _translate(rnd, 0)
        private = any(e.only is not None for e in entries)
    _HISTORY[key] = (events[0], events[len(entries) - 1], entries, private, weakref.ref(rnd))
    if len(_HISTORY) > HISTORY_ROUNDS:
        _sweep()
    return entries, private


def _sweep() -> None:
    """Drop the translations no round holds any more (a finished or evicted table's), then the
    least recently used ones beyond ``HISTORY_ROUNDS // 2``: memory follows the live rounds."""
    for key in [k for k, v in _HISTORY.items() if v[4]() is None]:
        del _HISTORY[key]
    while len(_HISTORY) > HISTORY_ROUNDS // 2:
        _HISTORY.popitem(last=False)


def round_history(rnd: Round, seat: int | None) -> tuple[PublicEvent, ...]:
    """The history of any round (an earlier one too) as ``seat`` may see it: the events whose
    ``only`` is None or ``seat`` (its own ``keep`` included, no one else's; RULES.md §4.2);
    ``seat`` None: what everyone sees.  Translated once per round and extended as the round goes
    on (cached, ``_translated``)."""
    entries, private = _translated(rnd)
    if not private:  # every event is everyone's
        return tuple(entries)
    return tuple(event for event in entries if visible_to(event.only, seat))


def phase_name(match: MatchCore) -> ViewPhase:
    """The view's phase: the round's (teyaku, play, take), ``between-rounds`` or ``match-over``."""
    if match.finished:
        return ViewPhase.MATCH_OVER
    rnd = match.current
    return _VIEW_PHASE[Phase(rnd.phase)]


def turn_seen_by(match: MatchCore, seat: int | None) -> tuple[ViewPhase, int | None]:
    """The phase and the seat to move as ``seat`` (None: a spectator) may see them.

    No seat but the one deciding may learn that a teyaku decision exists (RULES.md §4.2): every
    other seat and spectator sees the round as if that player held no teyaku.
    """
    if not match.finished and hidden_from(match.current, seat):
        return ViewPhase.PLAY, match.seen_to_move(seat)
    return phase_name(match), match.to_move


def _build(match: MatchCore, seat: int | None) -> PlayerView:
    rnd = match.current
    cfg = match.config
    phase, to_move = turn_seen_by(match, seat)
    legal = tuple(match.seen_legal_moves(seat)) if seat is not None else ()
    return PlayerView(
        game=cfg.game.id,
        players=cfg.players,
        options=dict(cfg.given_options),
        seat=seat,
        sides=cfg.sides,
        round_number=len(match.rounds),
        dealer=rnd.dealer,
        turn_order=rnd.order,
        phase=phase,
        to_move=to_move,
        legal=legal,
        hand=CardSet(rnd.hands[seat] if seat is not None else 0),
        hand_counts=tuple(h.bit_count() for h in rnd.hands),
        exposed=tuple(CardSet(e) for e in rnd.exposed),
        field=CardSet(rnd.field),
        stock_count=rnd.stock_left,
        pending=CODES[rnd.pending] if rnd.pending >= 0 else None,
        pending_targets=CardSet(rnd.pending_targets),
        captures=tuple(CardSet(c) for c in rnd.captures),
        discard=CardSet(rnd.discard),
        declared=tuple(
            tuple(cfg.declarable[i].id for i in cards_of(mask)) for mask in rnd.declared
        ),
        teyaku=tuple(rnd.teyaku),
        wild_side=rnd.wild_side if rnd.wild_side >= 0 else None,
        wild_month=rnd.wild_month if rnd.wild_side >= 0 else None,
        lightning_user=rnd.lightning_user if rnd.lightning_user >= 0 else None,
        history=round_history(rnd, seat),
        round_scores=tuple(r.scores for r in match.results),
        totals=tuple(match.totals),
        finished=match.finished,
        winners=tuple(match.winners),
        queued=match.queued_move(seat) if seat is not None else None,
    )


def view_of(match: MatchCore, seat: int) -> PlayerView:
    """The view of ``seat`` (0..players−1)."""
    if not 0 <= seat < match.config.players:
        raise ValueError(f"seat {seat} is not at this table (seats are 0..{match.config.players - 1})")
    return _build(match, seat)


def spectator_view(match: MatchCore) -> PlayerView:
    """Public information only: no hand at all."""
    return _build(match, None)
