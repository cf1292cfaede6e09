"""Legal moves in words (words/moves.py): what each move captures, said in the theme's names."""

from __future__ import annotations

from dataclasses import replace

from hanafuda.cards import CODES, cards_of
from hanafuda.engine.moves import decode, parse_action
from hanafuda.words import Namer, describe_move, legal_move_words, namer_for

from .helpers import deal_match, playouts


def test_every_legal_move_names_exactly_what_the_engine_captures() -> None:
    """All five games, seeded playouts: ``takes`` is the engine's preview of the hand step."""
    seen_outcomes: set[str] = set()
    for match, _ in playouts(seeds=2):
        seat = match.to_move
        view = match.view(seat)
        namer = namer_for(view, "hanafuda", ["greedy"] * match.config.players)
        words = legal_move_words(view, namer)
        assert sorted(w.move for w in words) == sorted(view.legal)
        rnd = match.current
        for w in words:
            action = parse_action(w.move, match.config)
            preview = rnd.preview(action)
            seen_outcomes.add(w.outcome)
            if w.kind == "expose":  # shows the chaff it exposes; captures nothing
                assert set(w.takes) == set(view.hand.codes()) & set(w.takes)
                continue
            expected = {CODES[c] for c in cards_of(preview)} - {w.card}
            assert set(w.takes) == expected, (w.move, w.text)
            for code in w.takes:
                assert namer.card(code) in w.text
            assert decode(action).kind == w.kind
    assert {"capture", "place", "wild", "declare", "expose", "keep"} <= seen_outcomes


def _of(view, namer, card: str):
    return [w for w in legal_move_words(view, namer) if w.card == card]


def test_capture_names_the_captured_card() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["cherry-chaff1"], ["pine-chaff1"]],
                       field=["cherry-curtain"], dealer=0)
    view = match.view(0)
    [w] = _of(view, namer_for(view), "cherry-chaff1")
    assert w.text == "Cherry Chaff takes Cherry Curtain"
    assert w.takes == ("cherry-curtain",) and w.outcome == "capture"
    assert w.to_dict()["takes"] == ["cherry-curtain"]


def test_three_targets_take_all_four() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["pine-crane"], ["plum-chaff1"]],
                       field=["pine-ribbon", "pine-chaff1", "pine-chaff2"])
    view = match.view(0)
    [w] = _of(view, namer_for(view), "pine-crane")
    assert set(w.takes) == {"pine-ribbon", "pine-chaff1", "pine-chaff2"}
    assert w.text.startswith("Pine Crane and Sun takes ")


def test_two_targets_are_ordered_by_field_position_and_told_apart() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["cherry-chaff2"], ["plum-chaff1"]],
                       field=["cherry-chaff1", "cherry-curtain"])
    view = match.view(0)
    words = _of(view, namer_for(view), "cherry-chaff2")
    # cherry-curtain (slot 0) lies before cherry-chaff1 on the field; codes sort the other way
    assert [w.takes for w in words] == [("cherry-curtain",), ("cherry-chaff1",)]
    assert [w.choice for w in words] == ["take Cherry Curtain", "take Cherry Chaff"]


def test_place_says_no_capture() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["cherry-curtain"])
    view = match.view(0)
    [w] = _of(view, namer_for(view), "pine-chaff1")
    assert w.text == "place Pine Chaff (no capture)" and w.outcome == "place" and not w.takes


def test_kwa_do_declaration_says_it_gives_up_the_capture() -> None:
    """Issue 11 fix 2: the Bush Warbler could capture; declaring Spring gives that up."""
    match = deal_match("kwa-do", 2, {"yaku": True}, hands=[["plum-warbler"], ["pine-chaff1"]],
                       field=["plum-chaff1"], dealer=1)
    view = match.view(0)
    namer = namer_for(view, "kwa-do")
    words = {w.move: w for w in _of(view, namer, "plum-warbler")}
    capture = words["play plum-warbler"]
    declare = words["play plum-warbler declare spring"]
    assert capture.text == "Plum Bush Warbler takes Plum Chaff"
    assert declare.text == "place Plum Bush Warbler and declare Spring — gives up taking Plum Chaff"
    assert declare.outcome == "declare" and declare.declared == "spring" and not declare.takes
    assert declare.choice == "declare Spring (no capture)"


