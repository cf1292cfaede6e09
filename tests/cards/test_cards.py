"""The 48 cards, their codes, months, kinds, ribbon colours, decks and values (RULES.md §1)."""

from __future__ import annotations

from collections import Counter

import pytest

from hanafuda.cards import (
    CARDS,
    CODES,
    DECK_40,
    DECK_48,
    KIND_MASKS,
    MONTH_MASKS,
    NATURAL_WILLOWS,
    WILLOW_LIGHTNING,
    CardSet,
    Kind,
    RibbonColour,
    UnknownCardError,
    card_id,
    cards_of,
    code,
    mask_of,
    month_of,
)
from hanafuda.rules import configure

# The table of RULES.md §1: month → codes of slots 0..3 with kinds.
TABLE = {
    1: [("pine-crane", "B"), ("pine-ribbon", "R"), ("pine-chaff1", "C"), ("pine-chaff2", "C")],
    2: [("plum-warbler", "A"), ("plum-ribbon", "R"), ("plum-chaff1", "C"), ("plum-chaff2", "C")],
    3: [("cherry-curtain", "B"), ("cherry-ribbon", "R"), ("cherry-chaff1", "C"),
        ("cherry-chaff2", "C")],
    4: [("wisteria-cuckoo", "A"), ("wisteria-ribbon", "R"), ("wisteria-chaff1", "C"),
        ("wisteria-chaff2", "C")],
    5: [("iris-bridge", "A"), ("iris-ribbon", "R"), ("iris-chaff1", "C"), ("iris-chaff2", "C")],
    6: [("peony-butterflies", "A"), ("peony-ribbon", "R"), ("peony-chaff1", "C"),
        ("peony-chaff2", "C")],
    7: [("clover-boar", "A"), ("clover-ribbon", "R"), ("clover-chaff1", "C"), ("clover-chaff2", "C")],
    8: [("susuki-moon", "B"), ("susuki-geese", "A"), ("susuki-chaff1", "C"), ("susuki-chaff2", "C")],
    9: [("chrysanthemum-sake", "A"), ("chrysanthemum-ribbon", "R"), ("chrysanthemum-chaff1", "C"),
        ("chrysanthemum-chaff2", "C")],
    10: [("maple-deer", "A"), ("maple-ribbon", "R"), ("maple-chaff1", "C"), ("maple-chaff2", "C")],
    11: [("willow-rainman", "B"), ("willow-swallow", "A"), ("willow-ribbon", "R"),
         ("willow-lightning", "C")],
    12: [("paulownia-phoenix", "B"), ("paulownia-chaff1", "C"), ("paulownia-chaff2", "C"),
         ("paulownia-chaff3", "C")],
}
KINDS = {"B": Kind.BRIGHT, "A": Kind.ANIMAL, "R": Kind.RIBBON, "C": Kind.CHAFF}
RIBBON_COLOURS = {
    "pine-ribbon": RibbonColour.POETRY,
    "plum-ribbon": RibbonColour.POETRY,
    "cherry-ribbon": RibbonColour.POETRY,
    "wisteria-ribbon": RibbonColour.GRASS,
    "iris-ribbon": RibbonColour.GRASS,
    "clover-ribbon": RibbonColour.GRASS,
    "peony-ribbon": RibbonColour.BLUE,
    "chrysanthemum-ribbon": RibbonColour.BLUE,
    "maple-ribbon": RibbonColour.BLUE,
    "willow-ribbon": RibbonColour.PLAIN,
}


def _values(game: str, players: int, **options: object) -> dict[str, int]:
    cfg = configure(game, players, dict(options))
    return {CODES[c]: cfg.values[c] for c in cfg.deck_cards}


# -- §1 ids, codes, months, slots, kinds ---------------------------------------------------------


def test_s1_there_are_48_cards_with_ids_0_to_47():
    assert len(CARDS) == 48
    assert [c.id for c in CARDS] == list(range(48))
    assert len(set(CODES)) == 48


@pytest.mark.parametrize("month", range(1, 13))
def test_s1_id_is_4_times_month_minus_1_plus_slot(month):
    for slot, (card_code, kind) in enumerate(TABLE[month]):
        cid = 4 * (month - 1) + slot
        card = CARDS[cid]
        assert card.code == card_code
        assert card.month == month
        assert card.slot == slot
        assert card.kind is KINDS[kind]
        assert card_id(card_code) == cid
        assert code(cid) == card_code
        assert month_of(cid) == month
        assert str(card) == card_code


def test_s1_codes_are_lower_case_plant_prefixed():
    plants = ["pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "susuki",
              "chrysanthemum", "maple", "willow", "paulownia"]
    for card in CARDS:
        assert card.code == card.code.lower()
        assert card.code.split("-")[0] == plants[card.month - 1]
        assert card.plant == plants[card.month - 1]


