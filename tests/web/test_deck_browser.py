# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The faces at a live table, in Debian's chromium (issue 33).

- Points: a spectator of two greedy bots with the corner index on (or the modern deck): every
  face on the page — field, hands shown, captures — prints the card's value in the table's game
  as the engine has it (``Config.values``; RULES.md §1), the kind alone in Koi-Koi, because
  ``HF.faceUrl`` puts the game (and the table's own values) on every face URL.
- Dark: the same table in the system's dark mode draws the dark faces: the field cards' paper is
  the palette's dimmed tone and their edge stands ≥ 3:1 from the dark felt; in light mode the edge
  is the black one.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from PIL import Image

from hanafuda.cards import CARDS
from hanafuda.rules import GAMES
from hanafuda.web.deck.faces import LETTER
from hanafuda.web.deck.palette import palette

from .conftest import TIMEOUT_MS
from .server import Server
from .test_deck_dark import contrast, luminance

SVG = "{http://www.w3.org/2000/svg}"
FACES = """[...document.querySelectorAll('img')].filter((i) => (i.dataset.card || (i.parentElement && i.parentElement.dataset.card) || 'back') !== 'back')"""
MARKS = f"""async () => Promise.all(({FACES}).map(async (i) => [i.dataset.card || i.parentElement.dataset.card, i.getAttribute('src'), await (await fetch(i.src)).text()]))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("deck")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.1).start()
    yield s
    s.stop()


BOTS = [{"kind": "bot", "bot": "greedy"}] * 2
PERSON = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]
"""A person against a bot: the table stays still while the person's turn is measured."""


def _spectate(browser: Any, server: Server, game: str, storage: dict[str, str], scheme: str = "light",
              seats: list[dict[str, str]] = BOTS) -> Any:
    r = httpx.post(server.url + "/api/tables", json={"game": game, "players": 2, "seed": 5, "seats": seats})
    assert r.status_code == 201, r.text
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, color_scheme=scheme, device_scale_factor=1)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.add_init_script("".join(f"localStorage.setItem({k!r}, {v!r});" for k, v in storage.items()))
    person = seats[0]["kind"] == "human"
    page.goto(server.url + str(r.json()["seats"][0]["link"] if person else r.json()["spectator_link"]))
    page.wait_for_selector('[data-region="field"] [data-card] img')
    if person:  # still: the bot waits for the person, who waits for the test
        page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0")
    return page


@pytest.mark.parametrize(("game", "storage"), [
    ("koi-koi", {"hf-index": "1"}),
    ("hawaiifuda", {"hf-deck": "modern"}),
    ("min-hwatu", {"hf-index": "1"}),
])
def test_every_face_at_the_table_prints_the_games_points(server: Server, browser: Any, game: str, storage: dict[str, str]) -> None:
    page = _spectate(browser, server, game, storage)
    # wait for captured cards (img elements under the seats' captures) so they are checked too
    page.wait_for_function("""document.querySelectorAll('[data-region="captures"] img[data-card]:not([data-card="back"])').length >= 2""", timeout=180_000)
    values = GAMES[game].configure(2).values
    scored = any(values)
    marks = page.evaluate(MARKS)
    assert len(marks) >= 4, marks
    by_code = {c.code: c for c in CARDS}
    for code, src, svg in marks:
        card = by_code[code]
        assert f"game={game}" in src and ("points=" in src) == scored, src
        texts = ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]
        assert texts[-1] == LETTER[card.kind] + (str(values[card.id]) if scored else ""), (code, src, texts)
    assert page.errors == []
    page.context.close()


def test_a_dark_table_draws_the_dark_faces(server: Server, browser: Any) -> None:
    """The first field card of a Min-Hwatu table (a person to move against a bot), modern deck
    (its top right corner is bare paper): its left edge against the table's felt, its paper."""
    p = palette("hwatu")
    seen: dict[str, tuple[float, bool]] = {}
    for scheme in ("light", "dark"):
        page = _spectate(browser, server, "min-hwatu", {"hf-deck": "modern"}, scheme, PERSON)
        page.wait_for_function("[...document.images].every((i) => i.complete && i.naturalWidth > 0)")
        img = page.locator('[data-region="field"] [data-card] img').first
        shot = Image.open(io.BytesIO(img.screenshot(animations="disabled"))).convert("RGB")
        w, h = shot.size
        assert w >= 40, shot.size
        felt = page.evaluate("getComputedStyle(document.querySelector('.felt')).backgroundColor")
        felt_rgb = tuple(int(v) for v in felt[felt.index("(") + 1:felt.index(")")].split(",")[:3])
        edge = shot.getpixel((0, h // 2))
        seen[scheme] = (contrast(edge, felt_rgb), luminance(edge) > luminance(felt_rgb))
        paper = shot.getpixel((round(w * 104 / 120), round(h * 14 / 190)))
        want = p.dark_paper if scheme == "dark" else p.white
        assert contrast(paper, tuple(int(want[i:i + 2], 16) for i in (1, 3, 5))) < 1.03, (scheme, paper, want)
        assert page.errors == []
        page.context.close()
    assert seen["dark"][0] >= 3 and seen["dark"][1], seen
    assert not seen["light"][1], seen


GALLERY = "[...document.querySelectorAll('#gallery img')]"


def _gallery_marks(page: Any) -> dict[str, str]:
    """The kind-and-points mark each gallery face prints, by card code (the gallery keeps the
    cards in id order)."""
    page.wait_for_function(f"{GALLERY}.length === 48 && {GALLERY}.every((i) => i.complete && i.naturalWidth > 0)")
    svgs = page.evaluate(f"async () => Promise.all({GALLERY}.map(async (i) => (await fetch(i.src)).text()))")
    return {card.code: ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")][-1]
            for card, svg in zip(CARDS, svgs, strict=True)}


def test_the_cards_page_prints_the_points_of_the_game_chosen(server: Server, browser: Any) -> None:
    """On the Cards page, outside any game, the usual values; "Points as in" a game: that game's."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('hf-index', '1');")
    page.goto(server.url + "/cards?game=min-hwatu")
    assert page.input_value("#points-game") == "min-hwatu"
    for game in ("min-hwatu", "hawaiifuda", "koi-koi", ""):
        if game != "min-hwatu":
            page.select_option("#points-game", game)
            page.wait_for_function(f"{GALLERY}.every((i) => i.src.includes('game={game}') === {'true' if game else 'false'})")
        values = GAMES[game].configure(2).values if game else None
        for code, mark in _gallery_marks(page).items():
            card = next(c for c in CARDS if c.code == code)
            if values is None:
                want = LETTER[card.kind] + str({"bright": 20, "animal": 10, "ribbon": 5, "chaff": 1}[card.kind])
            else:
                want = LETTER[card.kind] + (str(values[card.id]) if any(values) else "")
            assert mark == want, (game, code, mark)
    assert errors == []
    ctx.close()
