# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The last layout defects a new player met at the table (issue 28, "the player fixes"), measured
in Debian's chromium as a person sees them:

- at 1366×768 a long turn line (English Koi-Koi's stop-or-koi-koi sentence, Hawaiʻifuda's "choose
  what Pōhuehue & Kaunaʻoa Rubbish takes" beside the Hint button) wrapped the table's bar from 40 to
  72 px and moved the whole table down: the bar now says "Your turn" and the sentence stands whole
  over its choices, so neither the bar nor the field moves; in Japanese and Korean, and on a phone;
- on a 390×844 phone the choice bar's fixed slot left a ~130 px gap between the field and the hand:
  the choices now lie under the hand, as tall as they need, so the gap is small and opening a
  choice (a capture's, Koi-Koi's decision) moves no card; each choice a 44 px tap target on screen;
- the leaderboard's "? = provisional…" note never ends a line on a lone "?";
- the replay names each seat as the table and its log do ("Casual bot (seat 2)", one numbering and
  one spelling), an uploaded record's seats plainly ("Seat 1", not "Seat 1 (seat 1)").
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hanafuda.web.replay import table_body, upload_body

from .conftest import shot
from .server import Server
from .test_table_layout_s37 import _axe_in
from .test_table_layout_s37 import _open as open_page

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-layout-s40")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.2).start()
    yield s
    s.stop()


def _table(server: Server, game: str, seed: int, hints: bool = False) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]
    r = httpx.post(server.url + "/api/tables", json={"game": game, "players": 2, "seed": seed, "hints": hints, "seats": seats})
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    return t


def _open(browser: Any, server: Server, link: str, viewport: dict[str, int], *, touch: bool = False, lang: str = "en",
          scheme: str = "light") -> Any:
    """The page at ``link`` (s37's ``_open``), waiting for nothing: each test waits for its own."""
    return open_page(browser, server, link, viewport, touch=touch, lang=lang, scheme=scheme, wait=None)


def _settled(page: Any) -> None:
    """Two frames drawn: what the page shows is what a person sees."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def _my_turn(page: Any) -> None:
    """The table waits on this person, and the socket's hello has been answered (its seat update
    comes first, and would otherwise re-render over a measurement on a loaded machine)."""
    page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0 && myTurn()"
                           " && document.getElementById('social') !== null")
    _settled(page)


# the bar, the field and the hand as a person sees them; the decision's words and its choices
LOOK = """() => { const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, h: r.height }; };
  const turn = document.getElementById('turn'), head = document.querySelector('#choice > strong'), choice = document.getElementById('choice');
  return { bar: box(document.querySelector('.tablebar')).h, field: box(document.getElementById('field')).top,
    cards: [...document.querySelectorAll('#field .card, #hand .card')].map((c) => [c.dataset.card, box(c).left, box(c).top]),
    fieldBottom: Math.max(...[...document.querySelectorAll('#field .card')].map((c) => box(c).bottom)),
    handTop: Math.min(...[...document.querySelectorAll('#hand .card')].map((c) => box(c).top)),
    turn: turn.textContent, turnWhole: turn.scrollWidth <= turn.clientWidth,
    head: head ? { text: head.textContent, box: box(head), whole: head.scrollWidth <= head.clientWidth, shown: getComputedStyle(head).display !== 'none' && head.className !== 'sr-only' } : null,
    choice: box(choice), buttons: [...choice.querySelectorAll('button')].map(box),
    sentence: W.turn, yourTurn: HF.t('table.your_turn'), sideways: document.documentElement.scrollWidth > innerWidth }; }"""


def _play_to(page: Any, phase: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play this seat's turns (each the move that takes most) until it is asked ``phase`` (Koi-Koi's
    "koikoi", a turned-over card's "take"); the last look at the table on a plain turn (a card to
    play, the short "Your turn: play a card"), and the look when the decision came."""
    plain = None
    page.wait_for_selector("#hand [data-card]")
    for _ in range(200):
        page.wait_for_function("(S && S.view.to_move === S.you && myTurn() && document.getElementById('social') !== null) || document.querySelector('#summary').open")
        st = page.evaluate("({ phase: S.view.phase, open: document.querySelector('#summary').open, finished: S.view.finished, round: S.view.round, n: S.log.length })")
        assert not st["finished"], "the match ended before the decision came"
        if st["open"]:  # a round ended: the next one
            page.click("#next-round")
            page.wait_for_function("(r) => S.view.round > r || !document.querySelector('#summary').open", arg=st["round"])
            continue
        _settled(page)
        if st["phase"] == phase:
            return plain or {}, page.evaluate(LOOK)
        if st["phase"] == "play":
            plain = page.evaluate(LOOK)
        move = page.evaluate("(() => { const ms = W.legal.filter((m) => m.move !== 'koikoi'); ms.sort((a, b) => (b.takes || []).length - (a.takes || []).length); return ms[0].move; })()")
        page.evaluate("(m) => doMove(m)", move)
        page.wait_for_function("(b) => S.log.length > b.n || S.view.phase !== b.phase || S.view.round !== b.round", arg=st)
    raise AssertionError(f"no {phase} decision in 200 turns")


