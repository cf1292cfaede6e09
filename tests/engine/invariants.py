"""Invariant checks for a match in progress, for random playouts and property tests.

``check_invariants(match)`` verifies the state after any step (DESIGN.md "Habits",
the pgx ``_validate`` habit); ``check_round_result(match)`` adds the per-game score
checks of a finished round (RULES.md §4).  Both raise ``AssertionError`` naming the
game, the round, the move number and what is wrong.  They are written to be cheap:
everything is bit operations on the engine's masks, so they can run after every step
of tens of thousands of rounds.

``CONFIGS`` is a representative list of (game, players, options) covering every
player count of every game and every value of every option at least once; the
playout, property and view tests share it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

from hanafuda import Match
from hanafuda.cards import CHAFF, CODES, MONTH_MASKS, card_id, cards_of
from hanafuda.engine.deal import Deal
from hanafuda.engine.moves import NO_TARGET
from hanafuda.engine.round import (
    EV_DECLARE,
    EV_EXPOSE,
    EV_FLIP,
    EV_PLAY,
    EV_PPEOK,
    PHASE_KOIKOI,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_TAKE,
    PHASE_TEYAKU,
    Round,
)
from hanafuda.rules import configure

RAINMAN = 1 << card_id("willow-rainman")

__all__ = [
    "CONFIGS",
    "EXPECTED_DECK_TOTAL",
    "check_invariants",
    "check_round_result",
    "config_id",
    "expected_deck_total",
]

EXPECTED_DECK_TOTAL = {
    "min-hwatu": 240,
    "kwa-do": 240,
    "hawaiifuda": 240,
    "mushi": 230,
    "koi-koi": 0,
}
"""RULES.md §1 deck totals (Hana-Awase: 264, or 240 with ``chaff_value: 0``)."""


DEAL_SIZES = {
    "min-hwatu": {2: (10, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12)},
    "hana-awase": {2: (8, 8), 3: (7, 6), 4: (5, 8)},
    "kwa-do": {2: (10, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12)},
    "hawaiifuda": {2: (8, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12)},
    "mushi": {2: (8, 8)},
    "koi-koi": {2: (8, 8)},
}
"""RULES.md §2 deal sizes (hand each, field); Kwa-Dō 2 players: option ``two_player_hand: 8``."""


def expected_deal_size(game: str, players: int, options: dict[str, Any]) -> tuple[int, int]:
    if game == "kwa-do" and players == 2:
        return (int(options["two_player_hand"]), 8)
    return DEAL_SIZES[game][players]


def expected_turn_order(game: str, players: int, dealer: int) -> tuple[int, ...]:
    """RULES.md §2: Min-Hwatu, Hana-Awase counter-clockwise from the dealer; Hawaiʻifuda and
    Mushi clockwise from the dealer; Kwa-Dō clockwise from the left of the dealer."""
    if game in ("min-hwatu", "hana-awase"):
        return tuple((dealer - i) % players for i in range(players))
    if game == "kwa-do":
        return tuple((dealer + 1 + i) % players for i in range(players))
    return tuple((dealer + i) % players for i in range(players))


def expected_next_dealer(match: Match, rnd: Round) -> int:
    """RULES.md §6: highest round score deals; ties keep the dealer's side, else the tied
    side whose player comes earliest in this round's turn order (its first such player).
    Koi-Koi's ``next_dealer`` option may keep the dealer or pass the deal by turns."""
    cfg = match.config
    assert rnd.result is not None
    rule = cfg.options.get("next_dealer", "winner") if cfg.game.id == "koi-koi" else "winner"
    if rule == "dealer":
        return rnd.dealer
    if rule == "alternate":
        return 1 - rnd.dealer
    scores = rnd.result.scores
    best = max(scores)
    if scores[cfg.side_of[rnd.dealer]] == best:
        return rnd.dealer
    for seat in rnd.order:
        if scores[cfg.side_of[seat]] == best:
            return seat
    raise AssertionError("no winner")


