"""Everything a seat's screen says, in one structured bundle (for the web page and the terminal).

``namer_for(view, theme, players)`` builds the ``Namer`` of a view; ``view_words`` returns the
seats, sides (with capture piles by kind), the legal moves with what they capture, the log, the
yaku progress and the turn line, as JSON-ready data in which every text is already written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..cards import CARDS, card_id
from ..rules import configure
from ..views import PlayerView
from .catalogue import text
from .events import log_entries, log_entry_dicts
from .languages import game_title, yaku_name
from .moves import koikoi_stake, legal_move_words
from .names import Namer, join_words, seat_number
from .piles import side_pile
from .progress import YakuProgress, yaku_progress
from .summary import totals_text

__all__ = ["captures_lines", "card_text", "namer_for", "progress_lines", "side_notes",
           "status_line", "table_notes", "turn_text", "view_lines", "view_words"]


def namer_for(view: PlayerView, theme: str = "hanafuda",
              players: Sequence[str | None] = ()) -> Namer:
    """The ``Namer`` of a view: its game's config, the theme, the viewer and the seats' names."""
    config = configure(view.game, view.players, dict(view.options))
    return Namer(config, theme, view.seat, tuple(players))


def turn_text(view: PlayerView, namer: Namer) -> str:
    """"Your turn: play a card", "Greedy (seat 2) to move", "Round over", "Match over"."""
    lang = namer.lang
    if view.finished:
        return text("screen.match_over", lang)
    if view.to_move is None:
        return text("screen.round_over", lang)
    who = namer.seat(view.to_move)
    if view.to_move == view.seat:
        if view.phase == "teyaku":
            return text("screen.teyaku", lang)
        if view.phase == "koikoi":  # Koi-Koi: this turn made or raised a yaku; the points at stake
            points, names = koikoi_stake(view, namer)
            yaku = join_words(names) if lang == "en" else text("list.separator", lang).join(names)
            said = (f"{points} point" if points == 1 else f"{points} points") if lang == "en" else points
            return text("screen.koikoi_stake", lang, yaku=yaku, points=said)
        if view.phase == "take" and view.pending is not None:
            wild = namer.wild_from_stock(view.pending)
            return text("screen.choose", lang, card=namer.card(view.pending, wild=wild))
        return text("screen.play", lang)
    return text("screen.to_move", lang, who=who)


def view_words(view: PlayerView, namer: Namer, progress: Sequence[YakuProgress] | None = None,
               log_memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The seat's screen in words and structure (see the module docstring); ``progress``: the
    view's ``yaku_progress`` if the caller has it already; ``log_memo``: what this function said
    already for this viewer, theme, seat names and round, kept by the caller: then only what
    changed since is put in words again (the log's new entries, ``events.log_entry_dicts``; a
    side whose pile changed; the seats when the turn moved; the cards in sight), and a part that
    did not change is the same object as before (read it, do not change it)."""
    if progress is None:
        progress = yaku_progress(namer, view.captures, view.discard, view.declared)
    memo: dict[Any, Any] = {} if log_memo is None else log_memo
    config = namer.config
    seats = _kept(memo, "seats", (view.to_move, view.dealer, view.hand_counts, view.turn_order),
                  lambda: _seat_words(view, namer))
    sides = [_kept(memo, ("side", side), (view.captures[side].mask, view.totals[side]),
                   lambda side=side: _side_words(view, namer, side))  # type: ignore[misc]
             for side in range(config.num_sides)]
    pending = view.pending
    return {
        "seats": seats,
        "sides": sides,
        "legal": [m.to_dict() for m in legal_move_words(view, namer)],
        "log": ([e.to_dict() for e in log_entries(view, namer)] if log_memo is None
                else log_entry_dicts(view, namer, log_memo)),
        "progress": [_named(p.to_dict(), namer) for p in progress],
        "turn": turn_text(view, namer),
        "title": game_title(config.game, namer.lang),
        "pending": (namer.card(pending, wild=namer.wild_from_stock(pending))
                    if pending is not None else None),
        "cards": _kept(memo, "cards", (view.hand.mask, view.field.mask, pending),
                       lambda: _card_words(view, namer, memo.setdefault("card", {}))),
    }


def _kept(memo: dict[Any, Any], name: Any, key: Any, build: Callable[[], Any]) -> Any:
    """``build()``, or what it gave last time for ``memo`` if ``key`` (everything it reads that
    can change within a round) is what it was then."""
    kept = memo.get(name)
    if kept is not None and kept[0] == key:
        return kept[1]
    value = build()
    memo[name] = (key, value)
    return value


