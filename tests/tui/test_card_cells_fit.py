"""A card's words are never cut in the terminal app (issue 28, a new player's findings): at 80×24
the Hawaiʻifuda month "Pōhuehue & Kaunaʻoa (4)" ran past its cell and ended in "…" in every
language.  A card cell now wraps its words onto another line (its row grows) instead of cutting
them: every card on screen shows its month, number and name whole, in en, ja and ko, at 80×24 and
at 120×40."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.geometry import Region

from hanafuda.tui.app import CardView, PlayApp
from hanafuda.tui.session import PlaySession
from hanafuda.tui.text import card_cell


def _shown(card: CardView) -> str:
    """What the card's cell shows, line by line, inside its border."""
    size = card.outer_size  # the whole cell, border included
    strips = card.render_lines(Region(0, 0, size.width, size.height))
    return "\n".join("".join(ch for ch in s.text if not 0x2500 <= ord(ch) <= 0x257F) for s in strips)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_every_hawaiifuda_card_on_screen_shows_its_month_and_name_whole(
        tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    session = PlaySession.new("hawaiifuda", bots="random", seed=1, rounds=1, pause=0, lang=lang,
                              save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.1)
        cards = [c for c in app.query(CardView) if c.code is not None and c.display]
        assert len(cards) >= 16, len(cards)  # the field and the hand
        months = set()
        for card in cards:
            month, name, _kind = card_cell(card.code, session.namer)  # type: ignore[arg-type]
            months.add(month)
            shown = _shown(card)
            flat = "".join(shown.split())  # the words, wherever the cell broke its lines
            assert "…" not in shown, shown
            assert "".join(month.split()) in flat and "".join(name.split()) in flat, (month, name, shown)
        # the deal holds a month wider than a cell: the case that was cut
        widest = max(cell_len(m) for m in months)
        assert widest > min(c.size.width for c in cards) - 3, (widest, months)
