"""hanafuda.batch agrees exactly with the scalar engine (issue 6).

The same deals and the same random moves go through ``Match`` and ``BatchSim``;
after every step each row's hands, exposed cards, teyaku, declarations, field,
captures, discard, stock position, pending card, seat to move and legal actions
are compared, and at the round end the card points, yaku points and scores.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.batch import BatchSim, from_engine, to_engine
from hanafuda.engine.deal import Deal, deal_from_rng, misdeal_reason
from hanafuda.engine.moves import KOIKOI_ACTION
from hanafuda.rules import GAMES, configure
from hanafuda.rules.koi_koi import KoiKoi
from hanafuda.rules.options import OptionError
from tests.batch.twins import same_state

CONFIGS = [(game, n) for game, cls in GAMES.items() if cls.plays_in_batch()
           for n in cls.player_counts()]
"""Every game the batch simulator plays (every game, Koi-Koi's koi-koi/stop decision included)."""
ROWS = 160  # rounds per game and player count (17 configurations: 2,720 rounds)


def _deals(
    game: str, players: int, rows: int, seed: int, options: dict[str, Any] | None = None
) -> list[Deal]:
    cfg = configure(game, players, options or {})
    rng = random.Random(seed)
    return [deal_from_rng(cfg, rng.randrange(players), random.Random(seed * 7919 + i))
            for i in range(rows)]


def _play_both(
    game: str, players: int, deals: list[Deal], seed: int, options: dict[str, Any] | None = None,
    always: int | None = None,
) -> list[Match]:
    """Play ``deals`` through the engine and the batch with the same uniform random moves
    (``always``: an engine action played whenever it is legal)."""
    rows = len(deals)
    matches = [Match(game, players, options, deal=d) for d in deals]
    sim = BatchSim(game, players, rows, options)
    sim.reset(deals=deals)
    rng = random.Random(seed)
    for row, match in enumerate(matches):
        same_state(sim, row, match.current)
    check_mask = True
    while not sim.done.all():
        mask = sim.legal_mask() if check_mask else None
        actions = np.zeros(rows, np.int64)
        for row, match in enumerate(matches):
            rnd = match.current
            if rnd.over:
                continue
            legal = rnd.legal_actions()
            if mask is not None:
                assert sorted(from_engine(a) for a in legal) == list(np.flatnonzero(mask[row]))
            action = legal[rng.randrange(len(legal))]
            if always in legal:
                action = always
            assert to_engine(from_engine(action)) == action
            match.apply(action)
            actions[row] = from_engine(action)
        sim.step(actions)
        check_mask = not check_mask  # the full mask every other step keeps the test quick
        for row, match in enumerate(matches):
            same_state(sim, row, match.current)
    scores = sim.scores()
    for row, match in enumerate(matches):
        assert list(scores[row]) == list(match.results[0].scores)
    return matches


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_same_moves_same_rounds(game: str, players: int) -> None:
    """Moves chosen uniformly from the engine's legal actions, mirrored into the batch."""
    seed = CONFIGS.index((game, players)) + 1
    _play_both(game, players, _deals(game, players, ROWS, seed), seed)


VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("min-hwatu", 5, {"yaku_set": "korean", "five_player_bonus": False}),
    ("min-hwatu", 3, {"yaku_set": "english", "yaku_multiplier": "n", "dealer_draw": "day"}),
    ("min-hwatu", 4, {"four_on_field": "dealer-captures", "rounds": 3}),
    ("min-hwatu", 2, {"flip_matches_pair": "ppeok"}),
    ("min-hwatu", 6, {"flip_matches_pair": "ppeok", "yaku_set": "korean"}),
    ("hana-awase", 2, {"scoring": "additive", "chaff_value": 0}),
    ("hana-awase", 3, {"willow_row_cancels_yaku": True, "rainman_cancels_viewing": True}),
    ("hana-awase", 4, {"four_on_field": "dealer-captures", "fuke": True}),
    ("kwa-do", 2, {"two_player_hand": 8, "scoring": "raw", "target": 500}),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True, "declare_sets": False,
                   "five_brights": True}),
    ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]], "gaji": True}),
    ("kwa-do", 6, {"teams": [[0, 3], [1, 4], [2, 5]], "gaji": True, "gaji_wild_from_stock": True}),
    ("kwa-do", 3, {"gaji": True, "gaji_wild_from_stock": True, "yaku": True,
                   "declare_sets": False}),
    ("hana-awase", 2, {"teyaku": True}),
    ("hana-awase", 3, {"teyaku": True, "scoring": "additive", "fuke": True}),
    ("hana-awase", 4, {"teyaku": True, "willow_row_cancels_yaku": True}),
    ("kwa-do", 2, {"yaku": True}),
    ("kwa-do", 4, {"yaku": True, "teams": [[0, 2], [1, 3]], "gaji": True}),
    ("kwa-do", 6, {"yaku": True, "five_brights": True, "scoring": "raw"}),
    ("hawaiifuda", 3, {"bonus_combos": True}),
    ("hawaiifuda", 5, {"four_on_field": "redeal", "bonus_combos": True}),
    ("koi-koi", 2, {"viewing": "with-another", "sake_cup_chaff": False, "koikoi_bonus": "none"}),
    ("koi-koi", 2, {"viewing": "off", "seven_doubling": False, "exhaustion": "oya-ken",
                    "four_on_field": "dealer-captures"}),
    ("mushi", 2, {"five_brights": False, "hand_takes_field_lightning": True}),
    ("mushi", 2, {"four_pairs_misdeal": True, "hand_takes_field_lightning": True}),
]


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS)
def test_supported_options_agree(game: str, players: int, options: dict[str, Any]) -> None:
    seed = 100 + VARIANTS.index((game, players, options))
    _play_both(game, players, _deals(game, players, 96, seed, options), seed, options)


