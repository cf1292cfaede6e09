"""The round's public history as log entries a person can follow (RULES.md §3, §4, §9).

A turn is one entry: "Greedy (seat 3) played Pine Chaff, took Pine Crane and Sun; turned over
Cherry Chaff, took Cherry Curtain."  A turned-over card that waits for its owner's choice is part
of the same entry, marked pending, until the choice is made (the entry is then complete and says
what it took) — never "no capture" for a card still waiting.  Teyaku, the dealer's captured four
and the round-end collection are entries of their own.  Each entry also carries every card it
moved (``cards``) and its steps, structured, for pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import BRIGHTS, CARDS, card_id, mask_of
from ..engine.round import (
    EV_COLLECT,
    EV_DEALER,
    EV_DECLARE,
    EV_EXPOSE,
    EV_FLIP,
    EV_HAND_YAKU,
    EV_KEEP,
    EV_KOIKOI,
    EV_PLAY,
    EV_PPEOK,
    EV_STOP,
    EV_TAKE,
)
from ..engine.visibility import event_only
from ..themes import month_label
from ..views import PlayerView, PublicEvent
from .names import Namer
from .sentences import say

__all__ = [
    "ENTRY_COLLECT",
    "ENTRY_DEALER",
    "ENTRY_TEYAKU",
    "ENTRY_TURN",
    "LogEntry",
    "LogStep",
    "log_entries",
    "log_entry_dicts",
    "round_log_dicts",
    "round_log_entries",
]

ENTRY_TURN = "turn"
ENTRY_TEYAKU = "teyaku"
ENTRY_DEALER = "dealer-captures"
ENTRY_COLLECT = "collect"


@dataclass(frozen=True)
class LogStep:
    """One step of an entry: ``kind`` is an event kind (play, flip, declare, ppeok, expose,
    keep, dealer-captures, collect); ``captured`` what it took (for a flip whose choice was
    made, the chosen card); ``wild`` a wild play or turn-over; ``chosen`` the capture was chosen
    by the player; ``pending`` the turned-over card still waits for that choice."""

    kind: str
    card: str | None
    captured: tuple[str, ...]
    wild: bool = False
    chosen: bool = False
    pending: bool = False
    declared: str | None = None
    last: bool = False

    def __hash__(self) -> int:
        """Hashed once: ``log_entry_dicts`` keys an entry's words by its steps after every event."""
        found: int | None = self.__dict__.get("_hash")
        if found is None:
            found = hash((self.kind, self.card, self.captured, self.wild, self.chosen, self.pending,
                          self.declared, self.last))
            object.__setattr__(self, "_hash", found)
        return found



@dataclass(frozen=True)
class LogEntry:
    """One line of the log: who (``seat``, and ``side``), what (``text``), every card moved;
    ``only`` the seat that alone may see it (a kept teyaku, RULES.md §4.2), None for everyone."""

    kind: str
    seat: int | None
    side: int | None
    text: str
    cards: tuple[str, ...]
    steps: tuple[LogStep, ...]
    complete: bool = True
    calls: tuple[str, ...] = ()
    only: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "side": self.side, "text": self.text,
                "cards": list(self.cards), "complete": self.complete, "calls": list(self.calls),
                "only": self.only}


def _flip_is_wild(namer: Namer, card: str | None) -> bool:
    wild = namer.config.wild
    return card is not None and wild is not None and wild.from_stock and namer.is_wild(card)


def _play_is_wild(namer: Namer, card: str | None) -> bool:
    return card is not None and namer.wild_in_hand(card)


def _steps(history: Sequence[PublicEvent], view: PlayerView | None, namer: Namer,
           stock_left: int) -> list[tuple[int, list[LogStep], str]]:
    """Group the events into entries: (seat, steps, entry kind)."""
    return _grouped(history, view, namer, stock_left)[0]


