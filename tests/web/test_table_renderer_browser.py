# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The table page drawn as a function of its state (issue 28), in Debian's chromium: what a person
sees, measured.

- a move changes only what changed: the cards, seat chips, yaku rows and log lines that stay are
  the same elements after it (keyed rendering, static/table/view.js), nothing is rebuilt;
- at 1366×768 the yaku panel keeps 250 px with a long chat, the name asked in the chat panel, or
  the name asked above the table, and the chat's (or name's) input stays on screen;
- on a 390×844 phone in Japanese and Korean the header wraps: nothing scrolls sideways;
- a card's tag ("wild", "shown"/"公開") covers neither the card's name strip nor its badges;
- a bot to move says it is thinking, in the page's language;
- two choices that read the same ("take Paulownia Chaff" twice) show each the card they take and
  its place on the field.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from hanafuda import Match
from hanafuda.words.catalogue import messages

from .server import Server
from .test_table_player import DESKTOP, PHONE, _axe, _bot_table, _key, _open, _social_table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-renderer")
    # the bot pauses a second: long enough to see its seat thinking
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 1.0, "--bot-only-rate", "0",
               "--tables-per-minute", "1000", "--lease-seconds", "3",
               "--rate-limits", "account=1000/1").start()
    yield s
    s.stop()


def _name(who: str) -> str:
    return f"{who}{random.randrange(10**6)}"


def _passing_play(game: str = "mushi") -> tuple[int, str]:
    """A seed where seat 0 decides first and a play of it that ends its turn (no choice follows)."""
    for seed in range(300):
        if Match(game, 2, seed=seed).to_move != 0:
            continue
        for move in Match(game, 2, seed=seed).legal_moves():
            m = Match(game, 2, seed=seed)
            m.play(move)
            if move.startswith("play") and m.to_move == 1:
                return seed, move
    raise AssertionError("no such deal")


MY_TURN = "S.view.to_move === S.you && S.view.legal.length > 0"

# -- 1. keyed rendering: a move keeps every element that stays -------------------------------------

TAG = """() => { for (const el of document.querySelectorAll('#field [data-card], #hand [data-card], #seats .seat, #log li, #yaku .yaku, #captures .pile-line, #scores tr')) el.__kept = true;
  window.removed = []; new MutationObserver((ms) => { for (const m of ms) for (const n of m.removedNodes) if (n.nodeType === 1 && n.__kept) window.removed.push(n); })
    .observe(document.querySelector('main'), { childList: true, subtree: true }); }"""
GONE = """() => window.removed.filter((n) => !n.isConnected).map((n) => n.dataset.card || n.dataset.seat || n.dataset.yaku || n.tagName)"""
"""The tagged elements no longer in the page (a keyed list moving an element reports it removed,
then added: it is still there)."""
KEPT = """(sel) => [...document.querySelectorAll(sel)].map((el) => [el.dataset.card || el.dataset.seat || el.dataset.yaku || el.textContent.slice(0, 30), !!el.__kept])"""


def test_a_move_keeps_every_element_that_stays(server: Server, browser: Any) -> None:
    seed, played = _passing_play()
    page = _open(browser, server, _bot_table(server, "mushi", seed), DESKTOP)
    page.wait_for_function(MY_TURN)
    page.evaluate(TAG)
    before = page.evaluate("({ field: [...S.view.field], hand: [...S.view.hand], log: W.log.length })")
    page.evaluate(f"send({{ type: 'move', move: {played!r} }})")
    # the bot answers: its move is drawn too
    page.wait_for_function(f"W.log.length >= {before['log'] + 2} && {MY_TURN}")
    page.wait_for_timeout(300)
    field = dict(page.evaluate(KEPT, "#field [data-card]"))
    hand = dict(page.evaluate(KEPT, "#hand [data-card]"))
    stayed = [c for c in before["field"] if c in field]
    assert stayed, (before, field)
    assert all(field[c] for c in stayed), field  # the same elements, not new ones
    assert set(hand) < set(before["hand"])  # (a hand card is a button only while it can be played)
    assert not any(field[c] for c in field if c not in before["field"])  # new cards are new elements
    for sel in ("#seats .seat", "#yaku .yaku", "#captures .pile-line", "#scores tr"):
        assert all(kept for _, kept in page.evaluate(KEPT, sel)), sel
    lines = page.evaluate(KEPT, "#log li")
    assert len(lines) >= before["log"] + 2 and all(kept for _, kept in lines[:before["log"]]), lines
    assert not any(kept for _, kept in lines[before["log"]:])  # the new lines are added, the old kept
    gone = page.evaluate(GONE)
    # only cards left their places (played, taken): no seat, yaku row, log line or score row
    assert all(g not in ("LI", "TR") and not g.isdigit() for g in gone), gone
    assert set(gone) <= set(before["field"]) | set(before["hand"]), gone
    # pointing at a hand card marks what it would take: every card keeps its element
    page.evaluate(TAG)
    page.locator("#hand button.card").first.hover()
    page.wait_for_timeout(200)
    assert all(kept for _, kept in page.evaluate(KEPT, "#hand [data-card], #field [data-card], #log li"))
    assert page.evaluate(GONE) == []
    assert page.errors == []
    page.context.close()


