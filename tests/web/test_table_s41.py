# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The table page's last blockers found by a new player (issue 28, s41's findings), measured in
Debian's chromium as a person sees them:

- at 1366×768 and 1280×720 the chat's input and the Rematch button are whole inside the screen
  and on top (nothing covers them), with and without a turn clock, before and after the match's
  end: only the chat's history gives way (finding 1);
- a name refused (the address's account limit, 429) is said next to the box it was typed in, in
  the page's language, on a 390×844 phone: the invited friend's prompt and the lobby's (finding 2);
- a seat link already opened in another browser: no reconnecting, no empty table, but a way to
  watch the table (its spectator link) and one to the lobby (finding 4);
- the table's bar says how long the match is: "Round 1 of 12" /「第1回（全12回）」, a target score
  when one ends the match (finding 8);
- the Kwa-Dō call「クワドー！」on a 390×844 phone: one line, over the felt, not over the tabs
  (finding 12);
- another player's turn says whose it is, not "Waiting for the other players…"; a phone's
  captures hint says "tap", not "click" (finding 16).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import shot
from .server import Server
from .test_table_layout_s37 import _open as open_in
from .test_table_player import _key, _social_table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-s41")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.05, "--bot-only-rate", "0",
               "--tables-per-minute", "1000", "--lease-seconds", "3",
               "--rate-limits", "account=1000/1").start()
    yield s
    s.stop()


def _name(who: str) -> str:
    return f"{who}{random.randrange(10**6)}"


# -- 1. the chat's input and the Rematch button at 1366×768 and 1280×720 ----------------------------

SEEN = """(sel) => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight, onTop: hit === e || e.contains(hit),
    history: document.getElementById('chat-log').getBoundingClientRect().height }; }"""

SIZES = [{"width": 1366, "height": 768}, {"width": 1280, "height": 720}]


PHONE = {"width": 390, "height": 844}
REFUSAL = {"en": "too many account requests", "ja": "リクエストが多すぎます", "ko": "요청이 너무 많습니다"}

BY_THE_BOX = """([box, msg]) => { const i = document.querySelector(box).getBoundingClientRect(), e = document.querySelector(msg);
  const r = e.getBoundingClientRect(), hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
  return { gap: r.top - i.bottom, top: r.top, bottom: r.bottom, left: r.left, right: r.right, h: innerHeight, w: innerWidth,
    onTop: hit === e || e.contains(hit), text: e.textContent }; }"""


def _said_by(page: Any, box: str, msg: str, lang: str) -> None:
    page.wait_for_function(f"document.querySelector({msg!r}) && document.querySelector({msg!r}).textContent.length > 0")
    seen = page.evaluate(BY_THE_BOX, [box, msg])
    assert REFUSAL[lang] in seen["text"], seen  # why, in the page's language
    assert 0 <= seen["gap"] <= 60, seen  # right under the box typed in
    assert seen["top"] >= 0 and seen["bottom"] <= seen["h"] and seen["left"] >= 0 and seen["right"] <= seen["w"], seen
    assert seen["onTop"], seen


