"""The card image routes (issue 33): faces, per-theme backs, the deck and index choices, and
every answer cached by the browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient

from hanafuda.web.cards_svg import back_svg, card_svg


def _cached_svg(client: TestClient, url: str, **params: object) -> str:
    r = client.get(url, params=params)
    assert r.status_code == 200, (url, r.text)
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert "max-age=" in r.headers["cache-control"] and "public" in r.headers["cache-control"]
    ET.fromstring(r.text)
    return r.text


def test_faces_and_backs_are_served_and_cached(client: TestClient) -> None:
    assert _cached_svg(client, "/card/hanafuda/pine-crane.svg") == card_svg("pine-crane")
    assert _cached_svg(client, "/card/back.svg") == back_svg()
    assert _cached_svg(client, "/card/hwatu/back.svg") == back_svg("hwatu") != back_svg()
    assert _cached_svg(client, "/card/hawaiifuda/back.svg") == back_svg("hawaiifuda")
    assert "<text" not in _cached_svg(client, "/card/kwa-do/willow-rainman.svg", lang="ko")


def test_the_deck_and_the_corner_index_are_chosen_by_url(client: TestClient) -> None:
    modern = _cached_svg(client, "/card/hwatu/willow-rainman.svg", deck="modern")
    assert modern == card_svg("willow-rainman", "hwatu", deck="modern") and ">12<" in modern
    indexed = _cached_svg(client, "/card/hanafuda/susuki-moon.svg", index=1, points=20)
    assert ">8<" in indexed and ">B20<" in indexed
    assert "<text" not in _cached_svg(client, "/card/hanafuda/susuki-moon.svg", index=0)
    traditional = _cached_svg(client, "/card/hanafuda/susuki-moon.svg", deck="traditional")
    assert traditional == card_svg("susuki-moon")


def test_bad_card_urls_are_refused(client: TestClient) -> None:
    for params in ({"deck": "fancy"}, {"index": "maybe"}, {"lang": "xx"}, {"points": -1}):
        assert client.get("/card/hanafuda/pine-crane.svg", params=params).status_code == 422, params
    assert client.get("/card/nope/back.svg").status_code == 404
    assert client.get("/card/nope/pine-crane.svg").status_code == 404
    assert client.get("/card/hanafuda/pine-eagle.svg").status_code == 404
