"""The readable round-by-round account printed by ``hanafuda replay FILE`` (RULES.md §8).

Every round lists its turns as the log says them (``events.round_log_entries``), then each
side's captures by kind (as card codes, exact and theme-free), yaku by name and the score with
how it was computed (``scores.score_line``).

Seats read from 1 ("dealer: seat 1" is seat 0 of RULES.md §2), as everywhere in words; side
indices ("side 0 = …") are the ``replay --json`` indices and stay 0-based.
"""

from __future__ import annotations

import unicodedata

from ..cards import CODES, KIND_MASKS, cards_of
from ..engine.match import next_dealer
from ..engine.round import PHASE_NAMES, PHASE_OVER, Round
from ..records import Match
from ..rules.base import RoundScore
from ..views import round_history
from .catalogue import text
from .events import round_log_entries
from .languages import game_title, yaku_name
from .moves import legal_move_words
from .names import Namer, seat_number
from .options import given_options_text
from .piles import KIND_ORDER
from .scores import score_line
from .sentences import note_text
from .summary import match_result_text, stop_text, totals_text

__all__ = ["replay_text"]


def _label(word: str, lang: str) -> str:
    """A column label padded to 8 cells (a CJK character takes two)."""
    width = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in word)
    return word + " " * max(1, 9 - width)


def _cards(namer: Namer, cards: int) -> str:
    """Cards of a pile or the field: by code in English (the account's frozen form,
    tests/records/expected), by their names in Japanese and Korean, where a code would read as
    English words ("susuki-moon" → "芒に月", "공산 광")."""
    if namer.lang == "en":
        return ", ".join(CODES[c] for c in cards_of(cards))
    return text("list.separator", namer.lang).join(namer.card(c) for c in cards_of(cards))


def _captures_block(namer: Namer, rnd: Round, side: int) -> list[str]:
    cap = rnd.captures[side]
    lines = []
    for kind in KIND_ORDER:
        cards = cap & KIND_MASKS[kind]
        if cards:
            title = namer.kind_title(kind).lower()
            lines.append(f"    {_label(title, namer.lang)}{_cards(namer, cards)}")
    if not lines:
        lines.append("    " + text("replaytext.nothing", namer.lang))
    return lines


def _position(rnd: Round, lang: str) -> str:
    """Where a round in play stands, seat read from 1: "move 9 (seat 2 to play)"."""
    if rnd.phase == PHASE_OVER:
        return text("replaytext.position_over", lang, n=len(rnd.moves) + 1)
    return text("replaytext.position", lang, n=len(rnd.moves) + 1, seat=seat_number(rnd.seat),
                phase=text(f"phase.{PHASE_NAMES[rnd.phase]}", lang))


def _round_block(match: Match, namer: Namer, number: int, rnd: Round) -> list[str]:
    cfg, lang = match.config, namer.lang
    lines = [text("replaytext.round", lang, n=number, dealer=seat_number(rnd.dealer),
                  order=", ".join(str(seat_number(s)) for s in rnd.order))]
    lines += ["  " + entry.text for entry in round_log_entries(round_history(rnd, None), namer,
                                                          rnd.stock_left)]
    standing: RoundScore = rnd.standing()
    for side in range(cfg.num_sides):
        count = rnd.captures[side].bit_count()
        lines.append("  " + text("replaytext.side_line", lang, name=namer.side(side), count=count,
                                 points=standing.card_points[side]))
        lines.extend(_captures_block(namer, rnd, side))
        yaku = standing.yaku[side]
        if yaku:
            held = rnd.captures[side]  # a scaling yaku's points grow with its cards (Koi-Koi)
            lines.append("    " + _label(text("replaytext.yaku", lang), lang) + ", ".join(
                f"{y.name if lang == 'en' else yaku_name(cfg.game, y.id, y.name, lang)} {y.value(held)}"
                for y in yaku))
        if rnd.result is not None:
            lines.append("    " + _label(text("replaytext.score", lang), lang) + score_line(
                cfg, rnd.result.terms[side], rnd.result.scores[side], lang))
    if rnd.discard:
        lines.append("  " + text("replaytext.discard", lang, n=rnd.discard.bit_count()))
    field = _cards(namer, rnd.field)
    if rnd.result is not None:
        stopped = stop_text(namer, rnd.result)  # Koi-Koi: who stopped, with what, paid by whom
        if stopped:
            lines.append("  " + stopped)
        if field:
            lines.append("  " + text("replaytext.left", lang, cards=field))
        if rnd.result.note:
            lines.append("  " + text("replaytext.note", lang, note=note_text(rnd.result.note, lang)))
    else:
        lines.append("  " + text("replaytext.in_play", lang, position=_position(rnd, lang),
                                 stock=rnd.stock_left, field=field or text("replaytext.empty", lang)))
    return lines


def _legal(match: Match, namer: Namer, seat: int) -> str:
    """The legal moves of the seat to move: their notation in English (the frozen account), in
    words in Japanese and Korean ("桜に赤短を場に出す（取り札なし）")."""
    if namer.lang == "en":
        return ", ".join(match.legal_moves())
    seen = Namer(namer.config, namer.theme, seat, lang=namer.lang)
    return text("list.separator", namer.lang).join(m.text for m in legal_move_words(match.view(seat), seen))


def replay_text(match: Match, theme: str | None = None, lang: str = "en") -> str:
    """The whole account: header, each round, totals, next dealer, and the winner; cards named
    in ``theme`` (default: the game's own, ``Game.default_theme``, so a Hawaiʻifuda record reads
    "Pāhoehoe"), every sentence in ``lang``."""
    cfg = match.config
    namer = Namer(cfg, theme or cfg.game.default_theme, lang=lang)
    out = [
        text("replaytext.header", lang, game=game_title(cfg.game, lang), players=cfg.players,
             options=given_options_text(cfg, lang)),
        text("replaytext.sides", lang, sides="; ".join(text("replaytext.side", lang, n=i, name=namer.side(i))
                                                    for i in range(cfg.num_sides))),
    ]
    limits = []
    if cfg.rounds_limit is not None:
        limits.append(text("replaytext.rounds_one", lang) if cfg.rounds_limit == 1
                      else text("replaytext.rounds", lang, n=cfg.rounds_limit))
    if cfg.target is not None:
        limits.append(text("replaytext.first_to", lang, n=cfg.target))
    out.append(text("replaytext.match", lang, limits=text("replaytext.or", lang).join(limits)))
    running = [0] * cfg.num_sides
    for number, rnd in enumerate(match.rounds, start=1):
        out.append("")
        out.extend(_round_block(match, namer, number, rnd))
        if rnd.result is not None:
            for side, score in enumerate(rnd.result.scores):
                running[side] += score
            out.append("  " + text("replaytext.totals", lang, totals=totals_text(namer, running)))
            last = number == len(match.rounds)
            if not (last and match.finished):
                out.append("  " + text("replaytext.next_dealer", lang, n=seat_number(next_dealer(cfg, rnd))))
    out.append("")
    if match.finished:
        out.append(match_result_text(namer, match.winners, match.totals, len(match.rounds)))
    elif match.to_move is not None:
        out.append(text("replaytext.to_move", lang, n=seat_number(match.to_move),
                        moves=_legal(match, namer, match.to_move)))
    elif match.due_dealer is not None:
        out.append(text("replaytext.due", lang, n=len(match.rounds), dealer=seat_number(match.due_dealer)))
    else:
        out.append(text("replaytext.no_round", lang))
    return "\n".join(out) + "\n"