def _forced_deals(game: str, players: int, rows: int, seed: int, place: str) -> list[Deal]:
    """Deals with the lightning in a chosen place: ``last`` stock card, ``field``, or
    ``four`` (a whole month on the field besides, for dealer-captures)."""
    cfg = configure(game, players, {})
    rng = random.Random(seed)
    n, h, f = players, cfg.hand_size, cfg.field_size
    out: list[Deal] = []
    while len(out) < rows:
        deck = [c for c in cfg.deck_cards if c != 43]
        rng.shuffle(deck)
        special = [43]
        if place == "four":
            month = rng.randrange(1, 11)
            four = [4 * (month - 1) + i for i in range(4)]
            deck = [c for c in deck if c not in four]
            special = four + special
        if place == "last":
            deck.append(43)
            field, stock = deck[n * h : n * h + f], deck[n * h + f :]
        else:
            field = special + deck[n * h : n * h + f - len(special)]
            stock = deck[n * h + f - len(special) :]
        hands = tuple(tuple(sorted(deck[i * h : (i + 1) * h])) for i in range(n))
        deal = Deal(rng.randrange(n), hands, tuple(sorted(field)), tuple(stock))
        try:
            deal.validate(cfg)
        except ValueError:
            continue
        out.append(deal)
    return out


@pytest.mark.parametrize(
    ("game", "players", "place"),
    [("mushi", 2, "last"), ("mushi", 2, "field"), ("hawaiifuda", 2, "last"),
     ("hawaiifuda", 3, "field"), ("hawaiifuda", 4, "four"), ("hawaiifuda", 6, "four")],
)
def test_lightning_edge_deals(game: str, players: int, place: str) -> None:
    """The wild card as the last stock card, dealt to the field, and dealer-captures fours."""
    _play_both(game, players, _forced_deals(game, players, 120, 99, place), 3)


SAMPLED = [(game, n, {}) for game, n in CONFIGS] + [
    ("hana-awase", 2, {"teyaku": True}),
    ("hana-awase", 4, {"teyaku": True}),
    ("kwa-do", 3, {"yaku": True}),
    ("kwa-do", 6, {"yaku": True, "teams": [[0, 3], [1, 4], [2, 5]], "gaji": True}),
    ("mushi", 2, {"hand_takes_field_lightning": True}),
    ("koi-koi", 2, {"hand_yaku": True, "koikoi_bonus": "plus-one"}),
]


KOIKOI_PRESETS = [dict(p.options) for p in KoiKoi.presets]
"""Koi-Koi's presets (Standard, KoiKoi-Japan): the batch plays each exactly as the engine."""


