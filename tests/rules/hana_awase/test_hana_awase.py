"""Hana-Awase rules (RULES.md §2, §3, §4.2, §6, §9), pinned with explicit deals."""

from __future__ import annotations

import random

import pytest

from hanafuda import Match
from hanafuda.cards import CARDS, CHAFF, CODES, Kind, card_id, mask_of
from hanafuda.engine.deal import Deal
from hanafuda.rules import RoundFacts, configure
from hanafuda.rules.base import RoundScore, evaluate_yaku
from hanafuda.rules.options import OptionError

GAME = "hana-awase"


def slot_major_deal(players: int, dealer: int = 0) -> Deal:
    """Hands, field, stock from the deck sorted by (slot, month): never four on the field."""
    cfg = configure(GAME, players, {})
    order = sorted(cfg.deck_cards, key=lambda c: (CARDS[c].slot, CARDS[c].month))
    h, f = cfg.hand_size, cfg.field_size
    hands = [tuple(order[i * h : (i + 1) * h]) for i in range(players)]
    field = tuple(order[players * h : players * h + f])
    return Deal(dealer, tuple(hands), field, tuple(order[players * h + f :]))


def spread(options: dict, players: int, special: dict[int, list[str]]) -> list[list[str]]:
    """Captures by side: the given cards; every other card where it adds no yaku."""
    cfg = configure(GAME, players, options)
    used = {c for cards in special.values() for c in cards}
    rest = [c for c in CODES if c not in used]
    rng = random.Random(0)
    for _attempt in range(500):
        out = [list(special.get(i, [])) for i in range(players)]
        masks = [mask_of(cards) for cards in out]
        held = [{y.id for y in evaluate_yaku(cfg.yaku, m)} for m in masks]
        order = rest[:]
        rng.shuffle(order)
        for code in order:
            bit = 1 << card_id(code)
            sides = list(range(players))
            rng.shuffle(sides)
            for side in sides:
                if {y.id for y in evaluate_yaku(cfg.yaku, masks[side] | bit)} <= held[side]:
                    break
            else:
                break
            masks[side] |= bit
            out[side].append(code)
        else:
            return out
    raise AssertionError("no spread found")


def score(
    options: dict,
    players: int,
    captures: list[list[str]],
    teyaku: tuple[int, ...] | None = None,
    provisional: bool = False,
) -> RoundScore:
    cfg = configure(GAME, players, options)
    facts = RoundFacts(
        dealer=0,
        captures=tuple(mask_of(c) for c in captures),
        declared=tuple(frozenset() for _ in captures),
        teyaku=teyaku or tuple(0 for _ in range(players)),
        provisional=provisional,
    )
    return cfg.game.score_round(cfg, facts)


def ids(result: RoundScore, side: int) -> list[str]:
    return [y.id for y in result.yaku[side]]


def yaku_total(result: RoundScore, side: int) -> int:
    return sum(y.points for y in result.yaku[side])


# --------------------------------------------------------------------------------------------
# §4.2 values, deck, par


def test_s4_2_card_values_20_10_5_1_deck_264() -> None:
    cfg = configure(GAME, 2, {})
    per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}
    assert cfg.values == tuple(per_kind[c.kind] for c in CARDS)
    assert cfg.deck_total == 264
    assert cfg.options["chaff_value"] == 1


def test_s4_2_chaff_value_0_deck_240() -> None:
    cfg = configure(GAME, 2, {"chaff_value": 0})
    assert cfg.deck_total == 240
    assert all(cfg.values[c] == 0 for c in range(48) if CARDS[c].kind is Kind.CHAFF)


@pytest.mark.parametrize(
    ("players", "chaff", "par"),
    [(2, 1, 132), (3, 1, 88), (4, 1, 66), (2, 0, 120), (3, 0, 80), (4, 0, 60)],
)
def test_s4_2_par_is_deck_total_over_n(players: int, chaff: int, par: int) -> None:
    options = {"chaff_value": chaff}
    result = score(options, players, spread(options, players, {}))
    assert all(not ys for ys in result.yaku)
    assert result.scores == tuple(p - par for p in result.card_points)
    assert sum(result.card_points) == (264 if chaff else 240)
    assert sum(result.scores) == 0


