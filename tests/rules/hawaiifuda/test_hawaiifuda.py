"""Hawaiʻifuda (RULES.md §4.4, §9): turn order, Sakura values, rubbish, Pāhoehoe, combos."""

from __future__ import annotations

import random

import pytest

from hanafuda import Match
from hanafuda.cards import CARDS, CODES, DECK_48, WILLOW_LIGHTNING, card_id, cards_of, mask_of
from hanafuda.engine.deal import DealError
from hanafuda.engine.round import EV_COLLECT, EV_DEALER, Round
from hanafuda.rules import RoundFacts, configure, get_game
from hanafuda.rules.hawaiifuda import RUBBISH

GAME = "hawaiifuda"
LIGHTNING = "willow-lightning"
RUBBISH_CODES = {
    c.code for c in CARDS if c.kind.value == "chaff" and c.code not in ("paulownia-chaff1", LIGHTNING)
}


def _round(players, hands, field, stock_head=(), dealer=0, options=None):
    """A round started directly from a partial deal, to reach a position in a move or two.

    Hands and field may be smaller than §2's sizes; the stock is ``stock_head`` then the
    rest of the deck in id order.  The round ends when every hand is empty.
    """
    cfg = configure(GAME, players, dict(options or {}))
    used = [card_id(c) for h in hands for c in h] + [card_id(c) for c in field]
    used += [card_id(c) for c in stock_head]
    assert len(set(used)) == len(used)
    stock = [card_id(c) for c in stock_head] + [c for c in cfg.deck_cards if c not in used]
    return Round(cfg, dealer, [mask_of(h) for h in hands], mask_of(field), stock)


def _codes(mask):
    return {CODES[c] for c in cards_of(mask)}


def _random_round(match, rng):
    while not match.round_over:
        match.apply(rng.choice(match.legal_actions()))


# -- §4.4 / §2 turn order, deal -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s4_4_plays_clockwise_from_dealer(players):
    cfg = configure(GAME, players)
    for dealer in range(players):
        rnd = Round(cfg, dealer, [0] * players, 0, ())
        assert rnd.order == tuple((dealer + i) % players for i in range(players))
        assert rnd.seat == dealer


def test_s4_4_seats_play_in_clockwise_order_during_a_round():
    m = Match(GAME, 4, seed=11, dealer=2)
    rng = random.Random(5)
    _random_round(m, rng)
    seats = [e[1] for e in m.current.events if e[0] == "play"]
    assert seats == [(2 + i) % 4 for i in range(20)]


@pytest.mark.parametrize("players,hand,field", [(2, 8, 8), (3, 7, 6), (4, 5, 8), (5, 4, 8), (6, 3, 12)])
def test_s2_hawaiifuda_deal_sizes(players, hand, field):
    cfg = configure(GAME, players)
    assert (cfg.hand_size, cfg.field_size) == (hand, field)
    m = Match(GAME, players, seed=players)
    deal = m.deals[0]
    assert [len(h) for h in deal.hands] == [hand] * players
    assert len(deal.field) == field
    assert len(deal.stock) == 48 - players * hand - field


def test_s4_4_two_players_eight_cards_stay_in_stock():
    for seed in range(5):
        m = Match(GAME, 2, seed=seed)
        _random_round(m, random.Random(seed))
        rnd = m.current
        assert rnd.over
        assert not any(rnd.hands)
        assert rnd.stock_left == 8
        assert len([e for e in rnd.events if e[0] == "play"]) == 16


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_s4_4_round_ends_when_all_hands_are_empty(players):
    m = Match(GAME, players, seed=100 + players)
    _random_round(m, random.Random(players))
    rnd = m.current
    assert not any(rnd.hands)
    assert rnd.stock_left == len(m.deals[0].stock) - players * rnd.config.hand_size


# -- §1 Sakura values, §4.4 rubbish -------------------------------------------------------------


