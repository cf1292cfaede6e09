"""Yaku progress: for every yaku in force, which side holds which of its cards, which are still
out and which are dead for a side because another side (or the discard pile) has them
(RULES.md §4, §5).  Kwa-Dō's declared sets and Hawaiʻifuda's combos are yaku here too.

Only capture piles, the discard pile and declarations are read: public facts of every view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..cards import CODES, CardSet, cards_of
from ..rules.base import Config, Yaku
from .catalogue import text
from .languages import yaku_name
from .names import Namer

__all__ = ["LINE_WORDS", "line_words", "SideProgress", "YakuProgress", "yaku_in_force", "yaku_progress"]


def yaku_in_force(config: Config) -> tuple[Yaku, ...]:
    """Every yaku that can score under the config's options, declarable sets included, once."""
    seen: dict[str, Yaku] = {}
    for y in (*config.yaku, *config.declarable):
        seen.setdefault(y.id, y)
    return tuple(seen.values())


def yaku_cards(config: Config, yaku: Yaku) -> tuple[int, ...]:
    """The cards of a yaku in this deck (for a count yaku, every card that counts)."""
    counted = yaku.count_mask | yaku.extra_mask if yaku.min_count else yaku.mask
    return tuple(cards_of(counted & config.deck))


def yaku_needed(config: Config, yaku: Yaku) -> int:
    return yaku.min_count or len(yaku_cards(config, yaku))


@dataclass(frozen=True)
class SideProgress:
    """One side's progress on one yaku."""

    side: int
    held: tuple[str, ...]
    dead: tuple[str, ...]
    complete: bool
    possible: bool
    declared: bool

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "held": list(self.held), "dead": list(self.dead),
                "complete": self.complete, "possible": self.possible, "declared": self.declared}


@dataclass(frozen=True)
class YakuProgress:
    """A yaku in force and every side's progress on it.

    ``cards`` are the yaku's cards (for a count yaku: the cards that count), ``needed`` how many
    make it, ``out`` the cards nobody has captured yet, ``needs_declaration`` whether it scores
    only once declared (Kwa-Dō).
    """

    id: str
    name: str
    points: int
    cards: tuple[str, ...]
    needed: int
    out: tuple[str, ...]
    needs_declaration: bool
    sides: tuple[SideProgress, ...]

    def __hash__(self) -> int:
        """Hashed once (a web server keys each yaku's words by its progress, for every viewer)."""
        found: int | None = self.__dict__.get("_hash")
        if found is None:
            found = hash((self.id, self.points, self.cards, self.needed, self.out, self.sides))
            object.__setattr__(self, "_hash", found)
        return found

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "points": self.points, "cards": list(self.cards),
                "needed": self.needed, "out": list(self.out),
                "needs_declaration": self.needs_declaration,
                "sides": [s.to_dict() for s in self.sides]}

    def side_text(self, namer: Namer, side: int) -> str:
        """"Spring (30): has Pine Crane and Sun; needs Plum Bush Warbler, Cherry Curtain" (in
        Japanese and Korean the catalogue's words, ``_progress_in``)."""
        if namer.lang != "en":
            return _progress_in(namer, self, side)
        p = self.sides[side]
        head = f"{self.name} ({self.points})"
        if p.complete:
            declared = "" if not self.needs_declaration else (
                ", declared" if p.declared else " — scores only if declared")
            return f"{head}: complete{declared}"
        if not p.possible:
            return f"{head}: out of reach ({namer.cards(p.dead)} taken elsewhere)"
        have = f"has {namer.cards(p.held)}" if p.held else "has none"
        if self.cards and len(self.cards) > self.needed:  # a count yaku
            more = self.needed - len(p.held)
            need = (text("progress.needs_count_all", "en", n=more) if more == len(self.out)
                    else f"needs {more} more of {len(self.out)} still out")
        else:
            need = "needs " + namer.cards([c for c in self.cards if c not in p.held])
        return f"{head}: {have}; {need}"


    def line(self, namer: Namer, side: int) -> str:
        """One line of words for ``side`` on this yaku, in the namer's language and theme: how
        many of its cards the side holds out of how many make it, what it still needs, and which
        of its cards are gone for it and where (RULES.md §4, §5): "2/3 — needs Cherry Curtain;
        Willow Rain Man taken by Greedy (seat 2)".  The yaku's name is shown beside it."""
        p = self.sides[side]
        w = line_words(namer.lang)
        parts = []
        if p.complete:
            parts.append(w["complete"])
            if self.needs_declaration:
                parts.append(w["declared"] if p.declared else w["undeclared"])
        else:
            if not p.possible:
                parts.append(w["unreachable"])
            elif self.cards and len(self.cards) > self.needed:  # a count yaku: any of its cards
                more = self.needed - len(p.held)  # every card still out, when as many are needed:
                # "needs all 4 still out", never "4 more of 4" (nor "all still out" beside a
                # card taken elsewhere: that happens only when some card of it is gone)
                parts.append(w["needs_all"].format(n=more) if more == len(self.out)
                             else w["needs_more"].format(n=more, out=len(self.out)))
            else:
                held = set(p.held)
                parts.append(w["needs"].format(cards=namer.cards([c for c in self.cards if c not in held])))
            if p.dead:  # where each of its cards gone for this side went
                dead = set(p.dead)
                elsewhere: set[str] = set()
                for other in self.sides:
                    mine = [c for c in other.held if c in dead] if other.side != side else []
                    if mine:
                        elsewhere.update(mine)
                        parts.append(w["taken"].format(cards=namer.cards(mine), side=namer.side(other.side)))
                discarded = [c for c in p.dead if c not in elsewhere]
                if discarded:
                    parts.append(w["discarded"].format(cards=namer.cards(discarded)))
        return f"{len(p.held)}/{self.needed}{w['dash']}{w['sep'].join(parts)}"