def _grouped(history: Sequence[PublicEvent], view: PlayerView | None, namer: Namer,
             stock_left: int, start: int = 0) -> tuple[list[tuple[int, list[LogStep], str]], list[int]]:
    """``_steps`` of the events from ``start`` on (where an entry begins: the entries before it
    are as they were), with the index of the event each entry begins at."""
    groups: list[tuple[int, list[LogStep], str]] = []
    starts: list[int] = []
    last_flip = -1
    if stock_left == 0:  # the turn-over that emptied the stock is marked (RULES.md §3)
        last_flip = next((i for i in range(len(history) - 1, -1, -1)
                          if history[i].kind in (EV_FLIP, EV_PPEOK)), -1)
    for index in range(start, len(history)):
        ev = history[index]
        if len(starts) < len(groups):  # the event before began an entry
            starts.append(index - 1)
        current = groups[-1] if groups else None
        same_turn = (current is not None and current[2] == ENTRY_TURN and current[0] == ev.seat)
        if ev.kind in (EV_PLAY, EV_DECLARE):
            step = LogStep(ev.kind, ev.card, ev.captured,
                           wild=ev.kind == EV_PLAY and _play_is_wild(namer, ev.card),
                           declared=ev.declared)
            groups.append((ev.seat, [step], ENTRY_TURN))
        elif ev.kind in (EV_FLIP, EV_PPEOK):
            pending = (ev.kind == EV_FLIP and not ev.captured and index == len(history) - 1
                       and view is not None and view.pending == ev.card)
            step = LogStep(ev.kind, ev.card, ev.captured,
                           wild=ev.kind == EV_FLIP and _flip_is_wild(namer, ev.card),
                           pending=pending, last=index == last_flip)
            if same_turn and current is not None and all(s.kind in (EV_PLAY, EV_DECLARE)
                                                          for s in current[1]):
                current[1].append(step)
            else:
                groups.append((ev.seat, [step], ENTRY_TURN))
        elif ev.kind == EV_TAKE:
            if same_turn and current is not None and current[1][-1].kind == EV_FLIP \
                    and current[1][-1].card == ev.card:
                flip = current[1][-1]
                current[1][-1] = LogStep(EV_FLIP, flip.card, ev.captured, wild=flip.wild,
                                         chosen=True)
            else:  # a choice whose turn-over is not in this history (never in a full round)
                groups.append((ev.seat, [LogStep(EV_FLIP, ev.card, ev.captured, chosen=True,
                                                 wild=_flip_is_wild(namer, ev.card))],
                               ENTRY_TURN))
        elif ev.kind in (EV_EXPOSE, EV_KEEP):
            groups.append((ev.seat, [LogStep(ev.kind, None, ev.captured)], ENTRY_TEYAKU))
        elif ev.kind == EV_DEALER:
            groups.append((ev.seat, [LogStep(ev.kind, None, ev.captured)], ENTRY_DEALER))
        elif ev.kind == EV_COLLECT:
            groups.append((ev.seat, [LogStep(ev.kind, None, ev.captured)], ENTRY_COLLECT))
        else:  # an event kind this layer does not know yet: say it plainly
            groups.append((ev.seat, [LogStep(ev.kind, ev.card, ev.captured)], ev.kind))
    if len(starts) < len(groups):
        starts.append(len(history) - 1)
    return groups, starts


def _step_text(step: LogStep, namer: Namer, *, you_choose: bool, ppeok: bool = False) -> str:
    card = namer.card(step.card, wild=step.wild) if step.card is not None else ""
    took = namer.cards(step.captured)
    if namer.lang != "en":
        return say(_step_key(step, namer, you_choose=you_choose, ppeok=ppeok), namer.lang,
                   card=card, took=took, kind=step.kind, yaku=_declared_name(step, namer),
                   field=namer.card(step.captured[0]) if step.captured else "").strip()
    if step.kind == EV_PLAY:
        if ppeok:
            return f"played {card} on {took}"
        if step.captured:
            return f"played {card}, took {took}"
        return f"played {card} (no capture)"
    if step.kind == EV_DECLARE:
        yaku = {y.id: y.name for y in namer.config.declarable}.get(step.declared or "",
                                                                   step.declared or "")
        return f"played {card} and declared {yaku} (no capture)"
    if step.kind == EV_FLIP:
        if step.pending:
            return f"turned over {card}: " + ("choose what it takes" if you_choose
                                               else "choosing what it takes")
        if not step.captured:
            return f"turned over {card} (no capture)"
        wild = namer.config.wild
        if step.wild and step.last and wild is not None and wild.last_stock_takes_all:
            return f"turned over {card} as the last stock card, took the whole field: {took}"
        if namer.is_wild(step.captured[0]) and not step.wild and wild is not None \
                and wild.field_rule:
            return f"turned over {card}, took {namer.card(step.captured[0])} from the field"
        return f"turned over {card}, took {took}"
    if step.kind == EV_PPEOK:
        return f"turned over {card} of the same month: ppeok — all three stay stacked on the field"
    return f"{step.kind} {card} {took}".strip()


def _declared_name(step: LogStep, namer: Namer) -> str:
    """The set a play declared, named in the namer's language."""
    if step.kind != EV_DECLARE:
        return ""
    from .languages import yaku_name
    declared = step.declared or ""
    english = {y.id: y.name for y in namer.config.declarable}.get(declared, declared)
    return yaku_name(namer.config.game, declared, english, namer.lang)


