"""The lobby in a real browser (issue 15), desktop (1366×768) and phone (390×844): tables from
presets and custom options without sideways scrolling, Kwa-Dō teams by clicking, two people meeting
at an open seat, quick match, chat, the turn clock, a rated match, rematch, Japanese and Korean,
dark mode.  Screenshots go to tests/web/artifacts/lobby-*.png."""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from hanafuda.rules import GAMES
from hanafuda.web.ws import claim_cookie

from .conftest import ARTIFACTS, chromium_enforcing_csp
from .server import Server
from .wsutil import follow

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
TIMEOUT_MS = 90_000
OPTION_IDS = sorted({o.name for g in GAMES.values() for o in g.option_specs() if "_" in o.name})
"""Identifiers like ``yaku_multiplier`` (single-word ones — "yaku", "target" — are plain words)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("lobby")
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


browser = pytest.fixture(scope="module", name="browser")(chromium_enforcing_csp)


def person(browser: Any, server: Server, name: str, device: dict[str, Any] = DESKTOP, path: str = "/",
           **extra: Any) -> Any:
    """A new browser (own storage) on the lobby, holding ``name``."""
    ctx = browser.new_context(**device, **extra)
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + path)
    page.wait_for_selector("body[data-ready]")
    page.fill("#name-input", name)
    page.click("#name-form button[type=submit]")
    page.wait_for_selector("#name-show:not([hidden])")
    return page


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


RAW_CHOICES = {
    c for game in GAMES.values() for spec in game.option_specs() for c in spec.choices
    if isinstance(c, str)
}


def visible_text_is_plain(page: Any) -> None:
    """The issue's contract: no option identifier and no true/false/null in the visible text."""
    text = page.evaluate("document.body.innerText")
    for oid in OPTION_IDS:
        assert oid not in text, oid
    found = re.findall(r".{0,30}\b(?:true|false|null)\b.{0,30}", text)
    assert not found, found
    # choice lists say each choice's label (OptionSpec.choice_labels), never its raw value
    shown = page.eval_on_selector_all(
        "#options select[data-option] option", "els => els.map((e) => e.text)")
    raw = [t for t in shown if re.sub(r" \(.*\)$", "", t) in RAW_CHOICES]
    assert not raw, raw


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"lobby-{name}.png"), full_page=True)


def create(page: Any) -> dict[str, Any]:
    """Click Create table; the server's answer (the invite panel is then on screen)."""
    with page.expect_response(lambda r: r.url.endswith("/api/social/tables")) as resp:
        page.click("#create-btn")
    page.wait_for_selector("#invite:not([hidden])")
    data: dict[str, Any] = resp.value.json()
    assert resp.value.status == 201, data
    return data


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_every_game_from_a_preset_and_from_custom_options(server: Server, browser: Any, device: str) -> None:
    page = person(browser, server, f"Preset {device}", VIEWPORTS[device])
    for gid, game in GAMES.items():
        page.select_option("#game", gid)
        page.select_option("#seat-1", "invite")  # no bot: nothing keeps the machine busy
        chips = page.locator("#presets input[name=preset]")
        assert chips.count() >= 3  # Standard, a house-rule set or two, Customise
        chips.nth(1).check()
        preset_name = page.locator("#presets label").nth(1).inner_text()
        assert preset_name and page.locator("#preset-help").inner_text()
        visible_text_is_plain(page)
        no_sideways_scroll(page)
        made = create(page)
        assert made["game"] == gid and made["options"], (gid, preset_name)
        seat_link = page.locator("#invite .invite").first
        assert seat_link.locator("code.url").inner_text().startswith(server.url + "/table/")
        assert seat_link.locator("img.qr").count() == 1 and seat_link.locator("button.copy").count() == 1
        assert page.locator("#invite").is_visible()
        no_sideways_scroll(page)
        if gid == "mushi":
            shot(page, f"invite-{device}")
        # custom: every option shown in words; change the first one
        page.check("#preset-custom")
        assert page.locator("#options").is_visible()
        visible_text_is_plain(page)
        first = page.locator("#options [data-option]").first
        oid = first.get_attribute("data-option")
        spec = next(o for o in game.option_specs() if o.name == oid)
        if first.get_attribute("type") == "checkbox":
            first.click()
            want: Any = page.is_checked(f"#opt-{oid}")
        elif spec.kind == "choice":
            index = (spec.choices.index(spec.default) + 1) % len(spec.choices)
            first.select_option(str(index))
            want = spec.choices[index]
        else:
            first.fill("3")
            want = 3
        no_sideways_scroll(page)
        if gid == "kwa-do":
            shot(page, f"custom-{device}")
        made = create(page)
        assert made["options"].get(oid, spec.default) == want, (gid, oid)
    assert page.errors == []


