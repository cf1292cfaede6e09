# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The table page's last findings of a new player's walk (issue 28, s41's findings 1, 6 and 16),
measured in Debian's chromium as a person sees them:

- at 1366×768 and 1280×720 the chat's input and the Rematch button are whole inside the screen
  and on top (nothing covers them), with and without a turn clock, before and after the match's
  end, with the clock's timeout notice and an error said in the chat panel; the page never
  scrolls (finding 1);
- the turn clock's notice of a move made for this page's own seat says "you" (en, ja, ko), in the
  chat's notice and its history, also to a page opened afterwards; another seat's page names the
  seat; the log marks the line of a move the clock made, also after a reload (finding 16);
- a new deal glides no card: the deal's first question (a teyaku's expose or keep) is asked on a
  table at rest, no card over it (finding 6).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import shot
from .server import Server
from .test_table_player import _key, _open, _social_table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-s42")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.05, "--bot-only-rate", "0",
               "--tables-per-minute", "1000", "--lease-seconds", "3",
               "--rate-limits", "account=1000/1").start()
    yield s
    s.stop()


def _name(who: str) -> str:
    return f"{who}{random.randrange(10**6)}"


# -- 1. the chat's input and the Rematch button at 1366×768 and 1280×720 ----------------------------

# where an element is drawn, and whether a person sees it: the point at its middle hits it (not
# another panel over it, nor its own panel's clipped edge: a clipped part is not hit-tested)
SEEN = """(sel) => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const clip = e.closest('.panel'), c = clip ? clip.getBoundingClientRect() : { top: 0, bottom: innerHeight };
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, w: innerWidth, h: innerHeight,
    onTop: hit === e || e.contains(hit), inPanel: r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5,
    scrolls: document.documentElement.scrollHeight > innerHeight + 1, text: e.textContent }; }"""

SIZES = [{"width": 1366, "height": 768}, {"width": 1280, "height": 720}]
MARKED = "() => [...document.querySelectorAll('#log li')].filter((li) => li.querySelector('.by-clock')).map((li) => li.textContent)"


def _whole(page: Any, sel: str, case: str) -> dict[str, Any]:
    """``sel`` whole inside the screen and seen, at each desktop size; the page never scrolls."""
    box: dict[str, Any] = {}
    for size in SIZES:
        page.set_viewport_size(size)
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        box = page.evaluate(SEEN, sel)
        assert box is not None, (case, sel, size)
        where = (case, sel, size, box)
        assert box["height"] > 0 and box["top"] >= 0 and box["left"] >= 0, where
        assert box["bottom"] <= box["h"] and box["right"] <= box["w"], where
        assert box["inPanel"] and box["onTop"], where
        assert not box["scrolls"], where  # the page itself never scrolls: nothing below to scroll to
    return box


