"""What a new player reads in the lobby, at a quick-match table and in a replay (issue 28, walk41
findings 7, 9, 11 and 16), in a real browser: an open seat said in the page's language, one name
for one bot everywhere, the replay's round, a bots-only table from the lobby and "tap ?" on a
phone."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx

from .conftest import ARTIFACTS
from .server import Server
from .test_lobby_browser import DESKTOP, PHONE, browser, person, server

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


BOT_NAME = {"en": "Casual bot", "ja": "初級ボット", "ko": "초급 봇"}
"""The greedy bot's one name: its level's (agents/levels.py, "casual")."""


def test_one_bot_has_one_name_from_the_lobby_menu_to_the_log(server: Server, browser: Any) -> None:
    """Finding 9: the seat menu said "Greedy bot", the line under it "Casual: …", the newcomer
    panel "the Casual bot", the newcomer's table "가볍게 봇" and the clock help "the greedy bot".
    A table made the way the lobby makes it (its menu, and the newcomer's button) names the bot
    as the menu did: in the menu, its description, the newcomer panel, the clock help, the seat
    chip, the log and the lobby's list, in English, Japanese and Korean."""
    for lang, bot in BOT_NAME.items():
        page = person(browser, server, f"Names {lang}", path=f"/?lang={lang}")
        page.select_option("#game", "koi-koi")
        page.select_option("#seat-1", "bot:greedy")
        menu = page.locator("#seat-1 option:checked").inner_text()
        said = page.locator("#seats .seatrow").nth(1).locator(".bot-help").inner_text()
        assert menu == bot and said.startswith(f"{bot}: "), (menu, said)
        assert bot in page.locator("#first-game").inner_text()  # the newcomer panel's bot
        assert bot in page.locator("label:has(#clock) .help").inner_text()
        page.click("#create button[type=submit]")
        page.wait_for_url(re.compile(r"/table/"))
        table_id = page.url.split("/table/")[1].split("?")[0]
        chip = page.locator("#seats [data-seat='1'] .name")
        chip.wait_for()
        assert chip.inner_text() == bot
        log = page.locator("#log")
        for _ in range(20):  # the bot's first move in the log (after the person's, when theirs comes first)
            if bot in log.inner_text():
                break
            hand = page.locator("#hand button[data-card]:not([disabled])")
            if hand.count() and page.locator("#seats [data-seat='0'].to-move").count():
                hand.first.click()
                if page.locator("#choice button[data-move^='play ']").count():
                    page.locator("#choice button[data-move^='play ']").first.click()
            page.wait_for_timeout(300)
        assert bot in log.inner_text(), log.inner_text()
        listed = httpx.get(f"{server.url}/api/lobby/tables?lang={lang}").json()["tables"]
        assert [s["name"] for t in listed if t["id"] == table_id for s in t["seats"]][1] == bot
        # the newcomer's button: a table against the level "casual", the same bot, the same name
        page.goto(f"{server.url}/?lang={lang}")
        page.evaluate("localStorage.removeItem('hf-tables')")
        page.reload()
        page.wait_for_selector("#first-play")
        page.click("#first-play")
        page.wait_for_url(re.compile(r"/table/"))
        page.locator("#seats [data-seat='1'] .name").wait_for()
        assert page.locator("#seats [data-seat='1'] .name").inner_text() == bot
        assert not page.errors, page.errors
        page.context.close()


ROUND_OF = {"en": "Round 3 of 4", "ja": "第3回（全4回）", "ko": "3판 (전체 4판)"}


def finished_rounds(server: Server, rounds: int) -> str:
    """A finished Koi-Koi match of ``rounds`` rounds between two bots: its table id."""
    made = httpx.post(server.url + "/api/tables", json={
        "game": "koi-koi", "players": 2, "seed": 5, "options": {"rounds": rounds},
        "seats": [{"kind": "bot", "bot": "greedy"}] * 2}).json()
    for _ in range(600):
        if httpx.get(f"{server.url}/api/tables/{made['id']}").json()["status"] == "finished":
            return str(made["id"])
        time.sleep(0.2)
    raise AssertionError("the bots' match did not finish")


def test_a_replay_says_which_round_and_the_scores_so_far(server: Server, browser: Any) -> None:
    """Finding 7: a multi-round replay said "71 / 155" and nothing of the round.  Stepping into
    round 3 of 4 reads "Round 3 of 4" (ja, ko too); the round picker jumps to a round's deal; the
    slider carries one mark per round's start; the totals are those of that position, with the
    two rounds scored so far listed (their scores add up to the totals)."""
    table_id = finished_rounds(server, 4)
    frames = httpx.get(f"{server.url}/api/tables/{table_id}/replay").json()["frames"]
    starts = [i for i, f in enumerate(frames)
              if not i or f["view"]["round"] != frames[i - 1]["view"]["round"]]
    assert len(starts) == 4
    for lang, said in ROUND_OF.items():
        ctx = browser.new_context(viewport={"width": 1366, "height": 768})
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(f"{server.url}/replay/{table_id}?lang={lang}")
        page.wait_for_selector("#viewer:not([hidden]) #hands .seatbox")
        marks = page.locator("#round-marks option").evaluate_all("os => os.map((o) => Number(o.value))")
        assert marks == starts
        page.select_option("#round-pick", "3")
        assert page.locator("#slider").input_value() == str(starts[2])
        assert page.locator("#round").inner_text() == said
        page.click("#fwd")  # a move into round 3: still round 3
        assert page.locator("#round").inner_text() == said
        scored = page.locator("#round-scores li").all_inner_texts()
        assert len(scored) == 2, scored  # rounds 1 and 2, not the rounds still to come
        totals = frames[starts[2] + 1]["view"]["totals"]
        sums = [sum(r["scores"][s] for r in frames[starts[2]]["summaries"]) for s in range(2)]
        assert sums == totals
        line = page.locator("#scores").inner_text().replace("\u2212", "-")  # the words' minus sign
        assert all(f" {t}" in line for t in totals), (line, totals)
        page.screenshot(path=str(ARTIFACTS / f"lobby42-replay-round3-{lang}.png"))
        page.click("#back")
        page.click("#back")  # back over round 3's deal: round 2's last position
        assert page.locator("#round").inner_text() != said
        assert page.locator("#round-pick").input_value() == "2"
        assert not errors, errors
        ctx.close()


def test_a_bots_only_table_from_the_lobby_is_watched_not_snapped_back(server: Server, browser: Any) -> None:
    """Finding 16: choosing a bot for seat 1 silently snapped back to "You".  The choice stays; the
    line by the menus says the bots play and you watch, Rated is off, and the table opens as the
    creator's view (no seat of yours).  Without a seat of yours but with a person's seat, the same
    line says why the table cannot be made, and Create says it again instead of sending."""
    page = person(browser, server, "Watcher")
    page.select_option("#game", "koi-koi")
    page.select_option("#seat-0", "bot:greedy")
    assert page.locator("#seat-0").input_value() == "bot:greedy"
    note = page.locator("#seats-note")
    assert note.inner_text() == ("No seat is yours: the bots play and you watch "
                                 "(unrated; you can stop the table).")
    assert page.locator("#rated").is_disabled() and not page.locator("#rated").is_checked()
    page.locator("#seats").screenshot(path=str(ARTIFACTS / "lobby42-bots-only.png"))
    page.select_option("#seat-1", "invite")
    assert "needs a bot at every seat" in note.inner_text() and note.get_attribute("class") == "error"
    page.click("#create button[type=submit]")
    assert "needs a bot at every seat" in page.locator("#create-error").inner_text()
    assert "/table/" not in page.url
    page.select_option("#seat-1", "bot:strong")
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(r"/table/"))
    page.locator("#seats [data-seat='1'] .name").wait_for()
    assert page.locator("#seats .seat.you").count() == 0  # watching: no seat of yours
    names = [page.locator(f"#seats [data-seat='{i}'] .name").inner_text() for i in (0, 1)]
    assert names == ["Casual bot", "Strong bot"], names
    assert not page.errors, page.errors
    page.context.close()


def test_the_newcomer_panel_says_tap_on_a_touch_screen(server: Server, browser: Any) -> None:
    """Finding 16: on a phone the lobby said "press ? for help" ("? キーで説明"); the table has a ?
    button there, so a touch screen reads "tap ?" (ja タップ), a desktop still "press ?"."""
    for device, lang, want, never in ((PHONE, "en", "tap ? for help", "press ?"),
                                      (PHONE, "ja", "? をタップ", "キーで"),
                                      (DESKTOP, "en", "press ? for help", "tap ?")):
        ctx = browser.new_context(**device)
        page = ctx.new_page()
        page.goto(f"{server.url}/?lang={lang}")
        page.wait_for_selector("body[data-ready]")
        said = page.locator("#first-game").inner_text()
        assert want in said and never not in said, said
        ctx.close()
