# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The table as a card table (issue 33), measured in Debian's chromium as a person sees it:

- at 1366×768 field, hand, seats, captures, scores, yaku and log are on one screen without
  scrolling; the hand's cards are at least 90 px wide, the field's larger than the old 70 px and
  centred on the felt;
- each side's captured cards are ``img`` elements under ``[data-region="captures"]``, one row per
  side (``data-side``), grouped by kind in fanned piles, each pile with its count and points; each
  row lies by its seat: this seat's by its hand, every other by that seat's chip;
- a field of 9–12 cards lies in two even rows;
- an opponent's hand is a fan of backs with its count;
- a phone (390×844) has no sideways scroll, its captures one tab away;
- at 821–1100 px the chat panel asking a name is whole on screen (issue 28);
- the card played and the card turned over glide to where they land (Web Animations), and none
  moves under ``prefers-reduced-motion: reduce``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import TIMEOUT_MS, shot
from .server import Server

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
REGIONS = ("field", "hand", "seats", "captures", "scores", "yaku", "log")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-layout")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.2).start()
    yield s
    s.stop()


def _table(server: Server, game: str, players: int = 2, seed: int = 5, humans: int = 1) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}] * humans + [{"kind": "bot", "bot": "greedy"}] * (players - humans)
    r = httpx.post(server.url + "/api/tables", json={"game": game, "players": players, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    return t


def _open(browser: Any, server: Server, link: str, viewport: dict[str, int], *, touch: bool = False,
          motion: str = "no-preference", wait: str = "#hand [data-card]") -> Any:
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, reduced_motion=motion)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + link)
    page.wait_for_selector(wait)
    return page


def _play_until_captured(page: Any, most: int = 12) -> None:
    """This seat plays (its first legal move, the bot answering) until both sides hold a card."""
    for _ in range(most):
        if page.evaluate("W.sides.every((s) => s.pile.count > 0)"):
            return
        page.wait_for_function("S.view.finished || S.view.phase === 'between-rounds' || (S.view.to_move === S.you && S.view.legal.length > 0)")
        if page.evaluate("S.view.to_move !== S.you"):
            break
        before = page.evaluate("W.log.length")
        page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"W.log.length > {before} && (S.view.to_move === S.you || S.view.finished || S.view.phase === 'between-rounds')")
    assert page.evaluate("W.sides.some((s) => s.pile.count > 0)"), "nothing captured"


BOX = "(sel) => [...document.querySelectorAll(sel)].map((e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; })"

PILES = """() => W.sides.map((s) => {
  const row = document.querySelector(`[data-region="captures"] [data-side="${s.side}"]`);
  return { side: s.side, count: s.pile.count, row: !!row,
    imgs: row ? [...row.querySelectorAll('img[data-card]')].map((i) => i.dataset.card).sort() : [],
    want: s.pile.groups.flatMap((g) => g.cards).sort(),
    piles: row ? [...row.querySelectorAll('.pile')].map((p) => ({ n: p.querySelectorAll('img').length, label: p.querySelector('.pile-n').lastChild.textContent, kind: p.querySelector('.pile-n .sr-only').textContent.trim(),
      width: p.querySelector('img').getBoundingClientRect().width })) : [],
    groups: s.pile.groups.map((g) => (HF.values ? `${g.cards.length} · ${g.points}` : String(g.cards.length))), kinds: s.pile.groups.map((g) => g.title) }; })"""


