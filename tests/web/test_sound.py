# ruff: noqa: E501  (JavaScript snippets evaluated in the page: kept whole on their lines)
"""The table's sounds (issue 33): four small WAV files synthesised by scripts/make_sounds.py
(deterministic, no downloaded sample), off by default, switched on and off by the table's
``[data-control="sound"]`` button in the page's language, the choice kept in the browser — and
nothing plays while it is off (``HTMLMediaElement.play`` is watched in the page)."""

from __future__ import annotations

import importlib.util
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from hanafuda.words.catalogue import messages

from .conftest import TIMEOUT_MS
from .server import Server

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "src" / "hanafuda" / "web" / "static" / "sound"
NAMES = ("place", "capture", "yaku", "turn")


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sound_files_are_small_wavs_the_script_makes_the_same_each_time(tmp_path: Path) -> None:
    for name in NAMES:
        path = SOUNDS / f"{name}.wav"
        assert path.exists(), path
        assert 1000 < path.stat().st_size < 30_000, (name, path.stat().st_size)
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            seconds = w.getnframes() / w.getframerate()
            assert 0.05 <= seconds <= 1.0, (name, seconds)
    make = _script()
    assert make.main(["--out", str(tmp_path / "a")]) == 0
    assert make.main(["--out", str(tmp_path / "b")]) == 0
    for name in NAMES:  # deterministic, and the files shipped are the script's
        made = (tmp_path / "a" / f"{name}.wav").read_bytes()
        assert made == (tmp_path / "b" / f"{name}.wav").read_bytes() == (SOUNDS / f"{name}.wav").read_bytes(), name
    assert make.main(["--check"]) == 0
    (tmp_path / "a" / "turn.wav").write_bytes(b"RIFF")
    assert make.main(["--check", "--out", str(tmp_path / "a")]) == 1  # a changed file is caught


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-sound")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.2).start()
    yield s
    s.stop()


def test_the_sounds_are_served(server: Server) -> None:
    for name in NAMES:
        r = httpx.get(f"{server.url}/static/sound/{name}.wav")
        assert r.status_code == 200 and r.headers["content-type"].startswith("audio/"), (name, r.headers)
        assert r.content == (SOUNDS / f"{name}.wav").read_bytes()


PLAYED = """HTMLMediaElement.prototype.play = function () { (window.played = window.played || []).push(this.src.split('/').pop()); return Promise.resolve(); };"""


def _table(server: Server) -> str:
    r = httpx.post(server.url + "/api/tables", json={"game": "koi-koi", "players": 2, "seed": 3,
                   "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    return str(r.json()["seats"][0]["link"])


def _one_move(page: Any) -> None:
    """This seat's first legal move, then the bot's answer, back to this seat's turn."""
    page.wait_for_function("S.view.to_move === S.you && S.view.legal.length > 0")
    before = page.evaluate("W.log.length")
    page.evaluate("send({ type: 'move', move: S.view.legal[0] })")
    page.wait_for_function(f"W.log.length > {before} + 1 || S.view.phase === 'between-rounds' || S.view.finished || (W.log.length > {before} && S.view.to_move === S.you)")
    page.wait_for_timeout(300)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_sound_is_off_by_default_plays_only_when_on_and_is_remembered(server: Server, browser: Any, lang: str) -> None:
    words = messages(lang)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.add_init_script(PLAYED)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + _table(server) + f"&lang={lang}")
    page.wait_for_selector("#hand [data-card]")
    control = page.locator('[data-control="sound"]')
    # off by default, said in the page's language
    assert control.inner_text() == words["table.sound_off"] and control.get_attribute("aria-pressed") == "false"
    assert control.get_attribute("title") == words["table.sounds_title"]
    _one_move(page)
    assert page.evaluate("window.played || []") == []  # nothing while it is off
    control.click()
    assert control.inner_text() == words["table.sound_on"] and control.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('hf-sound')") == "on"
    _one_move(page)
    played = page.evaluate("window.played || []")
    assert played and set(played) <= {f"{n}.wav" for n in NAMES}, played
    assert {"place.wav", "capture.wav"} & set(played), played  # the moves were heard
    if lang == "en":
        # remembered: a new page of this browser starts with sound on, and "your turn" is its cue
        page.reload()
        page.wait_for_selector("#hand [data-card]")
        assert control.inner_text() == words["table.sound_on"]
        page.wait_for_function("(window.played || []).includes('turn.wav')")
        # off again: silence
        control.click()
        page.evaluate("window.played = []")
        _one_move(page)
        assert page.evaluate("window.played") == []
    assert errors == []
    ctx.close()