def _step_key(step: LogStep, namer: Namer, *, you_choose: bool, ppeok: bool) -> str:
    """The kind of sentence of a step (the catalogue's ``say.<kind>``): the same cases as the English."""
    if step.kind == EV_PLAY:
        return "play_on" if ppeok else "play_took" if step.captured else "play_none"
    if step.kind == EV_DECLARE:
        return "play_declare"
    if step.kind == EV_FLIP:
        if step.pending:
            return "flip_choose" if you_choose else "flip_choosing"
        if not step.captured:
            return "flip_none"
        wild = namer.config.wild
        if step.wild and step.last and wild is not None and wild.last_stock_takes_all:
            return "flip_last"
        if namer.is_wild(step.captured[0]) and not step.wild and wild is not None \
                and wild.field_rule:
            return "flip_field"
        return "flip_took"
    if step.kind == EV_PPEOK:
        return "flip_ppeok"
    return "step_other"


def _entry(seat: int, steps: list[LogStep], kind: str, view: PlayerView | None,
           namer: Namer) -> LogEntry:
    config = namer.config
    moved: list[str] = []
    for step in steps:
        for code in ((step.card,) if step.card else ()) + step.captured:
            if code not in moved:
                moved.append(code)
    cards = tuple(moved)
    taken = 0
    for step in steps:
        if step.kind in (EV_PLAY, EV_FLIP) and step.captured and not any(
                s.kind == EV_PPEOK for s in steps):
            taken |= mask_of(step.captured) | (1 << card_id(step.card) if step.card else 0)
    from .languages import bright_call
    call = bright_call(config.game, namer.lang)
    calls = (call,) if call and taken & BRIGHTS else ()
    if kind == ENTRY_TURN:
        who = namer.seat(seat)
        ppeok = any(s.kind == EV_PPEOK for s in steps)
        parts = [_step_text(s, namer, you_choose=seat == namer.viewer, ppeok=ppeok) for s in steps]
        if namer.lang != "en":
            text = say("entry", namer.lang, who=who,
                       steps=say("step_joiner", namer.lang).join(parts))
        else:
            text = f"{who} " + "; ".join(parts) + "."
        if calls:
            text += " " + " ".join(calls)
        complete = not any(s.pending for s in steps)
        return LogEntry(kind, seat, config.side_of[seat], text, cards, tuple(steps), complete,
                        calls)
    step = steps[0]
    if kind == ENTRY_TEYAKU:
        who = namer.seat(seat)
        if step.kind == EV_EXPOSE:
            value = view.teyaku[seat] if view is not None and seat < len(view.teyaku) else 0
            if namer.lang != "en":
                paid = say("teyaku_paid", namer.lang, value=value) if value else ""
                text = say("teyaku_expose", namer.lang, who=who, count=len(step.captured),
                           cards=namer.cards(step.captured), paid=paid)
            else:
                paid = f" — paid {value} by each other player" if value else ""
                text = (f"{who} exposed teyaku: {len(step.captured)} chaff "
                        f"({namer.cards(step.captured)}){paid}.")
        elif namer.lang != "en":
            text = say("teyaku_keep", namer.lang, who=who)
        else:
            text = f"{who} kept {'your' if seat == namer.viewer else 'their'} teyaku hidden."
        return LogEntry(kind, seat, config.side_of[seat], text, cards, (step,),
                        only=event_only(step.kind, seat))
    if kind == ENTRY_DEALER:
        month = month_label(CARDS[card_id(step.captured[0])].month, namer.theme)
        who = namer.seat(seat)
        if namer.lang != "en":
            text = say("dealer_captures", namer.lang, who=who, month=month,
                       cards=namer.cards(step.captured))
        else:
            text = (f"{who} (the dealer) captured the four {month} cards dealt to the field: "
                    f"{namer.cards(step.captured)}.")
        return LogEntry(kind, seat, config.side_of[seat], text, cards, (step,))
    if kind == ENTRY_COLLECT:
        side = config.side_of[seat]
        who = namer.side(side)
        verb = namer.verb(who, "collects", "collect")
        wild = config.wild
        why = ""
        if namer.lang != "en":
            if wild is not None and wild.leftovers == "month":
                why = say("collect_month", namer.lang, card=namer.card(wild.card))
            text = say("collect", namer.lang, who=who, why=why, cards=namer.cards(step.captured))
            return LogEntry(kind, None, side, text, cards, (step,))
        if wild is not None and wild.leftovers == "month":
            why = f" (the month {namer.card(wild.card)} took)"
        text = (f"Round end: {who} {verb} the cards left on the field{why}: "
                f"{namer.cards(step.captured)}.")
        return LogEntry(kind, None, side, text, cards, (step,))
    if kind in (EV_KOIKOI, EV_STOP, EV_HAND_YAKU):
        who = namer.seat(seat)
        if kind == EV_KOIKOI:
            key, english = "koikoi_called", f"{who}: koi-koi!"
        elif kind == EV_HAND_YAKU:
            key, english = "stop_at_deal", f"{who} won at the deal with a hand yaku (teshi or kuttsuki)."
        else:
            key, english = "stop_called", f"{who}: stop."
        text = english if namer.lang == "en" else say(key, namer.lang, who=who)
        return LogEntry(kind, seat, config.side_of[seat], text, cards, (step,))
    who = namer.seat(seat)
    said = _step_text(step, namer, you_choose=False)
    text = say("entry_other", namer.lang, who=who, step=said) if namer.lang != "en" \
        else f"{who}: {said}."
    return LogEntry(kind, seat, config.side_of[seat], text, cards, (step,))


