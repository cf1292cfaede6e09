"""Secrets in links: made with ``secrets``, stored only as SHA-256 hashes, compared in constant time.

A seat link, the creator link and a seat's per-browser claim secret are never stored in plain
text: a copy of the database opens no seat.  (The spectator link is public: the lobby lists it.)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["TOKEN_BYTES", "hash_token", "new_table_id", "new_token", "token_matches"]

TOKEN_BYTES = 18
"""144 random bits per token."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A table's public id (72 random bits, URL-safe), never beginning with "-": an admin types it
    as an argument (``hanafuda admin close-table ID``), where a leading "-" reads as an option."""
    while (table_id := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return table_id


def hash_token(token: str) -> str:
    """The stored form of a token: SHA-256, hex (any text, non-ASCII included, hashes cleanly)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    """Whether ``token`` hashes to ``stored_hash`` (constant time in the hash)."""
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)
