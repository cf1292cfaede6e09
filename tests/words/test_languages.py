"""Japanese and Korean words of the lobby (issue 15): every game's summary, every option's label
and help, every choice and every preset has all three languages, each in its own script."""

from __future__ import annotations

import re

import pytest

from hanafuda.rules import GAMES
from hanafuda.rules.presets import presets
from hanafuda.words.languages import (
    LANGUAGES,
    TranslationMissing,
    choice_text,
    game_summary,
    option_text,
    preset_text,
)

SCRIPT = {"ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"), "ko": re.compile(r"[\uac00-\ud7a3]")}
"""Kana or kanji for Japanese, Hangul for Korean: a text in that language has some."""
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _says(text: str, lang: str) -> None:
    assert text.strip(), lang
    if lang == "en":
        return
    assert SCRIPT[lang].search(text), (lang, text)
    assert not LATIN_WORD.search(text), (lang, text)  # no English left behind
    other = SCRIPT["ko" if lang == "ja" else "ja"]
    if lang == "ja":
        assert not other.search(text), (lang, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_option_choice_and_preset_in_every_language(lang: str) -> None:
    for game in GAMES.values():
        _says(game_summary(game, lang), lang)
        for spec in game.option_specs():
            label, help_ = option_text(game, spec, lang)
            _says(label, lang)
            _says(help_, lang)
            assert "null" not in help_ or lang == "en"
            for value in spec.choices:
                _says(choice_text(game, spec, value, lang), lang)
        for preset in presets(game.id):
            name, description = preset_text(game, preset, lang)
            _says(name, lang)
            _says(description, lang)


def test_english_is_the_schema_and_translations_differ_from_it() -> None:
    for game in GAMES.values():
        assert game_summary(game, "en") == game.summary
        for spec in game.option_specs():
            en = option_text(game, spec, "en")
            assert en[1] == spec.help
            assert option_text(game, spec, "ja") != en and option_text(game, spec, "ko") != en
            labels = [choice_text(game, spec, v, "ko") for v in spec.choices]
            assert len(set(labels)) == len(labels), (game.id, spec.name)  # choices stay apart


def test_options_shared_by_name_but_different_by_game_have_their_own_words() -> None:
    awase, kwado = GAMES["hana-awase"], GAMES["kwa-do"]
    spec_a = next(s for s in awase.option_specs() if s.name == "scoring")
    spec_k = next(s for s in kwado.option_specs() if s.name == "scoring")
    assert option_text(awase, spec_a, "ja")[1] != option_text(kwado, spec_k, "ja")[1]
    mushi = GAMES["mushi"]
    five = next(s for s in mushi.option_specs() if s.name == "five_brights")
    assert "30" in option_text(mushi, five, "ko")[1]


def test_unknown_language_and_missing_words_are_clear_errors() -> None:
    game = GAMES["mushi"]
    spec = game.option_specs()[0]
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        option_text(game, spec, "fr")
    kwado = GAMES["kwa-do"]
    scoring = next(s for s in kwado.option_specs() if s.name == "scoring")
    with pytest.raises(TranslationMissing):
        choice_text(kwado, scoring, "nonsense", "ja")
