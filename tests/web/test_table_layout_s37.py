# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The table on a phone and at 1366×768 as a new player met it (issue 33's leftovers, the new
player's findings), measured in Debian's chromium as a person sees it:

- on a 390×844 phone the field lies in even rows (8 = 4 + 4, 9 = 5 + 4) and a hand of seven to
  nine cards on one row, each card with a strip at least 40 px wide to tap, reachable by the
  keyboard; ten cards lie in two even rows; no sideways scroll;
- with three or four seats another side's long capture pile fits its station (no card cut at its
  right edge);
- the Hint box hides neither the hand nor the field (nor takes their taps), at 1366×768 and on a
  phone, and showing it moves neither;
- the hint's words have no "worth about -14": the best move, what it wins, how the round leans;
- the keyboard's hints ("Enter plays · Esc cancels") show where a keyboard is likely, not on a
  touch phone until a key is pressed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import TIMEOUT_MS, shot
from .server import Server
from .test_table_player import AXE

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-layout-s37")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.2).start()
    yield s
    s.stop()


def _table(server: Server, game: str, players: int = 2, seed: int = 5, hints: bool = False) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    r = httpx.post(server.url + "/api/tables", json={"game": game, "players": players, "seed": seed, "hints": hints, "seats": seats})
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    return t


def _open(browser: Any, server: Server, link: str, viewport: dict[str, int], *, touch: bool = False, lang: str = "en",
          scheme: str = "light", wait: str | None = "#hand [data-card]") -> Any:
    """``link`` (a table's seat, or any page) in a new browser context, its JavaScript errors kept
    in ``page.errors``; ``wait``: what to wait for (a table page's hand; None: nothing)."""
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, color_scheme=scheme)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + link + ("" if lang == "en" else f"{'&' if '?' in link else '?'}lang={lang}"))
    if wait is not None:
        page.wait_for_selector(wait)
    return page


def _axe_in(page: Any, selector: str) -> list[dict[str, Any]]:
    """axe-core's violations in the part of the page ``selector`` names."""
    page.add_script_tag(content=AXE.read_text("utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        "async (sel) => (await axe.run(document.querySelector(sel), { resultTypes: ['violations'] })).violations"
        ".map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => [n.target.join(' '), n.failureSummary]) }))", selector)
    return found


def _my_turn(page: Any) -> None:
    """The table waits on this person, and the socket's hello has been answered (its seat update
    comes first, and would otherwise re-render over a test's drawing on a loaded machine)."""
    page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0 && myTurn()"
                           " && document.getElementById('social') !== null")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


ROWS = """(sel) => { const rows = new Map();
  for (const e of document.querySelectorAll(sel)) { const r = e.getBoundingClientRect(); const y = Math.round(r.y);
    rows.set(y, [...(rows.get(y) || []), { x: r.x, r: r.right, w: r.width, y: r.y, b: r.bottom }]); }
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1].sort((a, b) => a.x - b.x)); }"""

# the page's own renderer given a field and a hand of n cards (cards no seat holds here)
DRAW = """([field, hand]) => { const free = HF.codes.filter((c) => !S.view.hand.includes(c) && !S.view.field.includes(c) && c !== S.view.pending);
  const f = field === null ? S.view.field : free.slice(0, field), h = hand === null ? S.view.hand : free.slice(20, 20 + hand);
  VIEW.renderTable({ ...S, view: { ...S.view, field: f, hand: h } }, ui()); }"""


def _strips(row: list[dict[str, float]]) -> list[float]:
    """The width of each card a person can see and tap: up to the next card, the last card whole."""
    return [nxt["x"] - c["x"] for c, nxt in zip(row, row[1:], strict=False)] + [row[-1]["w"]]