def test_s4_4_sakura_values_score_card_points():
    cfg = configure(GAME, 2)
    caps = (
        mask_of(["pine-crane", "willow-rainman", "plum-warbler", "pine-ribbon", "paulownia-chaff1",
                 LIGHTNING]),
        mask_of(["susuki-moon", "willow-swallow", "willow-ribbon"]),
    )
    res = get_game(GAME).score_round(cfg, RoundFacts(0, caps, (frozenset(),) * 2, (0, 0)))
    assert res.card_points == (20 + 5 + 5 + 10 + 10 + 0, 20 + 5 + 10)
    assert res.scores == res.card_points
    assert res.yaku == ((), ())


def test_s9_hawaiifuda_rubbish_is_every_chaff_but_light_and_pahoehoe():
    assert set(cards_of(RUBBISH)) == {card_id(c) for c in RUBBISH_CODES}
    assert len(RUBBISH_CODES) == 22
    assert configure(GAME, 2).rubbish == RUBBISH


def test_s4_4_captured_rubbish_goes_to_discard_pile():
    rnd = _round(2, [["pine-chaff1"], ["cherry-chaff1"]],
                 ["pine-crane", "cherry-chaff2", "susuki-moon"],
                 ["susuki-chaff1", "iris-chaff1"])
    rnd.play("play pine-chaff1")  # takes the crane; the flip takes the moon
    assert _codes(rnd.captures[0]) == {"pine-crane", "susuki-moon"}
    assert _codes(rnd.discard) == {"pine-chaff1", "susuki-chaff1"}
    rnd.play("play cherry-chaff1")  # rubbish takes rubbish: both discarded
    assert _codes(rnd.captures[1]) == set()
    assert _codes(rnd.discard) == {"pine-chaff1", "susuki-chaff1", "cherry-chaff1", "cherry-chaff2"}
    assert rnd.over
    assert rnd.result.card_points == (40, 0)


def test_s4_4_light_is_not_rubbish():
    rnd = _round(2, [["paulownia-chaff1"], ["iris-chaff1"]], ["paulownia-chaff2"],
                 ["pine-chaff1", "cherry-chaff1"])
    rnd.play("play paulownia-chaff1")
    assert _codes(rnd.captures[0]) == {"paulownia-chaff1"}
    assert _codes(rnd.discard) == {"paulownia-chaff2"}


def test_s9_hawaiifuda_discarded_rubbish_is_in_no_capture_pile_after_random_rounds():
    for seed in range(8):
        m = Match(GAME, 3, seed=seed)
        _random_round(m, random.Random(seed))
        rnd = m.current
        zones = rnd.zones()
        union = 0
        for mask in zones.values():
            assert union & mask == 0
            union |= mask
        assert union == DECK_48
        taken_by_wild = 0
        for kind, _seat, card, cap in rnd.events:
            if card == WILLOW_LIGHTNING and kind in ("play", "flip", "take"):
                taken_by_wild |= cap
        for cap in rnd.captures:
            assert cap & RUBBISH & ~taken_by_wild == 0
        assert rnd.discard & ~RUBBISH == 0


# -- §4.4 / §9 Pāhoehoe -------------------------------------------------------------------------

FIELD8 = ["pine-crane", "pine-chaff1", "cherry-curtain", "cherry-chaff1", "susuki-moon",
          "susuki-chaff1", "paulownia-phoenix", "paulownia-chaff2"]
HAND0 = [LIGHTNING, "plum-warbler", "plum-ribbon", "plum-chaff1", "plum-chaff2", "wisteria-cuckoo",
         "wisteria-ribbon", "wisteria-chaff1"]
HAND1 = ["iris-bridge", "iris-ribbon", "iris-chaff1", "iris-chaff2", "peony-butterflies",
         "peony-ribbon", "peony-chaff1", "peony-chaff2"]


