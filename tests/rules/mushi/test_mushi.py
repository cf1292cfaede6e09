"""Mushi (RULES.md §4.5, §9): 40 cards, the wild lightning, leftovers, misdeals, yaku, scoring."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from hanafuda import Match
from hanafuda.cards import CODES, DECK_40, card_id, cards_of, mask_of
from hanafuda.engine.deal import DealError, misdeal_reason
from hanafuda.engine.match import MatchError, next_dealer
from hanafuda.engine.round import EV_COLLECT, Round
from hanafuda.rules import RoundFacts, RoundScore, configure, get_game

GAME = "mushi"
LIGHTNING = "willow-lightning"
Mushi = get_game(GAME)


def _round(hands, field, stock_head=(), dealer=0, options=None, whole_stock=False):
    """A round started directly from a partial deal, to reach a position in a move or two.

    Hands and field may be smaller than §2's sizes; the stock is ``stock_head`` then the rest
    of the 40-card deck in id order (or exactly ``stock_head`` with ``whole_stock``).  The
    round ends when both hands are empty.
    """
    cfg = configure(GAME, 2, dict(options or {}))
    used = [card_id(c) for h in hands for c in h] + [card_id(c) for c in field]
    used += [card_id(c) for c in stock_head]
    assert len(set(used)) == len(used)
    assert all(cfg.deck >> c & 1 for c in used)
    stock = [card_id(c) for c in stock_head]
    if not whole_stock:
        stock += [c for c in cfg.deck_cards if c not in used]
    return Round(cfg, dealer, [mask_of(h) for h in hands], mask_of(field), stock)


def _codes(mask):
    return {CODES[c] for c in cards_of(mask)}


def _random_round(match, rng):
    while not match.round_over:
        match.apply(rng.choice(match.legal_actions()))


FIELD8 = ["pine-crane", "pine-chaff1", "cherry-curtain", "cherry-chaff1", "susuki-moon",
          "susuki-chaff1", "paulownia-phoenix", "willow-swallow"]
HAND0 = [LIGHTNING, "plum-warbler", "plum-ribbon", "plum-chaff1", "plum-chaff2", "wisteria-cuckoo",
         "wisteria-ribbon", "wisteria-chaff1"]
HAND1 = ["iris-bridge", "iris-ribbon", "iris-chaff1", "iris-chaff2", "maple-deer", "maple-ribbon",
         "maple-chaff1", "maple-chaff2"]


# -- deck, deal, turns --------------------------------------------------------------------------


def test_s4_5_forty_card_deck_and_8_8_deal():
    cfg = configure(GAME, 2)
    assert cfg.deck == DECK_40
    assert (cfg.hand_size, cfg.field_size) == (8, 8)
    assert cfg.deck_total == 230
    m = Match(GAME, 2, seed=1)
    deal = m.deals[0]
    assert [len(h) for h in deal.hands] == [8, 8]
    assert len(deal.field) == 8
    assert len(deal.stock) == 16
    assert not {CODES[c] for c in deal.stock} & {c for c in CODES if c.startswith(("peony", "clover"))}


@pytest.mark.parametrize("players", [1, 3, 4])
def test_s4_5_mushi_is_two_players_only(players):
    from hanafuda.rules.options import OptionError

    with pytest.raises(OptionError, match="2"):
        configure(GAME, players)


def test_s4_5_dealer_first_then_alternate():
    cfg = configure(GAME, 2)
    for dealer in (0, 1):
        rnd = Round(cfg, dealer, [0, 0], 0, ())
        assert rnd.order == (dealer, 1 - dealer)
    m = Match(GAME, 2, seed=5, dealer=1)
    _random_round(m, random.Random(2))
    seats = [e[1] for e in m.current.events if e[0] == "play"]
    assert seats == [1, 0] * 8


def test_s4_5_sixteen_turns_use_every_card():
    for seed in range(20):
        m = Match(GAME, 2, seed=seed)
        _random_round(m, random.Random(seed))
        rnd = m.current
        assert len([e for e in rnd.events if e[0] == "play"]) == 16
        assert rnd.stock_left == 0
        assert not any(rnd.hands)
        assert rnd.field == 0
        assert rnd.captures[0] & rnd.captures[1] == 0
        assert rnd.captures[0] | rnd.captures[1] == DECK_40
        assert sum(rnd.result.card_points) == 230
        assert sum(rnd.result.scores) == 0


# -- the lightning from hand ----------------------------------------------------------------------


def test_s4_5_lightning_from_hand_chooses_a_non_willow_field_card(make_match):
    m = make_match(GAME, 2, hands=[HAND0, HAND1], field=FIELD8, stock_head=["chrysanthemum-chaff1"])
    legal = m.legal_moves()
    wild = [mv for mv in legal if mv.startswith(f"play {LIGHTNING}")]
    assert wild == sorted(f"play {LIGHTNING} take {c}" for c in FIELD8 if c != "willow-swallow")
    m.play(f"play {LIGHTNING} take pine-chaff1")
    rnd = m.current
    assert _codes(rnd.captures[0]) == {LIGHTNING, "pine-chaff1"}
    assert "pine-crane" in _codes(rnd.field)


def test_s9_mushi_lightning_takes_one_card_out_of_a_stack_of_three():
    rnd = _round([[LIGHTNING], ["iris-chaff1"]], ["pine-crane", "pine-ribbon", "pine-chaff1"],
                 ["susuki-chaff1", "maple-chaff1"])
    rnd.play(f"play {LIGHTNING} take pine-ribbon")
    assert _codes(rnd.captures[0]) == {LIGHTNING, "pine-ribbon"}
    assert {"pine-crane", "pine-chaff1"} <= _codes(rnd.field)


def test_s4_5_lightning_from_hand_with_one_candidate_is_automatic():
    rnd = _round([[LIGHTNING], ["iris-chaff1"]], ["willow-swallow", "willow-ribbon", "pine-crane"],
                 ["susuki-chaff1", "maple-chaff1"])
    assert rnd.legal_moves() == [f"play {LIGHTNING}"]
    with pytest.raises(ValueError):
        rnd.play(f"play {LIGHTNING} take pine-crane")
    rnd.play(f"play {LIGHTNING}")
    assert _codes(rnd.captures[0]) == {LIGHTNING, "pine-crane"}
    assert _codes(rnd.field) == {"willow-swallow", "willow-ribbon", "susuki-chaff1"}


def test_s4_5_lightning_from_hand_stays_when_only_willows_on_field():
    rnd = _round([[LIGHTNING, "iris-chaff1"], ["willow-rainman", "maple-chaff1"]],
                 ["willow-swallow", "willow-ribbon"], ["susuki-chaff1"])
    assert rnd.legal_moves() == ["play iris-chaff1", f"play {LIGHTNING}"]
    rnd.play(f"play {LIGHTNING}")
    # it stays; the non-willow stock card turned over next takes it
    assert _codes(rnd.captures[0]) == {"susuki-chaff1", LIGHTNING}
    assert _codes(rnd.field) == {"willow-swallow", "willow-ribbon"}


def test_s4_5_lightning_from_hand_stays_on_empty_field_and_willows_cannot_take_it():
    rnd = _round([[LIGHTNING, "iris-chaff1"], ["willow-rainman", "maple-chaff1"]], [],
                 ["willow-ribbon", "susuki-chaff1"])
    rnd.play(f"play {LIGHTNING}")  # stays; the flip is a willow: it does not take the lightning
    assert _codes(rnd.field) == {LIGHTNING, "willow-ribbon"}
    assert rnd.captures == [0, 0]
    # the rain man takes the willow ribbon by month, never the lightning
    assert "play willow-rainman" in rnd.legal_moves()
    assert not [mv for mv in rnd.legal_moves() if "take" in mv]
    rnd.play("play willow-rainman")  # then the flip (susuki-chaff1) takes the lightning
    assert _codes(rnd.captures[1]) == {"willow-rainman", "willow-ribbon", "susuki-chaff1", LIGHTNING}


# -- the lightning turned over ---------------------------------------------------------------------


def test_s4_5_lightning_turned_over_chooses_with_take(make_match):
    hand0 = ["willow-rainman"] + HAND0[1:]
    m = make_match(GAME, 2, hands=[hand0, HAND1], field=FIELD8, stock_head=[LIGHTNING])
    m.play("play wisteria-chaff1")
    rnd = m.current
    assert rnd.phase == 2 and rnd.to_move == 0
    expected = sorted(f"take {c}" for c in FIELD8 + ["wisteria-chaff1"] if c != "willow-swallow")
    assert m.legal_moves() == expected
    m.play("take susuki-moon")
    assert _codes(rnd.captures[0]) == {LIGHTNING, "susuki-moon"}
    assert rnd.to_move == 1


def test_s4_5_lightning_turned_over_with_one_candidate_is_automatic():
    rnd = _round([["willow-rainman"], ["iris-chaff1"]], ["willow-swallow", "willow-ribbon", "pine-crane"],
                 [LIGHTNING, "maple-chaff1"])
    rnd.play("play willow-rainman take willow-swallow")
    assert rnd.phase == 1 and rnd.to_move == 1
    assert _codes(rnd.captures[0]) == {"willow-rainman", "willow-swallow", LIGHTNING, "pine-crane"}
    assert _codes(rnd.field) == {"willow-ribbon"}


def test_s4_5_lightning_turned_over_stays_when_only_willows_then_next_stock_card_takes_it():
    rnd = _round([["pine-ribbon", "iris-chaff1"], ["maple-chaff1", "plum-chaff1"]],
                 ["willow-swallow", "pine-crane"], [LIGHTNING, "susuki-chaff1"])
    rnd.play("play pine-ribbon")  # takes the crane; only the swallow is left: the lightning stays
    assert _codes(rnd.field) == {"willow-swallow", LIGHTNING}
    assert _codes(rnd.captures[0]) == {"pine-ribbon", "pine-crane"}
    rnd.play("play maple-chaff1")  # hand cards cannot take it; the flip susuki-chaff1 does
    assert _codes(rnd.captures[1]) == {"susuki-chaff1", LIGHTNING}
    assert _codes(rnd.field) == {"willow-swallow", "maple-chaff1"}


def test_s4_5_lightning_turned_over_on_empty_field_stays():
    rnd = _round([["pine-ribbon", "iris-chaff1"], ["maple-chaff1", "plum-chaff1"]],
                 ["pine-crane"], [LIGHTNING, "susuki-chaff1"])
    rnd.play("play pine-ribbon")
    assert _codes(rnd.field) == {LIGHTNING}
    assert rnd.phase == 1 and rnd.to_move == 1
    assert rnd.legal_moves() == ["play maple-chaff1", "play plum-chaff1"]


def test_s9_mushi_lightning_turned_over_that_stays_counts_as_a_use():
    # docs/rules reading 7: seat 0 turns the lightning over, it stays (only a willow on the field)
    # and is never taken (the last stock card is a willow): seat 0 collects the leftovers.
    rnd = _round([["pine-ribbon"], ["maple-chaff1"]], ["willow-swallow", "pine-crane"],
                 [LIGHTNING, "willow-ribbon"], whole_stock=True)
    rnd.play("play pine-ribbon")
    assert _codes(rnd.field) == {"willow-swallow", LIGHTNING}
    rnd.play("play maple-chaff1")  # stays; the willow ribbon takes the swallow, not the lightning
    assert rnd.over
    assert _codes(rnd.captures[1]) == {"willow-swallow", "willow-ribbon"}
    assert _codes(rnd.captures[0]) == {"pine-ribbon", "pine-crane", LIGHTNING, "maple-chaff1"}
    assert rnd.field == 0


def test_s4_5_lightning_last_stock_card_takes_itself_and_the_whole_field():
    rnd = _round([["iris-chaff1"], ["maple-chaff1"]],
                 ["willow-swallow", "willow-ribbon", "pine-crane", "cherry-chaff1"],
                 ["susuki-chaff1", LIGHTNING], whole_stock=True)
    rnd.play("play iris-chaff1")
    assert rnd.stock_left == 1
    rnd.play("play maple-chaff1")
    assert rnd.over
    assert rnd.field == 0
    assert _codes(rnd.captures[1]) == {"willow-swallow", "willow-ribbon", "pine-crane", "cherry-chaff1",
                                       "iris-chaff1", "susuki-chaff1", "maple-chaff1", LIGHTNING}


def test_s4_5_lightning_last_stock_card_in_a_full_deal(make_deal, finish_round):
    hands = [HAND0[1:] + ["willow-rainman"], HAND1]
    used = {c for h in hands for c in h} | set(FIELD8)
    rest = [CODES[c] for c in configure(GAME, 2).deck_cards if CODES[c] not in used]
    rest.remove(LIGHTNING)
    stock = rest + [LIGHTNING]
    assert len(stock) == 16
    deal = make_deal(GAME, 2, hands=hands, field=FIELD8, stock_head=stock)
    m = Match(GAME, 2, deal=deal)
    while len(m.current.moves) < 64 and m.current.stock_left > 1:
        m.play(m.legal_moves()[0])
    rnd = m.current
    assert rnd.stock_left == 1 and rnd.phase == 1
    mover = rnd.to_move
    field_before = rnd.field
    hand_before = rnd.hands[mover]
    assert hand_before.bit_count() == 1
    m.play(m.legal_moves()[0])
    assert rnd.over
    assert rnd.field == 0
    assert rnd.captures[mover] & (field_before | hand_before | 1 << card_id(LIGHTNING)) == (
        field_before | hand_before | 1 << card_id(LIGHTNING)
    )
    assert rnd.captures[0] | rnd.captures[1] == DECK_40


# -- the lightning lying on the field ----------------------------------------------------------------


def test_s4_5_field_lightning_is_never_matched_by_month(make_match):
    field = [LIGHTNING] + FIELD8[:7]  # with the swallow's month empty besides the lightning
    hand0 = ["willow-swallow"] + HAND0[1:]
    m = make_match(GAME, 2, hands=[hand0, HAND1], field=field, stock_head=["willow-ribbon"])
    assert "play willow-swallow" in m.legal_moves()
    assert not [mv for mv in m.legal_moves() if "take willow-lightning" in mv]
    m.play("play willow-swallow")
    rnd = m.current
    # the swallow stays; the turned-over willow ribbon takes the swallow, not the lightning
    assert _codes(rnd.captures[0]) == {"willow-swallow", "willow-ribbon"}
    assert LIGHTNING in _codes(rnd.field)


def test_s4_5_next_non_willow_stock_card_takes_field_lightning_instead_of_its_month(make_match):
    field = [LIGHTNING] + FIELD8[:7]
    m = make_match(GAME, 2, hands=[["paulownia-chaff1"] + HAND0[1:], HAND1], field=field,
                   stock_head=["pine-ribbon"])
    m.play("play plum-chaff1")  # stays (no plum on the field); pine-ribbon is turned over
    rnd = m.current
    assert _codes(rnd.captures[0]) == {"pine-ribbon", LIGHTNING}
    assert {"pine-crane", "pine-chaff1"} <= _codes(rnd.field)


def test_s4_5_hand_cards_cannot_take_field_lightning(make_match):
    field = [LIGHTNING] + FIELD8[:7]
    m = make_match(GAME, 2, hands=[["paulownia-chaff1"] + HAND0[1:], HAND1], field=field,
                   stock_head=["willow-ribbon"])
    legal = m.legal_moves()
    assert "play plum-chaff1" in legal
    m.play("play plum-chaff1")
    rnd = m.current
    assert LIGHTNING in _codes(rnd.field)
    assert rnd.captures == [0, 0]


def test_s9_option_hand_takes_field_lightning(make_match):
    opts = {"hand_takes_field_lightning": True}
    field = [LIGHTNING] + FIELD8[:7]  # pine-crane and pine-chaff1 on the field
    hand0 = ["pine-ribbon"] + HAND0[1:]
    m = make_match(GAME, 2, opts, hands=[hand0, HAND1], field=field, stock_head=["willow-ribbon"])
    legal = m.legal_moves()
    assert "play pine-ribbon" in legal
    assert not [mv for mv in legal if mv.startswith("play pine-ribbon take")]
    m.play("play pine-ribbon")
    rnd = m.current
    assert _codes(rnd.captures[0]) == {"pine-ribbon", LIGHTNING}
    assert {"pine-crane", "pine-chaff1"} <= _codes(rnd.field)


def test_s9_option_hand_takes_field_lightning_not_with_a_willow():
    opts = {"hand_takes_field_lightning": True}
    rnd = _round([["willow-swallow"], ["iris-chaff1"]], [LIGHTNING, "willow-ribbon"],
                 ["willow-rainman", "maple-chaff1"], options=opts)
    rnd.play("play willow-swallow")
    assert _codes(rnd.captures[0]) == {"willow-swallow", "willow-ribbon"}
    assert _codes(rnd.field) == {LIGHTNING, "willow-rainman"}


# -- round end ------------------------------------------------------------------------------------


def test_s4_5_leftover_willow_to_the_holder_of_two_natural_willows_rest_to_lightning_user():
    rnd = _round([["willow-rainman", "maple-chaff1"], [LIGHTNING, "iris-chaff2"]],
                 ["willow-swallow", "willow-ribbon", "pine-crane"],
                 ["susuki-chaff1", "cherry-chaff1", "chrysanthemum-chaff1", "wisteria-chaff1"])
    rnd.play("play willow-rainman take willow-swallow")
    rnd.play(f"play {LIGHTNING} take pine-crane")
    rnd.play("play maple-chaff1")
    rnd.play("play iris-chaff2")
    assert rnd.over
    assert rnd.field == 0
    assert _codes(rnd.captures[0]) == {"willow-rainman", "willow-swallow", "willow-ribbon"}
    assert _codes(rnd.captures[1]) == {LIGHTNING, "pine-crane", "susuki-chaff1", "cherry-chaff1",
                                       "maple-chaff1", "chrysanthemum-chaff1", "iris-chaff2",
                                       "wisteria-chaff1"}
    collects = [e for e in rnd.events if e[0] == EV_COLLECT]
    assert {(side, frozenset(_codes(mask))) for _k, side, _c, mask in collects} == {
        (0, frozenset({"willow-ribbon"})),
        (1, frozenset({"susuki-chaff1", "cherry-chaff1", "maple-chaff1", "chrysanthemum-chaff1",
                       "iris-chaff2", "wisteria-chaff1"})),
    }


def test_s9_mushi_leftovers_go_to_the_player_whose_stock_card_took_the_lightning():
    # seat 0 plays the lightning onto a field of willows only; seat 0's own flip is a willow; seat
    # 1's flip takes it: seat 1 is the last user and collects the leftovers.
    rnd = _round([[LIGHTNING, "iris-chaff1"], ["maple-chaff1", "chrysanthemum-chaff1"]],
                 ["willow-swallow"], ["willow-ribbon", "susuki-chaff1", "cherry-chaff1", "wisteria-chaff1"])
    rnd.play(f"play {LIGHTNING}")
    assert LIGHTNING in _codes(rnd.field)
    assert _codes(rnd.captures[0]) == {"willow-ribbon", "willow-swallow"}
    rnd.play("play maple-chaff1")
    assert _codes(rnd.captures[1]) == {"susuki-chaff1", LIGHTNING}
    rnd.play("play iris-chaff1")
    rnd.play("play chrysanthemum-chaff1")
    assert rnd.over and rnd.field == 0
    assert {"maple-chaff1", "iris-chaff1", "chrysanthemum-chaff1", "cherry-chaff1",
            "wisteria-chaff1"} <= _codes(rnd.captures[1])


def test_s9_mushi_leftover_willow_without_a_two_willow_holder_goes_to_lightning_user():
    # reading 7 of docs/rules: nobody holds two natural willows → the lightning user takes it
    rnd = _round([[LIGHTNING, "iris-chaff1"], ["maple-chaff1", "chrysanthemum-chaff1"]],
                 ["pine-crane", "willow-ribbon"], ["susuki-chaff1", "cherry-chaff1", "wisteria-chaff1",
                                                   "plum-chaff1"])
    rnd.play(f"play {LIGHTNING}")  # automatic: takes the crane
    for move in ("play maple-chaff1", "play iris-chaff1", "play chrysanthemum-chaff1"):
        rnd.play(move)
    assert rnd.over and rnd.field == 0
    assert "willow-ribbon" in _codes(rnd.captures[0])


# -- misdeals ---------------------------------------------------------------------------------------


def _deal(make_deal, field, options=None):
    used = set(field)
    pool = [CODES[c] for c in configure(GAME, 2).deck_cards if CODES[c] not in used]
    return make_deal(GAME, 2, options, hands=[pool[:8], pool[8:16]], field=field)


def test_s4_5_misdeal_four_of_a_month_on_field(make_deal):
    field = ["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2", "plum-warbler", "cherry-curtain",
             "iris-bridge", "maple-deer"]
    deal = _deal(make_deal, field)
    cfg = configure(GAME, 2)
    assert cfg.four_on_field == "redeal"
    assert misdeal_reason(cfg, deal.field_mask())
    with pytest.raises(DealError, match="misdeal"):
        deal.validate(cfg)
    with pytest.raises(DealError):
        Match(GAME, 2, deal=deal)


def test_s4_5_misdeal_three_natural_willows_on_field(make_deal):
    field = ["willow-rainman", "willow-swallow", "willow-ribbon", "pine-crane", "plum-warbler",
             "cherry-curtain", "iris-bridge", "maple-deer"]
    for opts in ({}, {"four_on_field": "dealer-captures"}):
        deal = _deal(make_deal, field, opts)
        with pytest.raises(DealError, match="willow"):
            deal.validate(configure(GAME, 2, opts))


def test_s4_5_two_natural_willows_and_the_lightning_are_no_misdeal(make_deal):
    field = ["willow-rainman", "willow-swallow", LIGHTNING, "pine-crane", "plum-warbler",
             "cherry-curtain", "iris-bridge", "maple-deer"]
    _deal(make_deal, field).validate(configure(GAME, 2))


def test_s9_mushi_four_pairs_misdeal_option(make_deal):
    field = ["pine-crane", "pine-ribbon", "plum-warbler", "plum-ribbon", "cherry-curtain", "cherry-ribbon",
             "iris-bridge", "iris-ribbon"]
    _deal(make_deal, field).validate(configure(GAME, 2))
    opts = {"four_pairs_misdeal": True}
    with pytest.raises(DealError, match="pairs"):
        _deal(make_deal, field, opts).validate(configure(GAME, 2, opts))
    three_pairs = field[:6] + ["iris-bridge", "maple-deer"]
    _deal(make_deal, three_pairs, opts).validate(configure(GAME, 2, opts))


def test_s4_5_seeded_deals_are_never_misdeals():
    opts = {"four_pairs_misdeal": True}
    cfg = configure(GAME, 2, opts)
    for seed in range(200):
        m = Match(GAME, 2, opts, seed=seed)
        assert misdeal_reason(cfg, m.current.field) is None


# -- yaku and scoring --------------------------------------------------------------------------------


def _score(caps, options=None, dealer=0):
    cfg = configure(GAME, 2, dict(options or {}))
    facts = RoundFacts(dealer, tuple(mask_of(c) for c in caps), (frozenset(), frozenset()), (0, 0))
    return Mushi.score_round(cfg, facts)


def _complement(cards):
    return [CODES[c] for c in configure(GAME, 2).deck_cards if CODES[c] not in set(cards)]


FIVE_BRIGHTS = ["pine-crane", "cherry-curtain", "susuki-moon", "willow-rainman", "paulownia-phoenix"]
SPRING = ["pine-crane", "plum-warbler", "cherry-curtain"]
FOUR_WISTERIA = ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff1", "wisteria-chaff2"]
FOUR_PAULOWNIA = ["paulownia-phoenix", "paulownia-chaff1", "paulownia-chaff2", "paulownia-chaff3"]


@pytest.mark.parametrize(
    "cards,yaku,points",
    [
        (FIVE_BRIGHTS, ["five-brights"], 30),
        (SPRING, ["spring"], 25),
        (FOUR_WISTERIA, ["four-wisteria"], 10),
        (FOUR_PAULOWNIA, ["four-paulownia"], 10),
    ],
)
def test_s4_5_each_yaku(cards, yaku, points):
    res = _score([cards, _complement(cards)])
    assert [y.id for y in res.yaku[0]] == yaku
    assert sum(y.points for y in res.yaku[0]) == points
    opponent = sum(y.points for y in res.yaku[1])
    assert res.scores[0] == res.card_points[0] - 115 + points - opponent
    assert sum(res.scores) == 0
    alone = _score([cards, []])  # the opponent holds nothing: no yaku on that side
    assert alone.scores[0] == alone.card_points[0] - 115 + points


def test_s4_5_all_yaku_add_up():
    cards = sorted(set(FIVE_BRIGHTS + SPRING + FOUR_WISTERIA + FOUR_PAULOWNIA))
    res = _score([cards, _complement(cards)])
    assert sorted(y.id for y in res.yaku[0]) == sorted(
        ["five-brights", "spring", "four-wisteria", "four-paulownia"])
    assert res.scores[0] == res.card_points[0] - 115 + 75
    assert res.scores[1] == res.card_points[1] - 115 - 75
    assert sum(res.scores) == 0


def test_s4_5_option_five_brights_false_drops_it():
    cards = sorted(set(FIVE_BRIGHTS + SPRING))
    res = _score([cards, _complement(cards)], {"five_brights": False})
    assert [y.id for y in res.yaku[0]] == ["spring"]
    assert [y.id for y in res.yaku[1]] == ["four-wisteria"]
    assert res.scores[0] == res.card_points[0] - 115 + 25 - 10
    with_five = _score([cards, _complement(cards)])
    assert [y.id for y in with_five.yaku[0]] == ["five-brights", "spring"]


def test_s4_5_lightning_counts_only_as_itself_for_yaku():
    cards = ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff1", LIGHTNING]
    res = _score([cards, []])
    assert res.yaku[0] == ()
    cards = ["pine-crane", "cherry-curtain", LIGHTNING]
    assert _score([cards, []]).yaku[0] == ()


def test_s4_5_score_is_points_minus_115_plus_own_minus_opponent_and_sums_to_zero():
    for seed in range(30):
        m = Match(GAME, 2, seed=seed)
        _random_round(m, random.Random(seed))
        res = m.current.result
        y = [sum(k.points for k in ys) for ys in res.yaku]
        assert res.scores == (res.card_points[0] - 115 + y[0] - y[1], res.card_points[1] - 115 + y[1] - y[0])
        assert sum(res.scores) == 0
        assert sum(res.card_points) == 230


def test_s4_5_seed_scoring_example_a_minus_5_b_plus_5():
    # Player A: 2 brights, 3 animals, 3 ribbons, 10 chaff, and Three Brights (crane, warbler, curtain).
    a = ["pine-crane", "cherry-curtain",  # 2 brights
         "plum-warbler", "susuki-geese", "chrysanthemum-sake",  # 3 animals
         "pine-ribbon", "plum-ribbon", "cherry-ribbon",  # 3 ribbons
         "pine-chaff1", "pine-chaff2", "plum-chaff1", "plum-chaff2", "cherry-chaff1", "cherry-chaff2",
         "iris-chaff1", "iris-chaff2", "susuki-chaff1", "paulownia-chaff1"]  # 10 chaff
    b = _complement(a)  # B: the rest, with Four Wisterias (and not four paulownias)
    assert len(a) == 18 and len(b) == 22
    res = _score([a, b])
    assert res.card_points == (95, 135)
    assert [y.id for y in res.yaku[0]] == ["spring"]
    assert [y.id for y in res.yaku[1]] == ["four-wisteria"]
    assert res.scores == (-5, 5)
    # and with B holding the cards of seat 0
    assert _score([b, a]).scores == (5, -5)


# -- next dealer, match --------------------------------------------------------------------------------


def _stub_round(dealer, scores):
    result = RoundScore((0, 0), ((), ()), tuple(scores), ((), ()))
    return SimpleNamespace(result=result, dealer=dealer, order=(dealer, 1 - dealer))


@pytest.mark.parametrize(
    "dealer,scores,expected",
    [(0, (10, -10), 0), (0, (-10, 10), 1), (1, (10, -10), 0), (1, (-3, 3), 1), (0, (0, 0), 0),
     (1, (0, 0), 1)],
)
def test_s4_5_next_dealer_higher_score_tie_keeps_dealer(dealer, scores, expected):
    assert next_dealer(configure(GAME, 2), _stub_round(dealer, scores)) == expected


def test_s4_5_next_dealer_in_a_played_match():
    m = Match(GAME, 2, seed=9)
    rng = random.Random(9)
    for _ in range(4):
        dealer = m.current.dealer
        _random_round(m, rng)
        s = m.current.result.scores
        want = dealer if s[0] == s[1] else (0 if s[0] > s[1] else 1)
        assert m.due_dealer == want
        with pytest.raises(MatchError):
            m.next_round(_deal_for(1 - want))
        m.next_round()
        assert m.current.dealer == want


def _deal_for(dealer):
    from hanafuda.engine.deal import Deal

    deck = [CODES[c] for c in configure(GAME, 2).deck_cards]
    # pine, plum, cherry, wisteria pairs spread so the field is no misdeal
    return Deal.from_codes(dealer, [deck[0:8], deck[8:16]], deck[16:24], deck[24:])


def test_s4_5_match_rounds_default_12_or_target():
    assert configure(GAME, 2).rounds_limit == 12
    cfg = configure(GAME, 2, {"target": 50})
    assert cfg.target == 50 and cfg.rounds_limit is None
