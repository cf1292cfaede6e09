"""Playing for the match (issue 31): with a match to play for, ``expert`` and ``strong`` score
finished simulations by the match equity; without one (a single deal, the arena's per-deal
mode) and with ``objective="round"`` they keep the round margin."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.agents import Agent, ExpertAgent, StrongAgent, make_agent
from hanafuda.agents.arena import _agent, _check_name, _single_deal, play_game
from hanafuda.agents.equity import (
    TIE_BREAK,
    MatchLeaf,
    match_equity,
    match_leaf,
    next_deals,
    simulate_rounds,
)
from hanafuda.agents.hint import hint
from hanafuda.rules import configure
from hanafuda.views import PlayerView


def second_round(game: str, seed: int, behind: int) -> tuple[Match, Agent, random.Random]:
    """A 2-round match of ``game`` at the start of its last round, seat 0 ``behind`` points down
    (the first round played by ``greedy``, the totals then set), with the bot and its RNG."""
    bot = make_agent("greedy")
    match = Match(game, 2, options={"rounds": 2}, seed=seed)
    rng = random.Random(seed)
    while match.to_move is not None:
        view = match.view(match.to_move)
        match.play(bot.choose(view, view.legal, rng))
    match.next_round()
    match.totals[:] = [0, behind]
    return match, bot, rng


def last_round(game: str, seed: int, behind: int, moves: int) -> PlayerView:
    """Seat 0's view in the last round of a 2-round match, ``behind`` points down (the first
    round played by ``greedy``, the totals then set), after ``moves`` greedy moves."""
    match, bot, rng = second_round(game, seed, behind)
    for _ in range(moves):
        view = match.view(match.to_move)
        match.play(bot.choose(view, view.legal, rng))
    assert match.to_move == 0
    return match.view(0)


def test_behind_in_the_last_round_the_expert_takes_the_riskier_line() -> None:
    """Mushi, last round, 60 points behind, the bot deals: the round objective plays the
    move with the best mean margin (``iris-chaff1``, about −54 against −56); only a round won
    by more than 60 wins the match, and ``wisteria-chaff1`` wins more of those (about 3.5%
    of the matches against 2.7%): the match objective plays it."""
    view = last_round("mushi", 2, 60, 7)
    legal = list(view.legal)
    match_moves = ExpertAgent(time_limit=None).analyse(view, legal, random.Random(1))
    round_moves = ExpertAgent(time_limit=None, objective="round").analyse(view, legal, random.Random(1))
    assert match_moves[0][0] == "play wisteria-chaff1"
    assert round_moves[0][0] == "play iris-chaff1"
    assert 0.0 < match_moves[0][1] < 0.1, "a long shot: the chance of winning the match"
    assert round_moves[0][1] < -40, "points of round margin"
    values = dict(match_moves)
    assert values["play wisteria-chaff1"] > values["play iris-chaff1"]


def test_strong_plays_for_the_match_too() -> None:
    view = last_round("mushi", 2, 60, 2)
    for seed in (1, 2):
        picks = [StrongAgent(time_limit=None, objective=o).choose(view, view.legal, random.Random(seed))
                 for o in ("match", "round")]
        assert picks == ["play maple-ribbon", "play wisteria-chaff1"]


def test_a_single_deal_keeps_the_round_margin() -> None:
    """rounds=1 (the arena's per-deal mode): no match to play for, the same analysis."""
    config = configure("mushi", 2, {"rounds": 1})
    assert match_equity(config) is None
    match = Match("mushi", 2, options={"rounds": 1}, seed=4)
    bot = make_agent("greedy")
    rng = random.Random(0)
    while match.to_move is not None:
        view = match.view(match.to_move)
        if len(view.legal) > 2:
            break
        match.play(bot.choose(view, view.legal, rng))
    legal = list(view.legal)
    a, b = (ExpertAgent(simulations=600, time_limit=None, objective=o).analyse(
        view, legal, random.Random(3)) for o in ("match", "round"))
    assert a == b
    assert match_leaf(view, config) is None


def test_the_arena_per_deal_mode_is_a_single_deal() -> None:
    config = configure("hana-awase", 2, {})
    single = _single_deal(config)
    assert single.rounds_limit == 1 and single.target is None and match_equity(single) is None
    assert _single_deal(config) is single
    scores, record = play_game(config, 0, 5, ("greedy", "greedy"), 0)
    assert record["options"]["rounds"] == 1 and len(scores) == 2


def test_round_objective_by_arena_name() -> None:
    for name, cls in (("expert/round", ExpertAgent), ("expert@400/round", ExpertAgent),
                      ("expert@600/scalar/round", ExpertAgent), ("strong/round", StrongAgent),
                      ("strong@100/round", StrongAgent)):
        agent = _agent(name)
        assert isinstance(agent, cls) and agent.objective == "round", name
        _check_name(name)
    assert _agent("expert").objective == "match" and _agent("strong@50").objective == "match"
    assert _agent("expert@400/round").simulations == 400  # type: ignore[attr-defined]
    for bad in ("greedy/round", "expert/rounds", "policy/round"):
        with pytest.raises(ValueError):
            _check_name(bad)
    with pytest.raises(ValueError, match="objective"):
        ExpertAgent(objective="points")
    with pytest.raises(ValueError, match="objective"):
        StrongAgent(objective="points")


def test_the_leaf_follows_the_engine_next_dealer() -> None:
    outcomes = simulate_rounds(configure("min-hwatu", 2, {}), "greedy", 60, seed=8)
    assert (next_deals(outcomes[:, 0], outcomes[:, 1], True) == (outcomes[:, 2] == 1)).all()


def test_leaf_values_in_the_last_round() -> None:
    """60 behind with no round after this one: winning the round by more wins the match,
    by exactly 60 shares it, by less loses it; the margin only breaks ties."""
    equity = match_equity(configure("mushi", 2, {"rounds": 2}))
    assert equity is not None
    leaf = MatchLeaf(equity, 0, 0.0, 60.0, True, 0)
    values = leaf.values(np.array([[70, -70], [30, -30], [-10, 10]]))
    assert values[0] == pytest.approx(1.0, abs=1e-4)
    assert values[1] == pytest.approx(0.5, abs=1e-4)  # 30 against 60 − 30: level, a shared win
    assert leaf.value([20, -20]) < leaf.value([30, -30]) < leaf.value([31, -31])
    assert values[2] == pytest.approx(-20 * TIE_BREAK)
    assert leaf.of_margin(61) == pytest.approx(leaf.value([61, 0]))


def test_hints_stay_in_round_points() -> None:
    view = last_round("mushi", 2, 60, 7)
    h = hint(view, search=True)
    assert h.best_value < -10  # points of round margin, not a chance of winning


def test_a_kwa_do_declaration_is_decided_by_the_match_equity() -> None:
    """Kwa-Dō with yaku (declarations on), 150 against 185 of 200, the bot's round going
    well: for the round, declaring Spring with the crane is worth most (+0.9 a round over
    capturing with it); for the match, capturing is — the match is lost only in the rare
    round where the other side, needing 15, reaches 200 first, and declaring (which captures
    nothing) leaves it more of those (99.86% against 99.93%).  The table is the shipped
    ``equity-kwa-do-2p-yaku=true.npz``."""
    config = configure("kwa-do", 2, {"yaku": True})
    assert match_equity(config) is not None
    bot = make_agent("greedy")
    match = Match("kwa-do", 2, options={"yaku": True}, seed=2)
    match.totals[:] = [150, 185]
    rng = random.Random(2)
    for _ in range(15):
        view = match.view(match.to_move)
        match.play(bot.choose(view, view.legal, rng))
    view = match.view(0)
    assert "play pine-crane declare spring" in view.legal
    for_match = ExpertAgent(time_limit=None).analyse(view, list(view.legal), random.Random(2))
    for_round = ExpertAgent(time_limit=None, objective="round").analyse(view, list(view.legal),
                                                                        random.Random(2))
    assert for_match[0][0] == "play pine-crane"
    assert for_round[0][0] == "play pine-crane declare spring"
    values = dict(for_match)
    assert 0.99 < values["play pine-crane declare spring"] < values["play pine-crane"] < 1.0


def koikoi_decision(seed: int, behind: int) -> PlayerView:
    """Seat 0's view at its first koi-koi/stop decision in the last round of a 2-round Koi-Koi
    match, ``behind`` points down (negative: ahead); everything else played by ``greedy``."""
    match, bot, rng = second_round("koi-koi", seed, behind)
    while match.to_move is not None:
        view = match.view(match.to_move)
        if match.to_move == 0 and "stop" in view.legal:
            return view
        match.play(bot.choose(view, view.legal, rng))
    raise AssertionError(f"seed {seed}: seat 0 never had to choose koi-koi or stop")


@pytest.mark.parametrize(("seed", "behind", "for_match", "for_round"), [
    (0, 5, "stop", "koikoi"),    # stopping scores 10 and wins the match outright
    (3, 5, "koikoi", "stop"),    # stopping scores 2: the match is lost, only going on can win it
    (37, -5, "stop", "koikoi"),  # 5 ahead: stopping ends the match won
])
def test_koikoi_or_stop_is_decided_by_the_match_equity(seed: int, behind: int, for_match: str,
                                                         for_round: str) -> None:
    """Issue 31, "Koi-Koi-style decisions too": the go-on/stop call is a move the search
    compares like any other, so with a match to play for it is scored by the match equity
    (docs/bots-results/match-equity.md, positions 6–8)."""
    view = koikoi_decision(seed, behind)
    assert set(view.legal) == {"koikoi", "stop"}
    for rng_seed in (1, 2):
        by_match = ExpertAgent(time_limit=None).analyse(view, list(view.legal), random.Random(rng_seed))
        by_round = ExpertAgent(time_limit=None, objective="round").analyse(view, list(view.legal),
                                                                           random.Random(rng_seed))
        assert by_match[0][0] == for_match
        assert by_round[0][0] == for_round