def expected_deck_total(game: str, options: dict[str, Any]) -> int:
    if game == "hana-awase":
        return 240 if options["chaff_value"] == 0 else 264
    return EXPECTED_DECK_TOTAL[game]


# -- representative configurations ---------------------------------------------------------------

_MIN_HWATU_OPTIONS: list[dict[str, Any]] = [
    {},
    {"yaku_set": "korean", "yaku_multiplier": "n", "flip_matches_pair": "ppeok"},
    {"yaku_set": "english", "five_player_bonus": False, "dealer_draw": "day",
     "four_on_field": "dealer-captures"},
    {"yaku_set": "english", "yaku_multiplier": "n", "flip_matches_pair": "ppeok",
     "five_player_bonus": True, "dealer_draw": "night"},
    {"yaku_set": "core", "yaku_multiplier": "n-1", "flip_matches_pair": "stays",
     "four_on_field": "redeal", "five_player_bonus": False},
]
_HANA_AWASE_OPTIONS: list[dict[str, Any]] = [
    {},
    {"teyaku": True},
    {"scoring": "additive", "chaff_value": 0, "teyaku": True, "willow_row_cancels_yaku": True},
    {"chaff_value": 0, "rainman_cancels_viewing": True, "fuke": True,
     "four_on_field": "dealer-captures", "teyaku": True},
    {"scoring": "additive", "fuke": True, "rainman_cancels_viewing": True,
     "willow_row_cancels_yaku": True, "chaff_value": 1, "teyaku": False},
    {"scoring": "zero-sum", "willow_row_cancels_yaku": True, "teyaku": True, "fuke": False,
     "rainman_cancels_viewing": False, "four_on_field": "redeal", "rounds": 3},
]
_KWA_DO_OPTIONS: list[dict[str, Any]] = [
    {},
    {"yaku": True},
    {"yaku": True, "declare_sets": False, "five_brights": True, "scoring": "raw"},
    {"gaji": True},
    {"gaji": True, "gaji_wild_from_stock": True, "yaku": True, "declare_sets": True,
     "five_brights": True, "four_on_field": "dealer-captures"},
    {"gaji_wild_from_stock": True, "five_brights": True, "scoring": "floor", "gaji": False,
     "yaku": False, "four_on_field": "redeal"},
    {"yaku": True, "gaji": True, "scoring": "raw"},
]
_KWA_DO_TEAMS: dict[int, list[dict[str, Any]]] = {
    4: [
        {"teams": [[0, 2], [1, 3]]},
        {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True, "five_brights": True},
        {"teams": [[0, 2], [1, 3]], "scoring": "raw", "gaji": True,
         "gaji_wild_from_stock": True},
    ],
    6: [
        {"teams": [[0, 3], [1, 4], [2, 5]]},
        {"teams": [[0, 3], [1, 4], [2, 5]], "yaku": True, "gaji": True},
        {"teams": [[0, 2, 4], [1, 3, 5]]},
        {"teams": [[0, 2, 4], [1, 3, 5]], "yaku": True, "five_brights": True, "gaji": True,
         "gaji_wild_from_stock": True, "scoring": "raw"},
    ],
}
_KWA_DO_TWO: list[dict[str, Any]] = [
    {"two_player_hand": 8, "rounds": 6},
    {"two_player_hand": 8, "yaku": True, "gaji": True, "gaji_wild_from_stock": True},
    {"two_player_hand": 10, "yaku": True, "five_brights": True, "scoring": "raw"},
]
_HAWAIIFUDA_OPTIONS: list[dict[str, Any]] = [
    {},
    {"bonus_combos": True},
    {"bonus_combos": True, "four_on_field": "redeal"},
    {"bonus_combos": False, "four_on_field": "dealer-captures", "target": 200},
]
_MUSHI_OPTIONS: list[dict[str, Any]] = [
    {},
    {"five_brights": False, "hand_takes_field_lightning": True},
    {"four_pairs_misdeal": True, "four_on_field": "dealer-captures"},
    {"hand_takes_field_lightning": True, "four_pairs_misdeal": True, "five_brights": True,
     "target": 50, "rounds": None},
    {"hand_takes_field_lightning": False, "four_pairs_misdeal": False, "five_brights": False,
     "four_on_field": "redeal"},
]

