"""Browser tests: Playwright's Python API driving Debian's chromium (never a downloaded browser).

Screenshots go to tests/web/artifacts/ (gitignored).  Locally the tests skip when
/usr/bin/chromium is missing; in CI (CI=true) they fail instead.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import ARTIFACTS, TIMEOUT_MS, need, new_page, shot
from .server import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("browser")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", bot_pause=0.05).start()
    yield s
    s.stop()


def take_turn(page: Any) -> bool:
    """Make one move by clicking, if one is due; True if a move was sent."""
    hand = page.locator("#hand button.card")
    targets = page.locator("#field button.card")
    choices = page.locator("#choice button[data-move]")
    if choices.count() and not page.locator("#choice [data-cancel]").count():
        if targets.count():  # choosing what the turned-over card takes
            targets.first.click()
        else:  # teyaku: expose / keep
            choices.first.click()
        return True
    if hand.count():
        hand.first.click()
        if page.locator("#choice [data-cancel]").count():  # several outcomes for this card
            if targets.count():
                targets.first.click()
            else:
                choices.first.click()
        return True
    return False


def test_create_a_table_against_a_bot_and_play_a_round_by_clicking(server: Server, browser: Any) -> None:
    page = new_page(browser, viewport={"width": 1200, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.fill("#name-input", "Tester")  # the name shown at the table (kept in this browser)
    page.click("#name-form button[type=submit]")
    page.wait_for_selector("#name-show:not([hidden])")
    words = httpx.get(server.url + "/api/social/presets").json()["words"]
    for game in httpx.get(server.url + "/api/games").json()["games"]:  # every option is offered
        page.select_option("#game", game["id"])
        page.check("#preset-custom")
        shown = page.locator("#options [data-option]").evaluate_all("els => els.map(e => e.dataset.option)")
        hidden = {"teams", "five_player_bonus", "two_player_hand"}  # teams by seats; 5 / 2 players only
        every = {o["name"] for o in game["options"]}
        assert set(shown) | (hidden & every) == every
        for option in shown:
            label = page.locator(f"#opt-{option}").locator("xpath=ancestor::label").inner_text()
            assert words[game["id"]][option]["label"] in label
    page.select_option("#game", "min-hwatu")  # card names follow the game's tradition
    page.wait_for_function("document.querySelector('#theme').value === 'hwatu'")
    page.select_option("#game", "mushi")
    page.wait_for_function("document.querySelector('#theme').value === 'hanafuda'")
    page.select_option("#seat-1", "bot:greedy")
    page.check("#preset-custom")
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
    # the next thing to do: Rematch, which asks each person (no "Play again", issue 28)
    page.wait_for_function("document.activeElement.classList.contains('rematch-btn')")
    assert page.locator("#play-again").count() == 0
    summary = page.locator("#summary-body")
    assert summary.locator(".result").count() == 2  # each side: score, how, captures by kind
    assert "Match over after 1 round" in summary.inner_text()
    table_id = page.url.split("/table/")[1].split("?")[0]
    record = httpx.get(f"{server.url}/api/tables/{table_id}/record").json()
    moves = [m for r in record["rounds"] for m in r["moves"]]
    # the whole match's log in words: every card a turn moved is on its entry, no code in its text
    log = page.locator("#log li").evaluate_all("els => els.map(e => [e.dataset.cards, e.innerText])")
    played = {m.split()[1] for m in moves if m.startswith("play ")}
    on_log = {c for cards, _ in log for c in cards.split()}
    assert played <= on_log
    assert all(code not in text for cards, text in log for code in cards.split())
    page.goto(server.url + "/")  # the lobby keeps the creator link of the table made here
    link = page.locator(f'#created [data-creator="{table_id}"]')
    assert "?token=" in (link.get_attribute("href") or "")
    page.close()


# a log entry's cards and its words: a turned-over wild card that waits for a choice keeps its
# cards when the choice completes the entry ("choosing what it takes" becomes "took ...")
LOG_STATE = ("() => [...document.querySelectorAll('#log li')]"
             ".map((e) => e.dataset.cards + ':' + e.textContent).join('|')")


def test_two_people_in_two_browser_contexts(server: Server, browser: Any) -> None:
    t = httpx.post(server.url + "/api/tables", json={
        "game": "hawaiifuda", "players": 2,
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
        # a turn whose turned-over card waits for a choice completes its entry in place
        before = [p.evaluate(LOG_STATE) for p in pages]
        assert take_turn(mover)
        for p, was in zip(pages, before, strict=True):
            p.wait_for_function(f"({LOG_STATE})() !== {json.dumps(was)}")
    # both follow the same moves; each reads its own turns as "You"
    logs = [p.locator("#log li").evaluate_all("els => els.map(e => e.dataset.cards)") for p in pages]
    assert logs[0] == logs[1] and len(logs[0]) >= 4
    texts = [p.locator("#log").inner_text() for p in pages]
    assert "You played" in texts[0] and "You played" in texts[1] and "Ana (seat 1)" in texts[1]
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
    page.focus("#slider")  # one arrow key press on the slider is one step, not two
    page.keyboard.press("ArrowRight")
    assert page.locator("#pos").inner_text().startswith("6 /")
    label = page.locator("#label")
    assert (label.get_attribute("title") or "").split()[0] in ("play", "take")
    assert (label.get_attribute("title") or "") not in label.inner_text()
    assert page.locator("#title").inner_text().startswith("Mushi, 2 players")
    assert page.locator("#hands .card").count() > 0  # all hands open after the match
    page.select_option("#perspective", "0")
    shot(page, "replay-seat0")
    rows = page.locator("#hands .seatbox")
    faces = "span.card"  # a face; hidden cards are backs (img)
    assert rows.nth(0).locator(faces).count() > 0 and rows.nth(1).locator(faces).count() == 0
    page.select_option("#perspective", "all")
    assert rows.nth(1).locator(faces).count() > 0
    page.click("#last")
    assert "winner" in page.locator("#scores").inner_text()
    steps = page.locator("#pos").inner_text()
    shot(page, "replay-end")
    with page.expect_download() as download:  # the record (RULES.md §8) ...
        page.click("#download")
    saved = ARTIFACTS / "downloaded-record.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text())
    served = httpx.get(f"{server.url}/api/tables/{t['id']}/record").json()
    assert record["game"] == "mushi" and record == served
    other = new_page(browser, viewport={"width": 1200, "height": 900})  # ... uploaded again to view it
    other.goto(f"{server.url}/replay")
    other.set_input_files("#upload", str(saved))
    other.wait_for_selector("#viewer:not([hidden])")
    assert other.locator("#pos").inner_text() == "1 / " + steps.split(" / ")[1]
    other.click("#fwd")
    assert other.locator("#pos").inner_text().startswith("2 /")
    other.close()
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
    assert page.evaluate("document.body.dataset.calls")  # the call was made (it shows 1.6 s)
    assert called in ("", "Kwa-Dō!")
    shot(page, "kwa-do-summary")
    page.close()


WATCH_CARD_ANIMATIONS = """() => {
  // counts, over the next 2 s, the most card animations running at once (window.cardsMoving)
  window.cardsMoving = 0; window.watchDone = false;
  const end = performance.now() + 2000;
  const tick = () => {
    const n = document.getAnimations().filter((a) => a.effect && a.effect.target
      && a.effect.target.classList && a.effect.target.classList.contains("card")).length;
    window.cardsMoving = Math.max(window.cardsMoving, n);
    if (performance.now() < end) requestAnimationFrame(tick); else window.watchDone = true;
  };
  requestAnimationFrame(tick);
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_moves_animate_unless_reduced_motion_is_asked(server: Server, browser: Any, motion: str) -> None:
    """A played card glides from the hand to the field or a capture pile; with "reduce motion" the
    cards do not move, they are only outlined where they land."""
    t = httpx.post(server.url + "/api/tables", json={
        "game": "hana-awase", "players": 2, "seed": 7, "options": {"rounds": 1},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
    ctx = browser.new_context(viewport={"width": 1200, "height": 900}, reduced_motion=motion)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    page.wait_for_selector("#hand .card")
    page.wait_for_function("document.querySelector('#turn').innerText.startsWith('Your turn')")
    card = page.locator("#hand button.card").first
    code = card.get_attribute("data-card")
    page.evaluate(WATCH_CARD_ANIMATIONS)  # starts watching before the click
    take_turn(page)
    page.wait_for_function("Number(document.body.dataset.animated || 0) > 0")
    page.wait_for_function("window.watchDone")
    most = page.evaluate("window.cardsMoving")
    assert page.locator(f'#hand .card[data-code="{code}"]').count() == 0  # it left the hand
    if motion == "reduce":
        assert most == 0
    else:
        assert most >= 1
        shot(page, "table-animated")
    ctx.close()


def test_the_creator_hands_a_seat_to_a_bot_from_another_device(server: Server, browser: Any) -> None:
    t = httpx.post(server.url + "/api/tables", json={
        "game": "mushi", "players": 2, "options": {"rounds": 1},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]}).json()
    devices = []
    for link in (t["seats"][0]["link"], t["creator_link"]):  # Ann's phone; the creator's laptop
        ctx = browser.new_context(viewport={"width": 1000, "height": 900})
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.goto(server.url + link)
        devices.append(page)
    ann, boss = devices
    ann.wait_for_selector("#hand .card")
    assert ann.locator("#admin").is_hidden()  # a seat's link gives no creator powers
    boss.wait_for_selector("#admin:not([hidden])")
    assert boss.locator("#hand .card").count() == 0  # the creator link shows no hand
    assert boss.locator('[data-takeover="0"]').is_disabled()  # Ann is at the table
    boss.select_option("#takeover-bot", "random")
    shot(boss, "creator-panel")
    boss.click('[data-takeover="1"]')  # Ben never came
    ann.wait_for_function("document.querySelector('#seats').innerText.includes('bot')")
    seats = httpx.get(f"{server.url}/api/tables/{t['id']}").json()["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["bot"] == "random"
    for _ in range(2):  # play goes on against the bot
        ann.wait_for_function("document.querySelector('#turn').innerText.startsWith('Your turn')")
        before = ann.locator("#log li").count()
        assert take_turn(ann)
        ann.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    for page in devices:
        page.context.close()


HANGUL_DRAWN = """() => {
  // a font with Hangul draws two different syllables differently; without one both are the
  // same "missing glyph" box
  const c = document.createElement("canvas"); c.width = 48; c.height = 48;
  const g = c.getContext("2d");
  const draw = (t) => { g.clearRect(0, 0, 48, 48); g.font = "36px sans-serif"; g.fillText(t, 4, 40);
    return g.getImageData(0, 0, 48, 48).data.join(","); };
  return draw("솔") !== draw("벚");
}"""


def test_korean_names_on_a_phone(server: Server, browser: Any) -> None:
    fonts = subprocess.run(["fc-list", ":lang=ko"], capture_output=True, text=True).stdout
    need(bool(fonts.strip()), "no font with Hangul (scripts/test_browser_deps.sh installs fonts-nanum)")
    t = httpx.post(server.url + "/api/tables", json={
        "game": "min-hwatu", "players": 2, "seed": 5, "theme": "hwatu", "options": {"rounds": 1},
        "seats": [{"kind": "human", "name": "민지"}, {"kind": "bot", "bot": "greedy"}]}).json()
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.goto(server.url + t["seats"][0]["link"])
    page.wait_for_selector("#hand .card")
    assert page.evaluate(HANGUL_DRAWN)
    labels = page.locator("#hand .card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert all(any("\uac00" <= ch <= "\ud7a3" for ch in label) for label in labels), labels
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sticks out sideways
    hand = page.locator("#hand .card").first.bounding_box()
    assert hand is not None and hand["width"] >= 50  # big enough to read on a phone
    shot(page, "hwatu-phone")
    ctx.close()


def test_keyboard_focus_survives_table_updates(server: Server, browser: Any) -> None:
    """A keyboard player presses Enter on a hand card; after the bot replies, the focus is on a
    hand card or a legal control again, not on the page body; the moves read in the theme's
    names and never twice the same."""
    t = httpx.post(server.url + "/api/tables", json={
        "game": "hana-awase", "players": 2, "seed": 7, "options": {"rounds": 1},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
    page = new_page(browser, viewport={"width": 1200, "height": 900})
    page.goto(server.url + t["seats"][0]["link"])
    page.wait_for_selector("#hand .card")
    for _ in range(3):
        page.wait_for_function("document.querySelector('#turn').innerText.startsWith('Your turn')")
        texts = page.locator("#hand button.card").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))")
        assert len(set(texts)) == len(texts), texts
        assert not any(" take " in x or "-chaff" in x for x in texts), texts
        before = page.locator("#log li").count()
        page.locator("#hand button.card").first.focus()
        page.keyboard.press("Enter")
        if page.locator("#choice [data-cancel]").count():  # two targets: focus is on the first choice
            assert page.evaluate("document.activeElement.matches('#choice button[data-move]')")
            page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {before + 1}"
                               " || document.querySelector('#summary').open")
        page.wait_for_function("document.querySelector('#turn').innerText.startsWith('Your turn')")
        page.wait_for_timeout(200)
        focused = page.evaluate("""() => { const a = document.activeElement;
            return a === document.body ? "BODY" : a.matches('#hand button.card, #choice button,'
              + ' #field button.card') ? "ok" : a.outerHTML.slice(0, 80); }""")
        assert focused == "ok", focused
    page.close()
