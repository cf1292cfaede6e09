# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""What the pictures of issue 28 showed a new player (every game at 1366×768 and 390×844, light
and dark, en/ja/ko: /work/shots/s39), measured in Debian's chromium as a person sees it:

- the log follows the newest entry: in Hawaiʻifuda at 1366×768 a panel above grew, the log's
  box shrank, and the log then stayed on its first entries for the whole match ("Log (35)" showing
  entries 1–5); a reader who scrolls up keeps their place; a phone's Log tab opens on the newest;
- an opponent's fanned card backs keep clear of the seat's name (on a phone the first back, turned
  12°, touched "초급 봇").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import TIMEOUT_MS
from .server import Server

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-pictures")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.05).start()
    yield s
    s.stop()


def _open(browser: Any, server: Server, game: str, viewport: dict[str, int], *, lang: str = "en",
          scheme: str = "light", touch: bool = False, players: int = 2,
          options: dict[str, Any] | None = None) -> Any:
    """Ann's page at a new table of ``game`` against ``greedy`` bots, once her hand is dealt."""
    r = httpx.post(server.url + "/api/tables", json={"game": game, "players": players, "seed": 5, "options": options or {},
                   "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)})
    assert r.status_code == 201, r.text
    ctx = browser.new_context(viewport=viewport, color_scheme=scheme, has_touch=touch, is_mobile=touch)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + r.json()["seats"][0]["link"] + f"&lang={lang}")
    page.wait_for_selector("#hand [data-card]")
    return page


def _play(page: Any, moves: int, until: str = "S.view.finished") -> None:
    """This person's first legal move, ``moves`` times, each time waiting for it in the log; stops
    once ``until`` (a condition on the page) holds."""
    for _ in range(moves):
        page.wait_for_function(f"({until}) || (S.view.to_move === S.you && S.view.legal.length > 0)")
        if page.evaluate(until):
            return
        n = page.evaluate("W.log.length")
        page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"(W.log.length > {n} && document.querySelectorAll('#log li').length > {n}) || ({until})")


# where the log's newest entry lies against the log's visible box (px; 0 and 0 when it is inside)
NEWEST = """() => { const log = document.getElementById('log'), items = log.querySelectorAll('li');
  const box = log.getBoundingClientRect(), li = items[items.length - 1].getBoundingClientRect();
  return { below: li.bottom - box.bottom, above: box.top - li.top, entries: items.length, top: log.scrollTop,
           overflow: log.scrollHeight - log.clientHeight }; }"""


def _settled(page: Any) -> None:
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_the_log_follows_the_newest_entry_when_its_box_shrinks(server: Server, browser: Any) -> None:
    """Hawaiʻifuda at 1366×768 (the picture): after each move the newest entry is inside the log's
    box, also when a panel above grows and the log's box shrinks between two moves."""
    page = _open(browser, server, "hawaiifuda", DESKTOP)
    for step in range(5):
        _play(page, 1)
        _settled(page)
        got = page.evaluate(NEWEST)
        assert got["below"] <= 1 and got["above"] <= 1, (step, got)
        # a panel above grows: the log's box loses 40 px (as the yaku panel's or the choice's do),
        # keeping room for two entries
        page.evaluate("(() => { const l = document.getElementById('log'); l.style.maxHeight = Math.max(150, l.clientHeight - 40) + 'px'; })()")
    got = page.evaluate(NEWEST)
    assert got["overflow"] > 100, got  # the log does scroll: the case is real
    assert page.errors == []
    page.context.close()


def test_a_reader_who_scrolls_the_log_up_keeps_their_place(server: Server, browser: Any) -> None:
    page = _open(browser, server, "koi-koi", DESKTOP)
    _play(page, 5)
    _settled(page)
    assert page.evaluate(NEWEST)["overflow"] > 0
    page.evaluate("document.getElementById('log').scrollTop = 0")  # the reader scrolls to the first moves
    page.wait_for_timeout(100)  # the scroll event
    _play(page, 1)
    _settled(page)
    assert page.evaluate("document.getElementById('log').scrollTop") == 0
    # back down to the end by hand: the log follows again
    page.evaluate("(() => { const l = document.getElementById('log'); l.scrollTop = l.scrollHeight; })()")
    page.wait_for_timeout(100)
    _play(page, 1)
    _settled(page)
    got = page.evaluate(NEWEST)
    assert got["below"] <= 1 and got["above"] <= 1, got
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_phone_log_tab_opens_on_the_newest_entry(server: Server, browser: Any, lang: str) -> None:
    """On a phone the log is hidden until its tab opens (a hidden box cannot scroll): after a dozen
    moves the Log tab shows the newest entry, inside the screen, not the first ones."""
    page = _open(browser, server, "min-hwatu", PHONE, lang=lang, touch=True)
    _play(page, 8)
    page.click('[data-tab="log"]')
    _settled(page)
    got = page.evaluate(NEWEST)
    assert got["overflow"] > 0 and got["top"] > 0, got  # long enough to scroll
    assert got["below"] <= 1 and got["above"] <= 1, got
    li = page.evaluate("(() => { const i = document.querySelectorAll('#log li'); const r = i[i.length - 1].getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; })()")
    assert li["top"] >= 0 and li["bottom"] <= PHONE["height"], li
    assert page.errors == []
    page.context.close()


