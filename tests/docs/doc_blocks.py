"""The code blocks of README.md and docs/*.md, and how the doc tests treat each (issue 32).

A block's fence info string says what it is: ```python blocks are Python, ```sh / ```bash /
```shell / ```console blocks are shell commands; any other (```text, a bare ```) is output
or a diagram, not code.  HTML comments right before a block (invisible on the page) steer
its test, one directive each:

``<!-- doc-test: needs EXTRA -->``
    the block needs an optional extra (``rl``, ``ray``, ``openspiel``, ``datasets``): without
    it the block is skipped — except where CI installs that extra (read from .ci/run's
    scripts and pyproject's ``test`` extra), where a missing extra fails the test.
``<!-- doc-test: show: REASON -->``
    the block is only shown, never run (a server, a training of hours); the reason is listed
    by the test.
``<!-- doc-test: run -->``
    every line of a shell block runs, whatever its command.
``<!-- doc-test: replace "OLD" "NEW" -->``
    the test runs the block with OLD replaced by NEW (a budget cut to a CI size); OLD must be
    in the block, so a stale directive fails.
``<!-- doc-test: continues -->``
    a Python block that goes on from the previous Python block of the same file (its names).
``<!-- doc-test: given NAME … -->``
    names the block uses without defining them (``GIVENS``: a seat's ``view``, an ``rng``;
    files such as ``game.json`` for shell blocks), made by the test before it runs.

A shell block without ``show`` or ``run`` runs line by line, except lines whose command is
only shown by nature (``SHOWN_COMMANDS``: a server, an interactive game, an install, the
whole suite, a training) and template lines with placeholders (``GAME``, ``FILE``, ``[…]``);
each such line is listed with its reason.  A shell block with a loop or other compound
command must say ``show`` or ``run``.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md")))

FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
DIRECTIVE = re.compile(r"^<!--\s*doc-test:\s*(.*?)\s*-->\s*$")
PYTHON = ("python", "py")
SHELL = ("sh", "bash", "shell", "console")

EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "rl": ("torch", "stable_baselines3", "sb3_contrib", "ray.rllib"),
    "ray": ("ray",),
    "openspiel": ("pyspiel",),
    "datasets": ("pyarrow", "pandas"),
    "huggingface": ("datasets",),
    "tianshou": ("tianshou",),
}
"""What each extra a block may need provides (``needs EXTRA``)."""

SHOWN_COMMANDS: tuple[tuple[str, str], ...] = (
    (r"hanafuda serve\b", "starts a server that runs until stopped"),
    (r"hanafuda play\b", "an interactive game in the terminal"),
    (r"(python3? -m )?pip install\b", "installs packages"),
    (r"scripts/test\b", "the whole test suite"),
    (r"hanafuda train\b|python3? -m hanafuda\.train\b", "a training run (minutes to hours)"),
    (r"ray start\b", "starts a Ray cluster node"),
)
"""Shell commands a doc shows but the tests never run, with the reason."""

PLACEHOLDER = re.compile(r"\b(GAME|FILE|PATH|DIR|ADDRESS|HEAD|N|D|S|W|M|NAME)\b|\[[-\w ,.=…]*\]|…")
"""A template line: a capitalised placeholder or an optional ``[…]`` part."""

NOT_CODE_SHELL = re.compile(r"^\s*(for|while|if|until|case|function)\b|\{\s*$|^\s*(do|done|fi|then)\b",
                            re.MULTILINE)


@dataclass
class Block:
    doc: str
    line: int
    kind: str  # "python", "shell" or "other"
    code: str
    directives: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.line}"

    def values(self, name: str) -> list[str]:
        """The arguments of every ``name`` directive."""
        out = []
        for d in self.directives:
            head, _, rest = d.partition(" ")
            if head.rstrip(":") == name:
                out.append(rest.strip())
        return out

    def has(self, name: str) -> bool:
        return any(d.split(" ", 1)[0].rstrip(":") == name for d in self.directives)

    @property
    def shown_reason(self) -> str | None:
        for d in self.directives:
            if d.startswith("show"):
                reason = d[4:].lstrip(": ").strip()
                return reason or "shown only"
        return None

    @property
    def needs(self) -> list[str]:
        return [extra for value in self.values("needs") for extra in value.split()]

    @property
    def givens(self) -> list[str]:
        return [name for value in self.values("given") for name in value.split()]

    def runnable_code(self) -> str:
        """The code the test runs: every ``replace`` applied (``ValueError`` when OLD is not
        in the block: a stale directive)."""
        code = self.code
        for value in self.values("replace"):
            parts = shlex.split(value)
            if len(parts) != 2:
                raise ValueError(f"{self.id}: replace takes \"OLD\" \"NEW\", not {value!r}")
            old, new = parts
            if old not in code:
                raise ValueError(f"{self.id}: replace {old!r}: not in the block")
            code = code.replace(old, new)
        return code


def blocks_of(doc: str) -> list[Block]:
    text = (ROOT / doc).read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        info = m.group(1).strip().split()
        lang = info[0].lower() if info else ""
        kind = "python" if lang in PYTHON else "shell" if lang in SHELL else "other"
        before = text[:m.start()].splitlines()
        directives: list[str] = []
        for previous in reversed(before):
            if not previous.strip():
                continue
            found = DIRECTIVE.match(previous.strip())
            if not found:
                break
            directives.insert(0, found.group(1))
        out.append(Block(doc, text.count("\n", 0, m.start(2)) + 1, kind, m.group(2), directives))
    return out


def all_blocks() -> list[Block]:
    return [block for doc in DOCS for block in blocks_of(doc)]


def shell_commands(code: str) -> list[str]:
    """Logical lines: ``\\``-continued lines joined, blank and comment-only lines dropped,
    a trailing ``# comment`` kept (the shell ignores it)."""
    out: list[str] = []
    pending = ""
    for raw in code.splitlines():
        line = raw.rstrip()
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line = pending + line
        pending = ""
        if line.strip() and not line.lstrip().startswith("#"):
            out.append(line.strip())
    if pending.strip():
        out.append(pending.strip())
    return out


