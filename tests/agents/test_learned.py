"""The learned bots (issue 13): shipped networks play everything, see nothing hidden,
reproduce from the command, and need no torch."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import numpy as np
import pytest
from typer.testing import CliRunner

from hanafuda.agents import AGENTS, ExpertAgent, PolicyAgent, make_agent
from hanafuda.agents.arena import _agent as arena_agent
from hanafuda.agents.expert import SCALAR_SIMULATIONS
from hanafuda.agents.heuristics import evaluator_for, greedy_rollout
from hanafuda.agents.hint import hint
from hanafuda.agents.learned import QNetwork, WeightsError, load_for, shipped_weights
from hanafuda.agents.learned.policy import plays_in_teams, weights_stem
from hanafuda.cli import app
from hanafuda.engine.round import PHASE_PLAY
from hanafuda.records import Match
from hanafuda.rules import GAMES
from hanafuda.train import TrainSettings, train_network
from hanafuda.train.command import default_stem, parse_player_counts
from tests.agents.test_agents import TRAINED_CASES as CASES
from tests.agents.test_agents import _swap_hidden, play_round

TRAINED = [game for game in GAMES if shipped_weights(game, 2) is not None]
"""The games that ship networks (every game; one without would refuse policy/expert by name,
tests/rules/koi_koi/test_koi_koi_everywhere.py)."""
EVERY_TWO_PLAYER = [(game, 2, {}) for game in TRAINED]
EVERY_COUNT = [(game, n, {}) for game, cls in GAMES.items() if game in TRAINED
               for n in cls.player_counts()] + [
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}),
    ("kwa-do", 6, {"teams": [[0, 3], [1, 4], [2, 5]]}),
    ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]]}),
]
# The networks trained for other seat counts than 2 (issue 13): file per family.
FAMILIES = {
    ("min-hwatu", 3, False): "min-hwatu-3-6p.npz",
    ("min-hwatu", 6, False): "min-hwatu-3-6p.npz",
    ("hawaiifuda", 4, False): "hawaiifuda-3-6p.npz",
    ("hawaiifuda", 6, False): "hawaiifuda-3-6p.npz",
    ("kwa-do", 4, True): "kwa-do-4p-teams.npz",
    ("kwa-do", 6, True): "kwa-do-6p-teams.npz",
    ("kwa-do", 2, False): "kwa-do-2p.npz",
    ("mushi", 2, False): "mushi-2p.npz",
    ("hana-awase", 3, False): "hana-awase-3-4p.npz",
    ("hana-awase", 4, False): "hana-awase-3-4p.npz",
}


def small_expert() -> ExpertAgent:
    return ExpertAgent(simulations=24, time_limit=None)


def test_new_bots_are_registered():
    assert {"policy", "expert"} <= set(AGENTS)
    assert isinstance(make_agent("policy"), PolicyAgent)
    assert isinstance(make_agent("expert"), ExpertAgent)
    named = make_agent("policy:mushi")
    assert isinstance(named, PolicyAgent) and str(named.weights).endswith("mushi-2p.npz")
    assert isinstance(make_agent("expert:min-hwatu-2p"), ExpertAgent)


def test_every_game_has_a_network():
    assert set(GAMES) == set(TRAINED)


@pytest.mark.parametrize("game", sorted(TRAINED))
def test_every_game_ships_weights(game):
    path = shipped_weights(game, 2)
    assert path is not None and path.name == f"{game}-2p.npz"
    net = QNetwork.load(path)
    assert net.meta["game"] == game and net.meta["rounds_played"] > 0
    assert "settings" in net.meta and "command" in net.meta  # how the weights were made


@pytest.mark.parametrize("game,players,options", CASES + EVERY_TWO_PLAYER)
def test_networks_load_and_play_every_game_and_option_set(game, players, options):
    for seed in range(2):
        match = Match(game, players, options, seed=seed)
        bots = [PolicyAgent() if s % 2 == 0 else small_expert() for s in range(players)]
        moves = play_round(match, bots, seed)
        assert match.current.over and moves


@pytest.mark.parametrize("family,name", sorted(FAMILIES.items()))
def test_each_family_has_its_own_network(family, name):
    """Min-Hwatu and Hawaiʻifuda at 3–6 players share one network per game (the features
    carry the player and side counts); Kwa-Dō 2×2 and 3×2 teams have theirs."""
    game, players, teams = family
    path = shipped_weights(game, players, teams)
    assert path is not None and path.name == name
    net = QNetwork.load(path)
    assert net.meta["game"] == game and players in net.meta.get("player_counts", [players])
    assert bool(net.meta.get("teams")) == teams
    assert net.meta["rounds_played"] > 0 and "hanafuda train" in net.meta["command"]


@pytest.mark.parametrize("game,players,options", EVERY_COUNT)
def test_policy_plays_every_game_at_every_player_count(game, players, options):
    """The policy bot loads the family's network (``load_for``) and plays a whole round from
    every seat, with teams too; the env opponent and ``make_agent`` use the same lookup."""
    cfg = Match(game, players, options, seed=0).config
    net = load_for(cfg)
    file = shipped_weights(game, players, plays_in_teams(cfg))
    assert file is not None and net is load_for(cfg, file)
    match = Match(game, players, options, seed=3)
    moves = play_round(match, [PolicyAgent() for _ in range(players)], seed=3)
    assert match.current.over and len(moves) >= players


def test_weights_names_and_lookup():
    assert weights_stem("min-hwatu", [3, 4, 5, 6]) == "min-hwatu-3-6p"
    assert weights_stem("kwa-do", [4], teams=True) == "kwa-do-4p-teams"
    assert default_stem(TrainSettings("kwa-do", 6, {"teams": [[0, 3], [1, 4], [2, 5]]})) == (
        "kwa-do-6p-teams")
    assert default_stem(TrainSettings("hawaiifuda", 3, max_players=6)) == "hawaiifuda-3-6p"
    assert parse_player_counts("3-6") == (3, 6) and parse_player_counts("4") == (4, 4)
    for bad in ("x", "6-3", "0", "3-"):
        with pytest.raises(ValueError, match="--players"):
            parse_player_counts(bad)
    assert shipped_weights("no-such-game", 2) is None


def test_shipped_weights_picks_the_covering_file_then_the_nearest(tmp_path, monkeypatch):
    from hanafuda.agents.learned import policy as learned_policy

    for name in ("kwa-do-2p", "kwa-do-4p-teams", "kwa-do-3-4p", "min-hwatu-2p", "mushi-2p",
                 "kwa-do-x", "notes"):
        (tmp_path / f"{name}.npz").write_bytes(b"")
    monkeypatch.setattr(learned_policy, "WEIGHTS_DIR", tmp_path)
    picks = {(players, teams): learned_policy.shipped_weights("kwa-do", players, teams).name
             for players in range(2, 7) for teams in (False, True)}
    assert picks[(2, False)] == "kwa-do-2p.npz"
    assert picks[(3, False)] == picks[(4, False)] == "kwa-do-3-4p.npz"  # the range covers them
    assert picks[(6, False)] == "kwa-do-3-4p.npz"  # nearest count, same team play
    assert picks[(4, True)] == picks[(6, True)] == "kwa-do-4p-teams.npz"
    assert learned_policy.shipped_weights("min-hwatu", 5).name == "min-hwatu-2p.npz"
    assert learned_policy.shipped_weights("mushi", 2, teams=True).name == "mushi-2p.npz"
    assert learned_policy.shipped_weights("hana-awase", 2) is None


def test_training_over_a_range_of_counts_is_reproducible(tmp_path):
    """One network over 3–5 players and one for 2×2 teams: seeded, cycling the counts, and
    the command line records the range and the team option."""
    settings = TrainSettings("hawaiifuda", 3, rounds=96, batch=32, seed=4, eval_every=1,
                             eval_batch=8, max_players=5)
    one = train_network(settings)
    two = train_network(settings)
    for name, array in one.network.params.items():
        np.testing.assert_allclose(array, two.network.params[name], rtol=1e-4, atol=1e-5)
    assert one.network.meta["player_counts"] == [3, 4, 5] and one.rounds == 96
    assert len(one.curve) == 3
    out = tmp_path / "teams.npz"
    result = CliRunner().invoke(app, ["train", "kwa-do", "-n", "4", "-o", "teams=[[0,2],[1,3]]",
                                      "--rounds", "32", "--batch", "16", "--out", str(out)])
    assert result.exit_code == 0, result.output
    net = QNetwork.load(out)
    assert net.meta["teams"] is True and net.meta["player_counts"] == [4]
    assert "-o 'teams=[[0,2],[1,3]]'" in net.meta["command"]
    match = Match("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}, seed=2)
    assert play_round(match, [make_agent(f"policy:{out}") for _ in range(4)], seed=2)
    bad = CliRunner().invoke(app, ["train", "kwa-do", "-n", "2-x"])
    assert bad.exit_code == 2 and "--players" in bad.output
    bad = CliRunner().invoke(app, ["train", "kwa-do", "-n", "3-4", "-o", "teams=[[0,2],[1,3]]"])
    assert bad.exit_code == 2 and "error" in bad.output


@pytest.mark.parametrize("game,players,options", CASES)
def test_learned_bots_never_read_hidden_information(game, players, options):
    """Two positions differing only in cards the seat cannot see give the same move."""
    base = Match(game, players, options, seed=11)
    seat = base.to_move
    assert seat is not None
    twin = Match(game, players, options, deal=_swap_hidden(base.deals[0], seat))
    assert base.current.hands != twin.current.hands or base.current.stock != twin.current.stock
    assert base.view(seat).to_dict() == twin.view(seat).to_dict()
    for agent in (PolicyAgent(), ExpertAgent(simulations=60, time_limit=None),  # batch, greedy
                  ExpertAgent(simulations=60, time_limit=None, engine="scalar", rollouts="fast"),
                  ExpertAgent(simulations=60, time_limit=None, engine="scalar", rollouts="greedy"),
                  ExpertAgent(simulations=60, time_limit=None, engine="batch", rollouts="fast")):
        a = agent.choose(base.view(seat), base.legal_moves(), random.Random(5))
        b = agent.choose(twin.view(seat), twin.legal_moves(), random.Random(5))
        assert a == b


def test_expert_is_deterministic_and_budget_capped_by_time_only_in_the_worst_case():
    runs = []
    for limit in (None, 30.0):
        match = Match("min-hwatu", 2, seed=2)
        bots = [ExpertAgent(simulations=40, time_limit=limit) for _ in range(2)]
        runs.append(play_round(match, bots, seed=4))
    assert runs[0] == runs[1]
    with pytest.raises(ValueError, match="at least 1"):
        ExpertAgent(simulations=0)
    with pytest.raises(ValueError, match="rollouts must be one of fast, greedy"):
        ExpertAgent(rollouts="clever")
    with pytest.raises(ValueError, match="engine must be one of scalar, batch"):
        ExpertAgent(engine="gpu")
    with pytest.raises(ValueError, match="rollouts must be one of fast, greedy"):
        ExpertAgent(engine="batch", rollouts="policy")


@pytest.mark.parametrize("game,players,options", CASES)
def test_batch_expert_plays_every_game_deterministically(game, players, options):
    """``engine="batch"``: legal moves in every game (teyaku, teams, wild cards), the same
    moves from the same seeds, and a search that really runs in the batch (its values differ
    from the scalar engine's, whose random streams are other)."""
    for rollouts in ("fast", "greedy"):
        runs = []
        for _ in range(2):
            match = Match(game, players, options, seed=1)
            bots = [ExpertAgent(simulations=36, time_limit=None, engine="batch",
                                rollouts=rollouts) for _ in range(players)]
            runs.append(play_round(match, bots, seed=6))
            assert match.current.over
        assert runs[0] == runs[1]
    match = Match(game, players, options, seed=1)
    view = match.view(match.to_move)
    scalar = ExpertAgent(simulations=36, time_limit=None, engine="scalar",
                         rollouts="fast").analyse(view, view.legal, random.Random(2))
    batch = ExpertAgent(simulations=36, time_limit=None, engine="batch",
                        rollouts="fast").analyse(view, view.legal, random.Random(2))
    greedy = ExpertAgent(simulations=36, time_limit=None, engine="batch",
                         rollouts="greedy").analyse(view, view.legal, random.Random(2))
    assert {m for m, _ in batch} == {m for m, _ in greedy} == set(view.legal)
    if len(view.legal) > 1:
        assert scalar != batch and batch != greedy  # the rollout policy really changed


def test_default_expert_is_the_batch_search_with_greedy_rollouts():
    """``expert`` (issue 13): 4,800 simulations on the batch simulator with greedy rollouts,
    wherever bots are made (``make_agent``, the arena), and the batch plays every
    configuration of the five games, so the default never falls back today."""
    for agent in (ExpertAgent(), make_agent("expert"), arena_agent("expert")):
        assert isinstance(agent, ExpertAgent)
        assert (agent.engine, agent.rollouts, agent.simulations) == ("batch", "greedy", 4800)
        assert agent.fallback_simulations == SCALAR_SIMULATIONS == 600
    assert arena_agent("expert").time_limit is None
    for game, players, options in CASES:
        cfg = Match(game, players, options, seed=0).config
        assert ExpertAgent().search_plan(cfg) == ("batch", "greedy", 4800)
        assert ExpertAgent(engine="scalar").search_plan(cfg) == ("scalar", "greedy", 4800)
    assert ExpertAgent(simulations=100).fallback_simulations == 12
    assert ExpertAgent(simulations=5).fallback_simulations == 1
    assert ExpertAgent(simulations=100, fallback_simulations=30).fallback_simulations == 30
    with pytest.raises(ValueError, match="fallback_simulations must be at least 1"):
        ExpertAgent(fallback_simulations=0)


def test_expert_falls_back_to_the_scalar_search_where_the_batch_cannot_play(monkeypatch):
    """A configuration the batch simulator cannot play is searched on the scalar engine with
    fast rollouts and ``fallback_simulations`` (not the batch budget), deterministically."""
    from hanafuda.agents import batch_search, expert

    monkeypatch.setattr(batch_search, "plays_in_batch", lambda config: False)
    budgets: list[int] = []
    halving = expert.sequential_halving

    def counted(arms, budget, *args, **kwargs):  # type: ignore[no-untyped-def]
        budgets.append(budget)
        return halving(arms, budget, *args, **kwargs)

    def no_batch(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the batch search ran where the batch cannot play")

    monkeypatch.setattr(expert, "sequential_halving", counted)
    monkeypatch.setattr(batch_search, "batch_halving", no_batch)
    bot = ExpertAgent(simulations=320, time_limit=None)
    cfg = Match("mushi", 2, seed=0).config
    assert bot.search_plan(cfg) == ("scalar", "fast", 40)
    runs = [play_round(Match("mushi", 2, seed=4), [bot, bot], seed=1) for _ in range(2)]
    assert runs[0] == runs[1]
    assert budgets and set(budgets) == {40}


def test_batch_expert_imports_no_torch_and_no_training_code():
    code = (
        "import json, random, sys\n"
        "from hanafuda.agents import ExpertAgent\n"
        "from hanafuda.records import Match\n"
        "m = Match('kwa-do', 4, {'teams': [[0, 2], [1, 3]]}, seed=0)\n"
        "bot = ExpertAgent(simulations=24, engine='batch', rollouts='greedy')\n"
        "while m.to_move is not None:\n"
        "    v = m.view(m.to_move)\n"
        "    m.play(bot.choose(v, v.legal, random.Random(0)))\n"
        "bad = [n for n in sys.modules if n.split('.')[0] == 'torch' or n.startswith('hanafuda.train')]\n"
        "print(json.dumps([bad, 'hanafuda.batch' in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip()) == [[], True]


@pytest.mark.parametrize("game,players,options", CASES)
def test_greedy_rollouts_finish_every_round_and_follow_the_greedy_bot(game, players, options):
    """``greedy_rollout`` ends the round; with no random moves each seat plays what ``greedy``
    would choose from its own view (the bot's one-ply judgement, ties aside)."""
    match = Match(game, players, options, seed=3)
    cfg = match.config
    ev = evaluator_for(cfg)
    sim = match.current.copy()
    greedy_rollout(sim, ev, random.Random(1), epsilon=0.0)
    assert sim.result is not None
    replay = match.current.copy()
    for action in sim.moves[len(replay.moves):]:
        seat = replay.seat
        legal = replay.legal_actions()
        if len(legal) > 1 and replay.phase == PHASE_PLAY:
            # what the seat cannot see: the other hands' hidden cards and the stock left
            unseen = 0
            for other, hand in enumerate(replay.hands):
                if other != seat:
                    unseen |= hand & ~replay.exposed[other]
            for card in replay.stock[replay.stock_pos:]:
                unseen |= 1 << card
            values = {a: ev.action_value(replay, seat, a, unseen) for a in legal}
            assert values[action] >= max(values.values()) - 0.011
        replay.apply(action)


def test_hint_names_the_best_move_and_the_runner_up():
    match = Match("mushi", 2, seed=6)
    while match.to_move is not None and len(match.legal_moves()) < 3:
        match.play(match.legal_moves()[0])
    view = match.view(match.to_move)
    for search in (False, True):
        h = hint(view, search=search, simulations=40)
        assert h.best in view.legal and h.runner_up in view.legal and h.best != h.runner_up
        assert [m for m, _ in h.values] and {m for m, _ in h.values} == set(view.legal)
        assert h.best_value >= h.runner_up_value
    with pytest.raises(ValueError, match="seat to move"):
        hint(match.view(1 - match.to_move))


def test_tiny_training_is_reproducible_and_loadable(tmp_path):
    settings = TrainSettings("mushi", 2, rounds=64, batch=32, seed=7, eval_every=1, eval_batch=16)
    one = train_network(settings)
    two = train_network(settings)
    for name, array in one.network.params.items():
        np.testing.assert_allclose(array, two.network.params[name], rtol=1e-4, atol=1e-5)
    other = train_network(TrainSettings("mushi", 2, rounds=64, batch=32, seed=8, eval_every=1,
                                        eval_batch=16))
    assert not np.allclose(one.network.params["w_obs"], other.network.params["w_obs"])
    path = tmp_path / "tiny.npz"
    one.network.save(path)
    agent = make_agent(f"policy:{path}")
    match = Match("mushi", 2, seed=1)
    assert play_round(match, [agent, make_agent(f"expert:{path}")], seed=1)


def test_train_command_writes_weights_curve_and_record(tmp_path):
    out = tmp_path / "w.npz"
    png = tmp_path / "curve.png"
    result = CliRunner().invoke(app, ["train", "min-hwatu", "--rounds", "64", "--batch", "32",
                                      "--seed", "3", "--out", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    net = QNetwork.load(out)
    assert net.meta["settings"]["seed"] == 3 and net.meta["rounds_played"] == 64
    assert net.meta["curve"] and "train" in net.meta["command"]
    pytest.importorskip("matplotlib")
    assert png.stat().st_size > 1000
    bad = CliRunner().invoke(app, ["train", "min-hwatu", "--rounds", "0"])
    assert bad.exit_code == 2 and "at least 1" in bad.output


def test_bad_weights_are_clear_errors(tmp_path):
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a zip")
    with pytest.raises(WeightsError, match="cannot read weights"):
        QNetwork.load(broken)
    with pytest.raises(ValueError, match="no weights file"):
        make_agent(f"policy:{tmp_path / 'missing.npz'}")


def test_inference_imports_no_torch_and_no_training_code():
    """``policy`` and the default ``expert`` play without torch or the training code; the
    policy alone needs no batch simulator, the default expert searches on it."""
    code = (
        "import random, sys\n"
        "from hanafuda.agents import make_agent\n"
        "from hanafuda.records import Match\n"
        "def play(names):\n"
        "    for game, n, opts in [('mushi', 2, {}), ('min-hwatu', 5, {}),\n"
        "                          ('kwa-do', 6, {'teams': [[0, 3], [1, 4], [2, 5]]})]:\n"
        "        m = Match(game, n, opts, seed=0)\n"
        "        bots = [make_agent(name) for name in names] * 3\n"
        "        while m.to_move is not None:\n"
        "            v = m.view(m.to_move)\n"
        "            m.play(bots[m.to_move].choose(v, v.legal, random.Random(0)))\n"
        "play(['policy', 'policy'])\n"
        "batch_for_policy = 'hanafuda.batch' in sys.modules\n"
        "play(['policy', 'expert'])\n"
        "bad = [n for n in sys.modules if n.split('.')[0] == 'torch' or n.startswith('hanafuda.train')]\n"
        "print(json.dumps([bad, batch_for_policy, 'hanafuda.batch' in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", "import json\n" + code], capture_output=True,
                         text=True, check=True)
    assert json.loads(out.stdout.strip()) == [[], False, True]


def test_env_policy_opponent_uses_the_family_network(monkeypatch):
    """``opponent="policy"`` in the vector env scores with the configuration's own network
    (Kwa-Dō 2×2 teams: ``kwa-do-4p-teams.npz``), vectorised over the listed legal moves."""
    pytest.importorskip("gymnasium")
    import hanafuda.envs.vector as vector_module
    from hanafuda.agents.learned import policy as learned_policy

    seen: list[str] = []
    real = learned_policy.load_for

    def spy(config, path=None):
        teams = learned_policy.plays_in_teams(config)
        seen.append(learned_policy.shipped_weights(config.game.id, config.players, teams).name)
        return real(config, path)

    monkeypatch.setattr(vector_module, "load_for", spy)
    env = vector_module.HanafudaVectorEnv("kwa-do", 8, 4, {"teams": [[0, 2], [1, 3]]},
                                          opponent="policy")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(30):
        mask = obs["action_mask"].astype(bool)
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])
        obs, *_ = env.step(actions)
    env.close()
    assert seen and set(seen) == {"kwa-do-4p-teams.npz"}


def test_train_without_out_writes_to_the_current_folder_not_the_package(tmp_path, monkeypatch):
    """Issue 32: the shipped weights (a tracked file in a checkout) change only with --out."""
    from hanafuda.train.command import DEFAULT_DIR

    shipped = DEFAULT_DIR / "min-hwatu-2p.npz"
    before = shipped.read_bytes()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["train", "min-hwatu", "--rounds", "32", "--batch", "16"])
    assert result.exit_code == 0, result.output
    written = tmp_path / "min-hwatu-2p.npz"
    assert QNetwork.load(written).meta["rounds_played"] == 32
    assert f"wrote {written}" in result.output and f"--out {shipped}" in result.output
    assert shipped.read_bytes() == before