def test_options_follow_the_player_count_in_words(server: Server, browser: Any) -> None:
    page = person(browser, server, "Counter")
    for gid, game in GAMES.items():
        page.select_option("#game", gid)
        for n in game.player_counts():
            page.select_option("#players", str(n))
            page.check("#preset-custom")
            visible_text_is_plain(page)
            if gid == "min-hwatu":
                assert (page.locator("#opt-five_player_bonus").count() == 1) == (n == 5)
            if gid == "kwa-do":
                assert (page.locator("#opt-two_player_hand").count() == 1) == (n == 2)
                assert page.locator("#teams").is_visible() == (n in (4, 6))


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_kwa_do_teams_by_clicking_seats(server: Server, browser: Any, device: str) -> None:
    page = person(browser, server, f"Teams {device}", VIEWPORTS[device])
    page.select_option("#game", "kwa-do")
    page.select_option("#players", "6")
    for i in range(1, 6):
        page.select_option(f"#seat-{i}", "invite")
    page.select_option("#seat-3", "open")
    page.check("#teams-threes")
    assert "1, 3 and 5" in page.locator("#teams").inner_text()  # the seat-order rule shown
    # put the open seat (seat 4) on the team of seat 1 by clicking seat 4, then seat 3
    page.click(".teamseat[data-seat='3']")
    page.click(".teamseat[data-seat='2']")
    assert page.input_value("#seat-2") == "open" and page.input_value("#seat-3") == "invite"
    team_a = page.locator(".team-0").inner_text()
    assert "Seat 3" in team_a and "Open seat" in team_a
    no_sideways_scroll(page)
    shot(page, f"teams-{device}")
    made = create(page)
    assert made["options"]["teams"] == [[0, 2, 4], [1, 3, 5]]
    assert [s["kind"] for s in made["seats"]] == ["me", "invite", "open", "invite", "invite", "invite"]
    page.check("#teams-pairs")
    made = create(page)
    assert made["options"]["teams"] == [[0, 3], [1, 4], [2, 5]]


def test_two_people_meet_at_an_open_seat(server: Server, browser: Any) -> None:
    ann = person(browser, server, "Ann Open")
    bob = person(browser, server, "Bob Open", PHONE)
    ann.select_option("#game", "hawaiifuda")
    ann.select_option("#seat-1", "open")
    made = create(ann)
    bob.reload()
    bob.wait_for_selector(f"button[data-join='{made['id']}']")
    assert "Ann Open" in bob.locator("#open-tables").inner_text()
    no_sideways_scroll(bob)
    bob.click(f"button[data-join='{made['id']}']")
    bob.wait_for_url(re.compile(rf"/table/{made['id']}\?token="))
    seats = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann Open", "Bob Open"]


def test_quick_match_seats_two_players_together(server: Server, browser: Any) -> None:
    ann = person(browser, server, "Ann Quick")
    bob = person(browser, server, "Bob Quick", PHONE)
    for page in (ann, bob):
        page.select_option("#quick-game", "hana-awase")
        page.select_option("#quick-players", "3")
        page.select_option("#quick-wait", "120")
        page.click("#quick-btn")
        page.wait_for_url(re.compile(r"/table/"))
    assert ann.url.split("?")[0] == bob.url.split("?")[0]
    table_id = ann.url.split("/table/")[1].split("?")[0]
    seats = httpx.get(f"{server.url}/api/tables/{table_id}").json()["seats"]
    assert [s["name"] for s in seats][:2] == ["Ann Quick", "Bob Quick"]


