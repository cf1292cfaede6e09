"""``hanafuda play --plain``: line-based play for scripts, pipes and screen readers.

It prints the seat's view and the numbered legal moves (each saying what it captures), reads one
line (a move in RULES.md §7 notation or its number) and answers a bad line with a clear message
and the same question.  ``?`` prints the rules reference and the options in force; ``q`` or end
of input quits, saving the record.  Every sentence comes from ``hanafuda.words``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TextIO

from ..engine.moves import MoveError
from ..words import (
    legal_move_words,
    log_entries,
    match_result_text,
    round_result_lines,
    seat_number,
    view_lines,
)
from .session import PlaySession

__all__ = ["rules_screen", "run_plain"]

PROMPT = "Your move (number or notation; ? rules, q quit): "


def rules_screen(session: PlaySession) -> str:
    """The ``?`` screen: the game's rules reference with the options in force for this match."""
    from ..words import rules_reference

    cfg = session.config
    text = rules_reference(cfg, session.theme).text(options_in_force=True)
    return text + (f"\nPlayers: {cfg.players}; you are seat {seat_number(session.seat)}; "
                   f"bots: {session.bots}; theme: {session.theme}\n")


def run_plain(session: PlaySession, stdin: TextIO, stdout: TextIO) -> Path:
    """Play until the match ends or the input ends; save the record and return its path."""

    def say(text: str = "") -> None:
        stdout.write(text + "\n")
        stdout.flush()

    cfg = session.config
    say(f"{cfg.game.title}: {cfg.players} players, you are seat {seat_number(session.seat)}, "
        f"bots: {session.bots}, options: {cfg.describe_options()}")
    say("Type a move's number or its notation; ? shows the rules, q quits (the match is saved).")
    if session.resumed_from is not None:
        say(f"Resumed from {session.resumed_from}; this match is saved to {session.save_path}")
    shown = (0, 0)  # (round number, log entries printed)
    while True:
        match = session.match
        view = session.view()
        namer = session.namer
        if shown[0] != view.round_number:
            shown = (view.round_number, 0)
            say()
            say(f"-- Round {view.round_number}: dealer {namer.seat(view.dealer)} --")
        entries = log_entries(view, namer)
        done = [e for e in entries if e.complete]
        for entry in done[shown[1]:]:
            say("  " + entry.text)
        shown = (shown[0], len(done))
        if match.round_over:
            result = match.current.result
            assert result is not None
            summary = round_result_lines(namer, view.round_number, result, view.captures,
                                         view.totals)
            say()
            say(f"-- {summary[0]} --")
            for line in summary[1:]:
                say(line)
            if match.finished:
                say()
                say(match_result_text(namer, view.winners, view.totals, view.round_number))
                path = session.save()
                say(f"Match saved to {path}")
                return path
            session.next_round()
            continue
        if session.bot_to_move:
            hidden = session.bot_decision_hidden  # a teyaku you may not learn of: no pause
            session.bot_move()
            if session.pause and not hidden:
                time.sleep(session.pause)
            if session.dropped is not None:
                say(f"Your play could not be made: {session.dropped.reason}.")
                session.dropped = None
            continue
        say()
        for line in view_lines(namer, view):
            say(line)
        pending = [e for e in entries if not e.complete]
        if pending:
            say(pending[0].text)
        moves = legal_move_words(view, namer)
        say("Legal moves:")
        for number, words in enumerate(moves, start=1):
            calls = " " + " ".join(words.calls) if words.calls else ""
            say(f"  {number}. {words.text}{calls}  [{words.move}]")
        while True:
            stdout.write(PROMPT)
            stdout.flush()
            line = stdin.readline()
            if not line:
                say()
                path = session.save()
                say(f"Input ended: match saved to {path} (continue with --resume {path})")
                return path
            text = line.strip()
            if not stdin.isatty():
                say(text)  # echo, so a transcript reads like a terminal session
            if not text:
                say("Please type a move: its number (1 to "
                    f"{len(moves)}) or its notation, e.g. {moves[0].move!r}.")
                continue
            if text == "?":
                say(rules_screen(session))
                continue
            if text.lower() in ("q", "quit", "exit"):
                path = session.save()
                say(f"Match saved to {path} (continue with --resume {path})")
                return path
            if text.isdigit() and 1 <= int(text) <= len(moves):
                text = moves[int(text) - 1].move
            try:
                session.play(text)
            except ValueError as exc:
                reason = exc.reason if isinstance(exc, MoveError) else str(exc)
                say(f"Not a legal move: {text!r} ({reason.rstrip(':')}). "
                    f"Choose a number from 1 to {len(moves)} or type one of the moves listed.")
                continue
            break
