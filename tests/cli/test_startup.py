"""A CLI that starts at once (issue 32): what ``hanafuda`` loads, and that the quick start changes
nothing a user sees.

``import hanafuda.cli``, ``--help``, ``rules`` and ``replay`` load no NumPy, pydantic or Rich —
checked by ``sys.modules`` in a fresh process, not by the clock (benchmarks/cli_startup.py times
it).  ``QuickGroup`` converts plain values without pydantic: every value and every error
message must be the one Typer's own converter gives, here compared command by command.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main
from typer.testing import CliRunner

from hanafuda import words
from hanafuda.cli import app
from hanafuda.cli_group import UNSURE, PlainRuntimeParam, QuickGroup, plain_value, walk

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "tests" / "records" / "mushi-2p-default-12rounds.json"
HEAVY = ("numpy", "pydantic", "rich")

PROBE = """
import contextlib, io, json, sys
from hanafuda import words
from hanafuda.cli import app
args = json.loads(sys.argv[1])
if args is not None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            app(args)
        except SystemExit as exc:
            code = exc.code
watched = json.loads(sys.argv[2])
print(json.dumps(sorted(w for w in watched if any(m == w or m.startswith(w + ".") for m in sys.modules))))
"""


def heavy_modules(args: list[str] | None, watched: tuple[str, ...] = HEAVY) -> list[str]:
    """Which of ``watched`` (NumPy, pydantic, Rich) a fresh ``hanafuda ARGS`` process loaded."""
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args), json.dumps(watched)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    found: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize("args", [
    None, ["--help"], ["rules"], ["rules", "mushi"], ["rules", "kwa-do", "-n", "3", "-o", "rounds=6",
                                                     "--lang", "ja"],
    ["replay", str(RECORD)], ["replay", str(RECORD), "--json", "--theme", "hwatu"],
    ["rules", "--help"], ["replay", "--help"], ["arena", "--help"], ["dataset", "--help"],
], ids=lambda a: "import" if a is None else " ".join(a[:2]))
def test_the_command_loads_no_numpy_pydantic_or_rich(args: list[str] | None) -> None:
    assert heavy_modules(args) == []


def test_the_probe_sees_what_a_command_loads() -> None:
    """The check above can fail: a value Typer must read itself (``-n x``) loads pydantic."""
    assert heavy_modules(["rules", "mushi", "-n", "x"]) == ["pydantic"]


ENGINE = ("hanafuda.engine", "hanafuda.views", "hanafuda.records")


def test_rules_loads_the_reference_words_alone() -> None:
    """``hanafuda rules`` needs the rules and the reference words, not the engine that the
    replay and table words stand on (``hanafuda.words`` loads each module on first use)."""
    assert heavy_modules(["rules", "mushi"], ENGINE) == []
    assert heavy_modules(["replay", str(RECORD)], ENGINE) == sorted(ENGINE)


def test_every_words_name_loads_from_its_module() -> None:
    """``hanafuda.words``: the names the type checker sees, the lazy table and ``__all__`` agree,
    and each name is its module's own object."""
    source = ROOT / "src" / "hanafuda" / "words" / "__init__.py"
    typed: dict[str, str] = {}
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom) and stmt.level == 1 and stmt.module
                typed.update((alias.name, stmt.module) for alias in stmt.names)
    assert typed == words.WHERE
    assert sorted(words.__all__) == sorted(typed)
    for name, module in typed.items():
        assert getattr(words, name) is getattr(importlib.import_module(f"hanafuda.words.{module}"),
                                               name)
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        _ = words.nonsense  # type: ignore[attr-defined]


def reference_app() -> typer.Typer:
    """The same commands in Typer's own group: its converter, through pydantic."""
    plain = typer.Typer(name="hanafuda", no_args_is_help=True, add_completion=False,
                        rich_markup_mode=None)
    plain.registered_commands = app.registered_commands
    plain.registered_groups = app.registered_groups
    return plain


def test_the_app_uses_the_quick_group() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, QuickGroup)
    quick = [p for p in walk(group.commands)
             if isinstance(getattr(p, "_runtime_param", None), PlainRuntimeParam)]
    assert {p.name for p in quick} >= {"game", "option", "players", "theme", "lang", "file"}
    ranged = group.commands["serve"].params  # --max-bot-tables has min=0: Typer's own converter
    assert not any(isinstance(getattr(p, "_runtime_param", None), PlainRuntimeParam)
                   for p in ranged if p.name == "max_bot_tables")


