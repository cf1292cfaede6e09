"""The proof from outside (issue 30): 151 Koi-Koi matches recorded by KoiKoi-AI, under the rules of
the PC game KoiKoi-Japan, imported and replayed; every round's scores equal the record's.

The records are in ``../shared/external/koikoi-ai-records/`` beside the repository (CI runs with
a copy of ``shared/`` beside the clone); ``HANAFUDA_SHARED`` names another ``shared`` folder.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hanafuda.cli import app
from hanafuda.datasets.koikoi_ai import KoiKoiAIError, card_of, import_koikoi_ai
from hanafuda.records import match_from_record, replay_summary

REPO = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("HANAFUDA_SHARED", REPO.parent / "shared"))
RECORDS = SHARED / "external" / "koikoi-ai-records"


def _records() -> list[Path]:
    assert RECORDS.is_dir(), (
        f"the KoiKoi-AI records are missing: {RECORDS} (shared/ must lie beside the repository, "
        "or HANAFUDA_SHARED name it)")
    return sorted(RECORDS.glob("*.json"), key=lambda p: int(p.stem))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_are_151_records() -> None:
    assert len(_records()) == 151


def test_every_round_of_every_record_scores_as_recorded() -> None:
    rounds = stops = exhausted = 0
    for path in _records():
        data = _load(path)
        record = import_koikoi_ai(data)
        summary = replay_summary(match_from_record(json.loads(json.dumps(record))))
        theirs = [data["record"][f"round{i}"]["basic"] for i in range(1, len(data["record"]) + 1)]
        assert len(summary["rounds"]) == len(theirs), path.name
        for number, (ours, basic) in enumerate(zip(summary["rounds"], theirs, strict=True), 1):
            expected = [basic["player1RoundPts"], basic["player2RoundPts"]]
            if expected == [None, None]:  # a match whose record stops in the middle of a round
                assert "scores" not in ours or ours["scores"] is None, (path.name, number)
                continue
            assert ours["scores"] == expected, f"{path.name} round {number}"
            assert ours["dealer"] == basic["Dealer"] - 1, f"{path.name} round {number}"
            rounds += 1
            turns = [k for k in data["record"][f"round{number}"] if k != "basic"]
            last = data["record"][f"round{number}"][turns[-1]]["isKoiKoi"]
            stops += last is False
            exhausted += last is None
        if data["result"].get("isOver"):
            totals = [data["result"]["player1EndPts"] - 30, data["result"]["player2EndPts"] - 30]
            assert summary["totals"] == totals, path.name
    assert rounds > 1100 and stops > 1000 and exhausted > 30


def test_the_card_numbering() -> None:
    """k is the month's slot in our order (docs/rules/koi-koi.md, "Card numbering")."""
    assert card_of([1, 1], "here") == 0  # pine-crane
    assert card_of([9, 1], "here") == 32  # chrysanthemum-sake
    assert card_of([11, 4], "here") == 43  # willow-lightning
    for bad in ([0, 1], [13, 1], [1, 5], "1,1", [1], [True, 1]):
        with pytest.raises(KoiKoiAIError):
            card_of(bad, "here")


def _first() -> dict[str, Any]:
    return _load(_records()[0])


def test_a_wrong_card_names_the_round_and_turn() -> None:
    data = _first()
    turn = data["record"]["round2"]["turn3"]
    month = turn["drawCard"][0]
    turn["drawCard"] = [month % 12 + 1, turn["drawCard"][1]]
    with pytest.raises(KoiKoiAIError, match=r"round 2, turn 3: the pile turned over"):
        import_koikoi_ai(data)


def test_a_wrong_call_or_score_is_refused() -> None:
    data = _first()
    r1 = data["record"]["round1"]
    calls = [k for k in r1 if k != "basic" and r1[k]["isKoiKoi"] is None]
    bad = copy.deepcopy(data)
    bad["record"]["round1"][calls[0]]["isKoiKoi"] = True
    with pytest.raises(KoiKoiAIError, match=r"round 1, turn \d+: the record calls koi-koi"):
        import_koikoi_ai(bad)
    bad = copy.deepcopy(data)
    bad["record"]["round1"]["basic"]["player1RoundPts"] += 1
    with pytest.raises(KoiKoiAIError, match=r"round 1: the record scores"):
        import_koikoi_ai(bad)


def test_the_import_command_writes_a_record_or_nothing(tmp_path: Path) -> None:
    runner = CliRunner()
    source = _records()[0]
    out = tmp_path / "match.json"
    result = runner.invoke(app, ["import", "koikoi-ai", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["game"] == "koi-koi" and record["options"]["bank"] == 30
    replayed = runner.invoke(app, ["replay", str(out), "--json"])
    assert replayed.exit_code == 0
    data = _load(source)
    assert json.loads(replayed.stdout)["rounds"][0]["scores"] == [
        data["record"]["round1"]["basic"]["player1RoundPts"],
        data["record"]["round1"]["basic"]["player2RoundPts"]]
    data["record"]["round1"]["turn1"]["discardCard"] = [99, 1]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    nothing = tmp_path / "nothing.json"
    failed = runner.invoke(app, ["import", "koikoi-ai", str(broken), "-o", str(nothing)])
    assert failed.exit_code == 2 and "round 1, turn 1" in failed.output
    assert not nothing.exists()
    unknown = runner.invoke(app, ["import", "tenhou", str(source), "-o", str(nothing)])
    assert unknown.exit_code == 2 and not nothing.exists()
