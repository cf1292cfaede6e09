# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""A yaku moment (issue 33): when a side makes a yaku the table shows a short banner — the yaku's
name in the page's language and its cards drawn as images — in ``[data-region="yaku-moment"]``, a
live region a screen reader hears; it can be dismissed and goes by itself after a few seconds;
under reduced motion it is shown all the same, without its entrance animation."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from hanafuda.words.catalogue import messages

from .conftest import TIMEOUT_MS, shot
from .server import Server
from .test_table_player import AXE


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("yaku-moment")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.5).start()
    yield s
    s.stop()


def _watch(browser: Any, server: Server, lang: str, motion: str, scheme: str = "light") -> Any:
    """A spectator of two greedy bots playing Min-Hwatu (a yaku there does not end the round: its
    summary would take the moment's place), at the first yaku moment shown."""
    r = httpx.post(server.url + "/api/tables", json={"game": "min-hwatu", "players": 2, "seed": 11,
                   "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, reduced_motion=motion, color_scheme=scheme)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    # the moment's words and cards, kept as it is first drawn (it goes by itself a while later)
    page.add_init_script("""new MutationObserver(() => { const m = document.querySelector('[data-region="yaku-moment"] .moment');
      if (m && !window.firstMoment) window.firstMoment = { name: m.querySelector('.moment-name').textContent,
        cards: [...m.querySelectorAll('img[data-card]')].map((i) => i.dataset.card), at: performance.now(),
        made: W.progress.filter((p) => p.sides.some((s) => s.complete)).map((p) => ({ name: p.name, held: p.sides.filter((s) => s.complete).map((s) => [...s.held].sort()) })),
        animated: m.getAnimations().length }; }).observe(document, { childList: true, subtree: true });""")
    page.goto(server.url + str(r.json()["spectator_link"]) + f"&lang={lang}")
    page.wait_for_selector("#seats .seat")
    page.wait_for_function("window.firstMoment", timeout=180_000)
    return page


MOMENT = '[data-region="yaku-moment"] .moment'


def _hold(page: Any) -> None:
    """Points at a yaku moment shown, which holds it (a round's end may take the first one away
    before: then the next)."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        page.wait_for_selector(MOMENT, timeout=180_000)
        try:
            page.hover(MOMENT, timeout=3000)
        except PlaywrightError:
            continue
        if page.evaluate("(s) => { const m = document.querySelector(s); return !!m && m.matches(':hover'); }", MOMENT):
            return
    raise AssertionError("no yaku moment stayed to be pointed at")


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("ja", "dark")])
def test_a_yaku_made_shows_its_name_and_cards_then_goes(server: Server, browser: Any, lang: str, scheme: str) -> None:
    page = _watch(browser, server, lang, "no-preference", scheme)
    region = page.locator('[data-region="yaku-moment"]')
    assert region.get_attribute("aria-live") in ("polite", "assertive")
    first = page.evaluate("window.firstMoment")
    # the name is a yaku just completed, its cards that side's cards of it, drawn as images
    match = [m for m in first["made"] if m["name"] == first["name"]]
    assert match, first
    assert sorted(first["cards"]) in match[0]["held"], first
    assert len(first["cards"]) >= 1
    if lang == "ja":
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", first["name"]), first  # in Japanese
    assert first["animated"] >= 1  # it comes in with a short movement
    # held while pointed at: its button says its job in the page's language, its words read well
    _hold(page)
    held_in = page.evaluate("S.view.round")
    close = page.locator(MOMENT + " .moment-close")
    assert close.get_attribute("aria-label") == messages(lang)["table.moment_close"]
    page.wait_for_function("(s) => document.querySelector(s).getAnimations().length === 0", arg=MOMENT)
    page.add_script_tag(content=AXE.read_text("utf-8"))
    found = page.evaluate("async () => (await axe.run('[data-region=\"yaku-moment\"]', { resultTypes: ['violations'] })).violations.map((v) => v.id)")
    assert found == [], found
    shot(page, f"yaku-moment-{lang}-{scheme}")
    page.wait_for_timeout(5000)
    # held past its time (unless the round's end took it: its summary names the yaku)
    assert page.locator(MOMENT).count() == 1 or page.evaluate(f"S.view.phase === 'between-rounds' || S.view.finished || S.view.round !== {held_in}")
    # let go: it goes by itself within seconds (unless a later yaku has its own banner by then)
    seen = page.evaluate("Number(document.body.dataset.yakuMoments)")
    page.mouse.move(5, 760)
    page.wait_for_function(f"(s) => !document.querySelector(s) || Number(document.body.dataset.yakuMoments) > {seen}",
                           arg=MOMENT, timeout=8000)
    assert page.errors == []
    page.context.close()


def test_under_reduced_motion_the_moment_is_shown_still_and_can_be_dismissed(server: Server, browser: Any) -> None:
    page = _watch(browser, server, "en", "reduce")
    first = page.evaluate("window.firstMoment")
    assert first["animated"] == 0 and first["cards"], first
    _hold(page)
    assert page.locator(MOMENT + " img[data-card]").count() >= 1
    assert page.evaluate("(s) => document.querySelector(s).getAnimations().length", MOMENT) == 0
    # dismissed at once by its button
    page.locator(MOMENT + " .moment-close").click()
    assert page.locator(MOMENT).count() == 0
    assert page.errors == []
    page.context.close()
