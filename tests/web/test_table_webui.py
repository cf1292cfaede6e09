"""The table page's additions of issues 13–15, in Debian's chromium at 1366×768 and 390×844: the
hint button (and key ``h``), the table protocol's patches with a gap, a reconnect and a round's
end (``web.messages``), the match-end hook
the social panel's rematch button listens to, and a long choice bar that wraps on a phone without
moving the hand.  Screenshots go to tests/web/artifacts/."""

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


def _frames(page: Any) -> list[dict[str, Any]]:
    """Every state or patch the page's table socket receives, recorded from now on."""
    import json

    got: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        def on_frame(payload: Any) -> None:
            msg = json.loads(payload)
            if msg.get("type") in ("state", "patch"):
                logs = [op[3] if op[0] == "cut" else op[2] for op in msg.get("ops", [])
                        if op[1] in (["log"], ["words", "log"]) and op[0] != "del"]
                got.append({"url": ws.url, "type": msg["type"], "bytes": len(payload), "v": msg["v"],
                            "base": msg.get("base"), "log_entries": max(map(len, logs), default=0)})
        ws.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return got


def _play_my_turns(page: Any, turns: int) -> None:
    """Make ``turns`` of this seat's decisions (the first legal choice each time)."""
    for _ in range(turns):
        _my_turn(page)
        before = page.evaluate("W.log.length")
        page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"W.log.length > {before}")


@pytest.mark.parametrize(("size", "viewport", "touch"), SIZES)
def test_table_page_follows_patches_asks_on_a_gap_and_a_reconnect_restores_everything(
        server: Server, browser: Any, size: str, viewport: dict[str, int], touch: bool) -> None:
    t = _table(server, _first_mover_seed(), hints=False)
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    frames = _frames(page)
    page.goto(server.url + t["seats"][0]["link"])
    page.wait_for_selector("#hand [data-card]")
    _play_my_turns(page, 3)
    assert frames[0]["type"] == "state"  # the first is whole, then patches, each from the last
    patches = frames[1:]
    assert patches and all(f["type"] == "patch" for f in patches), frames
    assert all(f["base"] == prev["v"] for prev, f in zip(frames, patches, strict=False)), frames
    assert all(f["log_entries"] <= 2 for f in patches), frames  # only what changed
    # a gap (the page holds another version than the next patch's base): it asks, gets the
    # whole state once, and goes on with patches
    count = len(frames)
    page.evaluate("TableSync.state.v = -7")
    _play_my_turns(page, 2)
    kinds = [f["type"] for f in frames[count:]]
    assert kinds.count("state") == 1 and kinds[-1] == "patch", frames[count:]
    # a dropped connection: the new socket's first message is the whole state, nothing is lost
    count = len(frames)
    page.evaluate("ws.close()")
    page.wait_for_function("document.querySelector('#conn').textContent === 'connected'")
    _play_my_turns(page, 2)
    kinds = [f["type"] for f in frames[count:]]  # (a patch of the old socket may come first)
    assert "state" in kinds and all(k == "patch" for k in kinds[kinds.index("state") + 1:]), kinds
    _my_turn(page)
    held = page.evaluate("[S.log.map((e) => e.text), W.log.map((e) => e.text)]")
    # a page opened now gets the whole log in one piece: the same log
    other = ctx.new_page()
    other.goto(server.url + t["seats"][0]["link"])
    other.wait_for_selector("#hand [data-card]")
    _my_turn(other)
    assert other.evaluate("[S.log.map((e) => e.text), W.log.map((e) => e.text)]") == held
    assert len(held[0]) >= 10
    assert page.locator("#log li").count() == len(held[1])
    shot(page, f"patches-{size}")
    # on to the next round: the round that ended is told again, rewritten (a "cut" of the words
    # log); the page's log is still the one a page opened afterwards gets whole
    _play_into_round(page, 2)
    _my_turn(page)
    held = page.evaluate("[S.log.map((e) => e.text), W.log.map((e) => e.text)]")
    third = ctx.new_page()
    third.goto(server.url + t["seats"][0]["link"])
    third.wait_for_selector("#hand [data-card]")
    _my_turn(third)
    assert third.evaluate("[S.log.map((e) => e.text), W.log.map((e) => e.text)]") == held
    assert page.locator("#log li").count() == len(held[1])
    assert errors == []
    ctx.close()


