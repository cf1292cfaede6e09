# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The table page as a new player meets it (issue 28), in Debian's chromium at 1366×768 and on a
390×844 phone, every game: each test measures what a person sees — sizes, contrast, words —
not only that an element exists.

- the phone's Yaku and Log tabs open a panel a real share of the screen tall (≥ 250 px), and
  work from the keyboard (a tablist);
- the yaku progress: chips at least 28 px, one line of words per yaku;
- the turn clock counts down at the seat to move, its timeout notice says the move in words;
- seat chips carry one number, the seat's (from 1), and bots their display name;
- no "Play again" (Rematch asks each person);
- axe-core (vendored, tests/web/vendor/axe-core) finds no violation, light or dark;
- a friend's first minute: "Your name" asked above the table, a quick match's "bots join in N s".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import TIMEOUT_MS
from .server import Server

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
GAMES = ["mushi", "hana-awase", "min-hwatu", "kwa-do", "hawaiifuda"]
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-player")
    # one module of tests takes more names than a visitor may (5, then one a minute): lifted here
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.2, "--bot-only-rate", "0",
               "--tables-per-minute", "1000", "--lease-seconds", "3",
               "--rate-limits", "account=1000/1").start()
    yield s
    s.stop()


def _key(server: Server, who: str) -> str:
    r = httpx.post(server.url + "/api/social/names", json={"name": who})
    assert r.status_code == 201, r.text
    return str(r.json()["key"])


def _bot_table(server: Server, game: str, seed: int = 5) -> str:
    """A table of a person against the greedy bot; the person's link."""
    r = httpx.post(server.url + "/api/tables", json={
        "game": game, "players": 2, "seed": seed,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    return str(r.json()["seats"][0]["link"])


def _social_table(server: Server, key: str, **body: Any) -> dict[str, Any]:
    body = {"game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}], **body}
    r = httpx.post(server.url + "/api/social/tables", json=body, headers={"x-player-key": key})
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    return t


def _open(browser: Any, server: Server, link: str, viewport: dict[str, int], *, touch: bool = False,
          scheme: str = "light", player: tuple[str, str] | None = None, wait: str = "#hand [data-card]") -> Any:
    """A page in a context of its own; ``player``: the (name, key) this browser holds."""
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, color_scheme=scheme)
    ctx.set_default_timeout(TIMEOUT_MS)
    if player is not None:
        ctx.add_init_script(f"localStorage.setItem('hf-player', JSON.stringify({{ name: {player[0]!r}, "
                            f"key: {player[1]!r} }}))")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + link)
    if wait:
        page.wait_for_selector(wait)
    return page


def _play(page: Any, moves: int) -> None:
    """This seat's first legal move, ``moves`` times (waiting for the bot in between)."""
    for _ in range(moves):
        page.wait_for_function("S.view.finished || S.view.phase === 'between-rounds' || "
                               "(S.view.to_move === S.you && S.view.legal.length > 0)")
        if page.evaluate("S.view.to_move !== S.you"):
            return
        before = page.evaluate("S.log.length")
        page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"S.log.length > {before}")


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    return dict(box)


# -- 1. the phone's panels, and the seat chips ------------------------------------------------------

SEAT_CHIPS = r"""() => [...document.querySelectorAll('#seats .seat')].map((c) => ({
  seat: Number(c.dataset.seat), number: c.querySelector('.order').textContent,
  name: c.querySelector('.name').textContent, digits: (c.querySelector('.order').textContent + ' ' + c.querySelector('.name').textContent).match(/\d+/g) || [] }))"""


def test_phone_yaku_and_log_panels_are_a_real_share_of_the_screen(server: Server, browser: Any) -> None:
    for game in GAMES:
        page = _open(browser, server, _bot_table(server, game), PHONE, touch=True)
        _play(page, 2)
        for tab, region in (("yaku", "yaku"), ("log", "log")):
            b = page.locator(f'[data-tab="{tab}"]')
            assert b.get_attribute("role") == "tab" and b.get_attribute("aria-selected") == "false"
            controlled = b.get_attribute("aria-controls")
            assert page.locator(f"#{controlled}").get_attribute("data-region") == region
        page.locator('[data-tab="yaku"]').click()
        assert page.locator('[data-tab="yaku"]').get_attribute("aria-selected") == "true"
        yaku = _box(page, '[data-region="yaku"]')
        assert yaku["height"] >= 250 and yaku["width"] >= 340, (game, yaku)
        assert yaku["height"] >= 0.29 * PHONE["height"], (game, yaku)  # a real share of the screen
        # the keyboard: the arrow key moves to the Log tab, which opens its panel
        page.locator('[data-tab="yaku"]').focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.tab") == "log"
        assert page.locator('[data-tab="log"]').get_attribute("aria-selected") == "true"
        assert page.locator('[data-tab="yaku"]').get_attribute("aria-selected") == "false"
        log = _box(page, '[data-region="log"]')
        assert log["height"] >= 250 and log["width"] >= 340, (game, log)
        assert page.locator('[data-region="yaku"]').bounding_box() is None  # one panel at a time
        assert page.locator('#log li').count() >= 2
        page.keyboard.press("Enter")  # again: closed
        assert page.locator('[data-tab="log"]').get_attribute("aria-selected") == "false"
        assert page.locator('[data-region="log"]').bounding_box() is None
        # one number on a seat chip, the seat's from 1; the bot by its display name
        chips = page.evaluate(SEAT_CHIPS)
        assert sorted(c["seat"] for c in chips) == [0, 1]
        for c in chips:
            assert c["number"] == str(c["seat"] + 1) and c["digits"] == [c["number"]], (game, chips)
        assert {c["seat"]: c["name"] for c in chips} == {0: "You", 1: "Casual bot"}
        assert page.errors == []
        page.context.close()


