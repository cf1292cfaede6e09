"""Match equity (issue 31): the chance of winning a 2-player match from its score, solved by
dynamic programming from simulated round results; the shipped tables and their lookup."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from hanafuda import Match
from hanafuda.agents import make_agent
from hanafuda.agents.equity import (
    EquityError,
    MatchEquity,
    MatchFormat,
    equity_file,
    match_equity,
    simulate_rounds,
    solve,
    solve_rounds,
    solve_target,
)
from hanafuda.cli import app
from hanafuda.rules import configure

ROUND_GAMES = ("mushi", "min-hwatu", "hana-awase", "hawaiifuda")


def _outcomes(rows: list[tuple[int, int, int]], weights: list[int]) -> np.ndarray:
    return np.array([r for r, w in zip(rows, weights, strict=True) for _ in range(w)], np.int64)


def test_one_round_left_by_hand() -> None:
    """Dealer wins 10 (keeps the deal) 3 times in 5, loses 10 otherwise: from level, the
    dealer wins the match 60%; 10 behind, it can at best draw level (half a win)."""
    outcomes = _outcomes([(10, 0, 1), (0, 10, 0)], [3, 2])
    table, span = solve_rounds(outcomes, 1)
    at = lambda d, x: table[1, d, x + span]  # noqa: E731
    assert at(1, 0) == pytest.approx(0.6)
    assert at(0, 0) == pytest.approx(0.4)
    assert at(1, -10) == pytest.approx(0.3)
    assert at(1, 5) == pytest.approx(0.6)
    assert at(1, 11) == pytest.approx(1.0)
    assert table[0, 1, span] == 0.5 and table[0, 1, span + 1] == 1.0 and table[0, 1, span - 1] == 0.0


def test_two_rounds_follow_the_next_dealer() -> None:
    """The dealer always wins its round by 1 and keeps the deal: whoever deals first wins
    every round, so from level it wins a 2-round match, and from 2 behind only draws."""
    outcomes = _outcomes([(1, 0, 1)], [1])
    table, span = solve_rounds(outcomes, 2)
    assert table[2, 1, span] == 1.0 and table[2, 0, span] == 0.0
    assert table[2, 1, span - 2] == 0.5


def test_target_by_hand() -> None:
    """First to 5: the dealer scores 5 or nothing (a tie, it deals again) — it wins for sure;
    a round where both reach the target goes to the higher total."""
    sure = solve_target(_outcomes([(0, 0, 1), (5, 0, 1)], [1, 1]), 5)
    assert sure[1, 4, 4] == pytest.approx(1.0) and sure[0, 4, 4] == pytest.approx(0.0)
    both = solve_target(_outcomes([(6, 5, 1)], [1]), 5)
    assert both[1, 4, 4] == 1.0 and both[0, 4, 4] == 0.0
    assert both[1, 4, 0] == 0.0  # needing 5 against 1: both pass the target, the other further
    with pytest.raises(EquityError, match="at least 0"):
        solve_target(_outcomes([(-1, 0, 1)], [1]), 5)


@pytest.mark.parametrize("game", ROUND_GAMES)
def test_shipped_rounds_tables_are_monotonic_and_symmetric(game: str) -> None:
    config = configure(game, 2, {})
    equity = match_equity(config)
    assert equity is not None and equity.fmt == MatchFormat(config.rounds_limit, None)
    table = equity.table
    assert (np.diff(table, axis=2) >= -1e-6).all(), "more points ahead never lowers the equity"
    span = equity.span
    for r in range(table.shape[0]):
        # two equal players: dealing at x is the mirror of the other dealing at −x
        assert np.allclose(table[r, 1] + table[r, 0][::-1], 1.0, atol=1e-5)
    rounds = config.rounds_limit
    start = (equity.value(0, 0, rounds, True) + equity.value(0, 0, rounds, False)) / 2
    assert start == pytest.approx(0.5, abs=1e-6)
    # far beyond the stored span the lookup clamps to a settled edge (within SETTLED)
    assert equity.value(10**6, 0, 3, False) == pytest.approx(1.0, abs=1e-6)
    assert equity.value(0, 10**6, 3, True) == pytest.approx(0.0, abs=1e-6)
    low, high = equity.band(-30, 0, 3, True)
    assert low <= equity.value(-30, 0, 3, True) <= high and high - low < 0.1
    assert table[0, 0, span] == 0.5


def test_shipped_target_table_is_monotonic_and_symmetric() -> None:
    equity = match_equity(configure("kwa-do", 2, {}))
    assert equity is not None and equity.fmt == MatchFormat(None, 200)
    table = equity.table  # [dealer, my points needed − 1, theirs − 1]
    assert (np.diff(table, axis=1) <= 1e-6).all(), "needing more never helps"
    assert (np.diff(table, axis=2) >= -1e-6).all(), "the other needing more never hurts"
    assert np.allclose(table[1] + table[0].T, 1.0, atol=1e-5)
    assert equity.value(199, 150, 0, False) > equity.value(150, 199, 0, True)
    assert equity.value(200, 150, 0, False) == 1.0 and equity.value(205, 205, 0, False) == 0.5


def test_another_format_is_solved_from_the_shipped_rounds() -> None:
    three = match_equity(configure("mushi", 2, {"rounds": 3}))
    twelve = match_equity(configure("mushi", 2, {}))
    assert three is not None and twelve is not None and three.fmt.rounds == 3
    assert np.array_equal(three.outcomes, twelve.outcomes)
    assert three.low is None
    with pytest.raises(EquityError, match="no error band"):
        three.band(0, 0, 3, True)
    # behind by 40 with one round left is worse than with three
    assert three.value(0, 40, 1, True) < three.value(0, 40, 3, True)
    with pytest.raises(EquityError, match="rounds left"):
        three.value(0, 0, 4, True)


@pytest.mark.parametrize("game, players, options", [
    ("mushi", 2, {"four_on_field": "dealer-captures"}),  # rounds played otherwise: no file
    ("min-hwatu", 3, {}),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}),
    ("mushi", 2, {"rounds": 6, "target": 100}),  # both ends: no format
])
def test_no_equity_without_a_table(game: str, players: int, options: dict[str, object]) -> None:
    assert match_equity(configure(game, players, options)) is None


def test_the_table_agrees_with_whole_matches() -> None:
    """Min-Hwatu, 2 rounds left, seat 0 dealing and 20 points behind: the table solved from
    1,500 simulated greedy rounds against 300 whole matches played from that score."""
    config = configure("min-hwatu", 2, {"rounds": 2})
    outcomes = simulate_rounds(config, "greedy", 1500, seed=5)
    fmt = MatchFormat(2, None)
    table, span = solve_rounds(outcomes, 2)
    predicted = table[2, 1, span - 20]
    gen = np.random.default_rng(1)
    boot = [solve(outcomes[gen.integers(0, 1500, 1500)], fmt) for _ in range(30)]
    boot_values = [b[2, 1, b.shape[2] // 2 - 20] for b in boot]
    se_table = float(np.std(boot_values, ddof=1))
    bot = make_agent("greedy")
    wins = []
    for i in range(300):
        match = Match("min-hwatu", 2, config=config, seed=1000 + i, dealer=0)
        match.totals[1] = 20
        rng = random.Random(i)
        while not match.finished:
            while match.to_move is not None:
                view = match.view(match.to_move)
                match.play(bot.choose(view, view.legal, rng))
            if not match.finished:
                match.next_round()
        wins.append(1.0 if 0 in match.winners and len(match.winners) == 1 else
                    0.5 if 0 in match.winners else 0.0)
    direct = float(np.mean(wins))
    se_direct = float(np.std(wins, ddof=1)) / math.sqrt(len(wins))
    assert 0.15 < predicted < 0.5, "20 behind with two rounds left: an underdog, not lost"
    assert abs(direct - predicted) <= 1.96 * math.hypot(se_direct, se_table), (direct, predicted)


def test_simulated_rounds_use_the_engine_next_dealer() -> None:
    outcomes = simulate_rounds(configure("mushi", 2, {}), "greedy", 40, seed=3)
    dealer, other, keeps = outcomes.T
    assert ((dealer >= other) == (keeps == 1)).all()  # §6: the higher score deals; a tie keeps
    assert (dealer + other == 0).all()  # Mushi is zero-sum


def test_equity_command_writes_a_table(tmp_path: Path) -> None:
    out = tmp_path / "eq.npz"
    result = CliRunner().invoke(app, ["equity", "mushi", "-o", "rounds=3", "--samples", "30",
                                      "--bootstrap", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "mushi rounds3, 30 rounds of greedy" in result.output
    saved = MatchEquity.load(out)
    assert saved.fmt == MatchFormat(3, None) and saved.outcomes.shape == (30, 3)
    assert saved.low is not None and saved.meta["agent"] == "greedy"
    assert saved.meta["command"].startswith("hanafuda equity")


@pytest.mark.parametrize("args, message", [
    (["mushi", "-o", "colour=blue"], "unknown option"),
    (["mushi", "--samples", "1"], "at least 2 rounds"),
    (["kwa-do", "-o", "rounds=3"], "both a round limit and a target"),
])
def test_equity_command_refuses_bad_input(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "eq.npz"
    result = CliRunner().invoke(app, ["equity", *args, "--out", str(out)])
    assert result.exit_code == 2 and message in result.output
    assert not out.exists()


def test_shipped_files_say_how_they_were_made() -> None:
    for game in (*ROUND_GAMES, "kwa-do"):
        equity = MatchEquity.load(equity_file(game))
        assert equity.meta["command"].startswith(f"hanafuda equity {game}")
        assert equity.meta["rounds_simulated"] == len(equity.outcomes) >= 10000


def test_a_saved_table_is_trimmed_to_the_open_scores(tmp_path: Path) -> None:
    """Differences where every cell is decided are cut from the file; lookups clamp there
    and agree with the full table within ``SETTLED``."""
    from hanafuda.agents.equity import SETTLED

    outcomes = _outcomes([(10, 0, 1), (0, 10, 0), (0, 200, 0)], [5000, 5000, 1])  # rare big rounds
    fmt = MatchFormat(3, None)
    full = MatchEquity("mushi", fmt, solve(outcomes, fmt), outcomes, meta={"command": "test"})
    full.save(tmp_path / "t.npz")
    saved = MatchEquity.load(tmp_path / "t.npz")
    assert saved.span < full.span
    xs = np.arange(-700, 701)
    for r in range(4):
        for d in (False, True):
            gap = np.abs(saved.values(xs, np.zeros(xs.size), r, d) - full.values(xs, np.zeros(xs.size), r, d))
            assert gap.max() <= SETTLED + 1e-7


def _target_by_cell(outcomes: np.ndarray, target: int) -> np.ndarray:
    """The target programme cell by cell, the plain way: the reference for the fast one."""
    rows, counts = np.unique(outcomes, axis=0, return_counts=True)
    p = counts / counts.sum()
    table = np.zeros((2, target, target))
    for a in range(1, target + 1):
        for b in range(1, target + 1):
            for d in (0, 1):
                mine, theirs = (rows[:, 0], rows[:, 1]) if d else (rows[:, 1], rows[:, 0])
                deals = rows[:, 2] if d else 1 - rows[:, 2]
                total, stay = 0.0, 0.0
                for k in range(len(rows)):
                    a2, b2 = a - mine[k], b - theirs[k]
                    if a2 == a and b2 == b:
                        stay += p[k]
                    elif a2 <= 0 or b2 <= 0:
                        total += p[k] * (1.0 if a2 < b2 else 0.5 if a2 == b2 else 0.0)
                    else:
                        total += p[k] * table[deals[k], a2 - 1, b2 - 1]
                table[d, a - 1, b - 1] = total / (1.0 - stay)
    return table


def test_the_target_programme_is_the_plain_one() -> None:
    gen = np.random.default_rng(4)
    scores = gen.choice([0, 0, 1, 2, 3, 5, 8], size=(300, 2))
    keeps = (scores[:, 0] >= scores[:, 1]).astype(np.int64)
    outcomes = np.column_stack([scores, keeps])
    assert np.allclose(solve_target(outcomes, 17), _target_by_cell(outcomes, 17), atol=1e-12)
    with pytest.raises(EquityError, match="nobody ever scores"):
        solve_target(_outcomes([(0, 0, 1)], [3]), 5)
    with pytest.raises(EquityError, match="at least 1"):
        solve_target(_outcomes([(1, 0, 1)], [3]), 0)