def test_s1_kind_counts_5_brights_9_animals_10_ribbons_24_chaff():
    counts = Counter(c.kind for c in CARDS)
    assert counts == {Kind.BRIGHT: 5, Kind.ANIMAL: 9, Kind.RIBBON: 10, Kind.CHAFF: 24}
    for kind, mask in KIND_MASKS.items():
        assert mask == mask_of(c.id for c in CARDS if c.kind is kind)
    assert sum(KIND_MASKS.values()) == DECK_48


def test_s1_ribbon_colours_and_willow_ribbon_plain():
    for card in CARDS:
        if card.kind is Kind.RIBBON:
            assert card.ribbon is RIBBON_COLOURS[card.code]
        else:
            assert card.ribbon is None
    colours = Counter(RIBBON_COLOURS.values())
    assert colours == {RibbonColour.POETRY: 3, RibbonColour.GRASS: 3, RibbonColour.BLUE: 3,
                       RibbonColour.PLAIN: 1}


def test_s1_lightning_is_willow_chaff_and_natural_willows():
    assert WILLOW_LIGHTNING == card_id("willow-lightning") == 43
    assert CARDS[WILLOW_LIGHTNING].kind is Kind.CHAFF
    assert CardSet(NATURAL_WILLOWS) == CardSet.of("willow-rainman", "willow-swallow", "willow-ribbon")
    assert NATURAL_WILLOWS | 1 << WILLOW_LIGHTNING == MONTH_MASKS[11]


def test_s1_month_masks():
    assert MONTH_MASKS[0] == 0
    for month in range(1, 13):
        assert cards_of(MONTH_MASKS[month]) == [4 * (month - 1) + s for s in range(4)]


@pytest.mark.parametrize("bad", ["pine", "Pine-Crane", "pine-crane ", "", "willow-lightening"])
def test_s1_unknown_code_raises(bad):
    with pytest.raises(UnknownCardError):
        card_id(bad)
    assert issubclass(UnknownCardError, ValueError)


@pytest.mark.parametrize("bad", [-1, 48, 100, True, None, 1.0])
def test_s1_unknown_id_raises(bad):
    with pytest.raises(UnknownCardError):
        card_id(bad)  # type: ignore[arg-type]


def test_s1_card_id_accepts_ids_and_codes():
    assert card_id(0) == 0
    assert card_id(47) == 47
    assert card_id("paulownia-chaff3") == 47
    assert mask_of(["pine-crane", 1]) == 0b11
    assert cards_of(mask_of(["maple-deer", "pine-crane"])) == [0, 36]


# -- §1 decks --------------------------------------------------------------------------------


def test_s1_deck_sizes_48_and_mushi_40():
    assert DECK_48.bit_count() == 48
    assert DECK_40.bit_count() == 40
    assert DECK_40 & (MONTH_MASKS[6] | MONTH_MASKS[7]) == 0
    assert DECK_40 | MONTH_MASKS[6] | MONTH_MASKS[7] == DECK_48


@pytest.mark.parametrize(
    "game,players,size",
    [("min-hwatu", 2, 48), ("hana-awase", 2, 48), ("kwa-do", 2, 48), ("hawaiifuda", 2, 48),
     ("mushi", 2, 40)],
)
def test_s1_each_game_uses_its_deck(game, players, size):
    cfg = configure(game, players, {})
    assert len(cfg.deck_cards) == size
    assert cfg.deck == (DECK_40 if size == 40 else DECK_48)


def test_s1_mushi_deck_has_5_brights_7_animals_8_ribbons_20_chaff():
    counts = Counter(CARDS[c].kind for c in cards_of(DECK_40))
    assert counts == {Kind.BRIGHT: 5, Kind.ANIMAL: 7, Kind.RIBBON: 8, Kind.CHAFF: 20}


# -- §1 card values ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["min-hwatu", "kwa-do"])
def test_s1_korean_values_20_10_5_0_total_240(game):
    cfg = configure(game, 3, {})
    per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 0}
    assert cfg.values == tuple(per_kind[c.kind] for c in CARDS)
    assert cfg.deck_total == 240


def test_s1_hana_awase_values_20_10_5_1_total_264():
    cfg = configure("hana-awase", 3, {})
    per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}
    assert cfg.values == tuple(per_kind[c.kind] for c in CARDS)
    assert cfg.deck_total == 264


def test_s1_hana_awase_chaff_value_0_total_240():
    cfg = configure("hana-awase", 3, {"chaff_value": 0})
    per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 0}
    assert cfg.values == tuple(per_kind[c.kind] for c in CARDS)
    assert cfg.deck_total == 240


