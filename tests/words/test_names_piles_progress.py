"""Names, capture piles and yaku progress (words/names.py, piles.py, progress.py)."""

from __future__ import annotations

from hanafuda.cards import mask_of
from hanafuda.rules import GAMES, configure
from hanafuda.themes import THEMES
from hanafuda.words import Namer, side_pile, yaku_progress

from .helpers import CONFIGS


def test_every_seat_and_side_has_a_distinct_name() -> None:
    for game, players, options in CONFIGS:
        config = configure(game, players, options)
        for viewer in (None, 0):
            namer = Namer(config, viewer=viewer, players=["greedy"] * players)
            seats = [namer.seat(s) for s in range(players)]
            assert len(set(seats)) == players
            sides = [namer.side(s) for s in range(config.num_sides)]
            assert len(set(sides)) == config.num_sides
    config = configure("kwa-do", 4, {"teams": [[0, 2], [1, 3]]})
    namer = Namer(config, viewer=1, players=[None, None, "strong", "greedy"])
    assert [namer.side(0), namer.side(1)] == ["Team A (seats 1 & 3)", "Your team (seats 2 & 4)"]
    assert [namer.seat(s) for s in range(4)] == ["Seat 1", "You", "Strong bot (seat 3)",
                                                 "Casual bot (seat 4)"]


def test_card_names_in_every_theme_and_wild_marks() -> None:
    mushi = Namer(configure("mushi", 2))
    assert mushi.card("cherry-curtain") == "Cherry Curtain"
    assert mushi.card("willow-lightning", wild=True) == "Willow Lightning (wild)"
    assert mushi.kind_word("willow-lightning", wild=True) == "wild"
    assert mushi.kind_word("willow-lightning") == "Chaff"  # lying on the field
    hawaii = Namer(configure("hawaiifuda", 2), "hawaiifuda")
    assert hawaii.card("paulownia-chaff1") == "Kukui Light"
    assert hawaii.kind_word("paulownia-chaff1") == "10 points"  # never "Chaff"
    assert hawaii.card("willow-lightning", wild=True) == "Hala Pāhoehoe (wild)"
    kwado = Namer(configure("kwa-do", 2, {"gaji": True}), "kwa-do")
    assert kwado.card("cherry-curtain") == "Cherry Kwang"
    assert kwado.kind_word("willow-lightning", wild=True) == "wild"
    assert kwado.card("willow-lightning", wild=True) == "Willow Lightning (Gaji, wild)"
    assert kwado.wild_in_hand("willow-lightning") and not kwado.wild_from_stock("willow-lightning")
    plain = Namer(configure("kwa-do", 2), "kwa-do")
    assert not plain.is_wild("willow-lightning")  # the Gaji is off: an ordinary willow
    assert plain.card("willow-lightning", wild=True) == "Willow Lightning (Gaji)"
    for theme in THEMES:
        namer = Namer(configure("min-hwatu", 2), theme)
        assert all(namer.card(c) for c in range(48))


def test_pile_groups_by_kind_with_counts_and_points_in_force() -> None:
    namer = Namer(configure("hawaiifuda", 2), "hawaiifuda", viewer=0)
    pile = side_pile(namer, 0, mask_of(["pine-crane", "willow-rainman", "paulownia-chaff1",
                                        "plum-ribbon"]))
    assert pile.points == 20 + 5 + 10 + 10 and pile.count == 4
    assert [(g.kind, len(g.cards), g.points) for g in pile.groups] == [
        ("bright", 2, 25), ("ribbon", 1, 10), ("chaff", 1, 10)]
    assert pile.headline() == "You: 4 cards, 45 card points"
    assert pile.groups[0].text() == "Brights ×2 (25): ʻĀhinahina Nēnē, Hala Aliʻi, Honu & Pahu"
    empty = side_pile(namer, 1, 0)
    assert empty.lines()[-1] == "  (nothing captured)"


def test_yaku_progress_held_out_and_dead() -> None:
    namer = Namer(configure("mushi", 2), viewer=0)
    captures = [mask_of(["pine-crane", "plum-warbler"]), mask_of(["susuki-moon"])]
    progress = {p.id: p for p in yaku_progress(namer, captures)}
    spring = progress["spring"]
    assert spring.sides[0].held == ("pine-crane", "plum-warbler") and spring.sides[0].possible
    assert spring.out == ("cherry-curtain",)
    assert spring.side_text(namer, 0) == (
        "Three Brights (sankō 三光) (25): has Pine Crane and Sun, and Plum Bush Warbler; "
        "needs Cherry Curtain")
    five = progress["five-brights"]
    assert five.sides[0].dead == ("susuki-moon",) and not five.sides[0].possible
    assert "out of reach" in five.side_text(namer, 0)
    assert five.sides[1].dead == ("pine-crane",)


def test_count_yaku_and_declarations() -> None:
    namer = Namer(configure("hana-awase", 2))
    ribbons = mask_of(["pine-ribbon", "plum-ribbon", "cherry-ribbon", "peony-ribbon",
                       "maple-ribbon", "iris-ribbon"])
    six = {p.id: p for p in yaku_progress(namer, [ribbons, 0])}["six-ribbons"]
    assert six.needed == 6 and six.sides[0].complete and len(six.cards) == 9
    kwado = Namer(configure("kwa-do", 2, {"yaku": True}))
    spring = {p.id: p for p in yaku_progress(
        kwado, [mask_of(["pine-crane", "plum-warbler", "cherry-curtain"]), 0],
        declared=[("spring",), ()])}["spring"]
    assert spring.needs_declaration and spring.sides[0].declared
    assert spring.side_text(kwado, 0) == "Spring (30): complete, declared"


def test_every_game_has_progress_for_every_yaku_in_force() -> None:
    for game, players, options in CONFIGS:
        config = configure(game, players, options)
        namer = Namer(config)
        progress = yaku_progress(namer, [0] * config.num_sides)
        assert {p.id for p in progress} == {y.id for y in (*config.yaku, *config.declarable)}
    assert set(GAMES) == {c[0] for c in CONFIGS}
