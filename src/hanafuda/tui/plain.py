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
from ..words.catalogue import text
from ..words.languages import game_title
from ..words.options import given_options_text
from .session import PlaySession, dropped_key

__all__ = ["rules_screen", "run_plain"]

PROMPT = text("tui.prompt", "en")


def rules_screen(session: PlaySession) -> str:
    """The ``?`` screen: the game's rules reference with the options in force for this match
    (which yaku exclude each other, how the match is won, who deals next, the misdeals), in the
    session's language."""
    from ..words import rules_reference

    cfg = session.config
    said = rules_reference(cfg, session.theme, session.lang).text(options_in_force=True)
    return said + "\n" + text("reference.session", session.lang, players=cfg.players,
                              seat=seat_number(session.seat), bots=session.bots_word,
                              theme=session.theme) + "\n"


def run_plain(session: PlaySession, stdin: TextIO, stdout: TextIO) -> Path:
    """Play until the match ends or the input ends; save the record and return its path."""

    def say(line: str = "") -> None:
        stdout.write(line + "\n")
        stdout.flush()

    def t(key: str, **fields: object) -> str:
        return text(key, session.lang, **fields)

    cfg = session.config
    say(t("tui.header", game=game_title(cfg.game, session.lang), players=cfg.players,
          seat=seat_number(session.seat), bots=session.bots_word,
          options=given_options_text(cfg, session.lang)))
    say(t("tui.plain_help"))
    if session.resumed_from is not None:
        say(t("tui.resumed", path=session.resumed_from, save=session.save_path))
    shown = (0, 0)  # (round number, log entries printed)
    while True:
        match = session.match
        view = session.view()
        namer = session.namer
        if shown[0] != view.round_number:
            shown = (view.round_number, 0)
            say()
            say(t("tui.round_head", n=view.round_number, dealer=namer.seat(view.dealer)))
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
                say(t("tui.saved", path=path))
                return path
            session.next_round()
            continue
        if session.bot_to_move:
            hidden = session.bot_decision_hidden  # a teyaku you may not learn of: no pause
            session.bot_move()
            if session.pause and not hidden:
                time.sleep(session.pause)
            if session.dropped is not None:
                say(text(dropped_key(session.dropped), session.lang))
                session.dropped = None
            continue
        say()
        for line in view_lines(namer, view):
            say(line)
        pending = [e for e in entries if not e.complete]
        if pending:
            say(pending[0].text)
        moves = legal_move_words(view, namer)
        say(t("tui.legal_moves"))
        for number, words in enumerate(moves, start=1):
            calls = " " + " ".join(words.calls) if words.calls else ""
            say(f"  {number}. {words.text}{calls}  [{words.move}]")
        while True:
            stdout.write(t("tui.prompt"))
            stdout.flush()
            line = stdin.readline()
            if not line:
                say()
                path = session.save()
                say(t("tui.input_ended", path=path))
                return path
            typed = line.strip()
            if not stdin.isatty():
                say(typed)  # echo, so a transcript reads like a terminal session
            if not typed:
                say(t("tui.type_a_move", n=len(moves), example=repr(moves[0].move)))
                continue
            if typed == "?":
                say(rules_screen(session))
                continue
            if typed.lower() in ("q", "quit", "exit"):
                path = session.save()
                say(t("tui.saved_continue", path=path))
                return path
            if typed.isdigit() and 1 <= int(typed) <= len(moves):
                typed = moves[int(typed) - 1].move
            try:
                session.play(typed)
            except ValueError as exc:
                reason = exc.reason if isinstance(exc, MoveError) else str(exc)
                say(t("tui.not_legal", move=repr(typed), reason=reason.rstrip(":"), n=len(moves)))
                continue
            break
