"""What each socket receives: the per-seat state message and its public parts.

Everything a seat receives is built from ``Match.view(seat).to_dict()`` (spectators:
``views.spectator_view``) plus public table facts (seat names, round summaries, the public
standing of captures); nothing else about the match leaves the server while it runs
(DESIGN.md layer 4).  ``state_message`` is the ONE place that builds a seat's state message.

Deltas (a socket opened with ``?deltas=1`` or ``?deltas=2``; ``state_delta``): the first state a
socket gets is whole; after it, until the socket asks for ``{"type": "state"}`` or changes its
theme, each state carries every field whole EXCEPT ``log`` and, with ``?deltas=2``, ``words.log``,
which carry only what the page lacks (``?deltas=1`` sends ``words.log`` whole; ``?deltas=2``,
what the table page asks for, cuts it too: late in a match the words log is most of every message,
~120 KB of ~140 KB at round 12).  A page following ``?deltas=2`` does, with ``held`` its previous
words log: ``words.log = held.slice(0, words_log_from).concat(words.log)`` (``table.js``).

- ``log``: the public stored events after the page's last one.  ``log_from`` is the ``seq`` of
  the last entry the page holds (entries are numbered 1, 2, … by position among the events this
  seat may see, in whole states and deltas alike: a private ``keep`` of another seat leaves no gap);
  the page appends ``log`` to the entries it holds.
- ``words.log`` (``?deltas=2`` only): the match log in words from entry ``words_log_from`` on
  (0-based): the page keeps
  its first ``words_log_from`` entries and appends ``words.log``.  Entries the page holds may be
  sent again, rewritten: the last one (an unfinished turn, "turned over X: choose what it takes",
  is rewritten once it ends) and, once a round has ended, that round's entries (after its deal line
  on: an ended round is told as a record tells it).  So ``words_log_from`` may be less than the
  number of entries the page holds: it drops those after it.

Building a state is the server's main cost under load, so the log of a round that has ended
(which never changes again) is put in words once per seat and theme and kept on the table
(``LiveTable.words_cache``), and the table's fixed facts (yaku names, card values) once per table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import CODES
from ..engine.visibility import move_only, visible_to
from ..records import Match
from ..rules.base import RoundScore
from ..views import PlayerView, round_history, spectator_view
from ..words import (
    Namer,
    match_result_text,
    round_log_entries,
    round_result,
    totals_text,
    view_words,
    yaku_progress,
)
from ..words.sentences import note_text, say

if TYPE_CHECKING:
    from .live import LiveTable

__all__ = ["LogMark", "card_values", "is_public", "round_summary", "standing", "state_delta",
           "state_message", "table_summary", "yaku_names"]


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
    """Whether a stored log entry may go to ``seat``: a move goes where the event it makes may be
    seen (``engine.visibility.move_only``, the one definition the views read too: a kept
    Hana-Awase teyaku is its seat's alone, RULES.md §4.2); every other entry is public."""
    if entry["kind"] != "move":
        return True
    actor = entry.get("seat")  # a move always has one; without, a private move goes to nobody
    return visible_to(move_only(str(entry["text"]), actor if isinstance(actor, int) else -1), seat)


def table_summary(table: LiveTable) -> dict[str, Any]:
    """Public facts of a table (the lobby list and the head of every state message)."""
    m = table.match
    fixed = table.words_cache.get("fixed")
    if fixed is None:  # the same for the whole match: built once per table
        fixed = table.words_cache["fixed"] = (yaku_names(m), card_values(m))
    return {
        "id": table.id,
        "game": m.config.game.id,
        "title": m.config.game.title,
        "players": m.config.players,
        "theme": table.theme,
        "seeded": table.seeded,
        "hints": table.hints,
        "yaku_names": fixed[0],
        "card_values": fixed[1],
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


def table_namer(table: LiveTable, seat: int | None, theme: str, lang: str = "en") -> Namer:
    """The ``Namer`` of ``seat``'s page at ``table``: its seat names, and the seats bots play."""
    return Namer(table.match.config, theme, seat, tuple(s.name for s in table.seats), lang,
                 table.bot_seats)


def _words(table: LiveTable, view: PlayerView, theme: str, lang: str = "en") -> dict[str, Any]:
    """The seat's screen in words (``words.view_words``) plus the log of the whole match.

    A yaku's card list and the cards still out name cards the seat may not see, so they go by
    card id (0…47), as ``card_values``: no message to a seat names a hidden card by its code."""
    m = table.match
    namer = table_namer(table, view.seat, theme, lang)
    progress = yaku_progress(namer, view.captures, view.discard, view.declared)
    rounds = len(m.rounds)
    memo_key = ("entries", view.seat, namer.theme, namer.players, namer.lang, namer.bots)
    memo = table.words_cache.get(memo_key)
    if memo is None or memo[0] != rounds:  # the current round's entries in words, kept for the round
        memo = table.words_cache[memo_key] = (rounds, {})
    out = view_words(view, namer, progress, memo[1])
    for p, words in zip(out["progress"], progress, strict=True):
        p["cards"], p["out"] = _ids(p["cards"]), _ids(p["out"])
        for side in p["sides"]:
            side["text"] = words.side_text(namer, side["side"])
            side["line"] = words.line(namer, side["side"])
    if m.results and (m.round_over or m.finished):
        out["result"] = [r.to_dict() for r in round_result(namer, m.results[-1], m.current.captures)]
        out["result_note"] = note_text(m.results[-1].note, lang)
        out["totals_text"] = totals_text(namer, m.totals)
    if m.finished:
        out["match_result"] = match_result_text(namer, m.winners, m.totals, len(m.rounds))
    for seat in out["seats"]:
        info = table.seats[seat["seat"]]
        seat["kind"] = info.kind
        seat["connected"] = any(c.seat == info.seat for c in table.connections)
    entries: list[dict[str, Any]] = []
    for number in range(1, rounds):
        entries += _ended_round_words(table, view.seat, namer, number)
    if rounds > 1:
        entries.append(_deal_entry(rounds, lang))
    # the current round's entries: view_words put them in words already (``log_entries``)
    out["round_start"] = len(entries)  # (taken out again by ``state_delta``)
    entries += [{**e, "round": rounds} for e in out["log"]]
    out["log"] = entries
    return out


def _deal_entry(number: int, lang: str = "en") -> dict[str, Any]:
    text = f"Round {number} dealt" if lang == "en" else say("deal", lang, n=number)
    return {"round": number, "kind": "deal", "text": text, "cards": [], "seat": None}


def _ended_round_words(table: LiveTable, seat: int | None, namer: Namer, number: int) -> list[dict[str, Any]]:
    """The log in words of round ``number`` (ended: it never changes again) as ``seat`` sees it,
    its deal line first from round 2 on; kept on the table per seat, theme and seat names (the
    lines name the seats, and a seat handed to a bot is renamed) and language."""
    key = (seat, namer.theme, namer.players, number, namer.lang, namer.bots)
    cached: list[dict[str, Any]] | None = table.words_cache.get(key)
    if cached is None:
        rnd = table.match.rounds[number - 1]
        cached = [_deal_entry(number, namer.lang)] if number > 1 else []
        cached += [{**e.to_dict(), "round": number}
                   for e in round_log_entries(round_history(rnd, seat), namer, rnd.stock_left)]
        table.words_cache[key] = cached
    return cached


@dataclass(frozen=True)
class LogMark:
    """How much of the two logs a delta socket holds (``state_delta``)."""

    seq: int
    """The stored events looked at (``LiveTable.seq`` when the state was built)."""
    entries: int
    """Public log entries sent (the ``seq`` of the page's last ``log`` entry)."""
    words: int
    """``words.log`` entries sent."""
    round: int
    """The round being played then: its entries may still change..."""
    round_start: int
    """...from this entry of ``words.log`` on (its first entry after its deal line)."""


def state_message(table: LiveTable, seat: int | None, creator: bool = False,
                  theme: str = "") -> dict[str, Any]:
    """The whole table as ``seat`` may see it (``None``: a spectator), the whole move log included.

    ``words`` is everything the page shows in words, in the card names of ``theme`` (default:
    the table's): seats, sides with piles by kind, legal moves with what each takes, the log of
    the whole match with the cards of every entry, the yaku progress and the turn line.
    """
    return state_delta(table, seat, creator, theme, None)[0]


def state_delta(table: LiveTable, seat: int | None, creator: bool, theme: str,
                since: LogMark | None, words: bool = True,
                lang: str = "en") -> tuple[dict[str, Any], LogMark]:
    """The state for a socket that holds the logs up to ``since`` (``None``: whole), and what it
    holds once it has this one (see the module docstring for the delta fields); ``words``: cut
    ``words.log`` too (``?deltas=2``), else only ``log`` (``?deltas=1``)."""
    m = table.match
    theme = theme or table.theme
    pv = m.view(seat) if seat is not None else spectator_view(m)
    in_words = _words(table, pv, theme, lang)
    words_log: list[dict[str, Any]] = in_words["log"]
    round_start: int = in_words.pop("round_start")
    if since is None:
        # numbered by position, not by stored sequence: a skipped private entry (a kept teyaku,
        # RULES.md §4.2) leaves no gap another seat could notice
        log_ = [{**e, "seq": i + 1} for i, e in enumerate(e for e in table.log if is_public(e, seat))]
        mark = LogMark(table.seq, len(log_), len(words_log), len(m.rounds), round_start)
        extra: dict[str, Any] = {}
    else:
        new = [e for e in _log_after(table.log, since.seq) if is_public(e, seat)]
        log_ = [{**e, "seq": since.entries + i + 1} for i, e in enumerate(new)]
        if since.round == len(m.rounds):  # the same round: its last entry may have been rewritten
            words_from = max(since.round_start, since.words - 1)
        else:  # a round ended since: its entries read as an ended round's now (as after a reload)
            words_from = since.round_start
        mark = LogMark(table.seq, since.entries + len(log_), len(words_log), len(m.rounds), round_start)
        extra = {"log_from": since.entries}
        if words:
            words_from = min(words_from, len(words_log))
            in_words["log"] = words_log[words_from:]
            extra["words_log_from"] = words_from
    return {
        "type": "state",
        "table": table_summary(table),
        "theme": theme,
        "you": seat,
        "creator": creator,
        "view": pv.to_dict(),
        "words": in_words,
        "standing": standing(m),
        "summaries": _summaries(table),
        "log": log_,
        **extra,
    }, mark


def _summaries(table: LiveTable) -> list[dict[str, Any]]:
    """``round_summary`` of every scored round, each built once and kept on the table (a scored
    round never changes; the dicts are shared by the messages, which only serialize them)."""
    results = table.match.results
    kept: list[tuple[RoundScore, dict[str, Any]]] = table.words_cache.setdefault("summaries", [])
    if len(kept) > len(results) or any(kept[i][0] is not r for i, r in enumerate(results[:len(kept)])):
        kept.clear()  # not the rounds summed up before: start again
    kept += [(r, round_summary(r)) for r in results[len(kept):]]
    return [d for _, d in kept]


def _log_after(log: list[dict[str, Any]], seq: int) -> list[dict[str, Any]]:
    """The entries after ``seq`` (entries are numbered 1, 2, … in order, so no search is needed)."""
    if seq <= 0:
        return log
    start = seq if seq <= len(log) and log[seq - 1]["seq"] == seq else \
        next((i for i, e in enumerate(log) if e["seq"] > seq), len(log))
    return log[start:]
