"""What a new player reads in the lobby, at a quick-match table and in a replay (issue 28, walk41
findings 7, 9, 11 and 16), in a real browser: an open seat said in the page's language, one name
for one bot everywhere, the replay's round, a bots-only table from the lobby and "tap ?" on a
phone."""

from __future__ import annotations

import re
from typing import Any

import httpx

from .server import Server
from .test_lobby_browser import PHONE, browser, person, server

__all__ = ["browser", "server"]  # the module's fixtures, shared with the lobby's tests

OPEN = {"ja": "空席", "ko": "빈 자리"}


def quick_table(browser: Any, server: Server, who: str, lang: str) -> Any:
    """``who``'s page at a two-seat Koi-Koi quick table still waiting for a second person."""
    page = person(browser, server, who, path=f"/?lang={lang}")
    page.select_option("#quick-game", "koi-koi")
    page.select_option("#quick-players", "2")
    page.select_option("#quick-wait", "120")
    page.click("#quick-btn")
    page.wait_for_url(re.compile(r"/table/"))
    page.wait_for_selector("#seats [data-seat='1'] .name")
    return page


def test_an_open_seat_is_said_in_the_pages_language(server: Server, browser: Any) -> None:
    """Finding 11: at a quick table in Japanese the open seat's chip said "Open seat" and the turn
    line "Open seat（2番席）の番".  The seat is open (its flag, not its stored English name): the
    chip, the turn line, the log and the lobby's list say 空席 / 빈 자리; nothing says "Open seat"."""
    for lang, word in OPEN.items():
        page = quick_table(browser, server, f"Quick {lang}", lang)
        table_id = page.url.split("/table/")[1].split("?")[0]
        assert page.locator("#seats [data-seat='1'] .name").inner_text() == word
        page.wait_for_function("document.querySelector('#turn').textContent.trim() !== ''")
        felt = page.locator("body").inner_text()
        assert "Open seat" not in felt, felt
        # whose turn it is: the person's own, or the open seat's, said as one
        turn = page.locator("#turn").inner_text()
        if "2" in turn:
            assert word in turn, turn
        lobby = page.context.new_page()
        lobby.goto(f"{server.url}/?lang={lang}")
        row = lobby.locator(f"#tables li[data-table='{table_id}']")
        row.wait_for()
        assert f"Quick {lang}, {word}" in row.inner_text(), row.inner_text()
        listed = httpx.get(f"{server.url}/api/lobby/tables?lang={lang}").json()["tables"]
        names = [s["name"] for t in listed if t["id"] == table_id for s in t["seats"]]
        assert names == [f"Quick {lang}", word]
        # the stored name stays as it was (rows and pages that read it keep working)
        stored = httpx.get(f"{server.url}/api/tables/{table_id}").json()["seats"]
        assert stored[1]["name"] == "Open seat" and stored[1]["open"] is True
        # a second person takes the seat: from then on it is theirs, by their name
        other = person(browser, server, f"Join {lang}", PHONE, path=f"/?lang={lang}")
        other.select_option("#quick-game", "koi-koi")
        other.select_option("#quick-players", "2")
        other.select_option("#quick-wait", "120")
        other.click("#quick-btn")
        other.wait_for_url(re.compile(rf"/table/{table_id}"))
        page.wait_for_function("document.querySelector(\"#seats [data-seat='1'] .name\").textContent"
                               f" === 'Join {lang}'")
        assert word not in page.locator("#seats").inner_text()
        assert not page.errors, page.errors
        for p in (page, other):
            p.context.close()