def test_s4_4_pahoehoe_from_hand_chooses_any_field_card(make_match, assert_illegal):
    m = make_match(GAME, 2, hands=[HAND0, HAND1], field=FIELD8, stock_head=["clover-chaff1"])
    legal = m.legal_moves()
    for target in FIELD8:
        assert f"play {LIGHTNING} take {target}" in legal
    assert f"play {LIGHTNING}" not in legal
    assert_illegal(m, f"play {LIGHTNING}")  # with two or more field cards the choice is written
    assert_illegal(m, f"play {LIGHTNING} take maple-deer")  # not on the field
    m.play(f"play {LIGHTNING} take pine-crane")
    rnd = m.current
    assert _codes(rnd.captures[0]) == {LIGHTNING, "pine-crane"}
    assert "pine-chaff1" in _codes(rnd.field)
    assert rnd.to_move == 1


def test_s4_4_pahoehoe_takes_rubbish_and_keeps_it(make_match):
    m = make_match(GAME, 2, hands=[HAND0, HAND1], field=FIELD8, stock_head=["clover-chaff1"])
    m.play(f"play {LIGHTNING} take pine-chaff1")
    rnd = m.current
    assert _codes(rnd.captures[0]) == {LIGHTNING, "pine-chaff1"}
    assert rnd.discard == 0


def test_s9_pahoehoe_takes_exactly_one_card_out_of_a_stack_of_three(make_match):
    field = ["pine-crane", "pine-ribbon", "pine-chaff1"] + FIELD8[2:7]
    hand1 = HAND1
    hand0 = HAND0
    m = make_match(GAME, 2, hands=[hand0, hand1], field=field,
                   stock_head=["clover-chaff1"] + [c for c in CODES if c.startswith("maple")]
                   + ["pine-chaff2"])
    m.play(f"play {LIGHTNING} take pine-ribbon")
    assert _codes(m.current.captures[0]) == {LIGHTNING, "pine-ribbon"}
    assert {"pine-crane", "pine-chaff1"} <= _codes(m.current.field)


def test_s9_pahoehoe_from_hand_with_one_field_card_is_automatic():
    rnd = _round(2, [[LIGHTNING], ["iris-chaff1"]], ["susuki-chaff1"], ["pine-chaff1", "cherry-chaff1"])
    assert rnd.legal_moves() == [f"play {LIGHTNING}"]
    with pytest.raises(ValueError):
        rnd.play(f"play {LIGHTNING} take susuki-chaff1")
    rnd.play(f"play {LIGHTNING}")
    assert _codes(rnd.captures[0]) == {LIGHTNING, "susuki-chaff1"}
    assert rnd.discard == 0


def test_s4_4_pahoehoe_from_hand_stays_on_empty_field():
    rnd = _round(2, [[LIGHTNING], ["willow-swallow"]], [], ["pine-chaff1", "cherry-chaff1"])
    assert rnd.legal_moves() == [f"play {LIGHTNING}"]
    rnd.play(f"play {LIGHTNING}")
    assert _codes(rnd.field) == {LIGHTNING, "pine-chaff1"}
    assert rnd.captures[0] == 0
    # an ordinary willow from now on: the swallow takes it by month
    assert rnd.legal_moves() == ["play willow-swallow"]
    rnd.play("play willow-swallow")
    assert _codes(rnd.captures[1]) == {"willow-swallow", LIGHTNING}
    assert rnd.over
    # it made no wild capture: no round-end collection
    assert not [e for e in rnd.events if e[0] == EV_COLLECT]
    assert _codes(rnd.field) == {"pine-chaff1", "cherry-chaff1"}


