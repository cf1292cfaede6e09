"""Training the learned bots (adapters layer: it drives ``hanafuda.batch``).

``train_network(TrainSettings(game, players, …))`` runs deep Monte-Carlo self-play on the
batch simulator and returns the ``QNetwork`` the ``policy`` and ``expert`` bots load
(``hanafuda train GAME`` writes it).  Inference never imports this package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .selfplay import TrainReport, TrainSettings, train_network

__all__ = ["TrainReport", "TrainSettings", "train_network"]


def __getattr__(name: str) -> Any:
    """The names above, imported on first use: ``hanafuda train``'s command module is
    registered by the CLI at start, and must not bring NumPy with it (issue 32)."""
    if name in __all__:
        from . import selfplay

        return getattr(selfplay, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
