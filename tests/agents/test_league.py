"""The league (issue 32): every pair on the same duplicate deals, Bradley–Terry ratings on
the Elo scale, one table."""

from __future__ import annotations

import math

import pytest

from hanafuda.agents.arena import run_arena
from hanafuda.agents.league import bradley_terry_elo, run_league


def test_bradley_terry_on_known_records():
    even = bradley_terry_elo(["a", "b"], {("a", "b"): (20.0, 40.0)})
    assert even["a"] == pytest.approx(1500) and even["b"] == pytest.approx(1500)
    # 30 of 40 plus one virtual draw: odds 30.5 : 10.5 between the two
    two = bradley_terry_elo(["a", "b"], {("a", "b"): (30.0, 40.0)})
    assert two["a"] - two["b"] == pytest.approx(400 * math.log10(30.5 / 10.5), abs=1e-6)
    assert (two["a"] + two["b"]) / 2 == pytest.approx(1500)
    # a chain a > b > c: ordered, and a clean sweep stays finite
    chain = bradley_terry_elo(["a", "b", "c"], {("a", "b"): (10.0, 10.0), ("b", "c"): (7.0, 10.0)})
    assert chain["a"] > chain["b"] > chain["c"] and all(math.isfinite(v) for v in chain.values())
    with pytest.raises(ValueError, match="wins of 'a' against 'b'"):
        bradley_terry_elo(["a", "b"], {("a", "b"): (5.0, 4.0)})


def test_league_plays_every_pair_on_the_same_deals():
    league = run_league("mushi", 2, ["random", "greedy", "policy"], deals=3, seed=4)
    assert [p.agents for p in league.pairs] == [["random", "greedy"], ["random", "policy"],
                                                ["greedy", "policy"]]
    alone = run_arena("mushi", 2, ["greedy", "policy"], deals=3, seed=4)
    assert league.pairs[2].to_json() == alone.to_json()  # the same seed: the same deals
    m, lo, hi = alone.margins["greedy − policy"]
    assert league.margin("policy", "greedy") == pytest.approx((-m, -hi, -lo))
    assert set(league.ratings) == {"random", "greedy", "policy"}
    table = league.table()
    assert "league of 3 agents, 3 duplicate deals per pair" in table
    assert table.splitlines()[3].split()[0] == max(league.ratings, key=league.ratings.__getitem__)
    data = league.to_json()
    assert data["unit"] == "league" and len(data["pairs"]) == 3


def test_focus_plays_only_its_pairs_first_and_bad_leagues_are_refused():
    league = run_league("mushi", 2, ["greedy", "random", "policy"], deals=2, focus="policy")
    assert [p.agents for p in league.pairs] == [["policy", "greedy"], ["policy", "random"]]
    assert league.margin("greedy", "random") is None
    with pytest.raises(ValueError, match="at least two agents, each named once"):
        run_league("mushi", 2, ["greedy", "greedy"], deals=1)
    with pytest.raises(ValueError, match="focus agent 'expert'"):
        run_league("mushi", 2, ["greedy", "random"], deals=1, focus="expert")
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        run_league("mushi", 2, ["greedy", "nobody"], deals=1)
    with pytest.raises(ValueError, match="deals must be at least 1"):
        run_league("mushi", 2, ["greedy", "random"], deals=0)


def test_the_league_command_writes_one_table_and_json(tmp_path):
    import json

    from typer.testing import CliRunner

    from hanafuda.cli import app

    out = CliRunner().invoke(app, ["arena", "mushi", "--league", "random,greedy", "--deals", "2",
                                   "-w", "1", "--json", "--records", str(tmp_path)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["agents"] == ["random", "greedy"] and len(data["pairs"]) == 1
    assert data["pairs"][0] == run_arena("mushi", 2, ["random", "greedy"], 2).to_json()
    assert len(list((tmp_path / "random-vs-greedy").glob("*.json"))) == 4
    text = CliRunner().invoke(app, ["arena", "mushi", "--league", "random,greedy", "--deals", "2",
                                    "-w", "1"])
    assert text.exit_code == 0 and "league of 2 agents" in text.stdout
    for bad, says in ((["--league", "greedy,nobody"], "unknown agent 'nobody'"),
                      (["--league", "greedy,random", "--matches", "2"], "not --matches")):
        refused = CliRunner().invoke(app, ["arena", "mushi", *bad, "--deals", "1"])
        assert refused.exit_code != 0 and says in refused.output


def test_the_table_keeps_wide_margins_apart():
    """Hana-Awase margins reach three digits with two-digit intervals: every cell stays apart."""
    from types import SimpleNamespace

    from hanafuda.agents.league import MINUS, LeagueResult

    pair = SimpleNamespace(agents=["expert", "random"],
                           margins={f"expert{MINUS}random": (116.04, 99.57, 132.51)})
    table = LeagueResult("hana-awase", 2, ["expert", "random"], 100, 7, [pair],  # type: ignore[list-item]
                         {"expert": 1556.0, "random": 1339.0}).table()
    rows = table.splitlines()[3:]
    assert rows[0].split()[-1] == "+116.04±16.47" and rows[1].split()[-2] == "-116.04±16.47"
    assert all(len(row.split()) == 2 + 2 for row in rows)  # name, rating, one cell per agent