LINE_WORDS = ("dash", "sep", "complete", "declared", "undeclared", "unreachable", "needs", "needs_more",
              "needs_all", "taken", "discarded")
"""The parts of ``YakuProgress.line``, each ``progress.line.<part>`` in the words catalogue."""


@cache
def line_words(lang: str) -> dict[str, str]:
    """The words of ``YakuProgress.line`` in ``lang`` (templates, filled where the line is built);
    made once per language: read it, do not change it."""
    return {part: text(f"progress.line.{part}", lang) for part in LINE_WORDS}


def yaku_progress(namer: Namer, captures: Sequence[CardSet | int], discard: CardSet | int = 0,
                  declared: Sequence[Sequence[str]] = (),
                  memo: dict[Any, Any] | None = None) -> list[YakuProgress]:
    """Progress on every yaku in force, from the capture piles by side (a view's or a round's).

    ``memo``: the progress made before for the same config, kept by the caller (a web table keeps
    one): a yaku whose cards and declarations are where they were is the same object as then, so
    a caller that keys its words by the progress (``web.messages``) finds them by identity,
    without comparing, and only the yaku a move touched are made anew (a yaku none of whose cards
    moved since the last call is not even looked at)."""
    config = namer.config
    piles = [int(c) for c in captures]
    gone = int(discard)
    for pile in piles:
        gone |= pile
    rows = _yaku_rows(config)
    calls = tuple(tuple(d) for d in declared)
    last = memo.get(LAST) if memo is not None else None
    if last is not None and (last[0] is not config or len(last[1]) != len(piles) or last[3] != calls):
        last = None  # not the same game and declarations: each yaku is looked at
    moved = 0
    if last is not None:
        moved = last[2] ^ gone  # a card that moved changed one of these
        for pile, was in zip(piles, last[1], strict=True):
            moved |= pile ^ was
    out_list = []
    for index, (yid, name, points, mask, needed, codes, needs_declaration) in enumerate(rows):
        if last is not None and not mask & moved:  # none of its cards moved since: as it was then
            out_list.append(last[4][index])
            continue
        out = mask & ~gone
        key = None
        if memo is not None:  # what the progress is made of: the cards out, each side's, the calls
            key = (yid, out, *(mask & pile for pile in piles),
                   *(yid in d for d in declared))
            found = memo.get(key)
            if found is not None:
                out_list.append(found)
                continue
        sides = []
        for side, pile in enumerate(piles):
            held = mask & pile
            dead = mask & gone & ~pile
            count = held.bit_count()
            complete = count >= needed
            possible = complete or count + out.bit_count() >= needed
            said = yid in (declared[side] if side < len(declared) else ())
            sides.append(SideProgress(side, _codes(held), _codes(dead), complete, possible, said))
        made = YakuProgress(yid, name, points, codes, needed, _codes(out), needs_declaration, tuple(sides))
        if memo is not None:
            memo[key] = made
        out_list.append(made)
    if memo is not None:
        memo[LAST] = (config, piles, gone, calls, out_list)
    return out_list


