"""Issue 29 in chromium: the creator, seated at their table, opens the invitation they are about
to send — the page says whose seat it is and offers to copy the link, and the seat stays free
for the friend, whose own browser then takes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from .conftest import new_page
from .server import Server


def test_opening_a_friends_link_where_you_sit_says_whose_seat_it_is(tmp_path: Path, browser: Any) -> None:
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log", 0.05).start()
    try:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]
        t = httpx.post(server.url + "/api/tables", json={"game": "mushi", "seats": seats}).json()
        ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
        page = ctx.new_page()
        page.set_default_timeout(90_000)
        page.goto(server.url + t["seats"][0]["link"])
        page.locator("#hand .card").first.wait_for()  # Ann sits at seat 1
        page.goto(server.url + t["seats"][1]["link"])  # and checks Ben's invitation
        copy = page.locator("#error [data-copy-link]")
        copy.wait_for()
        said = page.locator("#error").inner_text()
        assert "Ben's seat" in said and "as Ann" in said, said
        copy.click()
        page.wait_for_function("document.querySelector('#error [data-copy-link]').textContent === 'Copied'")
        assert page.evaluate("navigator.clipboard.readText()") == server.url + t["seats"][1]["link"]
        assert page.locator("#hand .card").count() == 0  # Ben's hand was never shown here
        friend = new_page(browser)
        friend.goto(server.url + t["seats"][1]["link"])
        friend.locator("#hand .card").first.wait_for()  # Ben's own browser takes the seat
        ctx.close()
    finally:
        server.stop()