def test_a_quick_table_is_dealt_with_its_own_games_deck(server: Server, browser: Any) -> None:
    """Finding 11 (issue 28): a Koi-Koi quick table was dealt with the deck the lobby showed last
    (the Korean 花闘 of the lobby's other game); a quick table takes its game's own default theme
    (``default_theme`` on the game's class), whatever deck the lobby's menu shows."""
    page = person(browser, server, "Quick Deck", path="/?lang=ja")
    page.select_option("#game", "min-hwatu")  # the lobby now deals the Korean deck
    page.wait_for_function("HF.theme === 'hwatu'")
    page.select_option("#quick-game", "koi-koi")
    page.select_option("#quick-players", "2")
    page.select_option("#quick-wait", "120")
    page.click("#quick-btn")
    page.wait_for_url(re.compile(r"/table/"))
    table_id = page.url.split("/table/")[1].split("?")[0]
    info = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert GAMES["koi-koi"].default_theme == "hanafuda"
    assert (info["game"], info["theme"]) == ("koi-koi", "hanafuda")
    assert not page.errors, page.errors


def click_first(page: Any, selectors: list[str]) -> None:
    """Click the first of ``selectors`` present on the page."""
    for sel in selectors:
        if page.locator(sel).count():
            page.locator(sel).first.click()
            return
    raise AssertionError(f"none of {selectors} on the page")


def claim_secret(page: Any, table_id: str, seat: int) -> str:
    """The secret with which ``page``'s browser claimed ``seat`` (its cookie for the table's socket)."""
    cookie = claim_cookie(table_id, seat)
    found = [c["value"] for c in page.context.cookies() if c["name"] == cookie]
    assert found, f"{cookie} not set"
    return str(found[0])


def _play(url: str, table_id: str, tokens: list[str], secrets: list[str], stop: threading.Event) -> None:
    """Both seats answer over the table's websocket (with each browser's claim secret): the first
    legal move, the next deal."""
    from websockets.sync.client import connect

    socks = [connect(f"{url.replace('http', 'ws')}/ws/{table_id}?token={t}&secret={s}")
             for t, s in zip(tokens, secrets, strict=True)]
    try:
        while not stop.is_set():
            for seat, ws in enumerate(socks):
                try:
                    msg = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                # the table protocol as the page follows it: a whole state, then patches
                state = follow(ws, msg, lambda ws=ws: ws.send(json.dumps({"type": "state"})))
                view = state.get("view") if state else None
                if not view:
                    continue
                if view.get("finished"):
                    return
                if view.get("to_move") == seat and view.get("legal"):
                    ws.send(json.dumps({"type": "move", "move": view["legal"][0]}))
                elif view.get("to_move") is None:
                    ws.send(json.dumps({"type": "next-round"}))
    finally:
        for ws in socks:
            ws.close()


