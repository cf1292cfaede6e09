"""The names of the live-table modules in one place (kept for code that imports ``web.tables``).

The live tables are split by job: ``live`` (the model), ``messages`` (what each seat receives),
``storage`` (the database), ``hub`` (creating, joining, client messages), ``bots_runner`` (bot seats).
"""

from __future__ import annotations

from .hub import TableHub
from .live import MAX_MESSAGE, Connection, LiveTable, Seat, SeatSpec, TableError
from .messages import card_values, round_summary, state_message, yaku_names

__all__ = ["MAX_MESSAGE", "Connection", "LiveTable", "Seat", "SeatSpec", "TableError", "TableHub",
           "card_values", "round_summary", "state_message", "yaku_names"]
