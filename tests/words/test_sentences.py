# ruff: noqa: E501  (Japanese and Korean sentences in full)
"""The game's sentences in Japanese and Korean (words/sentences.py, issue 15): every log entry,
move choice, result line and hint a table says, in both languages, with no English sentence
left (card names follow the theme, so they are the only Latin words allowed), every card named,
and English unchanged."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from hanafuda.cards import CARDS
from hanafuda.rules.base import ScoreTerm
from hanafuda.words import (
    Namer,
    describe_move,
    events,
    hint_lines,
    legal_move_words,
    log_entries,
    match_result_text,
    moves,
    round_log_entries,
    round_result,
    score_line,
    term_label,
    totals_text,
)
from hanafuda.words.catalogue import messages
from hanafuda.words.scores import number_text
from hanafuda.words.sentences import note_text, say

from .helpers import deal_match, playouts

LANGS = ("ja", "ko")
PLAYERS = ("Ann", "greedy", "Bo", "Cy")
CALLS = ("Kwa-Dō!",)


def _entries(prefix: str) -> dict[str, dict[str, str]]:
    """The catalogue's entries under ``prefix`` ("say.", "term.", "note.") by key, then language."""
    keys = {k[len(prefix):] for lang in LANGS for k in messages(lang) if k.startswith(prefix)}
    return {k: {lang: messages(lang)[prefix + k] for lang in LANGS if prefix + k in messages(lang)} for k in keys}


SENTENCES = _entries("say.")
TERMS = _entries("term.")
NOTES = _entries("note.")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_sentence_is_in_both_languages_with_the_same_blanks() -> None:
    for key, texts in SENTENCES.items():
        assert set(texts) == set(LANGS), key
        assert _fields(texts["ja"]) == _fields(texts["ko"]), key
    with pytest.raises(KeyError):
        say("no-such-sentence", "ja")
    with pytest.raises(ValueError, match="no sentence"):
        say("deal", "en", n=2)
    with pytest.raises(ValueError, match="unknown language"):
        Namer(deal_match("mushi", 2, None, hands=[[], []], field=[]).config, lang="fr")


def _namer(match: Any, seat: int | None, lang: str, theme: str = "") -> Namer:
    return Namer(match.config, theme or match.config.game.default_theme, seat,
                 PLAYERS[:match.config.players], lang, frozenset({1}))


def _english_left(text: str, namer: Namer) -> list[str]:
    """The Latin words of ``text`` once every card name and seat name of the namer is taken out."""
    names = {namer.card(c.id, wild=w) for c in CARDS for w in (False, True)}
    names |= {namer.month(c.id) for c in CARDS} | {namer.month(c.id).rsplit(" (", 1)[0] for c in CARDS}
    names |= {namer.seat(s) for s in range(namer.config.players)}
    names |= set(CALLS)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """The sentence keys used while the test runs."""
    used: set[str] = set()

    def record(key: str, lang: str, **values: Any) -> str:
        used.add(key)
        return say(key, lang, **values)

    for module in (events, moves):
        monkeypatch.setattr(module, "say", record)
    yield used


LOG_KEYS = {"entry", "step_joiner", "play_took", "play_on", "play_none", "play_declare", "flip_choose",
            "flip_choosing", "flip_none", "flip_last", "flip_field", "flip_took", "flip_ppeok",
            "teyaku_expose", "teyaku_paid", "teyaku_keep", "dealer_captures", "collect", "collect_month"}
