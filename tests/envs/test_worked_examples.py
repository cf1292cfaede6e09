"""The worked examples of docs/research.md on a tiny budget (issue 16): MaskablePPO on Mushi
(``hanafuda[rl]``) and OpenSpiel ISMCTS against the project's bots (``hanafuda[openspiel]``).
The RLlib example runs in tests/envs/test_rllib.py.  Skipped without the extras, except in CI."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from .optional import require

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _example(name: str) -> ModuleType:
    sys.path.insert(0, str(EXAMPLES))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(EXAMPLES))


def test_maskable_ppo_example(tmp_path: Path) -> None:
    require("sb3_contrib", "rl")
    summary = _example("maskable_ppo_mushi").main(["--quick", "--out", str(tmp_path / "model.zip")])
    assert summary["steps"] >= 1024
    for key in ("vs_opponent", "vs_random"):
        assert summary[key]["rounds"] == 64
    arena = summary["arena"]  # one call: the model against the shipped bots, duplicate deals
    assert [(p["agents"], p["deals"]) for p in arena["pairs"]] == [
        (["maskable-ppo", other], 4) for other in ("greedy", "policy", "expert@8")]
    assert set(arena["ratings"]) == {"maskable-ppo", "greedy", "policy", "expert@8"}
    from sb3_contrib import MaskablePPO

    assert MaskablePPO.load(tmp_path / "model.zip", device="cpu").num_timesteps == summary["steps"]


def test_ismcts_example() -> None:
    require("pyspiel", "openspiel")
    first = _example("ismcts_vs_bots").main(["--quick"])
    again = _example("ismcts_vs_bots").main(["--quick"])
    assert first["games"] == 4 and first == again  # seeded: the same games again
