# ruff: noqa: E501  (the page script and its selectors read best unbroken)
"""Japanese and Korean everywhere (issue 15): every catalogue complete in ja and ko, every key a
page names present, and every page type opened with ``?lang=ja``/``?lang=ko`` in a real browser
shows ``<html lang>`` right and none of the English catalogue's UI strings."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest

from hanafuda.cards import CARDS
from hanafuda.rules import GAMES
from hanafuda.rules.options import OptionError
from hanafuda.web.limits import DEFAULT_LIMITS, Limit, RateLimited
from hanafuda.web.pages import STATIC
from hanafuda.web.requests import TextError, check_chat, check_name
from hanafuda.web.social.accounts import check_password
from hanafuda.web.social.i18n import LANGUAGES, PageError, catalogue, render_page, say_error
from hanafuda.words import Namer
from hanafuda.words.catalogue import messages
from hanafuda.words.catalogue import text as words_text
from hanafuda.words.languages import (
    allowed_words,
    choice_text,
    default_words,
    game_summary,
    how_to_play,
    option_text,
    yaku_name,
)
from hanafuda.words.progress import yaku_in_force

from .conftest import ARTIFACTS, TIMEOUT_MS, new_page
from .server import Server
from .wsutil import create, next_state

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
KEY_USE = re.compile(r'data-t(?:-label|-title|-placeholder)?="([^"]+)"|\b(?:HF\.t|T|t)\(\s*"([a-z_]+\.[a-z0-9_.]+)"')


def _catalogue(lang: str) -> dict[str, str]:
    """The interface part of the one catalogue (``hanafuda/locales``) the pages get."""
    return catalogue(lang)


ENGLISH = _catalogue("en")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_english_message_is_translated(lang: str) -> None:
    own = _catalogue(lang)
    missing = [k for k in ENGLISH if not own.get(k, "").strip()]
    assert not missing, f"{lang} lacks {missing}"
    assert not set(own) - set(ENGLISH), f"{lang} has keys English lacks: {set(own) - set(ENGLISH)}"
    for key, text in ENGLISH.items():  # the same {placeholders}: none lost, none invented
        assert sorted(PLACEHOLDER.findall(own[key])) == sorted(PLACEHOLDER.findall(text)), (lang, key)
    # translated, not copied: only names, codes and bare placeholders may read the same
    same = [k for k, t in ENGLISH.items() if own[k] == t and re.search(r"[a-z]{3,}", PLACEHOLDER.sub("", t))]
    assert not same, f"{lang} leaves English in {same}"


def test_the_tables_notices_are_in_every_catalogue() -> None:
    """A notice is sent as a key and data (``SocialHub.notice``); the page words it from these."""
    keys = ["clock.round", "clock.move", "notice.list_sep"] + [
        f"notice.move.{k}" for k in ("play", "takes", "koikoi", "stop", "expose", "other")]
    for lang in ("en", *OTHERS):
        assert all(_catalogue(lang).get(k, "").strip() for k in keys), lang
    assert "{move}" in ENGLISH["clock.move"] and "{takes}" in ENGLISH["notice.move.takes"]


def test_every_key_a_page_names_is_in_the_catalogue() -> None:
    used: set[str] = set()
    for path in STATIC.rglob("*"):  # the table page's modules (static/table/) too
        if path.suffix in (".html", ".js"):
            used |= {a or b for a, b in KEY_USE.findall(path.read_text("utf-8"))}
    assert used, "no page names a message"
    assert not used - set(ENGLISH), sorted(used - set(ENGLISH))


@pytest.mark.parametrize("lang", OTHERS)
def test_pages_are_served_in_the_language(lang: str) -> None:
    """Every static page rendered in ``lang``: each ``data-t`` element's text and each
    ``data-t-label``/``-title``/``-placeholder`` attribute is the catalogue's, ``<html lang>`` is
    set, the catalogue travels in the head, and nothing else of the page changes."""
    for path in STATIC.glob("*.html"):
        source = path.read_text("utf-8")
        page = render_page(source, lang, table=path.name == "table.html")
        assert f'<html lang="{lang}"' in page and 'id="hf-messages"' in page, path.name
        for element in _elements(page, "data-t"):
            assert element["text"] == _catalogue(lang)[element["data-t"]], (path.name, element)
        for short, attr in (("label", "aria-label"), ("title", "title"), ("placeholder", "placeholder")):
            for element in _elements(page, f"data-t-{short}"):
                assert element[attr] == _catalogue(lang)[element[f"data-t-{short}"]], (path.name, element)
        assert len(_elements(page, "data-t")) == len(_elements(source, "data-t")), path.name
        assert ("social-table.js" in page) == (path.name == "table.html")


def _elements(page: str, attr: str) -> list[dict[str, str]]:
    """The attributes of every element of ``page`` carrying ``attr``, with its text as "text"."""
    from html.parser import HTMLParser

    found: list[dict[str, str]] = []
    open_: list[dict[str, str]] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            values = {k: v or "" for k, v in attrs}
            if attr in values:
                values["text"] = ""
                found.append(values)
                open_.append(values)
            else:
                open_.append({})

        def handle_endtag(self, tag: str) -> None:
            if open_:
                open_.pop()

        def handle_data(self, data: str) -> None:
            if open_ and "text" in open_[-1]:
                open_[-1]["text"] += data

    reader = Reader()
    reader.feed(page)
    return found


def test_render_page_sets_text_and_attributes_and_escapes() -> None:
    page = ('<html lang="en"><head><title>x</title></head><body><p data-t="table.hint">Hint</p>'
            '<button title="x" data-t-title="table.help" aria-label="a &amp; b">?</button><br/>'
            '<input data-t-placeholder="table.hint" disabled></body></html>')
    out = render_page(page, "ja")
    assert out.startswith('<html lang="ja"><head><title>x</title>')
    assert '<p data-t="table.hint">ヒント</p>' in out
    assert 'title="ヘルプ"' in out and 'aria-label="a &amp; b"' in out and "<br/>" in out
    assert '<input data-t-placeholder="table.hint" disabled placeholder="ヒント">' in out
    assert out.index("hf-messages") < out.index("</head>") and "social-table.js" not in out
    assert "social-table.js" in render_page(page, "ja", table=True)
    assert render_page("<p>5 &lt; 6 &#38; <b>bold</b></p>", "ko") == "<p>5 &lt; 6 &#38; <b>bold</b></p>"
    with pytest.raises(KeyError):
        render_page('<p data-t="no.such.key">x</p>', "ja")
    with pytest.raises(PageError):  # its words would replace the link inside it
        render_page('<p data-t="table.hint">see <a href="/">here</a></p>', "ja")
    with pytest.raises(PageError):
        render_page('<p data-t="table.hint">never closed', "ja")
    with pytest.raises(ValueError):
        render_page("<p></p>", "xx")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_game_text_of_the_words_layer_is_translated(lang: str) -> None:
    """The game words (words.languages): summary, "How to play", each option's label, help,
    default, allowed values and choices in ``lang``, never the English text (presets:
    tests/words/test_languages.py)."""
    for g in GAMES.values():
        assert game_summary(g, lang) != g.summary
        paragraphs = how_to_play(g, lang)
        assert len(paragraphs) == len(g.how_to_play())
        assert not set(paragraphs) & set(g.how_to_play()), g.id
        for spec in g.option_specs():
            for text, english in ((option_text(g, spec, lang), option_text(g, spec, "en")),
                                  (default_words(g, spec, lang), default_words(g, spec, "en")),
                                  (allowed_words(g, spec, lang), allowed_words(g, spec, "en"))):
                assert text and (text != english or str(text).isdigit()), (g.id, spec.name, text)
                assert not re.search(r"\b(true|false|null)\b", str(text)), (g.id, spec.name, text)
            for c in spec.choices:
                assert choice_text(g, spec, c, lang)


# -- in a browser ----------------------------------------------------------------------------

def _english_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """Each English UI message (one that some other language words differently) as a pattern of
    a whole visible text: "Round {n}" matches "Round 3"."""
    others = [_catalogue(lang) for lang in OTHERS]
    titles = {g.title for g in GAMES.values()}  # a game's name, shown as such in every language
    out = []
    for key, text in ENGLISH.items():
        if any(o.get(key) == text for o in others) or not re.search(r"[A-Za-z]{2,}", PLACEHOLDER.sub("", text)):
            continue  # a name or a code, the same in every language
        if text in titles or len(re.findall(r"[A-Za-z]", PLACEHOLDER.sub("", text))) < 4:
            continue  # "{place} of {n}": too little English to tell a message from prose
        parts = [re.escape(p) for p in PLACEHOLDER.split(text)]
        out.append((key, re.compile("^" + ".+".join(parts) + "$", re.DOTALL)))
    return out


GAME_WORDS = "#choice, #pending, [data-region=log], #viewer #label, #summary .how, #summary p, #hint-lines"
"""Where the pages show the server's game sentences (words: move choices, the log, a result's "how
it scored" line, the totals and the match result, hints; the replay's step line): checked like
every other text, and besides held to have no Latin word but card names and players' names
(``_latin_words``)."""

NOTHING = "#no-such-element-on-any-page"
"""A selector matching nothing: ``TEXTS`` then skips nothing."""

SENTENCES = """(sel) => [...document.querySelectorAll(sel)].flatMap((e) => e.checkVisibility() ? [e.innerText.trim()] : [])
  .flatMap((t) => t.split("\\n")).map((t) => t.trim()).filter((t) => t)"""

TEXTS = """(skip) => {
  const out = [document.title];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!e || !n.textContent.trim() || e.closest("script, style, option:not(:checked)") || e.closest(skip)) continue;
    if (!e.checkVisibility || e.checkVisibility()) out.push(n.textContent.trim());
  }
  for (const e of document.querySelectorAll("[aria-label], [title], [placeholder]"))
    if (!e.closest(skip)) for (const a of ["aria-label", "title", "placeholder"]) if (e.getAttribute(a)) out.push(e.getAttribute(a).trim());
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("i18n")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", bot_pause=0.0).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def pages(server: Server) -> list[tuple[str, str]]:
    """(page type, path) of every page type: a seat and a spectator at a table, a finished
    table's replay, the leaderboard, a player, the account page, every rules page, …"""
    done = server.finished_bots_table("mushi", 6)
    assert httpx.post(server.url + "/api/social/names", json={"name": "Bea"}).status_code == 201
    out = [("lobby", "/"), ("replay", f"/replay/{done['id']}"), ("replay upload", "/replay"),
           ("leaderboard", "/leaderboard/mushi"), ("player", "/player/Bea"), ("account", "/account"),
           ("cards", "/cards"), ("not found", "/no/such/page")]
    return out + [(f"rules {g}", f"/rules/{g}") for g in GAMES]


