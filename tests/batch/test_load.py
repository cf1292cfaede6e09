"""``BatchSim.load``: scalar mid-round states into batch rows, then the same play (issue 13).

Random positions of every game, player count and option family the simulator plays (Kwa-Dō
teams, Hana-Awase teyaku, wild cards, ppeok included) — real ones reached by random moves,
and the determinized worlds a search bot samples from a seat's view — are loaded into a
batch; the same random moves then go through the batch and the engine, comparing the legal
moves at every step and the state and round scores at the end.  The vectorised fast rollout
policy is checked against ``heuristics.rollout`` itself, given the same random numbers.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.agents.determinize import determinize
from hanafuda.agents.heuristics import evaluator_for, rollout
from hanafuda.batch import BatchSim, from_engine
from hanafuda.batch.rollout import FastRollout, search_values, side_values
from hanafuda.engine.deal import deal_from_rng
from hanafuda.engine.round import PHASE_TEYAKU, Round
from hanafuda.rules import configure
from tests.batch.test_agreement import CONFIGS
from tests.batch.twins import same_state

FAMILIES: list[tuple[str, int, dict[str, Any]]] = [(g, n, {}) for g, n in CONFIGS] + [
    ("hana-awase", 2, {"teyaku": True}),
    ("hana-awase", 3, {"teyaku": True, "fuke": True}),
    ("hana-awase", 4, {"teyaku": True, "four_on_field": "dealer-captures"}),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True,
                   "gaji_wild_from_stock": True}),
    ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]], "yaku": True, "gaji": True}),
    ("kwa-do", 6, {"teams": [[0, 3], [1, 4], [2, 5]], "scoring": "raw"}),
    ("kwa-do", 3, {"yaku": True}),
    ("min-hwatu", 2, {"flip_matches_pair": "ppeok"}),
    ("min-hwatu", 4, {"four_on_field": "dealer-captures"}),
    ("mushi", 2, {"hand_takes_field_lightning": True}),
    ("hawaiifuda", 3, {"bonus_combos": True}),
    ("koi-koi", 2, {"viewing": "koikoi-japan", "koikoi_bonus": "plus-one", "hand_yaku": True}),
]
POSITIONS = 96  # per family (29 families: 2,784 real positions, as many determinized worlds)


def _positions(game: str, players: int, options: dict[str, Any], count: int, seed: int
               ) -> tuple[list[Round], list[Round]]:
    """``count`` running mid-round positions reached by random moves, and for each a world
    determinized from the view of the seat to move."""
    cfg = configure(game, players, options)
    rng = random.Random(seed)
    real: list[Round] = []
    worlds: list[Round] = []
    while len(real) < count:
        deal = deal_from_rng(cfg, rng.randrange(players), random.Random(rng.getrandbits(32)))
        match = Match(game, players, options, deal=deal)
        steps = rng.randrange(40)
        for _ in range(steps):
            legal = match.current.legal_actions()
            if not legal or len(match.current.moves) >= steps:
                break
            match.apply(legal[rng.randrange(len(legal))])
        seat = match.current.to_move
        if seat is None:
            continue
        real.append(match.current.copy())
        worlds.append(determinize(match.view(seat), rng))
    return real, worlds


def _play_both(sim: BatchSim, rounds: list[Round], seed: int) -> None:
    """The same uniform random moves in the loaded batch and in the engine: the same legal
    moves at every step (compact list and full mask), the same state and scores."""
    rng = random.Random(seed)
    compact = sim.compact
    for row, rnd in enumerate(rounds):
        same_state(sim, row, rnd)
    while not sim.done.all():
        listed = sim.legal_list()
        actions = np.zeros(sim.batch_size, np.int64)
        for row, rnd in enumerate(rounds):
            if rnd.over:
                assert (listed[row] == -1).all()
                continue
            legal = rnd.legal_actions()
            mine = sorted(int(compact.to_compact[from_engine(a)]) for a in legal)
            assert mine == [int(j) for j in listed[row] if j >= 0], f"row {row}"
            action = legal[rng.randrange(len(legal))]
            rnd.apply(action)
            actions[row] = compact.to_compact[from_engine(action)]
        sim.step_compact(actions, check=True)
        for row, rnd in enumerate(rounds):
            same_state(sim, row, rnd)
    values = side_values(sim)
    cfg = sim.config
    for row, rnd in enumerate(rounds):
        assert rnd.result is not None
        assert list(sim.scores()[row]) == list(rnd.result.scores)
        assert list(values[row]) == cfg.game.side_values(rnd.result)
        for side in range(cfg.num_sides):
            assert search_values(sim, side)[row] == cfg.game.search_value(rnd.result, side)


@pytest.mark.parametrize(("game", "players", "options"), FAMILIES)
def test_loaded_positions_play_like_the_engine(game: str, players: int,
                                               options: dict[str, Any]) -> None:
    seed = FAMILIES.index((game, players, options)) + 1
    real, worlds = _positions(game, players, options, POSITIONS, seed)
    sim = BatchSim(game, players, 2 * POSITIONS, options)
    states = real + worlds
    sim.load(states)
    assert (sim.decisions == [len(r.moves) for r in states]).all()
    _play_both(sim, [r.copy() for r in states], seed)


def test_one_state_fills_many_rows_and_other_rows_are_untouched() -> None:
    real, _ = _positions("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True}, 3, 7)
    sim = BatchSim("kwa-do", 4, 8, {"teams": [[0, 2], [1, 3]], "yaku": True})
    sim.reset(list(range(8)))
    before = sim.hands[7].copy()
    sim.load(real, rows=[0, 1, 2, 3, 4, 5, 6], which=[0, 0, 1, 1, 2, 2, 2])
    assert (sim.hands[7] == before).all()
    rounds = [real[i].copy() for i in (0, 0, 1, 1, 2, 2, 2)]
    for row, rnd in enumerate(rounds):
        same_state(sim, row, rnd)
    twin = BatchSim("kwa-do", 4, 7, {"teams": [[0, 2], [1, 3]], "yaku": True})
    twin.load(real, which=[0, 0, 1, 1, 2, 2, 2])
    _play_both(twin, rounds, 5)


def test_finished_rounds_load_with_their_scores() -> None:
    match = Match("min-hwatu", 3, seed=4)
    rng = random.Random(1)
    while match.current.to_move is not None:
        legal = match.current.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    sim = BatchSim("min-hwatu", 3, 2)
    sim.load([match.current], which=[0, 0])
    assert sim.done.all()
    result = match.current.result
    assert result is not None
    assert sim.scores().tolist() == [list(result.scores)] * 2


def test_unrepresentable_states_are_refused_by_name() -> None:
    rnd = Match("mushi", 2, seed=1).current
    with pytest.raises(ValueError, match="round of mushi for 2 .* this simulator plays min-hwatu"):
        BatchSim("min-hwatu", 2, 1).load([rnd])
    with pytest.raises(ValueError, match="round of mushi for 2 with options"):
        BatchSim("mushi", 2, 1, {"hand_takes_field_lightning": True}).load([rnd])
    long = rnd.copy()
    long.stock = long.stock + (long.hands[0].bit_length() - 1,)
    with pytest.raises(ValueError, match="17 stock cards left; a mushi deal for 2 has 16"):
        BatchSim("mushi", 2, 1).load([long])
    with pytest.raises(ValueError, match="one state index per row"):
        BatchSim("mushi", 2, 2).load([rnd], which=[0])
    with pytest.raises(ValueError, match=r"indices must lie in 0 … 0"):
        BatchSim("mushi", 2, 2).load([rnd], which=[0, 1])
    asked = next(m.current for seed in range(500)
                 if (m := Match("hana-awase", 3, {"teyaku": True}, seed=seed)).current.teyaku_queue)
    shuffled = asked.copy()
    shuffled.teyaku_queue = [shuffled.order[2], shuffled.order[0]]
    shuffled.seat = shuffled.order[2]
    assert shuffled.phase == PHASE_TEYAKU
    with pytest.raises(ValueError, match="teyaku queue .* is not in turn order"):
        BatchSim("hana-awase", 3, 1, {"teyaku": True}).load([shuffled])


class _Scripted(random.Random):
    """Plays ``heuristics.rollout``'s random calls from a script, then stops it."""

    def __init__(self, draws: list[float], index: int | None) -> None:
        super().__init__(0)
        self.draws = draws
        self.index = index

    def random(self) -> float:
        if not self.draws:
            raise StopIteration
        return self.draws.pop(0)

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        assert self.index is not None
        return self.index


