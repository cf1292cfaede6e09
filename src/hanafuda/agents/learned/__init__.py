"""Learned bots: a Q network trained by self-play (``hanafuda train``), NumPy inference only.

``features`` (what the network sees, from the seat's view only), ``network`` (the MLP and
its ``.npz``), ``policy`` (the ``policy`` bot and helpers the ``expert`` bot and ``hint`` use).
"""

from .network import QNetwork, WeightsError
from .policy import PolicyAgent, load_for, move_values, shipped_weights

__all__ = ["PolicyAgent", "QNetwork", "WeightsError", "load_for", "move_values", "shipped_weights"]
