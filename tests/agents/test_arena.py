"""The arena's bookkeeping on a handful of deals: duplicate seatings, means, win shares, records."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hanafuda.agents import ExpertAgent
from hanafuda.agents.arena import _agent, paired_difference, rotations, run_arena
from hanafuda.cli import app
from hanafuda.records import load_record, match_from_record


def test_rotations_seat_every_agent_everywhere():
    assert rotations(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    assert rotations(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert rotations(["a", "b", "c"], 3) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert len(rotations(["a", "b", "c"], 4)) == 3
    for seating in rotations(["a", "b", "c"], 6):
        assert seating.count("a") == 2


def test_zero_sum_game_bookkeeping(tmp_path):
    result = run_arena("mushi", 2, ["greedy", "random"], deals=4, seed=3, records_dir=tmp_path)
    by_name = {r.name: r for r in result.results}
    assert by_name["greedy"].mean_score == pytest.approx(-by_name["random"].mean_score)
    assert by_name["greedy"].win_rate + by_name["random"].win_rate == pytest.approx(1.0)
    margin = result.margins["greedy − random"][0]
    assert margin == pytest.approx(by_name["greedy"].mean_score - by_name["random"].mean_score)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4 * 2
    # Duplicate deals: both seatings of a deal play the same cards, with the agents swapped.
    for deal in range(4):
        a, b = (load_record(tmp_path / f"deal{deal:05d}-seating{r}.json") for r in (0, 1))
        assert a["rounds"][0]["hands"] == b["rounds"][0]["hands"]
        assert a["rounds"][0]["stock"] == b["rounds"][0]["stock"]
        assert a["meta"]["agents"] == ["greedy", "random"]
        assert b["meta"]["agents"] == ["random", "greedy"]
    # Every record replays, and its score matches what the arena counted.
    total = {"greedy": 0.0, "random": 0.0}
    for path in files:
        record = load_record(path)
        match = match_from_record(record)
        scores = match.current.result.scores
        for seat, name in enumerate(record["meta"]["agents"]):
            total[name] += scores[seat]
    assert total["greedy"] / 8 == pytest.approx(by_name["greedy"].mean_score)


def test_team_game_counts_team_scores():
    result = run_arena("kwa-do", 4, ["greedy", "random"], deals=3, seed=1,
                       options={"teams": [[0, 2], [1, 3]]})
    assert result.rotations == 2
    shares = sum(r.win_rate for r in result.results)
    assert shares == pytest.approx(1.0)
    for r in result.results:
        assert r.mean_score >= 0  # floor scoring never goes below 0


def test_deterministic_for_a_seed_and_independent_of_workers():
    # The strong bot's own determinism is tested in test_agents.py (it is slow to run here).
    one = run_arena("hawaiifuda", 3, ["greedy", "random"], deals=6, seed=5, workers=1)
    again = run_arena("hawaiifuda", 3, ["greedy", "random"], deals=6, seed=5, workers=1)
    two = run_arena("hawaiifuda", 3, ["greedy", "random"], deals=6, seed=5, workers=2)
    strip = {"workers"}
    as_json = [{k: v for k, v in r.to_json().items() if k not in strip} for r in (one, again, two)]
    assert as_json[0] == as_json[1] == as_json[2]


def test_cli_json_and_table():
    runner = CliRunner()
    out = runner.invoke(app, ["arena", "mushi", "--agents", "greedy,random", "--deals", "3",
                              "--workers", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["deals"] == 3 and set(data["results"]) == {"greedy", "random"}
    assert data["rotations_per_deal"] == 2
    table = runner.invoke(app, ["arena", "min-hwatu", "-n", "3", "--agents", "random",
                                "--deals", "2", "--workers", "1"])
    assert table.exit_code == 0
    assert "mean score" in table.stdout and "random" in table.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["arena", "mushi", "--agents", "genius"], "unknown agent 'genius'"),
        (["arena", "mushi", "-n", "3"], "mushi is played by 2 players, not 3"),
        (["arena", "mushi", "-o", "wild=1"], "unknown option 'wild'"),
        (["arena", "mushi", "--deals", "0"], "deals must be at least 1"),
        (["arena", "chess"], "unknown game 'chess'"),
    ],
)
def test_cli_bad_input_is_a_clear_error(args, message):
    out = CliRunner().invoke(app, args + ["--workers", "1"])
    assert out.exit_code != 0
    assert message in out.output
    assert "0/" not in out.output  # refused before any progress is shown


def test_whole_matches_rotate_seats_and_count_match_wins(tmp_path):
    options = {"rounds": 3}
    result = run_arena("mushi", 2, ["greedy", "random"], deals=3, seed=1, options=options,
                       records_dir=tmp_path, matches=True)
    assert result.unit == "match" and result.to_json()["unit"] == "match"
    by_name = {r.name: r for r in result.results}
    assert by_name["greedy"].win_rate + by_name["random"].win_rate == pytest.approx(1.0)
    files = sorted(tmp_path.glob("match*.json"))
    assert len(files) == 3 * 2
    a, b = (load_record(tmp_path / f"match00000-seating{r}.json") for r in (0, 1))
    assert len(a["rounds"]) == 3
    assert a["rounds"][0]["hands"] == b["rounds"][0]["hands"]  # every round dealt from the seed
    assert b["meta"]["agents"] == ["random", "greedy"]
    again = run_arena("mushi", 2, ["greedy", "random"], deals=3, seed=1, options=options,
                      matches=True, workers=2)
    assert again.to_json()["results"] == result.to_json()["results"]


def test_every_deals_margin_is_kept_and_runs_on_one_seed_compare_deal_by_deal():
    base = run_arena("mushi", 2, ["greedy", "random"], deals=8, seed=3, workers=1).to_json()
    each = base["margins_by_unit"]["greedy − random"]
    assert len(each) == 8
    assert sum(each) / 8 == pytest.approx(base["margins"]["greedy − random"]["mean"], abs=1e-3)
    [same] = paired_difference(base, base)
    assert (same.mean, same.ci, same.units) == (0.0, (0.0, 0.0), 8)
    # a shorter run on the same seed meets the same cards: the same games, deal by deal
    prefix = run_arena("mushi", 2, ["greedy", "random"], deals=5, seed=3, workers=2).to_json()
    assert prefix["margins_by_unit"]["greedy − random"] == each[:5]
    # another agent against the same opponent: the mean of the differences on the shared deals
    other = run_arena("mushi", 2, ["strong@20", "random"], deals=5, seed=3, workers=1).to_json()
    theirs = other["margins_by_unit"]["strong@20 − random"]
    [diff] = paired_difference(base, other)
    assert (diff.first, diff.second, diff.opponent, diff.units) == ("greedy", "strong@20",
                                                                     "random", 5)
    assert diff.mean == pytest.approx(sum(each[:5]) / 5 - sum(theirs) / 5)
    assert diff.ci[0] <= diff.mean <= diff.ci[1]
    shifted = dict(base, margins_by_unit={"greedy − random": [v + 2.0 for v in each]})
    [two] = paired_difference(shifted, base)
    assert two.mean == pytest.approx(2.0) and two.ci == pytest.approx((2.0, 2.0))
    whole = run_arena("mushi", 2, ["greedy", "random"], deals=2, seed=3, options={"rounds": 2},
                      matches=True).to_json()
    [matches] = paired_difference(whole, whole)
    assert matches.line().startswith("greedy − greedy, both against random, over the same 2 "
                                     "matches: +0.00 per match")


@pytest.mark.parametrize(
    "change,message",
    [
        ({"seed": 4}, "seed is 3 in the first and 4 in the second"),
        ({"game": "min-hwatu"}, "game is 'mushi'"),
        ({"unit": "match"}, "unit is 'deal'"),
        ({"margins_by_unit": {}}, "the second run has no per-deal margins"),
        ({"margins_by_unit": {"greedy − strong": [1.0]}}, "share no opponent"),
        ({"margins_by_unit": {"greedy − random": "1, 2"}}, "second run's margins_by_unit is not"),
        ({"margins_by_unit": {"greedy": [1.0]}}, "second run's margins_by_unit is not"),
        ({"margins_by_unit": [1.0, 2.0]}, "second run's margins_by_unit is not"),
        ({"margins_by_unit": {"greedy − random": [1.0, "x"]}}, "second run's margins_by_unit"),
    ],
)
def test_runs_on_other_cards_are_not_compared(change, message):
    base = run_arena("mushi", 2, ["greedy", "random"], deals=2, seed=3, workers=1).to_json()
    with pytest.raises(ValueError, match=message):
        paired_difference(base, dict(base, **change))


def test_arena_compare_cli(tmp_path):
    runner = CliRunner()
    paths = []
    for name, agents in (("a", "greedy,random"), ("b", "strong@20,random")):
        out = runner.invoke(app, ["arena", "mushi", "--agents", agents, "--deals", "4",
                                  "--seed", "9", "-w", "1", "--json"])
        assert out.exit_code == 0, out.output
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(out.stdout.strip().splitlines()[-1], encoding="utf-8")
    text = runner.invoke(app, ["arena-compare", str(paths[0]), str(paths[1])])
    assert text.exit_code == 0, text.output
    assert "greedy − strong@20, both against random, over the same 4 deals:" in text.stdout
    data = runner.invoke(app, ["arena-compare", str(paths[0]), str(paths[0]), "--json"])
    assert json.loads(data.stdout) == [{"first": "greedy", "second": "greedy", "opponent": "random",
                                        "units": 4, "unit": "deal", "mean": 0.0,
                                        "ci95": [0.0, 0.0]}]
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    for args, message in (([str(paths[0]), str(tmp_path / "none.json")], "cannot read"),
                          ([str(paths[0]), str(tmp_path / "bad.json")], "not an arena result"),
                          ([str(paths[0]), str(tmp_path)], "cannot read")):
        bad = runner.invoke(app, ["arena-compare", *args])
        assert bad.exit_code == 2 and message in bad.output, bad.output


def test_arena_cli_matches_and_budget_names():
    out = CliRunner().invoke(app, ["arena", "mushi", "--agents", "greedy,strong@30",
                                   "--matches", "1", "-o", "rounds=1", "-w", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["unit"] == "match" and set(data["results"]) == {"greedy", "strong@30"}
    bad = CliRunner().invoke(app, ["arena", "mushi", "--agents", "greedy,strong@x", "--deals", "1"])
    assert bad.exit_code != 0 and "strong@N" in bad.output


def test_expert_rollouts_by_arena_name():
    """``expert@N/greedy`` is the scalar expert with greedy rollouts, ``expert@N/scalar`` (and
    ``/fast``) the scalar one with fast rollouts — ``expert@600/scalar`` the default before the
    batch one; bare ``expert@N`` is the default's search at N; bad suffixes are clear errors."""
    agent = _agent("expert@40/greedy")
    assert isinstance(agent, ExpertAgent) and agent.simulations == 40
    assert agent.rollouts == "greedy" and agent.engine == "scalar" and agent.time_limit is None
    for name, search in (("expert@40", ("batch", "greedy")), ("expert@40/fast", ("scalar", "fast")),
                         ("expert@600/scalar", ("scalar", "fast")),
                         ("expert@40/scalar-greedy", ("scalar", "greedy"))):
        made = _agent(name)
        assert isinstance(made, ExpertAgent) and (made.engine, made.rollouts) == search, name
        assert made.simulations == int(name[7:].partition("/")[0]) and made.time_limit is None
    for bad in ("expert@40/clever", "strong@40/greedy", "expert@/greedy", "expert@0/fast",
                "expert@40/", "expert@40/scalar-"):
        with pytest.raises(ValueError, match="expert@N/SEARCH"):
            _agent(bad)
    result = run_arena("mushi", 2, ["expert@12/greedy", "greedy"], deals=1, seed=2)
    assert set(result.to_json()["results"]) == {"expert@12/greedy", "greedy"}