@pytest.mark.parametrize("game", ["koi-koi", "min-hwatu", "hana-awase"])
def test_the_table_at_1366x768_is_a_card_table_on_one_screen(server: Server, browser: Any, game: str) -> None:
    page = _open(browser, server, _table(server, game)["seats"][0]["link"], DESKTOP)
    _play_until_captured(page)
    page.wait_for_timeout(600)  # the glides end
    # one screen: every region inside the viewport, nothing to scroll
    for region in REGIONS:
        box = page.locator(f'[data-region="{region}"]').bounding_box()
        assert box is not None and box["height"] > 0, region
        assert box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"] + 0.5, (region, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= DESKTOP["width"] + 0.5, (region, box)
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # the hand: cards at least 90 px wide, one row, all on screen
    hand = page.evaluate(BOX, "#hand .card")
    assert hand and all(c["w"] >= 90 for c in hand), hand
    assert len({round(c["y"]) for c in hand}) == 1 and all(c["y"] + c["h"] <= DESKTOP["height"] for c in hand), hand
    # the field: larger cards than the old 70 px, centred on the felt's free room
    field = page.evaluate(BOX, "#field .card")
    assert field and all(c["w"] >= 76 for c in field), field
    row = page.evaluate(BOX, ".field-row")[0]
    left, right = min(c["x"] for c in field), max(c["x"] + c["w"] for c in field)
    pending = page.evaluate(BOX, "#pending")[0]
    middle = (row["x"] + pending["x"]) / 2  # the field's room: the row less the card turned over
    assert abs((left + right) / 2 - middle) <= 12, (left, right, row, pending)
    # captures: one row per side, its cards as images, fanned in piles by kind with count · points
    for s in page.evaluate(PILES):
        assert s["row"] and s["imgs"] == s["want"] and len(s["imgs"]) == s["count"], s
        assert [p["n"] for p in s["piles"]] == [int(g.split(" · ")[0]) for g in s["groups"]], s
        assert [p["label"] for p in s["piles"]] == s["groups"], s  # shown: count · points (Koi-Koi: count)
        assert [p["kind"] for p in s["piles"]] == s["kinds"], s  # said: the kind
        assert all(p["width"] >= 24 for p in s["piles"]), s
    # Koi-Koi's cards score nothing by themselves (only yaku do): no column or pile of zero points
    headings = page.evaluate("[...document.querySelectorAll('table.score th')].map((t) => t.textContent)")
    assert ("Card points" in headings) == (game != "koi-koi"), headings
    if game == "koi-koi":
        assert " · " not in page.text_content('[data-region="captures"]')
    # an opponent's hand: a fan of backs (up to 8) and its count
    fans = page.evaluate("() => [...document.querySelectorAll('#seats .seat:not(.you)')].map((c) => ({ n: W.seats[Number(c.dataset.seat)].hand_count,"
                         " backs: c.querySelectorAll('.backs img[data-card=back]').length, count: c.querySelector('.backs .count').textContent,"
                         " turned: new Set([...c.querySelectorAll('.backs img')].map((i) => i.style.transform)).size }))")
    for f in fans:
        assert f["backs"] == min(f["n"], 8) and f["count"] == str(f["n"]), f
        assert f["n"] < 2 or f["turned"] > 1, f  # fanned: each back turned its own way
    _piles_beside_their_seats(page)
    shot(page, f"layout-{game}-1366")
    assert page.errors == []
    page.context.close()


STATIONS = """() => { const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, r: r.right, b: r.bottom }; };
  const seats = [...document.querySelectorAll('#seats .seat')].map((c) => ({ seat: Number(c.dataset.seat), side: W.seats[Number(c.dataset.seat)].side, you: c.classList.contains('you'), box: box(c) }));
  const hand = [...document.querySelectorAll('#hand .card')].map(box);
  return { seats, hand, field: [...document.querySelectorAll('#field .card')].map(box), stations: document.querySelector('.felt').dataset.stations,
    piles: [...document.querySelectorAll('[data-region="captures"] [data-side]')].map((p) => ({ side: Number(p.dataset.side), box: box(p) })) }; }"""


def _piles_beside_their_seats(page: Any) -> None:
    """Each side's pile lies by its seat (issue 33): this seat's by its hand at the felt's foot, left
    of the hand's cards and below the field; every other side's by the chip of its first seat in
    order — beside it on the same line (one other seat) or right under it (two or more)."""
    got = page.evaluate(STATIONS)
    you = next(s for s in got["seats"] if s["you"])
    field_bottom = max(c["b"] for c in got["field"])
    for pile in got["piles"]:
        p = pile["box"]
        if pile["side"] == you["side"]:
            assert p["y"] >= field_bottom and p["y"] >= you["box"]["b"] - 0.5, (pile, you, field_bottom)
            assert p["r"] <= min(c["x"] for c in got["hand"]) and p["b"] >= min(c["y"] for c in got["hand"]), (pile, got["hand"])
            continue
        chip = next(s for s in got["seats"] if s["side"] == pile["side"] and not s["you"])["box"]
        assert p["b"] <= min(c["y"] for c in got["field"]), (pile, got["field"])
        if got["stations"] == "wide":
            assert chip["y"] < p["b"] and p["y"] < chip["b"] and 0 <= p["x"] - chip["r"] <= 16, (pile, chip)
        else:
            assert abs(p["x"] - chip["x"]) <= 2 and 0 <= p["y"] - chip["b"] <= 12, (pile, chip)