def test_s4_4_pahoehoe_stays_on_empty_field_in_a_full_deal(make_match):
    field = ["pine-crane", "plum-warbler", "cherry-curtain", "wisteria-cuckoo", "iris-bridge",
             "peony-butterflies", "clover-boar", "susuki-moon"]
    hand0 = ["pine-ribbon", "cherry-ribbon", "iris-ribbon", LIGHTNING, "paulownia-phoenix",
             "paulownia-chaff1", "paulownia-chaff2", "paulownia-chaff3"]
    hand1 = ["wisteria-ribbon", "peony-ribbon", "susuki-geese", "willow-swallow",
             "chrysanthemum-sake", "chrysanthemum-ribbon", "chrysanthemum-chaff1",
             "chrysanthemum-chaff2"]
    stock = ["plum-chaff1", "cherry-chaff1", "clover-chaff1", "susuki-chaff1", "maple-chaff1",
             "pine-chaff1"]
    m = make_match(GAME, 2, hands=[hand0, hand1], field=field, stock_head=stock)
    m.play("play pine-ribbon")  # + flip plum-chaff1 takes the warbler
    m.play("play wisteria-ribbon")  # + flip cherry-chaff1 takes the curtain
    m.play("play iris-ribbon")  # + flip clover-chaff1 takes the boar
    m.play("play peony-ribbon")  # + flip susuki-chaff1 takes the moon
    rnd = m.current
    assert rnd.field == 0
    assert _codes(rnd.discard) == {"plum-chaff1", "cherry-chaff1", "clover-chaff1", "susuki-chaff1"}
    assert f"play {LIGHTNING}" in m.legal_moves()
    m.play(f"play {LIGHTNING}")
    assert _codes(rnd.field) == {LIGHTNING, "maple-chaff1"}
    assert "play willow-swallow" in m.legal_moves()
    m.play("play willow-swallow")
    assert {"willow-swallow", LIGHTNING} <= _codes(rnd.captures[1])


def test_s4_4_pahoehoe_turned_over_chooses_with_take(make_match):
    hand0 = ["clover-chaff2"] + HAND0[1:]
    m = make_match(GAME, 2, hands=[hand0, HAND1], field=FIELD8, stock_head=[LIGHTNING])
    m.play("play wisteria-chaff1")  # matches nothing; the flip is Pāhoehoe
    rnd = m.current
    assert rnd.phase == 2
    assert rnd.to_move == 0
    expected = sorted(f"take {c}" for c in FIELD8 + ["wisteria-chaff1"])
    assert m.legal_moves() == expected
    m.play("take pine-chaff1")
    assert _codes(rnd.captures[0]) == {LIGHTNING, "pine-chaff1"}
    assert rnd.discard == 0
    assert rnd.to_move == 1


def test_s9_pahoehoe_turned_over_with_one_card_is_automatic():
    rnd = _round(2, [["pine-crane"], ["iris-chaff1"]], [], [LIGHTNING, "cherry-chaff1"])
    rnd.play("play pine-crane")
    assert rnd.phase == 1
    assert rnd.to_move == 1
    assert _codes(rnd.captures[0]) == {LIGHTNING, "pine-crane"}
    assert rnd.field == 0


def test_s4_4_pahoehoe_turned_over_on_empty_field_stays_then_ordinary_willow():
    rnd = _round(2, [["pine-crane"], ["willow-ribbon"]], ["pine-chaff1"], [LIGHTNING, "cherry-chaff1"])
    rnd.play("play pine-crane")
    assert _codes(rnd.field) == {LIGHTNING}
    assert _codes(rnd.captures[0]) == {"pine-crane"}
    assert rnd.legal_moves() == ["play willow-ribbon"]
    rnd.play("play willow-ribbon")
    assert _codes(rnd.captures[1]) == {"willow-ribbon", LIGHTNING}


def test_s4_4_pahoehoe_dealt_to_field_is_an_ordinary_willow(make_match):
    field = [LIGHTNING, "willow-swallow"] + FIELD8[:6]
    hand0 = ["willow-rainman"] + HAND0[1:]
    m = make_match(GAME, 2, hands=[hand0, HAND1], field=field, stock_head=["clover-chaff1"])
    legal = m.legal_moves()
    assert "play willow-rainman take willow-lightning" in legal
    assert "play willow-rainman take willow-swallow" in legal
    m.play("play willow-rainman take willow-lightning")
    rnd = m.current
    assert _codes(rnd.captures[0]) == {"willow-rainman", LIGHTNING}
    assert rnd.wild_side == -1


