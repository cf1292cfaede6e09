"""``--lang`` on ``play``, ``rules`` and ``replay``; saved matches in the user's data folder and
``--resume`` without a file (issue 28)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hanafuda.cli import app
from hanafuda.records import load_record
from hanafuda.tui.session import PlayError, PlaySession, latest_saved_match, saves_directory

runner = CliRunner()
RECORDS = Path(__file__).resolve().parents[1] / "records"
KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.mark.parametrize("command", [["rules", "mushi"], ["play", "mushi", "--plain"],
                                     ["replay", str(RECORDS / "mushi-2p-default.json")]])
def test_an_unknown_language_is_a_clear_error(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--lang", "fr"], input="q\n")
    assert result.exit_code != 0
    assert "unknown language 'fr'; languages are: en, ja, ko" in result.output
    assert "Traceback" not in result.output


def test_rules_say_which_yaku_exclude_each_other_how_a_match_is_won_and_the_misdeals() -> None:
    english = runner.invoke(app, ["rules", "hana-awase"]).output
    assert "Yaku that exclude each other:" in english
    assert "only the highest of Five Brights (gokō), Four Brights (shikō)" in english
    assert "The match lasts 12 rounds." in english and "Who deals next:" in english
    assert "Four cards of one month dealt to the field: the same dealer deals again." in english
    mushi = runner.invoke(app, ["rules", "mushi", "--lang", "ja"]).output
    assert "重ならない役：" in mushi and "対局の勝ち方：" in mushi and "次の親：" in mushi
    assert "雷以外の柳3枚がすべて場にあるときも配り直します。" in mushi
    assert "五光（30点）：松に鶴、桜に幕、芒に月、柳に小野道風、桐に鳳凰" in mushi
    korean = runner.invoke(app, ["rules", "hana-awase", "--lang", "ko"]).output
    assert "겹치지 않는 약:" in korean and "재분배:" in korean
    assert len(HANGUL.findall(korean)) > 500


def test_replay_names_cards_as_the_game_does_and_speaks_the_language() -> None:
    record = str(RECORDS / "hawaiifuda-2p-dealer-captures.json")
    english = runner.invoke(app, ["replay", record]).output
    assert "Pāhoehoe" in english and "Willow Lightning" not in english
    hanafuda = runner.invoke(app, ["replay", record, "--theme", "hanafuda"]).output
    assert "Willow Lightning" in hanafuda and "Pāhoehoe" not in hanafuda
    japanese = runner.invoke(app, ["replay", record, "--lang", "ja", "--theme", "hanafuda"]).output
    assert "柳のカス（雷" in japanese and "第1回" in japanese and "Willow" not in japanese
    bad = runner.invoke(app, ["replay", record, "--theme", "tarot"])
    assert bad.exit_code != 0 and "unknown theme 'tarot'" in bad.output


def test_play_in_japanese_names_cards_and_says_everything_in_japanese() -> None:
    result = runner.invoke(app, ["play", "hana-awase", "--plain", "--lang", "ja", "--bots", "random",
                                 "--seed", "3"], input="1\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "打てる手：" in out
    assert "桜に赤短で桜のカスを取る" in out
    assert "対局を" in out and "に保存しました" in out
    assert not re.search(r"\b(Legal moves|Your move|Field|Your hand|Round)\b", out), out


def test_a_finished_or_quit_match_goes_to_the_saves_folder_and_the_path_is_printed(saves: Path) -> None:
    assert saves_directory() == saves
    result = runner.invoke(app, ["play", "mushi", "--plain", "--bots", "random", "--seed", "5"],
                           input="q\n")
    assert result.exit_code == 0, result.output
    [saved] = list(saves.glob("hanafuda-mushi-*.json"))
    assert f"Match saved to {saved}" in result.output
    assert load_record(saved)["meta"]["play"]["lang"] == "en"
    assert not list(Path.cwd().glob("hanafuda-mushi-*.json"))


def test_resume_without_a_file_continues_the_latest_saved_match(saves: Path) -> None:
    with pytest.raises(PlayError, match="no saved match in"):
        latest_saved_match()
    first = PlaySession.new("mushi", bots="random", seed=1, lang="ko")
    older = first.save()
    second = PlaySession.new("hana-awase", bots="random", seed=2)
    newer = second.save()
    assert older != newer and older.parent == newer.parent == saves
    os.utime(older, (time.time() - 60, time.time() - 60))
    assert latest_saved_match() == newer
    result = runner.invoke(app, ["play", "--plain", "--resume"], input="q\n")
    assert result.exit_code == 0, result.output
    assert f"Resumed from {newer}" in result.output and "Hana-Awase" in result.output
    os.utime(older, None)
    korean = runner.invoke(app, ["play", "--plain", "--resume", str(older)], input="q\n")
    assert korean.exit_code == 0, korean.output
    assert "에서 이어서 합니다" in korean.output  # the match keeps its language
    empty = runner.invoke(app, ["play", "--plain", "--resume", "--players", "3"], input="q\n")
    assert empty.exit_code != 0 and "give no --players" in empty.output
    game = runner.invoke(app, ["play", "mushi", "--plain", "--resume"], input="q\n")
    assert game.exit_code != 0
    assert "give its FILE (or nothing for the latest), not the game 'mushi'" in game.output


def test_a_bad_language_of_a_session_is_refused() -> None:
    with pytest.raises(PlayError, match="unknown language 'de'"):
        PlaySession.new("mushi", lang="de")
