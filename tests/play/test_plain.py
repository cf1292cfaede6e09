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
    assert "Winner:" in text and f"Match saved to {tmp_path / 'm.json'}" in text
    assert "Legal moves:" in text and "  1. play " in text
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
    assert "Match over after 1 round(s)" in result.output
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
    assert "Options in force for this match:" in text and "rounds = 1 (given)" in text
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
    assert "Stock: 16 cards" in text


def test_cli_resume_continues_a_saved_match(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    first = runner.invoke(app, ["play", "mushi", "--plain", "--bots", "random", "--rounds", "1",
                                "--seed", "12", "--save", str(path)], input="1\n1\n")
    assert first.exit_code == 0, first.output
    assert f"continue with --resume {path}" in first.output
    before = load_record(path)
    second = runner.invoke(app, ["play", "--plain", "--resume", str(path)], input="1\n" * 50)
    assert second.exit_code == 0, second.output
    after = load_record(path)
    moves = before["rounds"][0]["moves"]
    assert after["rounds"][0]["moves"][: len(moves)] == moves
    assert match_from_record({k: v for k, v in after.items() if k != "meta"}).finished
