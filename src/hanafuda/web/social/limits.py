"""The lobby's rate limits live with every other limit in ``web.limits`` (issue 28: one limiter);
these names stay importable from here."""

from __future__ import annotations

from ..limits import DEFAULT_LIMITS, Limit, RateLimited, RateLimiter, limits_from_env

__all__ = ["DEFAULT_LIMITS", "Limit", "RateLimited", "RateLimiter", "limits_from_env"]
