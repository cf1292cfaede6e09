"""Misdeals are data on the game's class (``Game.misdeals``, RULES.md §2, §4.5, §9), read by
the scalar engine and the batch simulator alike (issue 30: the simulator used to restate them).

Every field is judged the same way by ``engine.deal.misdeal_reason`` and ``BatchSim``; the
fields include the misdeals themselves (raw shuffles are not redealt here), and a game that
adds a misdeal of its own is honoured by both without any change to either.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.batch import BatchSim
from hanafuda.cards import MONTH_MASKS, NATURAL_WILLOWS, card_id
from hanafuda.engine.deal import Deal, deal_from_rng, misdeal_reason
from hanafuda.rules import GAMES, configure
from hanafuda.rules.base import Misdeal
from hanafuda.rules.mushi import Mushi
from tests.batch.test_agreement import _play_both

MISDEAL_CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("mushi", 2, {}),
    ("mushi", 2, {"four_pairs_misdeal": True}),
    ("mushi", 2, {"four_pairs_misdeal": True, "four_on_field": "dealer-captures"}),
    ("min-hwatu", 2, {}),
    ("hana-awase", 4, {"four_on_field": "redeal"}),
    ("hawaiifuda", 3, {"four_on_field": "redeal"}),
    ("koi-koi", 2, {"hand_yaku": True}),
]


def _raw_fields(game: str, players: int, options: dict[str, Any], count: int) -> list[int]:
    """Fields of ``count`` raw shuffles (misdeals kept), plus fields forced to hold each
    pattern: a whole month, the three natural willows, four pairs."""
    cfg = configure(game, players, options)
    rng = random.Random(7)
    deck = list(cfg.deck_cards)
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        out.append(sum(1 << c for c in deck[: cfg.field_size]))
    willows = NATURAL_WILLOWS
    pairs = sum(1 << (4 * m + i) for m in (0, 1, 2, 4) for i in (0, 1))
    out += [MONTH_MASKS[1] | MONTH_MASKS[3], willows | 0b11, pairs, MONTH_MASKS[12] & cfg.deck]
    return out


@pytest.mark.parametrize(("game", "players", "options"), MISDEAL_CONFIGS)
def test_engine_and_batch_judge_every_field_alike(
    game: str, players: int, options: dict[str, Any]
) -> None:
    cfg = configure(game, players, options)
    fields = _raw_fields(game, players, options, 4000)
    sim = BatchSim(game, players, 1, options)
    batch = sim._misdeal(np.array(fields, dtype=np.uint64))
    engine = [misdeal_reason(cfg, f) is not None for f in fields]
    assert list(batch) == engine
    assert any(engine)  # the misdeals themselves are among the fields


def test_the_pattern_data() -> None:
    four = Misdeal("field", "four-of-a-month", "redeal")
    assert four.cards(MONTH_MASKS[2] | 1) == MONTH_MASKS[2]
    assert four.describe(MONTH_MASKS[2]) == "four cards of plum on the field (four_on_field=redeal)"
    pairs = Misdeal("hand", "four-pairs", "wins-round", "kuttsuki")
    hand = sum(1 << (4 * m + i) for m in (0, 3, 5, 9) for i in (1, 2))
    assert pairs.cards(hand) == hand
    assert pairs.cards(hand ^ (1 << 1) | (1 << 3)) == hand ^ (1 << 1) | (1 << 3)  # still pairs
    assert pairs.cards(hand | 1) == 0  # a three
    with pytest.raises(ValueError, match="cannot 'wins-round'"):
        Misdeal("field", "four-pairs", "wins-round")
    with pytest.raises(ValueError, match="captured by the dealer"):
        Misdeal("field", "four-pairs", "dealer-captures")
    with pytest.raises(ValueError, match="pattern 'three'"):
        Misdeal("field", "three", "redeal")
    with pytest.raises(ValueError, match="needs its mask"):
        Misdeal("field", "all-of", "redeal")


class _SpringMushi(Mushi):
    """A scratch game: Mushi where the three spring brights on the field are redealt too."""

    id: ClassVar[str] = "spring-mushi"

    @classmethod
    def misdeals(cls, options: Mapping[str, Any]) -> tuple[Misdeal, ...]:
        spring = sum(1 << card_id(c) for c in ("pine-crane", "cherry-curtain", "plum-warbler"))
        return super().misdeals(options) + (
            Misdeal("field", "all-of", "redeal", "spring", mask=spring),)


def test_a_new_games_misdeal_is_honoured_by_both(monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's trap: a game with a misdeal of its own, unknown to either dealer's code."""
    monkeypatch.setitem(GAMES, _SpringMushi.id, _SpringMushi)
    cfg = configure(_SpringMushi.id, 2, {})
    fields = _raw_fields("mushi", 2, {}, 3000)
    spring = sum(1 << card_id(c) for c in ("pine-crane", "cherry-curtain", "plum-warbler"))
    fields.append(spring | (1 << card_id("iris-bridge")))
    engine = [misdeal_reason(cfg, f) is not None for f in fields]
    sim = BatchSim(_SpringMushi.id, 2, 2000)
    assert list(sim._misdeal(np.array(fields, dtype=np.uint64))) == engine
    assert misdeal_reason(cfg, fields[-1]) == "spring"
    sim.reset_random(np.random.default_rng(3))
    assert not ((sim.field & np.uint64(spring)) == spring).any()
    assert all(misdeal_reason(cfg, int(f)) is None for f in sim.field)
    deal = deal_from_rng(cfg, 0, random.Random(1))
    assert deal.field_mask() & spring != spring


def _four_on_field_deals(game: str, players: int, options: dict[str, Any], rows: int) -> list[Deal]:
    """Valid deals with a whole month on the field (the dealer captures it)."""
    cfg = configure(game, players, options)
    rng = random.Random(11)
    n, h, f = players, cfg.hand_size, cfg.field_size
    out: list[Deal] = []
    while len(out) < rows:
        month = rng.choice([m for m in range(1, 13) if MONTH_MASKS[m] & cfg.deck])
        four = [c for c in cfg.deck_cards if MONTH_MASKS[month] >> c & 1]
        deck = [c for c in cfg.deck_cards if c not in four]
        rng.shuffle(deck)
        field = four + deck[n * h : n * h + f - 4]
        hands = tuple(tuple(sorted(deck[i * h : (i + 1) * h])) for i in range(n))
        deal = Deal(rng.randrange(n), hands, tuple(sorted(field)), tuple(deck[n * h + f - 4 :]))
        try:
            deal.validate(cfg)
        except ValueError:
            continue
        out.append(deal)
    return out


@pytest.mark.parametrize(("game", "players", "options"), [
    ("mushi", 2, {"four_on_field": "dealer-captures", "four_pairs_misdeal": True}),
    ("koi-koi", 2, {"four_on_field": "dealer-captures"}),
    ("min-hwatu", 3, {"four_on_field": "dealer-captures"}),
])
def test_dealer_captures_the_dealt_four_in_both(
    game: str, players: int, options: dict[str, Any]
) -> None:
    deals = _four_on_field_deals(game, players, options, 60)
    match = Match(game, players, options, deal=deals[0])
    assert match.current.captures[match.config.side_of[deals[0].dealer]]  # captured at once
    _play_both(game, players, deals, 5, options)
