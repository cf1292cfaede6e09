"""The Koi-Koi decision says what each choice does and the points at stake (issue 30; the
decision of docs/rules/koi-koi.md): the turn line names the yaku made and what a stop scores now,
the stop choice carries those points, and they are the points the engine then gives the stopper —
in English, Japanese and Korean, on the table page and in the terminal (both read these words)."""

from __future__ import annotations

import copy
import random
import re

import pytest

from hanafuda import Match
from hanafuda.words import Namer, legal_move_words
from hanafuda.words.languages import yaku_name
from hanafuda.words.moves import koikoi_stake
from hanafuda.words.table import turn_text


def decisions(count: int) -> list[tuple[Match, int]]:
    """``count`` matches each at a koi-koi decision, some after an opponent's koi-koi call (its
    doubling is at stake then)."""
    found: list[tuple[Match, int]] = []
    for seed in range(400):
        match, rng = Match("koi-koi", 2, seed=seed), random.Random(seed)
        while not match.round_over and len(found) < count:
            seat = match.to_move
            assert seat is not None
            if match.view(seat).phase == "koikoi":
                found.append((copy.deepcopy(match), seat))
                match.play("koikoi")
                continue
            match.play(rng.choice(match.legal_moves()))
        if len(found) >= count:
            return found
    raise AssertionError("too few koi-koi decisions")


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_stake_is_what_the_stop_then_scores(lang: str) -> None:
    seen_call = False
    for match, seat in decisions(12):
        view = match.view(seat)
        namer = Namer(match.config, "hanafuda", seat, ("You", "Bot"), lang)
        points, names = koikoi_stake(view, namer)
        words = {w.move: w for w in legal_move_words(view, namer)}
        assert set(words) == {"koikoi", "stop"}
        stop = words["stop"]
        assert str(points) in stop.choice and str(points) in stop.text, stop
        line = turn_text(view, namer)
        assert str(points) in line and names and all(n in line for n in names), line
        calls = sum(1 for e in view.history if e.kind == "koikoi")
        seen_call = seen_call or calls > 0
        match.play("stop")
        side = match.config.side_of[seat]
        assert match.view(seat).round_scores[-1][side] == points > 0
        yaku = match.current.result.yaku[side]
        assert sorted(names) == sorted(yaku_name(match.config.game, y.id, y.name, lang) for y in yaku)
    assert seen_call  # a decision after the opponent's koi-koi was among them


def test_english_words_say_what_each_choice_does() -> None:
    match, seat = decisions(1)[0]
    namer = Namer(match.config, "hanafuda", seat, ("You", "Bot"), "en")
    words = {w.move: w for w in legal_move_words(match.view(seat), namer)}
    assert words["koikoi"].choice == "koi-koi: play on"
    assert re.fullmatch(r"stop: score \d+", words["stop"].choice)
    assert "if your opponent stops first, you score nothing" in words["koikoi"].text
    assert re.search(r"score your yaku now: \d+ points?$", words["stop"].text)


@pytest.mark.parametrize(("lang", "line"), [("en", "No card scores by itself: only yaku score."),
                                            ("ja", "札そのものに点はありません。点になるのは役だけです。"),
                                            ("ko", "패 자체에는 점수가 없습니다. 약만 점수가 됩니다.")])
def test_the_rules_say_koikoi_cards_have_no_points(lang: str, line: str) -> None:
    """``hanafuda rules koi-koi`` and the ``?`` help: one line instead of "Brights: 0 each" for
    every kind (a newcomer would look for card points that do not exist)."""
    from hanafuda.rules import configure
    from hanafuda.words import rules_reference

    said = rules_reference(configure("koi-koi", 2, {}), "hanafuda", lang).text()
    assert f"  {line}\n" in said and " 0 each" not in said and "各0点" not in said
    assert "total 0" not in said and "合計0" not in said and "全体で0" not in said  # no deck total of 0
    mushi = rules_reference(configure("mushi", 2, {}), "hanafuda", lang).text()
    assert line not in mushi  # a game whose cards score keeps its values
