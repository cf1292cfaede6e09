"""The table page for players (issue 12), in Debian's chromium on desktop (1366×768) and phone
(390×844) viewports: the capture preview contract, the log a person can follow, one screen,
no layout shift, no sideways scrolling, help, HTML 404.  Screenshots go to tests/web/artifacts/.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from hanafuda import Match
from hanafuda.cards import CODES, cards_of
from hanafuda.engine.round import HOW_MONTH, HOW_WILD
from hanafuda.rules import GAMES, configure
from hanafuda.words import Namer

from .conftest import TIMEOUT_MS, new_page, shot
from .server import Server

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
REGIONS = ("field", "hand", "seats", "captures", "scores", "yaku", "log")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-page")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", bot_pause=0.3).start()
    yield s
    s.stop()


def _first_card(game: str, test: Callable[[int, int], bool]) -> tuple[int, str, set[str]]:
    """A seed where seat 0 plays first holding a card whose capture passes ``test(how, count)``;
    the card and the field cards it may take, from the engine (RULES.md §3, §9)."""
    for seed in range(3000):
        m = Match(game, 2, seed=seed)
        if m.to_move != 0:
            continue
        rnd = m.current
        for card in cards_of(rnd.hands[0]):
            how, cards, _choose = rnd.hand_options(0, card)
            if test(how, cards.bit_count()):
                return seed, CODES[card], {CODES[c] for c in cards_of(cards)}
    raise AssertionError(f"no deal found for {game}")


def _table(server: Server, game: str, players: int, seed: int, options: dict[str, Any] | None = None,
           humans: int = 1) -> dict[str, Any]:
    seats = [{"kind": "human", "name": f"Person {i + 1}"} for i in range(humans)]
    seats += [{"kind": "bot", "bot": "greedy"}] * (players - humans)
    r = httpx.post(server.url + "/api/tables", json={"game": game, "players": players, "seed": seed,
                                                     "options": options or {}, "seats": seats})
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    return t


def _open(browser: Any, server: Server, link: str, viewport: dict[str, int], touch: bool = False) -> Any:
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + link)
    page.wait_for_selector("#hand [data-card]")
    return page


def _my_turn(page: Any) -> None:
    page.wait_for_function("document.querySelector('#turn').innerText.startsWith('Your turn')")


def _previewed(page: Any) -> set[str]:
    return set(page.locator('[data-region="field"] [data-preview="take"]').evaluate_all(
        "els => els.map(e => e.dataset.card)"))


CASES = {
    "one": ("mushi", lambda how, n: how == HOW_MONTH and n == 1),
    "two": ("mushi", lambda how, n: how == HOW_MONTH and n == 2),
    "three": ("mushi", lambda how, n: how == HOW_MONTH and n == 3),
    "wild": ("mushi", lambda how, n: how == HOW_WILD and n >= 2),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_preview_on_hover_and_focus_desktop(server: Server, browser: Any, case: str) -> None:
    """Hovering or focusing a hand card marks exactly the field cards it would take, and none
    otherwise; its label says what it takes."""
    game, test = CASES[case]
    seed, card, takes = _first_card(game, test)
    t = _table(server, game, 2, seed)
    page = _open(browser, server, t["seats"][0]["link"], DESKTOP)
    _my_turn(page)
    assert _previewed(page) == set()
    hand_card = page.locator(f'[data-region="hand"] [data-card="{card}"]')
    hand_card.hover()
    assert _previewed(page) == takes
    assert "take" in (hand_card.get_attribute("aria-label") or "")
    page.mouse.move(5, 5)
    assert _previewed(page) == set()
    hand_card.focus()
    assert _previewed(page) == takes
    if case == "wild":  # a wild card is called wild
        assert "wild" in (hand_card.get_attribute("aria-label") or "").lower()
        assert "wild" in hand_card.inner_text().lower()
    shot(page, f"preview-{case}-desktop")
    page.locator("#theme").focus()
    assert _previewed(page) == set()
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("case", ["one", "two", "wild"])
def test_preview_on_tap_phone(server: Server, browser: Any, case: str) -> None:
    """Touch: the first tap selects and previews, a second tap (one outcome) or a tap on a
    target plays; the page is no wider than the phone."""
    game, test = CASES[case]
    seed, card, takes = _first_card(game, test)
    t = _table(server, game, 2, seed)
    page = _open(browser, server, t["seats"][0]["link"], PHONE, touch=True)
    _my_turn(page)
    hand_card = page.locator(f'[data-region="hand"] [data-card="{card}"]')
    hand_card.tap()
    assert _previewed(page) == takes
    assert page.locator('[data-region="log"] li').count() == 0  # nothing played yet
    shot(page, f"preview-{case}-phone")
    if case == "one":
        hand_card.tap()
    else:
        page.locator(f'[data-region="field"] button[data-card="{sorted(takes)[0]}"]').tap()
    page.wait_for_function(f"!document.querySelector('[data-region=\"hand\"] [data-card=\"{card}\"]')")
    page.wait_for_selector('[data-region="log"] li', state="attached")
    log = page.locator('[data-region="log"] li').first.get_attribute("data-cards") or ""
    assert card in log.split()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.context.close()


def test_choices_open_without_layout_shift_in_field_order(server: Server, browser: Any) -> None:
    """A card with two targets: the choice opens with the hand's and field's boxes unchanged, the
    choices listed in the order their cards lie on the field; a target click plays."""
    seed, card, takes = _first_card("mushi", CASES["two"][1])
    for viewport, touch in ((DESKTOP, False), (PHONE, True)):
        t = _table(server, "mushi", 2, seed)  # a seat link opens in one browser only
        page = _open(browser, server, t["seats"][0]["link"], viewport, touch)
        _my_turn(page)
        hand = page.locator('[data-region="hand"]').bounding_box()
        field = page.locator('[data-region="field"]').bounding_box()
        el = page.locator(f'[data-region="hand"] [data-card="{card}"]')
        el.tap() if touch else el.click()
        page.wait_for_selector("#choice [data-cancel]")
        assert page.locator('[data-region="hand"]').bounding_box() == hand
        assert page.locator('[data-region="field"]').bounding_box() == field
        order = page.locator('[data-region="field"] [data-card]').evaluate_all(
            "els => els.map(e => e.dataset.card)")
        moves = page.locator("#choice button[data-move]").evaluate_all(
            "els => els.map(e => e.dataset.move)")
        assert [m.split()[-1] for m in moves] == [c for c in order if c in takes]
        assert _previewed(page) == takes
        shot(page, "choice-open-" + ("phone" if touch else "desktop"))
        page.keyboard.press("Escape") if not touch else page.locator("#choice [data-cancel]").tap()
        page.context.close()


def test_the_log_of_a_bots_move_names_what_it_played_turned_over_and_took(server: Server,
                                                                           browser: Any) -> None:
    """Every entry names the seat, the card played, what it took, the card turned over and what
    that took, with every card on ``data-cards``; the last entry and its cards are outlined."""
    t = _table(server, "min-hwatu", 3, 4, humans=0)
    page = new_page(browser, viewport=DESKTOP)
    page.goto(server.url + t["spectator_link"])
    # a table created without a theme shows its game's own: Min-Hwatu's cards by their hwatu names
    namer = Namer(configure("min-hwatu", 3, {}), "hwatu", None, ("greedy", "greedy", "greedy"))
    deadline = time.monotonic() + 120
    found = None
    while found is None:
        assert time.monotonic() < deadline, "no bot turn with two captures"
        page.wait_for_timeout(200)
        for text, cards in page.locator('[data-region="log"] li').evaluate_all(
                "els => els.map(e => [e.innerText, e.dataset.cards])"):
            if "turned over" in text and text.count("took") >= 2 and len(cards.split()) >= 4:
                found = (text, cards.split())
                break
    text, cards = found
    assert text.startswith("Casual bot (seat")
    for code in cards:  # the card played, its capture, the card turned over, its capture
        assert namer.card(code) in text, (code, text)
    assert page.locator('[data-region="log"] li.last').count() == 1
    assert page.locator("#announce").get_attribute("aria-live") == "polite"
    page.wait_for_function("document.querySelector('#announce').textContent.length > 0")
    assert page.locator('[data-region="hand"]').is_hidden()  # a spectator has no hand panel
    shot(page, "log-bots-min-hwatu")
    page.close()


LAYOUTS = {
    "mushi-2p": ("mushi", 2, {}),
    "min-hwatu-6p": ("min-hwatu", 6, {}),
    "kwa-do-6p-teams": ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]], "yaku": True}),
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_one_screen_at_1366x768(server: Server, browser: Any, layout: str) -> None:
    """Field, hand, seats (names, counts, teams), captures, scores, yaku progress and log are all
    inside a 1366×768 viewport without scrolling; seats have distinct names."""
    game, players, options = LAYOUTS[layout]
    t = _table(server, game, players, 9, options)
    page = _open(browser, server, t["seats"][0]["link"], DESKTOP)
    _my_turn(page)
    page.wait_for_timeout(300)
    for region in REGIONS:
        box = page.locator(f'[data-region="{region}"]').bounding_box()
        assert box is not None and box["height"] > 0, region
        assert box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"] + 0.5, (region, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= DESKTOP["width"] + 0.5, (region, box)
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 8")
    # seats are told apart by their number (from 1) and name: bots by their display name, so
    # several greedy bots share a name and differ by number (issue 28: one number per chip)
    names = page.locator('[data-region="seats"] .seat').evaluate_all(
        "els => els.map(e => e.querySelector('.order').textContent + ' '"
        " + e.querySelector('.name').textContent)")
    assert len(names) == players and len(set(names)) == players
    if "teams" in layout:
        assert page.locator('[data-region="seats"] .team').count() == players
    assert page.locator('[data-region="seats"] .badge', has_text="Dealer").count() == 1
    # only actionable cards are tab stops: the hand's playable cards, no field card
    assert page.locator('[data-region="field"] button').count() == 0
    shot(page, f"one-screen-{layout}")
    assert page.errors == []
    page.context.close()


def test_phone_field_and_hand_first_panels_one_tap_away(server: Server, browser: Any) -> None:
    t = _table(server, "kwa-do", 4, 9, {"teams": [[0, 2], [1, 3]], "yaku": True})
    page = _open(browser, server, t["seats"][0]["link"], PHONE, touch=True)
    _my_turn(page)
    for region in ("field", "hand"):
        box = page.locator(f'[data-region="{region}"]').bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], region
    for tab, region in (("Captures", "captures"), ("Scores", "scores"), ("Yaku", "yaku"), ("Log", "log")):
        page.locator("#tabs button", has_text=tab).tap()
        assert page.locator(f'[data-region="{region}"]').is_visible(), region
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, "phone-kwa-do-log-tab")
    page.context.close()


def test_no_page_is_wider_than_a_phone(server: Server, browser: Any) -> None:
    t = _table(server, "hawaiifuda", 2, 3, {"rounds": 1}, humans=0)
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/tables/{t['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.3)
    # the lobby ("/") is issue 15's page (the lobby engineer's rewrite); every page of this issue:
    pages = ["/cards", "/replay", f"/replay/{t['id']}", "/no/such/page", t["spectator_link"]]
    pages += [f"/rules/{g}" for g in GAMES]
    page = new_page(browser, viewport=PHONE)
    for path in pages:
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], (path, width)
    page.close()


def test_help_panel_and_rules_pages_show_every_yaku_with_its_cards(server: Server, browser: Any) -> None:
    t = _table(server, "kwa-do", 2, 9, {"yaku": True})
    page = _open(browser, server, t["seats"][0]["link"], DESKTOP)
    page.keyboard.press("?")
    page.wait_for_selector('#help[open] [data-region="help"], dialog#help[open]')
    help_ = page.locator('[data-region="help"]')
    help_.locator(".yaku-ref").wait_for()
    reference = httpx.get(f"{server.url}/api/tables/{t['id']}/help").json()
    assert len(reference["yaku"]) > 0
    assert help_.locator(".yaku-ref > li").count() == len(reference["yaku"])
    assert help_.locator(".yaku-ref [data-card]").count() == sum(len(y["cards"]) for y in reference["yaku"])
    assert "Wild card" in help_.inner_text() and "This table's options" in help_.inner_text()
    shot(page, "help-kwa-do")
    page.context.close()
    page = new_page(browser, viewport=DESKTOP)
    for game in GAMES:
        ref = httpx.get(f"{server.url}/api/rules/{game}").json()
        page.goto(f"{server.url}/rules/{game}")
        page.wait_for_selector("#rules .yaku-ref, #rules .no-yaku")
        every = ref["yaku"] + ref["other_yaku"]
        assert page.locator("#rules .yaku-ref > li").count() == len(every), game
        for y in ref["other_yaku"]:
            assert y["enabled_by"] in page.locator("#rules").inner_text()
    shot(page, "rules-last-game")
    page.close()


def test_unknown_pages_answer_html(server: Server) -> None:
    r = httpx.get(server.url + "/no/such/page")
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "Page not found" in r.text
    api = httpx.get(server.url + "/api/tables/nope")
    assert api.status_code == 404 and api.json() == {"detail": "no such table"}

