"""Every code block of README.md and docs/*.md runs as shown (issue 32; tests/docs/doc_blocks.py
says how a block is marked).

Python blocks are executed, each on its own (or after the block it ``continues``).  A ``print``
whose line ends in a comment, or is followed by a comment-only line, states its output: the
printed text must start that comment (the rest of a comment may explain, e.g.
``# ('flip', 0, 41, …): the swallow took the rain man``).  Shell blocks run in a scratch
folder with ``bash -e``, line by line as doc_blocks.py decides; a failing line fails the test.
"""

from __future__ import annotations

import builtins
import importlib
import io
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .doc_blocks import (
    EXTRA_MODULES,
    NOT_CODE_SHELL,
    ROOT,
    Block,
    all_blocks,
    ci_extras,
    line_reason,
    shell_commands,
)

BLOCKS = all_blocks()
PYTHON_BLOCKS = [b for b in BLOCKS if b.kind == "python" and b.shown_reason is None]
KNOWN = ("needs", "show", "run", "replace", "continues", "given")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


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


def run_block(code: str, name: str, namespace: dict[str, Any] | None = None) -> dict[int, str]:
    """Execute ``code`` (in ``namespace``, updated); the text each ``print`` call wrote, by
    its line number in the block."""
    printed: dict[int, str] = {}

    def recording_print(*args: Any, **kwargs: Any) -> None:
        buffer = io.StringIO()
        builtins.print(*args, **{**kwargs, "file": buffer})
        frame = sys._getframe(1)
        if frame.f_code.co_filename == name:
            printed[frame.f_lineno] = buffer.getvalue().rstrip("\n")

    if namespace is None:
        namespace = {}
    namespace.update({"__name__": "__doc_example__", "print": recording_print})
    exec(compile(code, name, "exec"), namespace)
    return printed


# -- what a block needs --------------------------------------------------------------------------


def require_extras(block: Block) -> None:
    """Skip a block whose extra is missing — unless CI installs that extra and this is CI."""
    for extra in block.needs:
        for module in EXTRA_MODULES[extra]:
            try:
                importlib.import_module(module)
            except ImportError:
                if in_ci() and extra in ci_extras():
                    raise ImportError(f"{block.id} needs the {extra!r} extra ({module}), which CI "
                                      "installs: it must run here") from None
                pytest.skip(f"{block.id} needs the {extra!r} extra ({module} is not installed)")


def _view_and_rng() -> dict[str, Any]:
    from hanafuda import Match

    match = Match("mushi", 2, seed=0)
    return {"view": match.view(match.to_move), "rng": random.Random(0)}


def _given_python(name: str) -> dict[str, Any]:
    if name in ("view", "rng"):
        return {name: _view_and_rng()[name]}
    raise KeyError(f"no given {name!r} for a Python block (known: view, rng)")


def _given_file(name: str, folder: Path) -> None:
    """A file a shell block names without making it: a sample record as ``game.json``, two small
    arena runs on one seed as ``a.json`` / ``b.json`` (what ``arena-compare`` reads), and a
    KoiKoi-AI match as ``IN.json`` (what ``hanafuda import koikoi-ai`` reads)."""
    if name == "game.json":
        shutil.copy(ROOT / "tests" / "records" / "mushi-2p-default-12rounds.json", folder / name)
    elif name in ("a.json", "b.json"):
        from hanafuda.agents.arena import run_arena

        first = "greedy" if name == "a.json" else "policy"
        result = run_arena("mushi", 2, [first, "random"], deals=3, seed=1)
        (folder / name).write_text(json.dumps(result.to_json()), encoding="utf-8")
    elif name == "IN.json":  # an outside Koi-Koi record (../shared/external, as the koi-koi tests read it)
        shared = Path(os.environ.get("HANAFUDA_SHARED", ROOT.parent / "shared"))
        shutil.copy(shared / "external" / "koikoi-ai-records" / "1.json", folder / name)
    else:
        raise KeyError(f"no given file {name!r} for a shell block (known: game.json, a.json, b.json, "
                       "IN.json)")


NAMESPACES: dict[str, dict[str, Any]] = {}


def namespace_of(block: Block) -> dict[str, Any]:
    """Run ``block`` (after the block it continues) and keep its names."""
    if block.id in NAMESPACES:
        return NAMESPACES[block.id]
    namespace: dict[str, Any] = {}
    if block.has("continues"):
        earlier = [b for b in PYTHON_BLOCKS if b.doc == block.doc and b.line < block.line]
        assert earlier, f"{block.id} continues, but no Python block comes before it"
        namespace.update(namespace_of(earlier[-1]))
    for name in block.givens:
        namespace.update(_given_python(name))
    code = block.runnable_code()
    printed = run_block(code, block.id, namespace)
    for number, expected in expected_outputs(code).items():
        where = f"{block.doc} line {block.line + number - 1}"
        assert number in printed, f"{where}: the print did not run"
        shown = printed[number]
        assert shown and expected.startswith(shown), \
            f"{where}: printed {shown!r}, the comment says {expected!r}"
    NAMESPACES[block.id] = namespace
    return namespace