def _play_into_round(page: Any, number: int) -> None:
    """Play this seat's decisions (first legal) and deal on until round ``number`` is dealt."""
    for _ in range(200):
        if page.evaluate("S.view.round") >= number:
            return
        page.wait_for_function("S.view.phase === 'between-rounds' || "
                               "(S.view.to_move === S.you && S.view.legal.length > 0)")
        before = page.evaluate("S.log.length")
        if page.evaluate("S.view.phase") == "between-rounds":
            page.evaluate("send({ type: 'next-round' })")
        else:
            page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"S.log.length > {before}")
    raise AssertionError(f"round {number} was not reached")


@pytest.mark.parametrize(("size", "viewport", "touch"), SIZES)
def test_rematch_button_comes_from_the_match_end_hook_without_polling(
        server: Server, browser: Any, size: str, viewport: dict[str, int], touch: bool) -> None:
    t = _table(server, _first_mover_seed(), hints=False, options={"rounds": 1})
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.add_init_script("window.matchEnds = 0; document.addEventListener('hanafuda:match-end', "
                        "(e) => { window.matchEnds += 1; window.matchEnd = e.detail; });")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if f"/api/tables/{t['id']}" in r.url else None)
    page.goto(server.url + t["seats"][0]["link"])
    page.wait_for_selector("#hand [data-card]")
    page.wait_for_selector("#social")
    assert page.locator(".rematch-btn").count() == 0
    for _ in range(60):  # this seat's decisions until the match is over
        page.wait_for_function("S.view.finished || (S.view.to_move === S.you && W.legal.length > 0)")
        if page.evaluate("S.view.finished"):
            break
        before = page.evaluate("W.log.length")
        page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function(f"W.log.length > {before} || S.view.finished")
    page.wait_for_selector("#summary[open] .rematch-btn")
    assert page.evaluate("window.matchEnds") == 1
    assert page.evaluate("window.matchEnd") == {"table": t["id"], "seat": 0, "creator": False}
    assert page.evaluate("document.body.dataset.matchOver") == "1"
    assert page.locator("#rematch").count() == 1
    # no polling: the page asked about its table at most once (the theme, at start-up)
    assert len([u for u in asked if "/help" not in u]) <= 1, asked
    shot(page, f"rematch-{size}")
    page.locator("#summary[open] .rematch-btn").click()
    page.wait_for_url(lambda url: "/table/" in url and t["id"] not in url)
    page.wait_for_selector("#hand [data-card]")
    assert errors == []
    ctx.close()


LATIN_WORD = r"[A-Za-z]{3,}"


SCRIPTS = {"ko": r"[\uac00-\ud7a3]", "ja": r"[\u3040-\u30ff\u4e00-\u9fff]"}
"""Hangul for Korean, kana or kanji for Japanese."""


@pytest.mark.parametrize(("lang", "size", "viewport", "touch"),
                         [("ko", *SIZES[0]), ("ko", *SIZES[1]), ("ja", *SIZES[0])])