@pytest.mark.parametrize("options", KOIKOI_PRESETS, ids=[p.id for p in KoiKoi.presets])
def test_koikoi_presets_agree(options: dict[str, Any]) -> None:
    """Random koi-koi/stop answers: calls, stops, the last-turn stop, the doublings and the
    KoiKoi-Japan +1 per call (four calls and more double) all reached and all agreeing."""
    seed = 300 + KOIKOI_PRESETS.index(options)
    deals = _deals("koi-koi", 2, 240, seed, options)
    matches = _play_both("koi-koi", 2, deals, seed, options)
    assert sum(max(m.current.koikoi_calls) >= 1 for m in matches) >= 50
    assert sum(m.current.stopped >= 0 and not any(m.current.hands) for m in matches) >= 10


def test_koikoi_many_calls_agree() -> None:
    """Always koi-koi: the KoiKoi-Japan fourth call (doubling), rounds no one stops (oya-ken)
    and the last turn's automatic stop."""
    options = KOIKOI_PRESETS[1]
    deals = _deals("koi-koi", 2, 200, 31, options)
    matches = _play_both("koi-koi", 2, deals, 31, options, always=KOIKOI_ACTION)
    assert sum(max(m.current.koikoi_calls) >= 4 for m in matches) >= 3
    assert sum(m.current.stopped < 0 for m in matches) >= 3


def _hand_yaku_deals(rows: int, seed: int) -> list[Deal]:
    """Koi-Koi deals where a hand holds teshi (four of a month) or kuttsuki (four pairs), in
    either seat, or both hands a four (the dealer's wins), and ordinary ones between."""
    cfg = configure("koi-koi", 2, {"hand_yaku": True})
    rng = random.Random(seed)
    out: list[Deal] = []
    while len(out) < rows:
        deck = list(cfg.deck_cards)
        rng.shuffle(deck)
        kind = len(out) % 4
        months = rng.sample(range(12), 4)
        if kind == 0:  # teshi
            special = [4 * months[0] + i for i in range(4)]
        elif kind == 1:  # kuttsuki
            special = [4 * m + i for m in months for i in range(2)]
        elif kind == 2:  # a four in each hand
            special = [4 * months[0] + i for i in range(4)] + [4 * months[1] + i for i in range(4)]
        else:
            special = []
        rest = [c for c in deck if c not in special]
        if kind == 2:
            deck = special[:4] + rest[:4] + special[4:] + rest[4:]
        else:
            deck = special + rest
            if rng.random() < 0.5:
                deck = deck[8:16] + deck[:8] + deck[16:]
        hands = (tuple(sorted(deck[:8])), tuple(sorted(deck[8:16])))
        deal = Deal(rng.randrange(2), hands, tuple(sorted(deck[16:24])), tuple(deck[24:]))
        if misdeal_reason(cfg, deal.field_mask()) is None:
            out.append(deal)
    return out


def test_koikoi_hand_yaku_win_at_the_deal() -> None:
    """``hand_yaku``: the ``wins-round`` misdeals end the round at the deal in both, the
    dealer's hand first when both hands hold one (docs/rules/koi-koi.md)."""
    options = {"hand_yaku": True}
    deals = _hand_yaku_deals(120, 17)
    matches = _play_both("koi-koi", 2, deals, 17, options)
    assert sum(m.current.won_at_deal for m in matches) >= 80
    both = [(d, m) for i, (d, m) in enumerate(zip(deals, matches, strict=True)) if i % 4 == 2]
    assert all(m.current.stopped == d.dealer for d, m in both)
    assert {d.dealer for d, _ in both} == {0, 1}


