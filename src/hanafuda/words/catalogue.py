"""The one catalogue of words (issue 28): every text a person reads in Japanese and Korean, and
every English text that is not a per-game fact, looked up by key in ``hanafuda/locales/<lang>.json``.

One flat JSON object per language, keys dotted by area ("say.play_took", "option.teams.label",
"card.hanafuda.pine-crane", "err.…"), placeholders ``{name}`` filled by ``str.format``.
English is the source: ``en.json`` holds the interface (web pages, the terminal app) and the
words shared by all games; a game's own English (its summary, option labels, yaku names, the
theme's English card names) stays on its class in ``rules/`` and in ``themes.py`` (RULES.md §1),
and ``ja.json``/``ko.json`` add those in their language.  ``tests/words/test_catalogue.py``
checks that every English key exists in Japanese and Korean with the same placeholders, and
that the two translations have the same keys.

The web pages get the same catalogue as JSON (``web/social/i18n.py``): one mechanism for the
lobby, the table, the terminal app, ``hanafuda rules`` and ``hanafuda replay``.
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any

from .particles import choose_particles

__all__ = ["LANGUAGES", "SERVER_AREAS", "TranslationMissing", "UnknownLanguageError", "check_language", "has",
           "messages", "placeholders", "text"]

LANGUAGES = ("en", "ja", "ko")
"""The languages the words are said in (English, Japanese, Korean)."""


SERVER_AREAS = ("reference.", "replaytext.", "tui.", "screen.", "pile.", "result.", "phase.", "misdeal.",
                "options.")
"""Key areas only the server's words use (the terminal app, ``hanafuda rules``/``replay``, the
words layer's own labels): the web pages are not sent them."""


class TranslationMissing(KeyError):
    """A key the catalogue of a language lacks (a game, option, card or sentence without words)."""


class UnknownLanguageError(ValueError):
    """A language that is not one of ``LANGUAGES``."""


def check_language(lang: str) -> str:
    """``lang`` if it is one of ``LANGUAGES``; else a clear error listing the choices."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(f"unknown language {lang!r}; languages are: {', '.join(LANGUAGES)}")
    return lang


@cache
def messages(lang: str) -> dict[str, str]:
    """Every entry of ``lang``'s catalogue by key (read once; the caller must not change it)."""
    check_language(lang)
    raw = resources.files("hanafuda").joinpath("locales", f"{lang}.json").read_text("utf-8")
    data: dict[str, str] = json.loads(raw)
    return data


def has(key: str, lang: str) -> bool:
    """Whether ``lang``'s catalogue has ``key``."""
    return key in messages(lang)


def text(key: str, lang: str, **fields: Any) -> str:
    """The entry ``key`` in ``lang`` with its ``{placeholders}`` filled from ``fields``.

    A key the language lacks raises ``TranslationMissing``: words are never silently English.
    Korean particles written as a choice ("{card}을(를)") take the form the word before them
    needs once it is filled in (``particles.choose_particles``).
    """
    found = messages(lang).get(key)
    if found is None:
        raise TranslationMissing(f"no words for {key!r} in {lang!r}")
    said = found.format(**fields) if fields else found
    return choose_particles(said) if lang == "ko" else said


def placeholders(template: str) -> frozenset[str]:
    """The names of a template's ``{placeholders}``."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)
