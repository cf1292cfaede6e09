"""scripts/render_bots_table.py (issue 13): every arena result in docs/bots-results/ is a row of
the strength table, labelled from the file itself, and docs/bots.md holds the rendered table."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "bots-results"


def _script() -> ModuleType:
    path = ROOT / "scripts" / "render_bots_table.py"
    spec = importlib.util.spec_from_file_location("render_bots_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


render = _script()


def _rows(table: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()[2:]]


def _expected_cells(data: dict[str, Any]) -> tuple[str, str, str]:
    """What a file's row must show, worked out independently of the script's label code."""
    agents = list(dict.fromkeys(data["agents"]))
    setup = f"{data['game']} {data['players']}p"
    options = dict(data.get("options") or {})
    teams = options.pop("teams", None)
    if teams:
        setup += f" teams {len(teams)}×{len(teams[0])}"
    for key in sorted(options):  # any other option, as key=value (rounds=12)
        setup += f" {key}={json.dumps(options[key])}"
    margin = next(iter(data["margins"].values()))
    mean = round(margin["mean"], 2)
    return setup, f"{agents[0]} vs {agents[1]}", f"{mean:+.2f}" if mean else "0.00"


def test_a_margin_that_rounds_to_zero_has_no_sign() -> None:
    assert render.signed(-0.0) == "0.00"
    assert render.signed(-0.004) == "0.00"
    assert render.signed(0.004) == "0.00"
    assert render.signed(-0.006) == "-0.01"
    assert render.signed(1.234) == "+1.23"


def test_every_result_file_is_a_row() -> None:
    files = sorted(RESULTS.glob("*.json"))
    assert files, "docs/bots-results/ holds the arena results"
    rows = _rows(render.table())
    assert len(rows) == len(files)
    unmatched = list(rows)
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        setup, pairing, margin = _expected_cells(data)
        unit = ", whole matches" if data.get("unit") == "match" else ""
        found = [r for r in unmatched if r[0] == setup and r[1].startswith(pairing + unit)
                 and r[5].startswith(margin) and r[2] == f"{data['deals']} × {data['rotations_per_deal']}"]
        assert found, f"no row for {path.name} ({setup}, {pairing}{unit}, margin {margin})"
        unmatched.remove(found[0])
    assert not unmatched


def test_labels_come_from_the_file(tmp_path: Path) -> None:
    source = json.loads((RESULTS / "kwa-do-6p-teams-policy-vs-greedy.json").read_text(encoding="utf-8"))
    source["options"] = {"teams": [[0, 3], [1, 4], [2, 5]], "yaku": True}
    source["unit"] = "match"
    (tmp_path / "anything.json").write_text(json.dumps(source), encoding="utf-8")
    (row,) = _rows(render.table(tmp_path))
    assert row[0] == "kwa-do 6p teams 3×2 yaku=true"
    assert row[1] == "policy vs greedy, whole matches"
    assert row[2] == "2000 × 3"


def test_same_label_twice_names_the_seeds(tmp_path: Path) -> None:
    for seed in (1, 2):
        data = json.loads((RESULTS / "mushi-2p-greedy-vs-random.json").read_text(encoding="utf-8"))
        data["seed"] = seed
        (tmp_path / f"r{seed}.json").write_text(json.dumps(data), encoding="utf-8")
    assert [r[1] for r in _rows(render.table(tmp_path))] == ["greedy vs random (seed 1)",
                                                             "greedy vs random (seed 2)"]


@pytest.mark.parametrize("text, message", [("", "empty"), ("{", "not JSON"),
                                           ('{"game": "mushi"}', "missing players")])
def test_bad_file_is_named(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "bad.json").write_text(text, encoding="utf-8")
    with pytest.raises(render.ResultError, match=message) as error:
        render.table(tmp_path)
    assert "bad.json" in str(error.value)


def test_docs_table_is_the_rendered_one(tmp_path: Path) -> None:
    doc = tmp_path / "bots.md"
    shutil.copy(ROOT / "docs" / "bots.md", doc)
    render.render(doc, RESULTS)
    assert doc.read_text(encoding="utf-8") == (ROOT / "docs" / "bots.md").read_text(encoding="utf-8"), (
        "docs/bots.md is stale: run python scripts/render_bots_table.py")


def _doc_figure(value: float) -> str:
    """A figure as docs/bots.md writes it: +1.61, −0.74 (a minus sign, not a hyphen)."""
    return f"{value:+.2f}".replace("-", "−")


def test_paired_differences_quoted_in_the_doc_are_the_files_own() -> None:
    """Every ``hanafuda arena-compare`` of two result files in docs/bots.md is preceded by the
    difference that command prints for those files."""
    from hanafuda.agents.arena import paired_difference

    doc = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    pattern = re.compile(r"hanafuda arena-compare (docs/bots-results/\S+\.json) "
                         r"(docs/bots-results/\S+\.json)`")
    found = list(pattern.finditer(doc))
    assert found, "docs/bots.md quotes at least one paired comparison of result files"
    for match in found:
        runs = [json.loads((ROOT / name).read_text(encoding="utf-8")) for name in match.groups()]
        [difference] = paired_difference(*runs)
        low, high = difference.ci
        quoted = f"{_doc_figure(difference.mean)} [{_doc_figure(low)}, {_doc_figure(high)}]"
        assert quoted in doc[max(0, match.start() - 200) : match.start()], (quoted, match.group(0))