def test_s2_pahoehoe_dealt_to_field_joins_a_stack_of_three_willows(make_match):
    field = [LIGHTNING, "willow-swallow", "willow-ribbon"] + FIELD8[:5]
    hand0 = ["willow-rainman"] + HAND0[1:]
    m = make_match(GAME, 2, hands=[hand0, HAND1], field=field, stock_head=["clover-chaff1"])
    assert "play willow-rainman" in m.legal_moves()
    m.play("play willow-rainman")
    assert _codes(m.current.captures[0]) == {"willow-rainman", "willow-swallow", "willow-ribbon",
                                             LIGHTNING}


def test_s4_4_pahoehoe_dealt_to_field_is_taken_by_a_turned_over_willow(make_match):
    field = [LIGHTNING] + FIELD8[:7]
    hand0 = ["clover-chaff2"] + HAND0[1:]
    hand1 = HAND1[:7] + [HAND0[0].replace("lightning", "swallow")]
    m = make_match(GAME, 2, hands=[hand0, hand1], field=field, stock_head=["willow-rainman"])
    m.play("play clover-chaff2")
    assert _codes(m.current.captures[0]) == {"willow-rainman", LIGHTNING}
    assert m.current.wild_side == -1


def _collection_deal():
    """Pāhoehoe in seat 0's hand; a stack of three pines on the field, the fourth pine deep in the
    2-player stock (among the 8 cards that are never turned over); no other pine anywhere."""
    field = ["pine-crane", "pine-ribbon", "pine-chaff1", "cherry-curtain", "susuki-moon",
             "susuki-chaff1", "paulownia-phoenix", "paulownia-chaff2"]
    hands = [HAND0, HAND1]
    used = {c for h in hands for c in h} | set(field) | {"pine-chaff2"}
    rest = [c for c in CODES if c not in used]
    stock = rest[:16] + ["pine-chaff2"] + rest[16:]
    assert len(stock) == 24
    return hands, field, stock


def test_s4_4_pahoehoe_owner_collects_the_month_of_its_card_at_round_end(make_match, finish_round):
    hands, field, stock = _collection_deal()
    m = make_match(GAME, 2, hands=hands, field=field, stock_head=stock)
    m.play(f"play {LIGHTNING} take pine-crane")
    finish_round(m)
    rnd = m.current
    assert rnd.over
    assert {LIGHTNING, "pine-crane", "pine-ribbon"} <= _codes(rnd.captures[0])
    assert "pine-chaff1" in _codes(rnd.discard)  # rubbish among the collected cards
    assert not {"pine-ribbon", "pine-chaff1"} & _codes(rnd.field)
    assert "pine-chaff2" in _codes(rnd.zones()["stock"])
    collect = [e for e in rnd.events if e[0] == EV_COLLECT]
    assert len(collect) == 1
    assert collect[0][1] == 0
    assert rnd.result.card_points[0] >= 20 + 10


def test_s4_4_collection_goes_to_the_owner_side_not_the_last_player(make_match, finish_round):
    hands, field, stock = _collection_deal()
    hands = [HAND1, HAND0]  # seat 1 holds Pāhoehoe
    m = make_match(GAME, 2, dealer=0, hands=hands, field=field, stock_head=stock)
    m.play("play peony-chaff2")
    m.play(f"play {LIGHTNING} take pine-chaff1")
    finish_round(m)
    rnd = m.current
    assert {LIGHTNING, "pine-chaff1", "pine-ribbon"} <= _codes(rnd.captures[1])
    assert "pine-crane" in _codes(rnd.captures[1])
    assert not _codes(rnd.captures[0]) & {"pine-crane", "pine-ribbon"}


