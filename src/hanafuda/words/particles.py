"""Korean particles chosen by the word they follow (issue 28, "Korean particles").

A Korean particle has two forms, and which one follows a word depends on that word's last sound:
after a final consonant (batchim) 을, 이, 은, 과, 으로; after a vowel 를, 가, 는, 와, 로 — and
로 after a final ㄹ too.  The catalogue cannot know the word a placeholder will hold (a card may
be called "송학 광" or "Pine Crane", a player "Ann" or "민수"), so its Korean templates write
both forms: "{card}을(를)", "{who}이(가)", "{cards}은(는)", "{a}와(과)", "{card}(으)로".
``choose_particles`` picks one form once the words are filled in (``catalogue.text`` applies it to
every Korean entry; the pages' ``HF.t`` does the same in ``static/common.js``).

The last sound of the preceding word:

- a Hangul syllable: ``(code - 0xAC00) % 28`` is its final consonant (0: none; 8: ㄹ);
- a digit: as the number is read in Sino-Korean (1 일, 2 이, 3 삼, …; a number ending in 0 reads
  십/백/천/만, all with a final consonant);
- a Latin letter: as an English word ends once written in Hangul — a vowel letter (a, e, i, o,
  u, y, w) or an r after a vowel ("Peter" 피터) ends in a vowel, an l in ㄹ ("Bill" 빌), any other
  consonant in a final consonant ("Ann" 앤, "Bob" 밥);
- closing brackets, quotes and spaces are looked through ("'Ann'은", "비 쌍피 (만능)을");
- anything else (a kanji, a symbol): the written choice "을(를)" stays, which is correct Korean.
"""

from __future__ import annotations

__all__ = ["PARTICLES", "choose_particles", "final_sound"]

PARTICLES: tuple[tuple[str, str, str], ...] = (
    ("을(를)", "을", "를"),
    ("이(가)", "이", "가"),
    ("은(는)", "은", "는"),
    ("와(과)", "과", "와"),
    ("과(와)", "과", "와"),
    ("(으)로", "으로", "로"),
)
"""Each written choice with its form after a final consonant and its form after a vowel."""

_DIGIT_FINAL = {"0": "k", "1": "l", "2": "", "3": "k", "4": "", "5": "", "6": "k", "7": "l", "8": "l",
                "9": ""}
"""Whether a digit's Sino-Korean reading ends in a consonant ("k"), in ㄹ ("l") or a vowel ("")."""

_SKIP = " \t'\"’”」』)）]］}>〉》"
"""What stands between a word and its particle without being said: brackets, quotes, spaces."""


def final_sound(word: str) -> str | None:
    """How ``word`` ends when said in Korean: "" a vowel, "l" the consonant ㄹ, "k" another final
    consonant, None when it cannot be told (no Hangul, digit or Latin letter at its end)."""
    end = word.rstrip(_SKIP)
    if not end:
        return None
    last = end[-1]
    code = ord(last)
    if 0xAC00 <= code <= 0xD7A3:
        final = (code - 0xAC00) % 28
        return "" if final == 0 else "l" if final == 8 else "k"
    if last in _DIGIT_FINAL:
        return _DIGIT_FINAL[last]
    lower = last.lower()
    if "a" <= lower <= "z":
        if lower in "aeiouyw":
            return ""
        if lower == "r" and len(end) > 1 and end[-2].lower() in "aeiou":
            return ""
        return "l" if lower in "lr" else "k"
    return None


def _form(final: str | None, choice: str, after_consonant: str, after_vowel: str) -> str:
    if final is None:
        return choice
    if choice == "(으)로":
        return after_vowel if final in ("", "l") else after_consonant
    return after_vowel if final == "" else after_consonant


def choose_particles(sentence: str) -> str:
    """``sentence`` with every written choice of a particle ("을(를)", "(으)로", …) replaced by the
    form the word before it takes ("송학 광을", "Ann은", "3점을", "서울로")."""
    if not any(choice in sentence for choice, _, _ in PARTICLES):
        return sentence
    out: list[str] = []
    i = 0
    while True:
        found = [(at, choice, c, v) for choice, c, v in PARTICLES if (at := sentence.find(choice, i)) >= 0]
        if not found:
            out.append(sentence[i:])
            return "".join(out)
        at, choice, after_consonant, after_vowel = min(found)
        out.append(sentence[i:at])
        out.append(_form(final_sound("".join(out)), choice, after_consonant, after_vowel))
        i = at + len(choice)