@pytest.mark.parametrize("lang", OTHERS)
def test_every_page_in_japanese_and_korean(server: Server, browser: Any, pages: list[tuple[str, str]],
                                           lang: str) -> None:
    patterns = _english_patterns()
    assert len(patterns) > 100
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]
    table = httpx.post(server.url + "/api/tables", json={"game": "mushi", "players": 2, "seed": 5,
                                                         "options": {}, "seats": seats}).json()
    pages = [("table", table["seats"][0]["link"]), ("spectator", table["spectator_link"]), *pages]
    page = new_page(browser, viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for kind, path in pages:
        page.goto(server.url + path + ("&" if "?" in path else "?") + f"lang={lang}")
        page.wait_for_load_state("networkidle")
        if kind in ("table", "spectator"):
            page.wait_for_selector("#seats [data-seat]", timeout=TIMEOUT_MS)
        if kind == "table":  # the labels of the server's words, then the help dialog too
            you = {"ja": "あなた", "ko": "나"}[lang]
            page.wait_for_function("(you) => document.querySelector('#seats .you .name').textContent === you", arg=you)
            page.wait_for_function("(t) => document.querySelector('#turn').textContent.startsWith(t)",
                                   arg={"ja": "あなたの番", "ko": "내 차례"}[lang])
            sentences = _play_the_round(page)
            assert len(sentences) > 10, sentences
            leaks = sorted({t for t in sentences if _latin_words(t, "mushi", lang, names=("Ann",))})
            _says_card_names_in(page, lang)
            assert not leaks, f"{lang} table says English sentences: {leaks}"
            page.keyboard.press("Escape")  # the round's result dialog
            page.wait_for_function("!document.querySelector('#summary').open")
            page.keyboard.press("?")
            page.wait_for_selector("#help[open] h3")
        if kind == "replay":
            page.wait_for_selector("#viewer:not([hidden])")
            for _ in range(3):
                page.keyboard.press("ArrowRight")
            page.wait_for_function("document.querySelector('#label').textContent.length > 8")
            said = page.evaluate(SENTENCES, "#viewer #label")
            assert said and not [t for t in said if _latin_words(t, "mushi", lang, names=("Ann",))], said
        assert page.evaluate("document.documentElement.lang") == lang, kind
        texts = page.evaluate(TEXTS, NOTHING)
        leaks = sorted({(key, t) for t in texts for key, p in patterns if p.match(t)})
        assert not leaks, f"{lang} {kind} ({path}) shows English: {leaks}"
        raw = [t for t in texts if t in ENGLISH]  # a key shown instead of its message
        assert not raw, f"{lang} {kind} shows message keys: {raw}"
        words = sorted({(w, t) for t in texts for w in _english_words_in(t, lang)})
        assert not words, f"{lang} {kind} ({path}) shows English words: {words}"
    assert not errors, errors
    page.close()


@cache
def _english_words() -> frozenset[str]:
    """The words of the English catalogue (four letters or more) that neither Japanese nor Korean
    uses: a name or a code ("Hanafuda", "Enter") is said the same in every language."""
    def words(texts: Any) -> set[str]:
        return {w.lower() for t in texts for w in re.findall(r"[A-Za-z]{4,}", PLACEHOLDER.sub(" ", t))}
    return frozenset(words(ENGLISH.values()) - words(v for lang in OTHERS for v in _catalogue(lang).values()))


@cache
def _names(lang: str) -> tuple[str, ...]:
    """What a page may show in Latin letters in ``lang``: card and month names of every theme
    (Hawaiʻifuda's are Hawaiian), yaku names, the games' own names and ids, theme ids, the
    players' names."""
    from hanafuda.themes import THEMES
    found = {m for k, m in messages(lang).items() if k.startswith(("card.", "month.", "yaku.", "game."))}
    found |= {"Ann", "Bea", "Layout", *GAMES, *THEMES, "hanafuda", "English"}
    found |= {t for g in GAMES.values() for t in (g.title, g.native_title)}  # a game's own name
    for g in GAMES.values():
        namer = Namer(g.configure(g.player_counts()[0], {}), "hanafuda", lang=lang)
        found |= {namer.card(c.id, wild=w) for c in CARDS for w in (False, True)}
    return tuple(sorted(found, key=len, reverse=True))


def _english_words_in(text: str, lang: str) -> list[str]:
    """The words of the English catalogue a visible text of a ``lang`` page still shows, once the
    names it may show are taken out (issue 28: "no English words from the en catalogue")."""
    for name in _names(lang):
        text = text.replace(name, " ")
    return [w for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() in _english_words()]


def _says_card_names_in(page: Any, lang: str) -> None:
    """The table page names its cards in the language (issue 28): the hand's labels and the log
    carry the catalogue's card names ("松に鶴", "송학 광"), never the English ones."""
    names = {words_text(f"card.hanafuda.{c.code}", lang) for c in CARDS}
    english = {Namer(GAMES["mushi"].configure(2, {}), "hanafuda").card(c.id) for c in CARDS}
    labels = page.eval_on_selector_all("#hand [data-card]", "(es) => es.map((e) => e.getAttribute('aria-label'))")
    log = page.eval_on_selector("[data-region=log]", "(e) => e.innerText")
    for said in [*labels, log]:
        assert any(n in said for n in names), (lang, said)
        assert not any(e in said for e in english), (lang, said)


def _play_the_round(page: Any) -> list[str]:
    """Play the table page's seat to the end of the round, by clicking a hand card then its first
    choice, then the turned-over card's choice; the game sentences shown on the way (the choice bar,
    the log, the result with its "how it scored" lines, totals)."""
    said: list[str] = []
    for _ in range(200):
        if page.evaluate("S.view.to_move === null"):
            break
        if not page.evaluate("S.view.to_move === S.you && S.view.legal.length > 0"):
            page.wait_for_timeout(50)
            continue
        before = page.evaluate("W.log.length + '/' + S.view.legal.join()")
        if page.locator("#hand button.card").count() and page.evaluate("S.view.phase === 'play'"):
            page.locator("#hand button.card").first.click()
            if page.locator("#choice [data-cancel]").count():
                said += page.evaluate(SENTENCES, "#choice")
                page.locator("#choice button[data-move]").first.click()
        else:
            said += page.evaluate(SENTENCES, "#choice, #pending")
            page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
        page.wait_for_function("(b) => W.log.length + '/' + S.view.legal.join() !== b", arg=before)
    page.wait_for_selector("#summary .how")
    return said + page.evaluate(SENTENCES, GAME_WORDS)


def test_desktop_table_keeps_yaku_and_log_readable_beside_the_chat(server: Server, browser: Any) -> None:
    """1366×768 with a chat full of long messages: the yaku and log panels keep at least 8rem,
    the chat stays on screen (its messages scroll inside), the felt keeps its width."""
    key = httpx.post(server.url + "/api/social/names", json={"name": "Layout"}).json()["key"]
    t = httpx.post(server.url + "/api/social/tables", headers={"x-player-key": key},
                   json={"game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}]}).json()
    page = new_page(browser, viewport={"width": 1366, "height": 768})
    page.goto(server.url + "/cards")
    page.evaluate("(k) => localStorage.setItem('hf-player', JSON.stringify({ name: 'Layout', key: k }))", key)
    page.goto(server.url + t["you"]["path"])
    page.wait_for_selector("#chat-form")
    page.wait_for_selector("#hand [data-card]")
    for i in range(6):
        page.fill("#chat-input", f"message {i}: " + "a long line of table talk that wraps over several lines " * 2)
        page.press("#chat-input", "Enter")
        page.wait_for_function(f"document.querySelectorAll('#chat-log li').length >= {i + 1}")
    parts = (("chat", "#social"), ("yaku", "#p-yaku"), ("log", "#p-log"), ("felt", ".felt"), ("send", "#chat-form button[type=submit]"))
    box = {k: page.locator(s).bounding_box() for k, s in parts}
    assert box["yaku"]["height"] >= 125 and box["log"]["height"] >= 125, box
    assert box["send"]["y"] + box["send"]["height"] <= 768, box
    assert box["felt"]["width"] >= 900, box
    page.screenshot(path=str(ARTIFACTS / "table-chat-1366.png"))
    page.close()


def _every_yaku(game: Any) -> set[tuple[str, str]]:
    """(id, English name) of every yaku some combination of the game's choice options puts in force."""
    specs = [s for s in game.option_specs() if s.kind == "choice"]
    out: set[tuple[str, str]] = set()
    for values in itertools.product(*(s.choices for s in specs)):
        try:
            config = game.configure(game.player_counts()[0], {s.name: v for s, v in zip(specs, values, strict=True)})
        except OptionError:
            continue
        out |= {(y.id, y.name) for y in yaku_in_force(config)}
    return out


@pytest.mark.parametrize("lang", OTHERS)
def test_every_yaku_of_every_option_has_a_name(lang: str) -> None:
    for g in GAMES.values():
        for yaku_id, english in _every_yaku(g):
            name = yaku_name(g, yaku_id, english, lang)
            assert name and name != english, (g.id, yaku_id)


def test_rules_and_help_name_the_yaku_in_the_language(client: Any) -> None:
    ja = client.get("/api/rules/hana-awase?lang=ja").json()
    assert {y["id"]: y["name"] for y in ja["yaku"]}["boar-deer-butterflies"] == "猪鹿蝶"
    assert client.get("/api/rules/mushi?lang=xx").status_code == 400
    t = client.post("/api/tables", json={"game": "kwa-do", "players": 2, "seed": 1, "options": {"yaku": True},
                                         "seats": [{"kind": "human", "name": "Al"}, {"kind": "bot", "bot": "greedy"}]}).json()
    ko = client.get(f"/api/tables/{t['id']}/help?lang=ko").json()
    en = client.get(f"/api/tables/{t['id']}/help").json()
    assert [y["id"] for y in ko["yaku"]] == [y["id"] for y in en["yaku"]] and ko["yaku"]
    assert not {y["name"] for y in ko["yaku"]} & {y["name"] for y in en["yaku"]}
    assert ko["summary"] != en["summary"] and ko["turn"] != en["turn"]
    assert {o["name"]: o["value_text"] for o in ko["options"]}["yaku"] == "켬"
    assert client.get(f"/api/tables/{t['id']}/help?lang=xx").status_code == 400


def test_the_table_socket_names_seats_sides_turn_and_yaku_in_the_language(client: Any) -> None:
    """``?lang=ko`` on the table's socket: the labels of its words in Korean (the English socket
    unchanged), through a whole round to its result; a bad language reads English."""
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], options={"rounds": 1})
    token = t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{t['id']}?token={token}&lang=ko") as ws:
        first = next_state(ws)
        words = first["words"]
        assert [s["name"] for s in words["seats"]] == ["나", "초급 봇(2번 자리)"]
        assert words["turn"] in ("내 차례: 패를 한 장 내세요", "초급 봇(2번 자리) 차례")
        assert words["sides"][0]["headline"].startswith("나: ")
        english = {y.name for y in yaku_in_force(GAMES["mushi"].configure(2, {}))}
        assert words["progress"] and not {p["name"] for p in words["progress"]} & english
        end = first
        while end["view"]["phase"] != "match-over":
            view = end["view"]
            if view["to_move"] == end["you"] and view["legal"]:
                ws.send_json({"type": "move", "move": view["legal"][0]})
            end = next_state(ws)
    assert end["words"]["turn"] == "대국 끝"
    assert [r["name"] for r in end["words"]["result"]] == ["나", "초급 봇(2번 자리)"]
    with client.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}&lang=xx") as ws:
        state = next_state(ws)
        assert state["words"]["turn"] == "Match over" and state["words"]["seats"][0]["name"] != "나"


