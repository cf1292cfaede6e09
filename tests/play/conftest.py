"""Saved matches of these tests go to a temporary folder, never the user's data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanafuda.tui.session import SAVES_ENV


@pytest.fixture(autouse=True)
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    saves = tmp_path / "saves"
    monkeypatch.setenv(SAVES_ENV, str(saves))
    return saves
