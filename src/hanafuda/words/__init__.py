"""Layer 6, words: the one place that turns views, moves and events into text (docs/architecture.md)."""

from .replay import replay_text

__all__ = ["replay_text"]
