"""The one catalogue of words (issue 28): complete in Japanese and Korean with the same
placeholders, shipped as package data, and the traditional Japanese card names said in the log
and the move choices of a Japanese table."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from hanafuda.cards import CARDS
from hanafuda.themes import THEMES
from hanafuda.words import Namer, legal_move_words, log_entries
from hanafuda.words.catalogue import (
    LANGUAGES,
    TranslationMissing,
    UnknownLanguageError,
    messages,
    placeholders,
    text,
)

from .helpers import deal_match

ROOT = Path(__file__).resolve().parents[2]
OTHERS = ("ja", "ko")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_english_key_is_in_the_language_with_the_same_placeholders(lang: str) -> None:
    english, own = messages("en"), messages(lang)
    missing = sorted(set(english) - set(own))
    assert not missing, missing
    for key, template in english.items():
        assert own[key].strip(), key
        assert placeholders(own[key]) == placeholders(template), (lang, key)


def test_japanese_and_korean_have_the_same_keys_and_placeholders() -> None:
    ja, ko = messages("ja"), messages("ko")
    assert set(ja) == set(ko), sorted(set(ja) ^ set(ko))
    for key in ja:
        assert placeholders(ja[key]) == placeholders(ko[key]), key


def test_every_card_and_month_has_a_name_in_every_theme() -> None:
    for lang in OTHERS:
        for theme in THEMES:
            for card in CARDS:
                assert text(f"card.{theme}.{card.code}", lang).strip()
            for month in range(1, 13):
                assert text(f"month.{theme}.{month}", lang).strip()


def test_the_traditional_japanese_names() -> None:
    names = {c.code: text(f"card.hanafuda.{c.code}", "ja") for c in CARDS}
    assert names["pine-crane"] == "松に鶴" and names["cherry-curtain"] == "桜に幕"
    assert names["susuki-moon"] == "芒に月" and names["willow-rainman"] == "柳に小野道風"
    assert names["paulownia-phoenix"] == "桐に鳳凰" and names["plum-warbler"] == "梅に鶯"
    assert names["pine-chaff1"] == names["pine-chaff2"] == "松のカス"
    assert names["willow-lightning"].startswith("柳のカス")
    assert all(re.fullmatch(r"[\u3040-\u30ff\u4e00-\u9fff（）・]+", n) for n in names.values()), names


def test_a_missing_key_and_an_unknown_language_are_clear_errors() -> None:
    with pytest.raises(TranslationMissing, match="no words for 'no.such.key' in 'ja'"):
        text("no.such.key", "ja")
    with pytest.raises(UnknownLanguageError, match="languages are: en, ja, ko"):
        messages("fr")
    assert LANGUAGES == ("en", "ja", "ko")


def test_the_catalogue_is_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "locales/*.json" in data["tool"]["setuptools"]["package-data"]["hanafuda"]
    shipped = {p.name for p in (ROOT / "src/hanafuda/locales").glob("*.json")}
    assert shipped == {f"{x}.json" for x in LANGUAGES}


def test_a_japanese_table_names_its_cards_in_japanese() -> None:
    hands = [["pine-chaff1", "cherry-ribbon"], ["plum-chaff1", "iris-chaff1"]]
    match = deal_match("hana-awase", 2, None, hands=hands,
                       field=["pine-crane", "susuki-moon"], stock_head=["susuki-geese"])
    namer = Namer(match.config, "hanafuda", 0, ("Ann", "Bo"), "ja")
    moves = {w.move: w.text for w in legal_move_words(match.view(0), namer)}
    assert moves["play pine-chaff1"] == "松のカスで松に鶴を取る", moves
    match.play("play pine-chaff1")
    [entry] = log_entries(match.view(0), namer)
    assert entry.text == "あなた：松のカスを出して松に鶴を取りました。芒に雁をめくり、芒に月を取りました。"
    korean = Namer(match.config, "hanafuda", 1, ("Ann", "Bo"), "ko")
    [entry] = log_entries(match.view(1), korean)
    assert "송학 광" in entry.text and "공산 광" in entry.text, entry.text


def test_yaku_progress_lines_in_japanese_and_korean() -> None:
    from hanafuda.words import progress_lines

    hands = [["pine-chaff1", "cherry-ribbon"], ["plum-chaff1", "iris-chaff1"]]
    match = deal_match("hana-awase", 2, None, hands=hands, field=["pine-ribbon", "cherry-chaff1"],
                       stock_head=["susuki-geese"])
    match.play("play pine-chaff1")
    ja = progress_lines(Namer(match.config, "hanafuda", 0, (), "ja"), match.view(0), 0)
    assert "赤短（40点）：松に赤短あり、あと梅に赤短、桜に赤短" in ja, ja
    ko = progress_lines(Namer(match.config, "hanafuda", 0, (), "ko"), match.view(0), 0)
    assert any(line.startswith("홍단(아카탄)(40점): 솔 홍단 있음") for line in ko), ko
    assert not any(re.search(r"[A-Za-z]{3,}", line) for line in ja + ko), ja + ko


@pytest.mark.parametrize("lang", OTHERS)
def test_every_games_rules_reference_in_the_language(lang: str) -> None:
    from hanafuda.rules import GAMES
    from hanafuda.words import rules_reference

    for game in GAMES.values():
        players = 2 if 2 in game.player_counts() else game.player_counts()[0]
        ref = rules_reference(game.configure(players, {}), game.default_theme, lang)
        assert ref.match and ref.dealer and ref.misdeals, game.id
        said = "\n".join([*ref.match, *ref.dealer, *ref.misdeals, *(y.text() for y in ref.yaku)])
        assert not re.search(r"\b(the|and|of|with|when)\b", said), (game.id, said)
    hana = GAMES["hana-awase"]
    groups = rules_reference(hana.configure(2, {}), "hanafuda", lang).exclusive
    assert {len(g) for g in groups} == {4, 2, 3}  # brights, ribbon rows, viewings (RULES.md §4.2)



PAGE_KEY = re.compile(r'data-t(?:-label|-title|-placeholder)?="([^"]+)"|\bHF\.t\(\s*"([a-z_]+\.[a-z0-9_.]+)"')


def test_the_pages_keys_and_the_servers_areas_do_not_meet() -> None:
    """A key a web page names is sent to it; the terminal's and the reference's own areas are
    not (``SERVER_AREAS``), so a page never names one of them."""
    from hanafuda.words.catalogue import SERVER_AREAS

    used: set[str] = set()
    for path in (ROOT / "src/hanafuda/web/static").rglob("*"):  # static/table/ too
        if path.suffix in (".html", ".js"):
            used |= {a or b for a, b in PAGE_KEY.findall(path.read_text("utf-8"))}
    assert used and not {k for k in used if k.startswith(SERVER_AREAS)}
