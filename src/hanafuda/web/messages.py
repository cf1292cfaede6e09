"""What each socket receives: whole states, then small versioned patches (the table protocol).

Everything a seat receives is built from ``Match.view(seat)`` (spectators:
``views.spectator_view``) plus public table facts (seat names, the stored moves); nothing else
about the match leaves the server while it runs (DESIGN.md layer 4).  A state carries only what
the page reads: the round's history and the scores are in ``words`` (the log, the piles, the
result), so the view goes without its history and there is no second copy of the scores
(issue 28: each such part was work and bytes at every move).  ``state_message`` is the ONE
place that builds a seat's state.

The protocol (issue 28; ``docs/web.md`` mirrors it).  Server to page:

- ``{"type": "state", "v": V, ...}``: the whole table as this page may see it (``STATE_KEYS``),
  held by the page as its state at version ``V``; sent when a socket opens, when the page asks
  (``{"type": "state"}``) and when it changes its theme.
- ``{"type": "patch", "base": B, "v": V, "ops": [...], "event"?: {...}}``: what changed since the
  state at version ``B``; the page applies ``ops`` in order to the state it holds and then holds
  version ``V``.  An op is ``["set", path, value]`` (put ``value`` at ``path``, a list of keys
  and list indexes from the top of the state), ``["del", path]`` (remove that key) or
  ``["cut", path, n, items]`` (keep the first ``n`` items of the list at ``path``, then append
  ``items``: the logs grow this way).  ``event`` (``{"seat", "move"}``) is the stored move the
  patch shows, where this page may see it (not part of the held state).
- The gap rule: a page that holds no state, or whose version is not the patch's ``base`` (it
  missed one), ignores the patch and asks for ``{"type": "state"}``; it gets the whole state.

Versions are counted per viewer (seat, creator, theme, language): one more for each change that
viewer sees.  Every socket of a viewer holds the same state, so the server builds each viewer's
state once per change, diffs it against what that viewer was last sent (``LiveTable.held``), and
serializes the patch once for all its sockets (spectators share theirs).  A private event (a kept
teyaku, RULES.md §4.2) changes only its seat's viewers: the others get no patch and their
versions do not move, so nothing they receive tells that it happened.

Building a state is the server's main cost under load, so the log of a round that has ended
(which never changes again) is put in words once per seat and theme and kept on the table
(``LiveTable.words_cache``), a yaku's progress in words once per viewer and position, and the
table's fixed facts (yaku names, card values) once per table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import CODES
from ..engine.visibility import move_only, visible_to
from ..records import Match
from ..rules.base import RoundScore
from ..views import PlayerView, round_history, spectator_view, view_dict
from ..words import (
    Namer,
    match_result_text,
    round_log_dicts,
    round_result,
    totals_text,
    view_words,
    yaku_progress,
)
from ..words.catalogue import text
from ..words.languages import yaku_name
from ..words.progress import YakuProgress
from ..words.sentences import note_text, say
from ..words.summary import stop_text

if TYPE_CHECKING:
    from .live import LiveTable

__all__ = ["LOGS", "OPS", "STATE_KEYS", "apply_patch", "card_values", "diff", "is_public", "patch_message",
           "round_summary", "state_message", "table_summary", "viewer_key", "yaku_names"]

STATE_KEYS = ("type", "table", "theme", "you", "creator", "view", "words", "log")
"""The keys of a whole state (``state_message``; a state message adds ``v`` and maybe ``event``)."""
OPS = ("set", "del", "cut")
"""The operations of a patch (module docstring)."""
DEPTH = 3
"""How deep a patch goes: a changed part deeper than ``["words", "progress", 3]`` (a yaku's
progress, a seat, a side) is sent whole, which costs few bytes and spares the server the walk."""
LOGS = (["log"], ["words", "log"])
"""The logs: a patch changes them by ``cut`` alone (whole entries, never a field of one)."""


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
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "open": s.open,
                   "connected": any(c.seat == s.seat for c in table.connections)}
                  for s in table.seats],
    }


_ID = {code: i for i, code in enumerate(CODES)}


def _ids(codes: list[str]) -> list[int]:
    return [_ID[c] for c in codes]


def seat_names(table: LiveTable, lang: str) -> tuple[str, ...]:
    """Each seat's name as the table's words say it in ``lang``: its stored name, or a seat still
    open to anyone as one ("Open seat", "空席", "빈 자리"), from its flag, not its stored name."""
    return tuple(text("name.open_seat", lang) if s.open and s.kind == "human" else s.name
                 for s in table.seats)


def table_namer(table: LiveTable, seat: int | None, theme: str, lang: str = "en") -> Namer:
    """The ``Namer`` of ``seat``'s page at ``table``: its seat names, and the seats bots play; one
    per viewer for the table's life (a namer keeps the seat names it said)."""
    key = ("namer", seat, theme, lang, seat_names(table, lang), table.bot_seats)
    namer: Namer | None = table.words_cache.get(key)
    if namer is None:
        namer = table.words_cache[key] = Namer(table.match.config, theme, seat, key[4], lang, key[5])
    return namer


