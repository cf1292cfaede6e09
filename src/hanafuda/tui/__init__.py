"""Terminal play (``hanafuda play``): a Textual app and a plain line-based mode (DESIGN.md layer 7).

``session`` holds the match, the human seat, the bots and saving/resuming; ``text`` turns a seat's
``PlayerView`` into words; ``plain`` is the stdin/stdout loop; ``app`` the Textual app.  No rule
lives here: moves go through the checked ``Match.play`` and everything shown comes from a view.
"""

from __future__ import annotations

from .session import PlayError, PlaySession

__all__ = ["PlayError", "PlaySession"]
