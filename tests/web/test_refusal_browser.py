# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""A refusal's detail in the page's language (issue 28, "one catalogue of words"), as a person
reads it in Debian's chromium: the server names the catalogue entry of its refusal and the entry's
arguments, and a Japanese or Korean page says that entry — "the round is not over", which moves
are legal now, each move in the page's own words — never an English card code in its sentence.
(The style of ``test_table_pictures.test_a_refusal_is_said_in_the_page_language``.)"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from hanafuda.words.catalogue import text

from .conftest import TIMEOUT_MS
from .server import Server

DESKTOP = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("refusal-browser")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.05).start()
    yield s
    s.stop()


def _open(browser: Any, server: Server, lang: str) -> Any:
    """Ann's Koi-Koi page against a greedy bot, once it is her turn."""
    r = httpx.post(server.url + "/api/tables", json={"game": "koi-koi", "players": 2, "seed": 5, "options": {},
                   "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server.url + r.json()["seats"][0]["link"] + f"&lang={lang}")
    page.wait_for_selector("#hand [data-card]")
    page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0")
    return page


def _refused(page: Any, message: str) -> str:
    """What the page shows after sending ``message`` (a JavaScript object) to the server."""
    page.evaluate("document.getElementById('error').textContent = ''")
    page.evaluate(f"send({message})")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    box = page.evaluate("(() => { const r = document.getElementById('error').getBoundingClientRect(); return { w: r.width, h: r.height }; })()")
    assert box["w"] > 0 and box["h"] > 0, box  # seen, not only in the DOM
    return str(page.inner_text("#error"))


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_refusals_detail_is_said_in_the_page_language(server: Server, browser: Any, lang: str) -> None:
    page = _open(browser, server, lang)
    # a deal asked for in the middle of a round: the detail, not the code's general sentence
    said = _refused(page, "{ type: 'next-round' }")
    assert said == text("refusal.detail.round-not-over", lang), said
    assert said != text("refusal.not-now", lang)
    # an illegal move: a card of the field played from the hand; the page names it and every legal
    # move in its own words
    field = page.evaluate("S.view.field[0]")
    said = _refused(page, f"{{ type: 'move', move: 'play {field}' }}")
    name = page.evaluate(f"W.cards['{field}'] ? W.cards['{field}'].name : HF.labels['{field}']")
    legal = page.evaluate("[...new Set(S.view.legal.map((m) => W.legal.find((x) => x.move === m).text))]")
    quote = ("「", "」") if lang == "ja" else ("“", "”")
    assert said.startswith(f"{quote[0]}{name}{quote[1]}"), (said, name)
    assert said.endswith(text("refusal.separator", lang).join(legal)), (said, legal)
    assert not re.search(r"[A-Za-z]{2,}", said), said  # no English card code, no English word
    assert page.errors == []
    page.context.close()


def test_an_english_page_shows_the_servers_words(server: Server, browser: Any) -> None:
    page = _open(browser, server, "en")
    assert _refused(page, "{ type: 'next-round' }") == "the round is not over"
    field = page.evaluate("S.view.field[0]")
    legal = page.evaluate("S.view.legal")
    said = _refused(page, f"{{ type: 'move', move: 'play {field}' }}")
    assert said == f"'play {field}' is not a legal move now; legal moves now: {', '.join(legal)}"
    assert page.errors == []
    page.context.close()


def test_a_detail_the_page_cannot_say_falls_back_to_the_codes_sentence(server: Server, browser: Any) -> None:
    """A move not in the notation names no card the page knows, and the engine's reason is
    English: the page says the refusal's code in Japanese instead (``refusal.bad-move``)."""
    page = _open(browser, server, "ja")
    said = _refused(page, "{ type: 'move', move: 'plya pine-crane' }")
    assert said == text("refusal.bad-move", "ja"), said
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_refused_message_is_said_in_the_page_language(server: Server, browser: Any, lang: str) -> None:
    """The hub's refusals of a page's message (a hint at a table without hints, a message of a type
    the server does not know) come with their catalogue entry too: the page says them in its
    language, a list argument joined as the language lists things."""
    page = _open(browser, server, lang)
    assert page.evaluate("S.table.hints") is False
    said = _refused(page, "{ type: 'hint' }")
    assert said == text("refusal.detail.no-hints", lang), said
    said = _refused(page, "{ type: 'mvoe' }")
    assert said.startswith(text("refusal.detail.unknown-type", lang, kind="'mvoe'", types="").split("'mvoe'")[0]), said
    assert "'mvoe'" in said and text("refusal.separator", lang).join(["move", "next-round", "state"]) in said, said
    assert page.errors == []
    page.context.close()
