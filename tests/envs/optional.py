"""Import an optional research dependency: skip the tests without it, except in CI (``CI=true``),
where its absence is an error (``.ci/run`` installs the ``rl``, ``ray`` and ``openspiel`` extras)."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require(module: str, extra: str) -> ModuleType:
    """``module`` imported, or the calling test module skipped (outside CI only)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if in_ci():
            raise ImportError(f"{module} is not installed, but CI must run these tests "
                              f"(pip install 'hanafuda[{extra}]')") from None
        pytest.skip(f"{module} is not installed (pip install 'hanafuda[{extra}]')",
                    allow_module_level=True)
        raise  # unreachable: skip raises
