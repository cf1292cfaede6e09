"""Fixtures of the web tests: an app on a fresh SQLite file, bots without pauses."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanafuda.cards import CODES, cards_of
from hanafuda.web.app import create_app
from hanafuda.web.limits import Limits
from hanafuda.web.live import LiveTable

ARTIFACTS = Path(__file__).parent / "artifacts"

TEST_LIMITS = Limits(tables_per_minute=10_000, bot_only_moves_per_second=0)
"""The ``client`` fixture's caps: the defaults but for table creation and bot pacing (tests make
many tables and want bots alone to finish quickly); the cap tests make their own apps."""


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def need(condition: bool, reason: str) -> None:
    """Skip locally when a tool is missing; in CI (CI=true) fail instead of skipping silently."""
    if condition:
        return
    if in_ci():
        pytest.fail(f"{reason} (CI must run this test)")
    pytest.skip(reason)


def hidden_from(table: LiveTable, seat: int | None) -> set[str]:
    """Codes ``seat`` must not see now: other seats' unexposed hand cards and the stock."""
    rnd = table.match.current
    mask = 0
    for other, hand in enumerate(rnd.hands):
        if other != seat:
            mask |= hand & ~rnd.exposed[other]
    for card in rnd.stock[rnd.stock_pos:]:
        mask |= 1 << card
    if rnd.pending >= 0:
        mask &= ~(1 << rnd.pending)
    return {CODES[c] for c in cards_of(mask)}


def strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)


class Audit:
    """Checks every message sent to every seat for a hidden card of another seat."""

    def __init__(self) -> None:
        self.checked = 0
        self.leaks: list[str] = []

    def __call__(self, table: LiveTable, seat: int | None, payload: dict[str, Any]) -> None:
        hidden = hidden_from(table, seat)
        self.checked += 1
        current = len(table.match.rounds)
        # moves of earlier rounds name cards of earlier deals: not this round's secrets
        if payload.get("type") == "patch":  # the same rule for the log entries a patch carries; a
            # "del" names only a key of the state this viewer was sent (``messages.diff``)
            payload = {**payload, "ops": [self._current(op, current) for op in payload["ops"]
                                          if op[0] != "del"]}
        payload = {**payload, "log": [e for e in payload.get("log", []) if e.get("round") == current]}
        if "words" in payload:
            words = payload["words"]
            payload["words"] = {**words, "log": [e for e in words["log"] if e.get("round") == current]}
        for text in strings(payload):
            for word in text.replace(",", " ").split():
                if word in hidden:
                    self.leaks.append(f"seat {seat} got hidden card {word} in {payload.get('type')}")

    @staticmethod
    def _current(op: list[Any], current: int) -> list[Any]:
        """A patch op (``web.messages``) with the log entries of earlier rounds left out."""
        path = op[1]
        if path[:1] != ["log"] and path[:2] != ["words", "log"]:
            return op
        def keep(e: Any) -> bool:
            return not isinstance(e, dict) or e.get("round") == current
        if op[0] == "cut":
            return [*op[:3], [e for e in op[3] if keep(e)]]
        if op[0] == "set" and isinstance(op[2], list):
            return [*op[:2], [e for e in op[2] if keep(e)]]
        return op  # (a log is changed by cuts alone: ``messages.LOGS``)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_pause=0, limits=TEST_LIMITS)
    audit = Audit()
    app.state.hub.on_send = audit
    app.state.audit = audit
    with TestClient(app) as c:
        yield c
    assert audit.leaks == [], audit.leaks[:5]


CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_enforcing_csp() -> Iterator[Any]:
    """Debian's Chromium with the pages' Content-Security-Policy in force (the lobby's and the new
    player's tests: a script the policy blocks is a page error there); ``browser`` below bypasses it."""
    need(os.path.exists(CHROMIUM), f"{CHROMIUM} is missing (scripts/test installs Debian's chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        need(False, "the playwright Python package is missing")
        raise
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    for b in chromium_enforcing_csp():  # the same browser, its pages bypassing the policy
        yield BypassCsp(b)


class BypassCsp:
    """The browser, its pages exempt from the server's Content-Security-Policy: the tests evaluate
    their own snippets (``wait_for_function``), which a CSP without ``unsafe-eval`` refuses.  The
    pages themselves are checked under the CSP in test_server_security.py."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_page(self, **kwargs: Any) -> Any:
        return self.browser.new_page(bypass_csp=True, **kwargs)

    def new_context(self, **kwargs: Any) -> Any:
        return self.browser.new_context(bypass_csp=True, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


TIMEOUT_MS = 90_000
"""Generous: on a loaded machine a page may take long; a healthy run takes well under a second."""


def new_page(browser: Any, **kwargs: Any) -> Any:
    page = browser.new_page(**kwargs)
    page.set_default_timeout(TIMEOUT_MS)
    return page


def shot(page: Any, name: str) -> None:
    page.wait_for_function("[...document.images].every((i) => i.complete)")  # card faces drawn
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The test PostgreSQL (``.ci/run`` starts one), emptied: the migrations run from scratch."""
    url = os.environ.get("HANAFUDA_TEST_PG_URL")
    if not url:
        if in_ci():
            pytest.fail("HANAFUDA_TEST_PG_URL is not set in CI")
        pytest.skip("HANAFUDA_TEST_PG_URL not set (no PostgreSQL server)")
    from .server import empty_database

    empty_database(url)
    yield url
