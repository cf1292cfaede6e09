"""benchmarks/inference_headroom.py: the oracle, the greedy likelihood, and the arena's deals."""

from __future__ import annotations

import random
from collections.abc import Iterator

from benchmarks.inference_headroom import (
    VARIANTS,
    OracleExpert,
    deal_margins,
    likelihood_evidence,
)
from hanafuda import Match
from hanafuda.agents import GreedyAgent
from hanafuda.agents.arena import play_deal
from hanafuda.agents.learned.inference import sample_hidden
from hanafuda.cards import cards_of
from hanafuda.rules import configure
from hanafuda.views import PlayerView


def _greedy_positions(game: str, rounds: int) -> Iterator[tuple[Match, PlayerView]]:
    """(match, view of seat 0) at seat 0's decisions in rounds of greedy against greedy."""
    bot = GreedyAgent()
    for r in range(rounds):
        match = Match(game, 2, seed=500 + r)
        rngs = [random.Random(f"{r}:{s}") for s in range(2)]
        while match.to_move is not None:
            seat = match.to_move
            view = match.view(seat)
            if seat == 0:
                yield match, view
            match.play(bot.choose(view, view.legal, rngs[seat]))


def test_the_oracle_deals_every_other_hand_as_it_is() -> None:
    checked = 0
    for match, view in _greedy_positions("mushi", 2):
        oracle = OracleExpert(simulations=10, time_limit=None)
        oracle.truth = match.current
        known = oracle.hand_beliefs(view)
        if known is None:
            continue
        dealt, _ = sample_hidden(*known, random.Random(checked))
        assert sorted(dealt[1]) == sorted(cards_of(match.current.hands[1] & ~view.exposed[1].mask))
        checked += 1
    assert checked > 10


def test_greedy_likelihood_keeps_a_greedy_players_true_cards_and_doubts_others() -> None:
    kept, true_mean, other_mean = likelihood_evidence("mushi", 4)
    # `--evidence 30`: 98.7% of the true cards kept; mean weight 0.988 vs 0.765 for the others.
    assert kept >= 0.9
    assert other_mean < true_mean - 0.05


def test_deal_margins_are_the_arenas_duplicate_deals() -> None:
    config = configure("mushi", 2)
    arena = play_deal(config, 3, 77, ["expert@40", "greedy"], False)
    mine = deal_margins(("mushi", 77, 3, "greedy", ["expert"], 40))
    assert mine["expert"] == arena.score["expert@40"] - arena.score["greedy"]
    every = deal_margins(("mushi", 77, 3, "greedy", list(VARIANTS), 40))
    assert set(every) == set(VARIANTS) and every["expert"] == mine["expert"]