_KOI_KOI_OPTIONS: list[dict[str, Any]] = [
    {},
    {"viewing": "off", "seven_doubling": False, "koikoi_bonus": "none", "hand_yaku": True},
    {"viewing": "with-another", "sake_cup_chaff": False, "exhaustion": "oya-ken",
     "four_on_field": "dealer-captures"},
    # the koikoi-japan preset, in its order (a Config is shared by option set: its given_options
    # keep the order of the first caller, and the golden record of this preset is written so)
    {"rounds": 8, "bank": 30, "viewing": "koikoi-japan", "seven_doubling": False,
     "koikoi_bonus": "plus-one", "exhaustion": "oya-ken", "oya_ken_points": 1},
    {"hand_yaku": True, "koikoi_bonus": "opponent-doubles", "viewing": "on", "rounds": 3,
     "bank": 10},
    {"next_dealer": "alternate", "exhaustion": "oya-ken"},
    {"next_dealer": "dealer", "rounds": 6},
]


def _build_configs() -> list[tuple[str, int, dict[str, Any]]]:
    out: list[tuple[str, int, dict[str, Any]]] = []
    for players in (2, 3, 4, 5, 6):
        out += [("min-hwatu", players, o) for o in _MIN_HWATU_OPTIONS]
    for players in (2, 3, 4):
        out += [("hana-awase", players, o) for o in _HANA_AWASE_OPTIONS]
    for players in (2, 3, 4, 5, 6):
        out += [("kwa-do", players, o) for o in _KWA_DO_OPTIONS]
        out += [("kwa-do", players, o) for o in _KWA_DO_TEAMS.get(players, [])]
    out += [("kwa-do", 2, o) for o in _KWA_DO_TWO]
    for players in (2, 3, 4, 5, 6):
        out += [("hawaiifuda", players, o) for o in _HAWAIIFUDA_OPTIONS]
    out += [("mushi", 2, o) for o in _MUSHI_OPTIONS]
    out += [("koi-koi", 2, o) for o in _KOI_KOI_OPTIONS]
    for game, players, options in out:  # every configuration must be accepted
        configure(game, players, dict(options))
    return out


CONFIGS: list[tuple[str, int, dict[str, Any]]] = _build_configs()


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = config
    shown = ",".join(f"{k}={v}" for k, v in sorted(options.items())).replace(" ", "")
    return f"{game}-{players}p[{shown or 'defaults'}]"


# -- the checks ----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _dealt_hands(deal: Deal) -> tuple[int, ...]:
    return tuple(deal.hand_masks())


def _where(match: Match) -> str:
    rnd = match.current
    return (
        f"{match.config.game.id} {match.config.players}p {match.config.given_options} "
        f"round {len(match.rounds)} move {len(rnd.moves)} phase {rnd.phase}"
    )


def _value(values: Sequence[int], mask: int) -> int:
    return sum(values[c] for c in cards_of(mask))


