"""Game records (RULES.md §8): write, read and validate them, and the replay summary object.

A record holds explicit deals, so it replays without randomness.  Reading a
record replays every move through the checked engine; anything wrong raises
``RecordError`` naming the round, the move number and the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .cards import CODES, cards_of
from .engine.deal import Deal, DealError
from .engine.match import MatchCore, MatchError, next_dealer
from .engine.moves import MoveError, format_action
from .rules import configure
from .rules.options import OptionError
from .views import PlayerView, view_of

__all__ = [
    "FORMAT",
    "Match",
    "RecordError",
    "load_record",
    "match_from_record",
    "match_to_record",
    "replay_summary",
    "save_record",
]

FORMAT = "hanafuda-record/1"
HEADER = "record header (before round 1, move 1)"
_TOP_KEYS = {"format", "game", "players", "options", "rounds", "meta"}
_ROUND_KEYS = {"dealer", "hands", "field", "stock", "moves"}


class RecordError(ValueError):
    """An invalid record; the message names the round, the move number and the reason."""


class Match(MatchCore):
    """The public match (``hanafuda.Match``): the engine's ``MatchCore`` plus its view and record.

    The engine plays; a seat's view (layer 4) and the §8 record (layer 5) sit above it, so the
    class that offers all three lives here, in the highest of those layers, and the engine
    never imports the layers above it (docs/architecture.md, "The layers").
    """

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (``views.view_of``); ``ValueError`` for a seat not at the table."""
        return view_of(self, seat)

    def to_record(self) -> dict[str, Any]:
        """The RULES.md §8 record: options as given, every deal and every move."""
        return match_to_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Match:
        """Rebuild a match by replaying a record, checked; ``RecordError`` names what is wrong."""
        return match_from_record(record)


def match_to_record(match: MatchCore) -> dict[str, Any]:
    """The §8 record of a match: options as given, every deal and every move (canonical)."""
    cfg = match.config
    rounds = []
    for deal, rnd in zip(match.deals, match.rounds, strict=True):
        entry = deal.to_json()
        entry["moves"] = [format_action(a, cfg) for a in rnd.moves]
        rounds.append(entry)
    return {
        "format": FORMAT,
        "game": cfg.game.id,
        "players": cfg.players,
        "options": dict(cfg.given_options),
        "rounds": rounds,
    }


def save_record(match: Match, path: str | Path, meta: Mapping[str, Any] | None = None) -> Path:
    """Write the match's record as UTF-8 JSON; ``meta`` (free-form, e.g. who played) rides along."""
    record = match_to_record(match)
    if meta is not None:
        record["meta"] = dict(meta)
    target = Path(path)
    target.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return target


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file as JSON (not yet validated); ``RecordError`` if unreadable."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    return data


def match_from_record(record: Mapping[str, Any]) -> Match:
    """Replay a record through the checked engine and return the match (RULES.md §8, §9)."""
    if not isinstance(record, Mapping):
        raise RecordError(f"{HEADER}: a record must be a JSON object")
    unknown = sorted(set(record) - _TOP_KEYS)
    if unknown:
        raise RecordError(f"{HEADER}: unknown record field {unknown[0]!r}")
    fmt = record.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"{HEADER}: unknown record format {fmt!r}; expected {FORMAT!r}")
    for key in ("game", "players", "rounds"):
        if key not in record:
            raise RecordError(f"{HEADER}: the record has no {key!r}")
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordError(f"{HEADER}: 'options' must be an object")
    try:
        config = configure(record["game"], record["players"], dict(options))
    except OptionError as exc:
        raise RecordError(f"{HEADER}: {exc}") from None
    rounds = record["rounds"]
    if not isinstance(rounds, list) or not rounds:
        raise RecordError(f"{HEADER}: 'rounds' must be a non-empty list")
    match: Match | None = None
    for index, entry in enumerate(rounds):
        number = index + 1
        where = f"round {number}, before move 1 (the deal)"
        if not isinstance(entry, Mapping):
            raise RecordError(f"{where}: a round must be an object")
        missing = sorted(_ROUND_KEYS - set(entry))
        if missing:
            raise RecordError(f"{where}: missing {missing[0]!r}")
        extra = sorted(set(entry) - _ROUND_KEYS)
        if extra:
            raise RecordError(f"{where}: unknown field {extra[0]!r}")
        dealer = entry["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise RecordError(f"{where}: dealer must be a seat number, not {dealer!r}")
        try:
            deal = Deal.from_codes(dealer, entry["hands"], entry["field"], entry["stock"])
            if match is None:
                match = Match(config.game.id, config.players, config=config, deal=deal)
            else:
                if match.finished:
                    raise RecordError(
                        f"{where}: the match ended after round {number - 1}; no further round"
                    )
                if not match.round_over:
                    raise RecordError(
                        f"round {number - 1}, move {len(match.current.moves) + 1}: the round is "
                        f"unfinished (seat {match.current.seat} still to move) but round {number} "
                        "follows it"
                    )
                due = next_dealer(config, match.current)
                if deal.dealer != due:
                    raise RecordError(
                        f"{where}: wrong dealer {deal.dealer}; seat {due} deals this round "
                        "(RULES.md §6)"
                    )
                match.next_round(deal)
        except (DealError, MatchError) as exc:
            raise RecordError(f"{where}: {exc}") from None
        moves = entry["moves"]
        if not isinstance(moves, list):
            raise RecordError(f"round {number}, move 1: 'moves' must be a list of strings")
        for move_index, text in enumerate(moves):
            if not isinstance(text, str):
                raise RecordError(f"round {number}, move {move_index + 1}: a move must be a string")
            if match.current.over:
                raise RecordError(
                    f"round {number}, move {move_index + 1}: the round is over; move {text!r} "
                    "comes after its end"
                )
            try:
                match.play(text)
            except MoveError as exc:
                raise RecordError(str(exc)) from None
    assert match is not None
    return match


def replay_summary(match: MatchCore) -> dict[str, Any]:
    """The object ``hanafuda replay FILE --json`` prints (RULES.md §8)."""
    cfg = match.config
    rounds = []
    for rnd in match.rounds:
        standing = rnd.standing()
        rounds.append(
            {
                "dealer": rnd.dealer,
                "captured": [[CODES[c] for c in cards_of(cap)] for cap in rnd.captures],
                "card_points": list(standing.card_points),
                "yaku": [[y.id for y in ys] for ys in standing.yaku],
                "scores": list(rnd.result.scores) if rnd.result is not None else None,
            }
        )
    to_move = match.to_move
    return {
        "game": cfg.game.id,
        "players": cfg.players,
        "sides": [list(side) for side in cfg.sides],
        "rounds": rounds,
        "totals": list(match.totals),
        "finished": match.finished,
        "to_move": to_move,
        "legal": match.legal_moves() if to_move is not None else [],
        "winners": match.winners,
    }
