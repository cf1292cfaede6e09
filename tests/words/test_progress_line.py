"""The yaku progress line of the table page (words/progress.py ``YakuProgress.line``, issue 28):
one line of words per yaku for a side, in the theme's names and the page's language."""

from __future__ import annotations

import pytest

from hanafuda.cards import CODES
from hanafuda.rules import configure
from hanafuda.words import Namer, yaku_progress
from hanafuda.words.languages import yaku_name
from hanafuda.words.progress import LINE_WORDS, line_words


def mask(*codes: str) -> int:
    out = 0
    for code in codes:
        out |= 1 << CODES.index(code)
    return out


def lines(game: str, lang: str, captures: list[int], side: int, theme: str = "hanafuda",
          discard: int = 0) -> dict[str, str]:
    config = configure(game, len(captures), {})
    namer = Namer(config, theme, 0, ("Ann", "Bot"), lang)
    return {p.id: p.line(namer, side) for p in yaku_progress(namer, captures, discard)}


def test_needs_and_taken_by_whom() -> None:
    # Hana-Awase's spring: Pine Crane, Plum Bush Warbler and Cherry Curtain
    got = lines("hana-awase", "en", [mask("pine-crane", "plum-warbler"), mask("willow-rainman")], 0)
    assert got["spring"] == "2/3 — needs Cherry Curtain"
    got = lines("hana-awase", "en", [mask("pine-crane", "plum-warbler"), mask("cherry-curtain")], 0)
    assert got["spring"] == "2/3 — out of reach; Cherry Curtain taken by Bot (seat 2)"
    got = lines("hana-awase", "en", [mask("pine-crane", "plum-warbler", "cherry-curtain"), 0], 0)
    assert got["spring"] == "3/3 — complete"
    # the other side's line: what it lacks, what "You" took
    got = lines("hana-awase", "en", [mask("pine-crane"), mask("plum-warbler")], 1)
    assert got["spring"] == "1/3 — out of reach; Pine Crane and Sun taken by You"


def test_a_count_yaku_says_how_many_more_and_a_discarded_card_is_named() -> None:
    got = lines("hana-awase", "en", [mask("pine-ribbon", "plum-ribbon"), 0], 0)
    assert got["six-ribbons"].startswith("2/6 — needs 4 more of ")
    assert got["six-ribbons"].endswith(" still out")
    # a card in the discard pile (Hawaiʻifuda's rubbish, RULES.md §4.4) is gone for every side
    got = lines("hana-awase", "en", [mask("pine-crane", "plum-warbler"), 0], 0,
                discard=mask("cherry-curtain"))
    assert got["spring"] == "2/3 — out of reach; Cherry Curtain discarded"


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_japanese_and_korean_lines(lang: str) -> None:
    got = lines("hana-awase", lang, [mask("pine-crane", "plum-warbler"), mask("cherry-curtain")], 0)
    words = line_words(lang)
    curtain = Namer(configure("hana-awase", 2, {}), "hanafuda", 0, ("Ann", "Bot"), lang).card(
        CODES.index("cherry-curtain"))
    assert curtain != "Cherry Curtain"  # the card is named in the page's language (issue 28)
    assert got["spring"].startswith("2/3 — " + words["unreachable"])
    assert curtain in got["spring"]
    assert "Bot" in got["spring"] and "taken" not in got["spring"]
    assert lines("hana-awase", lang, [mask("pine-crane", "plum-warbler"), 0], 0)["spring"] == \
        "2/3 — " + words["needs"].format(cards=curtain)


def test_every_language_has_every_word() -> None:
    for lang in ("en", "ja", "ko"):  # the catalogue raises for a missing entry
        assert set(line_words(lang)) == set(LINE_WORDS)


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_side_text_is_said_in_the_namers_language(lang: str) -> None:
    """``YakuProgress.side_text`` (the table page's yaku tooltip, web/messages.py) speaks the
    namer's language, as ``line`` does: no English "out of reach … taken elsewhere" on a ja page."""
    config = configure("hana-awase", 2, {})
    captures = [mask("pine-crane"), mask("cherry-curtain")]
    for language in ("en", lang):
        namer = Namer(config, "hanafuda", 0, ("Ann", "Bot"), language)
        texts = [p.side_text(namer, s) for p in yaku_progress(namer, captures) for s in (0, 1)]
        latin = [t for t in texts if any(w in t for w in ("out of reach", "needs", "has ", "complete"))]
        assert (latin == []) == (language != "en"), (language, texts)
    spring = yaku_name(config.game, "spring", "Spring", lang)
    assert any(t.startswith(spring) for t in texts), texts


@pytest.mark.parametrize(("game", "players", "options"), [("hana-awase", 4, {"teyaku": False}),
                                                          ("min-hwatu", 3, {}), ("mushi", 2, {})])
def test_kept_progress_is_the_progress_and_the_same_object_while_its_cards_stay(
        game: str, players: int, options: dict[str, object]) -> None:
    """``yaku_progress(..., memo)`` (the web keeps one per round, issue 28): equal to the progress
    made afresh after every move, and a yaku none of whose cards moved is the very object of the
    move before (so the words kept for it are found by identity)."""
    import random

    from hanafuda.records import Match

    m = Match(game, players, options, seed=5)
    namer = Namer(m.config, "hanafuda", 0, ())
    rng, memo = random.Random(5), {}
    before = yaku_progress(namer, m.view(0).captures, m.view(0).discard, m.view(0).declared, memo)
    kept = 0
    while not m.round_over:
        m.play(rng.choice(m.legal_moves()))
        v = m.view(0)
        now = yaku_progress(namer, v.captures, v.discard, v.declared, memo)
        assert now == yaku_progress(namer, v.captures, v.discard, v.declared)
        for a, b in zip(before, now, strict=True):
            if a == b:
                assert a is b
                kept += 1
        before = now
    assert kept > 0
