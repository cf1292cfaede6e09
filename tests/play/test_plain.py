"""Plain mode (``hanafuda play --plain``): whole matches driven through standard input."""

from __future__ import annotations

import io
from pathlib import Path

from typer.testing import CliRunner

from hanafuda.cli import app
from hanafuda.records import load_record, match_from_record
from hanafuda.tui.plain import run_plain
from hanafuda.tui.session import PlaySession

runner = CliRunner()


def _run(session: PlaySession, lines: str) -> str:
    out = io.StringIO()
    run_plain(session, io.StringIO(lines), out)
    return out.getvalue()


def test_whole_match_by_move_numbers(tmp_path: Path) -> None:
    session = PlaySession.new("mushi", bots="random", rounds=2, seed=3, save=tmp_path / "m.json",
                              pause=0)
    text = _run(session, "1\n" * 200)
    assert session.match.finished and len(session.match.rounds) == 2
    assert text.count("-- Round 1 over --") == 1 and text.count("-- Round 2 over --") == 1
    assert "Match over after 2 rounds: " in text and f"Match saved to {tmp_path / 'm.json'}" in text
    assert "Legal moves:" in text and "  1. " in text and "[play " in text
    saved = match_from_record(load_record(tmp_path / "m.json"))
    assert saved.finished and saved.to_record() == session.match.to_record()


def test_whole_match_by_notation_through_the_cli(tmp_path: Path) -> None:
    """Every move typed in notation (the first legal move), through the real command."""
    session = PlaySession.new("hawaiifuda", bots="random", rounds=1, seed=8, pause=0,
                              save=tmp_path / "x.json")
    moves = []
    while not session.match.finished:
        if session.human_to_move:
            moves.append(session.view().legal[0])
            session.play(moves[-1])
        else:
            session.bot_move()
    save = tmp_path / "cli.json"
    result = runner.invoke(app, ["play", "hawaiifuda", "--plain", "--bots", "random", "--rounds", "1",
                                 "--seed", "8", "--save", str(save)], input="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    assert "Match over after 1 round: " in result.output
    assert load_record(save)["rounds"] == session.match.to_record()["rounds"]


def test_bad_line_gets_a_message_and_the_question_again(tmp_path: Path) -> None:
    session = PlaySession.new("mushi", bots="random", rounds=1, seed=3, save=tmp_path / "m.json",
                              pause=0)
    text = _run(session, "play nonsense\n99\n\n" + "1\n" * 100)
    assert "Not a legal move: 'play nonsense'" in text
    assert "Not a legal move: '99' (there is no move number 99" in text
    assert "Please type a move" in text
    assert text.count("Your move (number or notation") >= 4
    assert session.match.finished


def test_question_mark_prints_rules_and_options(tmp_path: Path) -> None:
    session = PlaySession.new("min-hwatu", players=3, bots="random", rounds=1, seed=3, pause=0,
                              save=tmp_path / "m.json")
    text = _run(session, "?\nq\n")
    assert "Options in force:" in text and "Rounds (rounds): 1 (chosen)" in text
    assert "How a turn goes:" in text and "Yaku in force:" in text and "Card values" in text
    assert "Match saved to" in text


def test_end_of_input_saves_and_resume_continues_exactly(tmp_path: Path) -> None:
    path = tmp_path / "half.json"
    session = PlaySession.new("mushi", bots="random", rounds=2, seed=4, save=path, pause=0)
    text = _run(session, "1\n2\n1\n")
    assert "Input ended: match saved to" in text
    before = session.match.to_record()
    assert len(before["rounds"][0]["moves"]) >= 3 and not session.match.round_over

    resumed = PlaySession.resume(path, pause=0)
    assert resumed.match.to_record() == before
    assert resumed.seat == 0 and resumed.bots == "random"
    # Both copies go on identically, across the next (seeded) deal, to the end of the match.
    _run(session, "1\n" * 200)
    _run(resumed, "1\n" * 200)
    assert session.match.finished and resumed.match.finished
    assert resumed.match.to_record() == session.match.to_record()


def test_the_view_shows_only_the_seat_s_knowledge(tmp_path: Path) -> None:
    session = PlaySession.new("mushi", bots="random", rounds=1, seed=3, pause=0,
                              save=tmp_path / "m.json")
    text = _run(session, "q\n")
    other_hand = session.match.current.hands[1]
    from hanafuda.cards import CODES, cards_of

    for card in cards_of(other_hand):
        assert f"[{CODES[card]}]" not in text
    assert "stock 16" in text


def test_cli_resume_continues_a_saved_match(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    first = runner.invoke(app, ["play", "mushi", "--plain", "--bots", "random", "--rounds", "1",
                                "--seed", "12", "--save", str(path)], input="1\n1\n")
    assert first.exit_code == 0, first.output
    assert f"continue with --resume {path}" in first.output
    before = load_record(path)
    original = path.read_bytes()
    second = runner.invoke(app, ["play", "--plain", "--resume", str(path)], input="1\n" * 50)
    assert second.exit_code == 0, second.output
    # Issue 11 fix 4: the record resumed from is never overwritten; the match goes next to it
    assert path.read_bytes() == original
    resumed = tmp_path / "r-resumed.json"
    assert f"saved to {resumed}" in second.output
    after = load_record(resumed)
    moves = before["rounds"][0]["moves"]
    assert after["rounds"][0]["moves"][: len(moves)] == moves
    assert match_from_record({k: v for k, v in after.items() if k != "meta"}).finished


def test_resume_with_save_writes_there_and_resuming_twice_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "sample.json"
    session = PlaySession.new("mushi", bots="random", rounds=1, seed=4, save=path, pause=0)
    _run(session, "1\n")
    original = path.read_bytes()
    first = PlaySession.resume(path, pause=0)
    assert first.save_path == tmp_path / "sample-resumed.json" and first.resumed_from == path
    _run(first, "1\n")
    second = PlaySession.resume(path, pause=0)
    assert second.save_path == tmp_path / "sample-resumed-2.json"
    chosen = PlaySession.resume(path, pause=0, save=tmp_path / "mine.json")
    assert chosen.save_path == tmp_path / "mine.json"
    assert path.read_bytes() == original


def test_a_pending_turn_over_is_shown_waiting_not_as_no_capture(tmp_path: Path) -> None:
    """Issue 11 fix 3 (``play min-hwatu --plain --seed 22``): a turned-over card waiting for
    the player's choice is announced as such, and logged with what it took once chosen."""
    session = PlaySession.new("min-hwatu", bots="random", rounds=1, seed=22, pause=0,
                              save=tmp_path / "m.json")
    text = _run(session, "1\n" * 80)
    assert ": choose what it takes." in text
    for line in text.splitlines():
        if "turned over" in line and "choose what it takes" not in line:
            assert "(no capture)" in line or ", took " in line or "ppeok" in line
