"""``hanafuda play --plain``: line-based play for scripts and screen readers.

It prints the seat's view and the numbered legal moves, reads one line (a move in RULES.md §7
notation or its number) and answers a bad line with a clear message and the same question.
``?`` prints the rules and options in force; ``q`` or end of input quits, saving the record.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TextIO

from ..cli import rules_text
from ..engine.moves import MoveError
from .session import PlaySession
from .text import event_text, match_end_lines, move_text, round_summary_lines, view_lines

__all__ = ["run_plain"]

PROMPT = "Your move (number or notation; ? rules, q quit): "


def options_text(session: PlaySession) -> str:
    """The rules screen: ``hanafuda rules GAME`` plus the options in force for this match."""
    cfg = session.config
    lines = [rules_text(cfg.game.id).rstrip("\n"), "", "Options in force for this match:"]
    for key, value in sorted(cfg.options.items()):
        given = " (given)" if key in cfg.given_options else ""
        shown = value if isinstance(value, str) else json.dumps(value)
        lines.append(f"  {key} = {shown}{given}")
    lines.append(f"Players: {cfg.players}; you are seat {session.seat}; bots: {session.bots}; "
                 f"theme: {session.theme}")
    return "\n".join(lines) + "\n"


def run_plain(session: PlaySession, stdin: TextIO, stdout: TextIO) -> Path:
    """Play until the match ends or the input ends; save the record and return its path."""

    def say(text: str = "") -> None:
        stdout.write(text + "\n")
        stdout.flush()

    cfg = session.config
    say(f"{cfg.game.title}: {cfg.players} players, you are seat {session.seat}, "
        f"bots: {session.bots}, options: {cfg.describe_options()}")
    say("Type a move's number or its notation; ? shows the rules, q quits (the match is saved).")
    shown = (0, 0)  # (round number, events printed)
    while True:
        match = session.match
        view = session.view()
        if shown[0] != view.round_number:
            shown = (view.round_number, 0)
            say()
            say(f"-- Round {view.round_number}: dealer seat {view.dealer} --")
        for event in view.history[shown[1]:]:
            say("  " + event_text(event, view, session.theme))
        shown = (shown[0], len(view.history))
        if match.round_over:
            result = match.current.result
            assert result is not None
            say()
            for line in round_summary_lines(cfg, view, result, session.theme, session.names):
                say(line)
            if match.finished:
                say()
                for line in match_end_lines(view, session.names):
                    say(line)
                path = session.save()
                say(f"Match saved to {path}")
                return path
            session.next_round()
            continue
        if session.bot_to_move:
            session.bot_move()
            if session.pause:
                time.sleep(session.pause)
            continue
        say()
        for line in view_lines(cfg, view, session.theme, session.names):
            say(line)
        say("Legal moves:")
        for number, move in enumerate(view.legal, start=1):
            say(f"  {number}. {move}  ({move_text(move, session.theme)})")
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
                    f"{len(view.legal)}) or its notation, e.g. {view.legal[0]!r}.")
                continue
            if text == "?":
                say(options_text(session))
                continue
            if text.lower() in ("q", "quit", "exit"):
                path = session.save()
                say(f"Match saved to {path} (continue with --resume {path})")
                return path
            try:
                session.play(text)
            except ValueError as exc:
                reason = exc.reason if isinstance(exc, MoveError) else str(exc)
                say(f"Not a legal move: {text!r} ({reason.rstrip(':')}). "
                    f"Choose a number from 1 to {len(view.legal)} or type one of the moves listed.")
                continue
            break
