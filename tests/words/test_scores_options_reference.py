"""Score terms, option words and the rules reference (words/scores.py, options.py, reference.py)."""

from __future__ import annotations

import pytest

from hanafuda.rules import GAMES, ScoreTerm, configure
from hanafuda.words import option_words, rules_reference, score_line, score_words


def test_score_terms_use_yaku_names_not_ids() -> None:
    config = configure("kwa-do", 2, {"yaku": True})
    terms = (ScoreTerm("card points", 100), ScoreTerm("four-iris", 30),
             ScoreTerm("phoenix-bonus", 25), ScoreTerm("floor 240 / 2", -120))
    words = score_words(config, terms)
    assert [w.text for w in words] == ["card points +100", "Four Irises +30",
                                       "Dragon bonus (the phoenix) +25",
                                       "floor: 240 ÷ 2 sides −120"]
    assert score_line(config, terms, 35) == (
        "100 (card points) + 30 (Four Irises) + 25 (Dragon bonus (the phoenix)) "
        "− 120 (floor: 240 ÷ 2 sides) =\u00a035")


def test_kwa_do_floor_is_written_humanly() -> None:
    """Issue 11 fix 7: not "55 − 120 + 65 (negative counts as 0) = 0"."""
    config = configure("kwa-do", 2)
    terms = (ScoreTerm("card points", 55), ScoreTerm("floor 240 / 2", -120),
             ScoreTerm("negative counts as 0", 65))
    line = score_line(config, terms, 0)
    assert line == "55 (card points) − 120 (floor: 240 ÷ 2 sides) =\u00a0−65, counted as 0 (never below 0)"
    assert score_words(config, terms)[-1].clamp


def test_every_option_has_a_label_and_one_sentence_help() -> None:
    for game in GAMES.values():
        for words in option_words(game):
            assert words.label and words.label[0].isupper(), words.name
            assert words.help.endswith(".") and words.help[0].isupper(), words.name
            assert words.label != words.name


def test_option_values_in_words() -> None:
    config = configure("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "gaji": True})
    words = {w.name: w for w in option_words(config.game, config)}
    assert words["rounds"].value_text == "no round limit"  # never "rounds = null"
    assert words["gaji"].value_text == "on" and words["gaji"].given
    assert words["teams"].value_text == "Team A (seats 1 & 3), Team B (seats 2 & 4)"
    assert words["target"].value_text == "200"
    alone = {w.name: w for w in option_words(config.game, configure("kwa-do", 3))}
    assert alone["teams"].value_text == "everyone plays alone"


def test_reference_teaches_each_game_on_its_own() -> None:
    for game in GAMES.values():
        config = game.configure(game.player_counts()[0])
        ref = rules_reference(config)
        text = ref.text()
        assert "How a turn goes" in text and "Card values" in text and "Wild card" in text
        assert ref.to_dict()["game"] == game.id
        for entry in ref.yaku:
            assert entry.names and entry.text().startswith(entry.name)
        assert "docs/" not in text
    hawaii = rules_reference(configure("hawaiifuda", 2), "hawaiifuda").text()
    assert "Kukui Light 10" in hawaii and "Hala Aliʻi, Honu & Pahu 5" in hawaii
    assert "Hala Pāhoehoe is wild" in hawaii
    assert "Sun, Rain, Lei (50)" in hawaii  # the bonus combos, from another option value
    kwado = rules_reference(configure("kwa-do", 2)).text()
    assert "There is no wild card." in kwado and "Spring (30)" in kwado and "Kwa-Dō!" in kwado
    assert "with Yaku = on" in kwado
    mushi = rules_reference(configure("mushi", 2)).text()
    assert "as the last stock card it takes every card left on the field" in mushi
    assert "never Willow Rain Man" in mushi
    minhwatu = rules_reference(configure("min-hwatu", 2)).text()
    assert "Godori 고도리 (five birds) (50)" in minhwatu
    assert "with Yaku set = Core plus the Korean extras" in minhwatu


def test_every_choice_of_every_game_has_a_label_and_option_words_says_it() -> None:
    """Choice lists say labels ("Yaku × (players − 1)"), never the value ("n-1") (issue 15)."""
    for game in GAMES.values():
        specs = {spec.name: spec for spec in game.option_specs()}
        for words in option_words(game):
            spec = specs[words.name]
            for value, text in words.choices:
                if isinstance(value, bool):
                    assert text in ("on", "off")
                    continue
                assert spec.choice_labels[value] == text and text != str(value), (words.name, value)
            listed = words.to_dict()["choices"]
            assert [c["value"] for c in listed] == list(spec.choices)
            assert all(c["label"] for c in listed)
    config = configure("min-hwatu", 3, {"dealer_draw": "day"})
    shown = {w.name: w for w in option_words(config.game, config)}
    assert shown["dealer_draw"].value_text.startswith("Day: latest month deals")
    assert shown["yaku_multiplier"].default_text == "Yaku × (players − 1)"


def test_a_choice_without_a_label_is_refused_at_definition() -> None:
    from hanafuda.rules.options import OptionError, OptionSpec

    with pytest.raises(OptionError, match="no choice label for b"):
        OptionSpec("mode", "a", "Help.", choices=("a", "b"), choice_labels={"a": "A"})
    with pytest.raises(OptionError, match="not a choice"):
        OptionSpec("mode", "a", "Help.", choices=("a",), choice_labels={"a": "A", "z": "Z"})
