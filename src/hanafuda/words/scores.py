"""Score terms in words: "Four Irises +30", never the id ``four-iris`` (RULES.md §4, §6).

A game's ``score_round`` returns ``ScoreTerm``s whose labels are either words ("card points",
"par", "own yaku 30 × 2") or a yaku id; here ids become the yaku's name, the Kwa-Dō floor is
written as what it is ("floor: 240 ÷ 2 sides") and a raise to 0 reads "counted as 0" instead of
an addend.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.base import Config, ScoreTerm
from ..rules.kwa_do import NEGATIVE_AS_ZERO
from .catalogue import TranslationMissing, text
from .progress import yaku_in_force
from .sentences import say, term_text

__all__ = ["MINUS", "ScoreWords", "number_text", "score_line", "score_words", "term_label"]

MINUS = "\u2212"
"""The one sign of a negative score a person reads ("−20", U+2212 MINUS SIGN): the sign the score
terms always used ("−120 (floor …)"); totals and a round's "= −65" say it too, never "-"."""

_EQUALS = " =\u00a0"
"""Before a round's result: a no-break space after "=", so "= −139" never wraps away from its
"=" (on the page and in the terminal)."""


def number_text(value: int) -> str:
    """A score as a person reads it: "20", "−20" (``MINUS``, never "-")."""
    return f"{MINUS}{-value}" if value < 0 else str(value)

_FLOOR_PREFIX = "floor "


@dataclass(frozen=True)
class ScoreWords:
    """One addend of a side's round score: ``label`` in words, ``value``, ``text`` ("Four Irises
    +30"); ``clamp`` marks the raise of a negative score to 0."""

    label: str
    value: int
    text: str
    clamp: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "text": self.text, "clamp": self.clamp}


def _names(config: Config) -> dict[str, str]:
    return {y.id: y.name for y in yaku_in_force(config)}


_TIMES = re.compile(r"^(own yaku|own teyaku|opponents' combos) (\d+) × (\d+)$")
_TIMES_KEY = {"own yaku": "term_own_yaku_times", "own teyaku": "term_own_teyaku_times",
              "opponents' combos": "term_opponents_combos"}


def _label_in(config: Config, label: str, names: dict[str, str], lang: str) -> str:
    """``term_label`` in Japanese or Korean."""
    from .languages import yaku_name
    if label in names:
        return yaku_name(config.game, label, names[label], lang)
    if label.startswith(_FLOOR_PREFIX) and "/" in label:
        total, _, sides = label[len(_FLOOR_PREFIX):].partition("/")
        return say("term_floor", lang, total=total.strip(), sides=sides.strip())
    if label == NEGATIVE_AS_ZERO:
        return text("term.a negative score counts as 0", lang)
    times = _TIMES.match(label)
    if times:
        what, first, second = times.groups()
        return say(_TIMES_KEY[what], lang, points=first, times=second, count=first, each=second)
    fixed = term_text(label, lang)
    if fixed is not None:
        return fixed
    raise TranslationMissing(f"no words for the score term {label!r}")


def term_label(config: Config, label: str, names: dict[str, str] | None = None,
               lang: str = "en") -> str:
    """A term's label in words: a yaku id becomes its name; the floor says how it is made
    (in ``lang``: English, Japanese or Korean)."""
    names = _names(config) if names is None else names
    if lang != "en":
        return _label_in(config, label, names, lang)
    if label in names:
        return names[label]
    if label.startswith(_FLOOR_PREFIX) and "/" in label:
        total, _, sides = label[len(_FLOOR_PREFIX):].partition("/")
        return f"floor: {total.strip()} ÷ {sides.strip()} sides"
    if label == NEGATIVE_AS_ZERO:
        return "a negative score counts as 0"
    return label


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else number_text(value)


def score_words(config: Config, terms: Sequence[ScoreTerm], lang: str = "en") -> list[ScoreWords]:
    """Each term of one side's score in words, in order."""
    names = _names(config)
    out = []
    for term in terms:
        label = term_label(config, term.label, names, lang)
        clamp = term.label == NEGATIVE_AS_ZERO
        out.append(ScoreWords(label, term.value, f"{label} {_signed(term.value)}", clamp))
    return out


def score_line(config: Config, terms: Sequence[ScoreTerm], total: int, lang: str = "en") -> str:
    """"85 (card points) + 60 (own yaku 30 × 2) − 20 (others' yaku) = 125"; with the Kwa-Dō
    floor: "55 (card points) − 120 (floor (240 ÷ 2 sides)) = −65, counted as 0".  The result keeps
    to its "=" (``_EQUALS``) and a negative one reads "−" (``number_text``)."""
    parts: list[str] = []
    running = 0
    for index, words in enumerate(score_words(config, terms, lang)):
        if words.clamp:
            if total == 0:
                if lang != "en":  # the catalogue's " = {running}、…", its "=" kept with the number
                    said = say("score_clamped", lang, running=number_text(running))
                    return " ".join(parts) + said.replace(" = ", _EQUALS, 1)
                return " ".join(parts) + f"{_EQUALS}{number_text(running)}, counted as 0 (never below 0)"
            return " ".join(parts) + _EQUALS + number_text(total)
        running += words.value
        body = f"{abs(words.value)} ({words.label})"
        if index == 0:
            parts.append(body if words.value >= 0 else MINUS + body)
        else:
            parts.append(("+ " if words.value >= 0 else f"{MINUS} ") + body)
    return " ".join(parts) + _EQUALS + number_text(total)