def test_the_turn_clock_notice_in_japanese(server: Server, browser: Any) -> None:
    """The table's notice (stored in English) reads in the page's language."""
    key = httpx.post(server.url + "/api/social/names", json={"name": "Clock ja"}).json()["key"]
    t = httpx.post(server.url + "/api/social/tables", headers={"x-player-key": key},
                   json={"game": "mushi", "players": 2, "clock": 15, "seats": [{"kind": "me"}, {"kind": "invite"}]}).json()
    page = new_page(browser, viewport={"width": 1366, "height": 768})
    page.goto(server.url + "/cards")
    page.evaluate("(k) => localStorage.setItem('hf-player', JSON.stringify({ name: 'Clock ja', key: k }))", key)
    page.goto(server.url + t["you"]["path"] + "&lang=ja")
    page.wait_for_selector("#clock-note")
    page.wait_for_selector("#social-notice:has-text('持ち時間')", timeout=TIMEOUT_MS)
    text = page.locator("#social-notice").inner_text()
    assert "初級ボット" in text and "turn clock" not in text, text
    page.close()


def test_error_messages_in_the_language(client: Any) -> None:
    """The server's error answers (``err.*`` keys) in the request's language; English unchanged;
    nothing changed by a refused request."""
    long_name = "x" * 40
    en = client.post("/api/social/names", json={"name": long_name})
    ja = client.post("/api/social/names?lang=ja", json={"name": long_name})
    assert en.status_code == ja.status_code == 400
    assert en.json()["detail"] == "a name has at most 24 characters"
    assert ja.json()["detail"] == "名前は24文字までです"
    assert client.post("/api/social/names", json={"name": "Ann"}).status_code == 201
    taken = client.post("/api/social/names?lang=ko", json={"name": "Ann"})  # (remembered from here on)
    assert taken.status_code == 409 and taken.json()["detail"] == "이름 'Ann'은 이미 쓰이고 있습니다. 다른 이름을 고르세요"
    other = client.get("/api/tables/nope")  # not in the catalogue: as it is
    assert other.status_code == 404 and other.json()["detail"] == client.get("/api/tables/nope?lang=en").json()["detail"]


