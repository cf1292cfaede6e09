"""What each socket receives: the per-seat state message and its public parts.

Everything a seat receives is built from ``Match.view(seat).to_dict()`` (spectators:
``views.spectator_view``) plus public table facts (seat names, round summaries, the public
standing of captures); nothing else about the match leaves the server while it runs
(DESIGN.md layer 4).  ``state_message`` is the ONE place that builds a seat's state message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..records import Match
from ..rules.base import RoundScore
from ..views import spectator_view

if TYPE_CHECKING:
    from .live import LiveTable

__all__ = ["card_values", "is_public", "round_summary", "standing", "state_message", "table_summary",
           "yaku_names"]


def card_values(match: Match) -> list[int]:
    """Each card's value in this match's game and options (RULES.md §1), by card id (0…47): the
    pages put it on the card faces' badges.  By id, not by code: a message to a seat names no
    card it cannot see."""
    return list(match.config.values)


def yaku_names(match: Match) -> dict[str, str]:
    """Display names of the match's yaku and declarable sets by id (the pages show these, not ids)."""
    return {y.id: y.name for y in match.config.yaku}


def round_summary(score: RoundScore) -> dict[str, Any]:
    """A scored round (public once the round is over): card points, yaku, scores and terms."""
    return {
        "card_points": list(score.card_points),
        "yaku": [[{"id": y.id, "name": y.name, "points": y.points} for y in side] for side in score.yaku],
        "scores": list(score.scores),
        "terms": [[{"label": t.label, "value": t.value} for t in side] for side in score.terms],
        "note": score.note,
    }


def standing(match: Match) -> dict[str, Any]:
    """Card points and yaku held so far, from the capture piles (public information)."""
    st = match.current.standing()
    return {
        "card_points": list(st.card_points),
        "yaku": [[{"id": y.id, "name": y.name, "points": y.points} for y in side] for side in st.yaku],
    }


def is_public(entry: dict[str, Any], seat: int | None) -> bool:
    """Whether a log entry may go to ``seat``: a Hana-Awase "keep" is private to its seat, as in
    the engine's views (docs/rules reading 3)."""
    return not (entry["kind"] == "move" and entry["text"] == "keep" and entry["seat"] != seat)


def table_summary(table: LiveTable) -> dict[str, Any]:
    """Public facts of a table (the lobby list and the head of every state message)."""
    m = table.match
    return {
        "id": table.id,
        "game": m.config.game.id,
        "title": m.config.game.title,
        "players": m.config.players,
        "theme": table.theme,
        "seeded": table.seeded,
        "yaku_names": yaku_names(m),
        "card_values": card_values(m),
        "status": "finished" if m.finished else "stopped" if table.stopped else "running",
        "round": len(m.rounds),
        "totals": list(m.totals),
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                   "connected": any(c.seat == s.seat for c in table.connections)}
                  for s in table.seats],
    }


def state_message(table: LiveTable, seat: int | None, creator: bool = False,
                  since: int | None = None) -> dict[str, Any]:
    """The whole table as ``seat`` may see it (``None``: a spectator), the whole move log included.

    With ``since`` (a delta connection that already holds the log up to that ``seq``), ``log``
    holds only the later entries and ``log_from`` says where they follow on."""
    m = table.match
    view = m.view(seat).to_dict() if seat is not None else spectator_view(m).to_dict()
    return {
        "type": "state",
        "table": table_summary(table),
        "you": seat,
        "creator": creator,
        "view": view,
        "standing": standing(m),
        "summaries": [round_summary(r) for r in m.results],
        "log": [e for e in _log_after(table.log, since or 0) if is_public(e, seat)],
        **({"log_from": since} if since is not None else {}),
    }


def _log_after(log: list[dict[str, Any]], seq: int) -> list[dict[str, Any]]:
    """The entries after ``seq`` (entries are numbered 1, 2, … in order, so no search is needed)."""
    if seq <= 0:
        return log
    start = seq if seq <= len(log) and log[seq - 1]["seq"] == seq else \
        next((i for i, e in enumerate(log) if e["seq"] > seq), len(log))
    return log[start:]