def check_invariants(match: Match) -> None:
    """Every invariant of the state that must hold after any step (see the module docstring)."""
    rnd: Round = match.current
    cfg = match.config
    n = cfg.players
    deck = cfg.deck
    hands = rnd.hands
    phase = rnd.phase

    # 1. Every card of the game's deck in exactly one zone; no card outside the deck.
    zones = rnd.zones()
    union = 0
    count = 0
    for mask in zones.values():
        union |= mask
        count += mask.bit_count()
    if union != deck or count != deck.bit_count():
        _zone_failure(match, zones)
    remaining = len(rnd.stock) - rnd.stock_pos
    assert zones["stock"].bit_count() == remaining, f"{_where(match)}: duplicate card in the stock"
    deal = match.deals[-1]
    assert rnd.stock == deal.stock, f"{_where(match)}: the stock differs from the deal's stock"

    # Deal sizes and turn order of RULES.md §2.
    game = cfg.game.id
    assert (cfg.hand_size, cfg.field_size) == expected_deal_size(game, n, cfg.options), (
        f"{_where(match)}: deal size {(cfg.hand_size, cfg.field_size)}"
    )
    assert rnd.order == expected_turn_order(game, n, rnd.dealer), (
        f"{_where(match)}: turn order {rnd.order} with dealer {rnd.dealer}"
    )
    assert rnd.dealer == deal.dealer and len(deal.field) == cfg.field_size

    # 2. Hands: only dealt cards, each played at most once; exposed ⊆ hand (and chaff).
    dealt = _dealt_hands(deal)
    played = [0] * n
    plays = [0] * n
    exposed_at = [0] * n
    flips = 0
    for kind, seat, card, mask in rnd.events:
        if kind == EV_PLAY or kind == EV_DECLARE:
            bit = 1 << card
            assert not played[seat] & bit, f"{_where(match)}: {CODES[card]} played twice"
            played[seat] |= bit
            plays[seat] += 1
        elif kind == EV_FLIP or kind == EV_PPEOK:
            flips += 1
        elif kind == EV_EXPOSE:
            exposed_at[seat] = mask
    lost_any = False
    for seat in range(n):
        hand = hands[seat]
        assert not hand & ~dealt[seat], f"{_where(match)}: seat {seat} holds an undealt card"
        assert not hand & played[seat], f"{_where(match)}: seat {seat} holds a played card"
        assert not played[seat] & ~dealt[seat], f"{_where(match)}: seat {seat} played an undealt card"
        lost = dealt[seat] & ~hand & ~played[seat]
        if lost:
            # Only exposed teyaku cards leave a hand without being played (RULES.md §4.2).
            assert cfg.teyaku and not lost & ~exposed_at[seat], (
                f"{_where(match)}: seat {seat} lost unexposed cards "
                f"{[CODES[c] for c in cards_of(lost)]}"
            )
            lost_any = True
        exposed = rnd.exposed[seat]
        assert not exposed & ~hand, f"{_where(match)}: seat {seat} exposed cards not in hand"
        if exposed:
            assert cfg.teyaku and not exposed & ~CHAFF, (
                f"{_where(match)}: seat {seat} exposed non-chaff or without teyaku"
            )
        assert cfg.hand_size - hand.bit_count() == plays[seat] + lost.bit_count(), (
            f"{_where(match)}: seat {seat} hand size inconsistent"
        )
    if cfg.rubbish:
        # Captured rubbish goes to the discard pile, except the one card Pāhoehoe took
        # (RULES.md §4.4, §9); discarded cards are rubbish only.
        wild_card = 1 << cfg.wild.card if cfg.wild is not None else 0
        assert not rnd.discard & ~cfg.rubbish, f"{_where(match)}: non-rubbish discarded"
        for side, captured in enumerate(rnd.captures):
            junk = captured & cfg.rubbish
            assert not junk or (junk.bit_count() == 1 and captured & wild_card), (
                f"{_where(match)}: side {side} keeps rubbish "
                f"{[CODES[c] for c in cards_of(junk)]}"
            )
    assert flips == rnd.stock_pos, (
        f"{_where(match)}: {flips} cards turned over but stock position {rnd.stock_pos}"
    )

    # 3. Turn structure: seats earlier in turn order have played one card more.
    order = rnd.order
    assert sorted(order) == list(range(n)), f"{_where(match)}: turn order {order}"
    if not lost_any:
        counts = [plays[s] for s in order]
        total_plays = sum(counts)
        if phase == PHASE_TEYAKU:
            assert total_plays == 0, f"{_where(match)}: plays before teyaku decisions ended"
        elif phase == PHASE_PLAY or (
            phase == PHASE_TAKE and rnd.events[-2][0] in (EV_PLAY, EV_DECLARE)
        ):
            turn = rnd.turn
            assert order[turn] == rnd.seat, f"{_where(match)}: seat is not order[turn]"
            k = counts[turn] - (1 if phase == PHASE_TAKE else 0)
            expected = [k + 1] * turn + [k] * (n - turn)
            if phase == PHASE_TAKE:
                expected[turn] = k + 1
            assert counts == expected, (
                f"{_where(match)}: plays in turn order {counts}, expected {expected}"
            )
        elif phase == PHASE_KOIKOI or (phase == PHASE_OVER and rnd.stopped >= 0):
            # Koi-Koi: the seat that just finished its turn decides, or stopped the round.
            turn = rnd.turn
            assert order[turn] == rnd.seat or rnd.won_at_deal, f"{_where(match)}: decider"
            k = counts[turn] - (0 if rnd.won_at_deal else 1)
            expected = [k + 1] * (turn + 1) + [k] * (n - turn - 1)
            if rnd.won_at_deal:
                expected = [0] * n
            assert counts == expected, (
                f"{_where(match)}: plays in turn order {counts}, expected {expected}"
            )
        else:  # over, or a draw-only turn's choice: every hand played out
            assert counts == [cfg.hand_size] * n, f"{_where(match)}: plays {counts}"
        if not cfg.game.draw_only_turns:
            assert rnd.stock_pos == min(total_plays, len(rnd.stock)), (
                f"{_where(match)}: {total_plays} plays but {rnd.stock_pos} cards turned over"
            )
        else:
            assert rnd.stock_pos >= min(total_plays, len(rnd.stock)), (
                f"{_where(match)}: {total_plays} plays but {rnd.stock_pos} cards turned over"
            )

    # 4. Legal moves and the seat to move.
    actions = rnd.legal_actions()
    if match.finished:
        assert rnd.over, f"{_where(match)}: match finished during a round"
        assert match.to_move is None and match.legal_moves() == [] and match.legal_actions() == []
    else:
        assert match.to_move == rnd.to_move, f"{_where(match)}: match/round to_move differ"
    if phase == PHASE_OVER:
        assert rnd.to_move is None, f"{_where(match)}: to_move set in an ended round"
        assert actions == [], f"{_where(match)}: legal moves in an ended round"
        assert rnd.legal_moves() == [], f"{_where(match)}: legal moves in an ended round"
        assert rnd.pending < 0 and (not any(hands) or rnd.stopped >= 0), (
            f"{_where(match)}: round over with cards left and no one stopped")
        _check_over(match)
        return
    seat = rnd.seat
    assert rnd.to_move == seat and 0 <= seat < n, f"{_where(match)}: to_move {rnd.to_move}"
    assert actions, f"{_where(match)}: no legal move while the round runs"
    assert len(set(actions)) == len(actions), f"{_where(match)}: duplicate legal actions"
    moves = rnd.legal_moves()
    assert len(moves) == len(actions) and len(set(moves)) == len(moves), (
        f"{_where(match)}: legal move strings not unique: {moves}"
    )
    assert moves == sorted(moves), f"{_where(match)}: legal moves not sorted"
    assert rnd.result is None, f"{_where(match)}: a result before the round ended"
    others_exposed = 0
    for other in range(n):
        if other != seat:
            others_exposed |= rnd.exposed[other]
    table = rnd.field | others_exposed
    if phase == PHASE_TEYAKU:
        assert rnd.teyaku_queue and rnd.teyaku_queue[0] == seat, f"{_where(match)}: teyaku queue"
        assert (hands[seat] & cfg.chaff).bit_count() >= 6, f"{_where(match)}: teyaku without chaff"
        assert moves == ["expose", "keep"], f"{_where(match)}: teyaku moves {moves}"
        assert rnd.pending < 0
    elif phase == PHASE_PLAY:
        hand = hands[seat]
        assert hand, f"{_where(match)}: seat {seat} to play with an empty hand"
        assert rnd.pending < 0, f"{_where(match)}: a pending card in the play phase"
        seen = 0
        for action in actions:
            assert action & 3 == 0, f"{_where(match)}: non-play action in the play phase"
            card = action >> 2 & 63
            assert hand >> card & 1, f"{_where(match)}: plays {CODES[card]} not in hand"
            seen |= 1 << card
            target = action >> 8 & 63
            if target != NO_TARGET:
                assert table >> target & 1, f"{_where(match)}: target {CODES[target]} not on table"
        assert seen == hand, f"{_where(match)}: some hand card has no legal play"
    elif phase == PHASE_KOIKOI:
        assert cfg.koikoi and moves == ["koikoi", "stop"], f"{_where(match)}: decision {moves}"
        assert rnd.pending < 0 and any(hands), f"{_where(match)}: a decision with nothing to go on"
        side = cfg.side_of[seat]
        level = cfg.game.yaku_points(cfg, rnd.captures[side])
        assert any(level), f"{_where(match)}: koi-koi offered without a yaku"
    elif phase == PHASE_TAKE:
        assert rnd.pending >= 0, f"{_where(match)}: take phase without a pending card"
        targets = rnd.pending_targets
        assert targets.bit_count() >= 2, f"{_where(match)}: take with fewer than two targets"
        assert not targets & ~table, f"{_where(match)}: pending targets not on the table"
        taken = 0
        for action in actions:
            assert action & 3 == 1, f"{_where(match)}: non-take action in the take phase"
            taken |= 1 << (action >> 8 & 63)
        assert taken == targets, f"{_where(match)}: take moves differ from the pending targets"
    else:
        raise AssertionError(f"{_where(match)}: unknown phase {phase}")


