"""Moderation in real browsers (issue 29, "Admin"), against a real ``hanafuda serve``: a player
reports a chat line from the table page; the admin page (an account granted the admin role by
``hanafuda admin grant``) shows the report; the admin removes the line and the other player's page
sees it vanish; a name the admin page bans cannot sign in at its next try.  Screenshots go to
tests/web/artifacts/admin-*.png."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from hanafuda.cli import app

from .conftest import ARTIFACTS, new_page
from .server import Server

TALL = {"width": 1000, "height": 1000}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("admin")
    old = os.environ.get("HANAFUDA_RATE_LIMITS")
    os.environ["HANAFUDA_RATE_LIMITS"] = "create=200/0.1,chat=50/0.1,account=100/0.1"
    try:
        s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", bot_pause=0.0).start()
    finally:
        if old is None:
            os.environ.pop("HANAFUDA_RATE_LIMITS", None)
        else:
            os.environ["HANAFUDA_RATE_LIMITS"] = old
    yield s
    s.stop()


def post(server: Server, path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    r = httpx.post(server.url + path, json=body, headers=headers or {}, timeout=30)
    assert r.status_code in (200, 201), r.text
    return r.json()


def test_report_remove_and_ban_in_the_browser(server: Server, browser: Any) -> None:
    post(server, "/api/social/accounts", {"name": "Mod", "password": "moderator pass"})
    post(server, "/api/social/accounts", {"name": "Bea", "password": "bea's password"})
    granted = CliRunner().invoke(app, ["admin", "grant", "Mod", "--db", server.db_url])
    assert granted.exit_code == 0, granted.output
    ann = post(server, "/api/social/names", {"name": "Ann"})
    bob = post(server, "/api/social/names", {"name": "Bob"})
    t = post(server, "/api/social/tables", {"game": "mushi", "players": 2,
                                            "seats": [{"kind": "me"}, {"kind": "open"}]},
             {"x-player-key": ann["key"]})
    bob_link = post(server, f"/api/social/tables/{t['id']}/join", {}, {"x-player-key": bob["key"]})["link"]

    # a window where the chat shows its lines (on a wide desktop the panel gives way to the game's)
    ann_page, bob_page = new_page(browser, viewport=TALL), new_page(browser, viewport=TALL)
    ann_page.goto(server.url + t["you"]["path"])
    bob_page.goto(server.url + bob_link)
    for page in (ann_page, bob_page):
        page.wait_for_selector("#chat-input")
    ann_page.fill("#chat-input", "a line to report")
    ann_page.press("#chat-input", "Enter")
    line = bob_page.wait_for_selector("#chat-log li:has-text('a line to report')")
    chat_id = line.get_attribute("data-id")
    assert chat_id and ann_page.locator(f"#chat-log li[data-id='{chat_id}'] .report-line").count() == 0
    line.query_selector(".report-line").click()  # type: ignore[union-attr]
    bob_page.fill("#report-reason", "insulting")
    bob_page.click("#report-send")
    thanks = "your report went to the moderators"
    bob_page.wait_for_function("(s) => document.getElementById('social-notice').textContent.includes(s)",
                               arg=thanks)
    assert not bob_page.eval_on_selector("#report-form", "(d) => d.open")

    admin_page = new_page(browser)
    admin_page.goto(server.url + "/admin")
    admin_page.wait_for_url("**/account?next=/admin")  # not signed in: sent to sign in
    admin_page.fill("#login-name", "Mod")
    admin_page.fill("#login-pass", "moderator pass")
    admin_page.click("#login button[type=submit]")
    admin_page.wait_for_url("**/admin")  # signed in: sent on to the page that asked
    report = admin_page.wait_for_selector("#reports li[data-report]")
    assert "Bob reports Ann" in report.text_content() and "a line to report" in report.text_content()
    assert "insulting" in report.text_content()
    admin_page.screenshot(path=str(ARTIFACTS / "admin-page.png"), full_page=True)
    admin_page.click(f"#chat li[data-chat='{chat_id}'] button")
    for page in (ann_page, bob_page):  # gone live from both pages
        page.wait_for_selector(f"#chat-log li[data-id='{chat_id}']", state="detached")
    admin_page.wait_for_selector(f"#chat li[data-chat='{chat_id}']", state="detached")
    admin_page.click("#reports li[data-report] button")
    admin_page.wait_for_selector("#reports li[data-report]", state="detached")

    admin_page.fill("#ban-name", "Bea")
    admin_page.fill("#ban-reason", "cheating")
    admin_page.fill("#ban-for", "7d")
    admin_page.click("#ban-add")
    admin_page.wait_for_selector("#bans li[data-ban]:has-text('Bea')")
    bea = new_page(browser)
    bea.goto(server.url + "/account")
    bea.fill("#login-name", "Bea")
    bea.fill("#login-pass", "bea's password")
    bea.click("#login button[type=submit]")
    bea.wait_for_function("() => document.getElementById('error').textContent.includes('banned')")
    assert "cheating" in bea.text_content("#error")
    bea.screenshot(path=str(ARTIFACTS / "admin-banned-sign-in.png"), full_page=True)
    # the admin closes the table: both pages say so in words, the chat keeps the notice
    admin_page.fill("#close-reason", "end of the test")
    admin_page.click(f"#tables li[data-table='{t['id']}'] button")
    admin_page.wait_for_selector(f"#tables li[data-table='{t['id']}']", state="detached")
    for page in (ann_page, bob_page):
        page.wait_for_function("(s) => document.getElementById('social-notice').textContent === s",
                               arg="A moderator closed this table: end of the test")
        assert page.eval_on_selector("body", "(b) => b.dataset.tableClosed") == "1"
        assert page.text_content("#turn") == "This table has ended: no more moves."  # not "… to move"
    ann_page.screenshot(path=str(ARTIFACTS / "admin-closed-table.png"), full_page=True)
    for page in (ann_page, bob_page, admin_page, bea):
        page.close()
