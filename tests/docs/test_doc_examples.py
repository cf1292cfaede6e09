"""The Python examples of README.md and docs/architecture.md run as shown.

Every ```python block is executed on its own.  A ``print`` whose line ends in a comment, or is
followed by a comment-only line, states its output: the printed text must start that comment
(the rest of a comment may explain, e.g. ``# ('flip', 0, 41, …): the swallow took the rain man``).
"""

from __future__ import annotations

import builtins
import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("README.md", "docs/architecture.md")
FENCE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def python_blocks(doc: str) -> list[tuple[str, int, str]]:
    """(doc, first line number, code) of each ```python block."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    return [(doc, text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in FENCE.finditer(text)]


BLOCKS = [block for doc in DOCS for block in python_blocks(doc)]


def expected_outputs(code: str) -> dict[int, str]:
    """Line number (1-based, in the block) of each print with a stated output → that output."""
    lines = code.splitlines()
    out: dict[int, str] = {}
    for index, line in enumerate(lines):
        if not line.lstrip().startswith("print("):
            continue
        _, sep, comment = line.partition("  # ")
        if sep:
            out[index + 1] = comment.strip()
        elif index + 1 < len(lines) and lines[index + 1].lstrip().startswith("#"):
            out[index + 1] = lines[index + 1].strip().lstrip("#").strip()
    return out


def run_block(code: str, name: str) -> dict[int, str]:
    """Execute ``code``; the text each ``print`` call wrote, by its line number in the block."""
    printed: dict[int, str] = {}

    def recording_print(*args: Any, **kwargs: Any) -> None:
        buffer = io.StringIO()
        builtins.print(*args, **{**kwargs, "file": buffer})
        frame = sys._getframe(1)
        if frame.f_code.co_filename == name:
            printed[frame.f_lineno] = buffer.getvalue().rstrip("\n")

    namespace: dict[str, Any] = {"__name__": "__doc_example__", "print": recording_print}
    exec(compile(code, name, "exec"), namespace)
    return printed


def test_the_docs_have_examples() -> None:
    assert {doc for doc, _, _ in BLOCKS} == set(DOCS)
    assert any(expected_outputs(code) for _, _, code in BLOCKS)


@pytest.mark.parametrize(("doc", "line", "code"), BLOCKS, ids=[f"{d}:{n}" for d, n, _ in BLOCKS])
def test_example_runs_and_prints_what_it_says(doc: str, line: int, code: str) -> None:
    printed = run_block(code, f"{doc}:{line}")
    for number, expected in expected_outputs(code).items():
        assert number in printed, f"{doc} line {line + number - 1}: the print did not run"
        shown = printed[number]
        assert shown and expected.startswith(shown), (
            f"{doc} line {line + number - 1}: printed {shown!r}, the comment says {expected!r}")


def test_a_wrong_stated_output_is_caught() -> None:
    code = "print(1 + 1)  # 3\n"
    printed = run_block(code, "check")
    assert not expected_outputs(code)[1].startswith(printed[1])
