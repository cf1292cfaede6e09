"""The game's sentences in Japanese and Korean (issue 15): the log, the move choices, a round's
result and the match's, the replay's step line and the hints — entries ``say.<kind>``,
``term.<English label>`` and ``note.<English note>`` of the one catalogue (``words.catalogue``).

The sentence builders of this package (``events``, ``moves``, ``scores``, ``summary``) write
English from structured data (an entry's kind and steps, a move's outcome, a score's terms); when
their ``Namer`` speaks another language (``Namer.lang``) they fill the template of the same kind
instead.  Card names follow the theme in the language (``Namer.card``), seats and sides are named
by ``Namer.seat``/``Namer.side``, yaku by ``languages.yaku_name``.

Korean templates write a particle that depends on the last sound of a name the theme chooses
(a card may be called "Pine Crane" or "송학 광") as the choice "을(를)", "(으)로"; the catalogue
picks the form once the name is filled in (``words.particles``).
``tests/words/test_sentences.py`` checks every template in both languages.
"""

from __future__ import annotations

from typing import Any

from .catalogue import TranslationMissing, check_language, has, messages, text

__all__ = ["note_text", "say", "sentence_keys", "term_text"]


def say(key: str, lang: str, **values: Any) -> str:
    """The sentence ``key`` in ``lang`` (ja or ko) with its ``values`` filled in."""
    check_language(lang)
    if not has(f"say.{key}", "ja"):
        raise KeyError(f"no sentence {key!r}")
    if lang == "en":
        raise ValueError(f"no sentence {key!r} in 'en'; English sentences are written by the builders")
    return text(f"say.{key}", lang, **values)


def sentence_keys() -> tuple[str, ...]:
    """Every sentence's kind (the ``say.<kind>`` entries)."""
    return tuple(k[4:] for k in messages("ja") if k.startswith("say."))


def term_text(label: str, lang: str) -> str | None:
    """A score term's fixed English label in ``lang``, or None when the label is not a fixed phrase."""
    key = f"term.{label}"
    return text(key, lang) if has(key, lang) else None


def note_text(note: str, lang: str) -> str:
    """A round's note (``RoundScore.note``, English) in ``lang``."""
    if lang == "en" or not note:
        return note
    key = f"note.{note}"
    if not has(key, lang):
        raise TranslationMissing(f"no words for the note {note!r}")
    return text(key, lang)