@pytest.mark.parametrize(("players", "hand", "field"), [(2, 8, 8), (3, 7, 6), (4, 5, 8)])
def test_s2_deal_sizes(players: int, hand: int, field: int) -> None:
    cfg = configure(GAME, players, {})
    assert (cfg.hand_size, cfg.field_size) == (hand, field)
    m = Match(GAME, players, seed=3)
    assert [h.bit_count() for h in m.current.hands] == [hand] * players
    assert m.current.field.bit_count() == field


@pytest.mark.parametrize("players", [1, 5, 6])
def test_s4_2_two_to_four_players(players: int) -> None:
    with pytest.raises(OptionError):
        configure(GAME, players, {})


@pytest.mark.parametrize(
    ("players", "dealer", "order"), [(2, 1, (1, 0)), (3, 1, (1, 0, 2)), (4, 0, (0, 3, 2, 1))]
)
def test_s2_turn_order_counter_clockwise_from_dealer(players, dealer, order) -> None:
    m = Match(GAME, players, deal=slot_major_deal(players, dealer))
    assert m.current.order == order
    assert m.to_move == dealer


# --------------------------------------------------------------------------------------------
# §4.2/§9 draw-only turns


def flips_after_last_play(m: Match) -> list[int]:
    events = m.current.events
    last_play = max(i for i, ev in enumerate(events) if ev[0] in ("play", "declare"))
    return [ev[1] for ev in events[last_play + 1 :] if ev[0] == "flip"]


@pytest.mark.parametrize("seed", range(6))
def test_s4_2_two_players_draw_only_turns_until_stock_empty(seed: int) -> None:
    m = Match(GAME, 2, seed=seed)
    rnd = m.current
    assert rnd.stock_left == 24
    rng = random.Random(seed)
    plays = 0
    while not m.round_over:
        move = rng.choice(m.legal_moves())
        if move.startswith("play"):
            plays += 1
        m.play(move)
    assert plays == 16
    assert rnd.stock_left == 0
    flips = [ev for ev in rnd.events if ev[0] == "flip"]
    assert len(flips) == 24
    # the first player's turn follows the 16th play: 8 draw-only turns, in turn order
    order = rnd.order
    seats = flips_after_last_play(m)
    # the flip of the last hand card's own turn comes first, then 8 draw-only turns
    assert seats == [order[1]] + [order[i % 2] for i in range(8)]


def test_s4_2_draw_only_turn_with_two_targets_is_decided_by_drawing_player() -> None:
    seen = 0
    for seed in range(40):
        m = Match(GAME, 2, seed=seed)
        rng = random.Random(seed)
        while not m.round_over:
            rnd = m.current
            if rnd.phase == 2 and not any(rnd.hands):
                seen += 1
                # the drawing player is the one whose draw-only turn it is
                assert m.to_move == rnd.seat
                assert [ev for ev in rnd.events if ev[0] == "flip"][-1][1] == m.to_move
                assert all(mv.startswith("take") for mv in m.legal_moves())
                assert len(m.legal_moves()) == 2
            m.play(rng.choice(m.legal_moves()))
        assert m.current.stock_left == 0
    assert seen > 0


@pytest.mark.parametrize("players", [3, 4])
def test_s4_2_three_four_players_hands_and_stock_end_together(players: int) -> None:
    for seed in range(3):
        m = Match(GAME, players, seed=seed)
        rng = random.Random(seed)
        plays = 0
        while not m.round_over:
            move = rng.choice(m.legal_moves())
            plays += move.startswith("play")
            m.play(move)
        rnd = m.current
        assert rnd.stock_left == 0
        assert plays == len([ev for ev in rnd.events if ev[0] == "flip"])
        assert rnd.field == 0 and not any(rnd.hands)
        assert sum(rnd.result.card_points) == 264


