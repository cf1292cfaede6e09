"""A table's id is typed as a command-line argument (``hanafuda admin close-table ID``), so it
never begins with "-", which would read as an option (found when a random id did)."""

from __future__ import annotations

import itertools

import pytest

from hanafuda.web import tokens


def test_an_id_that_would_begin_with_a_dash_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["-Ab3dE6gH9", "-x_yz12345", "Q-b3dE6gH9"])
    monkeypatch.setattr(tokens.secrets, "token_urlsafe", lambda n: next(drawn))
    assert tokens.new_table_id() == "Q-b3dE6gH9"


def test_ids_are_url_safe_and_never_begin_with_a_dash() -> None:
    ids = [tokens.new_table_id() for _ in itertools.repeat(None, 2000)]
    assert len(set(ids)) == len(ids)
    assert all(len(i) == 12 and not i.startswith("-") for i in ids)
    assert all(c.isalnum() or c in "-_" for i in ids for c in i)