# -- 2. the yaku panel's room at 1366×768 ---------------------------------------------------------

ROOM = """(input) => { const y = document.querySelector('#p-yaku').getBoundingClientRect(), i = document.querySelector(input);
  const r = i.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { yaku: y.height, yakuBottom: y.bottom, inputTop: r.top, inputBottom: r.bottom, inputSeen: hit === i, high: innerHeight }; }"""


def _roomy(page: Any, input_selector: str, case: str) -> None:
    room = page.evaluate(ROOM, input_selector)
    assert room["yaku"] >= 250 and room["yakuBottom"] <= room["high"], (case, room)
    assert room["inputTop"] >= 0 and room["inputBottom"] <= room["high"] and room["inputSeen"], (case, room)


def test_the_yaku_panel_keeps_250px_and_the_chat_input_stays_on_screen(server: Server, browser: Any) -> None:
    # a table of bots in a browser holding no name: the name is asked in the chat panel
    page = _open(browser, server, _bot_table(server, "hana-awase"), DESKTOP)
    page.wait_for_selector("#social #seat-name")
    _roomy(page, "#seat-name", "name asked in the chat panel")
    _roomy(page, "#chat-input", "name asked in the chat panel")
    page.context.close()
    # a long chat
    who = _name("Talker")
    key = _key(server, who)
    t = _social_table(server, key, game="hana-awase")
    page = _open(browser, server, t["you"]["path"], DESKTOP, player=(who, key))
    page.wait_for_selector("#chat-form")
    for i in range(8):
        page.fill("#chat-input", f"message {i}: " + "a long line of table talk that wraps over several lines " * 2)
        page.press("#chat-input", "Enter")
        page.wait_for_function(f"document.querySelectorAll('#chat-log li').length >= {i + 1}")
    _roomy(page, "#chat-input", "long chat")
    log = page.locator("#p-log").bounding_box()
    assert log is not None and log["height"] >= 48, log  # the log keeps its heading and a line
    page.context.close()
    # an invited friend: the name asked above the table
    t = _social_table(server, key, game="hana-awase", seats=[{"kind": "me"}, {"kind": "invite"}])
    page = _open(browser, server, str(t["seats"][1]["invite"]["path"]), DESKTOP, wait="#seat-name-box")
    page.wait_for_selector("#hand [data-card]")
    _roomy(page, "#seat-name", "name asked above the table")
    _roomy(page, "#chat-input", "name asked above the table")
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 8")
    assert page.errors == []
    page.context.close()


# -- 3. a phone's header in Japanese and Korean ---------------------------------------------------

SIDEWAYS = """() => ({ page: document.documentElement.scrollWidth - innerWidth,
  header: (() => { const h = document.querySelector('header.top'); return h.scrollWidth - h.clientWidth; })(),
  outside: [...document.querySelectorAll('header.top > *')].filter((e) => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; }).map((e) => e.textContent),
  scrollers: [...document.querySelectorAll('body *')].filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1).map((e) => e.id || e.className) })"""


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_phone_header_wraps_and_nothing_scrolls_sideways(server: Server, browser: Any, lang: str) -> None:
    page = _open(browser, server, _bot_table(server, "kwa-do") + f"&lang={lang}", PHONE, touch=True)
    assert page.evaluate("document.documentElement.lang") == lang
    found = page.evaluate(SIDEWAYS)
    assert found == {"page": 0, "header": 0, "outside": [], "scrollers": []}, found
    # every link and the language menu are on screen, and the field and the hand still fit
    assert page.locator("header.top a").count() >= 5 and page.locator("header.top #lang").is_visible()
    for region in ("field", "hand"):
        box = page.locator(f'[data-region="{region}"]').bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], (lang, region, box)
    page.locator('[data-tab="log"]').tap()
    assert page.evaluate(SIDEWAYS)["page"] == 0
    assert page.errors == []
    page.context.close()


# -- 4. a card's tag leaves its name readable -----------------------------------------------------