# --------------------------------------------------------------------------------------------
# §4.2 yaku and groups

BRIGHTS5 = ["pine-crane", "cherry-curtain", "susuki-moon", "willow-rainman", "paulownia-phoenix"]
RIBBONS = [c.code for c in CARDS if c.kind is Kind.RIBBON and c.code != "willow-ribbon"]
# one ribbon short of each ribbon set
SIX_RIBBONS = ["pine-ribbon", "plum-ribbon", "wisteria-ribbon", "iris-ribbon", "peony-ribbon",
               "chrysanthemum-ribbon"]


@pytest.mark.parametrize(
    ("cards", "expected", "points"),
    [
        (BRIGHTS5 + ["plum-warbler"], ["five-brights"], 100),
        (
            ["pine-crane", "cherry-curtain", "susuki-moon", "paulownia-phoenix", "plum-warbler"],
            ["four-brights"],
            60,
        ),
        (["pine-crane", "plum-warbler", "cherry-curtain"], ["spring"], 30),
        (["pine-crane", "paulownia-phoenix", "susuki-moon"], ["matsu-kiri-bozu"], 20),
        (
            ["pine-crane", "paulownia-phoenix", "susuki-moon", "plum-warbler", "willow-rainman"],
            ["matsu-kiri-bozu"],
            20,
        ),
        (SIX_RIBBONS, ["six-ribbons"], 30),
        (SIX_RIBBONS + ["maple-ribbon"], ["seven-ribbons", "blue-ribbons"], 80),
        (  # at least seven
            SIX_RIBBONS + ["maple-ribbon", "cherry-ribbon"],
            ["seven-ribbons", "poetry-ribbons", "blue-ribbons"],
            120,
        ),
        (SIX_RIBBONS[:5] + ["willow-ribbon"], [], 0),  # the willow ribbon is not counted
        (SIX_RIBBONS + ["willow-ribbon"], ["six-ribbons"], 30),
        (["pine-ribbon", "plum-ribbon", "cherry-ribbon"], ["poetry-ribbons"], 40),
        (["peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"], ["blue-ribbons"], 40),
        (["wisteria-ribbon", "iris-ribbon", "clover-ribbon"], ["grass-ribbons"], 20),
        (["clover-boar", "maple-deer", "peony-butterflies"], ["boar-deer-butterflies"], 20),
        (["chrysanthemum-sake", "cherry-curtain", "susuki-moon"], ["drinking"], 40),
        (["chrysanthemum-sake", "cherry-curtain"], ["flower-viewing"], 20),
        (["chrysanthemum-sake", "susuki-moon"], ["moon-viewing"], 20),
        (
            ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"],
            ["four-willow"],
            10,
        ),
        (
            ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff1", "wisteria-chaff2"],
            ["four-wisteria"],
            10,
        ),
        (
            ["paulownia-phoenix", "paulownia-chaff1", "paulownia-chaff2", "paulownia-chaff3"],
            ["four-paulownia"],
            10,
        ),
    ],
)
def test_s4_2_yaku_values_and_groups(cards: list[str], expected: list[str], points: int) -> None:
    result = score({}, 2, [cards, [c for c in CODES if c not in cards]])
    assert ids(result, 0) == expected
    assert yaku_total(result, 0) == points


def test_s4_2_other_yaku_add_up_across_groups() -> None:
    cards = (
        BRIGHTS5  # five-brights 100 (brights group)
        + ["chrysanthemum-sake"]  # drinking 40 (viewing group)
        + RIBBONS  # seven-ribbons 40 + poetry 40 + blue 40 + grass 20
        + ["clover-boar", "maple-deer", "peony-butterflies"]  # 20
        + ["willow-swallow", "willow-ribbon", "willow-lightning"]  # four-willow 10
    )
    result = score({}, 2, [cards, [c for c in CODES if c not in cards]])
    assert sorted(ids(result, 0)) == sorted(
        [
            "five-brights",
            "seven-ribbons",
            "poetry-ribbons",
            "blue-ribbons",
            "grass-ribbons",
            "boar-deer-butterflies",
            "drinking",
            "four-willow",
        ]
    )
    assert yaku_total(result, 0) == 100 + 40 + 40 + 40 + 20 + 20 + 40 + 10


