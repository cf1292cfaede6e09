"""A refusal of the web server in words (issue 28, "one catalogue of words").

Every refusal the server sends (``web/hub.py``, ``web/ws.py``) names the catalogue entry of its
detail (``refusal.detail.<what>``) and that entry's arguments; its English ``error`` text is the
entry's English filled with them, so a page in Japanese or Korean says the same detail from the
same entry (``static/table.js`` ``refusalText``) and English stays the source.

An argument that is a list (the legal moves now, RULES.md §7) is said as a list in the language:
"a, b" in English ("none" when empty), "a、b" in Japanese.  The moves themselves stay in the §7
notation here; a page names them with its own words for the moves (a Japanese sentence never
carries an English card code).  ``reason`` is an argument in the engine's own English (a
malformed move's fault): a Japanese or Korean page does not show it and says the refusal's code
instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .catalogue import text

__all__ = ["ENGLISH_ONLY", "MOVE_ARGUMENTS", "refusal_text"]

MOVE_ARGUMENTS = ("move", "legal")
"""Arguments holding moves in the RULES.md §7 notation (one, or a list): a page names them."""

ENGLISH_ONLY = ("reason",)
"""Arguments in the engine's English: said as they are, and only by an English page."""


def _said(name: str, value: Any, lang: str) -> Any:
    """An argument as it goes into the sentence: a list joined as the language lists things; the
    refused ``move`` quoted as the server always wrote it in English (``'play x'``, Python's
    ``repr``), bare in Japanese and Korean, whose sentences quote it with their own marks."""
    if name == "move" and lang == "en":
        return repr(value)
    if isinstance(value, str) or not isinstance(value, Sequence):
        return value
    if not value:
        return text("refusal.none", lang)
    return text("refusal.separator", lang).join(str(v) for v in value)


def refusal_text(key: str, lang: str = "en", args: Mapping[str, Any] | None = None) -> str:
    """The refusal ``key`` in ``lang`` with its ``args`` (``TranslationMissing`` for a key the
    language lacks, ``KeyError`` for a missing argument: both a bug, never a silent English)."""
    fields = {name: _said(name, value, lang) for name, value in (args or {}).items()}
    return text(key, lang, **fields)