def test_kwa_do_bright_capture_calls_kwa_do() -> None:
    match = deal_match("kwa-do", 2, None, hands=[["cherry-chaff1"], ["pine-chaff1"]],
                       field=["cherry-curtain"], dealer=1)
    view = match.view(0)
    [w] = _of(view, namer_for(view), "cherry-chaff1")
    assert w.calls == ("Kwa-Dō!",)
    other = deal_match("min-hwatu", 2, None, hands=[["cherry-chaff1"], ["pine-chaff1"]],
                       field=["cherry-curtain"])
    view = other.view(0)
    assert _of(view, namer_for(view), "cherry-chaff1")[0].calls == ()


def test_mushi_lightning_is_called_wild_and_may_take_any_non_willow() -> None:
    match = deal_match("mushi", 2, None, hands=[["willow-lightning"], ["pine-chaff1"]],
                       field=["cherry-curtain", "willow-swallow", "plum-chaff1"])
    view = match.view(0)
    words = _of(view, namer_for(view), "willow-lightning")
    takes = [w.takes[0] for w in words]
    assert "willow-swallow" not in takes
    assert takes == sorted(takes, key=lambda code: CODES.index(code))
    words = [w for w in words if w.takes[0] in ("plum-chaff1", "cherry-curtain")]
    assert [w.takes for w in words] == [("plum-chaff1",), ("cherry-curtain",)]
    assert all(w.outcome == "wild" for w in words)
    assert words[1].text == "Willow Lightning (wild) takes Cherry Curtain"


def test_hawaiifuda_pahoehoe_in_its_theme() -> None:
    match = deal_match("hawaiifuda", 2, None, hands=[["willow-lightning"], ["pine-chaff1"]],
                       field=["paulownia-chaff1"])
    view = match.view(0)
    [w] = [w for w in _of(view, namer_for(view, "hawaiifuda"), "willow-lightning")
           if w.takes == ("paulownia-chaff1",)]
    assert w.text == "Hala Pāhoehoe (wild) takes Kukui Light"


def test_teyaku_expose_states_payment_and_risk() -> None:
    chaff = ["pine-chaff1", "pine-chaff2", "plum-chaff1", "plum-chaff2", "cherry-chaff1",
             "cherry-chaff2", "iris-chaff1"]
    match = deal_match("hana-awase", 3, {"teyaku": True},
                       hands=[chaff, ["wisteria-cuckoo", "iris-bridge", "peony-butterflies",
                                      "clover-boar", "susuki-geese", "maple-deer",
                                      "willow-swallow"],
                              ["pine-crane", "plum-warbler", "cherry-curtain", "susuki-moon",
                               "willow-rainman", "paulownia-phoenix", "chrysanthemum-sake"]],
                       field=["pine-ribbon", "plum-ribbon", "cherry-ribbon", "wisteria-ribbon",
                              "iris-ribbon", "peony-ribbon"])
    view = match.view(0)
    words = {w.move: w for w in legal_move_words(view, namer_for(view))}
    assert "pays you 30" in words["expose"].text and "may capture" in words["expose"].text
    # the decision names the teyaku it is about, both choices alike (walk41 finding 6)
    assert words["expose"].choice == "expose your Seven Chaff teyaku (+30 from each player)"
    assert words["keep"].choice == "keep your Seven Chaff teyaku hidden"
    assert "Seven Chaff" in words["expose"].text and "Seven Chaff" in words["keep"].text
    assert "hidden" in words["keep"].text
    for lang, name in (("ja", "カス7枚"), ("ko", "피 7장")):
        said = {w.move: w for w in legal_move_words(view, replace(namer_for(view), lang=lang))}
        for move in ("expose", "keep"):
            assert name in said[move].choice and name in said[move].text, said[move]
        assert "30" in said["expose"].choice


def test_pending_take_names_the_turned_over_card() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["cherry-curtain", "cherry-chaff1"], stock_head=["cherry-chaff2"])
    match.play("play pine-chaff1")
    assert match.to_move == 0
    view = match.view(0)
    namer = namer_for(view)
    words = legal_move_words(view, namer)
    assert [w.text for w in words] == ["Cherry Chaff takes Cherry Curtain",
                                       "Cherry Chaff takes Cherry Chaff"]
    move = decode(parse_action("take cherry-curtain", match.config))
    assert describe_move(view, move, namer).move == "take cherry-curtain"


def test_describe_move_takes_a_structured_move() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["cherry-chaff1"], ["pine-chaff1"]],
                       field=["cherry-curtain"])
    view = match.view(0)
    move = decode(parse_action("play cherry-chaff1", match.config))
    namer = Namer(match.config, "hwatu", viewer=0)
    # the hwatu theme's Korean names with their English gloss on an English page (walk41 finding 3)
    assert describe_move(view, move, namer).text == "벚꽃 피 (Cherry Chaff) takes 벚꽃 광 (Cherry Curtain)"