def test_s9_round_end_collection_only_for_a_wild_capture():
    # Pāhoehoe stays on an empty field; the pine left on the field is not collected.
    rnd = _round(2, [[LIGHTNING, "iris-chaff1"], ["cherry-chaff1", "maple-chaff1"]], [],
                 ["pine-ribbon", "susuki-chaff1", "paulownia-chaff2", "clover-chaff1"])
    for move in (f"play {LIGHTNING}", "play cherry-chaff1", "play iris-chaff1", "play maple-chaff1"):
        rnd.play(move)
    assert rnd.over
    assert "pine-ribbon" in _codes(rnd.field)
    assert not [e for e in rnd.events if e[0] == EV_COLLECT]


# -- §2 four on the field ------------------------------------------------------------------------


def test_s2_hawaiifuda_four_on_field_default_is_dealer_captures(make_match):
    assert configure(GAME, 2).four_on_field == "dealer-captures"
    field = ["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2"] + FIELD8[2:6]
    m = make_match(GAME, 2, dealer=1, hands=[HAND0, HAND1], field=field)
    rnd = m.current
    assert _codes(rnd.captures[1]) == {"pine-crane", "pine-ribbon"}
    assert _codes(rnd.discard) == {"pine-chaff1", "pine-chaff2"}
    assert rnd.captures[0] == 0
    assert _codes(rnd.field) == set(FIELD8[2:6])
    assert [e[0] for e in rnd.events] == [EV_DEALER]
    assert rnd.to_move == 1


def test_s2_hawaiifuda_dealer_captures_four_in_three_player_game(make_match, spare):
    four = ["susuki-moon", "susuki-geese", "susuki-chaff1", "susuki-chaff2"]
    hands = [spare(four, 7, months=[1, 2]), spare(four, 7, months=[3, 4]), spare(four, 7, months=[5, 6])]
    field = four + ["clover-boar", "clover-ribbon"]
    m = make_match(GAME, 3, dealer=2, hands=hands, field=field)
    rnd = m.current
    assert _codes(rnd.captures[2]) == {"susuki-moon", "susuki-geese"}
    assert _codes(rnd.field) == {"clover-boar", "clover-ribbon"}


def test_s2_hawaiifuda_dealer_captures_every_four_on_a_six_player_field(make_match, spare):
    fours = [CODES[c] for c in range(4)] + [CODES[c] for c in range(40, 44)]  # pines and willows
    field = fours + ["cherry-curtain", "iris-bridge", "susuki-moon", "maple-deer"]
    pool = spare(field, 18)
    hands = [pool[3 * i:3 * i + 3] for i in range(6)]
    m = make_match(GAME, 6, dealer=4, hands=hands, field=field)
    rnd = m.current
    assert _codes(rnd.captures[4]) == {"pine-crane", "pine-ribbon", "willow-rainman", "willow-swallow",
                                       "willow-ribbon", LIGHTNING}
    assert _codes(rnd.discard) == {"pine-chaff1", "pine-chaff2"}
    assert _codes(rnd.field) == {"cherry-curtain", "iris-bridge", "susuki-moon", "maple-deer"}
    assert rnd.wild_side == -1
    assert rnd.to_move == 4


def test_s2_hawaiifuda_four_on_field_redeal_option(make_deal):
    field = ["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2"] + FIELD8[2:6]
    deal = make_deal(GAME, 2, {"four_on_field": "redeal"}, hands=[HAND0, HAND1], field=field)
    with pytest.raises(DealError, match="misdeal"):
        deal.validate(configure(GAME, 2, {"four_on_field": "redeal"}))
    with pytest.raises(DealError):
        Match(GAME, 2, {"four_on_field": "redeal"}, deal=deal)
    for seed in range(30):
        m = Match(GAME, 2, {"four_on_field": "redeal"}, seed=seed)
        field_mask = m.current.field
        assert all(len(_codes(field_mask) & {CODES[4 * k + s] for s in range(4)}) < 4 for k in range(12))
        assert not [e for e in m.current.events if e[0] == EV_DEALER]