@pytest.mark.parametrize("args", [
    ["rules"], ["rules", "mushi", "-n", "2"], ["rules", "mushi", "-n", "+2"], ["rules", "mushi", "-n", "x"],
    ["rules", "mushi", "-n", " 2"], ["rules", "mushi", "-n", "2.0"], ["rules", "mushi", "-n", "1_0"],
    ["rules", "mushi", "-n", "３"], ["rules", "kwa-do", "-o", "rounds=6", "-o", "bogus=1"],
    ["rules", "mushi", "--lang", "fr"], ["rules", "--bogus"],
    ["replay", str(RECORD), "--json"], ["replay", str(RECORD) + "/"], ["replay", ""], ["replay", "./x"],
    ["arena", "mushi", "--deals", "zero"], ["arena", "mushi", "--workers", "1.5"],
    ["arena", "mushi", "--records", "", "--deals", "0x10"],
    ["serve", "--port", "x"], ["serve", "--max-bot-tables", "-1"], ["serve", "--bot-pause", "1e"],
    ["serve", "--bot-pause", "nan", "--port", "-"], ["play", "--pause", "abc"],
    ["equity", "mushi", "--samples", "1e3"],
    ["dataset", "selfplay", "mushi", "--out", "o", "--deals", "q"], ["dataset", "selfplay", "mushi"],
    ["import", "koikoi-ai"], ["no-such-command"], ["rule"],
], ids=" ".join)
def test_values_and_errors_are_typers_own(args: list[str], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Output and exit code of every case equal Typer's own converter's (only quick cases that
    stop before any work: a rules text, a replay, or an error in the arguments)."""
    monkeypatch.chdir(tmp_path)  # nothing a case might write lands in the checkout
    runner = CliRunner()
    quick = runner.invoke(app, args)
    typer_own = runner.invoke(reference_app(), args)
    assert (quick.exit_code, quick.output) == (typer_own.exit_code, typer_own.output)
    if args == ["rules", "mushi", "-n", "x"]:  # a bad value is refused, by name
        assert quick.exit_code == 2 and "'--players' / '-n'" in quick.output


SAMPLES: dict[Any, list[object]] = {
    str: ["", "mushi", " a b ", "ü", "--x", 7],
    bool: [True, False, "true", "0", ""],
    int: ["0", "7", "-3", "+3", "007", " 4", "4 ", "1_000", "3.0", "３", "0x1f", "", "9" * 30,
          "9" * 5000, 5, 2.0],
    float: ["0.6", "-1.5", "+2.5", "1e3", "1E-2", ".5", "5.", "1.e5", "00.5", "1e999", "-1e999",
            "4.9e-324", "inf", "nan", "1_0.5", " 2", "", "x", 3, 2.5],
    list[str]: [("a=1", "b=2"), ["x"], (), ("a", 1)],
    Path: ["a/b", "a/b/", "./a", "", "~/x", "/", "a//b", Path("p")],
}


@pytest.mark.parametrize("annotation", list(SAMPLES), ids=str)
def test_plain_value_is_pydantics_value_or_unsure(annotation: Any) -> None:
    """Where ``plain_value`` answers, pydantic's lax mode (Typer's converter) answers the same."""
    from pydantic import TypeAdapter, ValidationError

    adapter: TypeAdapter[Any] = TypeAdapter(annotation)
    answered = 0
    for value in SAMPLES[annotation]:
        plain = plain_value(annotation, value)
        if plain is UNSURE:
            continue
        answered += 1
        try:
            expected = adapter.validate_python(value)
        except ValidationError:
            pytest.fail(f"{annotation}: plain_value read {value!r}, pydantic refuses it")
        assert (plain, type(plain)) == (expected, type(expected)), value
    assert answered >= 2  # the quick path is taken for the ordinary spellings


def test_help_is_plain_text_naming_every_command() -> None:
    """``hanafuda --help`` in Click's plain layout (no Rich panels): usage, then each command."""
    result = CliRunner().invoke(app, ["--help"], prog_name="hanafuda")
    assert result.exit_code == 0
    assert result.output.startswith("Usage: hanafuda [OPTIONS] COMMAND [ARGS]...")
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    listed = result.output.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in listed if line.strip()] == list(commands)
    assert not any(box in result.output for box in "╭│╰")