def _policy_choices(policy_class: Any, game: str, players: int, options: dict[str, Any], count: int,
                    seed: int) -> tuple[list[Round], BatchSim, Any, Any, Any, Any]:
    """``count`` real positions and their determinized worlds loaded into a simulator, and the
    moves a rollout policy (epsilon 0.3) chooses there given seeded uniforms: the states, the
    simulator, the policy, its legal lists, the uniforms and the choices."""
    real, worlds = _positions(game, players, options, count, seed)
    states = real + worlds
    sim = BatchSim(game, players, len(states), options)
    sim.load(states)
    policy = policy_class(sim, epsilon=0.3)
    legal = sim.legal_list()
    uniforms = np.random.default_rng(seed).random((sim.batch_size, legal.shape[1] + 2))
    return states, sim, policy, legal, uniforms, policy.choose(sim, legal, uniforms)


@pytest.mark.parametrize(("game", "players", "options"), FAMILIES[::2])
def test_fast_policy_is_the_scalar_rollout_rule(game: str, players: int,
                                                options: dict[str, Any]) -> None:
    """Given the same random numbers, the batch policy picks ``heuristics.rollout``'s move."""
    seed = 500 + FAMILIES.index((game, players, options))
    states, sim, policy, legal, uniforms, chosen = _policy_choices(
        FastRollout, game, players, options, 48, seed)
    ev = evaluator_for(configure(game, players, options))
    kinds = set()
    for row, rnd in enumerate(states):
        listed = [int(j) for j in legal[row] if j >= 0]
        moves = rnd.legal_actions()
        expected_first = int(sim.compact.to_compact[from_engine(moves[0])])
        if len(moves) == 1 or rnd.phase == PHASE_TEYAKU:
            assert chosen[row] == expected_first == listed[0]
            kinds.add("forced")
            continue
        position = {j: i for i, j in enumerate(listed)}
        compact = [int(sim.compact.to_compact[from_engine(a)]) for a in moves]
        u = uniforms[row]
        randomly = bool(u[0] < policy.epsilon)
        pick = listed[min(int(u[1] * len(listed)), len(listed) - 1)]
        # heuristics.rollout draws epsilon, then one noise per non-declaration move in order.
        noise = [float(u[2 + position[j]]) for j in compact
                 if sim.compact.kind[j] != sim.compact.KIND_DECLARE]
        script = _Scripted([float(u[0])] + ([] if randomly else noise),
                           compact.index(pick) if randomly else None)
        trial = rnd.copy()
        try:  # stopped at the next decision that draws (or run to the end if none does)
            rollout(trial, ev, script, policy.epsilon)
        except StopIteration:
            pass
        assert int(sim.compact.to_compact[from_engine(trial.moves[len(rnd.moves)])]) \
            == chosen[row], f"row {row}"
        kinds.add("random" if randomly else "rule")
    assert {"random", "rule"} <= kinds


def test_play_out_finishes_every_row_deterministically() -> None:
    real, worlds = _positions("mushi", 2, {}, 32, 3)
    results = []
    for _ in range(2):
        sim = BatchSim("mushi", 2, 64)
        sim.load(real + worlds)
        FastRollout(sim).play_out(sim, np.random.default_rng(9), streams=np.arange(64) // 2)
        assert sim.done.all()
        results.append(sim.scores())
    assert (results[0] == results[1]).all()
    with pytest.raises(ValueError, match="epsilon"):
        FastRollout(sim, epsilon=1.5)


def test_a_resized_simulator_plays_like_a_new_one() -> None:
    options = {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True}
    real, worlds = _positions("kwa-do", 4, options, 40, 12)
    small = BatchSim("kwa-do", 4, 3, options)
    sim = small.resized(80)
    assert sim.batch_size == 80 and small.batch_size == 3 and sim.done.all()
    sim.load(real + worlds)
    _play_both(sim, [r.copy() for r in real + worlds], 4)
    with pytest.raises(ValueError, match="at least 1"):
        small.resized(0)