CASES = [  # game, seed, hints, phase, viewport, touch, language
    ("koi-koi", 5, False, "koikoi", DESKTOP, False, "en"),
    ("koi-koi", 5, False, "koikoi", DESKTOP, False, "ja"),
    ("koi-koi", 5, False, "koikoi", DESKTOP, False, "ko"),
    ("koi-koi", 5, False, "koikoi", PHONE, True, "en"),
    ("koi-koi", 5, False, "koikoi", PHONE, True, "ja"),
    ("hawaiifuda", 1, True, "take", DESKTOP, False, "en"),
    ("hawaiifuda", 1, True, "take", PHONE, True, "en"),
]


@pytest.mark.parametrize(("game", "seed", "hints", "phase", "viewport", "touch", "lang"), CASES,
                         ids=[f"{c[0]}-{c[4]['width']}-{c[6]}" for c in CASES])
def test_a_long_turn_line_moves_nothing_and_is_read_whole_over_its_choices(
        server: Server, browser: Any, game: str, seed: int, hints: bool, phase: str, viewport: dict[str, int], touch: bool, lang: str) -> None:
    """English Koi-Koi's "Your turn: you made Moon Viewing Sake (tsukimi-zake) — stop now and score
    5 points, or koi-koi to play on for more" (1041 px) and Hawaiʻifuda's "Your turn: choose what
    Pōhuehue & Kaunaʻoa Rubbish takes" beside the Hint button wrapped the bar to 72 px and moved the
    table down 31 px. The bar now keeps its height and the field its place (±1 px) when the decision
    comes; the bar says "Your turn" whole; the whole sentence stands over the choices, inside the
    choice bar and the screen, not cut."""
    page = _open(browser, server, _table(server, game, seed, hints)["seats"][0]["link"], viewport, touch=touch, lang=lang)
    plain, asked = _play_to(page, phase)
    assert plain, "no plain turn before the decision"
    assert abs(asked["bar"] - plain["bar"]) <= 1, (plain["bar"], asked["bar"])
    assert abs(asked["field"] - plain["field"]) <= 1, (plain["field"], asked["field"])
    assert asked["turn"] == asked["yourTurn"] and asked["turnWhole"], asked["turn"]
    head = asked["head"]
    assert head is not None and head["shown"] and head["text"] == asked["sentence"], (head, asked["sentence"])
    assert head["text"].startswith(asked["yourTurn"]) and len(head["text"]) > len(asked["yourTurn"]) + 10, head
    assert head["whole"] and head["box"]["h"] > 10, head
    inside = asked["choice"]
    assert head["box"]["left"] >= 0 and head["box"]["right"] <= viewport["width"], head
    assert head["box"]["top"] >= max(0, inside["top"] - 0.5) and head["box"]["bottom"] <= min(viewport["height"], inside["bottom"] + 0.5), (head, inside)
    assert asked["buttons"], asked
    for b in asked["buttons"]:  # the choices whole on screen, under the sentence or beside it
        assert b["top"] >= 0 and b["bottom"] <= viewport["height"] and b["left"] >= 0 and b["right"] <= viewport["width"], b
    assert not asked["sideways"]
    shot(page, f"s40-decision-{game}-{viewport['width']}-{lang}")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_decisions_sentence_reads_on_the_felt(server: Server, browser: Any, scheme: str) -> None:
    """The sentence now shown over the choices (light ink on the felt) and its choices pass
    axe-core, in the light and the dark scheme."""
    page = _open(browser, server, _table(server, "koi-koi", 5)["seats"][0]["link"], DESKTOP, scheme=scheme)
    _play_to(page, "koikoi")
    assert page.locator("#choice > strong.turn-words").is_visible()
    assert _axe_in(page, "#choice") == []
    assert page.errors == []
    page.context.close()


