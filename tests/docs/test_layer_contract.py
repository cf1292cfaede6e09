"""The import-linter contract (pyproject.toml) covers every top-level module of the package, in
the order of docs/architecture.md's layer table, so no module escapes the layer rule."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "hanafuda"


def contract_layers() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = config["tool"]["importlinter"]["contracts"]
    assert contract["type"] == "layers"
    return [[m.strip() for m in layer.replace(":", "|").split("|")] for layer in contract["layers"]]


def test_every_top_level_module_is_in_a_layer() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    modules |= {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    listed = {m.removeprefix("hanafuda.") for layer in contract_layers() for m in layer}
    assert modules == listed


def test_the_layers_run_from_the_adapters_down_to_the_cards() -> None:
    order = [m.removeprefix("hanafuda.") for layer in contract_layers() for m in layer]
    core = ["agents", "words", "records", "views", "engine", "rules", "themes", "cards"]
    assert [m for m in order if m in core] == core
    assert order[0] == "cli"