def _seat_words(view: PlayerView, namer: Namer) -> list[dict[str, Any]]:
    config = namer.config
    order = list(view.turn_order)
    return [{
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


def _side_words(view: PlayerView, namer: Namer, side: int) -> dict[str, Any]:
    pile = side_pile(namer, side, view.captures[side])
    return {"side": side, "name": namer.side(side), "seats": list(namer.config.sides[side]),
            "you": namer.side_is_viewer(side), "pile": pile.to_dict(),
            "headline": pile.headline(), "total": view.totals[side]}


def _card_words(view: PlayerView, namer: Namer,
                said: dict[Any, Any]) -> dict[str, dict[str, Any]]:
    """Each visible card's name and kind word; ``wild`` where it acts wild (in the hand, or
    turned over), never for a wild card lying on the field.  ``said``: each card's words already
    said by this namer, and the hand's and the field's last (kept with the caller's memo): a move
    changes one of them, the other is taken as it was."""
    hand = _kept(said, "hand", view.hand.mask,
                 lambda: {c: _said(said, namer, c, namer.wild_in_hand(c)) for c in view.hand.codes()})
    field = _kept(said, "field", view.field.mask,  # (a card on the field never acts wild)
                  lambda: {c: said.get((c, False)) or _said(said, namer, c, False)
                           for c in view.field.codes()})
    out = {**hand, **field}
    if view.pending:
        out[view.pending] = _said(said, namer, view.pending, namer.wild_from_stock(view.pending))
    return out


def _said(said: dict[Any, Any], namer: Namer, code: str, wild: bool) -> dict[str, Any]:
    """A card's words (``_card_words``), said once per namer."""
    words: dict[str, Any] | None = said.get((code, wild))
    if words is None:
        words = said[code, wild] = {"name": namer.card(code, wild=wild),
                                    "kind": namer.kind_word(code, wild=wild), "wild": wild}
    return words


def card_text(card: int | str, namer: Namer, *, wild: bool = False) -> str:
    """A card in running text, with its code for typing moves: "Cherry Curtain [cherry-curtain]";
    ``wild`` marks a wild card where it acts wild."""
    cid = card_id(card)
    return f"{namer.card(cid, wild=wild)} [{CARDS[cid].code}]"


def progress_lines(namer: Namer, view: PlayerView, side: int) -> list[str]:
    """The yaku a side has made or can still make with at least one card held."""
    out = []
    for p in yaku_progress(namer, view.captures, view.discard, view.declared):
        mine = p.sides[side]
        if mine.complete or (mine.possible and mine.held):
            out.append(p.side_text(namer, side))
    return out


def _named(progress: dict[str, Any], namer: Namer) -> dict[str, Any]:
    """A yaku's progress with its name in the namer's language (``languages.yaku_name``)."""
    if namer.lang != "en":
        progress["name"] = yaku_name(namer.config.game, progress["id"], progress["name"], namer.lang)
    return progress


def status_line(namer: Namer, view: PlayerView) -> str:
    """"Mushi · round 2 of 12 · dealer: You · stock 14 · You 20, Random (seat 2) −20"."""
    config, lang = namer.config, namer.lang
    rounds = config.rounds_limit
    limit = text("screen.status_limit", lang, n=rounds) if rounds is not None else ""
    target = text("screen.status_target", lang, n=config.target) if config.target is not None else ""
    return text("screen.status", lang, game=game_title(config.game, lang), round=view.round_number,
                limit=limit, target=target, dealer=namer.seat(view.dealer), stock=view.stock_count,
                totals=totals_text(namer, view.totals))


def side_notes(namer: Namer, view: PlayerView, side: int) -> list[str]:
    """Under a side's pile: its yaku made or in reach, and the sets it declared (Kwa-Dō)."""
    lang = namer.lang
    lines = [text("screen.yaku_note", lang, text=line) for line in progress_lines(namer, view, side)]
    if view.declared and view.declared[side]:
        names = {y.id: y.name if lang == "en" else yaku_name(namer.config.game, y.id, y.name, lang)
                 for y in namer.config.declarable}
        sets = (", " if lang == "en" else text("list.separator", lang)).join(
            names.get(d, d) for d in view.declared[side])
        lines.append(text("screen.declared", lang, sets=sets))
    return lines


def table_notes(namer: Namer, view: PlayerView) -> list[str]:
    """Exposed teyaku cards (others may capture them) and the discard pile."""
    lines = []
    for seat, cards in enumerate(view.exposed):
        if cards:
            lines.append(text("screen.exposed", namer.lang, who=namer.seat(seat),
                              cards=_card_list(namer, cards)))
    if view.discard:
        lines.append(text("screen.discard", namer.lang, n=len(view.discard)))
    return lines


def captures_lines(namer: Namer, view: PlayerView) -> list[str]:
    """Every side's pile by kind with its notes, then the table notes."""
    lines = []
    for side in range(len(view.sides)):
        lines.extend(side_pile(namer, side, view.captures[side]).lines())
        lines.extend("  " + note for note in side_notes(namer, view, side))
    return lines + table_notes(namer, view)


def view_lines(namer: Namer, view: PlayerView) -> list[str]:
    """The whole seat view as text (plain mode)."""
    lang = namer.lang
    you = text("screen.you_are", lang, n=seat_number(view.seat)) if view.seat is not None else ""
    lines = [f"== {status_line(namer, view)}{you} =="]
    separator = ", " if lang == "en" else text("list.separator", lang)
    lines.append(text("screen.hands", lang, hands=separator.join(
        f"{namer.seat(s)} {n}" for s, n in enumerate(view.hand_counts))))
    lines.append(text("screen.field", lang, cards=_card_list(namer, view.field)))
    if view.pending:
        wild = namer.wild_from_stock(view.pending)
        lines.append(text("screen.turned_over", lang, card=card_text(view.pending, namer, wild=wild)))
    lines.append(text("screen.your_hand", lang, cards=_card_list(
        namer, view.hand, wild=namer.wild_in_hand)))
    return lines + captures_lines(namer, view)


def _card_list(namer: Namer, cards: Iterable[int | str],
               wild: Callable[[int | str], bool] | None = None) -> str:
    """Cards in running text with their codes, "; "-separated ("、" in Japanese), or "empty"."""
    said = [card_text(c, namer, wild=wild(c) if wild else False) for c in cards]
    return text("screen.card_separator", namer.lang).join(said) if said else text("screen.empty", namer.lang)
