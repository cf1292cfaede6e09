"""The log (words/events.py): one entry per turn naming every card it moved."""

from __future__ import annotations

from hanafuda.words import log_entries, namer_for, round_log_entries

from .helpers import deal_match, playouts


def test_entries_cover_every_public_card_move_and_name_them() -> None:
    """All five games: the entries' cards are exactly the cards of the history's events, each
    named in its entry's text; only a last entry can be incomplete, and only while the view
    shows that turned-over card waiting."""
    kinds: set[str] = set()
    for match, _ in playouts(seeds=2, ends=True):
        seat = match.to_move if match.to_move is not None else 0
        view = match.view(seat)
        namer = namer_for(view, "hanafuda", ["greedy"] * match.config.players)
        entries = log_entries(view, namer)
        moved = []
        for event in view.history:
            moved += ([event.card] if event.card else []) + list(event.captured)
        assert {c for e in entries for c in e.cards} == set(moved)
        for index, entry in enumerate(entries):
            kinds.add(entry.kind)
            for code in entry.cards:
                if entry.kind != "teyaku":
                    assert namer.card(code) in entry.text or namer.card(code, wild=True) \
                        in entry.text, entry.text
            if not entry.complete:
                assert index == len(entries) - 1 and view.pending is not None
                assert "no capture" not in entry.text.split(";")[-1]
            assert entry.to_dict()["cards"] == list(entry.cards)
            keeps = [s for s in entry.steps if s.kind == "keep"]
            assert entry.only == (entry.seat if keeps else None)  # a kept teyaku: its seat's
            assert entry.to_dict()["only"] == entry.only
    assert {"turn", "teyaku", "collect"} <= kinds


def test_a_turn_reads_as_one_sentence() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["pine-crane", "cherry-curtain"], stock_head=["cherry-chaff1"])
    match.play("play pine-chaff1")
    view = match.view(1)
    [entry] = log_entries(view, namer_for(view, "hanafuda", ["", "anna"]))
    assert entry.text == ("Seat 1 played Pine Chaff, took Pine Crane and Sun; "
                          "turned over Cherry Chaff, took Cherry Curtain.")
    assert entry.cards == ("pine-chaff1", "pine-crane", "cherry-chaff1", "cherry-curtain")
    mine = match.view(0)
    assert log_entries(mine, namer_for(mine))[0].text.startswith("You played Pine Chaff")


def test_a_pending_turn_over_is_never_no_capture() -> None:
    """Issue 11 fix 3: the turned-over card waiting for a choice, then what it took."""
    match = deal_match("min-hwatu", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["cherry-curtain", "cherry-chaff1"], stock_head=["cherry-chaff2"])
    match.play("play pine-chaff1")
    view = match.view(0)
    [entry] = log_entries(view, namer_for(view))
    assert not entry.complete
    assert entry.text == ("You played Pine Chaff (no capture); turned over Cherry Chaff: "
                          "choose what it takes.")
    other = match.view(1)
    assert log_entries(other, namer_for(other, players=["", "x"]))[0].text.endswith(
        "choosing what it takes.")
    match.play("take cherry-curtain")
    view = match.view(0)
    [entry] = log_entries(view, namer_for(view))
    assert entry.complete
    assert entry.text == ("You played Pine Chaff (no capture); turned over Cherry Chaff, "
                          "took Cherry Curtain.")
    assert entry.steps[1].chosen


def test_declaration_names_the_card_and_the_set() -> None:
    match = deal_match("kwa-do", 2, {"yaku": True}, hands=[["plum-warbler"], ["pine-chaff1"]],
                       field=["plum-chaff1"], dealer=1)
    match.play("play plum-warbler declare spring")
    view = match.view(1)
    entry = log_entries(view, namer_for(view, "kwa-do", ["me", "greedy"]))[0]
    assert entry.text.startswith("Me (seat 1) played Plum Bush Warbler and declared Spring (no capture)")
    assert entry.steps[0].declared == "spring"