def _to_the_end(page: Any) -> None:
    for _ in range(200):
        page.wait_for_function("S.view.finished || (S.view.to_move === S.you && W.legal.length > 0)")
        if page.evaluate("S.view.finished"):
            return
        before = page.evaluate("S.log.length")
        page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"S.log.length > {before} || S.view.finished")
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("clock", [None, 15])
def test_the_chat_input_and_rematch_stay_on_screen_at_desktop_sizes(server: Server, browser: Any, clock: int | None) -> None:
    who = _name("Clocked" if clock else "Plain")
    key = _key(server, who)
    extra: dict[str, Any] = {"clock": clock} if clock else {}
    t = _social_table(server, key, options={"rounds": 1}, **extra)
    page = _open(browser, server, t["you"]["path"], SIZES[0], player=(who, key), wait="#chat-input")
    for sel in ("#chat-input", "#chat-form button[type=submit]"):
        _whole(page, sel, f"clock={clock}, playing")
    if clock:
        # the clock is said in the chat's heading, on its one line
        note = _whole(page, "#clock-note", "the clock's note")
        head = page.evaluate(SEEN, "#social-h")
        assert head["top"] <= note["top"] and note["bottom"] <= head["bottom"] and head["height"] <= 26, (note, head)
        assert "15 s a move" in note["text"], note
        assert page.get_attribute("#clock-note", "title") == "Turn clock: 15 seconds per move; then the Casual bot moves for the player."
        # nobody moves: the bot moves for this seat and the chat's notice says so
        page.wait_for_function("document.getElementById('social-notice').textContent.includes('turn clock ran out')", timeout=60_000)
        _whole(page, "#chat-input", "clock ran out")
        said = page.evaluate("document.getElementById('social-notice').textContent")
        assert said.startswith("The turn clock ran out for you after 15 s; Casual bot moved for you: ") and who not in said, said
        _whole(page, "#social-notice", "clock ran out")
        # the log marks the move the clock made, also once the page is opened again
        for _ in range(2):
            page.wait_for_function("document.querySelector('#log li .by-clock') !== null")
            marked = page.evaluate(MARKED)
            assert len(marked) == 1 and marked[0].startswith("You ") and marked[0].endswith(" (turn clock)"), marked
            page.reload()
            page.wait_for_selector("#chat-input")
    _to_the_end(page)
    page.wait_for_selector("#summary[open] .rematch-btn")
    page.click("#close-summary")
    page.wait_for_selector("#rematch")
    for sel in ("#rematch", "#chat-input"):
        _whole(page, sel, f"clock={clock}, match over")
    bar = page.evaluate(SEEN, ".tablebar")
    rematch = page.evaluate(SEEN, "#rematch")
    assert bar["top"] <= rematch["top"] and rematch["bottom"] <= bar["bottom"], (bar, rematch)  # in the table's bar
    # a refusal under the input (the chat's rate limit: two lines), and a long notice of the table
    page.evaluate("document.getElementById('chat-error').textContent = 'too many chat requests: at most 8 in a row, then one every 2 seconds; please wait 2 seconds'")
    page.evaluate("document.getElementById('social-notice').textContent = 'The turn clock ran out for you after 15 s; a bot moved for you: Cherry Curtain takes Cherry Poetry Ribbon, and the turned card Pine Chaff takes Pine Crane and Sun.'")
    for sel in ("#rematch", "#chat-input", "#chat-error", "#social-notice"):
        seen = _whole(page, sel, f"clock={clock}, match over, an error and a notice")
        if sel == "#social-notice":
            assert seen["height"] >= 36, seen  # two lines of it (the rest scrolls)
    shot(page, f"s42-rematch-clock{clock or 0}-1280x720")
    # Rematch still works from the bar
    page.click("#rematch")
    page.wait_for_url(lambda url: "/table/" in url and t["id"] not in url)
    page.wait_for_selector("#hand [data-card]")
    assert page.errors == []
    page.context.close()


# -- 2. the clock's notice for one's own seat says "you" --------------------------------------------

YOU = {"en": "The turn clock ran out for you after 15 s; Casual bot moved for you: ",
       "ja": "あなたの持ち時間（15秒）が切れたため、初級ボットが代わりに打ちました：",
       "ko": "내 시간(15초)이 다 되어 초급 봇이(가) 나 대신 두었습니다: "}
NOTICES = "() => [document.getElementById('social-notice').textContent, ...[...document.querySelectorAll('#chat-log li.system .text')].map((e) => e.textContent)]"


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_clock_notice_says_you_to_its_own_seat(server: Server, browser: Any, lang: str) -> None:
    """A host (in ``lang``) and an invited friend (in English); nobody moves: the seat to move runs
    out of time. Its own page says "you"; the other page names it."""
    host, friend = _name("Host"), _name("Friend")
    key, fkey = _key(server, host), _key(server, friend)
    t = _social_table(server, key, clock=15, seats=[{"kind": "me"}, {"kind": "invite"}])
    hp = _open(browser, server, t["you"]["path"] + f"&lang={lang}", SIZES[0], player=(host, key), wait="#chat-input")
    fp = _open(browser, server, str(t["seats"][1]["invite"]["path"]), SIZES[0], player=(friend, fkey), wait="#chat-input")
    hp.wait_for_function("S && S.view && S.view.to_move !== null")
    mover = hp.evaluate("S.view.to_move")
    own, other = (hp, fp) if mover == hp.evaluate("S.you") else (fp, hp)
    own_lang, name = (lang, host) if own is hp else ("en", friend)
    for page in (own, other):
        page.wait_for_function("document.querySelector('#chat-log li.system') !== null", timeout=60_000)
    said = own.evaluate(NOTICES)
    assert said[0].startswith(YOU[own_lang]) and said[1].startswith(YOU[own_lang]), said
    assert name not in said[0] and name not in said[1], said
    seen = other.evaluate(NOTICES)
    assert name in seen[1] and not seen[1].startswith(YOU[lang if other is hp else "en"]), seen  # another seat: named
    # a page opened afterwards (a reload) reads the stored notice the same way
    own.reload()
    own.wait_for_function("document.querySelector('#chat-log li.system') !== null")
    assert own.evaluate(NOTICES)[1] == said[1]
    # its log line is marked, in the page's words, after the reload too; the other page's as well
    mark = {"en": "(turn clock)", "ja": "（持ち時間切れ）", "ko": "(시간 초과)"}
    for page, in_lang in ((own, own_lang), (other, lang if other is hp else "en")):
        page.wait_for_function("document.querySelector('#log li .by-clock') !== null")
        marked = page.evaluate(MARKED)
        assert marked and all(m.endswith(mark[in_lang]) for m in marked), marked
    assert hp.errors == [] and fp.errors == []
    hp.context.close()
    fp.context.close()


