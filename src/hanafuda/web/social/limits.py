"""Per-client rate limits (token buckets keyed by client address and action)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

__all__ = ["DEFAULT_LIMITS", "Limit", "RateLimited", "RateLimiter", "limits_from_env"]


class RateLimited(Exception):
    """Too many requests of one kind from one client."""

    def __init__(self, action: str, limit: Limit) -> None:
        super().__init__(f"too many {action} requests: at most {limit.burst} in a row, then one every "
                         f"{limit.every:g} seconds; please wait")
        self.retry_after = max(1, round(limit.every))


@dataclass(frozen=True)
class Limit:
    burst: int
    every: float
    """Seconds for one token to come back."""


DEFAULT_LIMITS = {
    "create": Limit(burst=10, every=6.0),     # tables (and quick matches that open one)
    "chat": Limit(burst=8, every=2.0),
    "account": Limit(burst=5, every=60.0),    # accounts, names, logins
}


def limits_from_env(text: str | None) -> dict[str, Limit]:
    """The limits with ``HANAFUDA_RATE_LIMITS`` applied: comma-separated ``action=burst/every``
    (e.g. ``create=30/2,chat=20/1``); a malformed entry is an error naming it."""
    limits = dict(DEFAULT_LIMITS)
    for part in (text or "").split(","):
        if not part.strip():
            continue
        action, _, spec = part.strip().partition("=")
        burst, _, every = spec.partition("/")
        try:
            limit = Limit(int(burst), float(every))
        except ValueError:
            raise ValueError(f"HANAFUDA_RATE_LIMITS: {part.strip()!r} is not action=burst/seconds") from None
        if action not in limits or limit.burst < 1 or limit.every <= 0:
            raise ValueError(f"HANAFUDA_RATE_LIMITS: {part.strip()!r}: actions are {', '.join(limits)}, "
                             "burst at least 1, seconds above 0")
        limits[action] = limit
    return limits


@dataclass
class RateLimiter:
    limits: dict[str, Limit] = field(default_factory=lambda: dict(DEFAULT_LIMITS))
    _buckets: dict[tuple[str, str], tuple[float, float]] = field(default_factory=dict)

    def take(self, action: str, client: str) -> None:
        """Spend one token of ``action`` for ``client`` or raise ``RateLimited`` (nothing spent)."""
        limit = self.limits[action]
        now = time.monotonic()
        tokens, last = self._buckets.get((action, client), (float(limit.burst), now))
        tokens = min(float(limit.burst), tokens + (now - last) / limit.every)
        if tokens < 1.0:
            self._buckets[(action, client)] = (tokens, now)
            raise RateLimited(action, limit)
        self._buckets[(action, client)] = (tokens - 1.0, now)
        if len(self._buckets) > 50_000:  # forget full buckets of clients long gone
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < 3600}