# the cards' places with and without the choices drawn, in one task of the page (no message between)
WITHOUT_CHOICES = """(look) => { const with_ = look(); VIEW.renderTable(S, { ...ui(), choices: [] }); const without = look(); VIEW.renderTable(S, ui());
  return { with_, without }; }"""
PLACES = "() => [...document.querySelectorAll('#field .card, #hand .card')].map((c) => { const r = c.getBoundingClientRect(); return [c.dataset.card, r.x + scrollX, r.y + scrollY]; })"


def _same_places(a: list[Any], b: list[Any]) -> None:
    assert [c[0] for c in a] == [c[0] for c in b], (a, b)
    moved = [(x, y) for x, y in zip(a, b, strict=True) if abs(x[1] - y[1]) > 1 or abs(x[2] - y[2]) > 1]
    assert moved == [], moved


def _choice_buttons_fit(page: Any) -> None:
    """Every choice at least 40 px tall (a finger's tap) and whole on the phone's screen."""
    boxes = page.evaluate("[...document.querySelectorAll('#choice button')].map((b) => { const r = b.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, r.height]; })")
    assert boxes, "no choice shown"
    for left, top, right, bottom, height in boxes:
        assert height >= 40 and left >= 0 and top >= 0 and right <= PHONE["width"] and bottom <= PHONE["height"], boxes
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_keeps_the_hand_by_the_field_and_a_capture_choice_moves_no_card(server: Server, browser: Any, lang: str) -> None:
    """Koi-Koi's deal of seed 5 (eight field cards in two rows): the hand starts at most 48 px under
    the field's last row (it was ~160 px: the choice bar's empty slot lay between). A tap on Wisteria
    Chaff, which may take either wisteria on the field, opens its two choices under the hand: no card
    of the field or the hand moves, and each choice is a tap target on screen."""
    page = _open(browser, server, _table(server, "koi-koi", 5)["seats"][0]["link"], PHONE, touch=True, lang=lang)
    page.wait_for_selector("#hand [data-card]")
    _my_turn(page)
    look = page.evaluate(LOOK)
    assert look["handTop"] - look["fieldBottom"] <= 48, (look["fieldBottom"], look["handTop"])
    assert look["handTop"] > look["fieldBottom"], look  # the hand under the field, not over it
    before = page.evaluate(PLACES)
    page.locator('#hand [data-card="wisteria-chaff1"]').tap()
    page.wait_for_selector("#choice button[data-move^='play wisteria-chaff1 take']")
    _settled(page)
    assert page.locator("#choice button[data-move]").count() == 2
    _same_places(before, page.evaluate(PLACES))
    _choice_buttons_fit(page)
    shot(page, f"s40-phone-capture-choice-{lang}")
    assert page.errors == []
    page.context.close()


def test_a_phone_koikoi_decision_moves_no_card(server: Server, browser: Any) -> None:
    """Koi-Koi's stop or koi-koi on a phone: its sentence and its two choices lie under the hand;
    drawn with or without them, no field or hand card is in another place, and both choices are
    44 px tap targets on screen."""
    page = _open(browser, server, _table(server, "koi-koi", 5)["seats"][0]["link"], PHONE, touch=True)
    _play_to(page, "koikoi")
    got = page.evaluate(f"() => ({WITHOUT_CHOICES})({PLACES})")
    assert got["with_"] and len(got["with_"]) == len(got["without"]), got
    _same_places(got["with_"], got["without"])
    _settled(page)
    assert page.locator("#choice button[data-move=stop]").is_visible() and page.locator("#choice button[data-move=koikoi]").is_visible()
    _choice_buttons_fit(page)
    look = page.evaluate(LOOK)
    assert look["buttons"][0]["top"] > look["handTop"], look  # under the hand
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_leaderboard_note_never_ends_a_line_on_a_lone_question_mark(server: Server, browser: Any, lang: str) -> None:
    """"? = Provisional: …" on a phone: at every width of the note from 120 px to the phone's, the
    "?" stands on the line of the words it explains (a Korean phone showed it alone at a line's end)."""
    page = _open(browser, server, "/leaderboard/koi-koi", PHONE, touch=True, lang=lang)
    page.wait_for_function("document.getElementById('start-note').textContent.includes('?')")
    lines = page.evaluate("""() => { const note = document.getElementById('start-note'), text = note.firstChild, at = text.data.lastIndexOf('?');
      const top = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1); return Math.round(r.getClientRects()[0].top); };
      const out = [];  // "?", no-break space, "=", no-break space, then the words' first letter (at + 4)
      for (let w = 120; w <= 390; w += 2) { note.style.width = w + 'px'; note.style.display = 'block'; out.push([w, top(at), top(at + 4)]); }
      note.style.width = ''; return out; }""")
    apart = [(w, q, after) for w, q, after in lines if q != after]
    assert apart == [], apart
    assert page.evaluate("document.getElementById('start-note').textContent").count("?\u00a0=\u00a0") == 1
    assert page.errors == []
    page.context.close()