# each chip with visible backs: the room between its name's right edge and the leftmost point of
# any back (the bounding box of a turned card)
CLEARANCE = """() => [...document.querySelectorAll('.seat')].map((s) => {
  const backs = [...s.querySelectorAll('.fan img')].map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0);
  const name = s.querySelector('.name').getBoundingClientRect();
  return { name: s.querySelector('.name').textContent, backs: backs.length, gap: Math.min(...backs.map((b) => b.left)) - name.right }; })
  .filter((g) => g.backs > 0)"""


@pytest.mark.parametrize(("viewport", "lang"), [(PHONE, "ko"), (PHONE, "en"), (PHONE, "ja"), (DESKTOP, "ko")])
def test_card_backs_keep_clear_of_the_seat_name(server: Server, browser: Any, viewport: dict[str, int], lang: str) -> None:
    page = _open(browser, server, "hawaiifuda", viewport, lang=lang, touch=viewport is PHONE)
    _settled(page)
    got = page.evaluate(CLEARANCE)
    assert got, "an opponent's chip with its backs"
    assert all(g["gap"] >= 2 for g in got), got
    page.context.close()


@pytest.mark.parametrize(("lang", "said"), [("ko", "이 판은 아직 끝나지 않았습니다."), ("ja", "この回はまだ終わっていません。"), ("en", "the round is not over")])
def test_a_refusal_is_said_in_the_page_language(server: Server, browser: Any, lang: str, said: str) -> None:
    """The server refuses in English ("it is not your turn" stood on a Korean table in the
    pictures); a Japanese or Korean page shows the catalogue's entry the refusal names, with its
    detail (test_refusal_browser.py), an English page the server's own words. Here: "next round"
    asked in the middle of a round."""
    page = _open(browser, server, "koi-koi", DESKTOP, lang=lang)
    page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0")
    page.evaluate("send({ type: 'next-round' })")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    text = page.inner_text("#error")
    assert text == said, text
    if lang != "en":
        assert not re.search(r"[A-Za-z]{2,}", text), text
        box = page.evaluate("(() => { const r = document.getElementById('error').getBoundingClientRect(); return { w: r.width, h: r.height }; })()")
        assert box["w"] > 0 and box["h"] > 0, box  # seen, not only in the DOM
    assert page.errors == []
    page.context.close()


# the page's own renderer given twelve rounds already scored (Koi-Koi's and Hana-Awase's default
# match is twelve rounds)
TWELVE_ROUNDS = """() => { const rs = []; for (let i = 0; i < 12; i++) rs.push(S.view.totals.map((_, k) => (i * 37 + k * 11) % 90 - 40));
  VIEW.renderTable({ ...S, view: { ...S.view, round_scores: rs } }, ui()); return rs; }"""
BOXES = """() => { const h = (id) => document.getElementById(id).getBoundingClientRect().height;
  return { scores: h('p-scores'), log: h('log'), cells: [...document.querySelectorAll('#scores td.rounds')].map((c) => c.getBoundingClientRect().height),
           texts: [...document.querySelectorAll('#scores td.rounds')].map((c) => [(c.querySelector('[aria-hidden]') || c).textContent, c.title, c.querySelector('.sr-only') ? c.querySelector('.sr-only').textContent : '']) }; }"""


@pytest.mark.parametrize(("game", "players"), [("hana-awase", 3), ("koi-koi", 2)])
def test_twelve_rounds_of_scores_leave_the_log_readable(server: Server, browser: Any, game: str, players: int) -> None:
    """Late in a twelve-round match at 1366×768 the Scores panel listed every round, wrapped into
    six lines a side (412 px for three seats), and the log was one line tall. Each side's rounds
    cell is now one line — the last three rounds, the whole list in its title and for a screen
    reader — and the log keeps room for several entries."""
    page = _open(browser, server, game, DESKTOP, players=players)
    page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0 && document.getElementById('social') !== null")
    before = page.evaluate(BOXES)
    # drawn and measured in one task of the page: no message from the table can re-render between
    rounds, got = page.evaluate(f"() => [({TWELVE_ROUNDS})(), ({BOXES})()]")
    assert len(got["cells"]) == players
    assert max(got["cells"]) <= 24, got  # one line each
    assert got["scores"] <= before["scores"] + 2, (before, got)
    assert got["log"] >= 80, got
    said = lambda n: f"\u2212{-n}" if n < 0 else str(n)  # noqa: E731  (the words layer's minus sign)
    for side, (text, title, spoken) in enumerate(got["texts"]):
        every = ", ".join(said(r[side]) for r in rounds)
        assert text == "… " + ", ".join(said(r[side]) for r in rounds[-3:]), text
        assert title == every and spoken == every, (title, spoken)
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_phone_bar_keeps_its_tools_on_one_row(server: Server, browser: Any, lang: str) -> None:
    """On a 390 px phone the card names, ?, sound and leave share one row (in English "Leave"
    wrapped alone onto a fourth line of the bar, pushing the table down), each button still a
    target at least 24 px square."""
    page = _open(browser, server, "koi-koi", PHONE, lang=lang, touch=True)
    page.wait_for_function("!document.getElementById('leave-btn').hidden")
    got = page.evaluate("""() => { const kids = [...document.querySelectorAll('.bar-tools > *')].map((k) => k.getBoundingClientRect()).filter((r) => r.width > 0);
      return { n: kids.length, span: Math.max(...kids.map((r) => r.bottom)) - Math.min(...kids.map((r) => r.top)),
               right: Math.max(...kids.map((r) => r.right)),
               buttons: [...document.querySelectorAll('.bar-tools button')].filter((b) => b.offsetWidth).map((b) => [b.offsetWidth, b.offsetHeight]) }; }""")
    assert got["n"] >= 4, got
    assert got["span"] <= 30, got  # one row: the tallest item's height, not two rows
    assert got["right"] <= PHONE["width"], got
    assert all(w >= 24 and h >= 24 for w, h in got["buttons"]), got
    page.context.close()


