"""Import a KoiKoi-AI game record (outside data) as a RULES.md §8 record of ``koi-koi``.

KoiKoi-AI (Guan et al., MIT) published whole Koi-Koi matches played under the rules of the PC
game KoiKoi-Japan; docs/rules/koi-koi.md ("Outside records") tells their format, the card
numbering worked out from them and what they taught.  ``import_koikoi_ai(data)`` replays
one on our engine with the ``koikoi-japan`` preset, checking every turn — the card played and
what it captured, the card turned over and what it captured, the koi-koi/stop call — and
every round's points; a record that does not fit raises ``KoiKoiAIError`` naming the round
and turn, and nothing is returned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import CODES
from ..engine.deal import Deal, DealError
from ..engine.moves import MoveError
from ..engine.round import EV_FLIP, EV_PLAY, EV_TAKE, PHASE_KOIKOI, PHASE_TAKE
from ..records import Match
from ..rules.presets import presets

__all__ = ["KoiKoiAIError", "card_of", "import_koikoi_ai", "preset_options"]


class KoiKoiAIError(ValueError):
    """A KoiKoi-AI record that does not fit our Koi-Koi with the KoiKoi-Japan preset."""


def preset_options() -> dict[str, Any]:
    """The options of the ``koikoi-japan`` preset (the records' rule set)."""
    for preset in presets("koi-koi"):
        if preset.id == "koikoi-japan":
            return dict(preset.options)
    raise AssertionError("koi-koi has no koikoi-japan preset")


def card_of(card: object, where: str) -> int:
    """Our card id of a KoiKoi-AI card ``[month, k]``: k 1–4 is the month's slot 0–3 in our
    order (bright or animal first, then ribbon, then chaff; November: rain man, swallow,
    ribbon, lightning) — docs/rules/koi-koi.md gives the evidence."""
    if (
        not isinstance(card, Sequence)
        or isinstance(card, str)
        or len(card) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in card)
        or not 1 <= card[0] <= 12
        or not 1 <= card[1] <= 4
    ):
        raise KoiKoiAIError(f"{where}: {card!r} is not a card [month 1-12, k 1-4]")
    return 4 * (int(card[0]) - 1) + int(card[1]) - 1


def _cards(cards: object, where: str) -> list[int]:
    if not isinstance(cards, list):
        raise KoiKoiAIError(f"{where}: expected a list of cards, not {cards!r}")
    return [card_of(c, where) for c in cards]


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def _names(mask: int) -> str:
    return ", ".join(CODES[c] for c in range(48) if mask >> c & 1) or "nothing"


def _field(data: Mapping[str, Any], key: str, where: str) -> Any:
    if not isinstance(data, Mapping) or key not in data:
        raise KoiKoiAIError(f"{where}: missing {key!r}")
    return data[key]


def import_koikoi_ai(data: object) -> dict[str, Any]:
    """The §8 record of a KoiKoi-AI match, checked turn by turn and round by round."""
    if not isinstance(data, Mapping):
        raise KoiKoiAIError("a KoiKoi-AI record must be a JSON object")
    rounds = _field(data, "record", "record")
    if not isinstance(rounds, Mapping) or not rounds:
        raise KoiKoiAIError("record: 'record' must be an object of rounds")
    keys = sorted(rounds, key=lambda k: int(k[5:]) if k.startswith("round") and k[5:].isdigit()
                  else -1)
    expected = [f"round{i}" for i in range(1, len(keys) + 1)]
    if keys != expected:
        raise KoiKoiAIError(f"record: rounds must be round1 … round{len(keys)}, not {keys}")
    options = preset_options()
    match: Match | None = None
    for number, key in enumerate(keys, 1):
        where = f"round {number}"
        match = _import_round(match, options, rounds[key], where, number == len(keys))
    assert match is not None
    return match.to_record()


def _deal(basic: Mapping[str, Any], where: str) -> Deal:
    dealer = _field(basic, "Dealer", where)
    if dealer not in (1, 2):
        raise KoiKoiAIError(f"{where}: Dealer must be 1 or 2, not {dealer!r}")
    hands = [_cards(_field(basic, f"initHand{p}", where), f"{where}, initHand{p}") for p in (1, 2)]
    board = _cards(_field(basic, "initBoard", where), f"{where}, initBoard")
    pile = _cards(_field(basic, "initPile", where), f"{where}, initPile")
    # The records draw from the end of initPile (turn 1 turns over its last card).
    return Deal(dealer - 1, tuple(tuple(h) for h in hands), tuple(board), tuple(reversed(pile)))