def _zone_failure(match: Match, zones: dict[str, int]) -> None:
    deck = match.config.deck
    problems = []
    seen: dict[int, str] = {}
    for name, mask in zones.items():
        for card in cards_of(mask):
            if card in seen:
                problems.append(f"{CODES[card]} in {seen[card]} and {name}")
            seen[card] = name
            if not deck >> card & 1:
                problems.append(f"{CODES[card]} ({name}) is not in the deck")
    union = 0
    for mask in zones.values():
        union |= mask
    for card in cards_of(deck & ~union):
        problems.append(f"{CODES[card]} is nowhere")
    raise AssertionError(f"{_where(match)}: card zones broken: {'; '.join(problems)}")


def _check_over(match: Match) -> None:
    """A finished round: a result with scores per side; card points add up to the deck total."""
    rnd = match.current
    cfg = match.config
    result = rnd.result
    assert result is not None, f"{_where(match)}: round over without a result"
    sides = cfg.num_sides
    assert len(result.scores) == sides, f"{_where(match)}: scores {result.scores}"
    assert len(result.card_points) == sides and len(result.yaku) == sides
    assert len(result.terms) == sides
    values = cfg.values
    total = expected_deck_total(cfg.game.id, cfg.options)
    assert cfg.deck_total == total, f"{_where(match)}: deck total {cfg.deck_total} != {total}"
    captured_points = 0
    for side in range(sides):
        points = _value(values, rnd.captures[side])
        assert result.card_points[side] == points, (
            f"{_where(match)}: side {side} card points {result.card_points[side]} but its "
            f"captures are worth {points}"
        )
        captured_points += points
        assert sum(t.value for t in result.terms[side]) == result.scores[side], (
            f"{_where(match)}: side {side} score terms do not add up to its score"
        )
    uncaptured = rnd.field | rnd.discard | sum(hands_mask for hands_mask in rnd.hands)
    for card in rnd.stock_remaining():
        uncaptured |= 1 << card
    assert captured_points + _value(values, uncaptured) == total, (
        f"{_where(match)}: captured {captured_points} + uncaptured "
        f"{_value(values, uncaptured)} != deck total {total}"
    )