def test_chat_rated_match_leaderboard_and_rematch(server: Server, browser: Any) -> None:
    ann = person(browser, server, "Ann Rated")
    bob = person(browser, server, "Bob <script>x</script>", PHONE)
    ann.select_option("#game", "mushi")
    ann.select_option("#seat-1", "open")
    ann.check("#preset-custom")
    ann.fill("#opt-rounds", "1")
    made = create(ann)
    ann.click("#go-seat")
    bob.reload()
    bob.click(f"button[data-join='{made['id']}']")
    for page in (ann, bob):
        page.wait_for_selector("#chat-form")
    bob_token = bob.url.split("token=")[1]
    ann_token = ann.url.split("token=")[1]
    ann.fill("#chat-input", "<script>window.pwned=1</script>hello")
    ann.click("#chat-form button")
    bob.wait_for_selector("#chat-log li:has-text('hello')")
    line = bob.locator("#chat-log li").last.inner_text()
    assert "<script>window.pwned=1</script>hello" in line
    assert bob.evaluate("window.pwned") is None
    assert "Bob <script>x</script>" in ann.locator("body").inner_text()  # the name, as text
    shot(bob, "chat-phone")
    # the match, played over the websocket, then rated
    stop = threading.Event()
    secrets = [claim_secret(ann, made["id"], 0), claim_secret(bob, made["id"], 1)]
    player = threading.Thread(target=_play, args=(server.url, made["id"], [ann_token, bob_token], secrets,
                                                  stop))
    player.start()
    try:
        ann.wait_for_selector("#rematch", timeout=TIMEOUT_MS * 2)
    finally:
        stop.set()
        player.join(30)
    board = browser.new_page(**DESKTOP)
    board.goto(f"{server.url}/leaderboard/mushi")
    board.wait_for_selector("tr[data-player='Ann Rated']")
    names = board.locator("#board tbody tr").all_inner_texts()
    assert any("Ann Rated" in r for r in names) and any("Bob <script>x</script>" in r for r in names)
    bots = board.locator("#bots li").all_inner_texts()  # the bots' reference ratings, in words
    assert bots and all(b.split(":")[0].endswith(" bot") and "bot." not in b for b in bots), bots
    shot(board, "leaderboard")
    board.click("a:has-text('Ann Rated')")
    board.wait_for_selector("#matches tbody tr")
    assert board.locator("#matches a[href^='/replay/']").count() == 1
    # rematch: both players land at the same new table, the same seats (the end-of-match dialog
    # carries the buttons while it is open)
    click_first(ann, ["dialog[open] .rematch-btn", "#rematch"])
    ann.wait_for_url(re.compile(r"/table/(?!" + made["id"] + ")"))
    bob.wait_for_selector(".rematch-link")
    click_first(bob, ["dialog[open] .rematch-link", "#rematch-link"])
    bob.wait_for_url(re.compile(r"/table/(?!" + made["id"] + ")"))
    assert ann.url.split("?")[0] == bob.url.split("?")[0]
    new_id = ann.url.split("/table/")[1].split("?")[0]
    seats = httpx.get(f"{server.url}/api/tables/{new_id}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann Rated", "Bob <script>x</script>"]


def test_turn_clock_plays_for_an_absent_player(server: Server, browser: Any) -> None:
    ann = person(browser, server, "Ann Clock")
    ann.select_option("#game", "mushi")
    ann.select_option("#seat-1", "invite")
    ann.select_option("#clock", "15")
    create(ann)
    ann.click("#go-seat")
    ann.wait_for_selector("#clock-note")
    # nobody moves: the seat due runs out of time and the greedy bot moves for it
    ann.wait_for_selector("#social-notice:has-text('turn clock ran out')")
    assert "casual bot" in ann.locator("#social-notice").inner_text().lower()


@pytest.mark.parametrize(("lang", "title"), [("ja", "花札で遊ぶ"), ("ko", "화투 치기")])
def test_the_lobby_in_japanese_and_korean(server: Server, browser: Any, lang: str, title: str) -> None:
    page = person(browser, server, f"Lang {lang}", PHONE, path=f"/?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#id-h").inner_text() == title
    page.goto(server.url + "/leaderboard/mushi")  # remembered without ?lang
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("document.documentElement.lang") == lang
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "kwa-do")
    page.select_option("#players", "4")
    page.check("#teams-pairs")
    no_sideways_scroll(page)
    shot(page, f"{lang}-phone")


def test_dark_mode(server: Server, browser: Any) -> None:
    page = person(browser, server, "Night Owl", DESKTOP, color_scheme="dark")
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    r, g, b = (int(x) for x in re.findall(r"\d+", bg)[:3])
    assert r + g + b < 150, bg
    shot(page, "dark-desktop")


CONTRAST_JS = """(sel) => {
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = (s) => {  // "rgb(r, g, b)" or, for a color-mix(), "color(srgb r g b)" in 0..1
    const k = s.startsWith("color(srgb") ? 255 : 1;
    const [r, g, b] = s.replace("color(srgb", "").match(/[\\d.]+/g).map((x) => Number(x) * k);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const el = document.querySelector(sel), st = getComputedStyle(el);
  const a = lum(st.color), b = lum(st.backgroundColor);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_dark_mode_white_on_accent_is_readable(server: Server, browser: Any, game: str) -> None:
    """The dark theme's accents are light: the header and the primary button (white text on the
    accent) are darkened so their text keeps the 4.5:1 of WCAG AA in every game's theme."""
    page = person(browser, server, f"Dark {game}", DESKTOP, color_scheme="dark")
    page.select_option("#game", game)
    page.wait_for_timeout(100)
    for sel in ("header.top", "#create-btn"):
        ratio = page.evaluate(CONTRAST_JS, sel)
        assert ratio >= 4.5, (game, sel, ratio)