def _import_round(match: Match | None, options: Mapping[str, Any], data: object, where: str,
                  last: bool) -> Match:
    if not isinstance(data, Mapping):
        raise KoiKoiAIError(f"{where}: a round must be an object")
    basic = _field(data, "basic", where)
    deal = _deal(basic, where)
    try:
        if match is None:
            match = Match("koi-koi", 2, options, deal=deal)
        else:
            if match.finished:
                raise KoiKoiAIError(f"{where}: the match is already over (a bank is empty or "
                                    "all rounds are played)")
            match.next_round(deal)
    except (DealError, ValueError) as exc:
        if isinstance(exc, KoiKoiAIError):
            raise
        raise KoiKoiAIError(f"{where}: the deal does not fit: {exc}") from None
    turns = sorted((k for k in data if k != "basic"),
                   key=lambda k: int(k[4:]) if k.startswith("turn") and k[4:].isdigit() else -1)
    if turns != [f"turn{i}" for i in range(1, len(turns) + 1)]:
        raise KoiKoiAIError(f"{where}: turns must be turn1 … turn{len(turns)}")
    for index, key in enumerate(turns, 1):
        _import_turn(match, data[key], f"{where}, turn {index}")
    points = [basic.get("player1RoundPts"), basic.get("player2RoundPts")]
    rnd = match.current
    if not rnd.over:
        if last and points == [None, None]:
            return match  # an unfinished last round: the record stops in the middle
        raise KoiKoiAIError(f"{where}: the record ends after turn {len(turns)} but the round is "
                            f"not over ({rnd.describe_position()})")
    assert rnd.result is not None
    scores = list(rnd.result.scores)
    if scores != points:
        raise KoiKoiAIError(f"{where}: the record scores {points}, our koikoi-japan rules "
                            f"score {scores} ({rnd.result.note or 'yaku'})")
    return match


def _import_turn(match: Match, turn: object, where: str) -> None:
    if not isinstance(turn, Mapping):
        raise KoiKoiAIError(f"{where}: a turn must be an object")
    rnd = match.current
    if rnd.over:
        raise KoiKoiAIError(f"{where}: the round is already over")
    player = _field(turn, "playerInTurn", where)
    if player not in (1, 2) or player - 1 != rnd.seat:
        raise KoiKoiAIError(f"{where}: player {player!r} plays, but seat {rnd.seat} "
                            f"(player {rnd.seat + 1}) is to move")
    played = card_of(_field(turn, "discardCard", where), where)
    collected = _cards(_field(turn, "collectCard", where), where)
    drawn = card_of(_field(turn, "drawCard", where), where)
    collected2 = _cards(_field(turn, "collectCard2", where), where)
    call = _field(turn, "isKoiKoi", where)
    if collected and collected[0] != played:
        raise KoiKoiAIError(f"{where}: collectCard must start with the card played")
    taken = _mask(collected[1:])
    move = f"play {CODES[played]}"
    choices = rnd.field & rnd.config.match_masks[played]
    if choices.bit_count() == 2 and len(collected) == 2:
        move += f" take {CODES[collected[1]]}"
    _play(match, move, where)
    events = rnd.events
    play_event = next(e for e in reversed(events) if e[0] == EV_PLAY)
    if play_event[2] != played or play_event[3] != taken:
        raise KoiKoiAIError(f"{where}: {CODES[played]} took {_names(play_event[3])} here, the "
                            f"record says {_names(taken)}")
    flip = next(e for e in reversed(events) if e[0] == EV_FLIP)
    if flip[2] != drawn:
        raise KoiKoiAIError(f"{where}: the pile turned over {CODES[flip[2]]}, the record says "
                            f"{CODES[drawn]}")
    if collected2 and collected2[0] != drawn:
        raise KoiKoiAIError(f"{where}: collectCard2 must start with the card turned over")
    taken2 = _mask(collected2[1:])
    if rnd.phase == PHASE_TAKE and rnd.seat == player - 1 and rnd.pending == drawn:
        if len(collected2) != 2:
            raise KoiKoiAIError(f"{where}: {CODES[drawn]} must take one of "
                                f"{_names(rnd.pending_targets)}, the record says {_names(taken2)}")
        _play(match, f"take {CODES[collected2[1]]}", where)
        got = next(e for e in reversed(rnd.events) if e[0] == EV_TAKE)[3]
    else:
        got = flip[3]
    if got != taken2:
        raise KoiKoiAIError(f"{where}: {CODES[drawn]} took {_names(got)} here, the record says "
                            f"{_names(taken2)}")
    deciding = not rnd.over and rnd.phase == PHASE_KOIKOI
    if call is None:
        if deciding or (rnd.over and rnd.stopped >= 0):
            raise KoiKoiAIError(f"{where}: the turn completes or raises a yaku, but the record "
                                "has no koi-koi call (isKoiKoi null)")
        return
    if call not in (True, False):
        raise KoiKoiAIError(f"{where}: isKoiKoi must be true, false or null, not {call!r}")
    if rnd.over and rnd.stopped == player - 1 and call is False:
        return  # the last turn's yaku scores at once: nothing is left to go on for
    if not deciding:
        raise KoiKoiAIError(f"{where}: the record calls {'koi-koi' if call else 'stop'}, but "
                            "no yaku was completed or raised this turn")
    _play(match, "koikoi" if call else "stop", where)


def _play(match: Match, move: str, where: str) -> None:
    try:
        match.play(move)
    except MoveError as exc:
        raise KoiKoiAIError(f"{where}: {move!r} is not legal: {exc.reason}; legal moves: "
                            f"{', '.join(exc.legal) or 'none'}") from None