def test_lobby_in_korean_shows_no_english_option_words(server: Server, browser: Any, lang: str, size: str,
                                                        viewport: dict[str, int], touch: bool) -> None:
    import re

    from hanafuda.rules import GAMES

    from .test_lobby_browser import no_sideways_scroll, person

    device = {"viewport": viewport, "has_touch": touch, "is_mobile": touch}
    page = person(browser, server, f"Lang {lang} {size}", device, path=f"/?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    seen = 0
    for gid, game in GAMES.items():
        page.select_option("#game", gid)
        page.select_option("#players", str(max(game.player_counts())))
        page.check("#preset-custom")
        texts = page.evaluate("""() => {
          const out = [document.querySelector('#game-summary').innerText,
                       ...[...document.querySelectorAll('#presets label')].map((e) => e.innerText)];
          for (const row of document.querySelectorAll('#options label.opt')) {
            out.push(...[...row.querySelectorAll(':scope > span')].map((e) => e.innerText));
            out.push(...[...row.querySelectorAll('option')].map((e) => e.text));
          }
          return out.filter((t) => t.trim());
        }""")
        assert len(texts) > 3, gid
        for text in texts:
            if re.fullmatch(r"[\d\s()]+", text):
                continue
            assert re.search(SCRIPTS[lang], text), (gid, text)
            assert not re.search(LATIN_WORD, text), (gid, text)
        seen += len(texts)
        no_sideways_scroll(page)
    for preset in page.locator("#presets label").all_inner_texts():
        assert not re.search(LATIN_WORD, preset), preset
    assert seen > 80
    page.select_option("#game", "min-hwatu")
    page.check("#preset-custom")
    shot(page, f"lobby-{lang}-options-{size}")
    assert page.errors == []
    page.context.close()


def test_a_long_choice_bar_wraps_on_a_phone_without_moving_the_hand(server: Server, browser: Any) -> None:
    """Kwa-Dō with declared Sakura sets: the Curtain has four outcomes (two captures, two
    declarations).  On 390×844 the bar wraps onto lines of its own height (nothing scrolls
    sideways, every choice is on screen) and the hand's and field's boxes do not move."""
    options = {"yaku": True, "declare_sets": True}
    seed = next(s for s in range(400) if Match("kwa-do", 2, options, seed=s).to_move == 0
                and len([m for m in Match("kwa-do", 2, options, seed=s).legal_moves()
                         if m.split()[1] == "cherry-curtain"]) >= 4)
    t = _table(server, seed, hints=False, game="kwa-do", options=options)
    for size, viewport, touch in SIZES:
        page = _open(browser, server, t["seats"][0]["link"], viewport, touch)
        _my_turn(page)
        hand = page.locator('[data-region="hand"]').bounding_box()
        field = page.locator('[data-region="field"]').bounding_box()
        card = page.locator('[data-region="hand"] [data-card="cherry-curtain"]')
        card.tap() if touch else card.click()
        page.wait_for_selector("#choice [data-cancel]")
        assert page.locator("#choice button[data-move]").count() == 4
        assert page.locator('[data-region="hand"]').bounding_box() == hand
        assert page.locator('[data-region="field"]').bounding_box() == field
        bar = page.locator("#choice")
        shot(page, f"choice-long-{size}")
        assert bar.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "the bar scrolls sideways"
        box = bar.bounding_box()
        for b in page.locator("#choice button").all():
            r = b.bounding_box()
            assert box["x"] - 1 <= r["x"] and r["x"] + r["width"] <= box["x"] + box["width"] + 1, r
            assert box["y"] - 1 <= r["y"] and r["y"] + r["height"] <= box["y"] + box["height"] + 1, r
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.locator("#choice [data-cancel]").click()
        page.context.close()
        t = _table(server, seed, hints=False, game="kwa-do", options=options)  # one browser per link


def test_a_hint_for_a_turned_over_cards_choice_marks_its_field_card(server: Server, browser: Any) -> None:
    """Mushi seed 24: seat 0 plays the cherry chaff and the stock turns over the wild lightning,
    so the next decision is which field card it takes.  The hint of the first decision goes when
    it is made; the hint of the second marks the field card to take."""
    m = Match("mushi", 2, seed=24)
    m.play("play cherry-chaff2")
    assert m.to_move == 0 and all(mv.startswith("take") for mv in m.legal_moves())
    expected = hint(m.view(0))
    t = _table(server, 24, hints=True)
    page = _open(browser, server, t["seats"][0]["link"], DESKTOP, False)
    _my_turn(page)
    page.keyboard.press("h")
    page.wait_for_selector('[data-region="hand"] [data-hint="best"]')
    page.evaluate("send({ type: 'move', move: 'play cherry-chaff2' })")
    page.wait_for_function("S.view.legal.length > 1 && S.view.legal.every((m) => m.startsWith('take'))")
    page.wait_for_function("!document.querySelector('[data-hint]') && document.querySelector('#hint').hidden")
    # the wild card's seven choices fit the bar: nothing sideways, nothing cut off
    bar = page.locator("#choice")
    assert page.locator("#choice button[data-move]").count() == 7
    assert bar.evaluate("(e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight")
    # the sentence over seven choices would push the last out of the bar: the bar's turn line says it
    assert page.evaluate("document.getElementById('turn').textContent === W.turn"
                         " && W.turn.includes('Lightning')")
    page.keyboard.press("h")
    page.wait_for_selector('[data-region="field"] [data-hint="best"]')
    assert page.locator('[data-hint="best"]').get_attribute("data-card") == expected.best.split()[-1]
    assert page.locator("#hint-lines li").first.inner_text().startswith("Best: ")
    shot(page, "hint-take-desktop")
    assert page.errors == []
    page.context.close()