def test_the_replay_names_each_seat_as_the_table_does(server: Server, browser: Any) -> None:
    """Two Casual bots' finished match: the replay's hands, piles, perspective menu and totals say
    "Casual bot (seat 1)" and "Casual bot (seat 2)", as the table's log and the replay's own step
    lines do (it said "Casual bot (Seat 1)"); in Japanese as the Japanese table does."""
    done = server.finished_bots_table("koi-koi", 3)
    for lang, want in (("en", ["Casual bot (seat 1)", "Casual bot (seat 2)"]), ("ja", ["初級ボット（1番席）", "初級ボット（2番席）"])):
        page = _open(browser, server, f"/replay/{done['id']}", DESKTOP, lang=lang)
        page.wait_for_selector("#viewer:not([hidden]) #hands .seatbox")
        heads = [h.split(" ◀")[0] for h in page.locator("#hands .seatbox strong").all_inner_texts()]
        assert heads == want, heads
        assert page.locator("#piles h3").all_inner_texts() == want
        menu = page.eval_on_selector_all("#perspective option", "os => os.map((o) => o.textContent)")
        assert all(any(w in m for m in menu) for w in want), menu
        assert all(w in page.locator("#scores").inner_text() for w in want)
        # the step lines name the seats the same way (the table's log: words' Namer.seat)
        said = page.evaluate("R.frames.map((f) => f.label)")
        assert any(line.startswith(want[0]) for line in said) and any(line.startswith(want[1]) for line in said), said[:5]
        if lang == "en":
            assert not any("(Seat" in line for line in said)
        shot(page, f"s40-replay-{lang}")
        assert page.errors == []
        page.context.close()


RECORD = Path(__file__).parents[1] / "records" / "mushi-2p-target60.json"


@pytest.mark.parametrize(("lang", "want"), [("en", ["Seat 1", "Seat 2"]), ("ko", ["1번 자리", "2번 자리"])])
def test_an_uploaded_records_seats_are_named_once(lang: str, want: list[str]) -> None:
    """A record carries no names: its seats are "Seat 1", "Seat 2" in the replay's labels and its
    step lines ("Seat 1 played …"), never "Seat 1 (seat 1)"."""
    got = json.loads(upload_body(RECORD.read_bytes(), lang))
    assert got["seats"] == want and got["labels"] == want
    lines = [f["label"] for f in got["frames"]]
    assert any(line.startswith(want[0]) for line in lines), lines[:4]
    assert not any(f"{want[0]} (" in line or f"{want[0]}(" in line for line in lines), lines[:4]


def test_a_finished_tables_labels_are_its_logs() -> None:
    """A finished table's replay labels each seat as the table's log does (words' ``Namer.seat``)."""
    import gzip

    from hanafuda.records import Match

    match = Match("koi-koi", 2, {"rounds": 1}, seed=3)
    while not match.finished:
        match.play(match.legal_moves()[0])
    got = json.loads(gzip.decompress(table_body(match, ["Casual bot", "Ann"], "hanafuda", "en", frozenset({0}))))
    assert got["labels"] == ["Casual bot (seat 1)", "Ann (seat 2)"]
    assert got["seats"] == ["Casual bot", "Ann"]