LAST = "last"
"""``yaku_progress``'s key in its memo: the config, piles, cards gone and declarations of the last
call and the progress it gave; a yaku none of whose cards moved since is that same object."""


_ROWS: dict[int, tuple[Config, tuple[tuple[str, str, int, int, int, tuple[str, ...], bool], ...]]] = {}
"""What ``yaku_progress`` reads of a config's yaku, by the config's ``id`` (the config is kept
with it, so the id is not reused while the entry lives)."""


def _yaku_rows(config: Config) -> tuple[tuple[str, str, int, int, int, tuple[str, ...], bool], ...]:
    """Each yaku in force: id, name, points, the mask of its cards (``yaku_cards``), how many make
    it (``yaku_needed``), their codes, and whether it scores only once declared."""
    found = _ROWS.get(id(config))
    if found is not None and found[0] is config:
        return found[1]
    declarable = {y.id for y in config.declarable}
    rows = []
    for y in yaku_in_force(config):
        mask = (y.count_mask if y.min_count else y.mask) & config.deck
        rows.append((y.id, y.name, y.points, mask, y.min_count or mask.bit_count(), _codes(mask),
                     y.id in declarable))
    if len(_ROWS) >= 1024:  # one entry per match (config): forget the old ones now and then
        _ROWS.clear()
    _ROWS[id(config)] = (config, tuple(rows))
    return tuple(rows)


@lru_cache(maxsize=8192)
def _codes(mask: int) -> tuple[str, ...]:
    """The codes of a mask's cards (remembered: the same yaku masks come back in every message)."""
    return tuple(CODES[c] for c in cards_of(mask))


def _progress_in(namer: Namer, p: YakuProgress, side: int) -> str:
    """``YakuProgress.side_text`` in Japanese or Korean: made, out of reach, or held and needed."""
    lang, mine = namer.lang, p.sides[side]
    name = yaku_name(namer.config.game, p.id, p.name, lang)
    if mine.complete:
        declared = "" if not p.needs_declaration else text(
            "progress.declared" if mine.declared else "progress.undeclared", lang)
        return text("progress.complete", lang, name=name, points=p.points, declared=declared)
    if not mine.possible:
        return text("progress.dead", lang, name=name, points=p.points, cards=namer.cards(mine.dead))
    have = (text("progress.has", lang, cards=namer.cards(mine.held)) if mine.held
            else text("progress.has_none", lang))
    if p.cards and len(p.cards) > p.needed:  # a count yaku: "all still out" rather than "N of N"
        more = p.needed - len(mine.held)
        need = (text("progress.needs_count_all", lang, n=more) if more == len(p.out)
                else text("progress.needs_count", lang, n=more, out=len(p.out)))
    else:
        need = text("progress.needs", lang, cards=namer.cards([c for c in p.cards if c not in mine.held]))
    return text("progress.line", lang, name=name, points=p.points, have=have, need=need)