def check_round_result(match: Match) -> None:
    """Per-game score checks of a finished round and the match totals (RULES.md §4, §6)."""
    rnd = match.current
    cfg = match.config
    result = rnd.result
    assert result is not None, f"{_where(match)}: no result"
    game = cfg.game.id
    opts = cfg.options
    scores = result.scores
    points = result.card_points
    yaku_totals = [sum(y.points for y in ys) for ys in result.yaku]
    if game == "min-hwatu":
        # RULES.md §4.1: every card is played and captured; round scores total 240
        # (+10 with 5 players and the bonus; with yaku_multiplier n: + Σ yaku).
        assert sum(points) == 240 and rnd.field == 0, (
            f"{_where(match)}: Min-Hwatu card points {points} do not total 240"
        )
        expected = 240
        if cfg.players == 5 and opts["five_player_bonus"]:
            expected += 10
        if opts["yaku_multiplier"] == "n":
            expected += sum(yaku_totals)
        assert sum(scores) == expected, (
            f"{_where(match)}: Min-Hwatu scores {scores} total {sum(scores)}, expected {expected}"
        )
    elif game in ("mushi", "koi-koi") or (game == "hana-awase" and opts["scoring"] == "zero-sum"):
        assert sum(scores) == 0, f"{_where(match)}: zero-sum scores {scores} total {sum(scores)}"
    elif game == "kwa-do":
        floor = 240 // cfg.num_sides
        for side, score in enumerate(scores):
            side_points = points[side] + yaku_totals[side]
            if opts["scoring"] == "floor":
                assert score >= 0, f"{_where(match)}: Kwa-Dō floor score {score} < 0"
                assert score == max(0, side_points - floor), (
                    f"{_where(match)}: Kwa-Dō side {side} score {score}, side points "
                    f"{side_points}, floor {floor}"
                )
            else:
                assert score == side_points, f"{_where(match)}: Kwa-Dō raw score {score}"
    elif game == "hawaiifuda":
        combos = [len(ys) for ys in result.yaku]
        for side, score in enumerate(scores):
            others = sum(combos) - combos[side]
            assert score == points[side] - 50 * others, f"{_where(match)}: Hawaiʻifuda score"
    _check_yaku_and_formulas(match)
    # The dealer of every later round is the one RULES.md §6 gives.
    for previous, following in itertools.pairwise(match.rounds):
        assert following.dealer == expected_next_dealer(match, previous), (
            f"{_where(match)}: dealer {following.dealer} after a round dealt by {previous.dealer} "
            f"with scores {previous.result.scores if previous.result else None}"
        )
    # The match ends after `rounds` rounds or once a total reaches `target` (RULES.md §6, §9).
    limit, target = cfg.rounds_limit, cfg.target
    due_end = (limit is not None and len(match.rounds) >= limit) or (
        target is not None and max(match.totals) >= target
    )
    assert match.finished == due_end, (
        f"{_where(match)}: finished={match.finished} after {len(match.rounds)} rounds, "
        f"totals {match.totals} (rounds {limit}, target {target})"
    )
    if match.finished:
        best = max(match.totals)
        assert match.winners == [i for i, t in enumerate(match.totals) if t == best]
    if game == "kwa-do" and "rounds" not in cfg.given_options and "target" not in cfg.given_options:
        assert (limit, target) == (None, 200), f"{_where(match)}: Kwa-Dō match length"
    # Match totals are the sums of the round scores.
    totals = [0] * cfg.num_sides
    for r in match.results:
        for side, score in enumerate(r.scores):
            totals[side] += score
    assert totals == list(match.totals), f"{_where(match)}: totals {match.totals} != {totals}"


