"""Training the learned bots (adapters layer: it drives ``hanafuda.batch``).

``train_network(TrainSettings(game, players, …))`` runs deep Monte-Carlo self-play on the
batch simulator and returns the ``QNetwork`` the ``policy`` and ``expert`` bots load
(``hanafuda train GAME`` writes it).  Inference never imports this package.
"""

from .selfplay import TrainReport, TrainSettings, train_network

__all__ = ["TrainReport", "TrainSettings", "train_network"]