@pytest.mark.parametrize(("game", "players", "options"), SAMPLED)
def test_sampled_actions_are_legal_in_the_engine(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """The batch's own vectorised sampler drives the engine: every action is legal there."""
    rows = 48
    seeds = list(range(1000, 1000 + rows))
    sim = BatchSim(game, players, rows, options)
    sim.reset(seeds, dealer=players - 1)
    matches = [Match(game, players, options, seed=s, dealer=players - 1) for s in seeds]
    rng = np.random.default_rng(5)
    while not sim.done.all():
        actions = sim.sample_actions(rng)
        mask = sim.legal_mask()
        for row, match in enumerate(matches):
            rnd = match.current
            if rnd.over:
                continue
            assert mask[row, actions[row]]
            action = to_engine(int(actions[row]))
            assert action in rnd.legal_actions()
            match.apply(action)
        sim.step(actions, check=True)
        for row, match in enumerate(matches):
            same_state(sim, row, match.current)
    assert (sim.decisions == [len(m.current.moves) for m in matches]).all()


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_vectorised_dealing_is_a_valid_deal(game: str, players: int) -> None:
    """``reset_random``: every card of the deck in exactly one place, no misdeal, and the
    round plays to a valid end (every card accounted for)."""
    cfg = configure(game, players, {})
    rows = 256
    sim = BatchSim(game, players, rows)
    sim.reset_random(np.random.default_rng(players), dealer=np.arange(rows) % players)
    for row in range(rows):
        stock = [int(c) for c in sim.stock[row][: sim.stock_size]]
        hands = [int(h) for h in sim.hands[row]]
        union = sum(hands) + int(sim.field[row]) + sum(1 << c for c in stock)
        union += int(np.bitwise_or.reduce(sim.captures[row])) | int(sim.discard[row])
        assert union == cfg.deck
        assert all(h.bit_count() == cfg.hand_size for h in hands)
    rng = np.random.default_rng(1)
    while not sim.done.all():
        sim.step(sim.sample_actions(rng))
    caps = np.bitwise_or.reduce(sim.captures, axis=1)
    assert ((caps & sim.discard) == 0).all()
    # Koi-Koi: a stop ends the round with cards still in hand and in the stock.
    stopped = sim.stopped >= 0 if cfg.koikoi else np.zeros(rows, np.bool_)
    assert (sim.hands[~stopped] == 0).all()
    for row in np.flatnonzero(stopped):
        stock = sum(1 << int(c) for c in sim.stock[row][int(sim.stock_pos[row]) : sim.stock_size])
        union = int(np.bitwise_or.reduce(sim.hands[row])) | int(sim.field[row]) | stock
        assert union | int(caps[row]) == cfg.deck


def test_bad_options_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="teyaku"):
        BatchSim("hana-awase", 3, 4, {"teyaku": "maybe"})
    with pytest.raises(OptionError, match="flip_matches_pair"):
        BatchSim("min-hwatu", 3, 4, {"flip_matches_pair": "sometimes"})
    with pytest.raises(OptionError, match="players"):
        BatchSim("mushi", 3, 4)
    with pytest.raises(OptionError, match="colour"):
        BatchSim("mushi", 2, 4, {"colour": "red"})
    BatchSim("hawaiifuda", 4, 4, {"four_on_field": "dealer-captures"})  # the default, given


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS[-2:])
def test_vectorised_dealing_honours_misdeal_options(
    game: str, players: int, options: dict[str, Any]
) -> None:
    cfg = configure(game, players, options)
    sim = BatchSim(game, players, 2000, options)
    sim.reset_random(np.random.default_rng(2))
    assert all(misdeal_reason(cfg, int(f)) is None for f in sim.field)


def test_seeded_reset_deals_like_the_engine() -> None:
    sim = BatchSim("min-hwatu", 3, 3)
    sim.reset([11, 12, 13], dealer=[0, 1, 2])
    for row, seed in enumerate([11, 12, 13]):
        rnd = Match("min-hwatu", 3, seed=seed, dealer=row).current
        assert list(sim.hands[row]) == rnd.hands
        assert int(sim.field[row]) == rnd.field
        assert tuple(int(c) for c in sim.stock[row]) == rnd.stock
        assert int(sim.to_move[row]) == rnd.to_move


def test_checked_step_names_illegal_rows() -> None:
    sim = BatchSim("mushi", 2, 4)
    sim.reset([1, 2, 3, 4])
    actions = sim.sample_actions(np.random.default_rng(0))
    actions[2] = 2399  # a take, while every row is to play
    with pytest.raises(ValueError, match="row 2: 2399"):
        sim.step(actions, check=True)
    with pytest.raises(ValueError, match="one action per row"):
        sim.step(actions[:3])
