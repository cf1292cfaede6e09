"""Passwords (argon2id via argon2-cffi) and sessions in signed, HTTP-only cookies (itsdangerous)."""

from __future__ import annotations

import hashlib
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from itsdangerous import BadSignature, URLSafeTimedSerializer

__all__ = ["MAX_PASSWORD", "MIN_PASSWORD", "SESSION_COOKIE", "SESSION_DAYS", "Sessions", "check_password",
           "hash_key", "hash_password", "new_key", "verify_password"]

MIN_PASSWORD = 8
MAX_PASSWORD = 200
SESSION_COOKIE = "hf_session"
SESSION_DAYS = 30

_hasher = PasswordHasher()


def check_password(raw: object) -> str:
    from .names import TextError

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


class Sessions:
    """Signed session cookies: the value is the player id, signed with the server's secret."""

    def __init__(self, secret: str) -> None:
        self._signer = URLSafeTimedSerializer(secret, salt="hanafuda-session")

    def issue(self, player_id: int) -> str:
        return self._signer.dumps({"p": player_id})

    def read(self, cookie: str | None) -> int | None:
        if not cookie or len(cookie) > 500:
            return None
        try:
            data = self._signer.loads(cookie, max_age=SESSION_DAYS * 86400)
        except BadSignature:
            return None
        pid = data.get("p") if isinstance(data, dict) else None
        return pid if isinstance(pid, int) and not isinstance(pid, bool) else None
