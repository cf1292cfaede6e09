"""What each socket receives: the per-seat state message and its public parts.

Everything a seat receives is built from ``Match.view(seat).to_dict()`` (spectators:
``views.spectator_view``) plus public table facts (seat names, round summaries, the public
standing of captures); nothing else about the match leaves the server while it runs
(DESIGN.md layer 4).  ``state_message`` is the ONE place that builds a seat's state message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import CODES
from ..records import Match
from ..rules.base import RoundScore
from ..views import PlayerView, round_history, spectator_view
from ..words import (
    Namer,
    log_entries,
    match_result_text,
    round_log_entries,
    round_result,
    totals_text,
    view_words,
    yaku_progress,
)

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
        "hints": table.hints,
        "yaku_names": yaku_names(m),
        "card_values": card_values(m),
        "status": ("finished" if m.finished else "stopped" if table.stopped
                   else "abandoned" if table.abandoned else "running"),
        "round": len(m.rounds),
        "totals": list(m.totals),
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                   "connected": any(c.seat == s.seat for c in table.connections)}
                  for s in table.seats],
    }


def _ids(codes: list[str]) -> list[int]:
    return [CODES.index(c) for c in codes]


def _words(table: LiveTable, view: PlayerView, theme: str) -> dict[str, Any]:
    """The seat's screen in words (``words.view_words``) plus the log of the whole match.

    A yaku's card list and the cards still out name cards the seat may not see, so they go by
    card id (0…47), as ``card_values``: no message to a seat names a hidden card by its code."""
    m = table.match
    namer = Namer(m.config, theme, view.seat, tuple(s.name for s in table.seats))
    out = view_words(view, namer)
    progress = yaku_progress(namer, view.captures, view.discard, view.declared)
    for p, words in zip(out["progress"], progress, strict=True):
        p["cards"], p["out"] = _ids(p["cards"]), _ids(p["out"])
        for side in p["sides"]:
            side["text"] = words.side_text(namer, side["side"])
    if m.results and (m.round_over or m.finished):
        out["result"] = [r.to_dict() for r in round_result(namer, m.results[-1], m.current.captures)]
        out["result_note"] = m.results[-1].note
        out["totals_text"] = totals_text(namer, m.totals)
    if m.finished:
        out["match_result"] = match_result_text(namer, m.winners, m.totals, len(m.rounds))
    for seat in out["seats"]:
        info = table.seats[seat["seat"]]
        seat["kind"] = info.kind
        seat["connected"] = any(c.seat == info.seat for c in table.connections)
    entries: list[dict[str, Any]] = []
    for number, rnd in enumerate(m.rounds, start=1):
        if number == len(m.rounds):
            round_entries = log_entries(view, namer)
        else:
            round_entries = round_log_entries(round_history(rnd, view.seat), namer, rnd.stock_left)
        if number > 1:
            entries.append({"round": number, "kind": "deal", "text": f"Round {number} dealt",
                            "cards": [], "seat": None})
        entries += [{**e.to_dict(), "round": number} for e in round_entries]
    out["log"] = entries
    return out


def state_message(table: LiveTable, seat: int | None, creator: bool = False,
                  theme: str = "", since: int | None = None) -> dict[str, Any]:
    """The whole table as ``seat`` may see it (``None``: a spectator), the whole move log included.

    ``words`` is everything the page shows in words, in the card names of ``theme`` (default:
    the table's): seats, sides with piles by kind, legal moves with what each takes, the log of
    the whole match with the cards of every entry, the yaku progress and the turn line.
    """
    m = table.match
    pv = m.view(seat) if seat is not None else spectator_view(m)
    log_ = [e for e in table.log if is_public(e, seat)]
    return {
        "type": "state",
        "table": table_summary(table),
        "theme": theme or table.theme,
        "you": seat,
        "creator": creator,
        "view": pv.to_dict(),
        "words": _words(table, pv, theme or table.theme),
        "standing": standing(m),
        "summaries": [round_summary(r) for r in m.results],
        # numbered by position, not by stored sequence: a skipped private entry (a kept teyaku,
        # RULES.md §4.2) leaves no gap another seat could notice; a delta connection gets the
        # entries after ``since`` (``log_from`` says where they follow on)
        "log": ([{**e, "seq": i + 1} for i, e in enumerate(log_)] if since is None
                else [e for e in _log_after(table.log, since) if is_public(e, seat)]),
        **({"log_from": since} if since is not None else {}),
    }


def _log_after(log: list[dict[str, Any]], seq: int) -> list[dict[str, Any]]:
    """The entries after ``seq`` (entries are numbered 1, 2, … in order, so no search is needed)."""
    if seq <= 0:
        return log
    start = seq if seq <= len(log) and log[seq - 1]["seq"] == seq else \
        next((i for i, e in enumerate(log) if e["seq"] > seq), len(log))
    return log[start:]