def test_s4_2_zero_sum_formula_sums_to_zero() -> None:
    options: dict = {}
    special = {
        0: ["pine-crane", "plum-warbler", "cherry-curtain", "pine-ribbon", "plum-ribbon",
            "cherry-ribbon"],  # spring 30 + poetry 40 = 70
        1: ["chrysanthemum-sake", "susuki-moon"],  # moon-viewing 20
    }
    caps = spread(options, 3, special)
    result = score(options, 3, caps)
    assert ids(result, 0) == ["spring", "poetry-ribbons"]
    assert ids(result, 1) == ["moon-viewing"]
    assert ids(result, 2) == []
    p = result.card_points
    assert sum(p) == 264
    assert result.scores == (
        p[0] - 88 + 70 * 2 - 20,
        p[1] - 88 + 20 * 2 - 70,
        p[2] - 88 - 90,
    )
    assert sum(result.scores) == 0


def test_s4_2_additive_scoring() -> None:
    options = {"scoring": "additive"}
    special = {0: ["pine-ribbon", "plum-ribbon", "cherry-ribbon"], 1: ["chrysanthemum-sake",
                                                                     "cherry-curtain"]}
    caps = spread(options, 2, special)
    result = score(options, 2, caps)
    p = result.card_points
    assert result.scores == (p[0] + 40, p[1] + 20)


# --------------------------------------------------------------------------------------------
# §4.2 options voiding yaku; fuke

WILLOWS = ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"]


def test_s4_2_willow_row_cancels_every_players_yaku() -> None:
    options = {"willow_row_cancels_yaku": True}
    special = {0: WILLOWS + ["pine-ribbon", "plum-ribbon", "cherry-ribbon"],
               1: ["peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"]}
    caps = spread(options, 2, special)
    result = score(options, 2, caps)
    assert result.yaku == ((), ())
    p = result.card_points
    assert result.scores == (p[0] - 132, p[1] - 132)
    off = score({}, 2, caps)
    assert ids(off, 0) == ["poetry-ribbons", "four-willow"]
    assert ids(off, 1) == ["blue-ribbons"]


def test_s4_2_willow_row_option_without_four_willows_changes_nothing() -> None:
    options = {"willow_row_cancels_yaku": True}
    special = {0: ["pine-ribbon", "plum-ribbon", "cherry-ribbon"]}
    caps = spread(options, 2, special)
    assert ids(score(options, 2, caps), 0) == ["poetry-ribbons"]


def test_s4_2_rainman_cancels_own_viewing_only() -> None:
    options = {"rainman_cancels_viewing": True}
    special = {
        0: ["willow-rainman", "chrysanthemum-sake", "cherry-curtain", "susuki-moon",
            "pine-ribbon", "plum-ribbon", "cherry-ribbon"],
    }
    caps = spread(options, 2, special)
    result = score(options, 2, caps)
    assert ids(result, 0) == ["poetry-ribbons"]
    assert ids(score({}, 2, caps), 0) == ["poetry-ribbons", "drinking"]
    # a player without the rain man keeps the viewing yaku
    special = {0: ["willow-rainman"], 1: ["chrysanthemum-sake", "susuki-moon"]}
    caps = spread(options, 2, special)
    assert ids(score(options, 2, caps), 1) == ["moon-viewing"]


