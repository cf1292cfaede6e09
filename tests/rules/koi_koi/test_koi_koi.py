"""Koi-Koi (docs/rules/koi-koi.md): the deal, the koi-koi/stop decision and the scoring options.

Explicit deals for the decision; ``score_round`` on chosen capture piles for the formula.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hanafuda import Match
from hanafuda.cards import mask_of
from hanafuda.engine.moves import KOIKOI_ACTION, STOP_ACTION
from hanafuda.rules import configure
from hanafuda.rules.base import RoundFacts
from hanafuda.rules.koi_koi import KoiKoi
from hanafuda.rules.options import OptionError
from hanafuda.rules.presets import presets

HAND0 = ["pine-crane", "cherry-curtain", "susuki-moon", "iris-bridge", "peony-chaff1",
         "clover-chaff1", "maple-chaff1", "paulownia-chaff1"]
HAND1 = ["plum-warbler", "plum-ribbon", "wisteria-cuckoo", "wisteria-ribbon", "iris-ribbon",
         "peony-ribbon", "clover-ribbon", "chrysanthemum-ribbon"]
FIELD = ["pine-chaff1", "cherry-chaff1", "susuki-chaff1", "willow-lightning", "paulownia-chaff2",
         "maple-chaff2", "chrysanthemum-chaff1", "plum-chaff1"]
STOCK = ["wisteria-chaff1", "wisteria-chaff2", "clover-chaff2", "peony-chaff2", "iris-chaff1"]
KOIKOI_JAPAN = next(p for p in presets("koi-koi") if p.id == "koikoi-japan").options


def _three_brights(make_match: Callable[..., Match], options: dict[str, Any] | None = None
                   ) -> Match:
    """Seat 0 (the dealer) captures the crane, the curtain and the moon in its third turn."""
    match = make_match("koi-koi", 2, options, 0, [HAND0, HAND1], FIELD, STOCK)
    for move in ("play pine-crane", "play plum-warbler", "play cherry-curtain", "play plum-ribbon",
                 "play susuki-moon"):
        assert match.to_move is not None and match.current.phase != 4, move
        match.play(move)
    return match


def _facts(piles: tuple[list[str], list[str]], stopped: int = 0, koikoi: tuple[int, int] = (0, 0),
           dealer: int = 0, hands: tuple[int, int] = (0, 0), at_deal: bool = False) -> RoundFacts:
    return RoundFacts(dealer=dealer, captures=(mask_of(piles[0]), mask_of(piles[1])),
                      declared=(frozenset(), frozenset()), teyaku=(0, 0), stopped=stopped,
                      koikoi=koikoi, hands=hands, at_deal=at_deal)


def _score(options: dict[str, Any], piles: tuple[list[str], list[str]], **facts: Any
           ) -> tuple[int, ...]:
    cfg = configure("koi-koi", 2, options)
    return KoiKoi.score_round(cfg, _facts(piles, **facts)).scores


THREE = ["pine-crane", "cherry-curtain", "susuki-moon"]
ANIMALS6 = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-butterflies", "susuki-geese",
            "maple-deer"]
CHAFF10 = ["pine-chaff1", "pine-chaff2", "plum-chaff1", "plum-chaff2", "cherry-chaff1",
           "cherry-chaff2", "wisteria-chaff1", "wisteria-chaff2", "iris-chaff1", "iris-chaff2"]


def test_two_players_eight_cards_each_and_eight_on_the_field() -> None:
    cfg = configure("koi-koi", 2)
    assert (cfg.hand_size, cfg.field_size, cfg.stock_size) == (8, 8, 24)
    assert cfg.deck_total == 0 and cfg.koikoi
    with pytest.raises(OptionError):
        configure("koi-koi", 3)


def test_completing_a_yaku_offers_koikoi_or_stop(make_match: Callable[..., Match]) -> None:
    match = _three_brights(make_match)
    assert match.to_move == 0 and match.legal_moves() == ["koikoi", "stop"]
    assert match.legal_actions() == [KOIKOI_ACTION, STOP_ACTION]
    assert match.view(0).phase == "koikoi"


def test_stop_ends_the_round_and_the_opponent_pays(make_match: Callable[..., Match]) -> None:
    match = _three_brights(make_match)
    match.play("stop")
    assert match.round_over
    result = match.current.result
    assert result is not None and result.scores == (5, -5)
    assert [y.id for y in result.yaku[0]] == ["three-brights"]
    assert match.due_dealer == 0  # RULES.md §6: the winner deals next


def test_koikoi_goes_on_and_a_later_stop_after_it_is_doubled_for_the_opponent(
        make_match: Callable[..., Match]) -> None:
    match = _three_brights(make_match)
    match.play("koikoi")
    assert match.to_move == 1 and match.current.phase == 1
    assert match.current.koikoi_calls == [1, 0]
    assert match.current.events[-1][0] == "koikoi"
    # Seat 1's later stop with 1 point would be doubled: seat 0 had called koi-koi.
    assert _score({}, (THREE, ["plum-ribbon", "wisteria-ribbon", "iris-ribbon", "peony-ribbon",
                               "clover-ribbon"]), stopped=1, koikoi=(1, 0)) == (-2, 2)


def test_koikoi_and_stop_are_illegal_outside_the_decision(make_match: Callable[..., Match],
                                                          assert_illegal: Callable[..., Any]) -> None:
    match = make_match("koi-koi", 2, None, 0, [HAND0, HAND1], FIELD, STOCK)
    assert_illegal(match, "stop")
    assert_illegal(match, "koikoi")
    mushi = Match("mushi", 2, seed=1)
    assert_illegal(mushi, "koikoi")


def test_the_koikoi_japan_preset_scores_no_doubling(make_match: Callable[..., Match]) -> None:
    match = _three_brights(make_match, dict(KOIKOI_JAPAN))
    match.play("stop")
    result = match.current.result
    assert result is not None and result.scores == (5, -5)


def test_scaling_yaku_score_one_point_a_further_card() -> None:
    assert _score({}, (ANIMALS6, [])) == (2, -2)  # tane: 5 animals 1, the sixth +1
    assert _score({}, (CHAFF10 + ["clover-chaff1"], [])) == (2, -2)
    # The sake cup counts as a chaff too (an option): 10 chaff with it, 9 without.
    nine = CHAFF10[:9] + ["chrysanthemum-sake"]
    assert _score({}, (nine, [])) == (1, -1)
    assert _score({"sake_cup_chaff": False}, (nine, [])) == (0, 0)


def test_brights_are_one_yaku_of_a_group() -> None:
    five = ["pine-crane", "cherry-curtain", "susuki-moon", "willow-rainman", "paulownia-phoenix"]
    off = {"seven_doubling": False}
    assert _score(off, (five, [])) == (10, -10)
    assert _score(off, (five[:3] + ["paulownia-phoenix"], [])) == (8, -8)
    assert _score(off, (five[:3] + ["willow-rainman"], [])) == (7, -7)
    assert _score(off, (five[:2] + ["willow-rainman"], [])) == (0, 0)  # rain man + 2: no sankō
    assert _score(off, (THREE, [])) == (5, -5)


def test_red_and_blue_ribbons_together_score_ten() -> None:
    red = ["pine-ribbon", "plum-ribbon", "cherry-ribbon"]
    blue = ["peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"]
    off = {"seven_doubling": False}
    assert _score(off, (red, [])) == (5, -5)
    # Six ribbons: akatan-aotan 10 plus tanzaku (5 ribbons 1, +1) 2.
    assert _score(off, (red + blue, [])) == (12, -12)


def test_seven_or_more_doubles() -> None:
    four = ["pine-crane", "cherry-curtain", "susuki-moon", "paulownia-phoenix"]
    assert _score({}, (four, [])) == (16, -16)
    assert _score({"seven_doubling": False}, (four, [])) == (8, -8)


def test_viewing_options() -> None:
    hanami = ["cherry-curtain", "chrysanthemum-sake"]
    assert _score({}, (hanami, [])) == (5, -5)
    assert _score({"viewing": "off"}, (hanami, [])) == (0, 0)
    assert _score({"viewing": "with-another"}, (hanami, [])) == (0, 0)
    assert _score({"viewing": "with-another"}, (hanami + ANIMALS6[:4], [])) == (6, -6)
    assert _score({"viewing_points": 3}, (hanami, [])) == (3, -3)
    # KoiKoi-Japan: 1 point, 3 once the stopper has called koi-koi (plus 1 for the call).
    assert _score(dict(KOIKOI_JAPAN), (hanami, [])) == (1, -1)
    assert _score(dict(KOIKOI_JAPAN), (hanami, []), koikoi=(1, 0)) == (4, -4)


def test_koikoi_bonus_options() -> None:
    tan = ["plum-ribbon", "wisteria-ribbon", "iris-ribbon", "peony-ribbon", "clover-ribbon"]
    assert _score({}, (tan, []), koikoi=(0, 2)) == (2, -2)  # doubled once, not per call
    assert _score({"koikoi_bonus": "none"}, (tan, []), koikoi=(0, 2)) == (1, -1)
    plus = {"koikoi_bonus": "plus-one"}
    assert _score(plus, (tan, []), koikoi=(3, 0)) == (4, -4)
    assert _score(plus, (tan, []), koikoi=(0, 3)) == (1, -1)  # only the stopper's own calls
    assert _score(plus, (tan, []), koikoi=(4, 0)) == (2, -2)  # a fourth call doubles instead


def test_exhaustion_nobody_or_oya_ken() -> None:
    assert _score({}, ([], []), stopped=-1, dealer=1) == (0, 0)
    assert _score({"exhaustion": "oya-ken"}, ([], []), stopped=-1, dealer=1) == (-6, 6)
    assert _score({"exhaustion": "oya-ken", "oya_ken_points": 1}, ([], []), stopped=-1,
                  dealer=0) == (1, -1)


def test_teshi_wins_at_the_deal(make_match: Callable[..., Match]) -> None:
    teshi = ["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2", "iris-bridge",
             "peony-chaff1", "clover-chaff1", "maple-chaff1"]
    field = ["cherry-chaff1", "susuki-chaff1", "willow-lightning", "paulownia-chaff2",
             "maple-chaff2", "chrysanthemum-chaff1", "plum-chaff1", "cherry-curtain"]
    match = make_match("koi-koi", 2, {"hand_yaku": True}, 1, [HAND1, teshi], field)
    assert match.round_over
    result = match.current.result
    assert result is not None and result.scores == (-6, 6) and "teshi" in result.note
    plain = make_match("koi-koi", 2, None, 1, [HAND1, teshi], field)
    assert not plain.round_over


def test_kuttsuki_four_pairs_wins_at_the_deal(make_match: Callable[..., Match]) -> None:
    pairs = ["pine-crane", "pine-ribbon", "iris-bridge", "iris-chaff1", "peony-chaff1",
             "peony-chaff2", "maple-chaff1", "maple-deer"]
    field = ["cherry-chaff1", "susuki-chaff1", "willow-lightning", "paulownia-chaff2",
             "maple-chaff2", "chrysanthemum-chaff1", "plum-chaff1", "cherry-curtain"]
    match = make_match("koi-koi", 2, {"hand_yaku": True}, 0, [pairs, HAND1], field)
    result = match.current.result
    assert result is not None and result.scores == (6, -6) and "kuttsuki" in result.note


def test_a_bank_ends_the_match_when_it_is_empty(make_match: Callable[..., Match]) -> None:
    cfg = configure("koi-koi", 2, {"bank": 5, "rounds": 8})
    assert cfg.target == 5 and cfg.rounds_limit == 8
    match = _three_brights(make_match, {"bank": 5, "rounds": 8})
    match.play("stop")
    assert match.finished and match.totals == [5, -5] and match.winners == [0]


def test_presets_live_on_the_class_and_configure() -> None:
    assert [p.id for p in KoiKoi.presets] == ["standard", "koikoi-japan"]
    assert presets("koi-koi") == KoiKoi.presets
    cfg = configure("koi-koi", 2, dict(KOIKOI_JAPAN))
    assert (cfg.rounds_limit, cfg.target) == (8, 30)


def test_bad_options_are_refused() -> None:
    for bad in ({"viewing": "sometimes"}, {"bank": 0}, {"koikoi_bonus": "triple"},
                {"oya_ken_points": -1}):
        with pytest.raises(OptionError):
            configure("koi-koi", 2, bad)