# -- the tests -----------------------------------------------------------------------------------


def test_the_docs_have_examples() -> None:
    assert {"README.md", "docs/architecture.md", "docs/research.md"} <= {b.doc for b in PYTHON_BLOCKS}
    assert any(expected_outputs(b.code) for b in PYTHON_BLOCKS)
    assert any(b.kind == "shell" for b in BLOCKS)


def test_every_block_is_marked_clearly() -> None:
    """Known directives only, a reason for every shown block, known extras and givens, and a
    compound shell command (a loop, …) is either run whole or shown whole."""
    problems = []
    for block in BLOCKS:
        for directive in block.directives:
            if directive.split(" ", 1)[0].rstrip(":") not in KNOWN:
                problems.append(f"{block.id}: unknown directive {directive!r}")
        if any(d.startswith("show") for d in block.directives) and not block.shown_reason:
            problems.append(f"{block.id}: show needs a reason")
        for extra in block.needs:
            if extra not in EXTRA_MODULES:
                problems.append(f"{block.id}: unknown extra {extra!r}")
        if block.kind == "shell" and NOT_CODE_SHELL.search(block.code) \
                and block.shown_reason is None and not block.has("run"):
            problems.append(f"{block.id}: a compound shell command: mark it run or show")
        try:
            block.runnable_code()
        except ValueError as exc:
            problems.append(str(exc))
    assert not problems, "\n".join(problems)


def test_ci_installs_the_research_extras() -> None:
    """The rule above reads CI's extras from its scripts: if that reading broke, every
    extra's block would skip in CI unnoticed."""
    assert {"rl", "ray", "openspiel", "test"} <= ci_extras()


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=[b.id for b in PYTHON_BLOCKS])
def test_python_block_runs_and_prints_what_it_says(block: Block, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    require_extras(block)
    monkeypatch.chdir(tmp_path)
    NAMESPACES.pop(block.id, None)
    try:
        namespace_of(block)
    finally:
        ray = sys.modules.get("ray")
        if ray is not None and ray.is_initialized():  # RLlib started a local Ray: stop it
            ray.shutdown()


def _shell_plan(block: Block) -> tuple[list[str], list[tuple[str, str]]]:
    """(the lines that run, [(line, why it is only shown)])."""
    if block.shown_reason is not None:
        return [], [(line, block.shown_reason) for line in shell_commands(block.code)]
    code = block.runnable_code()
    if block.has("run"):
        return [code], []
    run, shown = [], []
    for line in shell_commands(code):
        reason = line_reason(line)
        if reason is None:
            run.append(line)
        else:
            shown.append((line, reason))
    return run, shown


SHELL_BLOCKS = [b for b in BLOCKS if b.kind == "shell" and _shell_plan(b)[0]]


def test_the_shown_only_lines_are_listed() -> None:
    """Nothing is skipped silently: each shown-only line with its reason (``pytest -s``)."""
    shown = [(b.id, line, why) for b in BLOCKS if b.kind == "shell" for line, why in _shell_plan(b)[1]]
    shown += [(b.id, "(python block)", b.shown_reason) for b in BLOCKS
              if b.kind == "python" and b.shown_reason]
    for where, line, why in shown:
        builtins.print(f"{where}: shown only ({why}): {line}")
    assert all(why for _, _, why in shown)
    assert SHELL_BLOCKS, "no shell line of the docs runs"


@pytest.mark.parametrize("block", SHELL_BLOCKS, ids=[b.id for b in SHELL_BLOCKS])
def test_shell_block_runs(block: Block, tmp_path: Path) -> None:
    require_extras(block)
    for name in ("examples", "benchmarks", "tests", "docs", "scripts"):
        (tmp_path / name).symlink_to(ROOT / name)
    for name in block.givens:
        _given_file(name, tmp_path)
    lines, _ = _shell_plan(block)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    script = "set -euo pipefail\n" + "\n".join(lines) + "\n"
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, (f"{block.id} failed (exit {done.returncode}):\n{script}\n"
                                  f"stdout:\n{done.stdout[-3000:]}\nstderr:\n{done.stderr[-3000:]}")


def test_a_wrong_stated_output_is_caught() -> None:
    code = "print(1 + 1)  # 3\n"
    printed = run_block(code, "check")
    assert not expected_outputs(code)[1].startswith(printed[1])
