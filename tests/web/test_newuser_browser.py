"""A new player's first minutes, in Debian's chromium: what they see and click before they know
anything about hanafuda (the lobby's newcomer panel, the one-click first game, the "How to play"
link of the chosen game, the rules page's pointer to the first game, game titles said once in
Japanese and Korean, option help without "null").  Screenshots go to
tests/web/artifacts/newuser-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import ARTIFACTS, TIMEOUT_MS, chromium_enforcing_csp
from .server import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("newuser")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.0, "--bot-only-rate", "0",
               "--tables-per-minute", "1000", "--rate-limits", "create=200/0.1,account=100/0.1").start()
    yield s
    s.stop()


browser = pytest.fixture(scope="module", name="browser")(chromium_enforcing_csp)


def _open(browser: Any, server: Server, path: str, device: dict[str, Any] = DESKTOP) -> Any:
    ctx = browser.new_context(**device)
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + path)
    return page


def test_a_newcomer_is_told_what_to_play_and_starts_koikoi_in_one_click(server: Server, browser: Any) -> None:
    page = _open(browser, server, "/")
    page.wait_for_selector("body[data-ready]")
    panel = page.locator("#first-game")
    assert panel.is_visible()
    said = panel.inner_text()
    assert "48 cards" in said and "month" in said and "Start with Koi-Koi" in said, said
    assert page.locator("#first-rules").get_attribute("href") == "/rules/koi-koi"
    # the chosen game's own rules, one click from its summary, following the game picked
    assert page.locator("#game-rules").get_attribute("href") == f"/rules/{page.input_value('#game')}"
    page.select_option("#game", "mushi")
    assert page.locator("#game-rules").get_attribute("href") == "/rules/mushi"
    assert page.locator("#game-rules").get_attribute("aria-label") == "How to play Mushi"
    page.screenshot(path=str(ARTIFACTS / "newuser-lobby-desktop.png"))
    # no name yet: told to pick one, and nothing is created
    before = httpx.get(server.url + "/api/lobby/tables").json()["tables"]
    page.click("#first-play")
    assert page.locator("#first-error").inner_text() == "Pick your name first (at the top of the page)."
    assert httpx.get(server.url + "/api/lobby/tables").json()["tables"] == before
    # a name typed but never saved is saved by the button itself, and the table opens
    page.fill("#name-input", "Newcomer")
    page.click("#first-play")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand [data-card]")
    table_id = page.url.split("/table/")[1].split("?")[0]
    info = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert info["game"] == "koi-koi" and info["players"] == 2 and info["hints"] is True, info
    lobby = {t["id"]: t for t in httpx.get(server.url + "/api/lobby/tables").json()["tables"]}
    seats = lobby[table_id]["seats"]
    assert [s["bot"] for s in seats] == [False, True] and seats[0]["name"] == "Newcomer", seats
    assert page.locator("#hint-btn").is_visible()  # hints on: an unrated table
    # back in the lobby, the newcomer panel has done its job
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#first-game").is_hidden()
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_game_titles_are_said_once_and_the_panel_fits_a_phone(server: Server, browser: Any,
                                                               lang: str) -> None:
    page = _open(browser, server, f"/?lang={lang}", PHONE)
    page.wait_for_selector("body[data-ready]")
    games = httpx.get(f"{server.url}/api/games?lang={lang}").json()["games"]
    for sel in ("#game", "#quick-game"):
        shown = page.eval_on_selector_all(f"{sel} option", "os => os.map((o) => o.textContent)")
        assert len(shown) == len(games)
        for text, g in zip(shown, games, strict=True):
            assert text.count(g["native_title"]) == 1, (text, g["native_title"])
    assert page.locator("#first-game").is_visible()
    play = {"ja": "ボットとこいこいで遊ぶ", "ko": "봇과 고이고이 치기"}[lang]
    assert page.locator("#first-play").inner_text() == play
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width
    page.screenshot(path=str(ARTIFACTS / f"newuser-lobby-phone-{lang}.png"), full_page=True)
    # the rules page says the title once too
    page.goto(f"{server.url}/rules/min-hwatu?lang={lang}")
    page.wait_for_selector("#rules .yaku-ref")
    assert page.locator("#rules h1").inner_text().count("민화투") == 1
    assert page.errors == []
    page.context.close()


def test_the_rules_page_points_a_newcomer_at_the_first_game_and_says_no_null(server: Server,
                                                                             browser: Any) -> None:
    page = _open(browser, server, "/rules")
    page.wait_for_selector("#rules .yaku-ref, #rules .no-yaku")
    start = page.locator("#start-here")
    assert "48 cards" in start.inner_text()
    assert start.locator("a").get_attribute("href") == "/rules/koi-koi"
    page.screenshot(path=str(ARTIFACTS / "newuser-rules.png"))
    start.locator("a").click()
    page.wait_for_url("**/rules/koi-koi")
    page.wait_for_selector("#rules .yaku-ref")
    assert page.locator("#start-here").count() == 0  # a chosen game's page is that game's alone
    # the options' help (the schema's "null: no round limit") reads "none"
    page.goto(server.url + "/rules/min-hwatu")
    page.wait_for_selector("#rules .yaku-ref")
    options = page.locator("#rules tr[data-option]").all_inner_texts()
    assert options and not [o for o in options if "null" in o], options
    assert any("none: no round limit" in o for o in options), options
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_cards_page_controls_sit_on_their_own_line_each_beside_its_label(server: Server, browser: Any,
                                                                             device: str) -> None:
    """The deck, corner index and card-name pickers came mid-sentence, the "Deck" label on one line
    and its menu on the next; now they follow the text, each label on the line of its control."""
    page = _open(browser, server, "/cards", DESKTOP if device == "desktop" else PHONE)
    page.wait_for_selector("#deck")
    page.wait_for_selector("#theme")
    text = page.locator("[data-t='cards.about']").bounding_box()
    assert text is not None
    for control in ("#theme", "#deck", "#card-index"):
        box = page.locator(control).bounding_box()
        label = page.locator(f"label:has({control})").bounding_box()
        assert box is not None and label is not None, control
        assert box["y"] >= text["y"] + text["height"], control  # below the sentence, not inside it
        line = max(box["height"], 26.0)  # a checkbox is smaller than the line of text around it
        assert label["height"] <= line * 1.6, (control, label, box)  # label and control: one line
    assert page.locator("label:has(#theme)").inner_text().startswith("Card names")
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width
    page.screenshot(path=str(ARTIFACTS / f"newuser-cards-{device}.png"))
    assert page.errors == []
    page.context.close()


def test_a_replay_of_two_same_name_bots_tells_them_apart(server: Server, browser: Any) -> None:
    """Two Casual bots were two identical headings ("Casual bot", "Casual bot") over the hands,
    the piles, the perspective menu and the totals; the seat number now tells them apart, spelt
    as the table and its log spell it ("Casual bot (seat 2)", issue 28's one numbering).  The
    file picker says which file it wants, without "RULES.md §8"."""
    done = server.finished_bots_table("koi-koi", 3)
    page = _open(browser, server, f"/replay/{done['id']}")
    page.wait_for_selector("#viewer:not([hidden]) #hands .seatbox")
    heads = page.locator("#hands .seatbox strong").all_inner_texts()
    assert [h.split(" ◀")[0] for h in heads] == ["Casual bot (seat 1)", "Casual bot (seat 2)"], heads
    assert page.locator("#piles h3").all_inner_texts() == ["Casual bot (seat 1)", "Casual bot (seat 2)"]
    views = page.eval_on_selector_all("#perspective option", "os => os.map((o) => o.textContent)")
    assert len(set(views)) == len(views) == 4, views
    assert "Casual bot (seat 1)" in page.locator("#scores").inner_text()
    page.screenshot(path=str(ARTIFACTS / "newuser-replay.png"), full_page=True)
    page.goto(server.url + "/replay")
    picker = page.locator("label:has(#upload)").inner_text()
    assert "RULES.md" not in picker and "Download record" in picker, picker
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_bot_seat_says_how_the_bot_plays(server: Server, browser: Any, lang: str) -> None:
    """The seat menus name bots ("Strong bot", "Intermediate bot"); under each bot seat its level on
    the ladder now says how it plays, so a newcomer can pick a gentle one (agents/levels.py)."""
    page = _open(browser, server, f"/?lang={lang}")
    page.wait_for_selector("body[data-ready]")
    levels = {lv["bot"]: lv["id"] for lv in httpx.get(f"{server.url}/api/games").json()["levels"]}
    catalogue = httpx.get(f"{server.url}/i18n/{lang}.json").json()
    for bot in ("strong", "greedy", "random"):
        page.select_option("#seat-1", f"bot:{bot}")
        lv = levels[bot]
        said = page.locator("#seats .seatrow").nth(1).locator(".bot-help").inner_text()
        # under the bot's one name, the menu's (walk41 finding 9: "Greedy bot" over "Casual: …")
        assert said == f"{catalogue[f'botname.{bot}']}: {catalogue[f'level.{lv}.help']}", said
    page.select_option("#seat-1", "invite")
    assert page.locator("#seats .bot-help").count() == 0  # a person's seat needs no such line
    assert page.errors == []
    page.context.close()


def test_the_rules_page_puts_the_yaku_before_the_options_and_stacks_options_on_a_phone(
        server: Server, browser: Any) -> None:
    """A beginner needs the yaku before fifteen options; on a phone the options table's four
    columns were a few characters wide each: every option now stacks, each value with its name."""
    for device, stacked in ((PHONE, True), (DESKTOP, False)):
        page = _open(browser, server, "/rules/koi-koi", device)
        page.wait_for_selector("#rules .yaku-ref")
        yaku = page.locator("#rules .yaku-ref").bounding_box()
        options = page.locator("#options-h").bounding_box()
        assert yaku is not None and options is not None
        assert options["y"] > yaku["y"]
        first = page.locator("#rules tr[data-option] td").first.bounding_box()
        width = page.evaluate("innerWidth")
        assert first is not None
        assert (first["width"] > width * 0.7) is stacked, (first, width)
        if stacked:
            said = page.evaluate(
                "getComputedStyle(document.querySelector('#rules td[data-label]'), '::before').content")
            assert said == '"default: "', said
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        name = "phone" if stacked else "desktop"
        page.screenshot(path=str(ARTIFACTS / f"newuser-rules-options-{name}.png"))
        assert page.errors == []
        page.context.close()


def test_creating_an_account_says_it_is_working_and_waits(server: Server, browser: Any) -> None:
    """The password's hashing takes a moment: the account page said nothing meanwhile and its
    buttons stayed live (a second click met the rate limit).  Now they wait, and the status says so."""
    page = _open(browser, server, "/account", PHONE)
    page.wait_for_selector("body[data-ready]")
    held: list[Any] = []
    page.route("**/api/social/accounts", lambda route: held.append(route))
    page.fill("#reg-name", "Keeper")
    page.fill("#reg-pass", "a long password")
    page.click("#register button[type=submit]")
    page.wait_for_function("() => document.querySelector('#register button').disabled")
    assert page.locator("#login button").is_disabled() and page.locator("#logout").is_disabled()
    assert page.locator("#status").inner_text() == "One moment…"
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    page.wait_for_function("() => !document.querySelector('#register button').disabled")
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Logged in as')")
    assert page.locator("#status").inner_text() == "Logged in as Keeper."
    assert page.locator("#error").inner_text() == ""
    assert page.errors == []
    page.context.close()
