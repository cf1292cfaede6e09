"""The compact per-configuration action layout (issue 13) and the batch compact mask/sampler."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from hanafuda.batch import BatchSim, from_engine
from hanafuda.engine.action_space import NUM_ACTIONS, CompactActions, compact_actions
from hanafuda.engine.deal import Deal, deal_from_rng
from hanafuda.engine.round import Round
from hanafuda.rules import GAMES, configure

OPTION_SETS: list[tuple[str, int, dict[str, Any]]] = [
    (game, n, {}) for game, cls in GAMES.items() if cls.plays_in_batch() for n in cls.player_counts()
] + [
    ("min-hwatu", 3, {"flip_matches_pair": "ppeok", "yaku_set": "english"}),
    ("hana-awase", 3, {"teyaku": True, "scoring": "additive"}),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True,
                   "gaji_wild_from_stock": True}),
    ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]], "yaku": True}),
    ("hawaiifuda", 2, {"bonus_combos": True}),
    ("mushi", 2, {"hand_takes_field_lightning": True, "four_on_field": "dealer-captures"}),
]


def _round(cfg: Any, deal: Deal) -> Round:
    return Round(cfg, deal.dealer, deal.hand_masks(), deal.field_mask(), deal.stock)


IDS = [f"{g}-{n}-{'-'.join(o) or 'default'}" for g, n, o in OPTION_SETS]


@pytest.mark.parametrize("game,players,options", OPTION_SETS, ids=IDS)
def test_compact_is_a_bijection_on_legal_moves(game, players, options):
    """Every legal engine move of thousands of random positions has one compact index and back."""
    cfg = configure(game, players, options)
    layout = compact_actions(cfg)
    assert layout.size == len(set(layout.full.tolist())) and layout.size < NUM_ACTIONS
    assert list(layout.full) == sorted(layout.full)  # the documented order
    rng = random.Random(sum(map(ord, game)) + players)  # not hash(): salted per process
    positions = 0
    for deal_no in range(80):  # Koi-Koi's stops end rounds early: 80 deals reach 900 positions
        rnd = _round(cfg, deal_from_rng(cfg, deal_no % players, random.Random(deal_no)))
        while not rnd.over:
            legal = rnd.legal_actions()
            compact = [layout.from_engine(a) for a in legal]
            assert len(set(compact)) == len(legal)
            for action, j in zip(legal, compact, strict=True):
                assert layout.to_engine(j) == action
                assert layout.to_full(j) == from_engine(action)
                assert layout.from_full(from_engine(action)) == j
            positions += 1
            rnd.apply(legal[rng.randrange(len(legal))])
    assert positions >= 900


def test_layout_order_and_kinds():
    cfg = configure("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True})
    layout = compact_actions(cfg)
    kinds = layout.kind.tolist()
    # plays, then takes, then declarations (no teyaku in Kwa-Dō)
    first_take = kinds.index(CompactActions.KIND_TAKE)
    first_declare = kinds.index(CompactActions.KIND_DECLARE)
    assert set(kinds[:first_take]) == {CompactActions.KIND_PLAY}
    assert set(kinds[first_take:first_declare]) == {CompactActions.KIND_TAKE}
    assert set(kinds[first_declare:]) == {CompactActions.KIND_DECLARE}
    teyaku = compact_actions(configure("hana-awase", 3, {"teyaku": True}))
    assert CompactActions.KIND_EXPOSE in teyaku.kind.tolist()
    assert compact_actions(cfg) is layout  # cached per config


def test_bad_indices_are_clear_errors():
    layout = compact_actions(configure("mushi", 2, {}))
    with pytest.raises(ValueError, match="outside"):
        layout.to_full(layout.size)
    with pytest.raises(ValueError, match="outside"):
        layout.to_engine(-1)
    with pytest.raises(ValueError, match="not used by mushi"):
        layout.from_full(int(np.flatnonzero(layout.to_compact < 0)[0]))
    with pytest.raises(ValueError, match="compact layout"):
        layout.from_engine(12345678)


@pytest.mark.parametrize("game,players,options", OPTION_SETS, ids=IDS)
def test_batch_compact_mask_equals_scalar_mask(game, players, options):
    """Row by row, the batch compact mask is the scalar engine's legal moves in compact form,
    and the full mask restricted to the layout; random compact play reaches every round end."""
    sim = BatchSim(game, players, 48, options)
    layout = sim.compact
    cfg = sim.config
    deals = [deal_from_rng(cfg, i % players, random.Random(1000 + i)) for i in range(48)]
    sim.reset(deals=deals)
    rounds = [_round(cfg, d) for d in deals]
    rng = np.random.default_rng(3)
    while not sim.done.all():
        mask = sim.legal_compact()
        assert (mask == sim.legal_mask()[:, layout.full]).all()
        for row, rnd in enumerate(rounds):
            expected = np.zeros(layout.size, np.bool_)
            if not rnd.over:
                expected[[layout.from_engine(a) for a in rnd.legal_actions()]] = True
            assert (mask[row] == expected).all(), f"row {row}"
        actions = sim.sample_compact(rng, logits=rng.standard_normal(mask.shape), mask=mask)
        assert mask[np.flatnonzero(~sim.done), actions[~sim.done]].all()
        for row, rnd in enumerate(rounds):
            if not rnd.over:
                rnd.apply(layout.to_engine(int(actions[row])))
        sim.step_compact(actions, check=True)
    assert [list(s) for s in sim.scores()] == [list(r.result.scores) for r in rounds if r.result]


def test_sampler_follows_the_logits_and_only_picks_legal_moves():
    sim = BatchSim("mushi", 2, 2000)
    sim.reset_random(np.random.default_rng(0))
    mask = sim.legal_compact()
    rng = np.random.default_rng(1)
    uniform = sim.sample_compact(rng, mask=mask)
    assert mask[np.arange(2000), uniform].all()
    # Every row gets the same first-legal preference: a huge logit wins.
    logits = np.zeros(mask.shape)
    first = mask.argmax(axis=1)
    logits[np.arange(2000), first] = 50.0
    assert (sim.sample_compact(rng, logits, mask=mask) == first).all()
    # Uniform: each of a row's legal moves drawn about equally often.
    row_legal = np.flatnonzero(mask[0])
    draws = np.array([sim.sample_compact(rng, mask=mask)[0] for _ in range(600)])
    counts = np.array([(draws == j).sum() for j in row_legal])
    assert counts.min() > 600 / row_legal.size * 0.5
    with pytest.raises(ValueError, match="logits must have shape"):
        sim.sample_compact(rng, np.zeros((3, 3)))


def test_step_compact_checks():
    sim = BatchSim("mushi", 2, 4)
    sim.reset_random(np.random.default_rng(0))
    illegal = np.array([int(np.flatnonzero(~row)[0]) for row in sim.legal_compact()])
    with pytest.raises(ValueError, match="illegal compact actions"):
        sim.step_compact(illegal, check=True)
    with pytest.raises(ValueError, match="one action per row"):
        sim.step_compact([0], check=True)


@pytest.mark.parametrize("game,players,options", OPTION_SETS, ids=IDS)
def test_padded_legal_list_equals_the_masks_nonzeros(game, players, options):
    """Row by row and step by step, ``legal_list`` is ``legal_compact``'s nonzeros in
    ascending order, padded with −1 (rows that are done: all −1), for random play to the end."""
    sim = BatchSim(game, players, 256, options)
    rng = np.random.default_rng(5)
    sim.reset_random(rng, dealer=rng.integers(0, players, 256))
    widest = 0
    while not sim.done.all():
        legal = sim.legal_list()
        mask = sim.legal_compact()
        assert legal.shape[0] == 256 and legal.dtype == np.int64
        for row in range(256):
            listed = legal[row]
            count = int((listed >= 0).sum())
            assert (listed[count:] == -1).all(), f"row {row}: padding not at the end"
            assert listed[:count].tolist() == np.flatnonzero(mask[row]).tolist(), f"row {row}"
        assert legal.shape[1] == max(int(mask.sum(axis=1).max()), 1)  # as wide as the widest row
        widest = max(widest, legal.shape[1])
        scores = rng.standard_normal(legal.shape)
        actions = sim.sample_list(rng, legal, scores)
        running = ~sim.done
        assert mask[np.flatnonzero(running), actions[running]].all()
        assert (actions[~running] == 0).all()
        sim.step_compact(actions, check=True)
    assert (sim.legal_list() == -1).all()
    assert widest >= 2


def test_sample_list_follows_the_scores_uniform_and_gather():
    sim = BatchSim("hawaiifuda", 2, 3000)
    sim.reset_random(np.random.default_rng(0))
    legal = sim.legal_list()
    count = (legal >= 0).sum(axis=1)
    rng = np.random.default_rng(1)
    # A huge score on each row's last legal move always wins; padding scores are ignored.
    scores = np.zeros(legal.shape)
    last = count - 1
    scores[np.arange(3000), last] = 60.0
    scores[legal < 0] = 1e9
    assert (sim.sample_list(rng, legal, scores) == legal[np.arange(3000), last]).all()
    # Uniform: each legal move of row 0 drawn about equally often, never a padding entry.
    draws = np.array([sim.sample_list(rng, legal)[0] for _ in range(600)])
    assert set(draws.tolist()) == set(legal[0, : count[0]].tolist())
    counts = np.array([(draws == j).sum() for j in legal[0, : count[0]]])
    assert counts.min() > 600 / count[0] * 0.5
    # Softmax: two legal moves with scores log 3 and 0 are drawn about 3 : 1.
    two = np.flatnonzero(count >= 2)
    scores = np.full(legal.shape, -50.0)
    scores[two, 0], scores[two, 1] = np.log(3.0), 0.0
    picked = sim.sample_list(rng, legal, scores)[two]
    share = (picked == legal[two, 0]).mean()
    assert 0.70 < share < 0.80
    # gather reads (B, k) values at the listed moves; sample_compact(logits) uses it.
    values = np.random.default_rng(2).standard_normal((3000, sim.compact.size))
    gathered = sim.gather(values, legal)
    rows, cols = np.nonzero(legal >= 0)
    assert (gathered[rows, cols] == values[rows, legal[rows, cols]]).all()
    huge = np.zeros_like(values)
    huge[np.arange(3000), legal[:, 0]] = 80.0
    assert (sim.sample_compact(rng, huge) == legal[:, 0]).all()
    with pytest.raises(ValueError, match="scores must have the list's shape"):
        sim.sample_list(rng, legal, np.zeros((3, 3)))
    with pytest.raises(ValueError, match="values must have shape"):
        sim.gather(np.zeros((3, 3)), legal)


def test_sample_compact_draws_the_same_move_with_or_without_the_mask():
    """The list path and the mask path share the inverse-CDF draw: same rng, same moves
    (up to float32 rounding at a bin edge, hence the tolerance of a few rows)."""
    sim = BatchSim("mushi", 2, 2000)
    sim.reset_random(np.random.default_rng(4))
    mask = sim.legal_compact()
    uniform = [sim.sample_compact(np.random.default_rng(9), mask=m) for m in (mask, None)]
    assert (uniform[0] == uniform[1]).all()
    logits = np.random.default_rng(3).standard_normal((2000, sim.compact.size))
    drawn = [sim.sample_compact(np.random.default_rng(9), logits, m) for m in (mask, None)]
    assert (drawn[0] != drawn[1]).sum() <= 5