TAGGED = """() => [...document.querySelectorAll('#hand .card .tag')].map((t) => {
  const c = t.closest('.card').getBoundingClientRect(), r = t.getBoundingClientRect();
  return { card: t.closest('.card').dataset.card, text: t.textContent, top: (r.top - c.top) / c.height, bottom: (r.bottom - c.top) / c.height, height: r.height }; })"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_cards_tag_covers_neither_its_name_nor_its_badges(server: Server, browser: Any, lang: str) -> None:
    """Mushi's wild card (the willow lightning) in the hand carries a tag. The card face's name
    strip is its bottom 18% (y 156–184 of 190, web/cards_svg.py), its month and kind badges its top
    20% (y 4–37): the tag sits between them."""
    seed = next(s for s in range(500) if "willow-lightning" in Match("mushi", 2, seed=s).view(0).hand)
    page = _open(browser, server, _bot_table(server, "mushi", seed) + f"&lang={lang}", DESKTOP)
    page.wait_for_selector("#hand .card .tag")
    tags = page.evaluate(TAGGED)
    assert tags and any(t["card"] == "willow-lightning" for t in tags), tags
    for t in tags:
        assert t["text"] == messages(lang)["table.wild"] or t["text"] == messages(lang)["table.shown"], t
        assert t["top"] >= 37 / 190 and t["bottom"] <= 156 / 190 and t["height"] >= 8, t
    assert page.errors == []
    page.context.close()


# -- 5. a bot's turn: its seat is thinking --------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_bot_to_move_shows_thinking_in_the_pages_language(server: Server, browser: Any, lang: str) -> None:
    seed, played = _passing_play()
    page = _open(browser, server, _bot_table(server, "mushi", seed) + f"&lang={lang}", DESKTOP)
    page.wait_for_function(MY_TURN)
    assert page.locator("#seats .thinking").count() == 0  # the person's turn: nobody thinks
    page.evaluate(f"send({{ type: 'move', move: {played!r} }})")
    page.wait_for_function("S.view.to_move === 1")
    chip = page.locator('#seats .seat[data-seat="1"]')
    word = messages(lang)["table.thinking"]
    assert chip.locator(".thinking").inner_text() == word
    assert word in (chip.get_attribute("aria-label") or "")
    assert chip.locator(".thinking").is_visible()
    page.wait_for_function(MY_TURN)  # the bot moved: the word goes
    assert page.locator("#seats .thinking").count() == 0
    assert page.errors == []
    page.context.close()


# -- 6. two choices that read the same are told apart ---------------------------------------------

CHOICES = """() => [...document.querySelectorAll('#choice button[data-move]')].map((b) => {
  const img = b.querySelector('img.choice-card'), r = img ? img.getBoundingClientRect() : null;
  return { move: b.dataset.move, text: b.innerText, src: img ? img.getAttribute('src') : null,
           img: r ? [r.width, r.height] : null, pos: b.querySelector('.pos') ? b.querySelector('.pos').textContent : null }; })"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_two_choices_that_read_the_same_show_their_card_and_place(server: Server, browser: Any, scheme: str) -> None:
    """Mushi seed 119: seat 0 plays its pine chaff, the stock turns over a paulownia card that
    takes either of the field's two paulownia chaff — two choices of the same words. The bar
    passes axe-core (contrast included) in the light and the dark theme."""
    m = Match("mushi", 2, seed=119)
    m.play("play pine-chaff1")
    assert sorted(m.legal_moves()) == ["take paulownia-chaff2", "take paulownia-chaff3"]
    page = _open(browser, server, _bot_table(server, "mushi", 119), DESKTOP, scheme=scheme)
    page.wait_for_function(MY_TURN)
    page.evaluate("send({ type: 'move', move: 'play pine-chaff1' })")
    page.wait_for_function("S.view.legal.length === 2 && S.view.legal.every((m) => m.startsWith('take'))")
    page.wait_for_selector("#choice img.choice-card")
    choices = page.evaluate(CHOICES)
    field = page.evaluate("S.view.field")
    words = page.evaluate("W.legal.map((m) => m.choice || m.text)")
    assert len(choices) == 2 and words[0] == words[1], (words, choices)  # the words alone read the same
    for c in choices:
        code = c["move"].split()[-1]
        assert c["src"] is not None and f"/{code}.svg" in c["src"], c
        assert c["img"][1] >= 18, c  # a picture, not a speck
        assert c["pos"] == messages("en")["table.field_pos"].format(n=field.index(code) + 1), c
    assert choices[0]["text"] != choices[1]["text"], choices
    for c in choices:  # each button's accessible name: its words and its card's place, one button each
        assert page.get_by_role("button", name=f"{words[0]} {c['pos']}", exact=True).count() == 1, c
    assert _axe(page) == [], scheme
    # the second choice takes the second card, not the first
    took, left = choices[1]["move"].split()[-1], choices[0]["move"].split()[-1]
    page.locator("#choice button[data-move]").nth(1).click()
    page.wait_for_function(f"!S.view.field.includes({took!r})")
    assert left in page.evaluate("S.view.field")
    assert page.errors == []
    page.context.close()