# -- 2. yaku progress at 1366×768 -------------------------------------------------------------------

YAKU_ROWS = """() => {
  const side = W.seats[S.you].side;
  return [...document.querySelectorAll('#yaku .yaku')].map((row) => ({
    id: row.dataset.yaku,
    lines: [...row.querySelectorAll('.yaku-line')].map((l) => ({ text: l.textContent, height: l.getBoundingClientRect().height })),
    want: W.progress.find((p) => p.id === row.dataset.yaku).sides[side].line,
    chips: [...row.querySelectorAll('.chip')].map((c) => c.getBoundingClientRect()).map((r) => [r.width, r.height]) }));
}"""


def test_yaku_progress_is_readable_at_1366x768(server: Server, browser: Any) -> None:
    key = _key(server, "Reader")
    t = _social_table(server, key, game="hana-awase")
    page = _open(browser, server, t["you"]["path"], DESKTOP, player=("Reader", key))
    page.wait_for_selector("#chat-form")
    _play(page, 4)
    page.wait_for_selector("#yaku .yaku .yaku-line")
    rows = page.evaluate(YAKU_ROWS)
    assert rows
    for row in rows:
        assert len(row["lines"]) == 1, row  # one line of words per yaku...
        line = row["lines"][0]
        assert line["text"] == row["want"] and re.match(r"^\d+/\d+ — \S", line["text"]), row
        assert line["height"] >= 12, row  # ...shown, not squeezed away
        for width, height in row["chips"]:
            assert width >= 28 and height >= 28, row
    # a chat full of long messages shrinks first: the yaku panel keeps its room
    for i in range(6):
        page.fill("#chat-input", f"message {i}: " + "a long line of table talk that wraps over several lines " * 2)
        page.press("#chat-input", "Enter")
        page.wait_for_function(f"document.querySelectorAll('#chat-log li').length >= {i + 1}")
    yaku, log = _box(page, "#p-yaku"), _box(page, "#p-log")
    assert yaku["height"] >= 160 and log["height"] >= 96, (yaku, log)
    assert yaku["y"] + yaku["height"] <= DESKTOP["height"]
    shown = page.evaluate("() => { const r = document.querySelector('#yaku .yaku-line').getBoundingClientRect();"
                          " return r.bottom <= document.querySelector('#yaku').getBoundingClientRect().bottom; }")
    assert shown  # the first yaku's line is on screen in the panel
    assert page.errors == []
    page.context.close()


# -- 3. the turn clock ------------------------------------------------------------------------------

CLOCK = """() => { const c = document.querySelector('[data-region="clock"]');
  return c ? { left: Number(c.dataset.left), text: c.textContent, seat: Number(c.closest('.seat').dataset.seat),
               toMove: c.closest('.seat').classList.contains('to-move') } : null; }"""


def test_the_turn_clock_counts_down_and_its_notice_says_the_move(server: Server, browser: Any) -> None:
    key = _key(server, "Clocked")
    t = _social_table(server, key, clock=15)
    page = _open(browser, server, t["you"]["path"], DESKTOP, player=("Clocked", key))
    page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0")
    page.wait_for_function(f"({CLOCK})() !== null")
    first = page.evaluate(CLOCK)
    assert first["seat"] == page.evaluate("S.you") and first["toMove"]
    assert 11 <= first["left"] <= 15 and first["text"] == f"{first['left']} s", first
    page.wait_for_timeout(2300)
    later = page.evaluate(CLOCK)
    assert later is not None and first["left"] - 3 <= later["left"] <= first["left"] - 2, (first, later)
    # nobody moves: when the time is up the greedy bot moves, and the chat says what it played,
    # to this seat's own page as "you" (s41 finding 16), not by the seat's own name
    page.wait_for_selector("#chat-log li.system", timeout=40_000)
    notice = page.locator("#chat-log li.system").first.inner_text()
    assert "ran out for you after 15 s; Casual bot moved for you:" in notice and "Clocked" not in notice, notice
    assert not re.search(r"\b(play|take) [a-z]+-", notice), notice  # no move notation
    assert page.errors == []
    page.context.close()


# -- 4. the match's end: Rematch, and no "Play again" -----------------------------------------------

