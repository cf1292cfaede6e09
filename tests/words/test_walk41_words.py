"""What the words said wrong to a new player (walk41 findings 13, 14 and 16; issue 28), in
English, Japanese and Korean:

- a 0–0 between two players read as a shared win ("あなたと初級ボット（2番席）が同点で勝ち（0点）"):
  when every side ties for the highest total nobody won, the match is a draw (RULES.md §6);
  sides tied above another still share the win;
- a count yaku's progress said "needs 4 more, all still out; Cherry Curtain taken by …": it says
  "needs all 4 still out" — all of those still out, never "all" of its cards;
- Koi-Koi in Korean called the lightning and the coloured paulownia chaff "쌍피" (double chaff),
  though no game here counts them twice (RULES.md §1: a card's value is the game's).
"""

from __future__ import annotations

import pytest

from hanafuda.cards import CODES
from hanafuda.rules import configure
from hanafuda.words import Namer, match_result_text, yaku_progress

LANGS = ("en", "ja", "ko")


def namer(game: str, players: int, lang: str) -> Namer:
    return Namer(configure(game, players, {}), "hanafuda", 0, ("Ann", "Bot", "Cy")[:players], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_side_level_is_a_draw_not_a_shared_win(lang: str) -> None:
    two = namer("koi-koi", 2, lang)
    draw = match_result_text(two, (0, 1), (0, 0), 12)
    expected = {"en": "Match over after 12 rounds: the match is a draw, 0–0.",
                "ja": "12回で対局終了：引き分け（0対0）。",
                "ko": "12판으로 대국 끝: 무승부(0 대 0)."}
    assert draw == expected[lang]
    for word in ("win", "勝ち", "승리", two.side(0), two.side(1)):
        assert word not in draw, draw
    # three players all level, below zero: a draw too, the minus signs kept apart
    three = namer("hana-awase", 3, lang)
    level = match_result_text(three, (0, 1, 2), (-3, -3, -3), 1)
    assert ("the match is a draw, −3 – −3 – −3" in level) if lang == "en" else \
        (("引き分け" if lang == "ja" else "무승부") in level), level
    # two of three tied above the third: they share the win, as before
    shared = match_result_text(three, (0, 1), (10, 10, 4), 2)
    assert {"en": "share the win with 10", "ja": "同点で勝ち", "ko": "공동 승리"}[lang] in shared, shared
    assert three.side(0) in shared and three.side(1) in shared
    # one winner
    won = match_result_text(two, (1,), (0, 5), 12)
    assert two.side(1) in won and {"en": "wins", "ja": "の勝ち", "ko": "승리"}[lang] in won


def mask(*codes: str) -> int:
    out = 0
    for code in codes:
        out |= 1 << CODES.index(code)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_yaku_with_a_card_taken_never_says_all_its_cards_are_still_out(lang: str) -> None:
    # Koi-Koi's Rainy Four Brights: the other side has Cherry Curtain; four brights still out,
    # all four needed
    n = namer("koi-koi", 2, lang)
    [p] = [p for p in yaku_progress(n, [0, mask("cherry-curtain")]) if p.id == "rainy-four-brights"]
    line, sentence = p.line(n, 0), p.side_text(n, 0)
    taken = n.card("cherry-curtain")
    assert taken in line
    if lang == "en":
        assert line == f"0/4 — needs all 4 still out; {taken} taken by Bot (seat 2)", line
        assert sentence.endswith("needs all 4 still out"), sentence
    for said in (line, sentence):
        assert "4 more, all still out" not in said and "あと4枚、残りすべて" not in said, said
    # none taken yet: how many of how many (five brights, four needed)
    [fresh] = [p for p in yaku_progress(n, [0, 0]) if p.id == "rainy-four-brights"]
    assert {"en": "needs 4 more of 5 still out", "ja": "残り5枚のうちあと4枚",
            "ko": "남은 5장 중 4장 더 필요"}[lang] in fresh.line(n, 0)
    # out of reach once two are gone
    [dead] = [p for p in yaku_progress(n, [0, mask("cherry-curtain", "willow-rainman")])
              if p.id == "rainy-four-brights"]
    assert "still out" not in dead.line(n, 0) and "残り" not in dead.line(n, 0)


@pytest.mark.parametrize("game", ["koi-koi", "hana-awase", "mushi"])
def test_the_japanese_deck_in_korean_calls_no_card_double_chaff(game: str) -> None:
    n = namer(game, 2, "ko")
    for code in CODES:
        assert "쌍피" not in n.card(code), (code, n.card(code))
    assert n.card("willow-lightning") == "비 피 (번개)"
    assert n.card("paulownia-chaff1") == "오동 피 (색 있는 것)"
    # the Korean deck (Min-Hwatu's hwatu theme) keeps its traditional names
    assert Namer(configure("min-hwatu", 2, {}), "hwatu", 0, (), "ko").card("willow-lightning") == "비 쌍피"


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_whose_best_and_next_best_read_alike_says_either_will_do(lang: str) -> None:
    """Walk41 finding 5: two chrysanthemum chaff in hand, none of their month on the field: the
    hint's best and next best both read "play Chrysanthemum Chaff (no capture)"; the hint says it
    once and that either card will do.  Moves that read differently keep their "next best"."""
    from hanafuda.words import hint_lines, namer_for

    from .helpers import deal_match

    match = deal_match("koi-koi", 2, None, hands=[["chrysanthemum-chaff1", "chrysanthemum-chaff2",
                                                   "pine-crane"], ["plum-chaff1"]],
                       field=["cherry-curtain"])
    view = match.view(0)
    n = replace_lang(namer_for(view), lang)
    first, second = "play chrysanthemum-chaff1", "play chrysanthemum-chaff2"
    assert first in view.legal and second in view.legal, view.legal
    lines = hint_lines(view, n, first, 1.0, second, 0.9)
    name = n.card("chrysanthemum-chaff1")
    assert len(lines) == 3 and lines[0].count(name) == 1, lines
    assert lines[1] == {"en": f"Either {name} will do: the two are alike.",
                        "ja": f"{name}はどちらでも同じです。",
                        "ko": f"{name}는 어느 쪽이든 같습니다."}[lang], lines
    assert not any(line.startswith(("Next best", "次善", "차선")) for line in lines), lines
    other = next(m for m in view.legal if "chrysanthemum" not in m)
    apart = hint_lines(view, n, first, 1.0, other, 0.9)
    assert apart[1].startswith({"en": "Next best: ", "ja": "次善：", "ko": "차선: "}[lang]), apart


def replace_lang(n: Namer, lang: str) -> Namer:
    from dataclasses import replace
    return replace(n, lang=lang)


def test_min_hwatu_in_english_glosses_every_korean_card_name() -> None:
    """Walk41 finding 3: Min-Hwatu (hwatu theme) in English named its cards in Hangul only.  Every
    card keeps the theme's Korean name and adds its English one; Japanese and Korean pages are
    unchanged."""
    import re

    config = configure("min-hwatu", 2, {})
    en = Namer(config, "hwatu", 0, (), "en")
    for code in CODES:
        name = en.card(code)
        assert re.search(r"\([A-Z][A-Za-z ,-]+\)$", name), name  # an English gloss at the end
        assert re.search(r"[\uac00-\ud7a3]", name), name  # the Korean name kept
        assert name.count("(") == 1, name  # no bracket inside a bracket
    assert en.card("clover-chaff1") == "홍싸리 피 (Bush Clover Chaff)"
    assert en.card("plum-warbler") == "매조 열끗 (Plum Bush Warbler)"
    assert en.card("paulownia-chaff1") == "오동 쌍피 (Paulownia Chaff, coloured bottom)"
    assert Namer(config, "hwatu", 0, (), "ko").card("clover-chaff1") == "홍싸리 피"
    assert Namer(config, "hwatu", 0, (), "ja").card("pine-crane") == "松に鶴"
    # the English deck's names are not glossed
    assert Namer(config, "hanafuda", 0, (), "en").card("clover-chaff1") == "Bush Clover Chaff"
