"""Koi-Koi's ``next_dealer`` option (docs/rules/koi-koi.md, "Next dealer"; RULES.md §6): the
round's winner by default, the same dealer, or the players by turns — in the scalar engine and
in the batch simulator (``BatchMatch``), which both read ``Config.dealer_rule``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.batch.match import BatchMatch
from hanafuda.rules import GAMES, configure
from hanafuda.rules.mushi import Mushi
from hanafuda.rules.options import OptionError
from hanafuda.rules.presets import presets


def _dealers(options: dict[str, Any], seed: int, finish_round: Callable[..., None]
             ) -> list[tuple[int, tuple[int, ...]]]:
    """(dealer, round scores) of every round of a random-move match."""
    match = Match("koi-koi", 2, options, seed=seed, dealer=0)
    rng = random.Random(seed)
    out = []
    while True:
        finish_round(match, rng.choice)
        result = match.current.result
        assert result is not None
        out.append((match.current.dealer, result.scores))
        if match.due_dealer is None:
            return out
        match.next_round()


def test_the_winner_deals_next_by_default(finish_round: Callable[..., None]) -> None:
    assert configure("koi-koi", 2).dealer_rule == "winner"
    seen = set()
    for seed in range(4):
        rounds = _dealers({}, seed, finish_round)
        for (dealer, scores), (next_dealer, _) in zip(rounds, rounds[1:], strict=False):
            winner = dealer if scores[0] == scores[1] else scores.index(max(scores))
            assert next_dealer == winner
            seen.add(next_dealer == dealer)
    assert seen == {True, False}  # both a kept and a passed deal were checked


@pytest.mark.parametrize(("rule", "step"), [("dealer", 0), ("alternate", 1)])
def test_the_same_dealer_or_by_turns(rule: str, step: int, finish_round: Callable[..., None]) -> None:
    rounds = _dealers({"next_dealer": rule}, 3, finish_round)
    assert len(rounds) == 12
    assert [d for d, _ in rounds] == [(i * step) % 2 for i in range(12)]


def test_a_bad_dealer_rule_is_refused_and_the_koikoi_japan_preset_keeps_the_winner() -> None:
    with pytest.raises(OptionError, match="next_dealer"):
        configure("koi-koi", 2, {"next_dealer": "loser"})
    japan = next(p for p in presets("koi-koi") if p.id == "koikoi-japan")
    assert configure("koi-koi", 2, japan.options).dealer_rule == "winner"


class _AlternatingMushi(Mushi):
    """Mushi with the deal passed by turns, to check the batch simulator reads the rule."""

    id: ClassVar[str] = "alternating-mushi"

    @classmethod
    def dealer_rule(cls, options: Any) -> str:
        return "alternate"


def test_the_batch_simulator_follows_the_dealer_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, _AlternatingMushi.id, _AlternatingMushi)
    batch = BatchMatch(_AlternatingMushi.id, 2, 8)
    batch.reset(seeds=list(range(8)), dealer=0)
    rng = np.random.default_rng(5)
    checked = 0
    while not batch.done.all():
        before, rounds = batch.sim.dealer.copy(), batch.rounds_played.copy()
        batch.step(batch.sample_actions(rng))
        dealt = (batch.rounds_played > rounds) & ~batch.done
        assert (batch.sim.dealer[dealt] == (before[dealt] + 1) % 2).all()
        checked += int(dealt.sum())
    assert checked == 8 * 11  # 12 rounds a match: 11 new deals in each of the 8 rows


def test_a_game_with_an_unknown_dealer_rule_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    class Loser(Mushi):
        id: ClassVar[str] = "loser-mushi"

        @classmethod
        def dealer_rule(cls, options: Any) -> str:
            return "loser"

    with pytest.raises(OptionError, match="unknown dealer rule 'loser'"):
        Loser.configure(2)
