"""Words at the table (issues 28 and 30): the seat that made a Koi-Koi yaku is asked koi-koi or
stop, not told to play a card (``words.table.turn_text``, table page and terminal); games are named
in the page's language."""

from __future__ import annotations

import random

import pytest

from hanafuda import Match
from hanafuda.words import Namer
from hanafuda.words.catalogue import text
from hanafuda.words.moves import koikoi_stake
from hanafuda.words.names import join_words
from hanafuda.words.table import turn_text, view_words


def a_decision() -> tuple[Match, int]:
    for seed in range(200):
        match, rng = Match("koi-koi", 2, seed=seed), random.Random(seed)
        while not match.round_over:
            seat = match.to_move
            assert seat is not None
            if match.view(seat).phase == "koikoi":
                return match, seat
            match.play(rng.choice(match.legal_moves()))
    raise AssertionError("no koi-koi decision in 200 deals")


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_decision_asks_koikoi_or_stop(lang: str) -> None:
    match, seat = a_decision()
    namer = Namer(match.config, "hanafuda", seat, ("You", "Bot"), lang)
    line = turn_text(match.view(seat), namer)
    # it names the yaku made and the points a stop scores now (tests/words/test_koikoi_stake.py)
    points, names = koikoi_stake(match.view(seat), namer)
    said = f"{points} point{'s' if points != 1 else ''}" if lang == "en" else points
    yaku = join_words(names) if lang == "en" else text("list.separator", lang).join(names)
    assert line == text("screen.koikoi_stake", lang, yaku=yaku, points=said)
    assert line != text("screen.play", lang)
    theirs = Namer(match.config, "hanafuda", 1 - seat, ("You", "Bot"), lang)
    assert turn_text(match.view(1 - seat), theirs) == text("screen.to_move", lang, who=theirs.seat(seat))


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_games_are_named_in_the_language(lang: str) -> None:
    """Game names in ja/ko (issue 28: the table's title, `rules`, `replay`, the terminal status)."""
    from hanafuda.rules import GAMES
    from hanafuda.words import games_text
    from hanafuda.words.languages import game_title

    titles = {gid: game_title(g, lang) for gid, g in GAMES.items()}
    assert all(t and t != GAMES[gid].title for gid, t in titles.items()), titles
    listed = games_text(GAMES, lang)
    assert all(t in listed for t in titles.values())
    match, seat = a_decision()
    words = view_words(match.view(seat), Namer(match.config, "hanafuda", seat, ("You", "Bot"), lang))
    assert words["title"] == titles["koi-koi"]
