"""Who ended a Koi-Koi round and why (issue 28, a new player's findings): a round a player stopped
says "<who> made <yaku> and stopped — scoring N, paid by <payer>." in en, ja and ko, from the
round's own score (``RoundScore.stopped``, docs/rules/koi-koi.md "The decision"); a round no one
stopped says nothing of the kind; the terminal's round-end screen says it under its heading."""

from __future__ import annotations

import pytest

from hanafuda.records import Match
from hanafuda.words import Namer
from hanafuda.words.catalogue import text
from hanafuda.words.languages import yaku_name
from hanafuda.words.summary import round_result_lines, stop_text


def _round(seed: int, call: str) -> Match:
    """A Koi-Koi round played on each seat's first legal move, ``call`` ("stop" or "koikoi")
    whenever a seat is asked."""
    m = Match("koi-koi", 2, {}, seed=seed)
    while not m.round_over:
        legal = m.legal_moves()
        m.play(call if call in legal else next(x for x in legal if x != "stop"))
    return m


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_stopped_round_says_who_stopped_with_which_yaku_and_for_how_much(lang: str) -> None:
    m = _round(0, "stop")
    r = m.results[-1]
    side = r.stopped
    assert side >= 0 and r.scores[side] > 0 and r.yaku[side], r
    payer = 1 - side
    for viewer in (side, payer, None):
        namer = Namer(m.config, "hanafuda", lang=lang, viewer=viewer, players=["Ana", "Bo"])
        said = stop_text(namer, r)
        names = [y.name if lang == "en" else yaku_name(m.config.game, y.id, y.name, lang)
                 for y in r.yaku[side]]
        assert all(n in said for n in names), (names, said)
        who, paid = namer.side(side), namer.side(payer)
        if lang == "en":
            paid = "you" if paid == "You" else paid
            want = f"{who} made {names[0]} and stopped — scoring {r.scores[side]}, paid by {paid}."
            assert said == want, said
        else:
            assert said.startswith(who) and str(r.scores[side]) in said and paid in said, said
            assert ("勝負しました" if lang == "ja" else "스톱했습니다") in said
        lines = round_result_lines(namer, 1, r, m.current.captures, m.totals)
        assert lines[:2] == [text("result.round_over", lang, n=1), said]


def test_a_round_no_one_stopped_says_no_stop() -> None:
    m = _round(3, "koikoi")  # seed 3: no yaku made on the last card either
    r = m.results[-1]
    assert r.stopped == -1 and r.note, r
    namer = Namer(m.config, "hanafuda")
    assert stop_text(namer, r) == ""
    lines = round_result_lines(namer, 1, r, m.current.captures, m.totals)
    assert not any("stopped —" in line for line in lines), lines
