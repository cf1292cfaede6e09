"""Display names and chat lines: what is accepted, with an error that says why.

The name rule itself is ``requests.check_name`` — one function for every name a person gives
(issue 29: the lobby, the chat's name prompt, invitations and ``POST /api/tables`` seats); it is
imported here for the lobby's routes.
"""

from __future__ import annotations

import unicodedata

from ..requests import MAX_NAME, MIN_NAME, TextError, check_name, has_control

__all__ = ["MAX_CHAT", "MAX_NAME", "MIN_NAME", "TextError", "check_chat", "check_name", "name_key"]

MAX_CHAT = 300


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
    if has_control(text):
        raise TextError("a chat message may not contain control characters")
    return text