# each occurrence of a seat's, side's or card's name in the log's entries and the summary's
# paragraphs, measured as drawn (a Range over its text): the names lying on more than one line
SPLIT_NAMES = """() => { const names = [...new Set([...W.seats.map((s) => s.name), ...W.sides.map((s) => s.name),
    ...Object.values(W.cards).map((c) => c.name)])].filter((x) => x.length > 1).sort((a, b) => b.length - a.length);
  const out = { n: 0, split: [], totals: [] };
  for (const el of document.querySelectorAll('#log li, #summary p, #summary .how')) {
    const nodes = [], w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT); let t, text = '';
    while ((t = w.nextNode())) { nodes.push([t, text.length]); text += t.textContent; }
    const at = (i) => { let k = nodes.length - 1; while (k > 0 && nodes[k][1] > i) k--; return [nodes[k][0], i - nodes[k][1]]; };
    const taken = [];
    for (const name of names) for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + name.length)) {
      if (taken.some(([a, b]) => i < b && a < i + name.length)) continue;
      taken.push([i, i + name.length]);
      const r = document.createRange(), [s0, o0] = at(i), [s1, o1] = at(i + name.length - 1);
      r.setStart(s0, o0); r.setEnd(s1, o1 + 1);
      const tops = new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
      out.n++;
      if (tops.size > 1) out.split.push(name);
    }
  }
  return out; }"""


def test_japanese_lines_never_break_inside_a_seat_or_card_name(server: Server, browser: Any) -> None:
    """Kwa-Dō for four in Japanese at 1366×768: the round's totals line broke "初級ボット（4番 /
    席）" (Japanese breaks between any two characters). Every seat's, side's and card's name in the
    log and the round's summary is now one unbroken piece, and the words are unchanged."""
    page = _open(browser, server, "kwa-do", DESKTOP, lang="ja", players=4)
    _play(page, 20, until="S.view.phase !== 'play'")
    page.wait_for_selector("#summary[open]")
    got = page.evaluate(SPLIT_NAMES)
    assert got["n"] > 20 and got["split"] == [], got
    assert page.evaluate("document.querySelector('#summary p:last-of-type').textContent") == "合計: " + page.evaluate("W.totals_text")
    page.context.close()


def test_the_keys_hints_go_when_the_round_ends(server: Server, browser: Any) -> None:
    """"Enter plays · Esc cancels · 1–9 choose" stood beside an empty hand under the round's and the
    match's end; it shows while the round is played (a desktop: a fine pointer) and goes at its end."""
    page = _open(browser, server, "mushi", DESKTOP, options={"rounds": 1})
    page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0")
    assert page.is_visible("#keys")
    _play(page, 30)
    page.wait_for_selector("#summary[open]")
    assert not page.is_visible("#keys")
    page.context.close()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_replay_controls_wrap_between_controls_on_a_phone(server: Server, browser: Any, lang: str) -> None:
    """The replay's toolbar on a 390 px phone: in Japanese "視点" stood after "1 / 10" with its menu
    on the next line, and "棋譜をダウンロード" broke after its first character. Each label keeps its
    menu on its line and the download link is whole."""
    done = server.finished_bots_table("koi-koi", 3)
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.goto(f"{server.url}/replay/{done['id']}?lang={lang}")
    page.wait_for_selector("#viewer:not([hidden]) #hands .seatbox")
    got = page.evaluate("""() => { const mid = (r) => r.top + r.height / 2, box = (e) => e.getBoundingClientRect();
      const label = document.querySelector('.moves label'), words = label.querySelector('span'), menu = label.querySelector('select');
      const link = document.getElementById('download');
      return { label: Math.abs(mid(box(words)) - mid(box(menu))), linkLines: new Set([...link.getClientRects()].map((r) => Math.round(r.top))).size,
               width: [document.documentElement.scrollWidth, innerWidth] }; }""")
    assert got["label"] <= 6, got  # the label's words beside its menu, on one line
    assert got["linkLines"] == 1, got
    assert got["width"][0] <= got["width"][1], got
    ctx.close()