@pytest.mark.parametrize(("low", "void"), [(20, True), (21, False), (0, True)])
def test_s4_2_fuke_voids_the_round(low: int, void: bool) -> None:
    options = {"fuke": True}
    # side 0 captures exactly `low` points: brights/animals/ribbons/chaff to taste
    pool = {
        20: ["pine-crane"],
        21: ["pine-crane", "pine-chaff1"],
        0: [],
    }[low]
    others = [c for c in CODES if c not in pool]
    caps = [pool, others[:20], others[20:]]
    result = score(options, 3, caps)
    assert result.card_points[0] == low
    if void:
        assert result.scores == (0, 0, 0)
        assert result.yaku == ((), (), ())
    else:
        assert result.scores != (0, 0, 0)
        assert sum(result.scores) == 0
    # only applied at round end: a provisional standing is not voided
    provisional = score(options, 3, caps, provisional=True)
    assert sum(provisional.scores) == 0
    assert any(provisional.yaku)


def test_s4_2_fuke_off_by_default() -> None:
    caps = [["pine-crane"], [c for c in CODES if c != "pine-crane"]]
    result = score({}, 2, caps)
    y1 = yaku_total(result, 1)
    assert y1 > 0
    assert result.scores == (20 - 132 - y1, 244 - 132 + y1)


# --------------------------------------------------------------------------------------------
# §4.2/§9 teyaku

SEAT0 = ["pine-crane", "plum-warbler", "cherry-curtain", "wisteria-cuckoo", "iris-bridge",
         "peony-chaff1", "peony-chaff2"]  # 2 chaff: never asked
SEAT1 = ["pine-chaff1", "plum-chaff1", "susuki-chaff1", "susuki-chaff2", "chrysanthemum-chaff1",
         "chrysanthemum-chaff2", "maple-chaff1"]  # 7 chaff
SEAT2 = ["pine-chaff2", "plum-chaff2", "clover-chaff1", "clover-chaff2", "maple-chaff2",
         "paulownia-chaff1", "clover-boar"]  # 6 chaff
TEYAKU_FIELD = ["cherry-chaff1", "wisteria-ribbon", "iris-ribbon", "chrysanthemum-sake",
                "willow-rainman", "willow-swallow"]


def teyaku_match(make_match, options=None, stock_head=("paulownia-phoenix", "maple-ribbon")):
    opts = {"teyaku": True, **(options or {})}
    return make_match(GAME, 3, opts, 0, [SEAT0, SEAT1, SEAT2], TEYAKU_FIELD, list(stock_head))


def test_s4_2_teyaku_off_by_default(make_match) -> None:
    m = make_match(GAME, 3, {}, 0, [SEAT0, SEAT1, SEAT2], TEYAKU_FIELD)
    assert m.current.phase == 1
    assert m.to_move == 0
    assert "expose" not in m.legal_moves()


def test_s4_2_teyaku_only_six_plus_chaff_asked_in_turn_order(make_match, assert_illegal) -> None:
    m = teyaku_match(make_match)
    rnd = m.current
    assert rnd.order == (0, 2, 1)
    assert rnd.phase == 0
    assert m.to_move == 2  # seat 0 (2 chaff) is not asked; seat 2 comes before seat 1
    assert m.legal_moves() == ["expose", "keep"]
    assert_illegal(m, "play clover-boar")
    assert_illegal(m, "1: expose")
    m.play("2: keep")
    assert m.to_move == 1
    m.play("expose")
    assert rnd.phase == 1
    assert m.to_move == 0
    assert rnd.teyaku == [0, 30, 0]
    assert rnd.exposed[1] == mask_of(SEAT1)
    assert rnd.exposed[2] == 0
    # seat 2 kept its chaff hidden: not targets for seat 0
    assert "play pine-crane" in m.legal_moves()  # only pine-chaff1 of seat 1
    assert not any("pine-chaff2" in mv for mv in m.legal_moves())


