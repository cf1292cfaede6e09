"""Korean particles chosen by the word before them (issue 28; ``words.particles``)."""

from __future__ import annotations

import pytest

from hanafuda.words.catalogue import messages, text
from hanafuda.words.particles import PARTICLES, choose_particles, final_sound


@pytest.mark.parametrize(("word", "sound"), [
    ("광", "k"), ("피", ""), ("송학 광", "k"), ("벚꽃 피", ""), ("열끗", "k"), ("달", "l"), ("서울", "l"),
    ("1", "l"), ("2", ""), ("3", "k"), ("6", "k"), ("7", "l"), ("8", "l"), ("9", ""), ("10", "k"), ("15", ""),
    ("Ann", "k"), ("Bob", "k"), ("Anna", ""), ("Greedy", ""), ("Peter", ""), ("Bill", "l"), ("Kim", "k"),
    ("'Ann'", "k"), ("비 쌍피 (만능)", "k"), ("「광」", "k"), ("松", None), ("", None), ("!", None),
])
def test_the_final_sound_of_a_word(word: str, sound: str | None) -> None:
    assert final_sound(word) == sound


@pytest.mark.parametrize(("written", "said"), [
    ("송학 광을(를) 먹었습니다", "송학 광을 먹었습니다"),
    ("벚꽃 피을(를) 뒤집었습니다", "벚꽃 피를 뒤집었습니다"),
    ("Ann이(가) 이겼습니다", "Ann이 이겼습니다"),
    ("Anna이(가) 이겼습니다", "Anna가 이겼습니다"),
    ("이름 'Ann'은(는) 이미", "이름 'Ann'은 이미"),
    ("피은(는) 없음", "피는 없음"),
    ("광와(과) 띠", "광과 띠"), ("피와(과) 띠", "피와 띠"),
    ("광(으)로", "광으로"), ("피(으)로", "피로"), ("달(으)로", "달로"),
    ("1(으)로", "1로"), ("3(으)로", "3으로"),
    ("2을(를) 3을(를)", "2를 3을"),
    ("松을(를)", "松을(를)"),  # nothing to tell the sound by: the written choice stays
    ("괄호 (만) 없음", "괄호 (만) 없음"),
])
def test_choose_particles(written: str, said: str) -> None:
    assert choose_particles(written) == said


def test_every_korean_entry_is_said_with_its_particles_chosen() -> None:
    """``catalogue.text`` in Korean: every written choice after a filled placeholder is resolved
    (a card name ending in a vowel and one ending in a consonant take different forms), while the
    Japanese and English entries are left as they are."""
    choices = [c for c, _, _ in PARTICLES]
    keyed = {k: v for k, v in messages("ko").items() if any("}" + c in v for c in choices)}
    assert len(keyed) >= 10
    for key, template in keyed.items():
        names = {n.split("}")[0] for n in template.split("{")[1:]}
        for word in ("벚꽃 피", "송학 광", "Ann", "Anna", "3"):
            said = text(key, "ko", **dict.fromkeys(names, word))
            assert not any(word + c in said for c in choices), (key, said)
    assert text("label.seat", "ko", n=3) == "3번 자리"
