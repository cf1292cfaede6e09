"""Min-Hwatu rules (RULES.md §2, §3, §4.1, §6, §9), pinned with explicit deals."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from hanafuda import Match
from hanafuda.cards import CARDS, CODES, MONTH_MASKS, card_id, mask_of
from hanafuda.engine.deal import Deal, DealError, deal_from_rng, draw_first_dealer
from hanafuda.engine.match import MatchError, next_dealer
from hanafuda.rules import RoundFacts, configure
from hanafuda.rules.base import RoundScore
from hanafuda.rules.options import OptionError

GAME = "min-hwatu"

# A 2-player deal (dealer 0 plays first) used by most turn tests.
# Field: pine ×1, plum ×2, cherry ×3, wisteria ×1, iris ×1.
FIELD = [
    "pine-crane",
    "plum-warbler",
    "plum-ribbon",
    "cherry-curtain",
    "cherry-ribbon",
    "cherry-chaff1",
    "wisteria-cuckoo",
    "iris-bridge",
]
HAND0 = [
    "pine-ribbon",  # 1 target
    "plum-chaff1",  # 2 targets
    "cherry-chaff2",  # 3 targets
    "peony-butterflies",  # 0 targets
    "peony-ribbon",
    "clover-boar",
    "clover-ribbon",
    "susuki-moon",
    "susuki-geese",
    "chrysanthemum-sake",
]
HAND1 = [
    "peony-chaff1",
    "peony-chaff2",
    "clover-chaff1",
    "clover-chaff2",
    "susuki-chaff1",
    "susuki-chaff2",
    "chrysanthemum-ribbon",
    "chrysanthemum-chaff1",
    "chrysanthemum-chaff2",
    "maple-deer",
]


def swap(cards: list[str], old: str, new: str) -> list[str]:
    return [new if c == old else c for c in cards]


def slot_major_deal(players: int, dealer: int = 0, options: dict | None = None) -> Deal:
    """Hands, then field, then stock from the deck sorted by (slot, month): never four on field."""
    cfg = configure(GAME, players, options or {})
    order = sorted(cfg.deck_cards, key=lambda c: (CARDS[c].slot, CARDS[c].month))
    h, f = cfg.hand_size, cfg.field_size
    hands = [order[i * h : (i + 1) * h] for i in range(players)]
    field = order[players * h : players * h + f]
    stock = order[players * h + f :]
    return Deal(dealer, tuple(map(tuple, hands)), tuple(field), tuple(stock))


def score(options: dict, players: int, captures: list[list[str]], dealer: int = 0) -> RoundScore:
    cfg = configure(GAME, players, options)
    facts = RoundFacts(
        dealer=dealer,
        captures=tuple(mask_of(c) for c in captures),
        declared=tuple(frozenset() for _ in captures),
        teyaku=tuple(0 for _ in range(players)),
    )
    return cfg.game.score_round(cfg, facts)


def partition(players: int, special: dict[int, list[str]]) -> list[list[str]]:
    """Captures by side: the given cards; every other card to a side where it completes no yaku."""
    used = {c for cards in special.values() for c in cards}
    out = [list(special.get(i, [])) for i in range(players)]
    masks = [mask_of(cards) for cards in out]
    yaku_sets = [mask_of(cards) for t in (CORE, KOREAN, ENGLISH) for cards, _ in t.values()]
    for code in CODES:
        if code in used:
            continue
        bit = 1 << card_id(code)
        for side in reversed(range(players)):
            trial = masks[side] | bit
            if not any(trial & s == s and masks[side] & s != s for s in yaku_sets):
                break
        else:
            raise AssertionError(f"cannot place {code}")
        masks[side] |= bit
        out[side].append(code)
    return out


def ids(result: RoundScore, side: int) -> set[str]:
    return {y.id for y in result.yaku[side]}


# --------------------------------------------------------------------------------------------
# §2 deal sizes, turn order, first dealer, misdeals


@pytest.mark.parametrize(
    ("players", "hand", "field"), [(2, 10, 8), (3, 7, 6), (4, 5, 8), (5, 4, 8), (6, 3, 12)]
)
def test_s2_deal_sizes(players: int, hand: int, field: int) -> None:
    cfg = configure(GAME, players, {})
    assert (cfg.hand_size, cfg.field_size) == (hand, field)
    m = Match(GAME, players, deal=slot_major_deal(players))
    rnd = m.current
    assert [h.bit_count() for h in rnd.hands] == [hand] * players
    assert rnd.field.bit_count() == field
    assert rnd.stock_left == 48 - players * hand - field
    seeded = Match(GAME, players, seed=11)
    assert [h.bit_count() for h in seeded.current.hands] == [hand] * players
    assert seeded.current.field.bit_count() == field


@pytest.mark.parametrize("players", [1, 7])
def test_s2_player_count_outside_2_to_6_rejected(players: int) -> None:
    with pytest.raises(OptionError):
        configure(GAME, players, {})


def test_s9_deal_check_wrong_sizes_rejected() -> None:
    good = slot_major_deal(3)
    # move one card from seat 0's hand to the stock
    bad = Deal(0, (good.hands[0][1:],) + good.hands[1:], good.field, good.stock + good.hands[0][:1])
    with pytest.raises(DealError, match="hand of seat 0"):
        Match(GAME, 3, deal=bad)
    dup = Deal(0, good.hands, good.field, good.stock[:-1] + good.field[:1])
    with pytest.raises(DealError, match="duplicate"):
        Match(GAME, 3, deal=dup)


@pytest.mark.parametrize(
    ("players", "dealer", "order"),
    [
        (2, 0, (0, 1)),
        (2, 1, (1, 0)),
        (3, 0, (0, 2, 1)),
        (4, 2, (2, 1, 0, 3)),
        (5, 1, (1, 0, 4, 3, 2)),
        (6, 3, (3, 2, 1, 0, 5, 4)),
    ],
)
def test_s2_turn_order_counter_clockwise_from_dealer(
    players: int, dealer: int, order: tuple[int, ...]
) -> None:
    m = Match(GAME, players, deal=slot_major_deal(players, dealer))
    assert m.current.order == order
    assert m.to_move == dealer
    seats_that_played: list[int] = []
    while not m.round_over:
        move = m.legal_moves()[0]
        if move.startswith("play"):
            seats_that_played.append(m.to_move)
        m.play(move)
    hand = configure(GAME, players, {}).hand_size
    assert seats_that_played == list(order) * hand


class FrontRng(random.Random):
    """A Random whose shuffles put the given cards first (in that order), the rest in id order."""

    def __init__(self, *fronts: list[str]) -> None:
        super().__init__(0)
        self.fronts = [[card_id(c) for c in f] for f in fronts]
        self.calls = 0

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        front = self.fronts[min(self.calls, len(self.fronts) - 1)]
        self.calls += 1
        rest = sorted(c for c in x if c not in front)
        x[:] = front + rest


@pytest.mark.parametrize(
    ("rule", "drawn", "dealer"),
    [
        ("night", ["plum-warbler", "pine-chaff2"], 1),  # earliest month
        ("night", ["pine-crane", "pine-chaff1"], 1),  # same month: the lower card
        ("night", ["pine-ribbon", "pine-crane", "plum-chaff1"], 0),
        # months compare in the RULES.md §1 order (willow 11, paulownia 12), docs/rules
        ("night", ["willow-rainman", "paulownia-chaff3"], 0),
        ("day", ["plum-warbler", "pine-chaff2"], 0),  # latest month
        ("day", ["pine-chaff1", "pine-crane"], 1),  # same month: the higher card
        ("day", ["willow-lightning", "paulownia-phoenix"], 1),
        ("day", ["maple-deer", "susuki-moon", "maple-ribbon"], 0),
    ],
)
def test_s2_first_dealer_draw_night_and_day(rule: str, drawn: list[str], dealer: int) -> None:
    cfg = configure(GAME, len(drawn), {"dealer_draw": rule})
    got, cards = draw_first_dealer(cfg, FrontRng(drawn))
    assert [CODES[c] for c in cards] == drawn
    assert got == dealer


def test_s2_first_dealer_default_is_night() -> None:
    cfg = configure(GAME, 2, {})
    assert cfg.options["dealer_draw"] == "night"
    assert draw_first_dealer(cfg, FrontRng(["pine-crane", "pine-chaff1"]))[0] == 1


def test_s2_seeded_match_draws_first_dealer_by_the_rule() -> None:
    for seed in range(5):
        for rule in ("night", "day"):
            m = Match(GAME, 4, {"dealer_draw": rule}, seed=seed)
            cfg = m.config
            expected, drawn = draw_first_dealer(cfg, random.Random(seed))
            assert m.first_draw == drawn
            assert m.current.dealer == expected


def test_s2_misdeal_four_on_field_rejected_with_redeal(make_deal) -> None:
    hand0 = [
        "plum-warbler",
        "plum-ribbon",
        "plum-chaff1",
        "peony-butterflies",
        "peony-ribbon",
        "clover-boar",
        "clover-ribbon",
        "susuki-moon",
        "susuki-geese",
        "chrysanthemum-sake",
    ]
    field = ["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2"] + [
        "wisteria-cuckoo",
        "iris-bridge",
        "cherry-curtain",
        "cherry-ribbon",
    ]
    deal = make_deal(GAME, 2, {}, 0, [hand0, HAND1], field)
    assert configure(GAME, 2, {}).options["four_on_field"] == "redeal"
    with pytest.raises(DealError, match="misdeal"):
        Match(GAME, 2, deal=deal)
    # dealer-captures: the dealer captures the four before the first turn
    m = Match(GAME, 2, {"four_on_field": "dealer-captures"}, deal=deal)
    assert m.current.captures[0] == MONTH_MASKS[1]
    assert not m.current.field & MONTH_MASKS[1]
    assert m.current.field.bit_count() == 4
    assert m.to_move == 0


def test_s2_seeded_deal_redeals_a_misdeal() -> None:
    cfg = configure(GAME, 2, {})
    pines = ["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2"]
    # hands take the first 20 cards; the field the next 8
    filler = [c.code for c in CARDS if c.month != 1][:20]
    good = [CODES[c] for c in sorted(range(48), key=lambda c: (CARDS[c].slot, CARDS[c].month))]
    rng = FrontRng(filler + pines, good)
    deal = deal_from_rng(cfg, 1, rng)
    assert rng.calls == 2
    assert deal.dealer == 1
    assert deal.field_mask() & MONTH_MASKS[1] != MONTH_MASKS[1]
    deal.validate(cfg)


def test_s2_four_of_a_month_in_hand_has_no_effect(make_match, field_codes) -> None:
    hand0 = swap(HAND0, "clover-boar", "maple-ribbon")
    hand0 = swap(hand0, "clover-ribbon", "maple-chaff1")
    hand0 = swap(hand0, "susuki-moon", "maple-chaff2")
    hand0 = swap(hand0, "chrysanthemum-sake", "maple-deer")
    hand1 = swap(HAND1, "maple-deer", "chrysanthemum-sake")
    m = make_match(GAME, 2, hands=[hand0, hand1], field=FIELD, stock_head=["willow-rainman"])
    assert m.current.hands[0] & MONTH_MASKS[10] == MONTH_MASKS[10]
    assert m.current.phase == 1 and m.to_move == 0
    assert m.current.events == []
    m.play("play maple-deer")
    assert "maple-deer" in field_codes(m)


# --------------------------------------------------------------------------------------------
# §3 a turn


def two_player(make_match, options=None, hands=None, field=None, stock_head=("willow-rainman",)):
    return make_match(
        GAME,
        2,
        options or {},
        0,
        hands or [HAND0, HAND1],
        field or FIELD,
        list(stock_head),
    )


def test_s3_hand_card_zero_targets_stays_on_field(make_match, field_codes, captured) -> None:
    m = two_player(make_match)
    m.play("play peony-butterflies")
    assert {"peony-butterflies", "willow-rainman"} <= field_codes(m)
    assert captured(m, 0) == set()
    assert m.to_move == 1


def test_s3_hand_card_one_target_captures_both(make_match, field_codes, captured) -> None:
    m = two_player(make_match)
    assert "play pine-ribbon" in m.legal_moves()
    assert not any(mv.startswith("play pine-ribbon take") for mv in m.legal_moves())
    m.play("play pine-ribbon")
    assert captured(m, 0) == {"pine-ribbon", "pine-crane"}
    assert "pine-crane" not in field_codes(m)


def test_s3_hand_card_two_targets_player_chooses(
    make_match, field_codes, captured, assert_illegal
) -> None:
    m = two_player(make_match)
    legal = m.legal_moves()
    assert "play plum-chaff1 take plum-warbler" in legal
    assert "play plum-chaff1 take plum-ribbon" in legal
    assert "play plum-chaff1" not in legal
    assert_illegal(m, "play plum-chaff1")
    m.play("play plum-chaff1 take plum-ribbon")
    assert captured(m, 0) == {"plum-chaff1", "plum-ribbon"}
    assert "plum-warbler" in field_codes(m)


def test_s3_hand_card_three_targets_captures_all_four(make_match, field_codes, captured) -> None:
    m = two_player(make_match)
    assert "play cherry-chaff2" in m.legal_moves()
    m.play("play cherry-chaff2")
    assert captured(m, 0) == {"cherry-curtain", "cherry-ribbon", "cherry-chaff1", "cherry-chaff2"}
    assert not field_codes(m) & {"cherry-curtain", "cherry-ribbon", "cherry-chaff1"}


def test_s3_capture_is_compulsory_but_playing_a_match_is_not(make_match) -> None:
    m = two_player(make_match)
    legal = m.legal_moves()
    # every hand card is playable, matching or not
    for card in HAND0:
        assert any(mv.split()[1] == card for mv in legal)
    # a matching card cannot be played without capturing: no way to leave pine-ribbon unmatched
    assert [mv for mv in legal if mv.split()[1] == "pine-ribbon"] == ["play pine-ribbon"]
    m.play("play pine-ribbon")
    assert m.current.captures[0] & mask_of(["pine-ribbon", "pine-crane"])


def test_s3_turned_card_zero_targets_stays(make_match, field_codes, captured) -> None:
    m = two_player(make_match, stock_head=["willow-rainman"])
    m.play("play peony-butterflies")
    assert "willow-rainman" in field_codes(m)
    assert captured(m, 0) == set()


def test_s3_turned_card_one_target_captures(make_match, captured) -> None:
    m = two_player(make_match, stock_head=["iris-ribbon"])
    m.play("play peony-butterflies")
    assert captured(m, 0) == {"iris-ribbon", "iris-bridge"}
    assert m.to_move == 1


def test_s3_turned_card_two_targets_current_player_chooses(
    make_match, captured, field_codes, assert_illegal
) -> None:
    m = two_player(make_match, stock_head=["plum-chaff2"])
    m.play("play peony-butterflies")
    assert m.current.phase == 2
    assert m.to_move == 0
    assert m.legal_moves() == ["take plum-ribbon", "take plum-warbler"]
    assert CODES[m.current.pending] == "plum-chaff2"
    assert_illegal(m, "1: take plum-ribbon")
    assert_illegal(m, "play pine-ribbon")
    m.play("0: take plum-warbler")
    assert captured(m, 0) == {"plum-chaff2", "plum-warbler"}
    assert "plum-ribbon" in field_codes(m)
    assert m.to_move == 1


def test_s3_turned_card_three_targets_captures_all_four(make_match, captured) -> None:
    hand0 = swap(HAND0, "cherry-chaff2", "willow-swallow")
    m = two_player(make_match, hands=[hand0, HAND1], stock_head=["cherry-chaff2"])
    m.play("play peony-butterflies")
    assert captured(m, 0) == {"cherry-curtain", "cherry-ribbon", "cherry-chaff1", "cherry-chaff2"}


def test_s2_three_on_field_stay_stacked_taken_by_the_fourth_of_other_player(
    make_match, captured, field_codes
) -> None:
    # seat 1 holds the fourth cherry: the three stay together until it comes
    hand0 = swap(HAND0, "cherry-chaff2", "willow-swallow")
    hand1 = swap(HAND1, "maple-deer", "cherry-chaff2")
    m = two_player(make_match, hands=[hand0, hand1], stock_head=["willow-rainman", "maple-deer"])
    m.play("play peony-butterflies")
    assert {"cherry-curtain", "cherry-ribbon", "cherry-chaff1"} <= field_codes(m)
    assert [mv for mv in m.legal_moves() if "cherry" in mv] == ["play cherry-chaff2"]
    m.play("play cherry-chaff2")
    assert captured(m, 1) >= {"cherry-curtain", "cherry-ribbon", "cherry-chaff1", "cherry-chaff2"}


def test_s3_flip_matching_the_pair_just_made_stays_by_default(
    make_match, captured, field_codes
) -> None:
    m = two_player(make_match, stock_head=["pine-chaff1"])
    assert m.config.options["flip_matches_pair"] == "stays"
    m.play("play pine-ribbon")
    assert captured(m, 0) == {"pine-ribbon", "pine-crane"}
    assert "pine-chaff1" in field_codes(m)
    assert m.to_move == 1


def test_s3_ppeok_three_stay_stacked_and_the_fourth_takes_them(
    make_match, captured, field_codes
) -> None:
    hand1 = swap(HAND1, "maple-deer", "pine-chaff2")
    m = two_player(
        make_match,
        {"flip_matches_pair": "ppeok"},
        hands=[HAND0, hand1],
        stock_head=["pine-chaff1", "willow-rainman"],
    )
    m.play("play pine-ribbon")
    assert captured(m, 0) == set()
    assert {"pine-crane", "pine-ribbon", "pine-chaff1"} <= field_codes(m)
    assert any(ev[0] == "ppeok" for ev in m.current.events)
    assert m.to_move == 1
    assert [mv for mv in m.legal_moves() if "pine" in mv] == ["play pine-chaff2"]
    m.play("play pine-chaff2")
    assert captured(m, 1) == {"pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2"}


def test_s3_ppeok_fourth_turned_over_takes_the_three(make_match, captured, field_codes) -> None:
    m = two_player(
        make_match,
        {"flip_matches_pair": "ppeok"},
        stock_head=["pine-chaff1", "pine-chaff2"],
    )
    m.play("play pine-ribbon")
    m.play("play peony-chaff1")
    assert captured(m, 1) == {"pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2"}


def test_s3_ppeok_only_after_a_single_target_capture(make_match, captured, field_codes) -> None:
    """Reading 2 (docs): ppeok applies only when the hand card had exactly one target."""
    m = two_player(make_match, {"flip_matches_pair": "ppeok"}, stock_head=["plum-chaff2"])
    m.play("play plum-chaff1 take plum-warbler")
    assert captured(m, 0) == {"plum-chaff1", "plum-warbler", "plum-chaff2", "plum-ribbon"}


def test_s3_ppeok_not_triggered_by_other_month(make_match, captured) -> None:
    m = two_player(make_match, {"flip_matches_pair": "ppeok"}, stock_head=["iris-ribbon"])
    m.play("play pine-ribbon")
    assert captured(m, 0) == {"pine-ribbon", "pine-crane", "iris-ribbon", "iris-bridge"}


# --------------------------------------------------------------------------------------------
# §4.1 yaku and scoring

CORE = {
    "poetry-ribbons": (["pine-ribbon", "plum-ribbon", "cherry-ribbon"], 30),
    "blue-ribbons": (["peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"], 30),
    "grass-ribbons": (["wisteria-ribbon", "iris-ribbon", "clover-ribbon"], 30),
    "four-iris": (["iris-bridge", "iris-ribbon", "iris-chaff1", "iris-chaff2"], 20),
    "four-maple": (["maple-deer", "maple-ribbon", "maple-chaff1", "maple-chaff2"], 20),
    "four-willow": (
        ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"],
        20,
    ),
}
KOREAN = {
    "five-birds": (["plum-warbler", "wisteria-cuckoo", "susuki-geese"], 50),
    "five-brights": (
        ["pine-crane", "cherry-curtain", "susuki-moon", "willow-rainman", "paulownia-phoenix"],
        50,
    ),
    "four-paulownia": (
        ["paulownia-phoenix", "paulownia-chaff1", "paulownia-chaff2", "paulownia-chaff3"],
        20,
    ),
}
ENGLISH = {
    "five-brights": (KOREAN["five-brights"][0], 200),
    "spring": (["pine-crane", "plum-warbler", "cherry-curtain"], 150),
    "grand-views": (["pine-crane", "cherry-curtain", "susuki-moon", "chrysanthemum-sake"], 150),
    "drinking": (["chrysanthemum-sake", "cherry-curtain", "susuki-moon"], 100),
    "boar-deer-butterflies": (["clover-boar", "maple-deer", "peony-butterflies"], 50),
}


def single_yaku_case(table: dict, yaku_set: str):
    for yaku_id, (cards, points) in table.items():
        yield pytest.param(yaku_set, yaku_id, cards, points, id=f"{yaku_set}-{yaku_id}")


@pytest.mark.parametrize(
    ("yaku_set", "yaku_id", "cards", "points"),
    [
        *single_yaku_case(CORE, "core"),
        *single_yaku_case(CORE, "korean"),
        *single_yaku_case(CORE, "english"),
        *single_yaku_case(KOREAN, "korean"),
        *single_yaku_case(ENGLISH, "english"),
    ],
)
def test_s4_1_yaku_sets_and_values(yaku_set: str, yaku_id: str, cards: list[str], points: int):
    caps = partition(3, {0: cards})
    result = score({"yaku_set": yaku_set}, 3, caps)
    assert ids(result, 0) == {yaku_id}  # grand-views alone: drinking is not added
    own = sum(y.points for y in result.yaku[0])
    assert own == points
    assert result.scores[0] == result.card_points[0] + points * 2 - sum(
        y.points for y in result.yaku[2]
    )


@pytest.mark.parametrize(
    ("yaku_set", "absent"),
    [
        ("core", list(KOREAN) + list(ENGLISH)),
        ("korean", ["spring", "grand-views", "drinking", "boar-deer-butterflies"]),
        ("english", ["five-birds", "four-paulownia"]),
    ],
)
def test_s4_1_yaku_set_option_adds_only_its_own_yaku(yaku_set: str, absent: list[str]) -> None:
    for yaku_id in absent:
        cards = {**KOREAN, **ENGLISH}[yaku_id][0]
        result = score({"yaku_set": yaku_set}, 3, partition(3, {0: cards}))
        assert yaku_id not in ids(result, 0), (yaku_set, yaku_id)
    assert configure(GAME, 2, {}).options["yaku_set"] == "core"


def test_s4_1_grand_views_excludes_drinking() -> None:
    result = score({"yaku_set": "english"}, 2, partition(2, {0: ENGLISH["grand-views"][0]}))
    assert ids(result, 0) == {"grand-views"}
    assert sum(y.points for y in result.yaku[0]) == 150
    only_drinking = score({"yaku_set": "english"}, 2, partition(2, {0: ENGLISH["drinking"][0]}))
    assert ids(only_drinking, 0) == {"drinking"}


def test_s4_1_min_hwatu_score_formula_n_minus_1() -> None:
    side0 = CORE["poetry-ribbons"][0] + CORE["four-iris"][0]  # Y0 = 50
    side1 = CORE["blue-ribbons"][0]  # Y1 = 30
    caps = partition(3, {0: side0, 1: side1})
    result = score({}, 3, caps)
    p = result.card_points
    assert p[0] == 15 + 15  # three ribbons, iris bridge and ribbon, two chaff
    assert sum(p) == 240
    assert ids(result, 0) == {"poetry-ribbons", "four-iris"}
    assert ids(result, 1) == {"blue-ribbons"}
    assert ids(result, 2) == set()
    assert result.scores == (p[0] + 50 * 2 - 30, p[1] + 30 * 2 - 50, p[2] - 80)
    assert sum(result.scores) == 240


def test_s4_1_yaku_multiplier_n() -> None:
    side0 = CORE["poetry-ribbons"][0] + CORE["four-iris"][0]
    side1 = CORE["blue-ribbons"][0]
    caps = partition(3, {0: side0, 1: side1})
    result = score({"yaku_multiplier": "n"}, 3, caps)
    p = result.card_points
    assert result.scores == (p[0] + 50 * 3 - 30, p[1] + 30 * 3 - 50, p[2] - 80)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_s4_1_scores_sum_to_240(players: int) -> None:
    special = {0: KOREAN["five-birds"][0] + CORE["four-willow"][0], 1: CORE["grass-ribbons"][0]}
    result = score({"yaku_set": "korean"}, players, partition(players, special))
    assert sum(result.card_points) == 240
    assert sum(result.scores) == 240


def test_s4_1_five_player_dealer_bonus() -> None:
    caps = partition(5, {0: CORE["poetry-ribbons"][0], 3: CORE["four-maple"][0]})
    on = score({}, 5, caps, dealer=2)
    off = score({"five_player_bonus": False}, 5, caps, dealer=2)
    assert configure(GAME, 5, {}).options["five_player_bonus"] is True
    assert sum(on.scores) == 250
    assert sum(off.scores) == 240
    assert on.card_points == off.card_points
    assert sum(on.card_points) == 240
    assert [a - b for a, b in zip(on.scores, off.scores, strict=True)] == [0, 0, 10, 0, 0]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_s4_1_no_dealer_bonus_other_than_five_players(players: int) -> None:
    result = score({}, players, partition(players, {}), dealer=1)
    assert sum(result.scores) == 240


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"yaku_set": "korean"}),
        (4, {"flip_matches_pair": "ppeok"}),
        (5, {"yaku_set": "english"}),
        (6, {"flip_matches_pair": "ppeok", "yaku_set": "korean"}),
    ],
)
def test_s4_1_every_card_captured_card_points_total_240(players: int, options: dict) -> None:
    for seed in range(4):
        m = Match(GAME, players, options, seed=seed)
        rng = random.Random(seed)
        while not m.round_over:
            m.play(rng.choice(m.legal_moves()))
        rnd = m.current
        assert rnd.field == 0
        assert rnd.stock_left == 0
        assert not any(rnd.hands)
        union = 0
        for cap in rnd.captures:
            assert union & cap == 0
            union |= cap
        assert union == (1 << 48) - 1
        result = rnd.result
        assert result is not None
        assert sum(result.card_points) == 240
        assert sum(result.scores) == (250 if players == 5 else 240)


def test_s4_1_round_result_reaches_match_totals(make_match) -> None:
    m = Match(GAME, 3, seed=3)
    rng = random.Random(1)
    while not m.round_over:
        m.play(rng.choice(m.legal_moves()))
    assert m.results[0].scores == tuple(m.totals)
    assert m.to_move is None
    assert m.legal_moves() == []


# --------------------------------------------------------------------------------------------
# §6 next dealer, match length


def fake_round(scores: list[int], dealer: int, order: tuple[int, ...]) -> SimpleNamespace:
    return SimpleNamespace(result=SimpleNamespace(scores=tuple(scores)), dealer=dealer, order=order)


@pytest.mark.parametrize(
    ("scores", "dealer", "expected"),
    [
        ([100, 90, 50], 0, 0),  # dealer wins
        ([50, 100, 90], 0, 1),  # highest score
        ([80, 80, 80], 1, 1),  # all tied: dealer keeps
        ([100, 40, 100], 2, 2),  # dealer among the tied keeps
        ([40, 100, 100], 0, 2),  # dealer not tied: earliest in turn order (0, 2, 1)
        ([100, 100, 40], 2, 1),  # order (2, 1, 0): seat 1 before seat 0
    ],
)
def test_s6_next_dealer_highest_tie_keeps_dealer_else_turn_order(
    scores: list[int], dealer: int, expected: int
) -> None:
    cfg = configure(GAME, 3, {})
    order = tuple((dealer - i) % 3 for i in range(3))
    assert next_dealer(cfg, fake_round(scores, dealer, order)) == expected


def test_s6_next_round_dealer_is_the_round_winner(make_deal) -> None:
    m = Match(GAME, 3, seed=5)
    rng = random.Random(5)
    while not m.round_over:
        m.play(rng.choice(m.legal_moves()))
    scores = m.results[0].scores
    expected = next_dealer(m.config, m.current)
    assert scores[expected] == max(scores)
    assert m.due_dealer == expected
    wrong = (expected + 1) % 3
    deal = slot_major_deal(3, wrong)
    with pytest.raises(MatchError, match="dealer"):
        m.next_round(deal)
    m.next_round(slot_major_deal(3, expected))
    assert m.current.dealer == expected
    assert m.to_move == expected


def play_out(m: Match, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not m.round_over:
        m.play(rng.choice(m.legal_moves()))


def test_s4_1_match_ends_after_12_rounds_by_default() -> None:
    m = Match(GAME, 2, seed=1)
    assert m.config.rounds_limit == 12 and m.config.target is None
    for index in range(12):
        assert not m.finished
        if index:
            m.next_round()
        play_out(m, index)
    assert m.finished
    assert len(m.results) == 12
    assert m.totals == [sum(r.scores[s] for r in m.results) for s in range(2)]
    best = max(m.totals)
    assert m.winners == [s for s in range(2) if m.totals[s] == best]
    with pytest.raises(MatchError):
        m.next_round()


def test_s4_1_match_rounds_option() -> None:
    m = Match(GAME, 3, {"rounds": 2}, seed=2)
    play_out(m)
    assert not m.finished and m.winners == []
    m.next_round()
    play_out(m)
    assert m.finished


def test_s4_1_match_ends_at_target() -> None:
    m = Match(GAME, 2, {"target": 200}, seed=4)
    assert m.config.rounds_limit is None
    rounds = 0
    while True:
        play_out(m, rounds)
        rounds += 1
        if m.finished:
            break
        assert max(m.totals) < 200
        m.next_round()
        assert rounds < 50
    assert max(m.totals) >= 200
    assert m.winners == [s for s in range(2) if m.totals[s] == max(m.totals)]


def test_s9_target_and_rounds_whichever_first() -> None:
    m = Match(GAME, 2, {"target": 100000, "rounds": 1}, seed=4)
    play_out(m)
    assert m.finished


# --------------------------------------------------------------------------------------------
# §7/§9 illegal moves


def test_s7_illegal_move_names_position_lists_legal_and_keeps_state(
    make_match, assert_illegal
) -> None:
    m = two_player(make_match)
    err = assert_illegal(m, "play maple-deer")  # not in seat 0's hand
    assert "round 1" in str(err) and "move 1" in str(err)
    assert_illegal(m, "play pine-ribbon take pine-crane")  # a single target takes no choice
    assert_illegal(m, "1: play peony-chaff1")  # wrong seat
    assert_illegal(m, "take pine-crane")
    assert_illegal(m, "expose")
    assert_illegal(m, "play nonsense-card")
    m.play("play pine-ribbon")
    err = assert_illegal(m, "play pine-ribbon")
    assert "move 2" in str(err)


def test_s9_no_move_after_the_round_ends(assert_illegal) -> None:
    m = Match(GAME, 2, seed=8)
    play_out(m)
    err = assert_illegal(m, "play pine-crane")
    assert err.legal == []
    assert "round over" in str(err)


def test_s4_1_dealer_draw_is_a_min_hwatu_option_only() -> None:
    with pytest.raises(OptionError, match="dealer_draw"):
        configure("kwa-do", 2, {"dealer_draw": "day"})
    with pytest.raises(OptionError, match="dealer_draw"):
        configure(GAME, 2, {"dealer_draw": "noon"})
