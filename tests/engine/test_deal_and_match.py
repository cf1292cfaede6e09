"""Deals, turn order, reproducible matches, next dealer, match end, options (RULES.md §2, §6, §9)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from hanafuda import Match
from hanafuda.cards import CARDS, CODES, DECK_48, MONTH_MASKS, cards_of
from hanafuda.engine.deal import Deal, DealError, deal_from_rng, draw_first_dealer, misdeal_reason
from hanafuda.engine.match import MatchError, next_dealer
from hanafuda.engine.round import Round
from hanafuda.rules import GAMES, RoundScore, configure, get_game
from hanafuda.rules.options import OptionError, parse_option_args

# RULES.md §2 deal table: players → (hand, field) per game.
DEAL_TABLE = {
    "min-hwatu": {2: (10, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12)},
    "hana-awase": {2: (8, 8), 3: (7, 6), 4: (5, 8)},
    "kwa-do": {2: (10, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12)},
    "hawaiifuda": {2: (8, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12)},
    "mushi": {2: (8, 8)},
    "koi-koi": {2: (8, 8)},
}
DEAL_CASES = [(g, n, hf) for g, table in DEAL_TABLE.items() for n, hf in table.items()]


def _random_round(match, rng):
    while not match.round_over:
        match.apply(rng.choice(match.legal_actions()))


def _play_match(match, rng, max_rounds=200):
    while True:
        _random_round(match, rng)
        if match.finished:
            return match
        assert len(match.rounds) < max_rounds
        match.next_round()


def _order(game, players, dealer, options=None):
    cfg = configure(game, players, options or {})
    return Round(cfg, dealer, [0] * players, 0, ()).order


def _valid_deal(game, players, dealer=0, options=None):
    """A valid explicit deal: the deck in id order is cut into hands, field and stock, with the
    months spread so that no four of a month lie on the field."""
    cfg = configure(game, players, options or {})
    h, f = cfg.hand_size, cfg.field_size
    deck = list(cfg.deck_cards)
    # interleave months: take slot 0 of every month, then slot 1, …
    deck.sort(key=lambda c: (CARDS[c].slot, c))
    hands = [deck[i * h:(i + 1) * h] for i in range(players)]
    field = deck[players * h:players * h + f]
    stock = deck[players * h + f:]
    deal = Deal.from_codes(dealer, hands, field, stock)
    deal.validate(cfg)
    return deal


# -- §2 deal sizes --------------------------------------------------------------------------------


@pytest.mark.parametrize("game,players,sizes", DEAL_CASES)
def test_s2_deal_sizes(game, players, sizes):
    cfg = configure(game, players)
    assert (cfg.hand_size, cfg.field_size) == sizes
    deck_size = cfg.deck.bit_count()
    for seed in range(3):
        m = Match(game, players, seed=seed)
        deal = m.deals[0]
        assert [len(hand) for hand in deal.hands] == [sizes[0]] * players
        assert len(deal.field) == sizes[1]
        assert len(deal.stock) == deck_size - players * sizes[0] - sizes[1]
        everything = [c for hand in deal.hands for c in hand] + list(deal.field) + list(deal.stock)
        assert sorted(everything) == list(cfg.deck_cards)
        rnd = m.current
        assert [hand.bit_count() for hand in rnd.hands] == [sizes[0]] * players
        assert rnd.stock_left == len(deal.stock)


def test_s2_kwa_do_two_player_hand_option_8():
    cfg = configure("kwa-do", 2, {"two_player_hand": 8})
    assert (cfg.hand_size, cfg.field_size) == (8, 8)
    assert configure("kwa-do", 2, {"two_player_hand": 10}).hand_size == 10
    m = Match("kwa-do", 2, {"two_player_hand": 8}, seed=1)
    _random_round(m, random.Random(1))
    assert m.current.stock_left == 8


@pytest.mark.parametrize(
    "game,players",
    [("hana-awase", 5), ("hana-awase", 6), ("mushi", 3), ("mushi", 4), ("mushi", 6), ("min-hwatu", 1),
     ("min-hwatu", 7), ("kwa-do", 7), ("hawaiifuda", 1)],
)
def test_s2_player_count_not_allowed(game, players):
    with pytest.raises(OptionError) as info:
        configure(game, players)
    message = str(info.value)
    assert game in message
    assert str(players) in message
    for allowed in DEAL_TABLE[game]:
        assert str(allowed) in message
    with pytest.raises(OptionError):
        Match(game, players, seed=1)


@pytest.mark.parametrize("players", ["3", 2.0, None, True])
def test_s2_player_count_must_be_an_integer(players):
    with pytest.raises(OptionError):
        configure("min-hwatu", players)


def test_s2_seeded_deals_never_misdeal_and_redeal_with_same_dealer():
    for game in GAMES:
        players = 2
        cfg = configure(game, players, {"four_on_field": "redeal"})
        rng = random.Random(3)
        for _ in range(100):
            deal = deal_from_rng(cfg, 1, rng)
            assert deal.dealer == 1
            assert misdeal_reason(cfg, deal.field_mask()) is None
            deal.validate(cfg)


# -- §2 first dealer ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(set(GAMES) - {"min-hwatu"}))  # Min-Hwatu: night/day below
def test_s2_first_dealer_earliest_month_then_higher_card(game):
    players = max(DEAL_TABLE[game])
    cfg = configure(game, players)
    for seed in range(50):
        dealer, drawn = draw_first_dealer(cfg, random.Random(seed))
        assert len(drawn) == players == len(set(drawn))
        best = min(drawn, key=lambda c: (CARDS[c].month, CARDS[c].slot))
        assert drawn[dealer] == best


@pytest.mark.parametrize("rule", ["night", "day"])
def test_s2_min_hwatu_dealer_draw_night_and_day(rule):
    cfg = configure("min-hwatu", 6, {"dealer_draw": rule})
    for seed in range(50):
        dealer, drawn = draw_first_dealer(cfg, random.Random(seed))
        month = {c: CARDS[c].month for c in drawn}  # the Japanese month order of RULES.md §1
        if rule == "night":  # earliest month, same month: the lower card (higher slot)
            best = min(drawn, key=lambda c: (month[c], -CARDS[c].slot))
        else:  # latest month, same month: the higher card
            best = min(drawn, key=lambda c: (-month[c], CARDS[c].slot))
        assert drawn[dealer] == best


def test_s2_seeded_match_draws_first_dealer_unless_given():
    for seed in range(20):
        m = Match("hawaiifuda", 4, seed=seed)
        cfg = m.config
        dealer, drawn = draw_first_dealer(cfg, random.Random(seed))
        assert m.current.dealer == dealer
        assert m.first_draw == drawn
    assert Match("hawaiifuda", 4, seed=1, dealer=3).current.dealer == 3
    with pytest.raises(MatchError):
        Match("hawaiifuda", 4, seed=1, dealer=4)


# -- §2 turn order -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s2_min_hwatu_counter_clockwise_from_dealer(players):
    for dealer in range(players):
        assert _order("min-hwatu", players, dealer) == tuple((dealer - i) % players for i in range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s2_hana_awase_counter_clockwise_from_dealer(players):
    for dealer in range(players):
        assert _order("hana-awase", players, dealer) == tuple((dealer - i) % players for i in range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s2_hawaiifuda_clockwise_from_dealer(players):
    for dealer in range(players):
        assert _order("hawaiifuda", players, dealer) == tuple((dealer + i) % players for i in range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s2_kwa_do_clockwise_left_of_dealer_first_dealer_last(players):
    for dealer in range(players):
        order = _order("kwa-do", players, dealer)
        assert order == tuple((dealer + 1 + i) % players for i in range(players))
        assert order[-1] == dealer


def test_s2_mushi_dealer_then_alternate():
    assert _order("mushi", 2, 0) == (0, 1)
    assert _order("mushi", 2, 1) == (1, 0)


@pytest.mark.parametrize(
    "game,players,options",
    [("min-hwatu", 4, {}), ("hana-awase", 3, {}), ("kwa-do", 5, {}), ("hawaiifuda", 6, {}),
     ("mushi", 2, {}), ("kwa-do", 4, {"teams": [[0, 2], [1, 3]]})],
)
def test_s2_plays_follow_the_turn_order(game, players, options):
    for seed in range(3):
        m = Match(game, players, options, seed=seed)
        rnd = m.current
        assert m.to_move == rnd.order[0]
        _random_round(m, random.Random(seed))
        seats = [e[1] for e in rnd.events if e[0] == "play"]
        assert seats == [rnd.order[i % players] for i in range(len(seats))]
        assert len(seats) == players * rnd.config.hand_size


# -- reproducibility ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game,players,options",
    [("min-hwatu", 3, {"yaku_set": "korean"}), ("hana-awase", 2, {"teyaku": True}),
     ("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True}),
     ("hawaiifuda", 5, {"bonus_combos": True}), ("mushi", 2, {"four_pairs_misdeal": True})],
)
def test_s9_same_seed_game_and_options_give_the_same_match(game, players, options):
    def run(seed):
        m = Match(game, players, options, seed=seed)
        rng = random.Random(seed * 7 + 1)
        for _ in range(3):
            _random_round(m, rng)
            if m.finished:
                break
            m.next_round()
        return m

    for seed in (1, 2):
        a, b = run(seed), run(seed)
        assert a.to_record() == b.to_record()
        assert a.totals == b.totals
        assert [r.result for r in a.rounds] == [r.result for r in b.rounds]
        assert a.deals == b.deals
    assert run(1).deals[0] != run(2).deals[0]


def test_s9_same_seed_same_deals_whatever_the_moves():
    a = Match("min-hwatu", 4, seed=42)
    b = Match("min-hwatu", 4, seed=42)
    assert a.deals == b.deals
    _random_round(a, random.Random(1))
    _random_round(b, random.Random(1))
    a.next_round()
    b.next_round()
    assert a.deals == b.deals


# -- Deal.validate ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game,players", [("min-hwatu", 3), ("hawaiifuda", 6), ("mushi", 2), ("kwa-do", 2)])
def test_s9_valid_explicit_deal_is_accepted_and_stock_order_kept(game, players):
    deal = _valid_deal(game, players, dealer=players - 1)
    m = Match(game, players, deal=deal)
    assert m.current.dealer == players - 1
    assert m.current.stock == deal.stock
    assert m.deals[0] == deal
    again = Deal.from_codes(**deal.to_json())
    assert again == Deal(deal.dealer, tuple(tuple(h) for h in deal.hands), deal.field, deal.stock)


def _mutate(deal, hands=None, field=None, stock=None, dealer=None):
    return Deal(
        deal.dealer if dealer is None else dealer,
        deal.hands if hands is None else tuple(tuple(h) for h in hands),
        deal.field if field is None else tuple(field),
        deal.stock if stock is None else tuple(stock),
    )


def test_s9_deal_check_wrong_hand_size():
    cfg = configure("min-hwatu", 3)
    deal = _valid_deal("min-hwatu", 3)
    hands = [list(h) for h in deal.hands]
    hands[1].append(deal.stock[0])
    bad = _mutate(deal, hands=hands, stock=deal.stock[1:])
    with pytest.raises(DealError, match="hand of seat 1 has 8 cards"):
        bad.validate(cfg)
    with pytest.raises(DealError):
        Match("min-hwatu", 3, deal=bad)


def test_s9_deal_check_wrong_field_size():
    cfg = configure("hawaiifuda", 2)
    deal = _valid_deal("hawaiifuda", 2)
    bad = _mutate(deal, field=deal.field[:-1], stock=deal.field[-1:] + deal.stock)
    with pytest.raises(DealError, match="field has 7 cards"):
        bad.validate(cfg)


def test_s9_deal_check_wrong_number_of_hands():
    cfg = configure("min-hwatu", 3)
    deal = _valid_deal("min-hwatu", 3)
    bad = _mutate(deal, hands=deal.hands[:2], stock=deal.hands[2] + deal.stock)
    with pytest.raises(DealError, match="2 hands"):
        bad.validate(cfg)


def test_s9_deal_check_unknown_card():
    deal = _valid_deal("min-hwatu", 3)
    js = deal.to_json()
    js["stock"][3] = "pine-dragon"
    with pytest.raises(DealError, match="pine-dragon"):
        Deal.from_codes(**js)
    js = deal.to_json()
    js["hands"][2][0] = "nope"
    with pytest.raises(DealError, match="hand of seat 2"):
        Deal.from_codes(**js)


def test_s9_deal_check_duplicate_card():
    cfg = configure("min-hwatu", 3)
    deal = _valid_deal("min-hwatu", 3)
    dup = deal.field[0]
    bad = _mutate(deal, stock=(dup,) + deal.stock[1:])
    with pytest.raises(DealError, match=f"duplicate card {CODES[dup]}"):
        bad.validate(cfg)


def test_s9_deal_check_missing_card():
    cfg = configure("min-hwatu", 3)
    deal = _valid_deal("min-hwatu", 3)
    missing = deal.stock[-1]
    bad = _mutate(deal, stock=deal.stock[:-1])
    with pytest.raises(DealError, match=f"missing.*{CODES[missing]}"):
        bad.validate(cfg)


def test_s9_deal_check_card_not_in_mushi_deck():
    cfg = configure("mushi", 2)
    deal = _valid_deal("mushi", 2)
    bad = _mutate(deal, stock=deal.stock + (MONTH_MASKS[6].bit_length() - 1,))
    with pytest.raises(DealError, match="peony-chaff2"):
        bad.validate(cfg)


def test_s2_misdeal_four_of_a_month_on_field_under_redeal():
    cfg = configure("min-hwatu", 2)
    assert cfg.four_on_field == "redeal"
    deck = list(range(48))
    field = cards_of(MONTH_MASKS[3]) + [0, 4, 16, 20]
    rest = [c for c in deck if c not in field]
    deal = Deal(0, (tuple(rest[:10]), tuple(rest[10:20])), tuple(field), tuple(rest[20:]))
    with pytest.raises(DealError, match="misdeal.*cherry"):
        deal.validate(cfg)
    with pytest.raises(DealError):
        Match("min-hwatu", 2, deal=deal)
    # dealer-captures: the same deal stands and the dealer takes the four
    cfg2 = configure("min-hwatu", 2, {"four_on_field": "dealer-captures"})
    deal.validate(cfg2)
    m = Match("min-hwatu", 2, {"four_on_field": "dealer-captures"}, deal=deal)
    assert m.current.captures[0] == MONTH_MASKS[3]


def test_s2_four_of_a_month_in_a_hand_is_no_misdeal():
    field = [1, 5, 9, 13, 17, 21, 25, 29]
    hand0 = cards_of(MONTH_MASKS[12]) + [0, 2, 3, 4, 6, 7]
    rest = [c for c in range(48) if c not in field + hand0]
    deal = Deal(0, (tuple(hand0), tuple(rest[:10])), tuple(field), tuple(rest[10:]))
    deal.validate(configure("min-hwatu", 2))


@pytest.mark.parametrize("dealer", [-1, 3, 7, "0", True, None])
def test_s9_deal_check_dealer_out_of_range(dealer):
    cfg = configure("min-hwatu", 3)
    deal = _mutate(_valid_deal("min-hwatu", 3), dealer=dealer)
    object.__setattr__(deal, "dealer", dealer)
    with pytest.raises(DealError, match="dealer"):
        deal.validate(cfg)


# -- §6 next dealer -------------------------------------------------------------------------------------


def _stub(game, players, dealer, scores, options=None):
    cfg = configure(game, players, options or {})
    n = cfg.num_sides
    result = RoundScore((0,) * n, ((),) * n, tuple(scores), ((),) * n)
    rnd = SimpleNamespace(result=result, dealer=dealer, order=_order(game, players, dealer, options))
    return cfg, rnd


@pytest.mark.parametrize(
    "game,players,dealer,scores,expected",
    [
        # highest round score deals
        ("min-hwatu", 4, 0, (5, 1, 30, 2), 2),
        ("hawaiifuda", 3, 2, (50, 100, 90), 1),
        ("hana-awase", 2, 1, (10, -10), 0),
        # a tie that includes the dealer: the dealer keeps the deal
        ("min-hwatu", 4, 3, (10, 0, 0, 10), 3),
        ("kwa-do", 3, 1, (0, 0, 0), 1),
        # a tie without the dealer: earliest tied player in this round's turn order
        ("min-hwatu", 4, 0, (0, 10, 10, 5), 2),  # order 0, 3, 2, 1
        ("hana-awase", 4, 0, (0, 10, 10, 5), 2),
        ("hawaiifuda", 4, 0, (0, 10, 10, 5), 1),  # order 0, 1, 2, 3
        ("kwa-do", 4, 0, (0, 10, 10, 5), 1),  # order 1, 2, 3, 0
        ("kwa-do", 4, 1, (10, 0, 5, 10), 3),  # order 2, 3, 0, 1
        ("min-hwatu", 5, 1, (20, 0, 0, 0, 20), 0),  # order 1, 0, 4, 3, 2
        ("hawaiifuda", 5, 1, (20, 0, 0, 0, 20), 4),  # order 1, 2, 3, 4, 0
    ],
)
def test_s6_next_dealer(game, players, dealer, scores, expected):
    cfg, rnd = _stub(game, players, dealer, scores)
    assert next_dealer(cfg, rnd) == expected


TEAMS_4 = {"teams": [[0, 2], [1, 3]]}
TEAMS_6_PAIRS = {"teams": [[0, 3], [1, 4], [2, 5]]}
TEAMS_6_TRIOS = {"teams": [[0, 2, 4], [1, 3, 5]]}


@pytest.mark.parametrize(
    "players,options,dealer,scores,expected",
    [
        (4, TEAMS_4, 0, (50, 10), 0),  # the dealer's team won: the dealer stays
        (4, TEAMS_4, 2, (50, 10), 2),
        (4, TEAMS_4, 0, (10, 50), 1),  # order 1, 2, 3, 0: seat 1 is the winners' first
        (4, TEAMS_4, 1, (50, 10), 2),  # order 2, 3, 0, 1
        (4, TEAMS_4, 3, (50, 10), 0),  # order 0, 1, 2, 3
        (4, TEAMS_4, 3, (20, 20), 3),  # tie with the dealer's team
        (6, TEAMS_6_PAIRS, 0, (0, 0, 30), 2),  # order 1..5, 0
        (6, TEAMS_6_PAIRS, 3, (0, 0, 30), 5),  # order 4, 5, 0, 1, 2, 3
        (6, TEAMS_6_PAIRS, 1, (30, 0, 30), 2),  # tie without the dealer: order 2, 3, …
        (6, TEAMS_6_PAIRS, 4, (0, 30, 0), 4),
        (6, TEAMS_6_TRIOS, 5, (40, 0), 0),
        (6, TEAMS_6_TRIOS, 4, (0, 40), 5),
        (6, TEAMS_6_TRIOS, 1, (40, 0), 2),
    ],
)
def test_s6_next_dealer_team_play(players, options, dealer, scores, expected):
    cfg, rnd = _stub("kwa-do", players, dealer, scores, options)
    assert cfg.sides == tuple(tuple(s) for s in options["teams"])
    assert next_dealer(cfg, rnd) == expected


@pytest.mark.parametrize(
    "game,players,options",
    [("min-hwatu", 3, {}), ("hana-awase", 4, {}), ("kwa-do", 4, TEAMS_4), ("hawaiifuda", 2, {}),
     ("mushi", 2, {})],
)
def test_s6_next_dealer_in_played_matches(game, players, options):
    m = Match(game, players, options, seed=5)
    rng = random.Random(5)
    cfg = m.config
    for _ in range(4):
        rnd = m.current
        _random_round(m, rng)
        if m.finished:
            break
        scores = rnd.result.scores
        best = max(scores)
        top = [s for s, v in enumerate(scores) if v == best]
        if cfg.side_of[rnd.dealer] in top:
            want = rnd.dealer
        else:
            want = next(seat for seat in rnd.order if cfg.side_of[seat] in top)
        assert m.due_dealer == want
        assert m.next_round().dealer == want


# -- Match.next_round ---------------------------------------------------------------------------------------


def test_s6_next_round_with_wrong_dealer_raises():
    m = Match("min-hwatu", 3, seed=8)
    with pytest.raises(MatchError, match="still in play"):
        m.next_round()
    _random_round(m, random.Random(8))
    due = m.due_dealer
    for wrong in range(3):
        if wrong == due:
            continue
        with pytest.raises(MatchError, match="wrong dealer"):
            m.next_round(_valid_deal("min-hwatu", 3, dealer=wrong))
        assert len(m.rounds) == 1
    rnd = m.next_round(_valid_deal("min-hwatu", 3, dealer=due))
    assert rnd.dealer == due
    assert len(m.rounds) == 2


def test_s9_next_round_validates_the_explicit_deal():
    m = Match("min-hwatu", 2, seed=8)
    _random_round(m, random.Random(8))
    good = _valid_deal("min-hwatu", 2, dealer=m.due_dealer)
    bad = _mutate(good, stock=good.stock[:-1])
    with pytest.raises(DealError):
        m.next_round(bad)
    m.next_round(good)


# -- §6 match end and winners ---------------------------------------------------------------------------


@pytest.mark.parametrize("game,players,rounds", [("min-hwatu", 2, 12), ("hana-awase", 3, 12),
                                                 ("hawaiifuda", 4, 6), ("mushi", 2, 12)])
def test_s6_default_rounds(game, players, rounds):
    cfg = configure(game, players)
    assert cfg.rounds_limit == rounds
    assert cfg.target is None
    m = _play_match(Match(game, players, seed=1), random.Random(1))
    assert len(m.rounds) == rounds


def test_s6_match_ends_by_rounds():
    m = Match("mushi", 2, {"rounds": 3}, seed=2)
    rng = random.Random(2)
    for number in range(1, 4):
        _random_round(m, rng)
        assert m.finished == (number == 3)
        if number < 3:
            assert m.winners == []
            m.next_round()
    assert len(m.rounds) == 3
    assert m.to_move is None and m.legal_moves() == []
    with pytest.raises(MatchError):
        m.next_round()
    assert m.totals == [sum(r.result.scores[s] for r in m.rounds) for s in range(2)]


def test_s6_match_ends_by_target():
    for seed in range(5):
        m = Match("mushi", 2, {"target": 40}, seed=seed)
        assert m.config.rounds_limit is None
        rng = random.Random(seed)
        _play_match(m, rng)
        assert max(m.totals) >= 40
        running = [0, 0]
        for rnd in m.rounds[:-1]:
            running = [a + b for a, b in zip(running, rnd.result.scores, strict=True)]
            assert max(running) < 40
        assert m.winners == [s for s, t in enumerate(m.totals) if t == max(m.totals)]


def test_s6_match_ends_at_whichever_comes_first():
    m = _play_match(Match("hawaiifuda", 2, {"rounds": 2, "target": 10**6}, seed=3), random.Random(3))
    assert len(m.rounds) == 2
    m = _play_match(Match("hawaiifuda", 2, {"rounds": 5, "target": 1}, seed=3), random.Random(3))
    assert len(m.rounds) == 1
    cfg = configure("hawaiifuda", 2, {"rounds": 5, "target": 1})
    assert (cfg.rounds_limit, cfg.target) == (5, 1)


def test_s9_kwa_do_default_target_200_no_round_limit():
    cfg = configure("kwa-do", 3)
    assert cfg.target == 200
    assert cfg.rounds_limit is None
    for seed in range(3):
        m = _play_match(Match("kwa-do", 3, seed=seed), random.Random(seed))
        assert max(m.totals) >= 200
        before_last = [t - s for t, s in zip(m.totals, m.rounds[-1].result.scores, strict=True)]
        assert max(before_last) < 200


def test_s9_kwa_do_rounds_option():
    cfg = configure("kwa-do", 3, {"rounds": 2})
    assert cfg.rounds_limit == 2 and cfg.target == 200
    cfg = configure("kwa-do", 3, {"rounds": 2, "target": None})
    assert cfg.rounds_limit == 2 and cfg.target is None
    with pytest.raises(OptionError, match="rounds.*target|target.*rounds"):
        configure("kwa-do", 3, {"target": None})


def test_s6_equal_totals_share_the_win():
    opts = {"two_player_hand": 8, "rounds": 1, "target": None}
    for seed in range(40):
        m = _play_match(Match("kwa-do", 2, opts, seed=seed), random.Random(seed))
        if m.totals[0] == m.totals[1]:
            assert m.winners == [0, 1]
            break
    else:
        pytest.fail("no tied match found")


def test_s6_single_winner_and_team_winner():
    m = _play_match(Match("hawaiifuda", 3, {"rounds": 2}, seed=6), random.Random(6))
    best = max(m.totals)
    assert m.winners == [s for s, t in enumerate(m.totals) if t == best]
    m = _play_match(Match("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "rounds": 2}, seed=6), random.Random(6))
    assert len(m.totals) == 2
    assert m.winners == [s for s, t in enumerate(m.totals) if t == max(m.totals)]


# -- options --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(DEAL_TABLE))
def test_s9_unknown_option_names_it_and_the_allowed_options(game):
    with pytest.raises(OptionError) as info:
        configure(game, 2, {"no_such_option": 1})
    message = str(info.value)
    assert "no_such_option" in message
    for spec in get_game(game).option_specs():
        assert spec.name in message


@pytest.mark.parametrize(
    "game,option,value,allowed",
    [
        ("mushi", "five_brights", "maybe", ["true", "false"]),
        ("mushi", "four_on_field", "shuffle", ["redeal", "dealer-captures"]),
        ("min-hwatu", "yaku_set", "french", ["core", "korean", "english"]),
        ("min-hwatu", "yaku_multiplier", 2, ["n-1", "n"]),
        ("hana-awase", "chaff_value", 2, ["1", "0"]),
        ("hana-awase", "scoring", "sum", ["zero-sum", "additive"]),
        ("kwa-do", "two_player_hand", 9, ["10", "8"]),
        ("kwa-do", "scoring", "none", ["floor", "raw"]),
        ("hawaiifuda", "bonus_combos", 1, ["true", "false"]),
        ("hawaiifuda", "rounds", 0, ["integer"]),
        ("hawaiifuda", "rounds", "many", ["integer"]),
        ("mushi", "target", -5, ["integer"]),
        ("kwa-do", "teams", "yes", ["[[0, 2], [1, 3]]"]),
    ],
)
def test_s9_bad_option_value_names_option_and_allowed_values(game, option, value, allowed):
    with pytest.raises(OptionError) as info:
        configure(game, 4 if game == "kwa-do" and option == "teams" else 2, {option: value})
    message = str(info.value)
    assert option in message
    for text in allowed:
        assert text in message


@pytest.mark.parametrize(
    "players,teams,allowed",
    [(3, [[0, 1], [2]], "4 or 6"), (4, [[0, 1], [2, 3]], "[[0, 2], [1, 3]]"),
     (6, [[0, 1], [2, 3], [4, 5]], "[[0, 3], [1, 4], [2, 5]]"), (2, [[0], [1]], "4 or 6")],
)
def test_s4_3_teams_layout_must_fit_the_player_count(players, teams, allowed):
    with pytest.raises(OptionError) as info:
        configure("kwa-do", players, {"teams": teams})
    assert "teams" in str(info.value)
    assert allowed in str(info.value)


def test_s9_teams_only_in_kwa_do():
    with pytest.raises(OptionError, match="teams"):
        configure("min-hwatu", 4, {"teams": [[0, 2], [1, 3]]})


def test_s9_option_values_in_text_form_are_accepted():
    cfg = configure("kwa-do", 2, {"two_player_hand": "8", "yaku": "true", "rounds": "3"})
    assert cfg.hand_size == 8
    assert cfg.options["yaku"] is True
    assert cfg.rounds_limit == 3
    assert cfg.given_options == {"two_player_hand": 8, "yaku": True, "rounds": 3}


def test_s9_parse_option_args():
    parsed = parse_option_args(["rounds=3", "five_brights=false", "teams=[[0,2],[1,3]]",
                                "four_on_field=dealer-captures", "target=null"])
    assert parsed == {"rounds": 3, "five_brights": False, "teams": [[0, 2], [1, 3]],
                      "four_on_field": "dealer-captures", "target": None}
    with pytest.raises(OptionError, match="key=value"):
        parse_option_args(["rounds"])


def test_s9_unknown_game_names_the_games():
    with pytest.raises(OptionError) as info:
        configure("sakura", 2)
    for game in DEAL_TABLE:
        assert game in str(info.value)


def test_s9_options_not_given_take_their_defaults():
    for game in DEAL_TABLE:
        cfg = configure(game, 2)
        assert cfg.given_options == {}
        for spec in get_game(game).option_specs():
            assert cfg.options[spec.name] == spec.default
    assert Match("mushi", 2, seed=1).to_record()["options"] == {}


def test_s1_deck_is_dealt_exactly_once_in_every_round():
    for game in DEAL_TABLE:
        m = Match(game, 2, seed=9)
        rng = random.Random(9)
        for _ in range(2):
            _random_round(m, rng)
            union = 0
            for mask in m.current.zones().values():
                assert union & mask == 0
                union |= mask
            assert union == m.config.deck
            assert union & ~DECK_48 == 0
            m.next_round()
