"""Layer 6, words: the one place that turns views, moves and events into text (docs/architecture.md).

Every text a person reads — in the web app, the terminal app, ``hanafuda replay``,
``hanafuda rules`` and the OpenSpiel strings — is written here, in the theme's card names,
from the structured ``Move``/events and a seat's ``PlayerView`` (never by re-splitting a move
string).  Each function also has a structured, JSON-ready form (``to_dict``) for pages.

Start with a ``Namer`` (``namer_for(view, theme, players)`` or ``Namer(config, theme, viewer,
players)``), then:

- ``legal_move_words(view, namer)`` / ``describe_move`` — each legal move, what it captures;
- ``log_entries(view, namer)`` — the round's log, one entry per turn, with every card moved;
- ``side_pile(namer, side, pile)`` — a capture pile grouped by kind with counts and points;
- ``yaku_progress(namer, captures, discard, declared)`` — held / out / dead cards of each yaku;
- ``score_words`` / ``score_line`` — score terms ("Four Irises +30");
- ``option_words(game, config)`` — option labels, help and values in words;
- ``rules_reference(config, theme)`` — the rules/yaku reference (``.text()`` / ``.to_dict()``);
- ``view_words(view, namer)`` — all of a seat's screen at once, for the web page;
- ``replay_text(match)`` — the ``hanafuda replay`` account.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names, for the type checker; at run time each module loads on first use
    from .events import LogEntry, LogStep, log_entries, round_log_dicts, round_log_entries
    from .moves import MoveWords, describe_move, hint_lines, legal_move_words
    from .names import Namer, join_words, player_label, seat_number, seat_numbers
    from .options import OptionWords, option_label, option_words, value_text
    from .piles import PileGroup, SidePile, side_pile
    from .progress import SideProgress, YakuProgress, yaku_in_force, yaku_progress
    from .reference import Reference, YakuEntry, games_text, rules_reference
    from .replay import replay_text
    from .scores import ScoreWords, score_line, score_words, term_label
    from .summary import SideResult, match_result_text, round_result, round_result_lines, totals_text
    from .table import (
        captures_lines,
        card_text,
        namer_for,
        progress_lines,
        side_notes,
        status_line,
        table_notes,
        turn_text,
        view_lines,
        view_words,
    )

SUBMODULES: dict[str, tuple[str, ...]] = {
    "events": ("LogEntry", "LogStep", "log_entries", "round_log_dicts", "round_log_entries"),
    "moves": ("MoveWords", "describe_move", "hint_lines", "legal_move_words"),
    "names": ("Namer", "join_words", "player_label", "seat_number", "seat_numbers"),
    "options": ("OptionWords", "option_label", "option_words", "value_text"),
    "piles": ("PileGroup", "SidePile", "side_pile"),
    "progress": ("SideProgress", "YakuProgress", "yaku_in_force", "yaku_progress"),
    "reference": ("Reference", "YakuEntry", "games_text", "rules_reference"),
    "replay": ("replay_text",),
    "scores": ("ScoreWords", "score_line", "score_words", "term_label"),
    "summary": ("SideResult", "match_result_text", "round_result", "round_result_lines",
                "totals_text"),
    "table": ("captures_lines", "card_text", "namer_for", "progress_lines", "side_notes",
              "status_line", "table_notes", "turn_text", "view_lines", "view_words"),
}
"""Where each name above lives.  Loaded on first use (PEP 562), so ``hanafuda rules`` pays for
the reference alone, not for the engine behind the replay and table words (issue 32)."""
WHERE = {name: module for module, names in SUBMODULES.items() for name in names}


def __getattr__(name: str) -> Any:
    """A name of this package, from its module, imported on first use (then cached here)."""
    module = WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "table_notes",
    "side_notes",
    "captures_lines",
    "view_lines",
    "status_line",
    "progress_lines",
    "card_text",
    "LogEntry",
    "LogStep",
    "MoveWords",
    "Namer",
    "OptionWords",
    "PileGroup",
    "Reference",
    "ScoreWords",
    "SidePile",
    "SideProgress",
    "SideResult",
    "YakuEntry",
    "YakuProgress",
    "describe_move",
    "hint_lines",
    "games_text",
    "join_words",
    "legal_move_words",
    "log_entries",
    "match_result_text",
    "namer_for",
    "option_label",
    "option_words",
    "player_label",
    "seat_number",
    "seat_numbers",
    "replay_text",
    "round_log_dicts",
    "round_log_entries",
    "round_result",
    "round_result_lines",
    "rules_reference",
    "score_line",
    "score_words",
    "side_pile",
    "term_label",
    "totals_text",
    "turn_text",
    "value_text",
    "view_words",
    "yaku_in_force",
    "yaku_progress",
]
