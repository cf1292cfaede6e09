"""scripts/render_bots_table.py (issues 13, 31): every arena result in docs/bots-results/ is a row of
the full strength table, labelled from the file itself, which the measurement log
docs/bots-results/README.md holds; the guide docs/bots.md holds the rendered summary, each cell
a result file's own figure."""

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
LOG = RESULTS / "README.md"
GUIDE = ROOT / "docs" / "bots.md"


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


@pytest.mark.parametrize("doc", [GUIDE, LOG], ids=["guide", "log"])
def test_docs_table_is_the_rendered_one(tmp_path: Path, doc: Path) -> None:
    copy = tmp_path / doc.name
    shutil.copy(doc, copy)
    render.render(copy, RESULTS)
    assert copy.read_text(encoding="utf-8") == doc.read_text(encoding="utf-8"), (
        f"{doc.relative_to(ROOT)} is stale: run python scripts/render_bots_table.py")


def test_the_guide_and_the_log_hold_their_tables() -> None:
    guide, log = GUIDE.read_text(encoding="utf-8"), LOG.read_text(encoding="utf-8")
    assert render.SUMMARY_BEGIN in guide and render.BEGIN not in guide
    assert render.BEGIN in log and render.SUMMARY_BEGIN not in log


def test_a_changed_figure_in_the_guide_is_stale(tmp_path: Path) -> None:
    """The summary check fails when a figure in the guide differs from its file."""
    text = GUIDE.read_text(encoding="utf-8")
    assert "+13.14 [+11.91, +14.36]" in text  # Mushi, expert vs greedy, 2,000 deals
    copy = tmp_path / "bots.md"
    copy.write_text(text.replace("+13.14 [+11.91, +14.36]", "+15.14 [+11.91, +14.36]"), encoding="utf-8")
    render.render(copy, RESULTS)
    assert copy.read_text(encoding="utf-8") == text


def test_summary_cells_are_the_best_measured_file(tmp_path: Path) -> None:
    """A cell is the file with the most deals for that game and pairing; the default expert's
    spelled-out name counts as ``expert``; 3+ players and options stay out; no file is ``—``."""
    base = json.loads((RESULTS / "mushi-2p-expert-vs-strong-seed808.json").read_text(encoding="utf-8"))
    for deals, mean, name in ((200, 9.5, "expert"), (3000, 7.25, "expert@4800/batch-greedy")):
        data = json.loads(json.dumps(base))
        data["deals"] = deals
        data["agents"] = [name, "strong"]
        data["results"][name] = data["results"].pop("expert")
        key = next(iter(data["margins"]))
        data["margins"] = {key: {**data["margins"][key], "mean": mean}}
        (tmp_path / f"d{deals}.json").write_text(json.dumps(data), encoding="utf-8")
    other = dict(base, options={"rounds": 3}, agents=["expert", "greedy"])
    other["results"] = {"expert": base["results"]["expert"], "greedy": base["results"]["strong"]}
    (tmp_path / "options.json").write_text(json.dumps(other), encoding="utf-8")
    rows = {r[0]: r for r in _rows(render.summary(tmp_path))}
    assert rows["mushi"][4].startswith("+7.25 [") and rows["mushi"][4].endswith("(3000 deals)")
    assert rows["mushi"][3] == "—" and rows["kwa-do"][4] == "—"


def _doc_figure(value: float) -> str:
    """A figure as the bots docs write it: +1.61, −0.74 (a minus sign, not a hyphen)."""
    return f"{value:+.2f}".replace("-", "−")


def test_paired_differences_quoted_in_the_doc_are_the_files_own() -> None:
    """Every ``hanafuda arena-compare`` of two result files in the guide or the measurement log
    is preceded by the difference that command prints for those files."""
    from hanafuda.agents.arena import paired_difference

    doc = "\n".join(path.read_text(encoding="utf-8") for path in (GUIDE, LOG))
    pattern = re.compile(r"hanafuda arena-compare (docs/bots-results/\S+\.json) "
                         r"(docs/bots-results/\S+\.json)`")
    found = list(pattern.finditer(doc))
    assert found, "the bots docs quote at least one paired comparison of result files"
    for match in found:
        runs = [json.loads((ROOT / name).read_text(encoding="utf-8")) for name in match.groups()]
        [difference] = paired_difference(*runs)
        low, high = difference.ci
        quoted = f"{_doc_figure(difference.mean)} [{_doc_figure(low)}, {_doc_figure(high)}]"
        assert quoted in doc[max(0, match.start() - 200) : match.start()], (quoted, match.group(0))