MOVE_KEYS = {"keep_text", "keep_choice", "take_text", "take_choice", "declare_text", "declare_gives_up",
             "declare_gives_up_choice", "declare_choice", "declare_no_capture", "place_text",
             "place_choice", "capture_text", "capture_choice", "on_the_field", "expose_text",
             "expose_choice", "hint_best_plain", "hint_best_gain", "hint_next_plain", "hint_next_close", "hint_ahead", "hint_even",
             "hint_behind"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_log_entry_and_move_of_every_game_in_the_language(lang: str, said: set[str]) -> None:
    """Seeded playouts of every game with its special rules on: each log entry and legal move in
    ``lang`` has no English left, names every card it moved and differs from the English."""
    checked = 0
    for match, _ in playouts(seeds=3, ends=True):
        seat = match.to_move if match.to_move is not None else 0
        view = match.view(seat)
        namer, english = _namer(match, seat, lang), _namer(match, seat, "en")
        for entry, en in zip(log_entries(view, namer)[-2:], log_entries(view, english)[-2:], strict=True):
            assert not _english_left(entry.text, namer), entry.text
            assert entry.text != en.text and (entry.kind, entry.cards, entry.steps) == (en.kind, en.cards, en.steps)
            for code in entry.cards:
                assert namer.card(code) in entry.text or namer.card(code, wild=True) in entry.text, entry.text
            checked += 1
        for words, en_words in zip(legal_move_words(view, namer), legal_move_words(view, english), strict=True):
            assert words.move == en_words.move and words.takes == en_words.takes
            for text in (words.text, words.choice):
                assert not _english_left(text, namer), text
            assert words.text != en_words.text and words.choice != en_words.choice
        if len(view.legal) > 1:
            # the hint in words, no number (a new player read "約-8点" as nonsense): the best move,
            # the runner-up (almost as good or not), how the round leans
            for best_value, next_value, outlook in ((12.4, -3.0, "hint_ahead"), (-14.0, -14.2, "hint_behind"), (0.2, -0.1, "hint_even")):
                lines = hint_lines(view, namer, view.legal[0], best_value, view.legal[1], next_value)
                assert lines[0].startswith({"ja": "最善：", "ko": "최선: "}[lang]), lines
                first, second = (describe_move(view, m, namer).text for m in view.legal[:2])
                if first == second:  # alike word for word: said once, "either will do" (walk41 5)
                    assert say("hint_alike", lang, card="")[-6:] in lines[1], lines
                    continue
                assert lines[1].startswith({"ja": "次善：", "ko": "차선: "}[lang]), lines
                close = say("hint_next_close", lang, text="")[len(say("hint_next_plain", lang, text="")) - 1:]
                assert lines[1].endswith(close) == (outlook != "hint_ahead"), (lines, close)
                assert lines[2] == say(outlook, lang), lines
                assert not any(n in "".join(lines) for n in ("(약 ", "（約", "+12", "-14", "-3")), lines
                assert not any(_english_left(line, namer) for line in lines), lines
    assert checked > 500
    # the rare cases have their own tests below; every other sentence was said here
    rare = {"flip_field", "dealer_captures", "flip_choosing"}
    missing = (LOG_KEYS | MOVE_KEYS) - said - rare
    assert not missing, missing


def _texts(match: Any, seat: int | None, lang: str) -> list[str]:
    view = match.view(seat)
    return [e.text for e in log_entries(view, _namer(match, seat, lang, "hanafuda"))]


def test_a_turn_waiting_for_its_choice_then_complete() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["cherry-curtain", "cherry-chaff1"], stock_head=["cherry-chaff2"])
    match.play("play pine-chaff1")
    assert _texts(match, 0, "ja") == ["あなた：松のカスを出しました（取り札なし）。"
                                      "桜のカスをめくりました。取る札を選んでください。"]
    assert _texts(match, 1, "ko") == ["Ann(1번 자리): 솔 피를 냈습니다(먹은 패 없음). "
                                      "벚꽃 피를 뒤집었습니다. 먹을 패를 고르는 중입니다."]
    [take] = legal_move_words(match.view(0), _namer(match, 0, "ja", "hanafuda"))[:1]
    assert (take.text, take.choice) == ("桜のカスで桜に幕を取る", "桜に幕を取る")
    match.play("take cherry-curtain")
    assert _texts(match, 1, "ja") == ["Ann（1番席）：松のカスを出しました（取り札なし）。"
                                      "桜のカスをめくり、桜に幕を取りました。"]


def test_ppeok_in_both_languages() -> None:
    match = deal_match("min-hwatu", 2, {"flip_matches_pair": "ppeok"},
                       hands=[["plum-chaff1"], ["pine-chaff1"]], field=["plum-chaff2"],
                       stock_head=["plum-warbler"])
    match.play("play plum-chaff1")
    assert _texts(match, 0, "ja") == ["あなた：梅のカスを出して梅のカスに合わせました。"
                                      "同じ月の梅に鶯をめくりました。ポク：3枚とも場に重ねて残ります。"]
    assert _texts(match, 1, "ko") == ["Ann(1번 자리): 매화 피를 내어 매화 피에 맞췄습니다. "
                                      "같은 달의 매조 열끗 (휘파람새)를 뒤집었습니다. 뻑: 세 장 모두 바닥에 쌓여 남습니다."]