def test_the_match_end_offers_rematch_only(server: Server, browser: Any) -> None:
    key = _key(server, "Ender")
    t = _social_table(server, key, options={"rounds": 1})
    page = _open(browser, server, t["you"]["path"], DESKTOP, player=("Ender", key))
    for _ in range(60):
        page.wait_for_function("S.view.finished || (S.view.to_move === S.you && W.legal.length > 0)")
        if page.evaluate("S.view.finished"):
            break
        _play(page, 1)
    page.wait_for_selector("#summary[open] .rematch-btn")
    buttons = page.locator("#summary[open] .dialog-actions button:visible").all_inner_texts()
    assert "Rematch" in buttons and not any("again" in b.lower() for b in buttons), buttons
    assert page.locator("#play-again").count() == 0
    page.wait_for_function("document.activeElement.classList.contains('rematch-btn')")
    assert page.errors == []
    page.context.close()


# -- 5. contrast and the rest: axe-core, light and dark ---------------------------------------------

def _axe(page: Any) -> list[dict[str, Any]]:
    page.add_script_tag(content=AXE.read_text("utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
        ".map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => [n.target.join(' '), n.failureSummary]) }))")
    return found


def _contrast(page: Any, selector: str) -> float:
    """The contrast ratio of an element's text on its own background (WCAG 2 relative luminance)."""
    ratio: float = page.evaluate("""(sel) => {
      const el = document.querySelector(sel), cs = getComputedStyle(el);
      const rgb = (s) => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
      const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
      const a = lum(rgb(cs.color)), b = lum(rgb(cs.backgroundColor));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }""", selector)
    return ratio


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violation_light_or_dark(server: Server, browser: Any, scheme: str) -> None:
    assert AXE.exists()
    for game in GAMES:
        page = _open(browser, server, _bot_table(server, game), DESKTOP, scheme=scheme)
        _play(page, 3)
        page.wait_for_selector("#seat-name-box")  # the name prompt of a browser holding no name
        assert _axe(page) == [], (game, scheme)
        # the seat numbers and the dealer badge, measured on their own fills
        assert _contrast(page, "#seats .seat .order") >= 4.5
        if page.locator("#seats .seat .badge").count():
            assert _contrast(page, "#seats .seat .badge") >= 4.5
        page.context.close()
    phone = _open(browser, server, _bot_table(server, "kwa-do"), PHONE, touch=True, scheme=scheme)
    _play(phone, 3)
    phone.locator('[data-tab="yaku"]').click()
    assert _axe(phone) == [], scheme
    phone.context.close()
    lobby = _open(browser, server, "/", DESKTOP, scheme=scheme, wait="body[data-ready]")
    assert _axe(lobby) == [], scheme
    lobby.context.close()


# -- 6. an invited friend's first minute ------------------------------------------------------------

def test_a_friend_is_asked_their_name_on_arrival(server: Server, browser: Any) -> None:
    key = _key(server, "Host")

    def invited() -> str:  # a seat link opens in one browser only: a table for each
        t = _social_table(server, key, seats=[{"kind": "me"}, {"kind": "invite"}])
        return str(t["seats"][1]["invite"]["path"])

    for viewport, touch in ((DESKTOP, False), (PHONE, True)):
        page = _open(browser, server, invited(), viewport, touch=touch, wait="#seat-name-box")
        box = _box(page, "#seat-name-box")
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] * 0.5, box  # seen on arrival
        assert page.locator("#seat-name-box label").inner_text() == "Your name"
        assert page.evaluate("document.activeElement.id") == "seat-name"
        page.context.close()
    page = _open(browser, server, invited(), DESKTOP, wait="#seat-name-box")
    page.fill("#seat-name", "Friend")
    page.click("#seat-name-form button[type=submit]")
    page.wait_for_selector("#seat-name-box", state="detached")
    assert "Friend" in page.evaluate("localStorage.getItem('hf-player')")
    page.context.close()


def test_a_quick_match_table_counts_down_to_the_bots(server: Server, browser: Any) -> None:
    key = _key(server, "Quick")
    r = httpx.post(server.url + "/api/social/quick", json={"game": "mushi", "players": 2, "wait": 60},
                   headers={"x-player-key": key})
    assert r.status_code == 200, r.text
    page = _open(browser, server, r.json()["link"], DESKTOP, player=("Quick", key), wait="#quick-wait")
    first = page.locator("#quick-wait").inner_text()
    found = re.fullmatch(r"Waiting for players — bots join in (\d+) s", first)
    assert found and 50 <= int(found.group(1)) <= 60, first
    box = _box(page, "#quick-wait")
    assert box["y"] + box["height"] <= DESKTOP["height"]
    page.wait_for_timeout(2200)
    later = re.fullmatch(r"Waiting for players — bots join in (\d+) s", page.locator("#quick-wait").inner_text())
    assert later and int(found.group(1)) - 3 <= int(later.group(1)) <= int(found.group(1)) - 2
    assert page.errors == []
    page.context.close()
