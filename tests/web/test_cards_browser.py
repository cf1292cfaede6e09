"""The card gallery in a browser (issue 33): no face of the default deck contains text, every
face renders, and the deck and corner-index choices reach every face URL and stay chosen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import new_page
from .server import Server

FACES = "[...document.querySelectorAll('#gallery img')]"
LOADED = f"{FACES}.length === 48 && {FACES}.every((i) => i.complete && i.naturalWidth > 0)"
WORDS = f"""async () => Promise.all({FACES}.map(async (i) => {{
  const doc = new DOMParser().parseFromString(await (await fetch(i.src)).text(), 'image/svg+xml');
  return [i.getAttribute('src'), doc.querySelectorAll('text, foreignObject').length,
          doc.querySelector('parsererror') ? 1 : 0]; }}))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("cards")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log").start()
    yield s
    s.stop()


def test_the_default_faces_have_no_text_and_the_deck_choice_sticks(server: Server, browser: Any) -> None:
    page = new_page(browser, viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/cards")
    page.wait_for_function(LOADED)
    faces = page.evaluate(WORDS)
    assert len(faces) == 48 and all(words == 0 and bad == 0 for _, words, bad in faces), faces
    assert all("deck=" not in src and "index=" not in src for src, _, _ in faces)

    page.select_option("#deck", "modern")
    page.wait_for_function(f"{FACES}.every((i) => i.src.includes('deck=modern')) && {LOADED}")
    page.reload()
    page.wait_for_function(f"{FACES}.every((i) => i.src.includes('deck=modern')) && {LOADED}")
    assert page.input_value("#deck") == "modern"

    page.select_option("#deck", "traditional")
    page.check("#card-index")
    indexed_urls = f"{FACES}.every((i) => i.src.includes('index=1') && !i.src.includes('deck='))"
    page.wait_for_function(f"{indexed_urls} && {LOADED}")
    indexed = page.evaluate(WORDS)
    assert all(words == 2 for _, words, _ in indexed), indexed  # month number and kind, nothing more
    assert errors == []
    page.context.close()