def _words(table: LiveTable, view: PlayerView, theme: str, lang: str = "en") -> dict[str, Any]:
    """The seat's screen in words (``words.view_words``) plus the log of the whole match.

    A yaku's card list and the cards still out name cards the seat may not see, so they go by
    card id (0…47), as ``card_values``: no message to a seat names a hidden card by its code."""
    m = table.match
    namer = table_namer(table, view.seat, theme, lang)
    # the progress reads public facts only (captures, discard, declarations): one for every viewer
    facts = (tuple([c.mask for c in view.captures]), view.discard.mask, view.declared)
    rounds = len(m.rounds)
    shared = table.words_cache.get("yaku_progress")
    if shared is None or shared[0] != facts:
        # a yaku no card of which moved is the same object as before (kept for the round), so
        # the words said of it below are found by identity
        made = table.words_cache.get("yaku_made")
        if made is None or made[0] != rounds:
            made = table.words_cache["yaku_made"] = (rounds, {})
        shared = table.words_cache["yaku_progress"] = (facts, yaku_progress(
            namer, view.captures, view.discard, view.declared, made[1]))
    progress = shared[1]
    memo_key = ("entries", view.seat, namer.theme, namer.players, namer.lang, namer.bots)
    memo: tuple[int, dict[Any, Any], dict[int, dict[str, Any]]] | None = table.words_cache.get(memo_key)
    if memo is None or memo[0] != rounds:  # the current round's entries in words, kept for the round
        fresh: dict[Any, Any] = {}
        if memo is not None and memo[0] == rounds - 1:
            fresh["ended-before"] = memo[1]  # the round just ended, said already (``_ended_round_words``)
        memo = table.words_cache[memo_key] = (rounds, fresh, {})
    out = view_words(view, namer, (), memo[1])  # (the progress is put in words below)
    out["progress"] = _viewer_progress(table, view, namer, progress, theme, lang)
    if m.results and (m.round_over or m.finished):  # a scored round never changes: said once
        over = (len(m.results), m.finished)
        said_over = memo[1].get("over")
        if said_over is None or said_over[0] != over:
            said_over = memo[1]["over"] = (over, {
                "result": [r.to_dict() for r in round_result(namer, m.results[-1], m.current.captures)],
                "result_note": note_text(m.results[-1].note, lang),
                "result_stop": stop_text(namer, m.results[-1]),  # Koi-Koi: who stopped, with what
                "totals_text": totals_text(namer, m.totals),
                **({"match_result": match_result_text(namer, m.winners, m.totals, len(m.rounds))}
                   if m.finished else {})})
        out.update(said_over[1])
    elif m.finished:
        out["match_result"] = match_result_text(namer, m.winners, m.totals, len(m.rounds))
    # each seat's kind and whether a page of it is open: a new list when they or the seats' words
    # changed, else the one sent before (the seats' words are kept by ``view_words``)
    here = {c.seat for c in table.connections}
    people = (id(out["seats"]), tuple((s.kind, s.seat in here) for s in table.seats))
    kept_seats = memo[1].get("seats-here")
    if kept_seats is None or kept_seats[0] != people:
        kept_seats = memo[1]["seats-here"] = (people, [
            {**seat, "kind": people[1][seat["seat"]][0], "connected": people[1][seat["seat"]][1]}
            for seat in out["seats"]])
    out["seats"] = kept_seats[1]
    ended = memo[1].get("ended")  # the rounds before this one and its deal line: kept for the round
    if ended is None:
        said = memo[1].pop("ended-before", None)
        ended = memo[1]["ended"] = [
            e for number in range(1, rounds)
            for e in _ended_round_words(table, view.seat, namer, number,
                                        said if number == rounds - 1 else None)]
        if rounds > 1:
            ended.append(_deal_entry(rounds, lang))
    entries = list(ended)
    # the current round's entries: view_words put them in words already (``log_entries``), each
    # the same object while it does not change (the memo holds it), so is its copy with the round
    # (a patch compares the logs by identity first)
    stamped: dict[int, dict[str, Any]] = memo[2]
    for e in out["log"]:
        entries.append(stamped.get(id(e)) or stamped.setdefault(id(e), {**e, "round": rounds}))
    out["log"] = entries
    return out