def test_batch_expert_by_arena_name():
    """``expert@N/batch`` (``/batch-greedy``: greedy rollouts) searches on the batch
    simulator, deterministic on its budget."""
    agent = _agent("expert@40/batch")
    assert isinstance(agent, ExpertAgent) and agent.simulations == 40
    assert agent.engine == "batch" and agent.rollouts == "fast" and agent.time_limit is None
    assert _agent("expert@40/scalar").engine == "scalar"  # type: ignore[attr-defined]
    greedy = _agent("expert@40/batch-greedy")
    assert isinstance(greedy, ExpertAgent) and greedy.simulations == 40
    assert greedy.engine == "batch" and greedy.rollouts == "greedy" and greedy.time_limit is None
    assert _agent("expert@40/batch-fast").rollouts == "fast"  # type: ignore[attr-defined]
    for bad in ("expert@40/numpy", "expert@40/batch-policy", "expert@40/batch-"):
        with pytest.raises(ValueError, match="one of scalar, fast, greedy, scalar-fast, "
                                             "scalar-greedy, batch, batch-fast, batch-greedy"):
            _agent(bad)
    for name in ("expert@24/batch", "expert@24/batch-greedy"):
        runs = [run_arena("min-hwatu", 2, [name, "greedy"], deals=2, seed=3).to_json()
                for _ in range(2)]
        assert set(runs[0]["results"]) == {name, "greedy"}
        assert runs[0]["results"] == runs[1]["results"]


def test_make_agent_takes_every_name_the_arena_takes():
    """One parser (issue 32): ``make_agent`` makes ``strong@N`` and ``expert@N/SEARCH`` as the
    arena does, on their budgets alone; a bad name is an ``UnknownAgentError`` naming the forms."""
    from hanafuda.agents import StrongAgent, UnknownAgentError, make_agent

    strong = make_agent("strong@400")
    assert isinstance(strong, StrongAgent) and strong.iterations == 400 and strong.time_limit is None
    for name in ("expert@40", "expert@40/greedy", "expert@24/batch-fast", "policy:mushi", "random"):
        made, arena_made = make_agent(name), _agent(name)
        assert type(made) is type(arena_made), name
        assert vars(made).keys() == vars(arena_made).keys()
        assert {k: v for k, v in vars(made).items() if k != "time_limit"} == \
            {k: v for k, v in vars(arena_made).items() if k != "time_limit"}, name
    for bad in ("strong@0", "greedy@3", "expert@5/clever", "nobody"):
        with pytest.raises(UnknownAgentError, match="strong@N"):
            make_agent(bad)
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        run_arena("mushi", 2, ["nobody", "greedy"], deals=1)
