# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""A round's score line (``words.scores.score_line``, the text of the table page's result line
".how", issue 28) laid out by Debian's chromium in a box of every width from 90 to 700 px: "= −139"
never wraps away from its "=", in English, Japanese and Korean; the old text (" = -139") did."""

from __future__ import annotations

import html
from typing import Any

import pytest

from hanafuda.rules import configure
from hanafuda.rules.base import ScoreTerm
from hanafuda.words import score_line

from .conftest import new_page

# for each width, whether "=" and the last digit of the result lie on the same line of the box
APART = """(widths) => { const box = document.querySelector('.how'), node = box.firstChild, s = node.textContent;
  const at = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getClientRects()[0]; };
  const eq = s.lastIndexOf('='), end = s.length - 1, apart = [];
  for (const w of widths) { box.style.width = w + 'px'; if (Math.abs(at(eq).top - at(end).top) > 2) apart.push(w); }
  return apart; }"""


def _apart(page: Any, line: str, lang: str) -> list[int]:
    page.set_content(f'<html lang="{lang}"><body style="font: 16px sans-serif"><div class="how">{html.escape(line)}</div></body></html>')
    return list(page.evaluate(APART, list(range(90, 700, 3))))


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_result_never_wraps_away_from_its_equals_sign(browser: Any, lang: str) -> None:
    config = configure("kwa-do", 2, {"yaku": True})
    terms = (ScoreTerm("card points", 101), ScoreTerm("four-iris", 30), ScoreTerm("floor 240 / 2", -270))
    line = score_line(config, terms, -139, lang)
    page = new_page(browser)
    assert _apart(page, line, lang) == [], line
    old = line.replace("=\u00a0\u2212", "= -")  # the text before: a breakable space and "-"
    assert _apart(page, old, lang), old  # the case is real: it did wrap apart
    page.close()