def _viewer_progress(table: LiveTable, view: PlayerView, namer: Namer, progress: list[YakuProgress],
                     theme: str, lang: str) -> list[dict[str, Any]]:
    """The yaku progress in words as ``view``'s viewer reads it: the list sent last time when no
    yaku moved, else a new list in which every yaku that did not move is the very object sent
    before (a patch then carries the moved ones alone, found by identity).

    A yaku's words change only when its progress does (a frozen ``YakuProgress`` is its own key):
    said once per progress in the round for every viewer of the same card names and language,
    since a viewer's words differ from a spectator's only where they name its own side ("taken
    by You"): apart from the yaku of which its side holds a card, one viewer's words serve all."""
    mine = None if view.seat is None else table.match.config.side_of[view.seat]
    last_key = ("progress-sent", view.seat, namer.theme, namer.players, namer.lang, namer.bots)
    last: tuple[list[YakuProgress], list[dict[str, Any]]] | None = table.words_cache.get(last_key)
    if last is not None and last[0] is progress:
        return last[1]
    shared_key = ("progress", namer.theme, namer.players, namer.lang, namer.bots)
    kept = table.words_cache.get(shared_key)
    rounds = len(table.match.rounds)
    if kept is None or kept[0] != rounds:  # kept for the round (memory stays small)
        kept = table.words_cache[shared_key] = (rounds, {})
    said: dict[Any, dict[str, Any]] = kept[1]
    before = last[0] if last is not None and len(last[0]) == len(progress) else None
    out = []
    neutral = None
    for i, p in enumerate(progress):
        if before is not None and before[i] is p:
            out.append(last[1][i])  # type: ignore[index]
            continue
        shared_words = said.get(p)
        if shared_words is None:  # in words with no side named "You" (as a spectator reads it)
            neutral = neutral or table_namer(table, None, theme, lang)
            shared_words = said[p] = _progress_words(p, neutral)
        if mine is None or not p.sides[mine].held:
            out.append(shared_words)
            continue
        # the viewer's side holds a card of it: every other side's line names it ("taken by You")
        key = (p, view.seat)
        own = said.get(key)
        if own is None:
            own = said[key] = {**shared_words, "sides": [
                side if side["side"] == mine else {**side, "line": p.line(namer, side["side"])}
                for side in shared_words["sides"]]}
        out.append(own)
    table.words_cache[last_key] = (progress, out)
    return out


