"""Koi-Koi at the web table, as people play it (issue 30), in Debian's chromium: real clicks on the
hand cards (``[data-card]``), the choice bar and the round-end dialog.

- With a friend: Ann creates a Koi-Koi table in the lobby with seat 2 "invite", a second browser
  (a phone) opens the invite link and names the seat, and both play until someone makes a yaku
  and is offered the decision (RULES.md §4, Koi-Koi): the first maker calls koi-koi and play goes
  on, a later maker stops — the round ends and BOTH pages show the stopper's score, the score the
  engine's own ``stop_value`` gives for the stopper's captures and calls; then the next round is
  dealt to both.
- With a bot: one person against the greedy bot, played by clicks to the end of a round.

The deals are the server's (a lobby table has no seed), so the test plays whatever comes, round
after round, until both decisions have been seen; a round where no one stops (exhaustion) simply
leads to the next one.  Screenshots go to tests/web/artifacts/koikoi-*.png.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from hanafuda.cards import CODES
from hanafuda.records import Match
from hanafuda.rules import GAMES

from .conftest import ARTIFACTS, TIMEOUT_MS
from .server import Server

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
MAX_ROUNDS = 12
"""Koi-Koi's default match length: the friend test needs one koi-koi and one stop within it."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("koikoi")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.1, "--bot-only-rate", "0",
               "--tables-per-minute", "1000", "--lease-seconds", "3",
               "--rate-limits", "account=1000/1").start()
    yield s
    s.stop()


def _page(browser: Any, viewport: dict[str, int], *, touch: bool = False) -> Any:
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def _state(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "() => ({ mine: myTurn(), phase: S.view.phase, round: S.view.round, legal: S.view.legal, "
        "scores: S.view.round_scores, finished: S.view.finished, logged: S.log.length })")
    return result


def _shot(page: Any, name: str) -> None:
    page.wait_for_function("() => [...document.images].every((i) => i.complete)")
    page.screenshot(path=str(ARTIFACTS / f"koikoi-{name}.png"))


def _click_a_move(page: Any) -> None:
    """One move of this seat as a person makes it: a choice on the bar when one is asked (a
    turned-over card's two matches), else a hand card, then its choice when it has several."""
    page.wait_for_selector("#choice button[data-move], #hand button[data-card]")  # drawn
    bar = page.locator("#choice button[data-move^='take ']")
    if bar.count():
        bar.first.click()
        return
    page.locator("#hand button[data-card]").first.click()
    # the card's own choices (never a decision that arrived meanwhile: the caller asks that)
    if page.locator("#choice button[data-move^='play ']").count():
        page.locator("#choice button[data-move^='play ']").first.click()


def _wait_for_change(page: Any, before: dict[str, Any]) -> None:
    page.wait_for_function(
        "(b) => S.log.length > b.logged || S.view.phase !== b.phase || S.view.round !== b.round",
        arg=before)