def test_s4_2_teyaku_five_chaff_not_asked(make_match) -> None:
    seat2 = [c for c in SEAT2 if c != "paulownia-chaff1"] + ["paulownia-phoenix"]  # 5 chaff
    m = make_match(GAME, 3, {"teyaku": True}, 0, [SEAT0, SEAT1, seat2], TEYAKU_FIELD)
    assert m.to_move == 1
    m.play("keep")
    assert m.current.phase == 1 and m.to_move == 0


def test_s4_2_teyaku_nobody_with_six_chaff_starts_play(make_match) -> None:
    seat1 = ["pine-chaff1", "plum-chaff1", "susuki-chaff1", "susuki-chaff2",
             "chrysanthemum-chaff1", "susuki-geese", "maple-chaff1"]  # 6 chaff: asked
    seat1b = seat1[:5] + ["susuki-geese", "chrysanthemum-ribbon"]  # 5 chaff
    seat2 = [c for c in SEAT2 if c != "paulownia-chaff1"] + ["paulownia-phoenix"]  # 5 chaff
    field = TEYAKU_FIELD
    m = make_match(GAME, 3, {"teyaku": True}, 0, [SEAT0, seat1b, seat2], field)
    assert m.current.phase == 1 and m.to_move == 0
    m2 = make_match(GAME, 3, {"teyaku": True}, 0, [SEAT0, seat1, seat2], field)
    assert m2.current.phase == 0 and m2.to_move == 1


def test_s4_2_exposed_cards_targets_for_others_never_owner(
    make_match, captured, field_codes, hand_codes, finish_round
) -> None:
    m = teyaku_match(make_match)
    rnd = m.current
    m.play("expose")  # seat 2: 6 chaff → 20
    m.play("expose")  # seat 1: 7 chaff → 30
    assert rnd.teyaku == [0, 30, 20]
    assert rnd.exposed[2] == mask_of(SEAT2[:6])
    # seat 0: pine-crane has two targets, both exposed cards of other players
    legal = m.legal_moves()
    assert "play pine-crane take pine-chaff1" in legal
    assert "play pine-crane take pine-chaff2" in legal
    m.play("play pine-crane take pine-chaff2")
    # turned over: paulownia-phoenix targets seat 2's exposed paulownia-chaff1 (one target)
    assert captured(m, 0) == {"pine-crane", "pine-chaff2", "paulownia-phoenix", "paulownia-chaff1"}
    assert hand_codes(m, 2) == {"plum-chaff2", "clover-chaff1", "clover-chaff2", "maple-chaff2",
                                "clover-boar"}
    assert rnd.exposed[2] == mask_of(["plum-chaff2", "clover-chaff1", "clover-chaff2",
                                      "maple-chaff2"])
    # seat 2: its own exposed clover chaff are no targets for its clover-boar
    assert m.to_move == 2
    assert [mv for mv in m.legal_moves() if "clover-boar" in mv] == ["play clover-boar"]
    m.play("play clover-boar")
    assert "clover-boar" in field_codes(m)
    # its turned-over maple-ribbon takes seat 1's maple-chaff1, not its own maple-chaff2
    assert captured(m, 2) == {"maple-ribbon", "maple-chaff1"}
    assert "maple-chaff1" not in hand_codes(m, 1)
    assert "maple-chaff2" in hand_codes(m, 2)
    # seat 1 plays an exposed card as usual; it takes seat 2's exposed plum-chaff2
    assert m.to_move == 1
    m.play("play plum-chaff1")
    assert {"plum-chaff1", "plum-chaff2"} <= captured(m, 1)
    assert not rnd.exposed[1] & mask_of(["plum-chaff1"])
    m.play("play iris-bridge")
    assert m.to_move == 2
    # the owner plays an exposed card: it captures the field clover-boar
    m.play("play clover-chaff1")
    assert {"clover-chaff1", "clover-boar"} <= captured(m, 2)
    assert not rnd.exposed[2] & mask_of(["clover-chaff1"])


