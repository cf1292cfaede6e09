"""A new player's rating beside the bots' (issue 28, a new player's findings): a newcomer starts at
1000 while the random bot is listed at 1360.  The shown number is cautious (μ − 3σ) on one scale
for bots and people; so the leaderboard says why a newcomer starts below the bots and how many
wins in a row pass the weakest one, marks a rating in its first rated matches provisional ("?"),
and docs/web.md says the same numbers."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from hanafuda.web.social.ratings import (
    BOT_RATINGS,
    MODEL,
    PROVISIONAL_MATCHES,
    Entrant,
    display,
    rate,
    wins_to_pass,
)

from .social_helpers import name, new_table, play_out, table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def _after_wins(bot: str, wins: int) -> int:
    """A new player's shown rating after ``wins`` rated two-player wins in a row over ``bot``."""
    mu, sigma = MODEL.mu, MODEL.sigma
    for _ in range(wins):
        mu, sigma = rate([[Entrant(0, mu, sigma, True)], [Entrant(1, *BOT_RATINGS[bot], False)]], [3, 1])[0]
    return display(mu, sigma)


def test_a_newcomer_starts_below_the_bots_and_passes_the_random_bot_after_a_few_wins() -> None:
    start, random_bot = display(MODEL.mu, MODEL.sigma), display(*BOT_RATINGS["random"])
    assert start == 1000 and random_bot == 1360
    assert start < min(display(*r) for r in BOT_RATINGS.values())  # below every bot at first
    for bot in BOT_RATINGS:
        n = wins_to_pass(bot)
        assert n is not None and n >= 1
        assert _after_wins(bot, n - 1) <= display(*BOT_RATINGS[bot]) < _after_wins(bot, n), bot
    assert wins_to_pass("random") == 5
    assert wins_to_pass("random") < wins_to_pass("greedy") <= wins_to_pass("strong")  # type: ignore[operator]


def test_the_docs_give_the_numbers_the_code_uses() -> None:
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    said = re.search(r"Why a newcomer starts below even the random bot \((\d+)\).*? (\d+) wins in a row pass "
                     r"the random bot.*?provisional\) for its first (\d+) rated matches", text)
    assert said is not None, "docs/web.md does not say why a newcomer starts below the bots"
    assert [int(n) for n in said.groups()] == [display(*BOT_RATINGS["random"]), wins_to_pass("random"),
                                               PROVISIONAL_MATCHES]


def test_the_leaderboard_marks_provisional_ratings_and_names_the_weakest_bot(client: TestClient) -> None:
    ann, bob = name(client, "Ann"), name(client, "Bob")
    t = new_table(client, ann, options={"rounds": 1})
    client.post(f"/api/social/tables/{t['id']}/join", json={}, headers=bob)
    live = table(client, t["id"])
    play_out(client, live, [0, 1])
    client.portal.call(client.app.state.social.settle, live)  # type: ignore[attr-defined]
    board = client.get("/api/social/leaderboard/mushi").json()
    assert board["start"] == 1000 and board["provisional_matches"] == PROVISIONAL_MATCHES
    assert [p["provisional"] for p in board["players"]] == [True, True]  # one rated match each
    assert board["weakest_bot"] == {"name": "Beginner bot", "wins": wins_to_pass("random")}
    ja = client.get("/api/social/leaderboard/mushi?lang=ja").json()["weakest_bot"]
    assert ja["wins"] == 5 and ja["name"] != "Beginner bot"