@pytest.mark.parametrize("path", ["/", "/leaderboard/mushi", "/replay"])
def test_the_language_menu_is_on_screen_on_a_phone(server: Server, browser: Any, path: str) -> None:
    """A phone's header wraps (except on the table page, which keeps one scrolling line): the
    language menu is inside the 390 px screen without scrolling the header sideways."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(server.url + path + "?lang=ko")
    page.wait_for_selector("header.top select#lang")
    box = page.locator("header.top select#lang").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert page.evaluate("document.querySelector('header.top').scrollWidth <= 390")
    ctx.close()


def test_a_friend_opens_an_invite_and_names_the_seat(server: Server, browser: Any) -> None:
    ann = person(browser, server, "Ann Invites")
    ann.select_option("#game", "min-hwatu")
    ann.select_option("#seat-1", "invite")
    made = create(ann)
    link = ann.locator("#invite .invite code.url").first.inner_text()
    assert link == made["seats"][1]["invite"]["url"]
    friend = browser.new_context(**PHONE).new_page()
    friend.set_default_timeout(TIMEOUT_MS)
    friend.goto(link)
    friend.fill("#seat-name", "Cara <i>")
    friend.click("#seat-name-form button")
    friend.wait_for_selector("#seat-name-box", state="detached")
    friend.wait_for_selector("#chat-form")
    names: list[str] = []
    for _ in range(300):  # the rename follows the socket's hello: wait for it (bounded)
        names = [s["name"] for s in httpx.get(f"{server.url}/api/tables/{made['id']}").json()["seats"]]
        if names[1] != "Guest 2":
            break
        friend.wait_for_timeout(100)
    assert names == ["Ann Invites", "Cara <i>"]
    no_sideways_scroll(friend)


@pytest.mark.parametrize(("lang", "hwatu"), [("en", "Hwatu (Korean)"), ("ja", "花闘（韓国）")])
def test_the_card_names_menu_says_each_theme_in_words(server: Server, browser: Any, lang: str,
                                                      hwatu: str) -> None:
    """The card-names menu (cards page, table page) showed the raw theme ids (``hwatu``,
    ``kwa-do``); it says the catalogue's label in the page's language, values unchanged."""
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(server.url + f"/cards?lang={lang}")
    page.wait_for_selector("#theme option", state="attached")
    options = page.eval_on_selector_all("#theme option", "els => els.map((e) => [e.value, e.text])")
    assert [v for v, _ in options] == ["hanafuda", "hwatu", "hawaiifuda", "kwa-do"]
    assert dict(options)["hwatu"] == hwatu
    assert not [t for v, t in options if t == v], options
    ctx.close()


def test_quick_match_game_menu_shows_the_whole_title_on_a_desktop(server: Server, browser: Any) -> None:
    """At 1366×768 the quick-match row cut the game's title ("Min-Hwatu (민:"); its game menu is
    now wide enough for every game's title and the menu arrow."""
    page = person(browser, server, "Quick Reader", DESKTOP)
    fits = """(sel) => {
      const s = document.querySelector(sel), st = getComputedStyle(s);
      const ctx = document.createElement("canvas").getContext("2d");
      ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
      const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;
      return [...s.options].map((o) => [o.text, ctx.measureText(o.text).width <= room]);
    }"""
    cut = [t for t, ok in page.evaluate(fits, "#quick-game") if not ok]
    assert not cut, cut
    no_sideways_scroll(page)


