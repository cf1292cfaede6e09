"""Passwords (argon2id via argon2-cffi) and sessions: kept on the server, named by a signed,
HTTP-only cookie (itsdangerous)."""

from __future__ import annotations

import base64
import hashlib
import secrets
import time
from collections.abc import Callable
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import delete
from sqlalchemy.orm import sessionmaker

from ..requests import TextError
from .models import SecretRow

__all__ = ["MAX_PASSWORD", "MIN_PASSWORD", "SESSION_COOKIE", "SESSION_DAYS", "Sessions", "check_password",
           "hash_key", "hash_password", "new_key", "verify_password"]

MIN_PASSWORD = 8
MAX_PASSWORD = 200
SESSION_COOKIE = "hf_session"
SESSION_DAYS = 30

_hasher = PasswordHasher()


def check_password(raw: object) -> str:
    if not isinstance(raw, str):
        raise TextError("a password must be text")
    if len(raw) < MIN_PASSWORD:
        raise TextError(f"a password needs at least {MIN_PASSWORD} characters")
    if len(raw) > MAX_PASSWORD:
        raise TextError(f"a password has at most {MAX_PASSWORD} characters")
    return raw


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    if stored is None:
        _hasher.hash(password)  # the same work whether or not the name has a password
        return False
    try:
        return _hasher.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def new_key() -> str:
    """The per-browser secret that holds a display name without an account."""
    return secrets.token_urlsafe(24)


def hash_key(key: str) -> str:
    """Browser keys are stored hashed (a leaked database gives no one a name)."""
    return hashlib.sha256(key.encode()).hexdigest()


SESSION_ROW = "s:"
"""The name prefix of a session's row in ``social_secrets`` (``SecretRow``): ``s:`` and a digest of
the session id, so a copy of the database holds no usable session."""


def _row_name(sid: str) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(sid.encode()).digest()).decode()
    return SESSION_ROW + digest[:30]  # the column holds 32 characters


class Sessions:
    """Account sessions, kept on the server (issue 29: a logout ends a session for good).

    The cookie is signed with the server's secret (itsdangerous) and names the player and a random
    session id; the session lives while the database holds its row (``social_secrets``, the name a
    digest of the id, the value ``<expiry>:<player id>``) and at most ``SESSION_DAYS``.  ``revoke``
    deletes the row, so a copied cookie stops working everywhere — the lobby's routes, the table's
    socket, every server process of the database — at once.  ``read`` and ``revoke`` read or write
    the database: callers run them off the event loop (``SocialHub.db``)."""

    def __init__(self, secret: str, db: Callable[[], sessionmaker[Any]]) -> None:
        """``db`` answers the database's session factory at each use (the hub's, which a test may
        swap for one that fails)."""
        self._signer = URLSafeTimedSerializer(secret, salt="hanafuda-session")
        self._factory = db

    def issue(self, player_id: int) -> str:
        """A new session of ``player_id`` (its row written; sessions past their time deleted)."""
        sid = secrets.token_urlsafe(18)
        now = int(time.time())
        with self._factory().begin() as db:
            db.execute(delete(SecretRow).where(SecretRow.name.startswith(SESSION_ROW),
                                               SecretRow.value < f"{now:012d}"))
            db.add(SecretRow(name=_row_name(sid), value=f"{now + SESSION_DAYS * 86400:012d}:{player_id}"))
        return self._signer.dumps({"p": player_id, "s": sid})

    def _session(self, cookie: str | None) -> tuple[int, str] | None:
        """The (player id, session id) a cookie is signed for, checking no database."""
        if not cookie or len(cookie) > 500:
            return None
        try:
            data = self._signer.loads(cookie, max_age=SESSION_DAYS * 86400)
        except BadSignature:
            return None
        pid = data.get("p") if isinstance(data, dict) else None
        sid = data.get("s") if isinstance(data, dict) else None
        if not isinstance(pid, int) or isinstance(pid, bool) or not isinstance(sid, str):
            return None  # a cookie from before sessions were kept (no id): log in again
        return pid, sid

    def read(self, cookie: str | None) -> int | None:
        """The player of a live session, or None (a bad signature, an expired or revoked session)."""
        found = self._session(cookie)
        if found is None:
            return None
        pid, sid = found
        with self._factory()() as db:
            row = db.get(SecretRow, _row_name(sid))
        if row is None:
            return None
        expires, _, owner = str(row.value).partition(":")
        if owner != str(pid) or not expires.isdigit() or int(expires) < time.time():
            return None
        return pid

    def revoke(self, cookie: str | None) -> int | None:
        """End the cookie's session (its row deleted); the player it was, or None."""
        found = self._session(cookie)
        if found is None:
            return None
        with self._factory().begin() as db:
            gone = db.execute(delete(SecretRow).where(SecretRow.name == _row_name(found[1])))
        return found[0] if getattr(gone, "rowcount", 0) else None
