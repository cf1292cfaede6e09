"""``BatchSim``: B rounds of one game stepped in lockstep as NumPy arrays.

The scalar engine (``engine/round.py``) is the reference; this module is a second
rendering of the same state machine for throughput (search playouts, learning):
every field of ``Round`` becomes an array over the batch, card sets are ``uint64``
bitmasks, and every branch of a turn is computed for all rows at once with
``np.where`` on row masks.  Like ``Round``, only decisions are steps: turning over
the stock, draw-only turns (Hana-Awase), wild captures, round-end collection and
scoring all run inside ``step``.

Supported: every game, every player count, every option (``SUPPORTED``), Hana-Awase
teyaku, Kwa-Dō declarations and Koi-Koi's koi-koi/stop decision included.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import MONTH_MASKS, MONTHS, NATURAL_WILLOWS, WILLOW_LIGHTNING
from ..engine.action_space import (
    DECLARE_BASE,
    EXPOSE_INDEX,
    KEEP_INDEX,
    KOIKOI_INDEX,
    NO_CHOICE,
    NUM_ACTIONS,
    NUM_SETS,
    STOP_INDEX,
    TAKE_BASE,
    CompactActions,
    compact_actions,
)
from ..engine.deal import Deal, deal_from_rng
from ..engine.round import PHASE_KOIKOI, PHASE_OVER, PHASE_PLAY, PHASE_TAKE, PHASE_TEYAKU, Round
from ..rules import GAMES, configure
from ..rules.base import BatchFacts, Config, Misdeal
from ..rules.options import OptionError

__all__ = ["PHASE_KOIKOI", "PHASE_OVER", "PHASE_PLAY", "PHASE_TAKE", "PHASE_TEYAKU", "SUPPORTED",
           "BatchSim"]


U64 = np.uint64
ONE = np.uint64(1)
ZERO = np.uint64(0)
NONE = 48
"""The dummy card index: every table maps it to the empty set."""

Bool = npt.NDArray[np.bool_]
Int = npt.NDArray[np.int64]
Mask = npt.NDArray[np.uint64]

SUPPORTED: dict[str, str] = {
    game.id: ", ".join(spec.name for spec in game.game_options)
    for game in GAMES.values()
    if game.plays_in_batch()
}
"""What the simulator plays: every game whose ``Game`` has ``score_batch``, with every option
(listed by name).  Every game also takes ``four_on_field`` (both values); ``rounds`` and
``target`` (match length) are used by ``BatchMatch``."""

_CARD_BIT = np.array([1 << c for c in range(48)] + [0], dtype=U64)
_MONTH = np.array(list(MONTHS) + [0] * 17, dtype=np.int64)  # index up to 64 (bit index of 0)
_MONTH_MASK = np.array(MONTH_MASKS, dtype=U64)
_LIGHTNING_BIT = np.uint64(1 << WILLOW_LIGHTNING)
_NATURAL = np.uint64(NATURAL_WILLOWS)
_ARANGE48 = np.arange(48, dtype=U64)


def _popcount(x: Mask) -> Int:
    return np.bitwise_count(x).astype(np.int64)


def _bit_index(single: Mask) -> Int:
    """The index of the one set bit of each element (``NONE`` for an empty set)."""
    index: Int = np.minimum(np.bitwise_count(single - ONE).astype(np.int64), NONE)
    return index


def _kth_bit(x: Mask, k: Int) -> Mask:
    """The k-th lowest set bit of each element (k below its popcount), as a one-bit mask."""
    x = x.copy()
    top = int(k.max(initial=0))
    for i in range(top):
        x = np.where(k > i, x & (x - ONE), x)
    lowest: Mask = x & (~x + ONE)
    return lowest


def _pattern_cards(misdeal: Misdeal, dealt: Mask) -> Mask:
    """``Misdeal.cards`` on arrays: the cards of each ``dealt`` set forming the pattern (0
    where it is not there).  The patterns are the three of ``rules.base.MISDEAL_PATTERNS``."""
    if misdeal.pattern == "all-of":
        mask = np.uint64(misdeal.mask)
        result: Mask = np.where((dealt & mask) == mask, mask, ZERO)
        return result
    if misdeal.pattern == "four-of-a-month":
        out = np.zeros(dealt.shape, U64)
        for m in range(1, 13):
            four = _MONTH_MASK[m]
            out |= np.where((dealt & four) == four, four, ZERO)
        return out
    counts = np.stack([np.bitwise_count(dealt & _MONTH_MASK[m]) for m in range(1, 13)])
    pairs = ((counts == 0) | (counts == 2)).all(axis=0) & ((counts == 2).sum(axis=0) == 4)
    result = np.where(pairs, dealt, ZERO)
    return result


def check_options(game: str, players: int, options: Mapping[str, Any] | None) -> Config:
    """``configure`` the game (``OptionError`` names an unknown option or a bad value), and
    check the batch can play it (every option of the five games today)."""
    cfg = configure(game, players, dict(options or {}))
    if not cfg.game.plays_in_batch():
        raise OptionError(f"hanafuda.batch cannot play {cfg.game.id}: its Game has no score_batch")
    if len(cfg.declarable) > NUM_SETS:
        raise OptionError(f"hanafuda.batch plays at most {NUM_SETS} declarable sets")
    return cfg


class BatchSim:
    """``batch_size`` rounds of ``game`` for ``players`` players, stepped together.

    Deal with ``reset(seeds)`` (the scalar engine's dealing), ``reset(deals=…)`` or
    ``reset_random(rng)`` (vectorised), then alternate ``legal_mask()`` /
    ``sample_actions(rng)`` and ``step(actions)`` until ``done.all()``; ``scores()``
    gives the round scores by side.  Rows that are done ignore their action.
    """

    def __init__(
        self,
        game: str,
        players: int,
        batch_size: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        cfg = check_options(game, players, options)
        self.config = cfg
        self.game = cfg.game.id
        self.players = players
        self.batch_size = batch_size
        self.num_sides = cfg.num_sides
        self.stock_size = cfg.stock_size
        self._rows = np.arange(batch_size)
        # Indexed by card, NONE and up to 64 (the bit index of an empty set) map to nothing.
        self._match = np.array(list(cfg.match_masks) + [0] * 17, dtype=U64)
        wild = cfg.wild
        self._wild_hand = wild is not None and wild.from_hand
        self._wild_stock = wild is not None and wild.from_stock
        self._excluded = np.uint64(wild.excluded if wild is not None else 0)
        self._last_takes_all = wild is not None and wild.last_stock_takes_all
        self._field_rule = wild is not None and wild.field_rule
        self._hand_takes_field = wild is not None and wild.field_rule and wild.hand_takes_field
        self._leftovers = wild.leftovers if wild is not None else ""
        self._rubbish = np.uint64(cfg.rubbish)
        self._draw_only = cfg.game.draw_only_turns
        self._side_of = np.array(cfg.side_of, dtype=np.int64)
        self._deck_ids = np.array(cfg.deck_cards, dtype=np.int8)
        # Card points of a capture mask, six bytes at a time.
        values = cfg.values
        self._value_bytes = np.array(
            [[sum(values[8 * k + i] for i in range(8) if v >> i & 1 and 8 * k + i < 48)
              for v in range(256)] for k in range(6)],
            dtype=np.int64,
        )
        self._yaku = [
            (y.id, np.uint64(y.mask), y.min_count, np.uint64(y.count_mask), np.uint64(y.extra_mask))
            for y in cfg.yaku
        ]
        # Koi-Koi (docs/rules/koi-koi.md): the koi-koi/stop decision, a hand won at the deal.
        self._koikoi = cfg.koikoi
        self._deal_wins = [m for m in cfg.misdeals if m.then == "wins-round"] if cfg.koikoi else []
        self._seat_of_side = np.array([side[0] for side in cfg.sides], dtype=np.int64)
        self._teyaku = cfg.teyaku
        self._teyaku_values = np.array(cfg.teyaku_values, dtype=np.int64)
        self._chaff = np.uint64(cfg.chaff)
        self._declaring = bool(cfg.declarable)
        # For each card (and NONE), the declarable sets it belongs to, as bits of a set mask.
        self._card_set_bits = np.array(
            [sum(1 << i for i in cfg.card_sets[c]) for c in range(48)] + [0] * 17, dtype=np.int64
        )
        self.compact: CompactActions = compact_actions(cfg)
        self._row_offsets = self._rows * self.compact.size
        self._compact_plan()
        self._alloc()

    def resized(self, batch_size: int) -> BatchSim:
        """A new simulator of the same configuration with ``batch_size`` rows, every round
        over (no deal yet), sharing this one's read-only tables: far cheaper than building
        one (a search keeps one per stage size)."""
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        other = copy.copy(self)
        other.batch_size = batch_size
        other._rows = np.arange(batch_size)
        other._row_offsets = other._rows * self.compact.size
        other._alloc()
        return other

    # -- state -------------------------------------------------------------------------------

    def _alloc(self) -> None:
        b, n, s = self.batch_size, self.players, self.num_sides
        self.dealer: Int = np.zeros(b, np.int64)
        self.order: Int = np.zeros((b, n), np.int64)
        self.hands: Mask = np.zeros((b, n), U64)
        self.exposed: Mask = np.zeros((b, n), U64)
        self.teyaku: Int = np.zeros((b, n), np.int64)
        self.asked: Bool = np.zeros((b, n), np.bool_)  # by order position: teyaku still to ask
        self.declared: Int = np.zeros((b, s), np.int64)
        self.field: Mask = np.zeros(b, U64)
        self.stock: npt.NDArray[np.int8] = np.zeros((b, max(self.stock_size, 1)), np.int8)
        self.stock_pos: Int = np.zeros(b, np.int64)
        self.captures: Mask = np.zeros((b, s), U64)
        self.discard: Mask = np.zeros(b, U64)
        self.phase: npt.NDArray[np.int8] = np.full(b, PHASE_OVER, np.int8)
        self.turn: Int = np.zeros(b, np.int64)
        self.seat: Int = np.zeros(b, np.int64)
        self.pending: Int = np.full(b, NONE, np.int64)
        self.pending_targets: Mask = np.zeros(b, U64)
        self.pending_wild: Bool = np.zeros(b, np.bool_)
        self.wild_side: Int = np.full(b, -1, np.int64)
        self.wild_month: Int = np.zeros(b, np.int64)
        self.lightning_user: Int = np.full(b, -1, np.int64)
        self.card_points: Int = np.zeros((b, s), np.int64)
        self.yaku_points: Int = np.zeros((b, s), np.int64)
        self._scores: Int = np.zeros((b, s), np.int64)
        self.decisions: Int = np.zeros(b, np.int64)
        # Koi-Koi: calls by side, the side that stopped (−1: none), a win at the deal, and by
        # side each yaku's worth after that side's last turn (``Round.yaku_level``).
        self.koikoi_calls: Int = np.zeros((b, s), np.int64)
        self.stopped: Int = np.full(b, -1, np.int64)
        self.won_at_deal: Bool = np.zeros(b, np.bool_)
        self.yaku_level: Int = np.zeros((b, s, len(self.config.yaku) if self._koikoi else 0),
                                        np.int64)

    @property
    def done(self) -> Bool:
        """Rows whose round is over."""
        result: Bool = self.phase == PHASE_OVER
        return result

    @property
    def to_move(self) -> Int:
        """The seat to decide in each row, −1 where the round is over."""
        result: Int = np.where(self.done, -1, self.seat)
        return result

    def state_bytes(self) -> int:
        """Bytes of state arrays for the whole batch (divide by ``batch_size`` per round)."""
        return sum(v.nbytes for v in vars(self).values() if isinstance(v, np.ndarray)
                   and v.shape[:1] == (self.batch_size,))

    def running(self, rows: npt.ArrayLike | None = None) -> Bool:
        """Running rows (not done), among ``rows`` when given (indices or a bool mask)."""
        running: Bool = ~self.done
        if rows is not None:
            chosen = np.zeros(self.batch_size, np.bool_)
            chosen[self.row_index(rows)] = True
            running &= chosen
        return running

    def final_scores(self) -> Int:
        """Round scores by side, (B, sides), in the rows that are done; zero where a round runs."""
        result: Int = np.where(self.done[:, None], self._scores, 0)
        return result

    def scores(self) -> Int:
        """Round scores by side, (B, sides); ``ValueError`` while a round still runs."""
        if not self.done.all():
            raise ValueError("scores() needs every round over (see .done)")
        return self._scores.copy()

    def stop_values(self, rows: npt.ArrayLike | None = None) -> Int:
        """Koi-Koi: what the seat to move in each of ``rows`` would score by stopping now (0
        without a yaku): ``Round.standing().scores`` of its side, the greedy bot's worth of
        a ``stop``."""
        index = self.row_index(rows)
        side = self._side_of[self.seat[index]]
        calls = self.koikoi_calls[index]
        own = calls[np.arange(index.size), side]
        value, has = self.config.game.batch_stop_values(
            self.config, self.captures[index, side], own, calls.sum(axis=1) - own)
        result: Int = np.where(has, value, 0)
        return result

    # -- dealing -----------------------------------------------------------------------------

    def row_index(self, rows: npt.ArrayLike | None) -> Int:
        """Row indices of ``rows`` (indices or a bool mask; None: every row)."""
        if rows is None:
            return self._rows
        index = np.asarray(rows)
        if index.dtype == np.bool_:
            index = np.flatnonzero(index)
        result: Int = index.astype(np.int64)
        return result

    def reset(
        self,
        seeds: Sequence[int] | None = None,
        *,
        deals: Sequence[Deal] | None = None,
        dealer: int | Sequence[int] = 0,
        rows: npt.ArrayLike | None = None,
    ) -> None:
        """Deal every row (or only ``rows``, indices or a bool mask): from ``seeds`` exactly as
        ``Match(game, n, seed=s, dealer=d)`` deals its first round (``deal_from_rng``), or
        from explicit, valid ``deals`` (one per row dealt)."""
        index = self.row_index(rows)
        count = index.size
        if deals is None:
            if seeds is None or len(seeds) != count:
                raise ValueError(f"reset needs {count} seeds or {count} deals")
            dealers = [dealer] * count if isinstance(dealer, int) else list(dealer)
            deals = [
                deal_from_rng(self.config, d, random.Random(s))
                for s, d in zip(seeds, dealers, strict=True)
            ]
        if len(deals) != count:
            raise ValueError(f"reset needs {count} deals, got {len(deals)}")
        if count == 0:
            return
        self.dealer[index] = [d.dealer for d in deals]
        self.hands[index] = [d.hand_masks() for d in deals]
        self.field[index] = [d.field_mask() for d in deals]
        if self.stock_size:
            self.stock[index] = [d.stock for d in deals]
        self._start(index)

    def reset_random(
        self,
        rng: np.random.Generator,
        dealer: int | npt.ArrayLike = 0,
        rows: npt.ArrayLike | None = None,
    ) -> None:
        """Deal every row (or only ``rows``) with NumPy randomness, vectorised; misdeals are
        redealt as in ``deal_from_rng``.  Same distribution as the engine's dealing, not the
        same cards for a seed."""
        index = self.row_index(rows)
        if index.size == 0:
            return
        self.dealer[index] = dealer
        todo = index
        n, h, f = self.players, self.config.hand_size, self.config.field_size
        while todo.size:
            order = np.argsort(rng.random((todo.size, self._deck_ids.size)), axis=1)
            cards = self._deck_ids[order]
            bits = _CARD_BIT[cards]
            for seat in range(n):
                hand = np.bitwise_or.reduce(bits[:, seat * h : (seat + 1) * h], axis=1)
                self.hands[todo, seat] = hand
            field = np.bitwise_or.reduce(bits[:, n * h : n * h + f], axis=1)
            self.field[todo] = field
            if self.stock_size:
                self.stock[todo] = cards[:, n * h + f :]
            todo = todo[self._misdeal(field)]
        self._start(index)

    def load(
        self,
        states: Sequence[Round],
        rows: npt.ArrayLike | None = None,
        *,
        which: npt.ArrayLike | None = None,
    ) -> None:
        """Set rows to scalar rounds, mid-round or not: ``Round`` objects of this simulator's
        configuration (a ``Match``'s ``current``, ``agents.determinize``'s worlds, copies).

        Row ``rows[i]`` (every row when ``rows`` is None) gets ``states[which[i]]`` (``which``
        defaults to ``0 … len(rows) − 1``), so one state can fill many rows.  Every field the
        simulator keeps is set: hands, exposed cards, teyaku paid, seats still to be asked
        about teyaku, declarations, field, the stock still to turn over (in order), captures,
        discard, phase, whose turn, a pending turned-over card and its targets, the wild
        card's bookkeeping, Koi-Koi's calls, stop and yaku levels, and (for a finished round)
        its scores.  ``Round.hand_pair`` is not
        kept: the engine reads it only inside the turn that set it, never at a decision.

        ``ValueError`` for a round this simulator cannot represent (another configuration,
        more stock than a deal has, a teyaku queue out of turn order), naming the state."""
        index = self.row_index(rows)
        pick = np.arange(index.size) if which is None else np.asarray(which, dtype=np.int64)
        if pick.shape != index.shape:
            raise ValueError(f"load needs one state index per row: {index.size} rows, "
                             f"{pick.size} indices")
        if pick.size and (pick.min() < 0 or pick.max() >= len(states)):
            raise ValueError(f"load: state indices must lie in 0 … {len(states) - 1}")
        if index.size == 0:
            return
        count = len(states)
        n, s, size = self.players, self.num_sides, self.stock.shape[1]
        dealer = np.zeros(count, np.int64)
        order = np.zeros((count, n), np.int64)
        hands = np.zeros((count, n), U64)
        exposed = np.zeros((count, n), U64)
        teyaku = np.zeros((count, n), np.int64)
        asked = np.zeros((count, n), np.bool_)
        declared = np.zeros((count, s), np.int64)
        captures = np.zeros((count, s), U64)
        field = np.zeros(count, U64)
        discard = np.zeros(count, U64)
        stock = np.zeros((count, size), np.int8)
        stock_pos = np.zeros(count, np.int64)
        small = np.zeros((count, 8), np.int64)  # phase turn seat pending wild_side month user moves
        pending_targets = np.zeros(count, U64)
        pending_wild = np.zeros(count, np.bool_)
        card_points = np.zeros((count, s), np.int64)
        yaku_points = np.zeros((count, s), np.int64)
        scores = np.zeros((count, s), np.int64)
        calls = np.zeros((count, s), np.int64)
        stopped = np.full(count, -1, np.int64)
        at_deal = np.zeros(count, np.bool_)
        level = np.zeros((count,) + self.yaku_level.shape[1:], np.int64)
        checked: set[int] = set()
        for i, rnd in enumerate(states):
            self._check_loadable(rnd, i, checked)
            left = rnd.stock[rnd.stock_pos :]
            if len(left) > self.stock_size:
                raise ValueError(f"load: state {i} has {len(left)} stock cards left; a "
                                 f"{self.game} deal for {n} has {self.stock_size}")
            queue = rnd.teyaku_queue
            if queue:
                positions = [rnd.order.index(seat) for seat in queue]
                if positions != sorted(set(positions)) or rnd.phase != PHASE_TEYAKU \
                        or rnd.seat != queue[0]:
                    raise ValueError(f"load: state {i}'s teyaku queue {queue} is not in turn "
                                     f"order {list(rnd.order)} or not the seat asked")
                asked[i, positions] = True
            elif rnd.phase == PHASE_TEYAKU:
                raise ValueError(f"load: state {i} asks about teyaku with an empty queue")
            dealer[i] = rnd.dealer
            order[i] = rnd.order
            hands[i] = rnd.hands
            exposed[i] = rnd.exposed
            teyaku[i] = rnd.teyaku
            declared[i] = rnd.declared
            captures[i] = rnd.captures
            field[i] = rnd.field
            discard[i] = rnd.discard
            stock_pos[i] = self.stock_size - len(left)
            if left:
                stock[i, stock_pos[i] :] = left
            small[i] = (rnd.phase, rnd.turn, rnd.seat, rnd.pending if rnd.pending >= 0 else NONE,
                        rnd.wild_side, rnd.wild_month, rnd.lightning_user, len(rnd.moves))
            pending_targets[i] = rnd.pending_targets
            pending_wild[i] = rnd.pending_wild
            if self._koikoi:
                calls[i] = rnd.koikoi_calls
                stopped[i] = rnd.stopped
                at_deal[i] = rnd.won_at_deal
                level[i] = rnd.yaku_level
            if rnd.result is not None:
                card_points[i] = rnd.result.card_points
                yaku_points[i] = [sum(y.points for y in held) for held in rnd.result.yaku]
                scores[i] = rnd.result.scores
        self.dealer[index] = dealer[pick]
        self.order[index] = order[pick]
        self.hands[index] = hands[pick]
        self.exposed[index] = exposed[pick]
        self.teyaku[index] = teyaku[pick]
        self.asked[index] = asked[pick]
        self.declared[index] = declared[pick]
        self.captures[index] = captures[pick]
        self.field[index] = field[pick]
        self.discard[index] = discard[pick]
        self.stock[index] = stock[pick]
        self.stock_pos[index] = stock_pos[pick]
        small = small[pick]
        self.phase[index] = small[:, 0]
        self.turn[index] = small[:, 1]
        self.seat[index] = small[:, 2]
        self.pending[index] = small[:, 3]
        self.wild_side[index] = small[:, 4]
        self.wild_month[index] = small[:, 5]
        self.lightning_user[index] = small[:, 6]
        self.decisions[index] = small[:, 7]
        self.pending_targets[index] = pending_targets[pick]
        self.pending_wild[index] = pending_wild[pick]
        self.card_points[index] = card_points[pick]
        self.yaku_points[index] = yaku_points[pick]
        self._scores[index] = scores[pick]
        self.koikoi_calls[index] = calls[pick]
        self.stopped[index] = stopped[pick]
        self.won_at_deal[index] = at_deal[pick]
        self.yaku_level[index] = level[pick]

    def _check_loadable(self, rnd: Round, i: int, checked: set[int]) -> None:
        """``ValueError`` unless ``rnd`` is a round of this simulator's configuration."""
        cfg = rnd.config
        if id(cfg) in checked or cfg is self.config:
            return
        mine = self.config
        if (cfg.game.id, cfg.players, dict(cfg.options)) != (
                mine.game.id, mine.players, dict(mine.options)):
            raise ValueError(f"load: state {i} is a round of {cfg.game.id} for {cfg.players} "
                             f"with options {dict(cfg.options)}; this simulator plays "
                             f"{mine.game.id} for {mine.players} with {dict(mine.options)}")
        checked.add(id(cfg))

    def _misdeal(self, field: Mask) -> Bool:
        """Fields the rules redeal (RULES.md §2, §4.5, §9): the ``field``/``redeal`` patterns
        of ``Config.misdeals``, the data ``engine.deal.misdeal_reason`` reads."""
        bad = np.zeros(field.shape, np.bool_)
        for misdeal in self.config.misdeals:
            if misdeal.where == "field" and misdeal.then == "redeal":
                bad |= _pattern_cards(misdeal, field) != 0
        return bad

    def _start(self, rows: Int) -> None:
        """Set up the rounds just dealt in ``rows`` (RULES.md §2: order, dealer-captures)."""
        n = self.players
        game = self.config.game
        steps = game.direction * (game.first_offset + np.arange(n))
        self.order[rows] = (self.dealer[rows, None] + steps[None, :]) % n
        self.captures[rows] = 0
        self.discard[rows] = 0
        dealt = np.zeros(self.batch_size, np.bool_)
        dealt[rows] = True
        for misdeal in self.config.misdeals:
            if misdeal.then != "dealer-captures":
                continue
            # The engine's order: month by month (the captures are the same either way).
            cards = np.where(dealt, _pattern_cards(misdeal, self.field), ZERO)
            self.field &= ~cards
            self._capture(self.dealer, cards)
        self.stock_pos[rows] = 0
        self.phase[rows] = PHASE_PLAY
        self.turn[rows] = 0
        self.seat[rows] = self.order[rows, 0]
        self.exposed[rows] = 0
        self.teyaku[rows] = 0
        self.declared[rows] = 0
        self.asked[rows] = False
        if self._teyaku:
            # RULES.md §4.2: players dealt a teyaku hand (Game.teyaku_value) are asked, in turn order.
            hands = self.hands[rows[:, None], self.order[rows]]
            self.asked[rows] = self._teyaku_values[np.bitwise_count(hands & self._chaff)] > 0
            ask = rows[self.asked[rows].any(axis=1)]
            first = np.argmax(self.asked[ask], axis=1)
            self.phase[ask] = PHASE_TEYAKU
            self.seat[ask] = self.order[ask, first]
        self.pending[rows] = NONE
        self.pending_targets[rows] = 0
        self.pending_wild[rows] = False
        self.wild_side[rows] = -1
        self.wild_month[rows] = 0
        self.lightning_user[rows] = -1
        self.card_points[rows] = 0
        self.yaku_points[rows] = 0
        self._scores[rows] = 0
        self.decisions[rows] = 0
        if self._koikoi:
            self._koikoi_start(rows)

    def _koikoi_start(self, rows: Int) -> None:
        """Koi-Koi (``Round._koikoi_start``): no calls, each side's yaku as dealt, and a hand
        that wins at the deal (the ``wins-round`` misdeals: teshi, kuttsuki; the first seat
        in turn order) ends its round at once."""
        self.koikoi_calls[rows] = 0
        self.stopped[rows] = -1
        self.won_at_deal[rows] = False
        self.yaku_level[rows] = self.config.game.batch_yaku_levels(self.config, self.captures[rows])
        if not self._deal_wins:
            return
        winner = np.full(rows.size, -1, np.int64)
        for position in reversed(range(self.players)):
            seat = self.order[rows, position]
            hand = self.hands[rows, seat]
            won = np.zeros(rows.size, np.bool_)
            for misdeal in self._deal_wins:
                won |= _pattern_cards(misdeal, hand) != 0
            winner = np.where(won, seat, winner)
        at_deal = rows[winner >= 0]
        if at_deal.size:
            self.stopped[at_deal] = self._side_of[winner[winner >= 0]]
            self.won_at_deal[at_deal] = True
            ending = np.zeros(self.batch_size, np.bool_)
            ending[at_deal] = True
            self._finish(ending)

    # -- legal actions -----------------------------------------------------------------------

    def _play_targets(self, cards: Mask | Int, field: Mask) -> tuple[Mask, Bool]:
        """Targets of cards played from hand and whether the player chooses one (RULES.md §3, §9)."""
        targets: Mask = field & self._match[cards]
        count = np.bitwise_count(targets)
        choose: Bool = count == 2
        if self._wild_hand:
            wild = cards == WILLOW_LIGHTNING
            candidates = field & ~self._excluded
            targets = np.where(wild, candidates, targets)
            choose = np.where(wild, np.bitwise_count(candidates) >= 2, choose)
        if self._hand_takes_field:
            # Mushi option: a non-willow hand card takes the field lightning (RULES.md §9).
            takes = self._takes_field_lightning(cards, field)
            targets = np.where(takes, _LIGHTNING_BIT, targets)
            choose &= ~takes
        return targets, choose

    @staticmethod
    def _takes_field_lightning(cards: Mask | Int, field: Mask) -> Bool:
        lying: Bool = ((field & _LIGHTNING_BIT) != 0) & (_MONTH[cards] != 11) & (cards < NONE)
        return lying

    def _targetable(self) -> Mask:
        """The field, plus other players' exposed teyaku cards (RULES.md §4.2, reading 3)."""
        if not self._teyaku:
            return self.field
        every = np.bitwise_or.reduce(self.exposed, axis=1)
        result: Mask = self.field | (every & ~self.exposed[self._rows, self.seat])
        return result

    def _take_from_table(self, taken: Mask) -> None:
        """Captured targets leave the field and, with teyaku, the exposed cards of a hand."""
        self.field &= ~taken
        if self._teyaku:
            self.exposed &= ~taken[:, None]
            self.hands &= ~taken[:, None]

    def _sets_open(self, cards: Int) -> Int:
        """Set bits a card may still be declared with by the side to move (RULES.md §4.3)."""
        declared = self.declared[self._rows, self._side_of[self.seat]]
        if cards.ndim == 2:
            declared = declared[:, None]
        result: Int = self._card_set_bits[cards] & ~declared
        return result

    def _sets_open_of(self, cards: Int) -> Int:
        """``_sets_open`` of (H, B) cards, one row of cards per hand slot (``legal_list``)."""
        declared = self.declared[self._rows, self._side_of[self.seat]]
        result: Int = self._card_set_bits[cards] & ~declared[None, :]
        return result

    def legal_mask(self) -> Bool:
        """(B, NUM_ACTIONS) bool: the legal actions of each row (none where done)."""
        b = self.batch_size
        rows = self._rows
        play = self.phase == PHASE_PLAY
        hand = np.where(play, self.hands[rows, self.seat], ZERO)
        in_hand = ((hand[:, None] >> _ARANGE48[None, :]) & ONE).astype(np.bool_)
        cards = np.broadcast_to(np.arange(48), (b, 48))
        targets, choose = self._play_targets(cards, self._targetable()[:, None])
        plays = np.zeros((b, 48, 49), np.bool_)
        plays[:, :, NO_CHOICE] = in_hand & ~choose
        pick = ((targets[:, :, None] >> _ARANGE48[None, None, :]) & ONE).astype(np.bool_)
        plays[:, :, :48] = pick & (in_hand & choose)[:, :, None]
        take = np.where(self.phase == PHASE_TAKE, self.pending_targets, ZERO)
        takes = ((take[:, None] >> _ARANGE48[None, :]) & ONE).astype(np.bool_)
        teyaku = np.repeat((self.phase == PHASE_TEYAKU)[:, None], 2, axis=1)
        declares = np.zeros((b, 48, NUM_SETS), np.bool_)
        if self._declaring:
            open_sets = self._sets_open(cards)  # (B, 48) set bits
            bits = (open_sets[:, :, None] >> np.arange(NUM_SETS)[None, None, :]) & 1
            declares = bits.astype(np.bool_) & in_hand[:, :, None]
        koikoi = np.repeat((self.phase == PHASE_KOIKOI)[:, None], 2, axis=1)  # koikoi, stop
        mask: Bool = np.concatenate(
            [plays.reshape(b, 48 * 49), takes, teyaku, declares.reshape(b, 48 * NUM_SETS), koikoi],
            axis=1,
        )
        assert mask.shape[1] == NUM_ACTIONS
        return mask

    # -- the compact layout (engine/action_space.py: CompactActions) ----------------------------

    def _compact_plan(self) -> None:
        """Gather plans for ``legal_compact``: each compact action's group and columns."""
        lay = self.compact
        deck = np.array(self.config.deck_cards, dtype=np.int64)
        column = np.full(49, 0, np.int64)
        column[deck] = np.arange(deck.size)
        self._deck = deck
        self._deck_bits = deck.astype(U64)
        kind, card, target = lay.kind, lay.card, lay.target
        plays = kind == CompactActions.KIND_PLAY
        free = plays & (target == NONE)
        pick = plays & (target != NONE)
        takes = kind == CompactActions.KIND_TAKE
        declares = kind == CompactActions.KIND_DECLARE
        self._c_free = (np.flatnonzero(free), column[card[free]])
        # A choice between two month targets is legal when the card is in hand with a choice
        # and the target lies on the table; a wild card's pick tests its candidate set.
        wild = self.config.wild
        wild_card = wild.card if wild is not None and wild.from_hand else -1
        by_month = pick & (card != wild_card)
        by_wild = pick & (card == wild_card)
        self._c_pick = (np.flatnonzero(by_month), column[card[by_month]], column[target[by_month]])
        self._c_wild = (np.flatnonzero(by_wild), column[card[by_wild]], _CARD_BIT[target[by_wild]])
        self._c_take = (np.flatnonzero(takes), _CARD_BIT[target[takes]])
        self._c_teyaku = np.flatnonzero((kind == CompactActions.KIND_EXPOSE)
                                        | (kind == CompactActions.KIND_KEEP))
        self._c_koikoi = np.flatnonzero((kind == CompactActions.KIND_KOIKOI)
                                        | (kind == CompactActions.KIND_STOP))
        self._c_declare = (np.flatnonzero(declares), column[card[declares]],
                           (1 << np.maximum(lay.declared[declares], 0)).astype(np.int64))
        self._c_full = lay.full
        # Lookup tables of ``legal_list``: the compact index of each (card, target) pick, free
        # play, take, declaration and teyaku answer (−1 where the layout has none; card 48, the
        # dummy, and 64, an empty set's bit index, have none).
        to_compact = lay.to_compact
        cards = np.arange(48)
        self._l_pick = np.full((49, 49), -1, np.int64)
        self._l_pick[:48, :48] = to_compact[cards[:, None] * 49 + cards[None, :]]
        self._l_free = np.full(49, -1, np.int64)
        self._l_free[:48] = to_compact[cards * 49 + NO_CHOICE]
        self._l_take = np.full(49, -1, np.int64)
        self._l_take[:48] = to_compact[TAKE_BASE + cards]
        self._l_declare = np.full((65, NUM_SETS), -1, np.int64)
        self._l_declare[:48] = to_compact[DECLARE_BASE + cards[:, None] * NUM_SETS
                                          + np.arange(NUM_SETS)[None, :]]
        self._l_teyaku = (int(to_compact[EXPOSE_INDEX]), int(to_compact[KEEP_INDEX]))
        self._l_koikoi = (int(to_compact[KOIKOI_INDEX]), int(to_compact[STOP_INDEX]))
        # Flat, 65 per card: indexed by card·65 + the target's bit position, 64 for no target
        # (the card's play without a choice).
        pick65 = np.full((65, 65), -1, np.int64)
        pick65[:49, :49] = self._l_pick
        pick65[:49, 64] = self._l_free
        self._l_pick65: Int = pick65.reshape(-1)
        self._l_take65 = np.full(65, -1, np.int64)
        self._l_take65[:48] = self._l_take[:48]

    def legal_compact(self) -> Bool:
        """(B, k) bool over ``self.compact`` (k = ``self.compact.size``): the legal actions of
        each row (none where done).  Built from per-card quantities of the deck's cards, never
        from the 2,788-wide mask; ``legal_compact()[:, j] == legal_mask()[:, compact.full[j]]``.
        The array is a transposed (Fortran-ordered) view: index it freely, or take
        ``np.ascontiguousarray`` for row-major work."""
        # Built transposed, (k, B): each compact action's row is one contiguous gather of a
        # per-card (cards, B) array, far cheaper than column scatters into (B, k).
        b = self.batch_size
        out = np.zeros((self.compact.size, b), np.bool_)
        play = self.phase == PHASE_PLAY
        hand = np.where(play, self.hands[self._rows, self.seat], ZERO)
        deck_bits = self._deck_bits[:, None]
        in_hand = ((hand[None, :] >> deck_bits) & ONE).astype(np.bool_)
        table = self._targetable()
        targets, choose = self._play_targets(self._deck[:, None], table[None, :])
        free_j, free_col = self._c_free
        out[free_j] = (in_hand & ~choose)[free_col]
        choosing = in_hand & choose
        pick_j, pick_card, pick_target = self._c_pick
        if pick_j.size:
            on_table = ((table[None, :] >> deck_bits) & ONE).astype(np.bool_)
            out[pick_j] = choosing[pick_card] & on_table[pick_target]
        wild_j, wild_card, wild_bit = self._c_wild
        if wild_j.size:
            chosen = np.where(choosing, targets, ZERO)
            out[wild_j] = (chosen[wild_card] & wild_bit[:, None]) != 0
        take_j, take_bit = self._c_take
        if take_j.size:
            pending = np.where(self.phase == PHASE_TAKE, self.pending_targets, ZERO)
            out[take_j] = (pending[None, :] & take_bit[:, None]) != 0
        if self._c_teyaku.size:
            out[self._c_teyaku] = (self.phase == PHASE_TEYAKU)[None, :]
        if self._c_koikoi.size:
            out[self._c_koikoi] = (self.phase == PHASE_KOIKOI)[None, :]
        declare_j, declare_col, declare_bit = self._c_declare
        if declare_j.size:
            declared = self.declared[self._rows, self._side_of[self.seat]]
            open_sets = self._card_set_bits[self._deck][:, None] & ~declared[None, :]
            open_sets = np.where(in_hand, open_sets, 0)
            out[declare_j] = (open_sets[declare_col] & declare_bit[:, None]) != 0
        result: Bool = out.T
        return result

    def legal_list(self) -> Int:
        """(B, W) int64: each row's legal compact actions in ascending order, padded with −1
        (a row that is done has none).  W is the longest row of this step (at least 1; about
        20 at most in the five games).  The same moves as ``legal_compact()`` — ``legal_list()
        [r][legal_list()[r] >= 0]`` is ``np.flatnonzero(legal_compact()[r])`` — built from the
        bitmasks alone, hand card by hand card, never materialising a (B, k) or 2,788-wide
        mask: a policy scores and ``sample_list`` draws from these W entries only.

        Per row and phase (RULES.md §3, §9, §4.2, §4.3): in play, each hand card in id order
        gives its capture choices (two month targets, or a wild card's candidates, by
        target id) or its one play; then every open declaration (card, then set); in a take,
        the targets of the turned-over card; in a teyaku question, expose and keep."""
        b = self.batch_size
        play = self.phase == PHASE_PLAY
        hand = np.where(play, self.hands[self._rows, self.seat], ZERO)
        # The hand's cards in id order, (H, B): card slot by row; 64 pads shorter hands (every
        # table read below maps 64 to nothing).
        width = int(np.bitwise_count(hand).max(initial=0))
        cards = np.full((max(width, 1), b), 64, np.int64)
        rest = hand.copy()
        for i in range(width):
            lowest = rest & (~rest + ONE)
            cards[i] = np.bitwise_count(lowest - ONE)  # 64 once the hand is used up
            rest ^= lowest
        held = cards < 48
        targets, choose = self._play_targets(cards, self._targetable()[None, :])
        # A card's entries: its first target, or its one play (table column 64: no target),
        # then its other targets (RULES.md §3: a month choice has exactly two; §9: a wild card
        # from hand, at most one per hand, may have many, listed further below).
        targets = np.where(choose, targets, ZERO)
        first_target = targets & (~targets + ONE)
        later = targets ^ first_target
        plays = held + np.bitwise_count(later).astype(np.int64)
        counts = plays.sum(axis=0)
        open_sets: Int | None = None
        if self._declaring:
            open_sets = np.where(held, self._sets_open_of(cards), 0)
            declares = np.bitwise_count(open_sets).astype(np.int64)
            counts = counts + declares.sum(axis=0)
        pending = np.where(self.phase == PHASE_TAKE, self.pending_targets, ZERO)
        counts = counts + _popcount(pending)
        asking = self.phase == PHASE_TEYAKU if self._teyaku else None
        if asking is not None:
            counts = counts + 2 * asking
        deciding = self.phase == PHASE_KOIKOI if self._koikoi else None
        if deciding is not None:
            counts = counts + 2 * deciding
        size = max(int(counts.max(initial=0)), 1)
        # Built transposed, (W + 1, B), written through flat positions column·B + row (so the
        # returned (B, W) view is column-major: per-row reductions run across contiguous
        # columns); column W takes the discarded writes.
        out = np.full((size + 1, b), -1, np.int64)
        flat = out.reshape(-1)
        rows = self._rows
        trash = rows + size * b
        start = rows + b * (np.cumsum(plays, axis=0) - plays)  # each card's first slot
        card_base = cards * 65
        # The padding slots (NONE) write −1 just past the row's plays: a later entry (a
        # declaration, a take, a teyaku answer) overwrites it, or it is the row's end anyway.
        flat[start] = self._l_pick65[card_base + np.bitwise_count(first_target - ONE)]
        second = np.bitwise_count((later & (~later + ONE)) - ONE)
        flat[np.where(choose, start + b, trash)] = self._l_pick65[card_base + second]
        if self._wild_hand:
            wild = (cards == WILLOW_LIGHTNING) & (plays > 2)
            if wild.any():
                wild_rows = np.flatnonzero(wild.any(axis=0))
                slot = np.argmax(wild[:, wild_rows], axis=0)
                more = later[slot, wild_rows]
                more &= more - ONE  # the first two are listed
                self._list_bits(flat, more, start[slot, wild_rows] + 2 * b, trash[wild_rows], b,
                                self._l_pick65[65 * WILLOW_LIGHTNING : 65 * WILLOW_LIGHTNING + 65])
        if open_sets is not None:
            first = rows + b * (plays.sum(axis=0) + np.cumsum(declares, axis=0) - declares)
            left_sets = open_sets
            for j in range(int(declares.max(initial=0))):
                lowest_set = left_sets & -left_sets
                which = np.minimum(np.bitwise_count(lowest_set - 1), NUM_SETS - 1).astype(np.int64)
                flat[np.where(lowest_set != 0, first + j * b, trash)] = self._l_declare[cards, which]
                left_sets = left_sets ^ lowest_set
        taking = np.flatnonzero(pending)
        if taking.size:
            self._list_bits(flat, pending[taking], taking, trash[taking], b, self._l_take65)
        if asking is not None and asking.any():
            ask = np.flatnonzero(asking)
            out[0, ask], out[1, ask] = self._l_teyaku
        if deciding is not None and deciding.any():
            decide = np.flatnonzero(deciding)
            out[0, decide], out[1, decide] = self._l_koikoi
        result: Int = out[:size].T
        return result

    @staticmethod
    def _list_bits(flat: Int, bits: Mask, first: Int, trash: Int, stride: int, index_of: Int
                   ) -> None:
        """Write ``index_of[card]`` for every card of ``bits[i]``, in id order, at flat
        positions ``first[i]``, ``first[i] + stride``, … (``legal_list``; ``index_of`` is
        indexed by the bit's position, 64 meaning none)."""
        left = bits
        for j in range(int(np.bitwise_count(bits).max(initial=0))):
            lowest = left & (~left + ONE)
            flat[np.where(lowest != 0, first + j * stride, trash)] = index_of[
                np.bitwise_count(lowest - ONE)]
            left = left ^ lowest

    def gather(self, values: npt.ArrayLike, legal: Int) -> npt.NDArray[Any]:
        """``values[r, legal[r, j]]`` as a (B, W) array (padding reads an arbitrary entry): a (B, k)
        array of per-action values (logits, Q) read at the listed moves only."""
        array = np.asarray(values)
        k = self.compact.size
        if array.shape != (self.batch_size, k):
            raise ValueError(f"values must have shape {(self.batch_size, k)}, not {array.shape}")
        # Padding (−1) reads the previous flat entry (the last one for row 0): any value will do.
        result: npt.NDArray[Any] = array.reshape(-1)[self._row_offsets[:, None] + legal]
        return result

    def sample_list(
        self,
        rng: np.random.Generator,
        legal: Int | None = None,
        scores: npt.ArrayLike | None = None,
    ) -> Int:
        """A legal compact action per row from a ``legal_list()`` (B, W): from
        ``softmax(scores)`` when ``scores`` (B, W), aligned with the list, are given (entries
        at −1 padding are ignored), uniformly otherwise; 0 where the round is over.  Draws
        ``B`` uniforms from ``rng``."""
        legal = self.legal_list() if legal is None else legal
        valid = legal >= 0
        count = valid.sum(axis=1)
        if scores is None:  # the legal moves are a prefix of each row: index it directly
            pick = np.minimum((rng.random(self.batch_size) * count).astype(np.int64),
                              np.maximum(count - 1, 0))
            uniform: Int = np.where(count > 0, legal[self._rows, pick], 0)
            return uniform
        # float32: NumPy's vectorised exp is an order of magnitude faster than float64's.
        z = np.asarray(scores, dtype=np.float32)
        if z.shape != legal.shape:
            raise ValueError(f"scores must have the list's shape {legal.shape}, not {z.shape}")
        z = np.where(valid, z, np.float32(-np.inf))
        top = np.where(count > 0, z.max(axis=1), np.float32(0))
        weights = np.exp(z - top[:, None])  # the padding weighs exp(−inf) = 0
        u = rng.random(self.batch_size) * weights.sum(axis=1)
        # Inverse CDF: how many running sums stay at or below u (column by column: a per-row
        # cumsum is slow on short rows, and NumPy accumulates slowly along the other axis).
        running = np.zeros(self.batch_size, np.float32)
        index = np.zeros(self.batch_size, np.int64)
        for j in range(weights.shape[1]):
            running += weights[:, j]
            index += running <= u
        index = np.minimum(index, count - 1)
        choice: Int = np.where(count > 0, legal[self._rows, np.maximum(index, 0)], 0)
        return choice

    def sample_compact(
        self,
        rng: np.random.Generator,
        logits: npt.ArrayLike | None = None,
        mask: Bool | None = None,
    ) -> Int:
        """A legal compact action per row, vectorised over the (B, k) compact mask (never the
        2,788-wide one): from ``softmax(logits)`` restricted to the legal actions when
        ``logits`` (B, k) are given, uniformly among the legal actions otherwise; 0 where the
        round is over.  ``mask`` reuses a ``legal_compact()`` the caller already has; without
        it the draw runs on ``legal_list()`` (gathering only the ~20 legal logits per row at most),
        which is faster.  Both draw the same move for the same ``rng`` state (but for float32
        rounding at the edge between two moves, with logits)."""
        if mask is None:
            listed = self.legal_list()
            if logits is None:
                return self.sample_list(rng, listed)
            z = np.asarray(logits, dtype=np.float64)
            if z.shape != (self.batch_size, self.compact.size):
                raise ValueError(f"logits must have shape {(self.batch_size, self.compact.size)}, "
                                 f"not {z.shape}")
            return self.sample_list(rng, listed, self.gather(z, listed))
        legal = mask
        rows, cols = np.nonzero(legal)  # ~20 per row at most: work on the legal entries only
        if logits is None:
            weights = np.ones(rows.size)
        else:
            z = np.asarray(logits, dtype=np.float64)
            if z.shape != legal.shape:
                raise ValueError(f"logits must have shape {legal.shape}, not {z.shape}")
            picked = z[rows, cols]
            top = np.full(self.batch_size, -np.inf)
            np.maximum.at(top, rows, picked)
            weights = np.exp(picked - top[rows])
        cumulative = np.cumsum(weights)
        total = np.bincount(rows, weights, minlength=self.batch_size)
        before = np.cumsum(total) - total  # the cumulative weight of earlier rows
        u = before + rng.random(self.batch_size) * total
        where = np.minimum(np.searchsorted(cumulative, u, side="right"), max(rows.size - 1, 0))
        choice: Int = np.where(total > 0, cols[where] if rows.size else 0, 0)
        return choice

    def step_compact(
        self, actions: npt.ArrayLike, *, check: bool = False, rows: npt.ArrayLike | None = None
    ) -> None:
        """``step`` with compact actions (indices into ``self.compact``); same contract."""
        a = np.asarray(actions, dtype=np.int64)
        if a.shape != (self.batch_size,):
            raise ValueError(f"step needs one action per row, shape ({self.batch_size},)")
        inside = (a >= 0) & (a < self.compact.size)
        active = self.running(rows)
        if check:
            legal = self.legal_compact()[self._rows, np.where(inside, a, 0)] & inside
            bad = np.flatnonzero(~legal & active)
            if bad.size:
                shown = ", ".join(f"row {r}: {a[r]}" for r in bad[:5])
                raise ValueError(f"illegal compact actions ({bad.size} rows) — {shown}")
        self.step(self._c_full[np.where(inside, a, 0)], rows=rows)

    def sample_actions(self, rng: np.random.Generator) -> Int:
        """A random legal action per row: a card uniformly from the hand, then one of its
        moves uniformly (its capture choices, or the one play, and its declarations); a
        ``take`` target or a teyaku answer uniformly; 0 where the round is over."""
        rows = self._rows
        hand = np.where(self.phase == PHASE_PLAY, self.hands[rows, self.seat], ZERO)
        u = rng.random((2, self.batch_size))
        k = (u[0] * _popcount(hand)).astype(np.int64)
        card = _bit_index(_kth_bit(hand, k))
        targets, choose = self._play_targets(card, self._targetable())
        take = self.phase == PHASE_TAKE
        targets = np.where(take, self.pending_targets, np.where(choose, targets, ZERO))
        options = np.maximum(_popcount(targets), 1)
        declare_bits: Mask = np.zeros(self.batch_size, U64)
        if self._declaring:
            open_sets = np.where(take, 0, self._sets_open(card)).astype(U64)
            declare_bits = open_sets
            options = options + _popcount(open_sets)
        r = (u[1] * options).astype(np.int64)
        pick = _bit_index(_kth_bit(targets, np.minimum(r, np.maximum(_popcount(targets) - 1, 0))))
        actions: Int = np.where(take, TAKE_BASE + pick, card * 49 + pick)
        if self._declaring:
            plays = np.maximum(_popcount(targets), 1)
            which = np.maximum(r - plays, 0)
            declared_set = _bit_index(_kth_bit(declare_bits, which))
            actions = np.where(r >= plays, DECLARE_BASE + card * NUM_SETS + declared_set, actions)
        if self._teyaku:
            answer = np.where(u[0] < 0.5, EXPOSE_INDEX, KEEP_INDEX)
            actions = np.where(self.phase == PHASE_TEYAKU, answer, actions)
        if self._koikoi:
            answer = np.where(u[0] < 0.5, KOIKOI_INDEX, STOP_INDEX)
            actions = np.where(self.phase == PHASE_KOIKOI, answer, actions)
        return np.where(self.done, 0, actions)

    # -- the state machine -------------------------------------------------------------------

    def _capture(self, seats: Int, cards: Mask, keep: Mask | None = None) -> None:
        """Cards into the seat's side pile; rubbish (not ``keep``) to the discard (RULES.md §4.4)."""
        if not cards.any():
            return
        if self._rubbish:
            junk = cards & self._rubbish
            if keep is not None:
                junk &= ~keep
            self.discard |= junk
            cards = cards & ~junk
        self.captures[self._rows, self._side_of[seats]] |= cards

    def _wild_taken(self, rows: Bool, taken: Mask) -> None:
        """Bookkeeping of a wild capture: its side and the month of the card it took."""
        self.wild_side = np.where(rows, self._side_of[self.seat], self.wild_side)
        self.wild_month = np.where(rows, _MONTH[_bit_index(taken)], self.wild_month)

    def step(
        self, actions: npt.ArrayLike, *, check: bool = False, rows: npt.ArrayLike | None = None
    ) -> None:
        """Apply one action per row.  Unchecked by default, like ``Round.apply``: an illegal
        action corrupts its row; ``check=True`` raises ``ValueError`` naming the rows whose
        action is not legal (at the cost of a ``legal_mask``).

        Rows that are done ignore theirs, and so do rows outside ``rows`` (a bool mask, or
        indices) when it is given: they are neither read nor changed.  Everything up to the
        next decision runs here."""
        a = np.asarray(actions, dtype=np.int64)
        if a.shape != (self.batch_size,):
            raise ValueError(f"step needs one action per row, shape ({self.batch_size},)")
        active = self.running(rows)
        if check:
            inside = (a >= 0) & (a < NUM_ACTIONS)
            legal = self.legal_mask()[self._rows, np.where(inside, a, 0)] & inside
            bad = np.flatnonzero(~legal & active)
            if bad.size:
                shown = ", ".join(f"row {r}: {a[r]}" for r in bad[:5])
                raise ValueError(f"illegal batch actions ({bad.size} rows) — {shown}")
        index = self._rows
        seat = self.seat
        take = (self.phase == PHASE_TAKE) & active
        play = (self.phase == PHASE_PLAY) & active
        deciding = (self.phase == PHASE_KOIKOI) & active if self._koikoi else None
        self.decisions += active
        advance = take.copy()
        if self._teyaku:
            self._teyaku_answer((self.phase == PHASE_TEYAKU) & active, a == EXPOSE_INDEX)
        if take.any():
            target_bit = _CARD_BIT[np.where(take, a - TAKE_BASE, NONE)]
            wild = take & self.pending_wild
            self._take_from_table(target_bit)
            self._capture(
                seat,
                _CARD_BIT[np.where(take, self.pending, NONE)] | target_bit,
                np.where(wild, target_bit, ZERO),
            )
            if self._wild_stock:
                self._wild_taken(wild, target_bit)
                self.lightning_user = np.where(wild, seat, self.lightning_user)
            self.pending = np.where(take, NONE, self.pending)
            self.pending_targets = np.where(take, ZERO, self.pending_targets)
            self.pending_wild &= ~take
            self.phase = np.where(take, np.int8(PHASE_PLAY), self.phase)
        if play.any():
            declare = play & (a >= DECLARE_BASE) if self._declaring else None
            card = np.where(play, a // 49, NONE)
            if declare is not None:
                card = np.where(declare, (a - DECLARE_BASE) // NUM_SETS, card)
            bit = _CARD_BIT[card]
            self.hands[index, seat] &= ~bit
            if self._teyaku:
                self.exposed[index, seat] &= ~bit
            field = self.field.copy() if self._hand_takes_field else self.field  # before the play
            targets, choose = self._play_targets(card, self._targetable())
            if declare is not None:
                # RULES.md §4.3: a declaration play goes onto the field and captures nothing.
                targets = np.where(declare, ZERO, targets)
                choose &= ~declare
                side = self._side_of[seat]
                set_bit = np.where(declare, 1 << ((a - DECLARE_BASE) % NUM_SETS), 0)
                self.declared[index, side] |= set_bit
            taken = np.where(choose, _CARD_BIT[np.where(play, a % 49, NONE)], targets)
            stay = targets == 0
            self._take_from_table(taken)
            self.field |= np.where(stay, bit, ZERO)
            if self._wild_hand:
                wild = card == WILLOW_LIGHTNING
                self._capture(seat, np.where(stay, ZERO, bit | taken), np.where(wild, taken, ZERO))
                self._wild_taken(wild & ~stay, taken)
                self.lightning_user = np.where(wild, seat, self.lightning_user)
            else:
                self._capture(seat, np.where(stay, ZERO, bit | taken))
            if self._hand_takes_field:
                takes = self._takes_field_lightning(card, field)
                self.lightning_user = np.where(takes, seat, self.lightning_user)
            hand_pair = None
            if self.config.ppeok:
                # Min-Hwatu ppeok (RULES.md §3): a pair made of the month's only field card.
                single = (np.bitwise_count(taken) == 1) & ~stay
                alone = (self.field & self._match[card]) == 0
                hand_pair = np.where(single & alone, bit | taken, ZERO)
            pending = self._flip(play, hand_pair)
            advance |= play & ~pending
        self._advance(advance)
        if deciding is not None and deciding.any():
            self._koikoi_decision(deciding, a == KOIKOI_INDEX)

    def _flip(self, rows: Bool, hand_pair: Mask | None = None) -> Bool:
        """Turn over the top stock card in ``rows`` and resolve it; returns rows now choosing."""
        size = self.stock_size
        has = rows & (self.stock_pos < size)
        if size == 0 or not has.any():
            return np.zeros(self.batch_size, np.bool_)
        seat = self.seat
        card = np.where(has, self.stock[self._rows, np.minimum(self.stock_pos, size - 1)], NONE)
        self.stock_pos = self.stock_pos + has
        bit = _CARD_BIT[card]
        normal = has
        pending = np.zeros(self.batch_size, np.bool_)
        wild = card == WILLOW_LIGHTNING
        if self._wild_stock and wild.any():  # a rare branch: skip it on most steps
            normal = has & ~wild
            self.lightning_user = np.where(wild, seat, self.lightning_user)
            if self._last_takes_all:
                # Mushi: the lightning as the last stock card takes itself and the whole field.
                last = wild & (self.stock_pos == size)
                self._capture(seat, np.where(last, self.field | bit, ZERO))
                self.field = np.where(last, ZERO, self.field)
                wild &= ~last
            candidates = self.field & ~self._excluded
            count = np.bitwise_count(candidates)
            self.field |= np.where(wild & (count == 0), bit, ZERO)
            one = wild & (count == 1)
            taken = np.where(one, candidates, ZERO)
            self.field &= ~taken
            self._capture(seat, np.where(one, bit | taken, ZERO), taken)
            self._wild_taken(one, taken)
            choose = wild & (count >= 2)
            self.pending = np.where(choose, card, self.pending)
            self.pending_targets = np.where(choose, candidates, self.pending_targets)
            self.pending_wild |= choose
            pending |= choose
        takes = normal & ((self.field & _LIGHTNING_BIT) != 0) if self._field_rule else None
        if takes is not None and takes.any():
            # Mushi: a non-willow stock card takes the lightning lying on the field.
            takes &= _MONTH[card] != 11
            self.field &= ~np.where(takes, _LIGHTNING_BIT, ZERO)
            self._capture(seat, np.where(takes, bit | _LIGHTNING_BIT, ZERO))
            self.lightning_user = np.where(takes, seat, self.lightning_user)
            normal &= ~takes
        if hand_pair is not None:
            # Min-Hwatu ppeok: the pair and this card stay stacked on the field.
            ppeok = normal & ((_MONTH_MASK[_MONTH[card]] & hand_pair) != 0)
            if ppeok.any():
                stack = np.where(ppeok, hand_pair, ZERO)
                self.captures[self._rows, self._side_of[seat]] &= ~stack
                self.field |= stack | np.where(ppeok, bit, ZERO)
                normal &= ~ppeok
        targets = np.where(normal, self._targetable() & self._match[card], ZERO)
        count = np.bitwise_count(targets)
        two = normal & (count == 2)
        self.field |= np.where(normal & (count == 0), bit, ZERO)
        taken = np.where(two, ZERO, targets)
        self._take_from_table(taken)
        self._capture(seat, np.where(taken != 0, bit | taken, ZERO))
        self.pending = np.where(two, card, self.pending)
        self.pending_targets = np.where(two, targets, self.pending_targets)
        pending |= two
        self.phase = np.where(pending, np.int8(PHASE_TAKE), self.phase)
        return pending

    def _teyaku_answer(self, rows: Bool, expose: Bool) -> None:
        """RULES.md §4.2: expose every chaff of the hand (paid ``Game.teyaku_value``) or keep them hidden;
        then the next asked player, or the first turn."""
        if not rows.any():
            return
        index = self._rows
        seat = self.seat
        expose = rows & expose
        chaff = self.hands[index, seat] & self._chaff
        self.exposed[index, seat] = np.where(expose, chaff, self.exposed[index, seat])
        value = self._teyaku_values[np.bitwise_count(chaff)]
        self.teyaku[index, seat] = np.where(expose, value, self.teyaku[index, seat])
        asking = np.flatnonzero(rows)
        self.asked[asking, np.argmax(self.asked[asking], axis=1)] = False
        more = rows & self.asked.any(axis=1)
        following = self.order[index, np.argmax(self.asked, axis=1)]
        self.seat = np.where(more, following, self.seat)
        start = rows & ~more
        self.phase = np.where(start, np.int8(PHASE_PLAY), self.phase)
        self.turn = np.where(start, 0, self.turn)
        self.seat = np.where(start, self.order[:, 0], self.seat)

    def _advance(self, rows: Bool) -> None:
        """End the turn in ``rows``: Koi-Koi's offer, then the next turn (§3)."""
        if self._koikoi and rows.any():
            rows = rows & ~self._koikoi_offer(rows)
        self._next_turn(rows)

    def _koikoi_offer(self, rows: Bool) -> Bool:
        """Koi-Koi (``Round._koikoi_offer``): in ``rows``, the side that just played keeps its
        yaku's new worth; where one grew, the seat decides (phase ``koikoi``), or on the last
        turn the yaku scores at once.  Returns the rows where a yaku grew."""
        index = self._rows
        side = self._side_of[self.seat]
        old = self.yaku_level[index, side]
        level = self.config.game.batch_yaku_levels(self.config, self.captures[index, side])
        self.yaku_level[index, side] = np.where(rows[:, None], level, old)
        grew: Bool = rows & (level > old).any(axis=1)
        left = self.hands.any(axis=1)
        self.phase = np.where(grew & left, np.int8(PHASE_KOIKOI), self.phase)
        last = grew & ~left
        if last.any():
            self.stopped = np.where(last, side, self.stopped)
            self._finish(last)
        return grew

    def _koikoi_decision(self, rows: Bool, go_on: Bool) -> None:
        """Koi-Koi (``Round._koikoi_decision``): ``koikoi`` counts the call and play goes on;
        ``stop`` ends the round and scores it."""
        side = self._side_of[self.seat]
        go = rows & go_on
        self.koikoi_calls[self._rows, side] += go.astype(np.int64)
        self.phase = np.where(go, np.int8(PHASE_PLAY), self.phase)
        stop = rows & ~go_on
        if stop.any():
            self.stopped = np.where(stop, side, self.stopped)
            self._finish(stop)
        self._next_turn(go)

    def _next_turn(self, rows: Bool) -> None:
        """The next seat in order, draw-only turns, round end (§3), in ``rows``."""
        n = self.players
        rows = rows.copy()
        while rows.any():
            over = rows & ~self.hands.any(axis=1)
            if self._draw_only:
                over &= self.stock_pos >= self.stock_size
            if over.any():
                self._finish(over)
                rows &= ~over
            self.turn = np.where(rows, (self.turn + 1) % n, self.turn)
            self.seat = np.where(rows, self.order[self._rows, self.turn], self.seat)
            rows &= self.hands[self._rows, self.seat] == 0
            if self._draw_only and rows.any():
                rows &= ~self._flip(rows & (self.stock_pos < self.stock_size))

    def _finish(self, rows: Bool) -> None:
        """Round-end collection of a used wild card's leftovers (RULES.md §9), then scoring."""
        if self._leftovers == "month":
            owner = rows & (self.wild_side >= 0)
            left = np.where(owner, self.field & _MONTH_MASK[self.wild_month], ZERO)
            self.field &= ~left
            self._capture(self._seat_of_side[np.maximum(self.wild_side, 0)], left)
        elif self._leftovers == "mushi":
            user = np.where(self.lightning_user >= 0, self._side_of[self.lightning_user], -1)
            holder = user.copy()
            for side in range(self.num_sides):
                two = np.bitwise_count(self.captures[:, side] & _NATURAL) >= 2
                holder = np.where(two, side, holder)
            willows = np.where(rows & (holder >= 0), self.field & _NATURAL, ZERO)
            others = np.where(rows & (user >= 0), self.field & ~_NATURAL, ZERO)
            self.field &= ~(willows | others)
            for side in range(self.num_sides):
                self.captures[:, side] |= np.where(holder == side, willows, ZERO)
                self.captures[:, side] |= np.where(user == side, others, ZERO)
        self._score(rows)
        self.phase = np.where(rows, np.int8(PHASE_OVER), self.phase)

    def _score(self, rows: Bool) -> None:
        """Card points and held yaku here; the game's formula is its ``Game.score_batch``
        (RULES.md §4), run on the rows that end only (Koi-Koi ends rounds on most steps)."""
        index = np.flatnonzero(rows)
        if index.size == 0:
            return
        caps = self.captures[index]
        points = np.zeros(caps.shape, np.int64)
        for k in range(6):
            byte = ((caps >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)
            points += self._value_bytes[k][byte]
        held: dict[str, Bool] = {}
        for yaku_id, mask, min_count, count_mask, extra_mask in self._yaku:
            if min_count:
                count = np.bitwise_count(caps & count_mask) + np.bitwise_count(caps & extra_mask)
                held[yaku_id] = count >= min_count
            else:
                held[yaku_id] = (caps & mask) == mask
        paid = np.zeros(caps.shape, np.int64)
        if self._teyaku:
            for seat in range(self.players):
                paid[:, self._side_of[seat]] += self.teyaku[index, seat]
        facts = BatchFacts(
            points=points,
            held=held,
            captures=caps,
            declared=self.declared[index],
            teyaku=paid,
            dealer_side=self._side_of[self.dealer[index]],
            side_index=np.arange(self.num_sides, dtype=np.int64),
            stopped=self.stopped[index],
            koikoi=self.koikoi_calls[index],
            at_deal=self.won_at_deal[index],
        )
        result = self.config.game.score_batch(self.config, facts)
        self.card_points[index] = points
        self.yaku_points[index] = result.yaku
        self._scores[index] = result.scores