def test_a_new_players_page_says_there_is_nothing_yet(server: Server, browser: Any) -> None:
    """A player with no rated match sees a sentence, not an empty list and a table of headings."""
    page = person(browser, server, "Newcomer")
    page.goto(server.url + "/player/Newcomer")
    page.wait_for_selector("#no-matches:not([hidden])")
    assert page.is_visible("#no-ratings") and not page.is_visible("#matches")
    assert "rated match" in page.inner_text("#no-matches")
    page.goto(server.url + "/player/Newcomer?lang=ja")
    page.wait_for_selector("#no-ratings:not([hidden])")
    assert "レーティング" in page.inner_text("#no-ratings")
    page.context.close()


def test_the_lobby_lists_a_page_of_short_summaries(server: Server, browser: Any) -> None:
    """Issue 28: the list of tables is paged, says which tables are abandoned (no watch link),
    names bots as people read them ("Casual bot"), and is revalidated rather than redrawn."""
    import sqlite3

    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    made = [httpx.post(server.url + "/api/tables", json={"game": "mushi", "seats": seats},
                       timeout=30).json()["id"] for _ in range(17)]
    with sqlite3.connect(server.db_url.removeprefix("sqlite:///")) as db:
        db.execute("UPDATE tables SET status = 'abandoned' WHERE id = ?", (made[-1],))
    first = httpx.get(server.url + "/api/lobby/tables", headers={"accept-encoding": "gzip"}, timeout=30)
    assert first.headers["content-encoding"] == "gzip" and first.headers["cache-control"] == "no-cache"
    again = httpx.get(server.url + "/api/lobby/tables", headers={"if-none-match": first.headers["etag"]},
                      timeout=30)
    assert again.status_code == 304 and again.content == b""
    page = person(browser, server, "Pager")
    newest = page.locator(f"#tables li[data-table='{made[-1]}']")
    newest.wait_for()
    assert newest.get_attribute("data-status") == "abandoned"
    assert "abandoned" in newest.inner_text() and newest.locator("a[data-watch]").count() == 0
    running = page.locator(f"#tables li[data-table='{made[-2]}']")
    assert "Casual bot" in running.inner_text() and "round 1" in running.inner_text()
    assert running.locator("a[data-watch]").count() == 1
    assert page.locator("#tables li").count() == 15 and page.locator("#tables-newer").count() == 0
    page.click("#tables-older")
    page.wait_for_selector("#tables-newer")
    assert page.locator(f"#tables li[data-table='{made[0]}']").count() == 1
    assert page.locator(f"#tables li[data-table='{made[-1]}']").count() == 0
    assert page.errors == []
    page.context.close()


def test_a_players_page_marks_a_provisional_rating(server: Server, browser: Any) -> None:
    """A rating of a player's first rated matches shows "1012?" on their page, as on the
    leaderboard, and says why (on hover and to a screen reader); one past them shows no "?"."""
    import sqlite3

    from hanafuda.web.social.ratings import PROVISIONAL_MATCHES

    page = person(browser, server, "Fresh Rater")
    with sqlite3.connect(server.db_url.removeprefix("sqlite:///")) as db:
        (pid,) = db.execute("select id from social_players where name = 'Fresh Rater'").fetchone()
        db.executemany("insert into social_ratings (player_id, game, mu, sigma, matches) "
                       "values (?, ?, ?, ?, ?)",
                       [(pid, "mushi", 27.0, 6.0, 1), (pid, "min-hwatu", 27.0, 2.0, PROVISIONAL_MATCHES)])
    page.goto(server.url + "/player/Fresh%20Rater")
    page.wait_for_selector("#ratings li")
    said = page.eval_on_selector_all("#ratings li", "els => els.map((e) => e.innerText)")
    lines = {li.split(":")[0]: li for li in said}
    mushi = next(v for k, v in lines.items() if k.startswith("Mushi"))
    hwatu = next(v for k, v in lines.items() if k.startswith("Min-Hwatu"))
    assert "?" in mushi.split("(")[0] and "?" not in hwatu
    mark = page.locator("#ratings .provisional")
    assert mark.count() == 1 and str(PROVISIONAL_MATCHES) in (mark.get_attribute("title") or "")
    assert "Provisional" in page.locator("#ratings .sr-only").inner_text()
    page.context.close()