def _progress_words(p: YakuProgress, namer: Namer) -> dict[str, Any]:
    """A yaku's progress as ``view_words`` says it, with every side's text and line, its cards by
    id (no card code the viewer may not see)."""
    d = p.to_dict()
    if namer.lang != "en":
        d["name"] = yaku_name(namer.config.game, d["id"], d["name"], namer.lang)
    d["cards"], d["out"] = _ids(d["cards"]), _ids(d["out"])
    for side in d["sides"]:
        side["text"] = p.side_text(namer, side["side"])
        side["line"] = p.line(namer, side["side"])
    return d


def _deal_entry(number: int, lang: str = "en") -> dict[str, Any]:
    text = f"Round {number} dealt" if lang == "en" else say("deal", lang, n=number)
    return {"round": number, "kind": "deal", "text": text, "cards": [], "seat": None}


def _ended_round_words(table: LiveTable, seat: int | None, namer: Namer, number: int,
                       said: dict[Any, Any] | None = None) -> list[dict[str, Any]]:
    """The log in words of round ``number`` (ended: it never changes again) as ``seat`` sees it,
    its deal line first from round 2 on; kept on the table per seat, theme and seat names (the
    lines name the seats, and a seat handed to a bot is renamed) and language.  ``said``: what
    ``view_words`` said of that round's entries for this viewer while it was played (not said
    again)."""
    key = (seat, namer.theme, namer.players, number, namer.lang, namer.bots)
    cached: list[dict[str, Any]] | None = table.words_cache.get(key)
    if cached is None:
        rnd = table.match.rounds[number - 1]
        cached = [_deal_entry(number, namer.lang)] if number > 1 else []
        cached += [{**e, "round": number}
                   for e in round_log_dicts(round_history(rnd, seat), namer, rnd.stock_left, said)]
        table.words_cache[key] = cached
    return cached


def viewer_key(seat: int | None, creator: bool, theme: str, lang: str) -> tuple[Any, ...]:
    """Who a state is for: every socket of the same viewer gets the same bytes (``LiveTable.held``)."""
    return seat, creator, theme, lang


def state_message(table: LiveTable, seat: int | None, creator: bool = False,
                  theme: str = "", lang: str = "en") -> dict[str, Any]:
    """The whole table as ``seat`` may see it (``None``: a spectator), the whole move log included
    (``STATE_KEYS``; without ``v``, which the caller adds).

    ``words`` is everything the page shows in words, in the card names of ``theme`` (default:
    the table's): seats, sides with piles by kind, legal moves with what each takes, the log of
    the whole match with the cards of every entry, the yaku progress and the turn line.  The
    table's summary is built once per version of the table and shared by every viewer's state.
    """
    m = table.match
    theme = theme or table.theme
    pv = m.view(seat) if seat is not None else spectator_view(m)
    words = _words(table, pv, theme, lang)
    public = table.words_cache.get("public")
    if public is None or public[0] != table.version:
        summary = table_summary(table)
        if public is not None and summary == public[1]:  # unchanged: the object sent before (by identity)
            summary = public[1]
        public = table.words_cache["public"] = (table.version, summary)
    return {
        "type": "state",
        "table": public[1],
        "theme": theme,
        "you": seat,
        "creator": creator,
        "view": view_dict(pv, table.words_cache.setdefault(("view", seat), {})),
        "words": words,
        "log": _public_log(table, seat),
    }


def _public_log(table: LiveTable, seat: int | None) -> list[dict[str, Any]]:
    """The stored events ``seat`` may see, numbered 1, 2, … by position, not by stored sequence: a
    skipped private entry (a kept teyaku, RULES.md §4.2) leaves no gap another seat could notice.
    Kept on the table per seat and extended (the stored log only grows); a new list each time, so a
    held state is never changed under the viewer it was sent to."""
    key = ("log", seat)
    kept = table.words_cache.get(key)
    if kept is None or kept[0] > len(table.log):
        kept = table.words_cache[key] = [0, []]
    done, entries = kept
    for e in table.log[done:]:
        if is_public(e, seat):
            entries.append({**e, "seq": len(entries) + 1})
    kept[0] = len(table.log)
    return list(entries)


