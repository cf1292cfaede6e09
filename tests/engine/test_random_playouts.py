"""Random playouts: over 10,000 seeded rounds across every game, player count and a
representative set of option combinations, with the invariant checker after every step
and the per-round score checks after every round (DESIGN.md "Habits", RULES.md §4).

Moves are chosen uniformly from ``legal_actions()`` and applied with the unchecked
``Match.apply`` (the fast path); ``check_invariants`` verifies the state after each one.
Everything is seeded from the configuration's index, so a failure replays exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from hanafuda import Match
from hanafuda.cards import WILLOW_LIGHTNING
from hanafuda.engine.round import (
    EV_DECLARE,
    EV_EXPOSE,
    EV_KEEP,
    EV_PLAY,
    EV_PPEOK,
    EV_TAKE,
)
from hanafuda.rules import GAMES, configure
from tests.engine.invariants import CONFIGS, check_invariants, check_round_result, config_id

ROUNDS_PER_CONFIG = 90
MIN_TOTAL_ROUNDS = 10_000


def test_enough_rounds_in_total() -> None:
    assert ROUNDS_PER_CONFIG * len(CONFIGS) >= MIN_TOTAL_ROUNDS


def test_configs_cover_every_player_count_and_option_value() -> None:
    """Every player count of every game, and every value of every choice option, is played."""
    for game_id, game in GAMES.items():
        configs = [c for c in CONFIGS if c[0] == game_id]
        assert {players for _, players, _ in configs} == set(game.player_counts())
        resolved = [configure(g, p, dict(o)).options for g, p, o in configs]
        for spec in game.option_specs():
            if spec.kind != "choice":
                continue
            seen = {repr(opts[spec.name]) for opts in resolved}
            missing = {repr(c) for c in spec.choices} - seen
            assert not missing, f"{game_id}: option {spec.name} never takes {missing}"
    kwa_do_layouts = {
        (p, repr(configure(g, p, dict(o)).options["teams"])) for g, p, o in CONFIGS if g == "kwa-do"
    }
    assert (4, "[[0, 2], [1, 3]]") in kwa_do_layouts
    assert (6, "[[0, 3], [1, 4], [2, 5]]") in kwa_do_layouts
    assert (6, "[[0, 2, 4], [1, 3, 5]]") in kwa_do_layouts


def _per_round_checks(match: Match, options: dict[str, Any]) -> None:
    """The score identities of RULES.md §4 that every finished round must satisfy."""
    rnd = match.current
    cfg = match.config
    result = rnd.result
    assert result is not None
    game = cfg.game.id
    scores = result.scores
    if game == "min-hwatu":
        assert sum(result.card_points) == 240
        yaku = sum(y.points for ys in result.yaku for y in ys)
        bonus = 10 if cfg.players == 5 and cfg.options["five_player_bonus"] else 0
        extra = yaku if cfg.options["yaku_multiplier"] == "n" else 0
        assert sum(scores) == 240 + bonus + extra
    if game == "mushi" or (game == "hana-awase" and cfg.options["scoring"] == "zero-sum"):
        assert sum(scores) == 0
    if game == "kwa-do" and cfg.options["scoring"] == "floor":
        assert min(scores) >= 0
    check_round_result(match)


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[config_id(c) for c in CONFIGS])
def test_random_playouts(index: int) -> None:
    game, players, options = CONFIGS[index]
    rng = random.Random(10_007 * index + 1)
    match = Match(game, players, dict(options), seed=rng.randrange(1 << 62))
    seen: Counter[str] = Counter()
    matches_finished = 0
    legal = match.legal_actions
    for _ in range(ROUNDS_PER_CONFIG):
        rnd = match.current
        check_invariants(match)
        while rnd.phase != 3:
            match.apply(rng.choice(legal()))
            check_invariants(match)
        _per_round_checks(match, options)
        seen.update(kind for kind, *_ in rnd.events)
        seen["wild-capture"] += sum(
            1 for kind, _, card, mask in rnd.events
            if kind in (EV_PLAY, "flip", EV_TAKE) and card == WILLOW_LIGHTNING and mask
        )
        if match.finished:
            matches_finished += 1
            assert match.winners and match.to_move is None and match.legal_moves() == []
            match = Match(game, players, dict(options), seed=rng.randrange(1 << 62))
            legal = match.legal_actions
        else:
            assert match.to_move is None and match.legal_moves() == []
            match.next_round()
    # The playouts exercised what this configuration is about.
    cfg = configure(game, players, dict(options))
    assert matches_finished >= 1
    assert seen[EV_TAKE] > 0, "no two-target choice was ever made"
    if cfg.declarable:
        assert seen[EV_DECLARE] > 0, "no Kwa-Dō declaration was made"
    if cfg.wild is not None:
        assert seen["wild-capture"] > 0, "the wild card never captured"
    if cfg.ppeok:
        assert seen[EV_PPEOK] > 0, "ppeok never happened"
    if cfg.koikoi:
        assert seen["koikoi"] > 0 and seen["stop"] > 0, "no koi-koi decision was taken both ways"
    if cfg.teyaku and players <= 3:
        assert seen[EV_EXPOSE] + seen[EV_KEEP] > 0, "no teyaku decision was asked"
