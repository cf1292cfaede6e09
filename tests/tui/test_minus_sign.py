"""The terminal says a negative score one way (issue 28): "−20" (U+2212, the sign of the score
terms), in the status line's totals, the pieces it keeps whole, and the end-of-round screen —
never "-20" beside "− 120"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hanafuda.tui.app import PlayApp
from hanafuda.tui.session import PlaySession
from hanafuda.words import round_result_lines

HYPHEN_MINUS = re.compile(r"(?<![\w−-])-\d")


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_status_line_and_its_pieces_say_negative_totals_with_one_sign(tmp_path: Path, lang: str) -> None:
    session = PlaySession.new("koi-koi", players=2, bots="random", seed=5, pause=0, lang=lang,
                              save=tmp_path / "m.json")
    session.match.totals = [-35, 35]
    app = PlayApp(session)
    status = app.status_text()
    assert "−35" in status.plain and not HYPHEN_MINUS.search(status.plain), status.plain
    pieces = app.status_pieces(status)
    mine = f"{session.namer.side(0)} −35"
    assert mine in pieces and all(p in status.plain for p in pieces if "35" in p), pieces


def test_the_end_of_round_screen_says_every_negative_score_with_one_sign() -> None:
    """Kwa-Dō rounds played out by bots until a side scores below the floor: its "how it scored"
    line ("− 120 (floor …) = −65, counted as 0") and the totals say "−" alone."""
    from hanafuda import Match
    from hanafuda.words import Namer

    seen = 0
    for seed in range(40):
        match = Match("kwa-do", 2, {"rounds": 1}, seed=seed)
        while not match.round_over:
            match.play(match.legal_moves()[0])
        view = match.view(0)
        namer = Namer(match.config, "hanafuda", 0, ("Ann", "Bot"), "en")
        lines = round_result_lines(namer, 1, match.results[-1], view.captures, view.totals)
        assert not any(HYPHEN_MINUS.search(line) for line in lines), lines
        seen += any("=\u00a0−" in line for line in lines)
    assert seen, "a round scored below 0"
