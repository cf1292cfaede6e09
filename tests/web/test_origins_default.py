"""Issue 29, origins by default: without ``serve --public-url`` the pages allowed to post and open
sockets are this machine's — loopback at any port, and with ``--host 0.0.0.0`` each of its network
addresses at the served port (friends on the LAN can play) — and nothing else: not a name
pointed at the machine, not another port, not a proxy's address.  ``serve --help`` says so."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hanafuda.cli import app as cli
from hanafuda.web.security import allowed_origin

LAN = "192.168.7.23"


def served_origins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *flags: str) -> tuple[str, ...]:
    """The origins ``hanafuda serve FLAGS`` gives its app (uvicorn not started)."""
    apps: list[Any] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **_: apps.append(app))
    monkeypatch.setattr("hanafuda.web.gc_policy.tune_gc", lambda: None)
    # this machine's network addresses, as the banner finds them (fixed for the test)
    monkeypatch.setattr("hanafuda.web.social.invites._lan_addresses", lambda: [LAN])
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{tmp_path / 'o.db'}", *flags])
    assert result.exit_code == 0, result.output
    assert len(apps) == 1
    origins: tuple[str, ...] = apps[0].state.public_origins
    return origins


def test_on_every_interface_the_lan_addresses_at_the_port_and_loopback(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    origins = served_origins(monkeypatch, tmp_path, "--host", "0.0.0.0", "--port", "8123")
    assert origins == ("http://127.0.0.1:8123", f"http://{LAN}:8123")
    for ok in (f"http://{LAN}:8123", "http://127.0.0.1:8123", "http://localhost:9000", "http://[::1]:8123",
               None):  # a friend on the LAN, this machine at any port, a client that is no browser page
        assert allowed_origin(ok, origins), ok
    for bad in (f"http://{LAN}:8124", f"https://{LAN}:8123", "http://mybox.local:8123",
                "https://hanafuda.example.org", "http://192.168.7.24:8123", "null"):
        assert not allowed_origin(bad, origins), bad  # a name, another port or machine: --public-url


def test_on_loopback_only_this_machine(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    origins = served_origins(monkeypatch, tmp_path, "--port", "8123")  # the default --host 127.0.0.1
    assert origins == ("http://127.0.0.1:8123",)
    assert allowed_origin("http://localhost:8123", origins)
    assert not allowed_origin(f"http://{LAN}:8123", origins)


def test_public_url_replaces_the_machines_addresses(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    origins = served_origins(monkeypatch, tmp_path, "--host", "0.0.0.0", "--port", "8123",
                             "--public-url", "https://hanafuda.example.org")
    assert origins == ("https://hanafuda.example.org",)
    assert allowed_origin("https://hanafuda.example.org", origins)
    assert allowed_origin("http://127.0.0.1:8123", origins)  # this machine itself, always
    assert not allowed_origin(f"http://{LAN}:8123", origins)


def test_serve_help_says_what_is_allowed_by_default() -> None:
    result = CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "400", "TERM": "dumb"})
    text = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())
    assert "--public-url" in text
    for said in ("localhost", "network address", "a public server must set it"):
        assert said in text, said
