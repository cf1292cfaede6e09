"""Four oddities of the words layer a reader tripped on (issue 28, "one catalogue of words"), each
fixed where the words are made, in English, Japanese and Korean:

- a count yaku's progress said "needs 6 more of 6 still out": when every card still out is
  needed it says so ("needs all 6 still out"), never "N of N";
- card names joined with "and" where a name holds "and" ("Pine Crane and Sun and Cherry
  Curtain"): the serial form then ("Pine Crane and Sun, and Cherry Curtain");
- a round's result "= −139" could wrap away from its "=": a no-break space keeps them together;
- negative scores read "−" (U+2212) in the score terms but "-" in the totals and after "=": one
  sign, "−", everywhere a person reads a negative score.
"""

from __future__ import annotations

import re

import pytest

from hanafuda.cards import CODES
from hanafuda.rules import configure
from hanafuda.rules.base import ScoreTerm
from hanafuda.words import Namer, join_words, match_result_text, score_line, totals_text, yaku_progress
from hanafuda.words.catalogue import text
from hanafuda.words.scores import MINUS, number_text
from hanafuda.words.table import status_line

LANGS = ("en", "ja", "ko")


def mask(*codes: str) -> int:
    out = 0
    for code in codes:
        out |= 1 << CODES.index(code)
    return out


def six_ribbons(lang: str, theirs: tuple[str, ...]) -> tuple[str, str]:
    """Hana-Awase's Six Ribbons for a side holding two ribbons, the other side ``theirs``: the
    table's line and the terminal's sentence."""
    config = configure("hana-awase", 2, {})
    namer = Namer(config, "hanafuda", 0, ("Ann", "Bot"), lang)
    [p] = [p for p in yaku_progress(namer, [mask("pine-ribbon", "plum-ribbon"), mask(*theirs)])
           if p.id == "six-ribbons"]
    return p.line(namer, 0), p.side_text(namer, 0)


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_yaku_needing_every_card_still_out_says_so(lang: str) -> None:
    # nine ribbons count; three taken by the other side: four still out, four more needed
    line, sentence = six_ribbons(lang, ("cherry-ribbon", "wisteria-ribbon", "iris-ribbon"))
    assert text("progress.line.needs_all", lang, n=4) in line, line
    assert text("progress.needs_count_all", lang, n=4) in sentence, sentence
    for said in (line, sentence):
        assert not re.search(r"\b4 more of 4\b|残り4枚のうちあと4枚|남은 4장 중 4장", said), said
    if lang == "en":
        assert line.startswith("2/6 — needs all 4 still out; ")
        assert sentence.endswith("; needs all 4 still out")
    # five still out, four needed: how many of how many, as before
    line, sentence = six_ribbons(lang, ("cherry-ribbon", "wisteria-ribbon"))
    assert text("progress.line.needs_more", lang, n=4, out=5) in line, line
    if lang == "en":
        assert sentence.endswith("needs 4 more of 5 still out")


def test_names_that_hold_and_are_joined_so_each_stands_apart() -> None:
    assert join_words(["Pine Crane and Sun", "Cherry Curtain"]) == "Pine Crane and Sun, and Cherry Curtain"
    assert join_words(["Pine Crane and Sun", "Plum Bush Warbler", "Cherry Curtain"]) == \
        "Pine Crane and Sun, Plum Bush Warbler, and Cherry Curtain"
    assert join_words(["Plum Bush Warbler", "Cherry Curtain and Sake"]) == \
        "Plum Bush Warbler, and Cherry Curtain and Sake"
    # names without the word: as before
    assert join_words(["Pine Chaff", "Plum Chaff", "Cherry Chaff"]) == \
        "Pine Chaff, Plum Chaff and Cherry Chaff"
    assert join_words(["Ann", "Bo"]) == "Ann and Bo"
    assert join_words(["1", "3"], "&") == "1 & 3"
    # as a card list says them, in every language: each name apart
    config = configure("hana-awase", 2, {})
    for lang in LANGS:
        namer = Namer(config, "hanafuda", 0, ("Ann", "Bot"), lang)
        names = [namer.card(c) for c in ("pine-crane", "cherry-curtain")]
        said = namer.cards(["pine-crane", "cherry-curtain"])
        assert said.count(names[0]) == 1 and said.count(names[1]) == 1
        between = said[len(names[0]):-len(names[1])]
        assert between in (", and ", "、", ", "), (lang, said)


@pytest.mark.parametrize("lang", LANGS)
def test_a_result_keeps_to_its_equals_sign_with_the_one_minus(lang: str) -> None:
    config = configure("kwa-do", 2, {})
    terms = (ScoreTerm("card points", 101), ScoreTerm("floor 240 / 2", -240))
    line = score_line(config, terms, -139, lang)
    assert line.endswith(f"=\u00a0{MINUS}139"), line  # no break between "=" and its number
    assert not re.search(r"=\s*-\d|= [−\d]", line), line
    assert not re.search(r"(?<![\w−-])-\d", line), line
    positive = score_line(config, (ScoreTerm("card points", 35),), 35, lang)
    assert positive.endswith("=\u00a035"), positive


@pytest.mark.parametrize("lang", LANGS)
def test_negative_totals_read_with_the_one_minus_sign(lang: str) -> None:
    config = configure("koi-koi", 2, {})
    namer = Namer(config, "hanafuda", 0, ("Ann", "Bot"), lang)
    said = totals_text(namer, [20, -20])
    assert said.endswith(f"{MINUS}20") and "-20" not in said, said
    assert number_text(-5) == "−5" and number_text(0) == "0" and number_text(7) == "7"
    from hanafuda import Match

    match = Match("koi-koi", 2, {}, seed=1)
    match.totals = [-35, 35]
    line = status_line(namer, match.view(0))
    assert f"{MINUS}35" in line and "-35" not in line, line
    # a match won with a total below 0 (a par game): the winner's total with the same sign
    said = match_result_text(namer, [1], [-40, -3], 12)
    assert f"{MINUS}3" in said and "-3" not in said, said
