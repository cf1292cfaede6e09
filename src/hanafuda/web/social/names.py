"""Display names and chat lines: what is accepted, with an error that says why."""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_CHAT", "MAX_NAME", "MIN_NAME", "TextError", "check_chat", "check_name", "name_key"]

MIN_NAME = 2
MAX_NAME = 24
MAX_CHAT = 300


class TextError(ValueError):
    """A name or chat line that is not accepted (the message says why)."""


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text)


def check_name(raw: object) -> str:
    """A display name: 2–24 characters after trimming, no control or invisible format characters,
    not only punctuation.  Names are shown escaped everywhere (the pages set ``textContent``)."""
    if not isinstance(raw, str):
        raise TextError("a name must be text")
    name = unicodedata.normalize("NFC", raw.strip())
    if _has_control(name):
        raise TextError("a name may not contain control characters")
    if len(name) < MIN_NAME:
        raise TextError(f"a name needs at least {MIN_NAME} characters")
    if len(name) > MAX_NAME:
        raise TextError(f"a name has at most {MAX_NAME} characters")
    if "  " in name:
        raise TextError("a name may not contain double spaces")
    if not any(ch.isalnum() for ch in name):
        raise TextError("a name needs at least one letter or digit")
    return name


def name_key(name: str) -> str:
    """The form two names are compared in: "Ann" and "ann" are the same player."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_chat(raw: object) -> str:
    """A chat line: 1–300 characters after trimming, no control characters (newlines neither)."""
    if not isinstance(raw, str):
        raise TextError("a chat message must be text")
    text = unicodedata.normalize("NFC", raw.strip())
    if not text:
        raise TextError("a chat message cannot be empty")
    if len(text) > MAX_CHAT:
        raise TextError(f"a chat message has at most {MAX_CHAT} characters")
    if _has_control(text):
        raise TextError("a chat message may not contain control characters")
    return text
