"""The terminal and a bot's hidden teyaku decision (RULES.md §4.2): the human who plays first is
asked as soon as their view shows their turn, the play waits in the match (``Match.submit``) while
the bot decides, and the decision takes no pause, so neither the question nor the timing tells the
human that the bot holds six or more chaff."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from hanafuda.engine.visibility import as_settled
from hanafuda.tui import plain
from hanafuda.tui.plain import run_plain
from hanafuda.tui.session import PlaySession
from hanafuda.views import PlayerView


def _session(tmp_path: Path, *, drop: bool = False) -> PlaySession:
    """A Hana-Awase teyaku match where the human plays first and holds no teyaku, and the bot is
    asked (``drop``: the human's first legal play is one an exposed teyaku makes illegal)."""
    for seed in range(400):
        session = PlaySession.new("hana-awase", options=["teyaku=true"], rounds=1, seed=seed,
                                  bots="random", pause=0, save=tmp_path / f"{seed}.json")
        rnd = session.match.current
        first = rnd.order[0]
        if not rnd.teyaku_queue or first in rnd.teyaku_queue:
            continue
        exposed = copy.deepcopy(session.match)
        exposed.play("expose")
        gone = as_settled(rnd).legal_moves()[0] not in exposed.legal_moves()
        if gone == drop:
            return PlaySession(session.match, first, "random", save_path=session.save_path, pause=0)
    raise AssertionError("no such deal")


class _Always:
    """A bot that always makes one teyaku decision (``expose``/``keep``) and otherwise plays its
    first legal move."""

    def __init__(self, decision: str) -> None:
        self.decision = decision

    def choose(self, view: PlayerView, legal: Sequence[str], rng: random.Random) -> str:
        return self.decision if self.decision in legal else legal[0]


def test_the_human_plays_while_the_bot_decides_and_the_play_is_made_after(tmp_path: Path) -> None:
    session = _session(tmp_path)
    session.agents = {s: _Always("keep") for s in session.agents}
    match, human = session.match, session.seat
    bot = match.to_move
    assert bot is not None and bot != human  # the bot's teyaku decision is pending...
    assert session.human_to_move and not session.bot_to_move  # ...and the human is asked
    move = session.view().legal[0]
    session.play(move)
    assert match.current.moves == [] and match.queued_move(human) == move
    assert not session.human_to_move and session.bot_to_move and session.bot_decision_hidden
    assert session.bot_move() == "keep"
    # a keep changes nothing: the play is made right after it, in the record too (RULES.md §8)
    assert match.to_record()["rounds"][0]["moves"] == ["keep", move]
    assert session.dropped is None and not session.human_to_move and match.queued == {}


def test_a_play_an_exposure_makes_illegal_is_dropped_and_asked_again(tmp_path: Path) -> None:
    session = _session(tmp_path, drop=True)
    session.agents = {s: _Always("expose") for s in session.agents}
    move = session.view().legal[0]
    session.play(move)
    session.bot_move()
    assert session.dropped is not None and session.dropped.move == move
    assert session.human_to_move and move not in session.view().legal
    out = io.StringIO()
    # the plain mode says why and asks again (a fresh session at the same point)
    again = _session(tmp_path, drop=True)
    again.agents = {s: _Always("expose") for s in again.agents}
    run_plain(again, io.StringIO(f"{move}\n" + "1\n" * 60), out)
    text = out.getvalue()
    assert "Your play could not be made: " in text and "please choose again" in text
    assert again.match.finished and again.match.to_record()["rounds"][0]["moves"][0] == "expose"


def test_the_plain_mode_makes_a_hidden_decision_without_a_pause(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pause follows every bot move the human may see, none follows a teyaku decision: the
    human's next question comes as fast as it would had the bot held no teyaku."""
    session = _session(tmp_path)
    session.pause = 0.5
    pauses: list[float] = []
    monkeypatch.setattr(plain.time, "sleep", pauses.append)
    run_plain(session, io.StringIO("1\n" * 60), io.StringIO())
    moves = session.match.to_record()["rounds"][0]["moves"]
    assert session.match.finished and moves[0] in ("expose", "keep")
    assert pauses and len(pauses) == _public_bot_moves(session)
    assert set(pauses) == {0.5}


def _public_bot_moves(session: PlaySession) -> int:
    """How many bot moves of the finished round were made while the human could see the bot
    decide (all but its teyaku decision), replayed from the record."""
    from hanafuda.records import match_from_record

    record = session.match.to_record()
    replay = match_from_record({**record, "rounds": [{**record["rounds"][0], "moves": []}]})
    count = 0
    for move in record["rounds"][0]["moves"]:
        seat = replay.to_move
        if seat != session.seat and move not in ("expose", "keep"):
            count += 1
        replay.play(move)
    return count