# -- 3. a new deal: the table at rest when its first question (a teyaku decision) is asked ----------

GLIDING = "(() => document.getAnimations().filter((a) => a.effect && a.effect.target && a.effect.target.matches('.card, img[data-card]')).length)"
OVER_CHOICE = """(() => { const c = document.getElementById('choice').getBoundingClientRect();
  return [...document.querySelectorAll('#field .card, #hand .card, #pending .card, #captures img[data-card]')].filter((e) => {
    const r = e.getBoundingClientRect(); return r.width && r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top; }).length; })"""
# each state the page draws, once it has handled it (its glides started): its round, the cards gliding,
# the cards over the choices and the choices' words
WATCH = f"""() => {{ window.drawn = []; document.addEventListener('hanafuda:state', () => queueMicrotask(() =>
  window.drawn.push({{ round: S.view.round, gliding: {GLIDING}(), over: {OVER_CHOICE}(), choice: document.getElementById('choice').textContent }}))); }}"""


def test_a_new_deal_is_at_rest_when_its_decision_is_asked(server: Server, browser: Any) -> None:
    """Hana-Awase with teyaku: last round's cards no longer fly from its piles over the seat chips
    into the new deal (the teyaku's expose/keep was asked under them); a move still glides."""
    who = _name("Dealt")
    key = _key(server, who)
    t = _social_table(server, key, game="hana-awase", options={"rounds": 2, "teyaku": True})
    page = _open(browser, server, t["you"]["path"], SIZES[0], player=(who, key))
    for _ in range(80):  # round 1, to its end
        page.wait_for_function("S.view.phase === 'between-rounds' || (S.view.to_move === S.you && W.legal.length > 0)")
        if page.evaluate("S.view.phase === 'between-rounds'"):
            break
        before = page.evaluate("S.log.length")
        page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"S.log.length > {before} || S.view.phase === 'between-rounds'")
    moved = int(page.evaluate("Number(document.body.dataset.animated || 0)"))
    assert moved > 0  # round 1's moves glided
    page.wait_for_selector("#summary[open] #next-round")
    page.evaluate(WATCH)
    page.click("#summary[open] #next-round")
    page.wait_for_function("window.drawn.some((d) => d.round === 2)")
    deal = page.evaluate("window.drawn.find((d) => d.round === 2)")
    assert deal["gliding"] == 0 and deal["over"] == 0, deal  # the deal drawn at rest, nothing over the choices
    # a play of the new round glides as before (a teyaku decision first, if asked: it moves no card)
    for _ in range(5):
        page.wait_for_function("S.view.to_move === S.you && W.legal.length > 0")
        if page.evaluate("S.view.legal.some((m) => m.startsWith('play '))"):
            break
        before = page.evaluate("S.log.length")
        page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"S.log.length > {before}")
    glided = int(page.evaluate("Number(document.body.dataset.animated || 0)"))
    page.evaluate("send({ type: 'move', move: S.view.legal.find((m) => m.startsWith('play ')) })")
    page.wait_for_function(f"Number(document.body.dataset.animated || 0) > {glided}")
    assert page.errors == []
    page.context.close()