def test_a_bot_seat_reads_by_its_level_and_the_wild_card_is_marked() -> None:
    match = deal_match("mushi", 2, None, hands=[["pine-chaff1"], ["willow-lightning"]],
                       field=["cherry-curtain"], dealer=1)
    match.play("play willow-lightning take cherry-curtain")
    [ja] = _texts(match, 0, "ja")
    [ko] = _texts(match, 0, "ko")
    assert ja.startswith("初級ボット（2番席）：柳のカス（雷・万能）を出して桜に幕を取りました。")
    assert ko.startswith("초급 봇(2번 자리): 비 피 (번개, 만능)을 내어 벚꽃 광을 먹었습니다.")


def test_a_turned_over_card_takes_the_lightning_lying_on_the_field() -> None:
    match = deal_match("mushi", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["willow-lightning", "susuki-chaff1", "susuki-chaff2"], stock_head=["cherry-chaff1"])
    match.play("play pine-chaff1")
    english = _texts(match, 0, "en")[0]
    assert "took Willow Lightning from the field" in english, english
    assert _texts(match, 0, "ja")[0].endswith("桜のカスをめくり、場から柳のカス（雷）を取りました。")
    assert _texts(match, 0, "ko")[0].endswith("벚꽃 피를 뒤집어 바닥에서 비 피 (번개)를 먹었습니다.")


def test_teyaku_kept_and_exposed() -> None:
    chaff = ["pine-chaff1", "pine-chaff2", "plum-chaff1", "plum-chaff2", "cherry-chaff1", "cherry-chaff2"]
    others = [["wisteria-cuckoo", "iris-chaff1", "peony-butterflies", "clover-boar", "susuki-geese",
               "maple-deer", "willow-swallow"],
              ["pine-crane", "plum-warbler", "cherry-curtain", "susuki-moon", "willow-rainman",
               "paulownia-phoenix", "chrysanthemum-sake"]]
    field = ["pine-ribbon", "plum-ribbon", "cherry-ribbon", "wisteria-ribbon", "iris-ribbon", "peony-ribbon"]
    kept = deal_match("hana-awase", 3, {"teyaku": True}, hands=[[*chaff, "iris-bridge"], *others], field=field)
    words = {w.move: (w.text, w.choice) for w in legal_move_words(kept.view(0), _namer(kept, 0, "ko", "hanafuda"))}
    # both choices name the teyaku (walk41 finding 6)
    assert words["keep"] == ("손약 '피 6장' 숨기기(아무도 물지 않고, 아무도 모릅니다)", "손약 '피 6장' 숨기기")
    assert words["expose"][0].startswith("손약 '피 6장' 보이기: 다른 모두가 20씩 물어 줍니다(합계 +40).")
    kept.play("keep")
    assert _texts(kept, 0, "ja") == ["あなた：手役を伏せました。"]
    exposed = deal_match("hana-awase", 3, {"teyaku": True}, hands=[[*chaff, "iris-bridge"], *others], field=field)
    exposed.play("expose")
    [ja] = _texts(exposed, 2, "ja")
    assert ja.startswith("Ann（1番席）：手役を見せました。カス6枚（松のカス") and ja.endswith("、ほかの全員が20ずつ支払います。")


@pytest.mark.parametrize(("lang", "start"), [("ja", "1番席（親）：場に配られた"), ("ko", "1번 자리(선): 바닥에 깔린 ")])
def test_the_dealer_captures_a_dealt_four(lang: str, start: str) -> None:
    match = deal_match("hawaiifuda", 2, None, hands=[["plum-chaff1"], ["plum-chaff2"]],
                       field=["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2"])
    view = match.view(1)
    namer = Namer(match.config, "hawaiifuda", 1, (), lang)
    [entry] = log_entries(view, namer)
    assert entry.text.startswith(start) and namer.month("pine-crane").rsplit(" (", 1)[0] in entry.text
    assert not _english_left(entry.text, namer)


def test_a_record_reads_in_the_language() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]], field=["pine-crane"])
    match.play("play pine-chaff1")
    entries = round_log_entries(match.view(0).history, _namer(match, None, "ko", "hanafuda"), match.current.stock_left)
    assert entries[0].text.startswith("Ann(1번 자리): 솔 피를 내어 송학 광을 먹었습니다.")