def log_entries(view: PlayerView, namer: Namer,
                history: Sequence[PublicEvent] | None = None) -> list[LogEntry]:
    """The round's log as the view's seat may see it (its own ``keep`` included, no one
    else's), one entry per turn; ``history`` defaults to the view's."""
    events = view.history if history is None else history
    return [_entry(seat, steps, kind, view, namer)
            for seat, steps, kind in _steps(events, view, namer, view.stock_count)]


STABLE = "stable"
"""``log_entry_dicts``'s key in its memo: where the entry that can still change begins (an event
index and the event there), the teyaku it was said with, and the final entries before it (a
turn's entry changes while its turn goes on, RULES.md §3: its turn-over joins it, a choice
rewrites it, the turn-over that empties the stock is marked; ``_grouped`` adds to the last entry
only, so every entry before it is final)."""


def log_entry_dicts(view: PlayerView, namer: Namer, memo: dict[Any, Any]) -> list[dict[str, Any]]:
    """``[e.to_dict() for e in log_entries(view, namer)]``, each entry put in words once for
    ``memo``, a dict the caller keeps for one viewer, theme, seat names and round (an entry depends
    only on its seat, kind and steps, and an exposed teyaku on the view's teyaku values).  The
    dicts returned are shared with later calls: read them, do not change them."""
    history = view.history
    kept = memo.get(STABLE)
    start, out = 0, []
    if kept is not None and kept[0] < len(history) and history[kept[0]] is kept[1] \
            and kept[2] == view.teyaku:
        start, out = kept[0], list(kept[3])
    stable = len(out)
    groups, starts = _grouped(history, view, namer, view.stock_count, start)
    for seat, steps, kind in groups:
        key = (seat, kind, tuple(steps), view.teyaku if kind == ENTRY_TEYAKU else None)
        entry = memo.get(key)
        if entry is None:
            entry = memo[key] = _entry(seat, steps, kind, view, namer).to_dict()
        out.append(entry)
    if len(groups) > 1:  # all but the last entry are final (only the last grows): the next call starts there
        cut = len(groups) - 1
        memo[STABLE] = (starts[cut], history[starts[cut]], view.teyaku, out[:stable + cut])
    return out


def round_log_dicts(history: Sequence[PublicEvent], namer: Namer, stock_left: int,
                    said: dict[Any, Any] | None = None) -> list[dict[str, Any]]:
    """``[e.to_dict() for e in round_log_entries(history, namer, stock_left)]``; ``said``: the
    memo ``log_entry_dicts`` kept for the same namer while the round was played, whose entries
    are taken as they are where they read no view (all but an exposed teyaku, whose value a
    view adds; RULES.md §4.2).  The dicts given from ``said`` are shared: do not change them."""
    out = []
    for seat, steps, kind in _steps(history, None, namer, stock_left):
        entry = said.get((seat, kind, tuple(steps), None)) if said is not None and kind != ENTRY_TEYAKU \
            else None
        out.append(entry if entry is not None else _entry(seat, steps, kind, None, namer).to_dict())
    return out


def round_log_entries(history: Sequence[PublicEvent], namer: Namer,
                      stock_left: int) -> list[LogEntry]:
    """The log of a round's public history without a seat's view (records, replays);
    ``stock_left`` is how many stock cards are still face down."""
    return [_entry(seat, steps, kind, None, namer)
            for seat, steps, kind in _steps(history, None, namer, stock_left)]

