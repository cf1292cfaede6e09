"""Everything a seat's screen says, in one structured bundle (for the web page and the terminal).

``namer_for(view, theme, players)`` builds the ``Namer`` of a view; ``view_words`` returns the
seats, sides (with capture piles by kind), the legal moves with what they capture, the log, the
yaku progress and the turn line, as JSON-ready data in which every text is already written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rules import configure
from ..views import PlayerView
from .events import log_entries
from .moves import legal_move_words
from .names import Namer
from .piles import side_pile
from .progress import yaku_progress

__all__ = ["namer_for", "turn_text", "view_words"]


def namer_for(view: PlayerView, theme: str = "hanafuda",
              players: Sequence[str | None] = ()) -> Namer:
    """The ``Namer`` of a view: its game's config, the theme, the viewer and the seats' names."""
    config = configure(view.game, view.players, dict(view.options))
    return Namer(config, theme, view.seat, tuple(players))


def turn_text(view: PlayerView, namer: Namer) -> str:
    """"Your turn: play a card", "Greedy (seat 1) to move", "Round over", "Match over"."""
    if view.finished:
        return "Match over"
    if view.to_move is None:
        return "Round over"
    who = namer.seat(view.to_move)
    if view.to_move == view.seat:
        if view.phase == "teyaku":
            return "Your turn: expose your teyaku or keep it hidden"
        if view.phase == "take" and view.pending is not None:
            return f"Your turn: choose what {namer.card(view.pending, wild=True)} takes"
        return "Your turn: play a card"
    return f"{who} to move"


def view_words(view: PlayerView, namer: Namer) -> dict[str, Any]:
    """The seat's screen in words and structure (see the module docstring)."""
    config = namer.config
    order = list(view.turn_order)
    seats = [{
        "seat": s,
        "name": namer.seat(s),
        "side": config.side_of[s],
        "team": namer.side(config.side_of[s]) if len(config.sides[config.side_of[s]]) > 1 else None,
        "dealer": s == view.dealer,
        "to_move": s == view.to_move,
        "you": s == view.seat,
        "hand_count": view.hand_counts[s],
        "order": order.index(s) if s in order else None,
    } for s in range(config.players)]
    sides = []
    for side in range(config.num_sides):
        pile = side_pile(namer, side, view.captures[side])
        sides.append({"side": side, "name": namer.side(side), "seats": list(config.sides[side]),
                      "you": namer.side_is_viewer(side), "pile": pile.to_dict(),
                      "headline": pile.headline(), "total": view.totals[side]})
    return {
        "seats": seats,
        "sides": sides,
        "legal": [m.to_dict() for m in legal_move_words(view, namer)],
        "log": [e.to_dict() for e in log_entries(view, namer)],
        "progress": [p.to_dict() for p in yaku_progress(namer, view.captures, view.discard,
                                                         view.declared)],
        "turn": turn_text(view, namer),
        "pending": namer.card(view.pending, wild=True) if view.pending is not None else None,
        "cards": {code: {"name": namer.card(code), "kind": namer.kind_word(code),
                         "wild": namer.is_wild(code)}
                  for code in [*view.hand.codes(), *view.field.codes(),
                               *([view.pending] if view.pending else [])]},
    }
