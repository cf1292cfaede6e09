"""Kwa-Dō rules (RULES.md §2, §3, §4.3, §6, §9), pinned with explicit deals."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from hanafuda import Match
from hanafuda.cards import CARDS, CODES, MONTH_MASKS, Kind, card_id, mask_of
from hanafuda.engine.deal import Deal, draw_first_dealer
from hanafuda.engine.match import next_dealer
from hanafuda.rules import RoundFacts, configure
from hanafuda.rules.base import RoundScore
from hanafuda.rules.options import OptionError

GAME = "kwa-do"
CHERRIES = {"cherry-curtain", "cherry-ribbon", "cherry-chaff1", "cherry-chaff2"}


def slot_major_deal(players: int, dealer: int = 0, options: dict | None = None) -> Deal:
    """Hands, field, stock from the deck sorted by (slot, month): never four on the field."""
    cfg = configure(GAME, players, options or {})
    order = sorted(cfg.deck_cards, key=lambda c: (CARDS[c].slot, CARDS[c].month))
    h, f = cfg.hand_size, cfg.field_size
    hands = [tuple(order[i * h : (i + 1) * h]) for i in range(players)]
    field = tuple(order[players * h : players * h + f])
    return Deal(dealer, tuple(hands), field, tuple(order[players * h + f :]))


def score(options: dict, players: int, captures: list[list[str]], declared=None) -> RoundScore:
    cfg = configure(GAME, players, options)
    facts = RoundFacts(
        dealer=0,
        captures=tuple(mask_of(c) for c in captures),
        declared=tuple(frozenset(d) for d in (declared or [[] for _ in captures])),
        teyaku=tuple(0 for _ in range(players)),
    )
    return cfg.game.score_round(cfg, facts)


def ids(result: RoundScore, side: int) -> list[str]:
    return [y.id for y in result.yaku[side]]


def rest_of_deck(*given: list[str]) -> list[str]:
    used = {c for g in given for c in g}
    return [c for c in CODES if c not in used]


# --------------------------------------------------------------------------------------------
# §2 turn order, deal sizes, first dealer


@pytest.mark.parametrize(
    ("players", "dealer", "order"),
    [
        (2, 0, (1, 0)),
        (3, 0, (1, 2, 0)),
        (4, 2, (3, 0, 1, 2)),
        (5, 4, (0, 1, 2, 3, 4)),
        (6, 1, (2, 3, 4, 5, 0, 1)),
    ],
)
def test_s2_turn_order_clockwise_left_of_dealer_first_dealer_last(players, dealer, order) -> None:
    m = Match(GAME, players, deal=slot_major_deal(players, dealer))
    assert m.current.order == order
    assert m.to_move == (dealer + 1) % players
    seats = []
    while not m.round_over:
        move = m.legal_moves()[0]
        if move.startswith("play"):
            seats.append(m.to_move)
        m.play(move)
    assert seats == list(order) * configure(GAME, players, {}).hand_size


@pytest.mark.parametrize(
    ("players", "hand", "field"), [(2, 10, 8), (3, 7, 6), (4, 5, 8), (5, 4, 8), (6, 3, 12)]
)
def test_s2_deal_sizes(players: int, hand: int, field: int) -> None:
    cfg = configure(GAME, players, {})
    assert (cfg.hand_size, cfg.field_size) == (hand, field)
    m = Match(GAME, players, seed=2)
    assert [h.bit_count() for h in m.current.hands] == [hand] * players
    assert m.current.field.bit_count() == field


def test_s2_first_dealer_earliest_month_higher_card() -> None:
    class FrontRng(random.Random):
        def __init__(self, front: list[str]) -> None:
            super().__init__(0)
            self.front = [card_id(c) for c in front]

        def shuffle(self, x: list) -> None:  # type: ignore[override]
            x[:] = self.front + sorted(c for c in x if c not in self.front)

    cfg = configure(GAME, 3, {})
    assert draw_first_dealer(cfg, FrontRng(["plum-warbler", "pine-chaff2", "pine-ribbon"]))[0] == 2
    assert draw_first_dealer(cfg, FrontRng(["willow-rainman", "paulownia-phoenix", "maple-deer"]))[
        0
    ] == 2
    # Japanese month order outside Min-Hwatu: willow (11) before paulownia (12)
    drawn = ["paulownia-phoenix", "willow-lightning", "paulownia-chaff1"]
    assert draw_first_dealer(cfg, FrontRng(drawn))[0] == 1


def test_s4_3_two_player_default_10_8_whole_deck_played() -> None:
    cfg = configure(GAME, 2, {})
    assert (cfg.hand_size, cfg.field_size) == (10, 8)
    for seed in range(3):
        m = Match(GAME, 2, seed=seed)
        assert m.current.stock_left == 20
        rng = random.Random(seed)
        while not m.round_over:
            m.play(rng.choice(m.legal_moves()))
        rnd = m.current
        assert rnd.stock_left == 0 and not any(rnd.hands) and rnd.field == 0
        assert sum(rnd.result.card_points) == 240


def test_s4_3_two_player_hand_8_leaves_8_in_stock() -> None:
    cfg = configure(GAME, 2, {"two_player_hand": 8})
    assert (cfg.hand_size, cfg.field_size) == (8, 8)
    for seed in range(3):
        m = Match(GAME, 2, {"two_player_hand": 8}, seed=seed)
        rnd = m.current
        assert rnd.stock_left == 24
        rng = random.Random(seed)
        plays = 0
        while not m.round_over:
            move = rng.choice(m.legal_moves())
            plays += move.startswith("play")
            m.play(move)
        assert plays == 16
        assert not any(rnd.hands)
        assert rnd.stock_left == 8
        assert len([ev for ev in rnd.events if ev[0] == "flip"]) == 16


def test_s4_3_two_player_hand_bad_value_rejected() -> None:
    with pytest.raises(OptionError, match="two_player_hand"):
        configure(GAME, 2, {"two_player_hand": 9})


# --------------------------------------------------------------------------------------------
# §4.3 teams


def test_s4_3_teams_four_players() -> None:
    cfg = configure(GAME, 4, {"teams": [[0, 2], [1, 3]]})
    assert cfg.sides == ((0, 2), (1, 3))
    assert cfg.side_of == (0, 1, 0, 1)
    assert cfg.num_sides == 2
    # the canonical form sorts the lists
    assert configure(GAME, 4, {"teams": [[3, 1], [2, 0]]}).sides == ((0, 2), (1, 3))


@pytest.mark.parametrize(
    ("teams", "side_of"),
    [
        ([[0, 3], [1, 4], [2, 5]], (0, 1, 2, 0, 1, 2)),
        ([[0, 2, 4], [1, 3, 5]], (0, 1, 0, 1, 0, 1)),
    ],
)
def test_s4_3_teams_six_players_two_layouts(teams, side_of) -> None:
    cfg = configure(GAME, 6, {"teams": teams})
    assert cfg.sides == tuple(tuple(t) for t in teams)
    assert cfg.side_of == side_of


@pytest.mark.parametrize(
    ("players", "teams"),
    [
        (4, [[0, 1], [2, 3]]),  # partners must sit opposite
        (4, [[0, 2], [1]]),  # a seat missing
        (4, [[0, 2, 1, 3]]),
        (6, [[0, 1], [2, 3], [4, 5]]),
        (6, [[0, 3], [1, 4]]),
        (6, [[0, 1, 2], [3, 4, 5]]),
        (2, [[0], [1]]),  # 2, 3, 5 players play alone
        (3, [[0, 1], [2]]),
        (5, [[0, 2], [1, 3], [4]]),
    ],
)
def test_s4_3_bad_team_layouts_rejected(players: int, teams) -> None:
    with pytest.raises(OptionError, match="teams") as info:
        configure(GAME, players, {"teams": teams})
    message = str(info.value)
    if players in (4, 6):
        assert "allowed" in message
    else:
        assert "4 or 6" in message


@pytest.mark.parametrize("teams", ["[[0,2],[1,3]]", [[0, "x"]], [0, 2], 7, [[True, 2], [1, 3]]])
def test_s4_3_malformed_teams_rejected(teams) -> None:
    with pytest.raises(OptionError, match="teams"):
        configure(GAME, 4, {"teams": teams})


def test_s4_3_team_shares_capture_pile_and_score(make_match, captured) -> None:
    # dealer 0: seats play 1, 2, 3, 0.  Teams {0, 2} and {1, 3}.
    hands = [
        ["maple-deer", "maple-ribbon", "willow-rainman", "willow-swallow", "paulownia-chaff1"],
        ["pine-ribbon", "plum-chaff1", "peony-chaff1", "peony-chaff2", "clover-chaff1"],
        ["cherry-ribbon", "iris-chaff1", "susuki-chaff1", "susuki-chaff2", "clover-chaff2"],
        ["wisteria-ribbon", "iris-chaff2", "chrysanthemum-chaff1", "chrysanthemum-chaff2",
         "paulownia-chaff2"],
    ]
    field = ["pine-crane", "plum-warbler", "cherry-curtain", "wisteria-cuckoo", "iris-bridge",
             "peony-butterflies", "clover-boar", "susuki-moon"]
    options = {"teams": [[0, 2], [1, 3]]}
    m = make_match(GAME, 4, options, 0, hands, field,
                   ["willow-ribbon", "paulownia-chaff3", "maple-chaff1", "willow-lightning"])
    m.play("1: play pine-ribbon")
    assert captured(m, 1) == {"pine-ribbon", "pine-crane"}
    m.play("2: play cherry-ribbon")
    assert captured(m, 0) == {"cherry-ribbon", "cherry-curtain"}
    m.play("3: play wisteria-ribbon")
    assert captured(m, 1) == {"pine-ribbon", "pine-crane", "wisteria-ribbon", "wisteria-cuckoo"}
    m.play("0: play maple-deer")
    assert {"cherry-ribbon", "cherry-curtain", "maple-deer", "maple-chaff1"} <= captured(m, 0)
    while not m.round_over:
        m.play(m.legal_moves()[0])
    result = m.results[0]
    assert len(result.scores) == 2 and len(m.totals) == 2
    assert sum(result.card_points) == 240  # every card played and captured
    assert result.scores == tuple(max(0, p - 120) for p in result.card_points)
    assert m.current.captures[0] & m.current.captures[1] == 0


# --------------------------------------------------------------------------------------------
# §4.3 floor scoring


def split(players: int) -> list[list[str]]:
    """Captures by side: card i to side i % players (no four of a month together)."""
    out: list[list[str]] = [[] for _ in range(players)]
    for i, c in enumerate(CODES):
        out[i % players].append(c)
    return out


@pytest.mark.parametrize(
    ("players", "options", "floor"),
    [
        (2, {}, 120),
        (3, {}, 80),
        (4, {}, 60),
        (5, {}, 48),
        (6, {}, 40),
        (4, {"teams": [[0, 2], [1, 3]]}, 120),
        (6, {"teams": [[0, 3], [1, 4], [2, 5]]}, 80),
        (6, {"teams": [[0, 2, 4], [1, 3, 5]]}, 120),
    ],
)
def test_s4_3_floor_scoring_max_zero_points_minus_240_over_sides(players, options, floor) -> None:
    sides = configure(GAME, players, options).num_sides
    caps = split(sides)
    # make one side rich and the others poor
    rich = [c for c in CODES if CARDS[card_id(c)].kind in (Kind.BRIGHT, Kind.ANIMAL)]
    caps = [[c for c in side if c not in rich] for side in caps]
    caps[0] += rich
    result = score(options, players, caps)
    pts = result.card_points
    assert sum(pts) == 240
    assert result.scores == tuple(max(0, p - floor) for p in pts)
    assert result.scores[0] > 0
    assert min(result.scores) == 0
    raw = score({**options, "scoring": "raw"}, players, caps)
    assert raw.scores == pts


def test_s4_3_floor_exactly_at_floor_scores_zero() -> None:
    side0 = [c for c in CODES if CARDS[card_id(c)].month <= 6] + ["maple-deer"]  # 110 + 10
    caps = [side0, rest_of_deck(side0)]
    result = score({}, 2, caps)
    assert result.card_points == (120, 120)
    assert result.scores == (0, 0)


# --------------------------------------------------------------------------------------------
# §4.3 yaku, phoenix, five brights

SAKURA = {
    "spring": ["pine-crane", "plum-warbler", "cherry-curtain"],
    "drinking": ["chrysanthemum-sake", "cherry-curtain", "susuki-moon"],
    "butterflies-sake-deer": ["peony-butterflies", "chrysanthemum-sake", "maple-deer"],
    "boar-geese-deer": ["clover-boar", "susuki-geese", "maple-deer"],
    "cuckoo-bridge-boar": ["wisteria-cuckoo", "iris-bridge", "clover-boar"],
    "grass-ribbons": ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"],
    "blue-ribbons": ["peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"],
    "poetry-ribbons": ["pine-ribbon", "plum-ribbon", "cherry-ribbon"],
}
MONTH_YAKU = {
    "four-iris": ["iris-bridge", "iris-ribbon", "iris-chaff1", "iris-chaff2"],
    "four-maple": ["maple-deer", "maple-ribbon", "maple-chaff1", "maple-chaff2"],
    "four-willow": ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"],
}
BRIGHTS5 = ["pine-crane", "cherry-curtain", "susuki-moon", "willow-rainman", "paulownia-phoenix"]


def two_sides(cards: list[str]) -> list[list[str]]:
    """Side 0 gets `cards`; side 1 gets the rest (checked by the callers)."""
    return [cards, rest_of_deck(cards)]


@pytest.mark.parametrize("yaku_id", list(MONTH_YAKU))
def test_s4_3_yaku_four_iris_maple_willow_30(yaku_id: str) -> None:
    cards = MONTH_YAKU[yaku_id]
    on = score({"yaku": True, "scoring": "raw"}, 3, [cards, [], rest_of_deck(cards)])
    assert ids(on, 0) == [yaku_id]
    assert on.scores[0] == on.card_points[0] + 30
    off = score({"scoring": "raw"}, 3, [cards, [], rest_of_deck(cards)])
    assert ids(off, 0) == []
    assert off.scores[0] == off.card_points[0]


def test_s4_3_phoenix_bonus_25() -> None:
    cards = ["paulownia-phoenix"]
    on = score({"yaku": True, "scoring": "raw"}, 3, [cards, [], rest_of_deck(cards)])
    assert ids(on, 0) == ["phoenix-bonus"]
    assert on.card_points[0] == 20
    assert on.scores[0] == 45
    assert configure(GAME, 2, {}).options["yaku"] is False


@pytest.mark.parametrize("yaku_id", list(SAKURA))
def test_s4_3_sakura_sets_30_always_without_declare_sets(yaku_id: str) -> None:
    cards = SAKURA[yaku_id]
    opts = {"yaku": True, "declare_sets": False, "scoring": "raw"}
    result = score(opts, 3, [cards, [], rest_of_deck(cards)])
    assert yaku_id in ids(result, 0)
    extra = 25 if "paulownia-phoenix" in cards else 0
    assert result.scores[0] == result.card_points[0] + 30 + extra


@pytest.mark.parametrize("yaku_id", list(SAKURA))
def test_s4_3_sakura_set_scores_only_if_declared(yaku_id: str) -> None:
    cards = SAKURA[yaku_id]
    opts = {"yaku": True, "scoring": "raw"}
    assert configure(GAME, 3, opts).options["declare_sets"] is True
    caps = [cards, [], rest_of_deck(cards)]
    undeclared = score(opts, 3, caps)
    assert yaku_id not in ids(undeclared, 0)
    assert undeclared.scores[0] == undeclared.card_points[0]
    declared = score(opts, 3, caps, declared=[[yaku_id], [], []])
    assert ids(declared, 0) == [yaku_id]
    assert declared.scores[0] == declared.card_points[0] + 30
    # declared by another side: no use to this one
    other = score(opts, 3, caps, declared=[[], [yaku_id], []])
    assert yaku_id not in ids(other, 0)
    # declared but not captured: nothing
    assert ids(score(opts, 3, [[], cards, rest_of_deck(cards)], [[yaku_id], [], []]), 0) == []


def test_s4_3_month_yaku_and_phoenix_need_no_declaration() -> None:
    cards = MONTH_YAKU["four-willow"] + ["paulownia-phoenix"]
    result = score({"yaku": True, "scoring": "raw"}, 2, two_sides(cards))
    assert ids(result, 0) == ["four-willow", "phoenix-bonus"]
    assert result.scores[0] == result.card_points[0] + 55


@pytest.mark.parametrize("yaku", [False, True])
def test_s4_3_five_brights_100_with_or_without_yaku(yaku: bool) -> None:
    opts = {"five_brights": True, "yaku": yaku, "scoring": "raw"}
    result = score(opts, 3, [BRIGHTS5, [], rest_of_deck(BRIGHTS5)])
    expected = ["phoenix-bonus", "five-brights"] if yaku else ["five-brights"]
    assert ids(result, 0) == expected
    assert result.scores[0] == 100 + 100 + (25 if yaku else 0)
    off = score({"yaku": yaku, "scoring": "raw"}, 3, [BRIGHTS5, [], rest_of_deck(BRIGHTS5)])
    assert "five-brights" not in ids(off, 0)


def test_s4_3_floor_applies_to_side_points_with_bonuses() -> None:
    cards = BRIGHTS5
    result = score({"five_brights": True}, 2, two_sides(cards))
    assert result.card_points[0] == 100
    assert result.scores[0] == 100 + 100 - 120
    assert result.scores[1] == 140 - 120


# --------------------------------------------------------------------------------------------
# §4.3 declarations

# dealer 0: seat 1 plays first
DECL_SEAT1 = ["pine-crane", "plum-warbler", "cherry-curtain", "pine-ribbon", "maple-deer",
              "maple-ribbon", "maple-chaff1", "maple-chaff2", "iris-bridge", "iris-ribbon"]
DECL_SEAT0 = ["susuki-moon", "susuki-geese", "susuki-chaff1", "susuki-chaff2",
              "chrysanthemum-sake", "chrysanthemum-ribbon", "chrysanthemum-chaff1",
              "chrysanthemum-chaff2", "clover-boar", "clover-ribbon"]
DECL_FIELD = ["pine-chaff1", "plum-chaff1", "cherry-chaff1", "wisteria-cuckoo", "wisteria-ribbon",
              "peony-butterflies", "peony-ribbon", "clover-chaff1"]
DECL_STOCK = ["paulownia-phoenix", "paulownia-chaff1", "paulownia-chaff2", "paulownia-chaff3",
              "willow-rainman", "willow-swallow", "willow-ribbon"]


def decl_match(make_match, options=None):
    opts = {"yaku": True, "scoring": "raw", **(options or {})}
    return make_match(GAME, 2, opts, 0, [DECL_SEAT0, DECL_SEAT1], DECL_FIELD, DECL_STOCK)


def test_s4_3_declaration_moves_listed(make_match) -> None:
    m = decl_match(make_match)
    legal = m.legal_moves()
    assert "play pine-crane" in legal
    assert "play pine-crane declare spring" in legal
    assert "play plum-warbler declare spring" in legal
    assert "play cherry-curtain declare spring" in legal
    assert "play cherry-curtain declare drinking" in legal
    assert "play pine-ribbon declare poetry-ribbons" in legal
    assert "play maple-deer declare butterflies-sake-deer" in legal
    assert "play maple-deer declare boar-geese-deer" in legal
    assert "play maple-ribbon declare blue-ribbons" in legal
    assert "play iris-bridge declare cuckoo-bridge-boar" in legal
    assert "play iris-ribbon declare grass-ribbons" in legal
    assert not any("declare" in mv for mv in legal if "chaff" in mv)
    # month yaku and phoenix are not declared
    assert not any(mv.endswith(("four-maple", "phoenix-bonus", "five-brights")) for mv in legal)


def test_s4_3_declaration_places_card_capturing_nothing_even_when_matching(
    make_match, captured, field_codes
) -> None:
    m = decl_match(make_match)
    m.play("play pine-crane declare spring")
    assert {"pine-crane", "pine-chaff1", "paulownia-phoenix"} <= field_codes(m)
    assert captured(m, 1) == set()
    assert m.current.declared[1] != 0
    assert m.to_move == 0


def test_s4_3_side_declares_each_set_once(make_match) -> None:
    m = decl_match(make_match)
    m.play("play pine-crane declare spring")
    m.play("play susuki-moon")
    legal = m.legal_moves()
    assert not any(mv.endswith("declare spring") for mv in legal)
    assert "play cherry-curtain declare drinking" in legal
    assert "play plum-warbler" in legal
    # the other side may still declare spring with its own cards: seat 0 has none, but
    # its drinking cards are declarable
    m.play("play pine-ribbon take pine-crane")
    assert "play chrysanthemum-sake declare drinking" in m.legal_moves()


def test_s4_3_declared_sakura_set_scores_end_to_end(make_match, finish_round) -> None:
    def run(first: str, options=None):
        m = decl_match(make_match, options)
        m.play(first)
        m.play("play susuki-moon")  # seat 0; its flip takes the phoenix
        if first.endswith("declare spring"):
            m.play("play pine-ribbon take pine-crane")  # pine-crane was left on the field
        else:
            m.play("play pine-ribbon")
        m.play("play susuki-geese")
        m.play("play plum-warbler")
        m.play("play susuki-chaff1")
        m.play("play cherry-curtain")
        return m

    m = run("play pine-crane declare spring")
    side1 = m.current.captures[1]
    assert side1 & mask_of(SAKURA["spring"]) == mask_of(SAKURA["spring"])
    assert "spring" in [y.id for y in m.current.standing().yaku[1]]
    finish_round(m)
    result = m.results[0]
    assert "spring" in ids(result, 1)
    assert any(t.label == "spring" and t.value == 30 for t in result.terms[1])

    m = run("play pine-crane")  # no declaration: spring captured but not scored
    assert m.current.captures[1] & mask_of(SAKURA["spring"]) == mask_of(SAKURA["spring"])
    finish_round(m, lambda legal: [mv for mv in legal if "declare" not in mv][0])
    assert "spring" not in ids(m.results[0], 1)

    m = run("play pine-crane", {"declare_sets": False})
    finish_round(m)
    assert "spring" in ids(m.results[0], 1)


def test_s4_3_team_declares_each_set_once(make_match) -> None:
    # dealer 0; order 1, 2, 3, 0; teams {0, 2} {1, 3}
    hands = [
        ["susuki-moon", "willow-rainman", "willow-swallow", "paulownia-chaff1", "paulownia-chaff2"],
        ["pine-crane", "iris-chaff1", "iris-chaff2", "peony-chaff1", "peony-chaff2"],
        ["plum-warbler", "clover-chaff1", "clover-chaff2", "susuki-chaff1", "susuki-chaff2"],
        ["cherry-curtain", "chrysanthemum-chaff1", "chrysanthemum-chaff2", "maple-chaff1",
         "maple-chaff2"],
    ]
    field = ["pine-chaff1", "plum-chaff1", "cherry-chaff1", "wisteria-cuckoo", "iris-bridge",
             "peony-butterflies", "clover-boar", "chrysanthemum-sake"]
    opts = {"yaku": True, "teams": [[0, 2], [1, 3]]}
    m = make_match(GAME, 4, opts, 0, hands, field, ["willow-ribbon", "paulownia-chaff3",
                                                     "willow-lightning", "paulownia-phoenix"])
    m.play("1: play pine-crane declare spring")
    assert "play plum-warbler declare spring" in m.legal_moves()  # seat 2, other team
    m.play("2: play plum-warbler")
    legal = m.legal_moves()  # seat 3, partner of seat 1
    assert "play cherry-curtain declare spring" not in legal
    assert "play cherry-curtain declare drinking" in legal


@pytest.mark.parametrize("options", [{}, {"yaku": True, "declare_sets": False},
                                     {"five_brights": True}])
def test_s9_declarations_absent_unless_yaku_and_declare_sets(make_match, options,
                                                            assert_illegal) -> None:
    opts = {"scoring": "raw", **options}
    m = make_match(GAME, 2, opts, 0, [DECL_SEAT0, DECL_SEAT1], DECL_FIELD, DECL_STOCK)
    assert not any("declare" in mv for mv in m.legal_moves())
    assert m.config.declarable == ()
    assert_illegal(m, "play pine-crane declare spring")


def test_s4_3_declaration_of_set_not_containing_card_rejected(make_match, assert_illegal) -> None:
    m = decl_match(make_match)
    assert_illegal(m, "play pine-crane declare drinking")
    assert_illegal(m, "play pine-chaff1 declare spring")  # on the field, not in hand
    assert_illegal(m, "play maple-chaff1 declare blue-ribbons")


# --------------------------------------------------------------------------------------------
# §4.3/§9 gaji

# Stack of three cherries on the field; seat 1 (first) holds the lightning.
GAJI_SEAT1 = ["willow-lightning", "clover-boar", "clover-ribbon", "clover-chaff1", "clover-chaff2",
              "susuki-moon", "susuki-geese", "susuki-chaff1", "susuki-chaff2", "chrysanthemum-sake"]
GAJI_SEAT0 = ["cherry-chaff2", "maple-deer", "maple-ribbon", "maple-chaff1", "maple-chaff2",
              "chrysanthemum-ribbon", "chrysanthemum-chaff1", "chrysanthemum-chaff2",
              "paulownia-phoenix", "paulownia-chaff1"]
GAJI_FIELD = ["cherry-curtain", "cherry-ribbon", "cherry-chaff1", "pine-crane", "plum-warbler",
              "wisteria-cuckoo", "iris-bridge", "peony-butterflies"]


def gaji_match(make_match, options=None, stock_head=("willow-rainman",)):
    opts = {"gaji": True, **(options or {})}
    return make_match(GAME, 2, opts, 0, [GAJI_SEAT0, GAJI_SEAT1], GAJI_FIELD, list(stock_head))


def test_s4_3_gaji_off_by_default_lightning_is_an_ordinary_willow(make_match, field_codes) -> None:
    m = make_match(GAME, 2, {}, 0, [GAJI_SEAT0, GAJI_SEAT1], GAJI_FIELD, ["paulownia-chaff2"])
    assert configure(GAME, 2, {}).options["gaji"] is False
    assert [mv for mv in m.legal_moves() if "lightning" in mv] == ["play willow-lightning"]
    m.play("play willow-lightning")
    assert "willow-lightning" in field_codes(m)


def test_s4_3_gaji_from_hand_takes_any_one_field_card(make_match, captured, field_codes) -> None:
    m = gaji_match(make_match)
    gaji_moves = [mv for mv in m.legal_moves() if "lightning" in mv]
    assert gaji_moves == sorted(f"play willow-lightning take {c}" for c in GAJI_FIELD)
    m.play("play willow-lightning take pine-crane")
    assert captured(m, 1) == {"willow-lightning", "pine-crane"}


def test_s9_gaji_wild_capture_takes_one_card_of_a_stack_of_three(
    make_match, captured, field_codes
) -> None:
    m = gaji_match(make_match)
    m.play("play willow-lightning take cherry-ribbon")
    assert captured(m, 1) == {"willow-lightning", "cherry-ribbon"}
    assert {"cherry-curtain", "cherry-chaff1"} <= field_codes(m)


def test_s4_3_gaji_round_end_collects_month_of_the_card_it_took(
    make_match, captured, field_codes, finish_round
) -> None:
    m = gaji_match(make_match)
    m.play("play willow-lightning take cherry-ribbon")
    # seat 0 takes one of the two cherries left; the other stays until the round ends
    m.play("play cherry-chaff2 take cherry-chaff1")
    assert "cherry-curtain" in field_codes(m)
    finish_round(m, lambda legal: [mv for mv in legal if "cherry" not in mv][0])
    rnd = m.current
    assert rnd.over
    assert not rnd.field & MONTH_MASKS[3]
    assert {"willow-lightning", "cherry-ribbon", "cherry-curtain"} <= captured(m, 1)
    assert {"cherry-chaff2", "cherry-chaff1"} <= captured(m, 0)
    collects = [ev for ev in rnd.events if ev[0] == "collect"]
    assert collects == [("collect", 1, -1, mask_of(["cherry-curtain"]))]
    assert "cherry-curtain" in {CODES[c] for c in range(48) if rnd.captures[1] >> c & 1}


def test_s4_3_gaji_round_end_collection_only_that_month(make_match, finish_round) -> None:
    m = gaji_match(make_match)
    m.play("play willow-lightning take pine-crane")
    finish_round(m)
    rnd = m.current
    for ev in rnd.events:
        if ev[0] == "collect":
            assert ev[1] == 1
            assert ev[3] & ~MONTH_MASKS[1] == 0


# Field emptied in four turns (dealer 0, seat 1 first).
EMPTY_SEAT1 = ["pine-ribbon", "cherry-ribbon", "willow-lightning", "maple-deer",
               "paulownia-phoenix", "paulownia-chaff1", "paulownia-chaff2", "paulownia-chaff3",
               "chrysanthemum-sake", "chrysanthemum-ribbon"]
EMPTY_SEAT0 = ["iris-ribbon", "clover-ribbon", "willow-rainman", "pine-chaff1", "pine-chaff2",
               "plum-chaff1", "plum-chaff2", "cherry-chaff1", "cherry-chaff2", "maple-ribbon"]
EMPTY_FIELD = ["pine-crane", "plum-warbler", "cherry-curtain", "wisteria-cuckoo", "iris-bridge",
               "peony-butterflies", "clover-boar", "susuki-moon"]
EMPTY_STOCK = ["plum-ribbon", "wisteria-ribbon", "peony-ribbon", "susuki-geese"]


def empty_field_match(make_match, options, seat1=EMPTY_SEAT1, stock=EMPTY_STOCK):
    m = make_match(GAME, 2, options, 0, [EMPTY_SEAT0, seat1], EMPTY_FIELD, stock)
    m.play("play pine-ribbon")
    m.play("play iris-ribbon")
    m.play("play cherry-ribbon")
    m.play("play clover-ribbon")
    assert m.current.field == 0
    return m


def test_s4_3_gaji_from_hand_stays_on_empty_field_then_ordinary_willow(
    make_match, captured, field_codes, finish_round
) -> None:
    m = empty_field_match(make_match, {"gaji": True}, stock=EMPTY_STOCK + ["susuki-chaff1"])
    assert [mv for mv in m.legal_moves() if "lightning" in mv] == ["play willow-lightning"]
    m.play("play willow-lightning")
    assert field_codes(m) == {"willow-lightning", "susuki-chaff1"}
    # only a willow captures it, by month
    assert [mv for mv in m.legal_moves() if "willow" in mv] == ["play willow-rainman"]
    m.play("play willow-rainman")
    assert {"willow-rainman", "willow-lightning"} <= captured(m, 0)
    finish_round(m)
    assert not [ev for ev in m.current.events if ev[0] == "collect"]


def test_s4_3_gaji_turned_over_is_an_ordinary_willow_by_default(
    make_match, captured, field_codes
) -> None:
    seat1 = [c for c in EMPTY_SEAT1 if c != "willow-lightning"] + ["susuki-chaff1"]
    m = empty_field_match(make_match, {"gaji": True}, seat1,
                          EMPTY_STOCK + ["willow-lightning", "willow-swallow"])
    m.play("play maple-deer")  # stays; the lightning turned over matches nothing: it stays
    assert field_codes(m) == {"maple-deer", "willow-lightning"}
    m.play("play willow-rainman")  # a willow takes it; the turned-over swallow stays
    assert {"willow-rainman", "willow-lightning"} <= captured(m, 0)
    assert "willow-swallow" in field_codes(m)


def test_s4_3_gaji_from_stock_ordinary_willow_matches_by_month(
    make_match, captured, field_codes
) -> None:
    seat1 = [c for c in EMPTY_SEAT1 if c != "willow-lightning"] + ["willow-swallow"]
    m = empty_field_match(make_match, {"gaji": True}, seat1, EMPTY_STOCK + ["willow-lightning"])
    m.play("play willow-swallow")
    assert captured(m, 1) >= {"willow-swallow", "willow-lightning"}


def test_s4_3_gaji_wild_from_stock_single_candidate_automatic(
    make_match, captured, field_codes
) -> None:
    seat1 = [c for c in EMPTY_SEAT1 if c != "willow-lightning"] + ["susuki-chaff1"]
    opts = {"gaji": True, "gaji_wild_from_stock": True}
    m = empty_field_match(make_match, opts, seat1, EMPTY_STOCK + ["willow-lightning"])
    m.play("play maple-deer")
    assert captured(m, 1) >= {"maple-deer", "willow-lightning"}
    assert m.current.field == 0
    assert m.to_move == 0


def test_s4_3_gaji_wild_from_stock_choice_by_current_player(
    make_match, captured, field_codes
) -> None:
    seat1 = [c for c in GAJI_SEAT1 if c != "willow-lightning"] + ["willow-rainman"]
    opts = {"gaji": True, "gaji_wild_from_stock": True}
    m = make_match(GAME, 2, opts, 0, [GAJI_SEAT0, seat1], GAJI_FIELD, ["willow-lightning"])
    m.play("play susuki-moon")  # stays
    rnd = m.current
    assert rnd.phase == 2 and m.to_move == 1
    assert m.legal_moves() == sorted(f"take {c}" for c in GAJI_FIELD + ["susuki-moon"])
    m.play("take cherry-chaff1")
    assert captured(m, 1) == {"willow-lightning", "cherry-chaff1"}
    assert {"cherry-curtain", "cherry-ribbon"} <= field_codes(m)


def test_s4_3_gaji_wild_from_stock_without_gaji_has_no_effect(make_match, captured) -> None:
    seat1 = [c for c in GAJI_SEAT1 if c != "willow-lightning"] + ["willow-rainman"]
    m = make_match(GAME, 2, {"gaji_wild_from_stock": True}, 0, [GAJI_SEAT0, seat1], GAJI_FIELD,
                   ["willow-lightning"])
    m.play("play susuki-moon")
    assert m.current.phase == 1 and m.to_move == 0
    assert "willow-lightning" in {CODES[c] for c in range(48) if m.current.field >> c & 1}


# --------------------------------------------------------------------------------------------
# §4.3/§6 match end, winners, next dealer

TIE_FIELD = ["pine-chaff2", "cherry-chaff2", "plum-chaff2", "wisteria-chaff2", "iris-chaff1",
             "peony-chaff1", "clover-chaff2", "susuki-chaff2"]
_A_PAIRS = [("plum-ribbon", "plum-chaff1"), ("wisteria-ribbon", "wisteria-chaff1"),
            ("clover-ribbon", "clover-chaff1"), ("susuki-geese", "susuki-chaff1"),
            ("chrysanthemum-ribbon", "chrysanthemum-chaff1"), ("maple-ribbon", "maple-chaff1"),
            ("willow-swallow", "willow-ribbon"), ("paulownia-phoenix", "paulownia-chaff3")]
_B_PAIRS = [("pine-ribbon", "pine-chaff1"), ("cherry-ribbon", "cherry-chaff1"),
            ("iris-bridge", "iris-chaff2"), ("peony-butterflies", "peony-chaff2"),
            ("chrysanthemum-sake", "chrysanthemum-chaff2"), ("maple-deer", "maple-chaff2"),
            ("willow-rainman", "willow-lightning"), ("paulownia-chaff1", "paulownia-chaff2")]
TIE_TURNS = [("pine-crane", "cherry-curtain"), ("plum-warbler", "wisteria-cuckoo"),
             ("iris-ribbon", "peony-ribbon"), ("clover-boar", "susuki-moon")] + [
    pair for ab in zip(_A_PAIRS, _B_PAIRS, strict=True) for pair in ab
]


def play_tie_round(m: Match) -> None:
    for hand_card, _ in TIE_TURNS:
        m.play("play " + hand_card)
    assert m.round_over


def tie_deal(make_deal, options):
    hand1 = [t[0] for t in TIE_TURNS[0::2]]
    hand0 = [t[0] for t in TIE_TURNS[1::2]]
    return make_deal(GAME, 2, options, 0, [hand0, hand1], TIE_FIELD, [t[1] for t in TIE_TURNS])


def test_s6_tie_totals_share_the_win(make_deal) -> None:
    options = {"scoring": "raw", "target": 120}
    m = Match(GAME, 2, options, deal=tie_deal(make_deal, options))
    play_tie_round(m)
    assert m.results[0].card_points == (120, 120)
    assert m.finished
    assert m.winners == [0, 1]
    assert m.to_move is None and m.legal_moves() == []


def test_s4_3_match_ends_after_round_a_side_reaches_target_200(make_deal) -> None:
    options = {"scoring": "raw"}
    cfg = configure(GAME, 2, options)
    assert cfg.target == 200 and cfg.rounds_limit is None
    m = Match(GAME, 2, options, deal=tie_deal(make_deal, options))
    play_tie_round(m)
    assert not m.finished and m.totals == [120, 120]
    assert m.due_dealer == 0  # tie: the dealer keeps the deal
    m.next_round(tie_deal(make_deal, options))
    play_tie_round(m)
    assert m.finished and m.totals == [240, 240]
    assert m.winners == [0, 1]


def test_s4_3_floor_tie_round_scores_zero(make_deal) -> None:
    m = Match(GAME, 2, {}, deal=tie_deal(make_deal, {}))
    play_tie_round(m)
    assert m.results[0].scores == (0, 0)
    assert not m.finished


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"scoring": "raw"}),
                                                  (4, {"teams": [[0, 2], [1, 3]]})])
def test_s4_3_match_to_target_highest_total_wins(players: int, options: dict) -> None:
    m = Match(GAME, players, options, seed=7)
    rounds = 0
    while not m.finished:
        if rounds:
            m.next_round()
        rng = random.Random(rounds)
        while not m.round_over:
            m.play(rng.choice(m.legal_moves()))
        rounds += 1
        assert rounds < 200
        if not m.finished:
            assert max(m.totals) < 200
    assert max(m.totals) >= 200
    assert m.winners == [s for s, t in enumerate(m.totals) if t == max(m.totals)]


@pytest.mark.parametrize(
    ("dealer", "scores", "expected"),
    [
        (0, (10, 50), 1),  # team {1, 3} won; order 1, 2, 3, 0: seat 1 first
        (3, (10, 50), 3),  # the dealer's team won: the dealer stays
        (3, (50, 10), 0),  # order 0, 1, 2, 3: seat 0 first of team {0, 2}
        (1, (50, 10), 2),  # order 2, 3, 0, 1
        (1, (30, 30), 1),  # tie: the dealer's side is among the tied
    ],
)
def test_s6_team_next_dealer(dealer: int, scores: tuple[int, int], expected: int) -> None:
    cfg = configure(GAME, 4, {"teams": [[0, 2], [1, 3]]})
    order = tuple((dealer + 1 + i) % 4 for i in range(4))
    rnd = SimpleNamespace(result=SimpleNamespace(scores=scores), dealer=dealer, order=order)
    assert next_dealer(cfg, rnd) == expected


# --------------------------------------------------------------------------------------------
# §7 illegal moves


def test_s7_illegal_move_names_position_lists_legal_and_keeps_state(
    make_match, assert_illegal
) -> None:
    m = gaji_match(make_match, {"yaku": True})
    assert_illegal(m, "play willow-lightning")  # a choice is needed
    assert_illegal(m, "play willow-lightning take willow-rainman")  # not on the field
    assert_illegal(m, "0: play cherry-chaff2 take cherry-ribbon")  # seat 1 is to move
    assert_illegal(m, "play susuki-moon declare spring")
    assert_illegal(m, "take cherry-ribbon")
    m.play("play willow-lightning take cherry-ribbon")
    err = assert_illegal(m, "play cherry-chaff2")
    assert "play cherry-chaff2 take cherry-curtain" in err.legal


def test_s9_gaji_from_hand_single_candidate_is_automatic() -> None:
    """`play willow-lightning` (no take) when one field card is there.

    Not reachable through a §2 deal in Kwa-Dō (every turn changes the field size by an even
    number and dealt fields are even), so the Round is built directly.
    """
    from hanafuda.engine.round import Round

    cfg = configure(GAME, 2, {"gaji": True})
    hands = [mask_of(["pine-crane", "plum-warbler"]), mask_of(["willow-lightning", "iris-chaff1"])]
    field = mask_of(["cherry-curtain"])
    stock = [card_id("maple-deer"), card_id("susuki-moon")]
    rnd = Round(cfg, 0, hands, field, stock)
    assert rnd.seat == 1
    assert [mv for mv in rnd.legal_moves() if "lightning" in mv] == ["play willow-lightning"]
    rnd.play("play willow-lightning")
    assert rnd.captures[1] == mask_of(["willow-lightning", "cherry-curtain"])
    assert rnd.field == mask_of(["maple-deer"])