@pytest.mark.parametrize(("n", "rows"), [(6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [5, 4]), (10, [5, 5]), (12, [4, 4, 4])])
def test_a_phone_lays_the_field_in_even_rows(server: Server, browser: Any, n: int, rows: list[int]) -> None:
    page = _open(browser, server, _table(server, "koi-koi")["seats"][0]["link"], PHONE, touch=True)
    _my_turn(page)  # the table then waits on this person: nothing re-renders over the drawing
    # drawn and measured in one task of the page: no message from the table can re-render between
    got, field = page.evaluate(f"""(n) => {{ ({DRAW})([n, null]); const r = document.querySelector('.field-row').getBoundingClientRect();
      return [({ROWS})('#field .card'), {{ x: r.x, r: r.right }}]; }}""", n)
    assert [len(r) for r in got] == rows, got
    for r in got:  # each row whole on screen, and centred on the others (the rows line up)
        assert r[0]["x"] >= field["x"] - 0.5 and r[-1]["r"] <= min(field["r"], PHONE["width"]) + 0.5, (r, field)
        assert all(c["w"] >= 40 for c in r), r
    centres = [(r[0]["x"] + r[-1]["r"]) / 2 for r in got]
    assert max(centres) - min(centres) <= 1, centres
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("n", [7, 8, 9, 10])
def test_a_phone_keeps_a_hand_of_up_to_nine_on_one_row(server: Server, browser: Any, n: int) -> None:
    """Seven to nine cards: one row, overlapping, each card's strip at least 40 px wide and the one
    a tap there reaches; ten (Min-Hwatu for two) cannot keep 40 px each in 390 px: two rows of five."""
    page = _open(browser, server, _table(server, "koi-koi")["seats"][0]["link"], PHONE, touch=True)
    _my_turn(page)  # the table then waits on this person: nothing re-renders over the drawing
    # drawn and measured in one task of the page (rows, and where a tap in the middle of each
    # card's strip lands): no message from the table can re-render between
    got, hits = page.evaluate(f"""(n) => {{ ({DRAW})([null, n]); const cards = [...document.querySelectorAll('#hand .card')];
      return [({ROWS})('#hand .card'), cards.map((c, i) => {{ const r = c.getBoundingClientRect(), next = cards[i + 1] && cards[i + 1].getBoundingClientRect();
        const right = next && Math.abs(next.y - r.y) < 2 ? next.x : r.right;
        const hit = document.elementFromPoint((r.x + right) / 2, r.y + r.height / 2); return !!hit && c.contains(hit); }})]; }}""", n)
    assert [len(r) for r in got] == ([n] if n <= 9 else [5, 5]), got
    for r in got:
        assert r[0]["x"] >= 0 and r[-1]["r"] <= PHONE["width"], r
        assert min(_strips(r)) >= 40, _strips(r)
    assert all(hits), hits
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.errors == []
    page.context.close()


def test_a_phone_hand_of_eight_is_played_by_tap_and_reached_by_the_keyboard(server: Server, browser: Any) -> None:
    """Koi-Koi's own deal, eight cards: one row on the phone, each a button the Tab key reaches, and
    a tap on a card's visible strip chooses that card."""
    page = _open(browser, server, _table(server, "koi-koi", seed=3)["seats"][0]["link"], PHONE, touch=True)
    _my_turn(page)
    assert page.evaluate("S.view.hand.length") == 8
    got = page.evaluate(ROWS, "#hand .card")
    assert len(got) == 1 and min(_strips(got[0])) >= 40, got
    page.locator("#hand .card").first.focus()
    reached = set()
    for _ in range(8):
        reached.add(page.evaluate("document.activeElement.dataset.card || ''"))
        page.keyboard.press("Tab")
    assert reached >= set(page.evaluate("S.view.hand")), reached
    row = got[0]
    third = page.evaluate("[...document.querySelectorAll('#hand .card')][2].dataset.card")
    page.touchscreen.tap(row[2]["x"] + (row[3]["x"] - row[2]["x"]) / 2, (row[2]["y"] + row[2]["b"]) / 2)
    page.wait_for_function(f"selected === {third!r}")  # a touch's first tap chooses the card
    shot(page, "s37-phone-hand-8")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.errors == []
    page.context.close()


# another side's long pile: every kind, many cards (the page's renderer given such piles)
BIG_PILES = """() => { const per = [5, 9, 10, 16]; let k = 0;
  const groups = ['Brights', 'Animals', 'Ribbons', 'Chaff'].map((title, i) => { const cards = HF.codes.slice(k, k + per[i]); k += per[i]; return { title, cards, points: cards.length * 5 }; });
  const pile = { count: 40, points: 200, groups };
  VIEW.renderTable({ ...S, words: { ...W, sides: W.sides.map((s) => ({ ...s, pile })) } }, ui()); }"""

CUT = """() => [...document.querySelectorAll('[data-region="captures"] .pile-line')].map((row) => {
  const box = row.querySelector('.piles').getBoundingClientRect(), line = row.getBoundingClientRect(), imgs = [...row.querySelectorAll('img[data-card]')];
  return { side: row.dataset.side, own: row.classList.contains('own'), n: imgs.length, right: box.right, felt: document.querySelector('.felt').getBoundingClientRect().right,
    cut: imgs.filter((i) => { const r = i.getBoundingClientRect(); return r.right > box.right + 0.5 || r.bottom > line.bottom + 0.5 || r.width < 20; }).map((i) => i.dataset.card),
    labels: [...row.querySelectorAll('.pile-n')].filter((l) => l.getBoundingClientRect().right > box.right + 0.5).length }; })"""


@pytest.mark.parametrize(("game", "players", "width"), [("hana-awase", 3, 1366), ("kwa-do", 4, 1366), ("kwa-do", 3, 1024)])
def test_a_long_capture_pile_fits_its_station(server: Server, browser: Any, game: str, players: int, width: int) -> None:
    """Forty cards a side in four kinds (more than a round gives): every side's piles, this seat's
    by its hand and each other's under its chip, keep every card inside their station."""
    page = _open(browser, server, _table(server, game, players=players)["seats"][0]["link"], {"width": width, "height": 768})
    # drawn and measured in one task of the page: no message from the table can re-render between
    rows = page.evaluate(f"() => {{ ({BIG_PILES})(); return ({CUT})(); }}")
    assert len(rows) == players and sum(r["own"] for r in rows) == 1, rows
    for r in rows:
        assert r["n"] == 40 and r["cut"] == [] and r["labels"] == 0, r
        assert r["right"] <= r["felt"], r
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, f"s37-long-piles-{game}-{players}-{width}")
    assert page.errors == []
    page.context.close()


