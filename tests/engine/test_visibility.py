"""Visibility as data (``engine.visibility``): who may see an event or a move is decided in one
place, from the event's kind (RULES.md §4.2: a kept teyaku is its seat's alone)."""

from __future__ import annotations

import re
from pathlib import Path

from hanafuda.engine.moves import EXPOSE_ACTION, KEEP_ACTION, make_play, make_take
from hanafuda.engine.round import EventKind
from hanafuda.engine.visibility import (
    PRIVATE_EVENTS,
    action_only,
    event_only,
    move_only,
    visible_to,
)

SRC = Path(__file__).resolve().parents[2] / "src" / "hanafuda"

COMPARISON = re.compile(
    r"""(==|!=|\bis\s+not|\bis)\s*("keep"|'keep'|EV_KEEP\b|(EventKind|MoveKind)\.KEEP\b|KEEP\b)"""
    r"""|("keep"|'keep'|EV_KEEP\b|KEEP\b)\s*(==|!=)"""
    r"""|\[\s*"keep"\s*\]""")
"""A comparison with the keep move or event, in any spelling."""

NAMING = {
    "engine/visibility.py": "the one definition",
    "engine/moves.py": "the notation: formats and parses the word `keep` (RULES.md §7)",
    "words/moves.py": "the move in words: says what `keep` does",
}
"""Modules allowed to compare with `keep`: the definition, and the two that name the move."""


def test_only_a_kept_teyaku_is_private() -> None:
    assert PRIVATE_EVENTS == {EventKind.KEEP}
    for kind in EventKind:
        assert event_only(kind, 2) == (2 if kind == EventKind.KEEP else None)
    assert action_only(KEEP_ACTION, 1) == 1
    assert action_only(EXPOSE_ACTION, 1) is None
    assert action_only(make_play(0), 1) is None and action_only(make_take(3), 1) is None
    assert move_only("keep", 3) == 3 and move_only("3: keep", 3) == 3
    assert move_only("expose", 3) is None and move_only("play pine-crane", 0) is None
    assert move_only("next-round", 0) is None and move_only("", 0) is None
    assert visible_to(None, None) and visible_to(1, 1)
    assert not visible_to(1, 0) and not visible_to(1, None)


def test_no_keep_comparison_outside_the_one_definition() -> None:
    """Views, the log in words, the web's messages, the OpenSpiel observer and the terminal read
    ``only`` (``engine.visibility``) instead of comparing with `keep` themselves."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name in NAMING:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            code = line.split("#", 1)[0]
            if COMPARISON.search(code):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []


def test_the_grep_sees_a_comparison() -> None:
    """The pattern of the test above does catch the comparisons it is meant to forbid."""
    for line in ('if entry["text"] == "keep":', "e[0] != EV_KEEP or e[1] == seat",
                 "if kind is EventKind.KEEP:", 'return "keep" == text', "kind == KEEP"):
        assert COMPARISON.search(line), line
    for line in ('NOTATION = "expose", "keep"', "EV_KEEP = EventKind.KEEP", "kind in PRIVATE_EVENTS"):
        assert not COMPARISON.search(line), line