def test_s4_2_teyaku_owner_runs_out_early_and_takes_draw_only_turns(make_match) -> None:
    m = teyaku_match(make_match)
    rnd = m.current
    m.play("expose")
    m.play("expose")
    m.play("play pine-crane take pine-chaff2")  # seat 2 loses 2 cards (pine, paulownia)
    plays = {0: 0, 1: 0, 2: 0}
    rng = random.Random(0)
    while not m.round_over:
        move = rng.choice(m.legal_moves())
        if move.startswith("play"):
            plays[m.to_move] += 1
        m.play(move)
    plays[0] += 1
    assert plays[2] <= 5
    assert sum(plays.values()) < 21
    assert rnd.stock_left == 0
    assert not any(rnd.hands)
    flips = [ev for ev in rnd.events if ev[0] == "flip"]
    assert len(flips) == 21
    # seat 2 had draw-only turns: flips by seat 2 outnumber its plays
    assert sum(1 for ev in flips if ev[1] == 2) == 7
    assert plays[2] < 7


def test_s4_2_teyaku_payments_in_both_scorings_not_listed_as_yaku(make_match) -> None:
    for scoring in ("zero-sum", "additive"):
        m = teyaku_match(make_match, {"scoring": scoring})
        m.play("expose")  # seat 2 → 20
        m.play("expose")  # seat 1 → 30
        rng = random.Random(1)
        while not m.round_over:
            m.play(rng.choice(m.legal_moves()))
        rnd = m.current
        result = rnd.result
        cfg = m.config
        base = cfg.game.score_round(
            cfg,
            RoundFacts(0, tuple(rnd.captures), tuple(frozenset() for _ in range(3)), (0, 0, 0)),
        )
        diff = [a - b for a, b in zip(result.scores, base.scores, strict=True)]
        assert diff == [-50, 30 * 2 - 20, 20 * 2 - 30]
        assert result.yaku == base.yaku
        for ys in result.yaku:
            assert all(y.id not in ("teyaku", "six-chaff", "seven-chaff") for y in ys)
        if scoring == "zero-sum":
            assert sum(result.scores) == 0


def test_s4_2_teyaku_six_chaff_20_seven_chaff_30(make_match) -> None:
    m = teyaku_match(make_match)
    m.play("expose")
    m.play("keep")
    assert m.current.teyaku == [0, 0, 20]
    m = teyaku_match(make_match)
    m.play("keep")
    m.play("expose")
    assert m.current.teyaku == [0, 30, 0]


def test_s9_teyaku_exposing_shows_all_chaff_of_the_hand(make_match) -> None:
    seat1 = SEAT1[:6] + ["paulownia-chaff2"]  # 7 chaff incl. a paulownia chaff
    seat2 = SEAT2
    m = make_match(GAME, 3, {"teyaku": True}, 0, [SEAT0, seat1, seat2], TEYAKU_FIELD)
    m.play("keep")
    m.play("expose")
    assert m.current.exposed[1] == mask_of(seat1) & CHAFF
    assert m.current.teyaku[1] == 30


# --------------------------------------------------------------------------------------------
# §6 match


def test_s4_2_match_default_12_rounds() -> None:
    m = Match(GAME, 2, seed=9)
    assert m.config.rounds_limit == 12
    for i in range(12):
        if i:
            m.next_round()
        rng = random.Random(i)
        while not m.round_over:
            m.play(rng.choice(m.legal_moves()))
    assert m.finished
    assert sum(m.totals) == 0


@pytest.mark.parametrize("rounds", [3, 6])
def test_s4_2_match_rounds_option(rounds: int) -> None:
    m = Match(GAME, 3, {"rounds": rounds}, seed=1)
    for i in range(rounds):
        assert not m.finished
        if i:
            assert m.due_dealer is not None
            m.next_round()
        while not m.round_over:
            m.play(m.legal_moves()[0])
    assert m.finished


# --------------------------------------------------------------------------------------------
# §7 illegal moves