def test_s1_mushi_values_20_10_5_1_total_230():
    cfg = configure("mushi", 2, {})
    per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}
    for c in cfg.deck_cards:
        assert cfg.values[c] == per_kind[CARDS[c].kind]
    assert cfg.deck_total == 230
    assert Counter(cfg.values[c] for c in cfg.deck_cards) == {20: 5, 10: 7, 5: 8, 1: 20}


def test_s1_hawaiifuda_sakura_values_total_240():
    values = _values("hawaiifuda", 2)
    assert sum(values.values()) == 240
    counts = Counter(v for v in values.values() if v)
    assert counts == {20: 4, 10: 11, 5: 10}
    assert values["willow-rainman"] == 5
    assert values["paulownia-chaff1"] == 10  # Light
    for name in ("pine-crane", "cherry-curtain", "susuki-moon", "paulownia-phoenix"):
        assert values[name] == 20
    for card in CARDS:
        if card.kind is Kind.ANIMAL:
            assert values[card.code] == 5
        if card.kind is Kind.RIBBON:
            assert values[card.code] == 10
        if card.kind is Kind.CHAFF and card.code != "paulownia-chaff1":
            assert values[card.code] == 0  # rubbish and Pāhoehoe


def test_s1_hawaiifuda_values_do_not_depend_on_player_count():
    assert _values("hawaiifuda", 2) == _values("hawaiifuda", 6)


# -- CardSet --------------------------------------------------------------------------------------


def test_s1_cardset_construction_from_codes_ids_and_mask():
    a = CardSet(["pine-crane", "plum-warbler"])
    assert a == CardSet([0, 4]) == CardSet(0b10001) == CardSet.of("pine-crane", 4)
    assert int(a) == 0b10001
    assert a.mask == 0b10001
    assert CardSet() == CardSet(0)
    assert not CardSet()
    assert a


def test_s1_cardset_rejects_bad_mask_and_unknown_codes():
    with pytest.raises(ValueError):
        CardSet(1 << 48)
    with pytest.raises(ValueError):
        CardSet(-1)
    with pytest.raises(UnknownCardError):
        CardSet(["no-such-card"])


def test_s1_cardset_operators():
    a = CardSet.of("pine-crane", "pine-ribbon", "plum-warbler")
    b = CardSet.of("pine-ribbon", "cherry-curtain")
    assert a | b == CardSet.of("pine-crane", "pine-ribbon", "plum-warbler", "cherry-curtain")
    assert a & b == CardSet.of("pine-ribbon")
    assert a - b == CardSet.of("pine-crane", "plum-warbler")
    assert b - a == CardSet.of("cherry-curtain")
    assert a ^ b == CardSet.of("pine-crane", "plum-warbler", "cherry-curtain")
    # with raw masks on either side
    assert a | MONTH_MASKS[12] == a | CardSet(MONTH_MASKS[12])
    assert a & MONTH_MASKS[1] == CardSet.of("pine-crane", "pine-ribbon")
    assert MONTH_MASKS[1] & a == CardSet.of("pine-crane", "pine-ribbon")
    assert isinstance(a | b, CardSet)
    # operands are not mutated
    assert a == CardSet.of("pine-crane", "pine-ribbon", "plum-warbler")


def test_s1_cardset_membership_len_iteration():
    s = CardSet(MONTH_MASKS[11])
    assert len(s) == 4
    assert list(s) == [40, 41, 42, 43]
    assert s.codes() == ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"]
    assert "willow-lightning" in s
    assert 43 in s
    assert "pine-crane" not in s
    assert 0 not in s
    assert "not-a-card" not in s
    assert 99 not in s
    assert None not in s
    assert len(CardSet(DECK_48)) == 48
    assert list(CardSet(DECK_48)) == list(range(48))
    assert len(CardSet(DECK_40)) == 40


def test_s1_cardset_iteration_is_in_id_order():
    s = CardSet(["paulownia-chaff3", "pine-crane", "susuki-moon"])
    assert list(s) == sorted(s)
    assert s.codes() == ["pine-crane", "susuki-moon", "paulownia-chaff3"]


def test_s1_cardset_equality_and_hash():
    a = CardSet.of("pine-crane", "susuki-moon")
    b = CardSet([card_id("susuki-moon"), card_id("pine-crane")])
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, CardSet.of("pine-crane")}) == 2
    assert a != CardSet.of("pine-crane")
    assert (a == "pine-crane") is False
    assert {a: 1}[b] == 1


def test_s1_cardset_subset_and_repr():
    a = CardSet.of("pine-crane")
    assert a.issubset(CardSet(MONTH_MASKS[1]))
    assert a.issubset(MONTH_MASKS[1])
    assert not CardSet(MONTH_MASKS[1]).issubset(a)
    assert "pine-crane" in repr(a)