def _outside_quotes(command: str) -> str:
    """The command with quoted strings blanked and a trailing ``# comment`` cut."""
    out = []
    quote = ""
    for i, ch in enumerate(command):
        if quote:
            if ch == quote:
                quote = ""
            out.append(" ")
        elif ch in "'\"":
            quote = ch
            out.append(" ")
        elif ch == "#" and (i == 0 or command[i - 1].isspace()):
            break
        else:
            out.append(ch)
    return "".join(out).rstrip()


def line_reason(command: str) -> str | None:
    """Why a shell line is only shown (``None``: it runs)."""
    bare = re.sub(r"^(nice( -n ?\d+)? |\$ )", "", _outside_quotes(command))
    for pattern, reason in SHOWN_COMMANDS:
        if re.match(pattern, bare):
            return reason
    if PLACEHOLDER.search(bare):
        return "a template with placeholders"
    return None


def ci_extras() -> set[str]:
    """The extras CI installs: scripts/ci_research.sh's ``pip install -e ".[…]"`` (sourced by
    .ci/run) and those the ``test`` extra pulls in (scripts/test installs ``.[test]``)."""
    extras = {"test"}
    script = (ROOT / "scripts" / "ci_research.sh")
    if script.exists() and "ci_research.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8"):
        for group in re.findall(r"\}\[([\w,-]+)\]", script.read_text(encoding="utf-8")):
            extras |= set(group.split(","))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for requirement in project["optional-dependencies"]["test"]:
        found = re.fullmatch(r"hanafuda\[([\w,-]+)\]", requirement.replace(" ", ""))
        if found:
            extras |= set(found.group(1).split(","))
    return extras