# -- a round's result and the match's ---------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_round_result_totals_and_match_result_in_the_language(lang: str) -> None:
    """Seeded matches of every game played to their end: each side's "how it scored" line and
    terms, the totals and the match result in ``lang``, numbers as in English."""
    results = 0
    for match, _ in playouts(seeds=2, ends=True):
        if not match.round_over:
            continue
        namer, english = _namer(match, 0, lang), _namer(match, 0, "en")
        ours = round_result(namer, match.results[-1], match.current.captures)
        theirs = round_result(english, match.results[-1], match.current.captures)
        for side, en in zip(ours, theirs, strict=True):
            assert side.score == en.score and [t.value for t in side.terms] == [t.value for t in en.terms]
            assert side.line.endswith(f"=\u00a0{number_text(en.score)}") or "0" in side.line
            assert side.line != en.line and not _english_left(side.line, namer), side.line
            assert not any(_english_left(t.label, namer) for t in side.terms), side.terms
        totals = totals_text(namer, match.totals)
        assert not _english_left(totals, namer) and all(number_text(t) in totals for t in match.totals)
        results += 1
    assert results >= 8
    match = playout_to_the_end("kwa-do", 3, {"rounds": 1})
    said = match_result_text(_namer(match, 0, lang), match.winners, match.totals, 1)
    assert said.startswith({"ja": "1回で対局終了：", "ko": "1판으로 대국 끝: "}[lang]), said
    assert str(max(match.totals)) in said and not _english_left(said, _namer(match, 0, lang))


def playout_to_the_end(game: str, players: int, options: dict[str, Any]) -> Any:
    from hanafuda import Match
    match = Match(game, players, options, seed=4)
    while not match.finished:
        if match.round_over:
            match.next_round()
        else:
            match.play(match.legal_moves()[0])
    return match


def test_a_shared_win_and_the_match_result_in_both_languages() -> None:
    match = playout_to_the_end("mushi", 2, {"rounds": 1})
    ja, ko = _namer(match, 0, "ja"), _namer(match, 0, "ko")
    # every side level: a draw (walk41 finding 13); the shared win is for some sides, not all
    assert match_result_text(ja, [0, 1], [50, 50], 3) == "3回で対局終了：引き分け（50対50）。"
    assert match_result_text(ja, [0, 1], [50, 50, 10], 3) == "3回で対局終了：あなたと初級ボット（2番席）が同点で勝ち（50点）。"
    assert match_result_text(ko, [1], [10, 70], 2) == "2판으로 대국 끝: 초급 봇(2번 자리) 승리(70점)."
    assert totals_text(ja, [10, -5]) == "あなた 10、初級ボット（2番席） −5"


def test_every_score_term_label_in_both_languages() -> None:
    from hanafuda.rules import configure
    from hanafuda.rules.kwa_do import NEGATIVE_AS_ZERO
    from hanafuda.words.languages import TranslationMissing
    config = configure("kwa-do", 2, {"yaku": True})
    labels = [*(t for t in TERMS if t != "a negative score counts as 0"), "own yaku 30 × 2", "own teyaku 20 × 2", "opponents' combos 2 × 50", "floor 240 / 2",
              NEGATIVE_AS_ZERO, "four-iris"]
    for lang in LANGS:
        said = [term_label(config, label, lang=lang) for label in labels]
        assert not any(re.search(r"[A-Za-z]{2,}", s) for s in said), said
        assert len(set(said)) == len(said)
    assert term_label(config, "floor 240 / 2", lang="ja") == "下限：240 ÷ 2陣営"
    assert term_label(config, "own yaku 30 × 2", lang="ko") == "자기 약 30 × 2"
    assert term_label(config, "floor 240 / 2") == "floor: 240 ÷ 2 sides"
    with pytest.raises(TranslationMissing):
        term_label(config, "a term nobody wrote words for", lang="ja")
    terms = [ScoreTerm("card points", 55), ScoreTerm("floor 240 / 2", -120), ScoreTerm(NEGATIVE_AS_ZERO, 65)]
    assert score_line(config, terms, 0, "ja") == "55 (札の点) − 120 (下限：240 ÷ 2陣営) =\u00a0−65、0と数えます（0未満にはなりません）"
    assert score_line(config, terms, 0, "ko") == "55 (패 점수) − 120 (기준선: 240 ÷ 2편) =\u00a0−65, 0으로 칩니다(0 아래로 내려가지 않음)"


def test_a_rounds_note_in_both_languages() -> None:
    for note, texts in NOTES.items():
        assert note_text(note, "en") == note and note_text(note, "ja") == texts["ja"] != texts["ko"] == note_text(note, "ko")
    assert note_text("", "ja") == ""
    with pytest.raises(KeyError):
        note_text("a note nobody wrote words for", "ko")