HIDES = """() => { const hint = document.querySelector('#hint').getBoundingClientRect();
  const meet = (r) => r.right > hint.left && r.left < hint.right && r.bottom > hint.top && r.top < hint.bottom;
  const cards = [...document.querySelectorAll('#hand .card, #field .card, #pending .card, #choice button, #seats .seat, [data-region="captures"] .pile-line')];
  return { hint: { top: hint.top, bottom: hint.bottom, left: hint.left, right: hint.right, h: hint.height },
    covered: cards.filter((c) => meet(c.getBoundingClientRect())).map((c) => c.dataset.card || c.dataset.move || c.className),
    taps: [...document.querySelectorAll('#hand .card, #field .card')].map((c) => { const r = c.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + Math.min(20, r.width / 2), r.y + r.height / 2); return !!hit && c.contains(hit); }) }; }"""

PLACES = "() => [...document.querySelectorAll('#hand .card, #field .card')].map((c) => { const r = c.getBoundingClientRect(); return [c.dataset.card, Math.round(r.x + scrollX), Math.round(r.y + scrollY)]; })"  # on the page (a phone may scroll to the hint)


@pytest.mark.parametrize(("viewport", "touch", "lang"), [(DESKTOP, False, "en"), (PHONE, True, "en"), (DESKTOP, False, "ja"), (PHONE, True, "ko")])
def test_the_hint_hides_no_card_and_says_no_number(server: Server, browser: Any, viewport: dict[str, int], touch: bool, lang: str) -> None:
    """The Hint box covered the first three hand cards at 1366×768 and took their clicks; on a phone
    it covered the turn line. It now lies where it hides no card, seat, pile or choice, and showing
    it moves no card. Its words: the best move, what it wins, how the round leans — no "worth about
    -14" (Koi-Koi's cards have no points)."""
    page = _open(browser, server, _table(server, "koi-koi", seed=3, hints=True)["seats"][0]["link"], viewport, touch=touch, lang=lang)
    _my_turn(page)
    before = page.evaluate(PLACES)
    page.locator("#hint-btn").click()
    page.wait_for_selector("#hint:not([hidden])")
    page.wait_for_selector('#hand [data-hint="best"]')
    got = page.evaluate(HIDES)
    assert got["covered"] == [] and all(got["taps"]), got
    assert got["hint"]["top"] >= 0 and got["hint"]["bottom"] <= viewport["height"] and got["hint"]["h"] > 20, got  # in view
    assert page.evaluate(PLACES) == before  # nothing moved
    for row in page.evaluate(ROWS, "#hand .card"):  # the hinted card keeps its place in the fan
        assert min(_strips(row)) >= 40, row
    lines = page.locator("#hint-lines li").all_inner_texts()
    best = {"en": "Best: ", "ja": "最善：", "ko": "최선: "}[lang]
    assert len(lines) == 3 and lines[0].startswith(best), lines
    assert not any(ch.isdigit() for ch in "".join(lines)), lines  # no number at all: Koi-Koi cards have no points
    assert "worth" not in " ".join(lines) and "約" not in " ".join(lines), lines
    # a hand card is clicked through the open hint (it took the clicks before)
    first = page.locator("#hand button.card").first
    first.click(trial=True)
    shot(page, f"s37-hint-{viewport['width']}-{lang}")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("viewport", "touch", "shown"), [(PHONE, True, False), (DESKTOP, False, True)])
def test_keyboard_hints_only_where_a_keyboard_is_likely(server: Server, browser: Any, viewport: dict[str, int], touch: bool, shown: bool) -> None:
    page = _open(browser, server, _table(server, "koi-koi", seed=3)["seats"][0]["link"], viewport, touch=touch)
    _my_turn(page)
    assert page.locator("#keys").is_visible() == shown
    if not shown:
        assert page.evaluate("[...document.querySelectorAll('.keys')].every((k) => k.getBoundingClientRect().width === 0)")
        page.keyboard.press("Shift")  # a keyboard joined the phone: its hints show from now on
        assert page.locator("#keys").is_visible()
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_hint_on_the_felt_reads_in_light_and_dark(server: Server, browser: Any, scheme: str) -> None:
    """The hint now lies on the felt (not floating over the page): its words and its close button
    pass axe-core there, in the light and the dark scheme."""
    page = _open(browser, server, _table(server, "koi-koi", seed=3, hints=True)["seats"][0]["link"], DESKTOP, scheme=scheme)
    _my_turn(page)
    page.locator("#hint-btn").click()
    page.wait_for_selector("#hint:not([hidden]) li")
    assert _axe_in(page, "#hint") == []
    assert page.errors == []
    page.context.close()