@pytest.mark.parametrize("lang", OTHERS)
def test_every_error_message_is_said(lang: str) -> None:
    for key, text in ENGLISH.items():
        if key.startswith("err."):
            values = {name[1:-1]: f"V{i}" for i, name in enumerate(PLACEHOLDER.findall(text))}
            english = text.format(**values)
            said = say_error(english, lang)
            assert said != english and all(v in said for v in values.values()), (key, said)


@pytest.mark.parametrize(("check", "bad"), [
    (check_name, [5, "a\x00b", "a", "x" * 40, "a  b", "--"]),
    (check_chat, [5, "", "x" * 400, "a\x07"]),
    (check_password, [5, "short", "x" * 300]),
])
def test_every_validation_message_is_in_the_catalogue(check: Any, bad: list[Any]) -> None:
    """What the validators say (names, chat, passwords) is an ``err.*`` text: said in ja and ko."""
    for value in bad:
        with pytest.raises(TextError) as caught:
            check(value)
        for lang in OTHERS:
            assert say_error(str(caught.value), lang) != str(caught.value), (value, str(caught.value))


def _latin_words(text: str, game: str, lang: str, names: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of a sentence once every card name of ``lang`` (in every theme: Hawaiʻifuda's
    Hawaiian names stay in Latin letters) and ``names`` are taken out: what would be English left in
    a Japanese or Korean sentence — an English card name included (issue 28)."""
    from hanafuda.cards import CARDS
    from hanafuda.themes import THEMES
    from hanafuda.words import Namer
    cards = set(names)
    for each in THEMES:
        namer = Namer(GAMES[game].configure(2, {}), each, lang=lang)
        cards |= {namer.card(c.id, wild=w) for c in CARDS for w in (False, True)}
    for name in sorted(cards, key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_table_socket_says_its_sentences_in_the_language(client: Any, lang: str) -> None:
    """``?lang=ja|ko``: the log, the move choices, a hint, the round's result lines, the totals
    and the match result are sentences of the language (only card names, which follow the theme,
    and the players' names in Latin letters); the replay's step lines too."""
    r = client.post("/api/tables", json={"game": "mushi", "players": 2, "seed": 3, "hints": True, "options": {"rounds": 1},
                                         "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]})
    t = r.json()
    said: list[str] = []
    hinted = False
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}&lang={lang}") as ws:
        state = next_state(ws)
        while state["view"]["phase"] != "match-over":
            words = state["words"]
            said += [e["text"] for e in words["log"]]
            said += [m[k] for m in words["legal"] for k in ("text", "choice")]
            view = state["view"]
            if view["to_move"] == state["you"] and view["legal"]:
                if not hinted:
                    ws.send_json({"type": "hint"})
                    while (msg := ws.receive_json())["type"] != "hint":
                        assert msg["type"] != "error", msg
                    said += msg["lines"]
                    assert msg["lines"][0].startswith({"ja": "最善：", "ko": "최선: "}[lang])
                    hinted = True
                ws.send_json({"type": "move", "move": view["legal"][-1]})
            state = next_state(ws)
    words = state["words"]
    said += [e["text"] for e in words["log"]] + [r["line"] for r in words["result"]]
    said += [words["totals_text"], words["match_result"]]
    assert hinted and len(said) > 30
    leaks = {s for s in said if _latin_words(s, "mushi", lang, names=("Ann",))}
    for code, card in words["cards"].items():  # the table's card names: the language's own
        assert card["name"] == words_text(f"card.hanafuda.{code}", lang) or card["wild"], (code, card)
    assert not leaks, leaks
    assert words["match_result"].startswith({"ja": "1回で対局終了：", "ko": "1판으로 대국 끝: "}[lang])
    replay = client.get(f"/api/tables/{t['id']}/replay?lang={lang}").json()
    labels = [f["label"] for f in replay["frames"]]
    assert labels[0] == {"ja": "第1回の配札", "ko": "1판 패 돌림"}[lang]
    assert not {s for s in labels if _latin_words(s, "mushi", lang, names=("Ann",))}
    english = client.get(f"/api/tables/{t['id']}/replay").json()
    assert english["frames"][0]["label"] == "round 1 dealt"
    assert client.get(f"/api/tables/{t['id']}/replay?lang=xx").status_code == 400


@pytest.mark.parametrize(("lang", "words"), [("ja", {"account": "名前・アカウント", "create": "卓の作成", "chat": "チャット"}),
                                             ("ko", {"account": "이름·계정", "create": "테이블 만들기", "chat": "채팅"})])
def test_a_rate_limits_action_is_said_in_the_language(lang: str, words: dict[str, str]) -> None:
    """The rate-limit error named its action by its English id ("リクエストが多すぎます（account）"
    when picking a name too fast); the action is said in the language, every action has words."""
    assert set(words) == set(DEFAULT_LIMITS)
    for action, word in words.items():
        said = say_error(str(RateLimited(action, Limit(5, 60.0))), lang)
        assert word in said and action not in said, said
        assert "5" in said and "60" in said, said


def test_the_pages_choose_korean_particles_as_the_server_does(server: Server, browser: Any) -> None:
    """``HF.t`` (static/common.js) resolves "을(를)", "(으)로", … like ``words.particles``: the same
    form for every kind of word (Hangul with and without a final consonant, ㄹ, digits, Latin)."""
    from hanafuda.words.particles import PARTICLES, choose_particles
    words = ["송학 광", "벚꽃 피", "달", "1", "2", "3", "10", "Ann", "Anna", "Bill", "'Ann'", "비 쌍피 (만능)", "松"]
    sentences = [w + choice + " 끝" for w in words for choice, _, _ in PARTICLES]
    page = new_page(browser, viewport={"width": 800, "height": 600})
    page.goto(server.url + "/cards?lang=ko")
    said = page.evaluate("(ss) => ss.map((s) => HF.particles(s))", sentences)
    assert said == [choose_particles(s) for s in sentences]
    assert page.evaluate("HF.t('err.name_taken', { name: \"'Ann'\" })").startswith("이름 'Ann'은 ")
    page.close()


def test_card_labels_and_replay_titles_in_the_language(client: Any) -> None:
    """``/api/cards/{theme}?lang=``: the labels the pages give every card (its ``aria-label`` and
    tooltip, the gallery's caption) in the language (``words.names.card_label``); English as it was."""
    def labels(lang: str, theme: str = "hanafuda") -> dict[str, str]:
        cards = client.get(f"/api/cards/{theme}?lang={lang}").json()["cards"]
        return {c["code"]: c["label"] for c in cards}
    assert labels("en")["plum-warbler"] == "Plum (2) · Bush Warbler · Animal"
    assert labels("ja")["plum-warbler"] == "梅 (2) · 梅に鶯 · タネ"
    assert labels("ko", "hwatu")["plum-warbler"] == "매화 (2) · 매조 열끗 (휘파람새) · 열끗"
    assert not [label for label in labels("ja").values() if re.search(r"[A-Za-z]{3,}", label)]
    assert client.get("/api/cards/hanafuda?lang=xx").status_code == 400
    record = json.loads((Path(__file__).parents[1] / "records" / "mushi-2p-target60.json").read_text())
    replay = client.post("/api/replay?lang=ko", json=record).json()
    assert replay["title"] == "무시(虫)" and replay["seats"] == ["1번 자리", "2번 자리"]
