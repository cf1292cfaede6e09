# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The table page's last blockers found by a new player (issue 28, s41's findings), measured in
Debian's chromium as a person sees them:

- at 1366×768 and 1280×720 the chat's input and the Rematch button are whole inside the screen
  and on top (nothing covers them), with and without a turn clock, before and after the match's
  end: only the chat's history gives way (finding 1);
- a name refused (the address's account limit, 429) is said next to the box it was typed in, in
  the page's language, on a 390×844 phone: the invited friend's prompt and the lobby's (finding 2);
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import shot
from .server import Server
from .test_table_layout_s37 import _open as open_in
from .test_table_player import _key, _open, _social_table


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


def _whole(page: Any, sel: str, case: str) -> None:
    for size in SIZES:
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        box = page.evaluate(SEEN, sel)
        assert box is not None, (case, sel, size)
        box["err"] = page.evaluate("document.getElementById('chat-error').textContent"); box["parts"] = page.evaluate("[...document.querySelectorAll('#social > *, .side > *')].map((e) => [e.id || e.tagName, Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().height)])")
        assert box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= box["h"] and box["right"] <= box["w"], (case, sel, box["err"], str(box))
        assert box["onTop"], (case, sel, box)  # not under another panel, nor cut by its own
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1"), case  # the page itself never scrolls


def _talk(page: Any, lines: int) -> None:
    for i in range(lines):
        page.fill("#chat-input", f"line {i}: some table talk that wraps over the panel's width, twice over")
        page.press("#chat-input", "Enter")
        page.wait_for_function(f"document.querySelectorAll('#chat-log li').length >= {i + 1}")


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
    if clock:
        page.wait_for_selector("#clock-note")
    _talk(page, 5)  # a long chat: its history is what gives way
    _whole(page, "#chat-input", f"clock={clock}, playing")
    _whole(page, "#chat-form button[type=submit]", f"clock={clock}, playing")
    _to_the_end(page)
    page.wait_for_selector("#summary[open] .rematch-btn")
    page.click("#close-summary")
    page.wait_for_selector("#rematch")
    for sel in ("#rematch", "#chat-input"):
        _whole(page, sel, f"clock={clock}, match over")
    # the table's last notice over the chat (a clock's timeout says the move made: three lines)
    # and a refusal under the input (the chat's rate limit: two lines)
    page.evaluate("document.getElementById('chat-error').textContent = 'too many chat requests: at most 8 in a row, then one every 2 seconds; please wait 2 seconds'")
    page.evaluate("document.getElementById('social-notice').textContent = 'The turn clock ran out for Someone after 15 s: the Greedy bot moved for them: it played the Cherry Blossom Curtain and took the Cherry Blossom Poetry Ribbon.'")
    for sel in ("#rematch", "#chat-input", "#social-notice", "#chat-error"):
        _whole(page, sel, f"clock={clock}, match over, a notice")
    shot(page, f"s41-rematch-clock{clock or 0}-1280x720")
    # the panel's history keeps a line at least
    assert page.evaluate(SEEN, "#chat-input")["history"] >= 16
    assert page.errors == []
    page.context.close()


# -- 2. a refused name, said by its box ------------------------------------------------------------

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