def diff(old: Any, new: Any, path: list[Any] | None = None,
         ops: list[list[Any]] | None = None) -> list[list[Any]]:
    """The patch ops (module docstring) that turn ``old`` into ``new``: dicts key by key, lists of
    the same length item by item (down to ``DEPTH``), a list that keeps a prefix by a ``cut``,
    anything else by ``set``.
    Equal parts (compared in C, shared parts by identity) cost nothing and send nothing."""
    path = [] if path is None else path
    ops = [] if ops is None else ops
    if old is not new and old != new:
        _diff(old, new, path, ops)
    return ops


_MISSING = object()


def _diff(old: Any, new: Any, path: list[Any], ops: list[list[Any]]) -> None:
    """``diff`` of two values known to differ (each part is compared once, on the way down).
    A value that is neither a dict nor a list is set in the loop that meets it, not in a call
    of its own (most of a patch's ops: the state's parts are plain dicts and lists)."""
    if type(old) is dict and type(new) is dict and len(path) < DEPTH:
        if old.keys() != new.keys():  # (compared in C: most states keep their keys)
            ops.extend(["del", [*path, k]] for k in old if k not in new)
        deeper = len(path) + 1 < DEPTH
        for k, v in new.items():
            was = old.get(k, _MISSING)
            if v is was:
                continue
            if was is _MISSING:
                ops.append(["set", [*path, k], v])
            elif v != was:
                kind = type(v)
                if kind is type(was) and (kind is list or (kind is dict and deeper)):
                    _diff(was, v, [*path, k], ops)
                else:
                    ops.append(["set", [*path, k], v])
        return
    if type(old) is list and type(new) is list and old and new:
        if len(old) == len(new) and type(new[0]) in (dict, list) and path not in LOGS \
                and len(path) < DEPTH:
            whole = len(path) + 1 == DEPTH  # an item there is a dict: sent whole
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                if a is not b and a != b:
                    if whole and type(a) is dict and type(b) is dict:
                        ops.append(["set", [*path, i], b])
                    else:
                        _diff(a, b, [*path, i], ops)
            return
        keep = min(len(old), len(new))
        if old[:keep] != new[:keep]:
            keep = next(i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b)
        if keep:
            ops.append(["cut", path, keep, new[keep:]])
            return
    ops.append(["set", path, new])


def patch_message(base: int, v: int, ops: list[list[Any]]) -> dict[str, Any]:
    """A patch from the state at version ``base`` to version ``v`` (module docstring)."""
    return {"type": "patch", "base": base, "v": v, "ops": ops}


def apply_patch(state: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """What a page does with a patch (the reference for ``static/table-sync.js``; Python clients,
    tests and ``benchmarks/serve_load.py`` use it): a new state, ``state`` left as it was (every
    container on an op's path is copied first).  ``ValueError`` on a gap (``patch["base"]`` is not
    ``state["v"]``) or an op that is not in ``OPS``."""
    if patch.get("base") != state.get("v"):
        raise ValueError(f"a patch from version {patch.get('base')} to a state at {state.get('v')}")
    out = dict(state)
    copied = {id(out)}
    for op in patch["ops"]:
        path = op[1]
        node: Any = out
        for k in path[:-1]:
            child = node[k]
            if id(child) not in copied:
                child = list(child) if isinstance(child, list) else dict(child)
                node[k] = child
                copied.add(id(child))
            node = child
        last = path[-1]
        if op[0] == "set":
            node[last] = op[2]
        elif op[0] == "del":
            del node[last]
        elif op[0] == "cut":
            node[last] = [*node[last][:op[2]], *op[3]]
            copied.add(id(node[last]))
        else:
            raise ValueError(f"unknown patch op {op[0]!r}; ops are: {', '.join(OPS)}")
    out["v"] = patch["v"]
    out.pop("event", None)
    if "event" in patch:
        out["event"] = patch["event"]
    return out