def test_kwa_do_is_called_when_a_bright_is_captured() -> None:
    match = deal_match("kwa-do", 2, None, hands=[["cherry-chaff1"], ["pine-chaff1"]],
                       field=["cherry-curtain"], dealer=1)
    match.play("play cherry-chaff1")
    view = match.view(0)
    entry = log_entries(view, namer_for(view))[0]
    assert entry.calls == ("Kwa-Dō!",) and entry.text.endswith("Kwa-Dō!")


def test_wild_capture_is_called_wild() -> None:
    match = deal_match("mushi", 2, None, hands=[["willow-lightning"], ["pine-chaff1"]],
                       field=["cherry-curtain"])
    match.play("play willow-lightning take cherry-curtain")
    view = match.view(1)
    entry = log_entries(view, namer_for(view))[0]
    assert entry.text.startswith("Seat 1 played Willow Lightning (wild), took Cherry Curtain")
    assert entry.steps[0].wild


def test_teyaku_keep_is_seen_only_by_its_own_seat() -> None:
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
    match.play("keep")
    mine = match.view(0)
    assert [e.text for e in log_entries(mine, namer_for(mine))] == ["You kept your teyaku hidden."]
    theirs = match.view(1)
    assert log_entries(theirs, namer_for(theirs)) == []
    # the entry says who may see it (the one definition: engine.visibility)
    [entry] = log_entries(mine, namer_for(mine))
    assert entry.only == 0 and entry.to_dict()["only"] == 0


def test_teyaku_expose_names_cards_and_payment() -> None:
    chaff = ["pine-chaff1", "pine-chaff2", "plum-chaff1", "plum-chaff2", "cherry-chaff1",
             "cherry-chaff2"]
    match = deal_match("hana-awase", 3, {"teyaku": True},
                       hands=[[*chaff, "iris-bridge"],
                              ["wisteria-cuckoo", "iris-chaff1", "peony-butterflies",
                               "clover-boar", "susuki-geese", "maple-deer", "willow-swallow"],
                              ["pine-crane", "plum-warbler", "cherry-curtain", "susuki-moon",
                               "willow-rainman", "paulownia-phoenix", "chrysanthemum-sake"]],
                       field=["pine-ribbon", "plum-ribbon", "cherry-ribbon", "wisteria-ribbon",
                              "iris-ribbon", "peony-ribbon"])
    match.play("expose")
    view = match.view(2)
    [entry] = log_entries(view, namer_for(view, players=["anna", "bob", "me"]))
    assert entry.text.startswith("Anna (seat 1) exposed teyaku: 6 chaff (")
    assert entry.text.endswith("paid 20 by each other player.")
    assert set(entry.cards) == set(chaff)


def test_dealer_captures_a_dealt_four() -> None:
    match = deal_match("hawaiifuda", 2, None, hands=[["plum-chaff1"], ["plum-chaff2"]],
                       field=["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2"])
    view = match.view(1)
    [entry] = log_entries(view, namer_for(view, "hawaiifuda"))
    assert entry.kind == "dealer-captures"
    assert entry.text.startswith("Seat 1 (the dealer) captured the four ʻĀhinahina (1) cards")


def test_round_log_without_a_view_reads_a_whole_round() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["pine-crane"])
    match.play("play pine-chaff1")
    entries = round_log_entries(match.view(0).history, namer_for(match.view(0)),
                                match.current.stock_left)
    assert entries[0].text.startswith("You played Pine Chaff, took Pine Crane and Sun")


def test_ppeok_and_the_last_stock_lightning() -> None:
    match = deal_match("min-hwatu", 2, {"flip_matches_pair": "ppeok"},
                       hands=[["plum-chaff1"], ["pine-chaff1"]], field=["plum-chaff2"],
                       stock_head=["plum-warbler"])
    match.play("play plum-chaff1")
    view = match.view(0)
    entry = log_entries(view, namer_for(view))[0]
    assert entry.text == ("You played Plum Chaff on Plum Chaff; turned over Plum Bush Warbler of "
                          "the same month: ppeok — all three stay stacked on the field.")
    assert entry.cards == ("plum-chaff1", "plum-chaff2", "plum-warbler") and not entry.calls
