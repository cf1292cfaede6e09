"""Per-client token buckets (issue 14, defect 3): how often one address may do a thing."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

__all__ = ["RateLimiter"]


@dataclass
class _Bucket:
    tokens: float
    last: float


@dataclass
class RateLimiter:
    """At most ``per_minute`` actions a minute per key (a client address), in bursts of ``burst``."""

    per_minute: float
    burst: float = 0.0
    buckets: dict[str, _Bucket] = field(default_factory=dict)
    max_keys: int = 100_000

    def _refilled(self, key: str) -> _Bucket:
        """``key``'s bucket (made full if new), refilled for the time since it was last used."""
        now = time.monotonic()
        size = self.burst or self.per_minute
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._prune(now)
            bucket = self.buckets[key] = _Bucket(size, now)
        bucket.tokens = min(size, bucket.tokens + (now - bucket.last) * self.per_minute / 60.0)
        bucket.last = now
        return bucket

    def allow(self, key: str) -> bool:
        bucket = self._refilled(key)
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True

    def spend(self, key: str) -> None:
        """Count an action done elsewhere (another server process of the same cluster) against
        ``key``: the limit holds across processes."""
        bucket = self._refilled(key)
        bucket.tokens = max(0.0, bucket.tokens - 1.0)

    def retry_after(self, key: str) -> int:
        """Whole seconds until ``key`` may act again."""
        bucket = self.buckets.get(key)
        if bucket is None or bucket.tokens >= 1.0:
            return 0
        return int((1.0 - bucket.tokens) * 60.0 / self.per_minute) + 1

    def _prune(self, now: float) -> None:
        size = self.burst or self.per_minute
        full = [k for k, b in self.buckets.items()
                if b.tokens + (now - b.last) * self.per_minute / 60.0 >= size]
        for k in full:
            del self.buckets[k]
        if len(self.buckets) >= self.max_keys:
            self.buckets.clear()
