"""Replay frames of a finished (or uploaded) match: one frame per decision, all hands open.

Only finished matches and records a person uploads are replayed, so showing every hand is
allowed (the issue: "after the match ends, the replay may show all hands"); the viewer can
still show one seat's perspective by hiding the others.

Replays are built in one thread of their own (``off_loop``), never on the event loop, from
records of at most ``MAX_RECORD`` bytes and ``MAX_ROUNDS`` rounds, and a finished table's answer
is kept (``ReplayCache``): one request can neither freeze the tables nor grow the server by
gigabytes (issue 29, "Bounded work per request").
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from ..cards import CODES, cards_of
from ..records import Match, RecordError, match_from_record
from ..views import spectator_view
from ..words import Namer, log_entries
from ..words.catalogue import text as words_text
from ..words.languages import game_title
from ..words.sentences import say
from .messages import card_values, round_summary, yaku_names

__all__ = ["MAX_RECORD", "MAX_ROUNDS", "Cached", "ReplayCache", "ReplayRefused", "answer", "check_length",
           "frames", "iter_frames", "off_loop", "table_body", "upload_body"]

_T = TypeVar("_T")


def _frame(m: Match, label: str, seat: int | None, move: str | None = None) -> dict[str, Any]:
    rnd = m.current
    return {
        "label": label,
        "seat": seat,
        "move": move,
        "view": spectator_view(m).to_dict(),
        "hands": [[CODES[c] for c in cards_of(h)] for h in rnd.hands],
        "summaries": [round_summary(r) for r in m.results],
    }


def _said(m: Match, namer: Namer) -> str:
    """What the latest turn did, in words (the same entry the table's log shows)."""
    entries = log_entries(spectator_view(m), namer)
    return entries[-1].text if entries else ""


def frames(match: Match, names: Sequence[str | None] = (), theme: str = "hanafuda", lang: str = "en",
           bots: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
    """Every position of ``match`` from its first deal to its end, stepped by the checked engine;
    each step's label says the move in words (``words.log_entries``) in ``lang`` (``bots``: the
    seats bots played, named by their level in Japanese and Korean), with its notation in ``move``."""
    return list(iter_frames(match, names, theme, lang, bots))


def iter_frames(match: Match, names: Sequence[str | None] = (), theme: str = "hanafuda", lang: str = "en",
                bots: frozenset[int] = frozenset()) -> Iterator[dict[str, Any]]:
    """``frames`` one at a time, so an answer can encode each and let it go (``answer``)."""
    namer = Namer(match.config, theme, None, tuple(names), lang, bots)

    def dealt(number: int) -> str:
        return f"round {number} dealt" if lang == "en" else say("deal", lang, n=number)

    record = match.to_record()
    step = Match(record["game"], record["players"], record["options"], deal=match.deals[0])
    yield _frame(step, dealt(1), None)
    for index, entry in enumerate(record["rounds"]):
        if index:
            step.next_round(match.deals[index])
            yield _frame(step, dealt(index + 1), None)
        for move in entry["moves"]:
            seat = step.to_move
            step.play(move)
            yield _frame(step, _said(step, namer) or move, seat, move)


# --- bounded work per replay request (issue 29, "Bounded work per request") -------------------

MAX_ROUNDS = 48
"""The most rounds an uploaded record may hold.  A replay's answer grows with the square of its
rounds (each frame carries every finished round's summary): 400 rounds made 595 MB of JSON and a
4.6 GB server, 48 rounds make 10 MB.  48 is four times the longest usual match (12 rounds,
``Game.default_rounds``) and twice the longest match a web table allows (``requests.max_rounds``)."""

MAX_RECORD = 256_000
"""The largest uploaded record in bytes: 48 rounds of the most verbose game take about 100 KB (the
golden records of tests/records/ take at most 2 KB a round, indented), so a real record passes with
room to spare while the body stays small to read and parse."""

MAX_WAITING = 8
"""Replays waiting for the replay thread, at most; one more is turned away (503, try again)."""

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hanafuda-replay")
"""One thread builds every replay, one at a time: the event loop keeps serving the tables (their
pings stay low) and at most one replay's frames are in memory at once."""
_waiting = 0


class ReplayRefused(Exception):
    """An uploaded record this server does not replay: ``status`` (400, 413, 503) and why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def check_length(record: object) -> None:
    """``ReplayRefused`` (413) if ``record`` holds more rounds than ``MAX_ROUNDS``: checked on the
    parsed JSON, before the engine steps a single move of it."""
    rounds = record.get("rounds") if isinstance(record, dict) else None
    if isinstance(rounds, list) and len(rounds) > MAX_ROUNDS:
        raise ReplayRefused(413, f"the record has {len(rounds)} rounds; this server replays records of "
                            f"at most {MAX_ROUNDS} rounds")


def answer(match: Match, seats: Sequence[str], theme: str, lang: str,
           bots: frozenset[int] = frozenset(), names: Sequence[str] | None = None) -> bytes:
    """What the replay page reads (JSON), the same for a finished table and an uploaded record.

    ``seats``: who sat where ("Casual bot"; an uploaded record's "Seat 1"); ``names``: the names its
    step lines and ``labels`` give each seat (``seats`` unless given: an uploaded record has none,
    and its seats read "Seat 1", not "Seat 1 (seat 1)").  ``labels`` is each seat as the table and
    its log name it (``Namer.seat``: "Casual bot (seat 2)", 1-based as everywhere a person reads a
    seat, issue 28), so the replay's hands, piles, menu and totals say what its step lines say.

    Each frame is encoded as soon as it is made and let go: the thread holds the frames' text, not
    their objects, and each ``json.dumps`` is short, so the event loop's thread gets the
    interpreter back between frames (one ``dumps`` of 10 MB held it 0.2 s)."""
    cfg = match.config
    named = tuple(seats if names is None else names)
    namer = Namer(cfg, theme, None, named, lang, bots)
    head = encode({"game": cfg.game.id, "players": cfg.players, "title": game_title(cfg.game, lang),
                   "yaku_names": yaku_names(match), "card_values": card_values(match), "theme": theme,
                   "seats": list(seats), "labels": [namer.seat(s) for s in range(cfg.players)],
                   "sides": [list(s) for s in cfg.sides]})
    parts = [head[:-1], b',"frames":[']
    for index, frame in enumerate(iter_frames(match, named, theme, lang, bots)):
        if index:
            parts.append(b",")
        parts.append(encode(frame))
    parts.append(b"]}")
    return b"".join(parts)


def encode(obj: Any) -> bytes:
    """``obj`` as the API's JSON (compact, UTF-8: what ``JSONResponse`` sends)."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def table_body(match: Match, seats: Sequence[str], theme: str, lang: str, bots: frozenset[int]) -> bytes:
    """A finished table's replay answer, gzip-compressed (cached as such: ``ReplayCache``); the
    same bytes every time it is built (no time stamp in the gzip header), so its ETag outlives the
    cache and the server process."""
    return gzip.compress(answer(match, seats, theme, lang, bots), compresslevel=6, mtime=0)


def upload_body(body: bytes, lang: str, gzipped: bool = False) -> bytes:
    """The replay answer of an uploaded record (JSON ``body``, its ``meta`` ignored; compressed
    here, off the event loop, if ``gzipped``), or
    ``ReplayRefused``: not JSON, too many rounds (``check_length``), or a record the engine
    refuses (its message names the round, the move and why)."""
    try:
        record = json.loads(body)
    except (ValueError, RecursionError):
        raise ReplayRefused(400, "the record is not valid JSON (or is nested too deeply)") from None
    check_length(record)
    if isinstance(record, dict):
        record = {k: v for k, v in record.items() if k != "meta"}
    try:
        match = match_from_record(record)
    except (RecordError, ValueError) as exc:
        raise ReplayRefused(400, str(exc)) from None
    seats = [f"Seat {i + 1}" if lang == "en" else words_text("label.seat", lang, n=i + 1)
             for i in range(match.config.players)]
    out = answer(match, seats, match.config.game.default_theme, lang, names=["" for _ in seats])
    return gzip.compress(out, compresslevel=6) if gzipped else out


async def off_loop(work: Callable[..., _T], *args: Any) -> _T:
    """``work(*args)`` in the replay thread (``_WORKER``), awaited; ``ReplayRefused`` (503) when
    ``MAX_WAITING`` replays wait already, so a crowd of requests cannot queue without bound."""
    global _waiting
    if _waiting >= MAX_WAITING:
        raise ReplayRefused(503, "the server is building other replays; try again in a few seconds")
    _waiting += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_WORKER, partial(work, *args))
    finally:
        _waiting -= 1


@dataclass(frozen=True)
class Cached:
    etag: str
    gzipped: bytes


@dataclass
class ReplayCache:
    """Finished tables' replay answers, gzip-compressed, by (table, language, theme): a finished
    match never changes, so each answer is built once (``table_body``, off the loop) and then
    served from here, or answered 304 to a reader that holds it (its ETag).  Readers who ask while
    it is being built wait for that one build (``build``).  The oldest answers leave once they take
    more than ``max_bytes``.  Used from the event loop only."""

    max_bytes: int = 64_000_000
    _entries: OrderedDict[tuple[str, str, str], Cached] = field(default_factory=OrderedDict)
    _size: int = 0
    _building: dict[tuple[str, str, str], asyncio.Task[Cached]] = field(default_factory=dict)

    async def build(self, key: tuple[str, str, str], make: Callable[[], Awaitable[bytes]]) -> Cached:
        """The answer of ``key``: from the cache, else made by ``make()`` once however many readers
        ask for it meanwhile (eight readers of a newly finished table cost one build)."""
        hit = self.get(key)
        if hit is not None:
            return hit
        task = self._building.get(key)
        if task is None:
            task = self._building[key] = asyncio.ensure_future(self._make(key, make))
        return await asyncio.shield(task)

    async def _make(self, key: tuple[str, str, str], make: Callable[[], Awaitable[bytes]]) -> Cached:
        try:
            return self.put(key, await make())
        finally:
            del self._building[key]

    def get(self, key: tuple[str, str, str]) -> Cached | None:
        hit = self._entries.get(key)
        if hit is not None:
            self._entries.move_to_end(key)
        return hit

    def put(self, key: tuple[str, str, str], gzipped: bytes) -> Cached:
        if key in self._entries:
            self._size -= len(self._entries.pop(key).gzipped)
        entry = Cached('"' + hashlib.sha256(gzipped).hexdigest()[:32] + '"', gzipped)
        self._entries[key] = entry
        self._size += len(gzipped)
        while self._size > self.max_bytes and len(self._entries) > 1:
            self._size -= len(self._entries.popitem(last=False)[1].gzipped)
        return entry
