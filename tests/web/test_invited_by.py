"""Who invited a friend (issue 28, a new player's findings): the table socket's hello tells a
browser arriving by a seat link who invited it — the inviter's seat name, nothing private — while
it is asked for a name or seated by the link just now; never the host, a spectator, a seat already
held, or a quick match (nobody invited anyone there)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hanafuda.web.social.service import role

from .social_helpers import name, new_table, table, token_of


def test_hello_names_the_inviter_to_the_friend_only(client: TestClient) -> None:
    ann, bob = name(client, "Ann"), name(client, "Bob")
    t = new_table(client, ann, game="koi-koi", seats=[{"kind": "me"}, {"kind": "invite"}])
    live = table(client, t["id"])
    social = client.app.state.social  # type: ignore[attr-defined]
    portal = client.portal  # type: ignore[attr-defined]
    hello = lambda seat, creator, player: portal.call(social.hello, live, seat, creator, player)  # noqa: E731
    invite = token_of(t["seats"][1]["invite"]["path"])
    seat, creator = role(live, invite) or (None, False)
    first = hello(seat, creator, None)  # a fresh browser: asked for a name, told who invited it
    assert first["ask_name"] is True and first["invited_by"] == "Ann"
    host = social.player_by_key(ann["x-player-key"])
    assert hello(0, False, host)["invited_by"] is None  # the host is not told they invited themselves
    assert hello(None, False, None)["invited_by"] is None  # a spectator
    friend = social.player_by_key(bob["x-player-key"])
    seated = hello(seat, creator, friend)  # a browser with a name: seated by the link now
    assert seated["ask_name"] is False and seated["invited_by"] == "Ann"
    assert hello(seat, creator, friend)["invited_by"] is None  # later visits: the seat is theirs


def test_a_quick_match_names_no_inviter(client: TestClient) -> None:
    ann = name(client, "Ann")
    r = client.post("/api/social/quick", json={"game": "mushi", "players": 2, "wait": 60}, headers=ann)
    assert r.status_code == 200, r.text
    live = table(client, r.json()["table"])
    social = client.app.state.social  # type: ignore[attr-defined]
    info = client.portal.call(social.hello, live, 1, False, None)  # type: ignore[attr-defined]
    assert info["ask_name"] is True and info["invited_by"] is None  # asked a name, told no inviter