def _whose_turn(pages: list[Any], timeout: float = TIMEOUT_MS / 1000) -> tuple[Any, dict[str, Any]] | None:
    """The page whose seat is to move now (its table says so: ``myTurn``), or None when the round
    is over on every page."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = [_state(p) for p in pages]
        if all(s["phase"] in ("between-rounds", "match-over") for s in states):
            return None
        for page, st in zip(pages, states, strict=True):
            if st["mine"]:
                return page, st
        pages[0].wait_for_timeout(100)
    raise AssertionError(f"no seat is asked to move: {[_state(p) for p in pages]}")


def _expected_stop(page: Any) -> int:
    """What the stopper scores by the engine's rule (``KoiKoi.stop_value``: its yaku, the 7-point
    doubling, the bonus of the koi-koi calls), from the stopper's captures and the calls the stored
    moves show — computed here, not read from the page."""
    facts = page.evaluate("() => ({ seat: S.you, captures: S.view.captures, options: S.view.options, "
                          "calls: S.log.filter((e) => e.round === S.view.round && e.text === 'koikoi')"
                          ".map((e) => e.seat) })")
    config = Match("koi-koi", 2, facts["options"]).config
    own = facts["seat"]
    mask = 0
    for code in facts["captures"][own]:
        mask |= 1 << CODES.index(code)
    own_calls = sum(1 for s in facts["calls"] if s == own)
    other_calls = len(facts["calls"]) - own_calls
    value, _terms, _yaku = GAMES["koi-koi"].stop_value(config, mask, own_calls, other_calls)
    return value


def _summary_scores(page: Any) -> list[int]:
    page.wait_for_selector("#summary[open]")
    text = page.locator("#summary").inner_text()
    return [int(n.replace("−", "-")) for n in re.findall(r"[+−-]\d+", text.split("Totals")[0])]


def test_koikoi_with_a_friend_koikoi_then_stop(server: Server, browser: Any) -> None:
    stamp = str(int(time.time() * 1000))[-7:]
    ann = _page(browser, DESKTOP)
    ann.goto(server.url + "/")
    ann.wait_for_selector("body[data-ready]")
    ann.fill("#name-input", f"Ann {stamp}")
    ann.click("#name-form button[type=submit]")
    ann.wait_for_selector("#name-show:not([hidden])")
    ann.select_option("#game", "koi-koi")
    ann.select_option("#seat-1", "invite")
    with ann.expect_response(lambda r: r.url.endswith("/api/social/tables")) as resp:
        ann.click("#create-btn")
    ann.wait_for_selector("#invite:not([hidden])")
    assert resp.value.status == 201
    link = ann.locator("#invite .invite code.url").first.inner_text()
    ann.click("#go-seat")
    ann.wait_for_selector("#hand [data-card]")
    bob = _page(browser, PHONE, touch=True)
    bob.goto(link)
    bob.fill("#seat-name", f"Bob {stamp}")
    bob.click("#seat-name-form button[type=submit]")
    bob.wait_for_selector("#seat-name-box", state="detached")
    bob.wait_for_selector("#hand [data-card]")
    pages = [ann, bob]
    assert [p.evaluate("S.you") for p in pages] == [0, 1]

    called = stopped = False
    for _round in range(MAX_ROUNDS):
        stop_value: int | None = None
        stopper: Any = None
        while (turn := _whose_turn(pages)) is not None:
            page, st = turn
            if "koikoi" in st["legal"]:
                # the decision is asked in words on the choice bar, with both choices
                page.wait_for_selector("#choice button[data-move=koikoi]")
                # each choice says what it does; the stop, the points it scores now
                at_stake = _expected_stop(page)
                assert "play on" in page.locator("#choice button[data-move=koikoi]").inner_text()
                assert f"score {at_stake}" in page.locator("#choice button[data-move=stop]").inner_text()
                name = "ann" if page is ann else "bob"
                if not called:
                    _shot(page, f"decision-{name}")
                    page.click("#choice button[data-move=koikoi]")
                    called = True
                    _wait_for_change(page, st)
                    # play goes on: the other seat is asked next, the round is not over
                    assert page.evaluate("S.view.phase") not in ("between-rounds", "match-over")
                    continue
                stop_value, stopper = at_stake, page
                page.click("#choice button[data-move=stop]")
                _wait_for_change(page, st)
                continue
            _click_a_move(page)
            _wait_for_change(page, st)
        states = [_state(p) for p in pages]
        assert states[0]["scores"] == states[1]["scores"]
        last = states[0]["scores"][-1]
        assert sum(last) == 0, last  # the loser pays the winner
        if stop_value is not None:
            seat = stopper.evaluate("S.you")
            assert last[seat] == stop_value and stop_value > 0, (last, stop_value)
            for page in pages:  # both pages show the round's score in the round-end dialog
                shown = _summary_scores(page)
                said = page.locator("#summary").inner_text()
                assert f"+{stop_value}" in said
                sides = "\n".join(page.locator("#summary .result").all_inner_texts())
                stop_line = page.locator("#summary [data-stop]").inner_text()
                assert "and stopped — scoring" in stop_line, stop_line  # who ended the round, and why
                for name in page.evaluate("W.result.flatMap((r) => r.yaku.map((y) => y.name))"):
                    assert sides.count(name) == 1, (name, said)  # each yaku said once in the account
                    assert name in stop_line, (name, stop_line)
                assert stop_value in shown and -stop_value in shown, shown
            _shot(ann, "round-end-ann")
            _shot(bob, "round-end-bob")
            stopped = True
        if states[0]["finished"] or (called and stopped):
            break
        # the match goes on: the next round is dealt to both
        number = states[0]["round"]
        for page in pages:
            page.wait_for_selector("#summary[open]")
        ann.click("#next-round")
        for page in pages:
            page.wait_for_function("(r) => S.view.round > r && S.view.hand.length === 8", arg=number)
        if bob.locator("#summary[open]").count():
            bob.click("#close-summary")
    assert called and stopped, "no koi-koi call and stop in a whole match"
    if not _state(ann)["finished"]:
        number = _state(ann)["round"]
        ann.click("#next-round")
        for page in pages:
            page.wait_for_function("(r) => S.view.round === r + 1 && S.view.hand.length === 8", arg=number)
            assert page.locator("#hand [data-card]").count() == 8
    assert ann.errors == [] and bob.errors == []


def test_koikoi_with_a_bot_to_the_end_of_a_round(server: Server, browser: Any) -> None:
    import httpx

    r = httpx.post(server.url + "/api/tables", json={
        "game": "koi-koi", "players": 2, "seed": 11,
        "seats": [{"kind": "human", "name": "Cleo"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    page = _page(browser, DESKTOP)
    page.goto(server.url + str(r.json()["seats"][0]["link"]))
    page.wait_for_selector("#hand [data-card]")
    moves = 0
    while (turn := _whose_turn([page])) is not None:
        _page_, st = turn
        if "koikoi" in st["legal"]:
            page.wait_for_selector("#choice button[data-move=stop]:has-text('stop: score')")
            page.click("#choice button[data-move=stop]")
        else:
            _click_a_move(page)
        moves += 1
        _wait_for_change(page, st)
    assert moves >= 1
    scores = _state(page)["scores"]
    assert len(scores) == 1 and sum(scores[0]) == 0, scores
    page.wait_for_selector("#summary[open]")
    text = page.locator("#summary").inner_text()
    assert "Round 1 over" in text and "Casual bot" in text, text
    assert page.errors == []
