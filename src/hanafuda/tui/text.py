"""Terminal looks of the words layer's texts: card cells, colours and lines.

Every sentence comes from ``hanafuda.words``; this module only cuts a card into the lines of a
cell, picks colours, and breaks text into lines the way the language does (``Wrapped``): widths
in terminal cells (a kanji, kana or hangul is two: ``rich.cells.cell_len``), a line broken at a
space or between two wide characters but never before a closing mark (、。）」・ー…) or after an
opening one (（「), never inside a Latin word, a number, a katakana word or a Korean word (Korean
breaks at spaces), and never inside a piece the caller keeps whole — a kind with its count
("タン ×4（20点）："), a card's name (issue 28).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

from ..cards import CARDS, Kind, RibbonColour, card_id
from ..words import Namer

__all__ = ["Wrapped", "break_points", "card_cell", "card_style", "spans_of", "wrap_lines"]

NO_LINE_START = frozenset("、。，．,.・：；:;？！?!）)」』】〕〉》］]｝}ー～〜…‥’”%％"
                          "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々")
"""Marks a line may not begin with (kinsoku: closing brackets, commas and stops, small kana)."""
NO_LINE_END = frozenset("（(「『【〔〈《［[｛{‘“")
"""Marks a line may not end with (opening brackets and quotes)."""


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def break_points(text: str, keep: Sequence[tuple[int, int]] = ()) -> list[int]:
    """The offsets where a line of ``text`` may begin: after a run of spaces, or between two
    characters one of which is wide — not before a ``NO_LINE_START`` mark, not after a
    ``NO_LINE_END`` mark, not inside a ``keep`` span (start, end)."""
    kept: set[int] = set()
    for start, end in keep:
        kept.update(range(start + 1, end))
    out = []
    for i in range(1, len(text)):
        before, here = text[i - 1], text[i]
        if i in kept or here in NO_LINE_START or before in NO_LINE_END or here == " ":
            continue
        if before == " ":
            out.append(i)
        elif (_wide(before) or _wide(here)) and not _one_word(before, here):
            out.append(i)
    return out


def _script(ch: str) -> str:
    code = ord(ch)
    if 0xAC00 <= code <= 0xD7A3 or 0x3130 <= code <= 0x318F:
        return "hangul"
    if 0x30A0 <= code <= 0x30FF:
        return "katakana"
    return ""


def _one_word(before: str, here: str) -> bool:
    """Two characters of one word that a line does not split: Korean breaks between words (at
    spaces), never inside one — a Hangul syllable and the quote, bracket, digit or letter written
    against it are one word too ("'고이고이'(계속해서", issue 28's pictures: a line began with the
    closing quote); a katakana word ("ボット") stays whole."""
    script = _script(before)
    if "hangul" in (script, _script(here)):
        other = here if script == "hangul" else before
        return _script(other) == "hangul" or not (_wide(other) or other.isspace())
    return bool(script) and script == _script(here)


def _fold(line: Text, width: int) -> list[Text]:
    """A piece wider than the whole line, cut by cells (the only break that splits a kept piece)."""
    out, start, used = [], 0, 0
    for i, ch in enumerate(line.plain):
        w = cell_len(ch)
        if used + w > width and i > start:
            out.append(line[start:i])
            start, used = i, 0
        used += w
    out.append(line[start:])
    return out


def wrap_lines(text: Text, width: int, keep: Sequence[tuple[int, int]] = (), indent: int = 0) -> list[Text]:
    """``text`` broken into lines of at most ``width`` cells at ``break_points`` (the next lines
    indented by ``indent`` spaces), trailing spaces dropped."""
    width = max(width, 2)
    plain = text.plain
    cuts = [*break_points(plain, keep), len(plain)]
    lines: list[Text] = []
    line_start, last, used = 0, 0, 0
    pad = min(indent, width // 2)
    for cut in cuts:
        piece = cell_len(plain[last:cut])
        room = width - (pad if lines else 0)
        if used and used + cell_len(plain[last:cut].rstrip()) > room:
            lines.append(text[line_start:last])
            line_start, used = last, 0
            room = width - pad
        used += piece
        last = cut
    lines.append(text[line_start:])
    out: list[Text] = []
    for n, line in enumerate(lines):
        line.rstrip()
        if n:
            line = Text(" " * pad) + line
        out.extend(_fold(line, width) if cell_len(line.plain) > width else [line])
    return out


def _nested_spans(text: str, phrases: Sequence[str]) -> list[tuple[int, int]]:
    """The (start, end) of each occurrence of ``phrases`` (longest first) that does not cross one
    already found; a phrase inside a longer one is kept too, so that when the longer piece is too
    wide for a line (``Wrapped``) the names inside it still stay whole."""
    spans: list[tuple[int, int]] = []
    for phrase in phrases:
        at = text.find(phrase)
        while at >= 0:
            end = at + len(phrase)
            if not any(a < at < b < end or at < a < end < b for a, b in spans):
                spans.append((at, end))
            at = text.find(phrase, end)
    return spans


def spans_of(text: str, phrases: Sequence[str]) -> list[tuple[int, int]]:
    """The (start, end) of each occurrence of ``phrases`` in ``text``, longest phrase first, none
    overlapping another."""
    taken = [False] * len(text)
    spans = []
    for phrase in phrases:
        at = text.find(phrase)
        while at >= 0:
            end = at + len(phrase)
            if not any(taken[at:end]):
                spans.append((at, end))
                taken[at:end] = [True] * (end - at)
            at = text.find(phrase, end)
    return spans


class Wrapped:
    """A Rich renderable of paragraphs broken into lines by ``wrap_lines`` at the width it is given
    (a panel, the log): each paragraph a ``Text`` with the spans kept whole and its hanging
    indent."""

    def __init__(self, paragraphs: Iterable[tuple[Text, Sequence[tuple[int, int]], int]]) -> None:
        self.paragraphs = list(paragraphs)

    @classmethod
    def of(cls, text: Text | str, indent: int = 0, whole: Iterable[str] = ()) -> Wrapped:
        """One paragraph per line of ``text``; a line's leading spaces are its hanging indent, and
        every occurrence of a phrase of ``whole`` (the table's card names) stays on one line."""
        body = text if isinstance(text, Text) else Text(text)
        phrases = sorted({p for p in whole if p}, key=len, reverse=True)
        paragraphs = []
        for line in body.split("\n", allow_blank=True):
            lead = len(line.plain) - len(line.plain.lstrip(" "))
            paragraphs.append((line, _nested_spans(line.plain, phrases), max(indent, lead)))
        return cls(paragraphs)

    def __str__(self) -> str:
        """The paragraphs' words, one paragraph a line (as written, before any break)."""
        return "\n".join(text.plain for text, _, _ in self.paragraphs)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        width = options.max_width
        for text, keep, indent in self.paragraphs:
            # a piece kept whole that no line can hold breaks where its words allow, not by cells
            room = width - min(indent, width // 2)
            fits = [(a, b) for a, b in keep if cell_len(text.plain[a:b]) <= room]
            for line in wrap_lines(text, width, fits, indent):
                line.no_wrap = True
                line.end = "\n"
                yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(t.plain) for t, _, _ in self.paragraphs), default=1)
        return Measurement(1, min(max(widest, 1), options.max_width))


def card_style(card: int | str, namer: Namer | None = None, *, wild: bool = False) -> str:
    """A Rich colour for the card's kind (blue ribbons blue, other ribbons red, a wild card
    where it acts wild magenta)."""
    c = CARDS[card_id(card)]
    if wild and namer is not None and namer.is_wild(c.id):
        return "bold magenta"
    if c.kind is Kind.BRIGHT:
        return "bold yellow"
    if c.kind is Kind.ANIMAL:
        return "green"
    if c.kind is Kind.RIBBON:
        return "bold blue" if c.ribbon is RibbonColour.BLUE else "bold red"
    if namer is not None and namer.kind_word(c.id) != namer.kind_title(c.kind):
        return "bold"  # a chaff worth points in this game (Hawaiʻifuda's Light)
    return "bright_black"


def card_cell(card: int | str, namer: Namer, *, wild: bool = False) -> tuple[str, str, str]:
    """A card cell's three lines: month, name, and kind (or its special value); ``wild`` for a
    card where it acts wild (in the hand), which then reads "wild"."""
    cid = card_id(card)
    return namer.month(cid), namer.face_name(cid, wild=wild), namer.kind_word(cid, wild=wild)
