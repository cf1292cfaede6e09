"""Golden game records: `hanafuda replay` must reproduce the frozen outputs exactly.

The records under tests/records/ were produced by scripts/make_golden_records.py (seeded
random play) and their expected outputs were checked by hand against RULES.md before
being frozen in tests/records/expected/.  These tests never regenerate anything: they
replay each record through the CLI and compare with the frozen files, check that a
record written back from the replayed match is the same record, and check that every
invalid record under tests/records/bad/ is rejected with the expected reason.

A few rule facts are also asserted directly on the replay summary (RULES.md §4, §6, §8),
so a frozen file that is wrong on those points cannot pass silently.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hanafuda.cli import app
from hanafuda.records import load_record, match_from_record, match_to_record, save_record
from hanafuda.rules import GAMES

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected"
BAD = HERE / "bad"

RECORDS = sorted(HERE.glob("*.json"))
NAMES = [p.stem for p in RECORDS]
BAD_ERRORS: dict[str, str] = json.loads((BAD / "expected_errors.json").read_text(encoding="utf-8"))


def replay(path: Path, *args: str) -> Any:
    return CliRunner().invoke(app, ["replay", str(path), *args])


def test_the_golden_set_is_complete() -> None:
    assert len(RECORDS) >= 18
    for name in NAMES:
        assert (EXPECTED / f"{name}.txt").is_file(), name
        assert (EXPECTED / f"{name}.json").is_file(), name
    games = {json.loads(p.read_text(encoding="utf-8"))["game"] for p in RECORDS}
    assert games == set(GAMES)
    bad_files = {p.name for p in BAD.glob("*.json")} - {"expected_errors.json"}
    assert bad_files == set(BAD_ERRORS)


# -- replay output ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_replay_text_matches(name: str) -> None:
    result = replay(HERE / f"{name}.json")
    assert result.exit_code == 0, result.output
    expected = (EXPECTED / f"{name}.txt").read_text(encoding="utf-8")
    assert result.stdout == expected


@pytest.mark.parametrize("name", NAMES)
def test_replay_json_matches(name: str) -> None:
    result = replay(HERE / f"{name}.json", "--json")
    assert result.exit_code == 0, result.output
    expected_text = (EXPECTED / f"{name}.json").read_text(encoding="utf-8")
    assert result.stdout == expected_text
    got = json.loads(result.stdout)
    assert got == json.loads(expected_text)
    assert set(got) == {"game", "players", "sides", "rounds", "totals", "finished", "to_move",
                        "legal", "winners"}
    for rnd in got["rounds"]:
        assert set(rnd) == {"dealer", "captured", "card_points", "yaku", "scores"}


@pytest.mark.parametrize("name", NAMES)
def test_record_rewrites_to_itself(name: str, tmp_path: Path) -> None:
    path = HERE / f"{name}.json"
    record = load_record(path)
    match = match_from_record(record)
    assert match_to_record(match) == record
    out = tmp_path / path.name
    save_record(match, out)
    assert out.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


# -- rule facts checked on the summary (hand-verified when the files were frozen) ---------------


def summary(name: str) -> dict[str, Any]:
    result = replay(HERE / f"{name}.json", "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def complete_rounds(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in data["rounds"] if r["scores"] is not None]


def check_totals_are_sums(data: dict[str, Any]) -> None:
    sums = [sum(col) for col in zip(*(r["scores"] for r in complete_rounds(data)), strict=True)]
    assert data["totals"] == sums


def check_min_hwatu(total: int) -> Callable[[dict[str, Any]], None]:
    def check(data: dict[str, Any]) -> None:
        for rnd in complete_rounds(data):
            assert sum(rnd["card_points"]) == 240  # every card is captured (§4.1)
            assert sum(rnd["scores"]) == total  # 240, or 250 with the 5-player dealer bonus

    return check


def check_zero_sum(card_total: int) -> Callable[[dict[str, Any]], None]:
    def check(data: dict[str, Any]) -> None:
        for rnd in complete_rounds(data):
            assert sum(rnd["card_points"]) == card_total
            assert sum(rnd["scores"]) == 0

    return check


def check_hana_awase_4p(data: dict[str, Any]) -> None:
    # additive, chaff 0: score = card points + yaku, or 0 for everyone when fuke voids the round
    values = {"four-paulownia": 10, "moon-viewing": 20}
    for rnd in complete_rounds(data):
        assert sum(rnd["card_points"]) == 240
        if min(rnd["card_points"]) <= 20:
            assert rnd["scores"] == [0, 0, 0, 0]
            assert rnd["yaku"] == [[], [], [], []]
        else:
            for points, yaku, score in zip(rnd["card_points"], rnd["yaku"], rnd["scores"], strict=True):
                assert score == points + sum(values[y] for y in yaku)
    assert [r["scores"] for r in data["rounds"]] == [[0, 0, 0, 0], [75, 90, 45, 60], [0, 0, 0, 0]]


def check_kwa_do_4p(data: dict[str, Any]) -> None:
    # floor 240 / 2 = 120; yaku added to side points; the match ends on the target 100
    assert data["rounds"][0]["card_points"] == [110, 125]
    assert data["rounds"][0]["scores"] == [110 + 30 + 25 - 120, 125 + 30 - 120]
    assert data["rounds"][1]["card_points"] == [145, 85]
    assert data["rounds"][1]["scores"] == [145 + 30 + 25 + 30 - 120, max(0, 85 + 30 - 120)]
    assert data["rounds"][1]["dealer"] == 0  # team 0+2 won; first of it in turn order 0,1,2,3
    assert data["finished"] and data["totals"] == [155, 35] and data["winners"] == [0]
    assert data["totals"][0] >= 100 > data["rounds"][0]["scores"][0]


def check_kwa_do_floor_zero(data: dict[str, Any]) -> None:
    for rnd in data["rounds"]:
        assert all(p < 120 for p in rnd["card_points"])
        assert rnd["scores"] == [0, 0]
    assert data["winners"] == [0, 1]  # equal totals share the win


def check_kwa_do_raw(data: dict[str, Any]) -> None:
    for rnd in data["rounds"]:
        assert rnd["scores"] == rnd["card_points"]  # raw scoring, no five brights held
    assert data["totals"] == [320, 140]


def check_hawaiifuda_combos(data: dict[str, Any]) -> None:
    first = data["rounds"][0]
    assert first["yaku"] == [[], [], [], ["blue-ribbons"]]
    assert first["scores"] == [75 - 50, 50 - 50, 60 - 50, 45]


def check_mushi(data: dict[str, Any]) -> None:
    check_zero_sum(230)(data)
    for rnd in complete_rounds(data):
        # par 115: the side with more card points and yaku wins exactly what the other loses
        assert rnd["scores"][0] == -rnd["scores"][1]


def check_mushi_dealers(data: dict[str, Any]) -> None:
    rounds = data["rounds"]
    for before, after in zip(rounds, rounds[1:], strict=False):
        a, b = before["scores"]
        expected = before["dealer"] if a == b else (0 if a > b else 1)
        assert after["dealer"] == expected  # §4.5: higher score deals, a tie keeps the dealer


def check_mushi_target(data: dict[str, Any]) -> None:
    running = [0, 0]
    for index, rnd in enumerate(data["rounds"]):
        running = [t + s for t, s in zip(running, rnd["scores"], strict=True)]
        last = index == len(data["rounds"]) - 1
        assert (max(running) >= 60) == last
    assert data["finished"] and data["to_move"] is None and data["legal"] == []


def check_midround(data: dict[str, Any]) -> None:
    assert data["rounds"][-1]["scores"] is None
    assert all(r["scores"] is not None for r in data["rounds"][:-1])
    assert data["finished"] is False and data["winners"] == []
    assert data["to_move"] == 1
    assert data["legal"] == sorted(data["legal"]) and data["legal"]


def check_between_rounds(data: dict[str, Any]) -> None:
    assert all(r["scores"] is not None for r in data["rounds"])
    assert len(data["rounds"]) == 2 and data["finished"] is False
    assert data["to_move"] is None and data["legal"] == [] and data["winners"] == []


FACTS: dict[str, list[Callable[[dict[str, Any]], None]]] = {
    "min-hwatu-2p-default-3rounds": [check_min_hwatu(240)],
    "min-hwatu-5p-korean-2rounds": [check_min_hwatu(250)],
    "min-hwatu-3p-ppeok-english": [check_min_hwatu(240)],
    "min-hwatu-4p-between-rounds": [check_min_hwatu(240), check_between_rounds],
    "hana-awase-2p-default-3rounds": [check_zero_sum(264)],
    "hana-awase-3p-teyaku": [check_zero_sum(264)],
    "hana-awase-4p-additive-fuke": [check_hana_awase_4p],
    "kwa-do-4p-teams-yaku-gaji": [check_kwa_do_4p],
    "kwa-do-2p-hand8": [check_kwa_do_floor_zero],
    "kwa-do-6p-teams-raw-gaji-stock": [check_kwa_do_raw],
    "hawaiifuda-4p-combos-2rounds": [check_hawaiifuda_combos],
    "mushi-2p-default-12rounds": [check_mushi, check_mushi_dealers],
    "mushi-2p-target60": [check_mushi, check_mushi_dealers, check_mushi_target],
    "mushi-2p-lightning-last": [check_mushi],
    "mushi-2p-lightning-field": [check_mushi],
    "mushi-2p-midround": [check_mushi, check_mushi_dealers, check_midround],
}


@pytest.mark.parametrize("name", NAMES)
def test_rule_facts(name: str) -> None:
    data = summary(name)
    check_totals_are_sums(data)
    if data["finished"]:
        assert data["to_move"] is None and data["legal"] == []
        best = max(data["totals"])
        assert data["winners"] == [i for i, t in enumerate(data["totals"]) if t == best]
    for check in FACTS.get(name, []):
        check(data)


def test_hana_awase_teyaku_payments() -> None:
    """Round 2: seat 2 exposes 7 chaff (30), seat 1 exposes 6 (20); round 3: seat 2 keeps."""
    rnd = summary("hana-awase-3p-teyaku")["rounds"][1]
    par = 88
    pts = rnd["card_points"]
    assert rnd["scores"] == [pts[0] - par - 50, pts[1] - par + 40 - 30, pts[2] - par + 60 - 20]
    record = load_record(HERE / "hana-awase-3p-teyaku.json")
    assert record["rounds"][1]["moves"][:2] == ["expose", "expose"]
    assert record["rounds"][2]["moves"][0] == "keep"


def test_min_hwatu_ppeok_happens() -> None:
    """The pair made from hand and the turned-over card of its month stay on the field."""
    match = match_from_record(load_record(HERE / "min-hwatu-3p-ppeok-english.json"))
    assert any(ev[0] == "ppeok" for ev in match.rounds[0].events)


def test_wild_cards_in_the_records() -> None:
    """Pāhoehoe / Gaji wild captures and round-end collections that the records were chosen for."""
    def kinds(name: str) -> set[str]:
        match = match_from_record(load_record(HERE / f"{name}.json"))
        return {ev[0] for rnd in match.rounds for ev in rnd.events}

    assert "dealer-captures" in kinds("hawaiifuda-2p-dealer-captures")
    assert "collect" in kinds("hawaiifuda-2p-default-2rounds")
    assert "collect" in kinds("kwa-do-4p-teams-yaku-gaji")
    assert "declare" in kinds("kwa-do-4p-teams-yaku-gaji")
    last = load_record(HERE / "mushi-2p-lightning-last.json")
    assert last["rounds"][0]["stock"][-1] == "willow-lightning"
    field = load_record(HERE / "mushi-2p-lightning-field.json")
    assert "willow-lightning" in field["rounds"][0]["field"]


# -- invalid records ----------------------------------------------------------------------------


@pytest.mark.parametrize("filename", sorted(BAD_ERRORS))
def test_bad_record_is_rejected(filename: str) -> None:
    result = replay(BAD / filename)
    assert result.exit_code != 0
    assert result.stdout == ""
    assert BAD_ERRORS[filename] in result.stderr, result.stderr
    assert result.stderr.startswith("error: ")


# -- the console script -------------------------------------------------------------------------


def test_console_script_replays_a_golden_record() -> None:
    exe = Path(sys.executable).parent / "hanafuda"
    command = str(exe) if exe.exists() else shutil.which("hanafuda")
    if command is None:
        pytest.skip("the hanafuda console script is not installed")
    name = "kwa-do-4p-teams-yaku-gaji"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [command, "replay", str(HERE / f"{name}.json")],
        capture_output=True, check=False, env=env, timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert done.stdout.decode("utf-8") == (EXPECTED / f"{name}.txt").read_text(encoding="utf-8")
    done = subprocess.run(
        [command, "replay", str(HERE / f"{name}.json"), "--json"],
        capture_output=True, check=False, env=env, timeout=60,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout) == json.loads((EXPECTED / f"{name}.json").read_text("utf-8"))
    done = subprocess.run(
        [command, "replay", str(BAD / "illegal-move.json")],
        capture_output=True, check=False, env=env, timeout=60,
    )
    assert done.returncode != 0
    assert BAD_ERRORS["illegal-move.json"] in done.stderr.decode("utf-8")
