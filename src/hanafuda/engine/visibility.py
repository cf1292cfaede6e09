"""Who may see what: the one definition every view, log and adapter reads (RULES.md §4.2).

Hana-Awase teyaku (RULES.md §4.2) is the only private part of the public history: a player who
*keeps* their teyaku hidden makes a decision only they may see, since only players holding six or
more chaff are asked, so the fact that a seat was asked reveals its hand.  Everything else that
happens on the table (plays, turn-overs, choices, declarations, an exposed teyaku, round-end
collection) is seen by every seat.

Visibility is data: each event of the history carries ``only`` — the seat that alone may see it,
or ``None`` for everyone (``event_only``); a move carries the visibility of the event it makes
(``action_only``, ``move_only`` for a stored move string).  Views (``views.PublicEvent.only``),
the log in words, the web's stored log and the OpenSpiel observer all read these functions instead
of comparing move texts.

A pending decision can be hidden too: while a seat decides on its teyaku, every other seat sees the
round as if nobody still to decide held one — the first turn due (``hidden_from``, ``as_settled``).
"""

from __future__ import annotations

from .moves import EXPOSE, KEEP, KIND_BITS, PLAY, TAKE, MoveKind, split_seat_prefix
from .round import EV_EXPOSE, EV_KEEP, EV_PLAY, EV_TAKE, PHASE_PLAY, PHASE_TEYAKU, EventKind, Round

__all__ = ["PRIVATE_EVENTS", "action_only", "as_settled", "event_only", "hidden_from", "move_only",
           "visible_to"]

PRIVATE_EVENTS: frozenset[EventKind] = frozenset({EV_KEEP})
"""Event kinds only the acting seat may see: a kept teyaku (RULES.md §4.2)."""

_EVENT_OF_MOVE: dict[int, EventKind] = {PLAY: EV_PLAY, TAKE: EV_TAKE, EXPOSE: EV_EXPOSE,
                                             KEEP: EV_KEEP}
"""The event a move of each kind makes first (``Round.apply``); a play's later events (the
turn-over, a choice) are public like the play itself."""

_KIND_OF_WORD: dict[str, MoveKind] = {kind.word: kind for kind in MoveKind}


def event_only(kind: EventKind | str, actor: int) -> int | None:
    """The seat that alone may see an event of ``kind`` made by ``actor``; None: every seat."""
    return actor if kind in PRIVATE_EVENTS else None


def visible_to(only: int | None, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) may see an entry whose visibility is ``only``."""
    return only is None or only == seat


def action_only(action: int, seat: int) -> int | None:
    """The seat that alone may see ``seat``'s move ``action`` (an engine int); None: every seat."""
    kind = _EVENT_OF_MOVE.get(action & KIND_BITS)
    return None if kind is None else event_only(kind, seat)


def move_only(text: str, seat: int) -> int | None:
    """``action_only`` for a move string in RULES.md §7 notation (a stored log entry): only its
    kind matters, so no game configuration is needed.  Text that is not a move is public."""
    _, body = split_seat_prefix(text)
    words = body.split()
    kind = _KIND_OF_WORD.get(words[0]) if words else None
    move_event = _EVENT_OF_MOVE.get(kind) if kind is not None else None
    return None if move_event is None else event_only(move_event, seat)


def hidden_from(rnd: Round, seat: int | None) -> bool:
    """Whether the pending decision is one ``seat`` (None: a spectator) may not learn exists:
    another seat's teyaku decision (RULES.md §4.2 asks only players holding six or more chaff,
    so the question itself would reveal the hand)."""
    return rnd.phase == PHASE_TEYAKU and seat != rnd.seat


def as_settled(rnd: Round) -> Round:
    """A copy of the round as it would stand if nobody still to decide held a teyaku: the first
    turn due.  What a seat that may not see the pending decision is shown (``hidden_from``)."""
    shown = rnd.copy()
    shown.teyaku_queue = []
    shown.phase = PHASE_PLAY
    shown.turn = 0
    shown.seat = shown.order[0]
    return shown
