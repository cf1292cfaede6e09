"""``hanafuda play`` flags: defaults, and bad flags get a clear message and a non-zero exit."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hanafuda.cli import app
from hanafuda.tui.session import PlayError, PlaySession

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "poker"], "unknown game 'poker'"),
        (["play", "mushi", "--players", "3"], "mushi is played by 2 players, not 3"),
        (["play", "mushi", "--option", "nonsense=1"], "nonsense"),
        (["play", "mushi", "--option", "five_brights"], "expected key=value"),
        (["play", "mushi", "--theme", "tarot"], "unknown theme 'tarot'"),
        (["play", "mushi", "--bots", "genius"], "unknown bot 'genius'"),
        (["play", "mushi", "--seat", "2"], "seat 2 is not at this table"),
        (["play", "mushi", "--rounds", "0"], "--rounds must be at least 1"),
        (["play"], "which game?"),
        (["play", "--resume", "/nonexistent/record.json"], "cannot read"),
    ],
)
def test_bad_flags_exit_non_zero_with_a_clear_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, [*args, "--plain"])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_defaults_two_players_against_the_strong_bot(tmp_path: Path) -> None:
    session = PlaySession.new("mushi", save=tmp_path / "m.json")
    assert session.config.players == 2 and session.seat == 0
    assert session.bots == "strong" and session.names == [None, "strong"]
    assert [session.namer.seat(s) for s in (0, 1)] == ["You", "Strong bot (seat 2)"]
    assert session.theme == "hanafuda"


def test_rounds_flag_is_the_rounds_option(tmp_path: Path) -> None:
    session = PlaySession.new("kwa-do", rounds=3, save=tmp_path / "m.json")
    assert session.config.given_options == {"rounds": 3} and session.config.rounds_limit == 3


def test_theme_changes_names_in_plain_output(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "mushi", "--plain", "--bots", "random", "--theme", "hwatu",
                                 "--seed", "3", "--save", str(tmp_path / "m.json")], input="q\n")
    assert result.exit_code == 0, result.output
    assert "피" in result.output  # Korean chaff names


def test_session_rejects_bad_seat() -> None:
    from hanafuda import Match

    with pytest.raises(PlayError, match="seat 5"):
        PlaySession(Match("mushi", 2, seed=1), 5)


def test_play_without_a_terminal_goes_line_by_line(tmp_path: Path) -> None:
    """Issue 11 fix 7: piped input without --plain plays plain instead of printing escapes."""
    result = runner.invoke(app, ["play", "mushi", "--bots", "random", "--seed", "3",
                                 "--save", str(tmp_path / "m.json")], input="q\n")
    assert result.exit_code == 0, result.output
    assert "not a terminal, so playing line by line" in result.output
    assert "\x1b[" not in result.output and "Legal moves:" in result.output
    assert (tmp_path / "m.json").exists()


def test_arena_reports_progress_from_the_start() -> None:
    result = runner.invoke(app, ["arena", "mushi", "--deals", "2", "--workers", "1",
                                 "--agents", "random,random"])
    assert result.exit_code == 0, result.output
    assert "deals 0/2 (0%)" in result.output and "deals 2/2 (100%)" in result.output


def test_rules_game_teaches_the_game_on_its_own() -> None:
    """Issue 11 fix 6: yaku with their cards, values in force, the wild-card rule, no docs/."""
    result = runner.invoke(app, ["rules", "kwa-do", "--theme", "hanafuda"])
    assert result.exit_code == 0, result.output
    own = runner.invoke(app, ["rules", "kwa-do"]).output  # the game's own names by default
    assert "Spring (30): Pine Kwang, Plum Bush Warbler and Cherry Kwang" in own
    text = result.output
    assert "How a turn goes:" in text and "Card values (deck total 240):" in text
    assert "Spring (30): Pine Crane and Sun, Plum Bush Warbler, and Cherry Curtain" in text
    assert "with Yaku = on" in text and "docs/" not in text
    with_gaji = runner.invoke(app, ["rules", "kwa-do", "-o", "gaji=true", "--theme", "kwa-do"])
    assert "Willow Lightning (Gaji) is wild" in with_gaji.output
    assert "Options in force:" in with_gaji.output
    bad = runner.invoke(app, ["rules", "kwa-do", "-o", "gaji=maybe"])
    assert bad.exit_code == 2 and "gaji" in bad.output
    listing = runner.invoke(app, ["rules"])
    assert "mushi" in listing.output and "Kwa-Dō" in listing.output