@pytest.fixture(scope="module")
def tight(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose address may take one name in ten minutes: the host's; every later one is
    refused (a household's sixth name in a minute, with the default 5/60)."""
    tmp = tmp_path_factory.mktemp("table-s41-tight")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.05, "--bot-only-rate", "0",
               "--tables-per-minute", "1000", "--lease-seconds", "3", "--rate-limits", "account=1/600").start()
    yield s
    s.stop()


def test_a_refused_name_is_said_by_its_box_in_the_pages_language(tight: Server, browser: Any) -> None:
    key = _key(tight, "Host")
    for lang in ("en", "ja", "ko"):
        t = _social_table(tight, key, game="koi-koi", seats=[{"kind": "me"}, {"kind": "invite"}])
        page = open_in(browser, tight, str(t["seats"][1]["invite"]["path"]), PHONE, touch=True, lang=lang, wait="#seat-name-box #seat-name")
        page.fill("#seat-name", "Grandma")
        page.click("#seat-name-form button[type=submit]")
        _said_by(page, "#seat-name-form", "#seat-name-error", lang)
        assert page.locator("#seat-name-box").is_visible()  # the box stays, to try again
        assert page.evaluate("document.getElementById('chat-error').textContent") == ""  # said once, by the box
        shot(page, f"s41-name-refused-friend-{lang}")
        page.context.close()
    # the lobby's name box, in Japanese
    page = open_in(browser, tight, "/", PHONE, touch=True, lang="ja", wait="#name-form:not([hidden]) #name-input")
    page.fill("#name-input", "Grandpa")
    page.click("#name-form button[type=submit]")
    _said_by(page, "#name-form", "#name-error", "ja")
    shot(page, "s41-name-refused-lobby-ja")
    assert page.errors == []
    page.context.close()


# -- 3. a seat link opened elsewhere: watch instead, or the lobby ----------------------------------

def _two_seats(server: Server, game: str = "koi-koi", **extra: Any) -> dict[str, Any]:
    r = httpx.post(server.url + "/api/tables", json={"game": game, "players": 2, "seed": 3, **extra,
                                                     "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    return t


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_claimed_seat_link_offers_to_watch_and_does_not_reconnect(server: Server, browser: Any, lang: str) -> None:
    t = _two_seats(server)
    link = str(t["seats"][0]["link"])
    first = open_in(browser, server, link, SIZES[0], lang=lang)  # the browser that took the seat
    page = open_in(browser, server, link, SIZES[0], lang=lang, wait=None)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.wait_for_selector("#claimed-ways #watch-instead")
    time.sleep(3)  # a reconnect would have come by now (its first wait is 0.5 s)
    assert len(sockets) <= 1, sockets
    seen = page.evaluate("""() => ({ error: document.getElementById('error').textContent, offline: document.getElementById('offline').hidden,
      grid: getComputedStyle(document.querySelector('.tp-grid')).display, hand: document.getElementById('hand').getBoundingClientRect().height,
      watch: document.getElementById('watch-instead').textContent, href: document.getElementById('watch-instead').getAttribute('href'),
      lobby: document.getElementById('to-lobby').textContent, lobbyHref: document.getElementById('to-lobby').getAttribute('href') })""")
    assert "Ann" in seen["error"] and seen["offline"] and seen["grid"] == "none" and seen["hand"] == 0, seen
    assert seen["href"] == f"/table/{t['id']}?token={t['spectator_token']}", seen  # the table without the seat's token
    assert seen["lobbyHref"] == "/", seen
    words = {"en": ("Watch this table", "Go to the lobby"), "ja": ("この卓を観戦する", "ロビーへ戻る")}[lang]
    assert (seen["watch"], seen["lobby"]) == words, seen
    for sel in ("#watch-instead", "#to-lobby"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["height"] >= 30 and 0 <= box["y"] and box["y"] + box["height"] <= SIZES[0]["height"], (sel, box)
    shot(page, f"s41-claimed-{lang}")
    page.click("#watch-instead")
    page.wait_for_selector("#seats .seat")
    page.wait_for_function("document.getElementById('turn').textContent.length > 0")
    assert t["spectator_token"] in page.url
    watching = {"en": "watching", "ja": "観戦中"}[lang]
    assert watching in page.inner_text("#turn")
    assert page.errors == [] and first.errors == []
    page.context.close()
    first.context.close()


# -- 4. the match's length in the bar ---------------------------------------------------------------

ROUND = "() => document.getElementById('round').textContent"


@pytest.mark.parametrize(("game", "options", "lang", "said"), [
    ("koi-koi", {}, "en", "Round 1 of 12"),
    ("koi-koi", {}, "ja", "第1回（全12回）"),
    ("koi-koi", {}, "ko", "1판 (전체 12판)"),
    ("hana-awase", {"rounds": 3}, "en", "Round 1 of 3"),
    ("kwa-do", {}, "en", "Round 1 · first to 200"),
    ("kwa-do", {}, "ja", "第1回 · 目標200点"),
])
def test_the_bar_says_how_long_the_match_is(server: Server, browser: Any, game: str, options: dict[str, Any], lang: str, said: str) -> None:
    players = 4 if game == "kwa-do" else 2
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    r = httpx.post(server.url + "/api/tables", json={"game": game, "players": players, "seed": 3, "options": options, "seats": seats})
    assert r.status_code == 201, r.text
    page = open_in(browser, server, str(r.json()["seats"][0]["link"]), SIZES[0], lang=lang)
    for _ in range(50):
        if page.evaluate(ROUND) == said:
            break
        page.wait_for_timeout(100)
    assert page.evaluate(ROUND) == said
    box, bar = page.locator("#round").bounding_box(), page.locator(".tablebar").bounding_box()
    assert box is not None and bar is not None and box["width"] > 0, box
    assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"] and bar["height"] <= 44, (box, bar)  # in the bar, one line
    assert page.errors == []
    page.context.close()


# -- 5. the Kwa-Dō call on a phone -------------------------------------------------------------------

CALL = """(text) => { W.log.push({ kind: 'play', seat: 1, cards: [], calls: [text] }); callOut();
  const t = document.querySelector('.toast'), r = t.getBoundingClientRect(), tabs = document.getElementById('tabs').getBoundingClientRect();
  const line = parseFloat(getComputedStyle(t).lineHeight) || parseFloat(getComputedStyle(t).fontSize) * 1.3;
  const cs = getComputedStyle(t), inner = r.height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
  return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom, inner, line, w: innerWidth,
    whole: t.scrollWidth <= t.clientWidth, overTabs: !(r.bottom <= tabs.top || r.top >= tabs.bottom), inFelt: !!t.closest('.felt') }; }"""


@pytest.mark.parametrize(("lang", "call"), [("ja", "クワドー！"), ("ko", "과도!"), ("en", "Kwa-Dō!")])
def test_the_kwa_do_call_is_one_line_over_the_felt_on_a_phone(server: Server, browser: Any, lang: str, call: str) -> None:
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "greedy"}] * 3
    r = httpx.post(server.url + "/api/tables", json={"game": "kwa-do", "players": 4, "seed": 3, "seats": seats})
    assert r.status_code == 201, r.text
    page = open_in(browser, server, str(r.json()["seats"][0]["link"]), PHONE, touch=True, lang=lang, scheme="dark")
    page.click("#tab-yaku")  # the finding's moment: the Yaku panel open under the tabs
    page.wait_for_timeout(200)
    seen = page.evaluate(CALL, call)
    assert seen["text"] == call and seen["inFelt"], seen
    assert seen["inner"] <= seen["line"] * 1.2, seen  # one line
    assert seen["whole"] and seen["left"] >= 0 and seen["right"] <= seen["w"], seen
    assert not seen["overTabs"], seen
    shot(page, f"s41-kwa-do-call-{lang}")
    assert page.errors == []
    page.context.close()


# -- 6. another player's turn, and a phone's "tap" ---------------------------------------------------

def test_another_players_turn_says_whose_and_a_phone_says_tap(server: Server, browser: Any) -> None:
    key = _key(server, _name("Host"))
    for lang in ("en", "ja"):
        # the invited friend's page while the host (seat 1, who deals first in Koi-Koi) is to play
        t = _social_table(server, key, game="koi-koi", seats=[{"kind": "me"}, {"kind": "invite"}])
        page = open_in(browser, server, str(t["seats"][1]["invite"]["path"]), PHONE, touch=True, lang=lang, wait="#seats .seat")
        for _ in range(100):  # (the friend's turn first: it plays, then it is the host's)
            if page.evaluate("() => !!S && S.view.to_move !== null && S.view.to_move !== S.you"):
                break
            if page.evaluate("() => !!S && myTurn()"):
                page.evaluate("() => send({ type: 'move', move: S.view.legal[0] })")
            page.wait_for_timeout(150)
        assert page.evaluate("() => [S.view.to_move, S.you]") and page.evaluate("() => S.view.to_move !== S.you"), page.evaluate("() => [S.view.to_move, S.you, S.view.phase]")
        page.wait_for_timeout(200)
        seen = page.evaluate("() => ({ choice: document.getElementById('choice').textContent, turn: document.getElementById('turn').textContent, "
                             "hint: document.querySelector('[data-t=\"table.captures_hint\"]').textContent })")
        assert seen["choice"] and seen["choice"] in seen["turn"], seen  # whose turn it is, as the bar says it
        assert "Waiting" not in seen["choice"] and "待って" not in seen["choice"], seen
        assert seen["hint"] == {"en": "(tap a side for its cards)", "ja": "（陣営をタップで札を表示）"}[lang], seen
        assert page.errors == []
        page.context.close()