# -- §4.4 bonus combos ------------------------------------------------------------------------------


def _score(options, caps, players=None):
    players = players or len(caps)
    cfg = configure(GAME, players, options)
    facts = RoundFacts(0, tuple(mask_of(c) for c in caps), (frozenset(),) * players, (0,) * players)
    return get_game(GAME).score_round(cfg, facts)


def test_s4_4_bonus_combos_yaku_lists_and_penalty_for_all_opponents():
    caps = [
        ["pine-crane", "plum-warbler", "cherry-curtain", "susuki-moon", "chrysanthemum-sake"],
        ["pine-ribbon", "plum-ribbon", "cherry-ribbon"],
        ["maple-deer"],
    ]
    res = _score({"bonus_combos": True}, caps)
    assert [sorted(y.id for y in ys) for ys in res.yaku] == [["drinking", "spring"], ["poetry-ribbons"], []]
    assert res.card_points == (20 + 5 + 20 + 20 + 5, 30, 5)
    assert res.scores == (70 - 50, 30 - 100, 5 - 150)


def test_s4_4_all_eight_combos():
    combos = {
        "drinking": ["cherry-curtain", "susuki-moon", "chrysanthemum-sake"],
        "spring": ["pine-crane", "plum-warbler", "cherry-curtain"],
        "poetry-ribbons": ["pine-ribbon", "plum-ribbon", "cherry-ribbon"],
        "blue-ribbons": ["peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"],
        "butterflies-sake-deer": ["peony-butterflies", "chrysanthemum-sake", "maple-deer"],
        "grass-ribbons": ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"],
        "cuckoo-bridge-boar": ["wisteria-cuckoo", "iris-bridge", "clover-boar"],
        "boar-geese-deer": ["clover-boar", "susuki-geese", "maple-deer"],
    }
    for combo, cards in combos.items():
        res = _score({"bonus_combos": True}, [cards, []])
        assert [y.id for y in res.yaku[0]] == [combo]
        assert all(y.points == 50 for y in res.yaku[0])
        assert res.scores[1] == -50
        for missing in cards:
            partial = [c for c in cards if c != missing]
            assert _score({"bonus_combos": True}, [partial, []]).yaku[0] == ()
    everything = sorted({c for cards in combos.values() for c in cards})
    res = _score({"bonus_combos": True}, [everything, []])
    assert len(res.yaku[0]) == 8
    assert res.scores[1] == -400
    assert res.scores[0] == res.card_points[0]


def test_s4_4_wild_card_counts_only_as_itself_for_combos():
    res = _score({"bonus_combos": True}, [["pine-crane", "plum-warbler", LIGHTNING], []])
    assert res.yaku[0] == ()


def test_s4_4_without_bonus_combos_score_is_card_points():
    caps = [["pine-crane", "plum-warbler", "cherry-curtain"], ["pine-ribbon", "plum-ribbon", "cherry-ribbon"]]
    res = _score({}, caps)
    assert res.yaku == ((), ())
    assert res.scores == res.card_points == (45, 30)


def test_s4_4_bonus_combos_in_played_rounds():
    for seed in range(10):
        m = Match(GAME, 3, {"bonus_combos": True}, seed=seed)
        _random_round(m, random.Random(seed))
        res = m.current.result
        counts = [len(ys) for ys in res.yaku]
        for side, cap in enumerate(m.current.captures):
            held = [y.id for y in m.config.yaku if cap & y.mask == y.mask]
            assert [y.id for y in res.yaku[side]] == held
            assert res.scores[side] == res.card_points[side] - 50 * (sum(counts) - counts[side])


def test_s4_4_rounds_default_6():
    assert configure(GAME, 2).rounds_limit == 6
    m = Match(GAME, 2, seed=4)
    rng = random.Random(4)
    while not m.finished:
        _random_round(m, rng)
        if not m.finished:
            m.next_round()
    assert len(m.rounds) == 6