@pytest.mark.parametrize("n", [9, 10, 11, 12])
def test_a_field_of_nine_to_twelve_cards_lies_in_two_even_rows(server: Server, browser: Any, n: int) -> None:
    """The field drawn with 9–12 cards (the page's own renderer given that field): two rows whose
    lengths differ by at most one (10: 5 + 5, 9: 5 + 4), centred in the felt's room, its cards
    larger than the old 70 px."""
    page = _open(browser, server, _table(server, "koi-koi")["seats"][0]["link"], DESKTOP)
    page.wait_for_function("S.view.to_move === S.you")
    drawn = page.evaluate(f"""() => {{ const codes = HF.codes.filter((c) => !S.view.hand.includes(c) && c !== S.view.pending).slice(0, {n});
      VIEW.renderTable({{ ...S, view: {{ ...S.view, field: codes }} }}, ui());
      const ys = new Map(); for (const c of document.querySelectorAll('#field .card')) {{ const r = c.getBoundingClientRect();
        const y = Math.round(r.y); ys.set(y, [...(ys.get(y) || []), {{ x: r.x, r: r.right, w: r.width, b: r.bottom }}]); }}
      const box = {BOX}; return [[...ys.values()], box('#choice')[0], box('.field-row')[0], box('#pending')[0]]; }}""")
    # (drawn and measured in one task of the page: no message from the table can re-render between)
    rows, choice, row, pending = drawn
    assert [len(r) for r in rows] == [(n + 1) // 2, n // 2], rows
    assert all(c["w"] >= 76 for r in rows for c in r), rows
    assert max(c["b"] for r in rows for c in r) <= choice["y"] + 0.5, rows
    for r in rows:  # each row centred in the field's room (the row less the card turned over)
        assert abs((min(c["x"] for c in r) + max(c["r"] for c in r)) / 2 - (row["x"] + pending["x"]) / 2) <= 12, (r, row, pending)
    shot(page, f"layout-field-{n}")
    page.context.close()


def test_six_seats_still_fit_one_screen(server: Server, browser: Any) -> None:
    page = _open(browser, server, _table(server, "min-hwatu", players=6, seed=9)["seats"][0]["link"], DESKTOP)
    page.wait_for_timeout(500)
    for region in REGIONS:
        box = page.locator(f'[data-region="{region}"]').bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"] + 0.5, (region, box)
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    assert page.locator('[data-region="captures"] [data-side]').count() == 6
    assert all(c["w"] >= 90 for c in page.evaluate(BOX, "#hand .card"))
    _piles_beside_their_seats(page)
    shot(page, "layout-min-hwatu-6p-1366")
    page.context.close()


def test_a_phone_has_no_sideways_scroll_and_its_captures_are_a_tab_away(server: Server, browser: Any) -> None:
    page = _open(browser, server, _table(server, "min-hwatu")["seats"][0]["link"], PHONE, touch=True)
    _play_until_captured(page)
    assert page.evaluate("document.documentElement.scrollWidth <= 390")
    for region in ("field", "hand"):
        box = page.locator(f'[data-region="{region}"]').bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], region
    assert page.locator('[data-region="captures"]').bounding_box() is None  # closed until asked
    page.locator('[data-tab="captures"]').tap()
    box = page.locator('[data-region="captures"]').bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    for s in page.evaluate(PILES):
        assert s["imgs"] == s["want"], s
    shot(page, "layout-phone-captures")
    assert page.evaluate("document.documentElement.scrollWidth <= 390")
    for tab in ("yaku", "log"):  # the panels as before: a real share of the screen
        page.locator(f'[data-tab="{tab}"]').tap()
        panel = page.locator(f'[data-region="{tab}"]').bounding_box()
        assert panel is not None and panel["height"] >= 250, (tab, panel)
    assert page.errors == []
    page.context.close()


SEEN = """(sel) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, seen: hit === e || e.contains(hit),
    clip: (() => { const p = e.closest('.side').getBoundingClientRect(); return r.bottom <= p.bottom + 0.5 && r.right <= p.right + 0.5; })() }; }"""