def test_s7_illegal_move_names_position_lists_legal_and_keeps_state(
    make_match, assert_illegal
) -> None:
    m = teyaku_match(make_match)
    assert_illegal(m, "keep please")
    assert_illegal(m, "play clover-boar")
    m.play("expose")
    m.play("expose")
    err = assert_illegal(m, "play pine-crane")  # two targets: a choice is needed
    assert "play pine-crane take pine-chaff1" in err.legal
    assert_illegal(m, "play pine-chaff1")  # seat 1's exposed card is not seat 0's
    assert_illegal(m, "expose")
    m.play("play iris-bridge")
    assert_illegal(m, "2: play pine-chaff2 take pine-crane")


def test_s4_2_exposed_card_counts_in_the_three_target_rule(make_match, captured) -> None:
    # seat 1 (7 chaff) exposes cherry-chaff1; two cherries lie on the field; seat 0 holds the
    # fourth cherry: three targets, all four captured (one out of seat 1's hand)
    seat0 = ["cherry-chaff2", "plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-chaff1",
             "peony-chaff2", "pine-crane"]
    seat1 = ["cherry-chaff1", "plum-chaff1", "susuki-chaff1", "susuki-chaff2",
             "chrysanthemum-chaff1", "chrysanthemum-chaff2", "maple-chaff1"]
    seat2 = ["pine-ribbon", "plum-ribbon", "clover-boar", "clover-ribbon", "maple-deer",
             "paulownia-phoenix", "susuki-moon"]
    field = ["cherry-curtain", "cherry-ribbon", "wisteria-ribbon", "iris-ribbon",
             "chrysanthemum-sake", "willow-rainman"]
    m = make_match(GAME, 3, {"teyaku": True}, 0, [seat0, seat1, seat2], field, ["willow-swallow"])
    assert m.to_move == 1
    m.play("expose")
    assert [mv for mv in m.legal_moves() if "cherry" in mv] == ["play cherry-chaff2"]
    m.play("play cherry-chaff2")
    assert captured(m, 0) == {"cherry-curtain", "cherry-ribbon", "cherry-chaff1", "cherry-chaff2",
                              "willow-swallow", "willow-rainman"}
    assert "cherry-chaff1" not in {CODES[c] for c in range(48) if m.current.hands[1] >> c & 1}


def test_s4_2_owner_sees_only_field_targets_for_its_own_month(make_match) -> None:
    # seat 2 exposes pine-chaff1 and plays pine-ribbon with two pines on the field
    seat0 = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-chaff1", "peony-chaff2",
             "cherry-chaff2", "clover-boar"]
    seat1 = ["maple-deer", "susuki-moon", "susuki-geese", "chrysanthemum-sake", "maple-ribbon",
             "clover-ribbon", "paulownia-phoenix"]
    seat2 = ["pine-ribbon", "pine-chaff1", "plum-chaff1", "susuki-chaff1", "susuki-chaff2",
             "chrysanthemum-chaff1", "maple-chaff1"]  # 6 chaff
    field = ["pine-crane", "pine-chaff2", "wisteria-ribbon", "iris-ribbon", "willow-rainman",
             "cherry-curtain"]
    m = make_match(GAME, 3, {"teyaku": True}, 0, [seat0, seat1, seat2], field, ["willow-swallow"])
    assert m.to_move == 2
    m.play("expose")
    m.play("play peony-chaff1")  # seat 0
    assert m.to_move == 2
    # pine-ribbon: two field targets; its own exposed pine-chaff1 is not a third
    pine = sorted(mv for mv in m.legal_moves() if mv.startswith("play pine-ribbon"))
    assert pine == ["play pine-ribbon take pine-chaff2", "play pine-ribbon take pine-crane"]


def test_s4_2_keep_is_private_in_other_seats_views(make_match) -> None:
    m = teyaku_match(make_match)
    m.play("keep")  # seat 2
    m.play("expose")  # seat 1
    own = [e.kind for e in m.view(2).history]
    other = [e.kind for e in m.view(0).history]
    assert "keep" in own
    assert "keep" not in other
    assert "expose" in other
