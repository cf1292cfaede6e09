"""A control's accessible name holds the words it shows (WCAG 2.5.3 "label in name"; axe-core's
label-content-name-mismatch, which the Korean replay page failed in issue 28's pictures: the
button showed "처음", its name was "첫 장면", so a speech user saying what they see missed it).

Every element of the static pages with a translated name (``data-t-label``) and translated words
inside (``data-t``) is checked in every language of the catalogue."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from hanafuda.words.catalogue import LANGUAGES, messages

STATIC = Path(__file__).resolve().parents[2] / "src/hanafuda/web/static"
CONTROLS = frozenset({"button", "a", "summary"})


class _Named(HTMLParser):
    """(label key, [shown keys]) of every element with ``data-t-label`` holding ``data-t`` text."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None, list[str]]] = []
        self.found: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("data-t") is not None:
            for _, label, shown in self.open:
                if label is not None:
                    shown.append(str(a["data-t"]))
        # a control's name only (a toolbar's is no label)
        if tag not in ("input", "img", "br", "meta", "link"):
            self.open.append((tag, a.get("data-t-label") if tag in CONTROLS else None, []))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, label, shown = self.open.pop()
            if label is not None and shown:
                self.found.append((label, shown))
            if name == tag:
                break


def _named() -> list[tuple[str, str, list[str]]]:
    out = []
    for page in sorted(STATIC.glob("*.html")):
        parser = _Named()
        parser.feed(page.read_text("utf-8"))
        out += [(page.name, label, shown) for label, shown in parser.found]
    return out


def test_the_pages_have_named_controls_with_words() -> None:
    assert any(page == "replay.html" and label == "replay.first_label" for page, label, _ in _named())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_control_name_holds_its_shown_words(lang: str) -> None:
    said = messages(lang)
    missing = [(page, label, said[label], said[key]) for page, label, shown in _named() for key in shown
               if said[key].casefold() not in said[label].casefold()]
    assert not missing, missing