@pytest.mark.parametrize("size", [(900, 768), (1024, 768), (1100, 700)])
def test_the_chat_asking_a_name_is_whole_between_821_and_1100px(server: Server, browser: Any, size: tuple[int, int]) -> None:
    """Issue 28's leftover: a browser holding no name is asked it in the chat panel; at 821–1100 px
    wide its field, its button and the chat's input are whole on screen and inside the column, and
    the scores table is no wider than its panel."""
    width, height = size
    page = _open(browser, server, _table(server, "koi-koi")["seats"][0]["link"], {"width": width, "height": height},
                 wait="#social #seat-name")
    page.wait_for_selector("#hand [data-card]")
    for sel in ("#seat-name", "#seat-name-form button[type=submit]", "#chat-input", "#chat-form button"):
        if not page.locator(sel).count():
            continue
        got = page.evaluate(SEEN, sel)
        assert got["seen"] and got["clip"] and got["top"] >= 0 and got["bottom"] <= height and got["right"] <= width, (size, sel, got)
    over = page.evaluate("() => { const t = document.querySelector('#scores table'), p = document.querySelector('#p-scores');"
                         " return t.getBoundingClientRect().right - p.getBoundingClientRect().right; }")
    assert over <= 0, (size, over)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, f"layout-chat-{width}x{height}")
    page.context.close()


WATCH = """() => { window.glides = { card: 0, cap: 0, any: 0 }; const end = performance.now() + 2500;
  const tick = () => { for (const a of document.getAnimations()) { const t = a.effect && a.effect.target; if (!t) continue;
      window.glides.any++; if (t.classList.contains('card')) window.glides.card++; if (t.closest && t.closest('#captures')) window.glides.cap++; }
    if (performance.now() < end) requestAnimationFrame(tick); else window.glidesDone = true; };
  requestAnimationFrame(tick); }"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_glide_to_where_they_land_unless_reduced_motion(server: Server, browser: Any, motion: str) -> None:
    """A capture: the card played and the card turned over travel to the field or into the capture
    pile (Web Animations); with reduced motion nothing animates, the cards simply are there."""
    # a deal where this seat's first legal play captures: its card and the taken one go to the pile
    for seed in range(40):
        t = _table(server, "koi-koi", seed=seed)
        page = _open(browser, server, t["seats"][0]["link"], DESKTOP, motion=motion)
        page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0")
        move = page.evaluate("(W.legal.find((m) => m.kind === 'play' && m.takes.length === 1) || {}).move || null")
        if move:
            break
        page.context.close()
    else:
        raise AssertionError("no deal with a capture to play")
    page.evaluate(WATCH)
    page.evaluate(f"send({{ type: 'move', move: {move!r} }})")
    page.wait_for_function("window.glidesDone", timeout=TIMEOUT_MS)
    glides = page.evaluate("window.glides")
    captured = page.evaluate("[...document.querySelectorAll('#captures [data-side=\"' + W.seats[S.you].side + '\"] img[data-card]')].map((i) => i.dataset.card)")
    assert len(captured) >= 2, captured  # the card played and the one it took are in the pile
    if motion == "reduce":
        assert glides["any"] == 0, glides
    else:
        assert glides["cap"] >= 1, glides  # (the card turned over may glide to the field or the pile)
    assert page.errors == []
    page.context.close()


def test_a_theme_chosen_at_one_game_stays_with_that_game(browser: Any, server: Server) -> None:
    """The deck review found a Hawaiʻifuda table drawn with the hanafuda theme because the player
    had once picked a theme elsewhere: a choice is remembered per game (``hf-theme:GAME``), and a
    game without one shows its table's own theme — its own backs and card names."""
    koikoi = _table(server, "koi-koi")
    page = _open(browser, server, koikoi["seats"][0]["link"], DESKTOP)
    page.select_option("#theme", "hwatu")
    page.wait_for_function("HF.theme === 'hwatu'")
    assert page.evaluate("localStorage.getItem('hf-theme:koi-koi')") == "hwatu"
    hawaii = _table(server, "hawaiifuda")
    page.goto(server.url + hawaii["seats"][0]["link"])
    page.wait_for_selector("#hand [data-card]")
    assert page.evaluate("HF.theme") == "hawaiifuda"
    backs = page.evaluate("[...document.querySelectorAll('img[data-card=\"back\"]')].map((i) => i.getAttribute('src'))")
    assert backs and all(src == "/card/hawaiifuda/back.svg" for src in backs)
    page.goto(server.url + koikoi["seats"][0]["link"])
    page.wait_for_selector("#hand [data-card]")
    assert page.evaluate("HF.theme") == "hwatu", "the Koi-Koi choice is kept for Koi-Koi"
    assert not page.errors
    page.context.close()
