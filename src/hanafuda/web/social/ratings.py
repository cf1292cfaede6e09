"""Ratings with openskill (Plackett–Luce): 2–6 players, teams as sides, bots at fixed ratings."""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = ["BOT_RATINGS", "MODEL", "PROVISIONAL_MATCHES", "Entrant", "display", "places", "rate",
           "wins_to_pass"]

MODEL = PlackettLuce()

BOT_RATINGS = {"random": (12.0, 1.0), "greedy": (22.0, 1.0), "strong": (28.0, 1.0)}
"""Fixed (mu, sigma) of each bot: never updated, so a solo player against bots has a number too."""


@dataclass
class Entrant:
    """One seat of a finished match: its rating now, and whether it is updated (people, not bots)."""

    seat: int
    mu: float
    sigma: float
    person: bool


def places(totals: list[int]) -> list[int]:
    """1-based place of each side by total (equal totals share a place), RULES.md §6's winners first."""
    return [1 + sum(1 for other in totals if other > t) for t in totals]


def rate(sides: list[list[Entrant]], totals: list[int]) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) of every person's seat after a match whose sides scored ``totals``."""
    teams = [[MODEL.rating(mu=e.mu, sigma=e.sigma) for e in side] for side in sides]
    new = MODEL.rate(teams, ranks=[float(p) for p in places(totals)])
    out: dict[int, tuple[float, float]] = {}
    for side, rated in zip(sides, new, strict=True):
        for e, r in zip(side, rated, strict=True):
            if e.person:
                out[e.seat] = (float(r.mu), float(r.sigma))
    return out


PROVISIONAL_MATCHES = 10
"""A person's rating is provisional (shown "1000?") for their first rated matches of a game: the
number is cautious while the model knows little of them, and a newcomer below the bots is a
newcomer the model has not seen play yet, not one judged weaker than a bot playing at random."""


def display(mu: float, sigma: float) -> int:
    """The number shown to people: the conservative estimate mu − 3·sigma, scaled ×40 and offset so
    a new player starts near 1000 and it is never negative.  The same scale for bots and people:
    a bot's fixed number is where a person who plays like it settles once the model is sure of
    them, which is why a newcomer starts below even the random bot and climbs as they win."""
    return max(0, round((mu - 3 * sigma) * 40 + 1000))


def wins_to_pass(bot: str, most: int = 100) -> int | None:
    """How many rated two-player wins in a row against ``bot`` take a new player's shown rating
    past the bot's (the leaderboard tells a newcomer how soon the caution wears off); None if
    ``most`` do not."""
    mu, sigma = MODEL.mu, MODEL.sigma
    bot_mu, bot_sigma = BOT_RATINGS[bot]
    for wins in range(1, most + 1):
        me = [Entrant(0, mu, sigma, person=True)]
        mu, sigma = rate([me, [Entrant(1, bot_mu, bot_sigma, person=False)]], [1, 0])[0]
        if display(mu, sigma) > display(bot_mu, bot_sigma):
            return wins
    return None