_VIEWING = frozenset({"drinking", "flower-viewing", "moon-viewing"})
_SAKURA_SETS = frozenset({
    "spring", "drinking", "butterflies-sake-deer", "boar-geese-deer", "cuckoo-bridge-boar",
    "grass-ribbons", "blue-ribbons", "poetry-ribbons",
})


def _check_yaku_and_formulas(match: Match) -> None:
    """Listed yaku are held, one per exclusion group; each game's score formula (RULES.md §4)."""
    rnd = match.current
    cfg = match.config
    result = rnd.result
    assert result is not None
    game = cfg.game.id
    opts = cfg.options
    n = cfg.num_sides
    points = result.card_points
    scores = result.scores
    ids = [[y.id for y in ys] for ys in result.yaku]
    table_ids = {y.id for y in cfg.yaku}
    for side, ys in enumerate(result.yaku):
        groups = [y.group for y in ys if y.group is not None]
        assert len(groups) == len(set(groups)), f"{_where(match)}: two yaku of one group {ids}"
        for y in ys:
            assert y.id in table_ids, f"{_where(match)}: yaku {y.id} not in this game's table"
            assert y.held(rnd.captures[side]), f"{_where(match)}: side {side} lists unheld {y.id}"
    totals = [sum(y.points for y in ys) for ys in result.yaku]
    all_yaku = sum(totals)
    if game == "min-hwatu":
        mult = n - 1 if opts["yaku_multiplier"] == "n-1" else n
        for i in range(n):
            bonus = 10 if n == 5 and opts["five_player_bonus"] and cfg.side_of[rnd.dealer] == i else 0
            assert scores[i] == points[i] + totals[i] * mult - (all_yaku - totals[i]) + bonus, (
                f"{_where(match)}: Min-Hwatu score of side {i}"
            )
        for ys in ids:
            assert not ("grand-views" in ys and "drinking" in ys), f"{_where(match)}: both views"
    elif game == "mushi":
        if not opts["five_brights"]:
            assert "five-brights" not in sum(ids, []), f"{_where(match)}: five-brights scored"
        for i in range(2):
            expected = points[i] - 115 + totals[i] - totals[1 - i]
            assert scores[i] == expected, f"{_where(match)}: Mushi score of side {i}"
    elif game == "kwa-do":
        if cfg.declarable:
            declared = [
                {cfg.declarable[k].id for k in cards_of(mask)} for mask in rnd.declared
            ]
            for side, ys in enumerate(ids):
                undeclared = {y for y in ys if y in _SAKURA_SETS} - declared[side]
                assert not undeclared, f"{_where(match)}: undeclared sets {undeclared} scored"
        if not opts["five_brights"]:
            assert "five-brights" not in sum(ids, []), f"{_where(match)}: five-brights scored"
        if not opts["yaku"]:
            assert set(sum(ids, [])) <= {"five-brights"}, f"{_where(match)}: yaku without option"
    elif game == "hana-awase":
        if opts["fuke"] and min(points) <= 20:
            assert all(s == 0 for s in scores) and not any(ids), f"{_where(match)}: fuke"
            return
        willows = MONTH_MASKS[11]
        if opts["willow_row_cancels_yaku"] and any(c & willows == willows for c in rnd.captures):
            assert not any(ids), f"{_where(match)}: four willows did not void the yaku {ids}"
        if opts["rainman_cancels_viewing"]:
            for side, ys in enumerate(ids):
                if rnd.captures[side] & RAINMAN:
                    assert not _VIEWING & set(ys), f"{_where(match)}: viewing with the rain man"
        teyaku = [0] * n
        for seat, value in enumerate(rnd.teyaku):
            teyaku[cfg.side_of[seat]] += value
        par = cfg.deck_total // n
        for i in range(n):
            pay = teyaku[i] * (n - 1) - (sum(teyaku) - teyaku[i])
            if opts["scoring"] == "zero-sum":
                expected = points[i] - par + totals[i] * (n - 1) - (all_yaku - totals[i]) + pay
            else:
                expected = points[i] + totals[i] + pay
            assert scores[i] == expected, (
                f"{_where(match)}: Hana-Awase score of side {i}: {scores[i]} != {expected}"
            )
