"""Browser tests: Playwright's Python API driving Debian's chromium (never a downloaded browser).

Screenshots go to tests/web/artifacts/ (gitignored).  Locally the tests skip when
/usr/bin/chromium is missing; in CI (CI=true) they fail instead.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import ARTIFACTS, need
from .server import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("browser")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", bot_pause=0.05).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need(os.path.exists(CHROMIUM), f"{CHROMIUM} is missing (scripts/test installs Debian's chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        need(False, "the playwright Python package is missing")
        raise
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


TIMEOUT_MS = 90_000
"""Generous: on a loaded machine a page may take long; a healthy run takes well under a second."""


def new_page(browser: Any, **kwargs: Any) -> Any:
    page = browser.new_page(**kwargs)
    page.set_default_timeout(TIMEOUT_MS)
    return page


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def take_turn(page: Any) -> bool:
    """Make one move by clicking, if one is due; True if a move was sent."""
    hand = page.locator("#hand .card.legal")
    targets = page.locator("#field .card.target")
    if hand.count():
        hand.first.click()
        if page.locator("#choice button").count():  # several moves with this card
            if targets.count():
                targets.first.click()
            else:
                page.locator("#choice button").first.click()
        return True
    if targets.count():  # choosing what the turned-over card takes
        targets.first.click()
        return True
    moves = page.locator("#moves button")
    if moves.count():  # teyaku: expose / keep
        moves.first.click()
        return True
    return False


def test_create_a_table_against_a_bot_and_play_a_round_by_clicking(server: Server, browser: Any) -> None:
    page = new_page(browser, viewport={"width": 1200, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#opt-rounds")
    for game in httpx.get(server.url + "/api/games").json()["games"]:  # every option is offered
        page.select_option("#game", game["id"])
        assert page.locator("#options label.opt").count() == len(game["options"])
        for option in game["options"]:
            assert option["help"] in page.locator(f"#opt-{option['name']} >> xpath=..").inner_text()
    page.select_option("#game", "mushi")
    page.select_option("#seat-1", "bot:greedy")
    page.fill("#seat-name-0", "Tester")
    page.fill("#opt-rounds", "1")
    shot(page, "lobby")
    page.click("#create-btn")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand .card")
    shot(page, "table-start")
    deadline = time.monotonic() + 300
    moved = 0
    while not page.locator("#summary[open]").count():
        assert time.monotonic() < deadline, "the round did not end"
        if page.locator("#turn").inner_text().startswith("Your turn") and take_turn(page):
            moved += 1
            if moved == 4:
                page.wait_for_timeout(300)
                shot(page, "table-midround")
        page.wait_for_timeout(120)
    assert moved >= 8
    shot(page, "round-summary")
    assert "Match over" in page.locator("#summary-h").inner_text()
    page.close()


def test_two_people_in_two_browser_contexts(server: Server, browser: Any) -> None:
    t = httpx.post(server.url + "/api/tables", json={
        "game": "hawaiifuda", "players": 2, "seed": 11,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]}).json()
    pages = []
    for seat in t["seats"]:
        ctx = browser.new_context(viewport={"width": 420, "height": 860})  # phone-sized
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.goto(server.url + seat["link"])
        page.wait_for_selector("#hand .card")
        pages.append(page)
    for _ in range(6):
        mover = next(p for p in pages if p.locator("#turn").inner_text().startswith("Your turn"))
        before = pages[0].locator("#log li").count()
        assert take_turn(mover)
        for p in pages:
            p.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    logs = [p.locator("#log").inner_text() for p in pages]
    assert logs[0] == logs[1] and logs[0].count("\n") >= 5
    hands = [set(p.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.code)")) for p in pages]
    assert hands[0].isdisjoint(hands[1])
    shot(pages[0], "two-people-seat1-phone")
    shot(pages[1], "two-people-seat2-phone")
    for p in pages:
        p.context.close()


def test_a_replay_stepped_through(server: Server, browser: Any) -> None:
    t = httpx.post(server.url + "/api/tables", json={
        "game": "mushi", "players": 2, "seed": 2, "options": {"rounds": 1},
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]}).json()
    deadline = time.monotonic() + 300
    while httpx.get(f"{server.url}/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page = new_page(browser, viewport={"width": 1200, "height": 900})
    page.goto(f"{server.url}/replay/{t['id']}")
    page.wait_for_selector("#viewer:not([hidden])")
    assert page.locator("#pos").inner_text().startswith("1 /")
    for _ in range(5):
        page.click("#fwd")
    assert page.locator("#pos").inner_text().startswith("6 /")
    page.click("#back")
    assert page.locator("#pos").inner_text().startswith("5 /")
    assert page.locator("#hands .card").count() > 0  # all hands open after the match
    page.select_option("#perspective", "0")
    shot(page, "replay-seat0")
    page.click("#last")
    assert "winner" in page.locator("#scores").inner_text()
    shot(page, "replay-end")
    record = httpx.get(f"{server.url}/api/tables/{t['id']}/record").json()
    assert Path(ARTIFACTS).exists() and record["game"] == "mushi"
    page.close()


def test_kwa_do_calls_out_a_bright_capture(server: Server, browser: Any) -> None:
    """Kwa-Dō with declarations: play a round by clicking; "Kwa-Dō!" shows when a bright is taken."""
    t = httpx.post(server.url + "/api/tables", json={
        "game": "kwa-do", "players": 2, "seed": 4, "options": {"rounds": 1, "yaku": True},
        "theme": "kwa-do", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
    page = new_page(browser, viewport={"width": 1000, "height": 900})
    page.goto(server.url + t["seats"][0]["link"])
    page.wait_for_selector("#hand .card")
    deadline = time.monotonic() + 300
    called = ""
    while not page.locator("#summary[open]").count():
        assert time.monotonic() < deadline, "the round did not end"
        if page.locator("#turn").inner_text().startswith("Your turn"):
            take_turn(page)
        if page.locator(".toast").count() and not called:
            called = page.locator(".toast").inner_text()
            shot(page, "kwa-do-call")
        page.wait_for_timeout(100)
    assert page.evaluate("document.body.dataset.kwaDoCalls")  # the call was made (it shows 1.6 s)
    assert called in ("", "Kwa-Dō!")
    shot(page, "kwa-do-summary")
    page.close()
