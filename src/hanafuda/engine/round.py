"""One round of any of the five games: the generic fishing-game state machine (RULES.md §2–§4, §9).

The state is a handful of ints (card sets as bitmasks) and small lists, so
``copy()`` is cheap.  Decisions: teyaku (``expose``/``keep``), a play from hand
(with its capture choice or declaration), and the choice after a turned-over
card (``take``).  Everything else — turning over the stock, draw-only turns,
round-end collection, scoring — happens automatically inside ``apply``, so a
running round always rests at a decision.

``apply(action)`` is the fast, unchecked path; ``play(text)`` checks legality and
raises ``MalformedMoveError`` or ``IllegalMoveError`` (both ``MoveError``) naming the position and
the legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum, StrEnum

from ..cards import CHAFF, MONTH_MASKS, MONTHS, NATURAL_WILLOWS
from ..rules.base import Config, RoundFacts, RoundScore
from .moves import (
    CARD_BITS,
    CARD_SHIFT,
    EXPOSE,
    EXPOSE_ACTION,
    KEEP_ACTION,
    KIND_BITS,
    KIND_HIGH_BIT,
    KOIKOI,
    KOIKOI_ACTION,
    NO_SET,
    NO_TARGET,
    PLAY,
    SET_BITS,
    SET_SHIFT,
    STOP_ACTION,
    TAKE,
    TARGET_SHIFT,
    IllegalMoveError,
    MalformedMoveError,
    MoveError,
    format_action,
    make_play,
    make_take,
    move_kind,
    parse_action,
    split_seat_prefix,
)

__all__ = [
    "EV_COLLECT",
    "EV_DEALER",
    "EV_DECLARE",
    "EV_EXPOSE",
    "EV_FLIP",
    "EV_HAND_YAKU",
    "EV_KEEP",
    "EV_KOIKOI",
    "EV_PLAY",
    "EV_PPEOK",
    "EV_STOP",
    "EV_TAKE",
    "PHASE_KOIKOI",
    "PHASE_NAMES",
    "PHASE_OVER",
    "PHASE_PLAY",
    "PHASE_TAKE",
    "PHASE_TEYAKU",
    "Event",
    "EventKind",
    "Phase",
    "PlayResolution",
    "Round",
]


class Phase(IntEnum):
    """Where a round stands (``Round.phase``): the sort of decision pending, or over."""

    TEYAKU = 0  # a seat answers the teyaku offer (RULES.md §4.2)
    PLAY = 1  # a seat plays a card from hand (RULES.md §3)
    TAKE = 2  # a seat chooses what the turned-over card takes (RULES.md §3)
    OVER = 3  # the round is scored
    KOIKOI = 4  # Koi-Koi: the seat that completed or raised a yaku says koikoi or stop

    @property
    def word(self) -> str:
        """The phase's name in views and error messages (``teyaku``, ``play``, ``take``, ``over``,
        ``koikoi``)."""
        return self.name.lower()


PHASE_TEYAKU = Phase.TEYAKU
PHASE_PLAY = Phase.PLAY
PHASE_TAKE = Phase.TAKE
PHASE_OVER = Phase.OVER
PHASE_KOIKOI = Phase.KOIKOI
PHASE_NAMES = tuple(phase.word for phase in Phase)
"""``("teyaku", "play", "take", "over", "koikoi")``, indexed by phase."""


class PlayResolution(IntEnum):
    """How a card played from hand resolves (``Round.hand_options``, ``Round.resolve_play``)."""

    STAY = 0  # no match: the card stays on the field (RULES.md §3)
    DECLARE = 1  # played onto the field to declare a set (Kwa-Dō, RULES.md §4.3)
    WILD = 2  # the wild card takes a chosen field card (RULES.md §4.3–§4.5)
    FIELD_LIGHTNING = 3  # a non-willow hand card takes the field lightning (Mushi option, §4.5)
    MONTH = 4  # captures by month (RULES.md §3)


HOW_STAY = PlayResolution.STAY
HOW_DECLARE = PlayResolution.DECLARE
HOW_WILD = PlayResolution.WILD
HOW_FIELD_LIGHTNING = PlayResolution.FIELD_LIGHTNING
HOW_MONTH = PlayResolution.MONTH


class EventKind(StrEnum):
    """The kind of a public history event ``(kind, seat, card, captured mask)``.

    Members equal (and print as) their strings, so ``event[0] == "play"`` keeps working.
    """

    PLAY = "play"  # seat played card from hand; captured = cards taken (0: stays on field)
    FLIP = "flip"  # seat turned card over; captured = cards taken (0: stays or pending)
    TAKE = "take"  # seat chose what the turned-over card takes
    DECLARE = "declare"  # seat played card with a declaration (mask = set index)
    EXPOSE = "expose"  # seat exposed teyaku; captured = exposed cards
    KEEP = "keep"  # seat kept teyaku hidden (private to that seat in views)
    PPEOK = "ppeok"  # the pair just made and the turned-over card stay stacked on the field
    DEALER_CAPTURES = "dealer-captures"  # dealer captured four of a month dealt to the field
    COLLECT = "collect"  # round-end collection of leftovers by a side (seat = side)
    KOIKOI = "koikoi"  # seat called koi-koi after completing or raising a yaku: play goes on
    STOP = "stop"  # seat stopped: the round ends and is scored (Koi-Koi)
    HAND_YAKU = "hand-yaku"  # seat won at the deal with teshi or kuttsuki (its hand stays hidden)

    def __repr__(self) -> str:
        return repr(self.value)


EV_PLAY = EventKind.PLAY
EV_FLIP = EventKind.FLIP
EV_TAKE = EventKind.TAKE
EV_DECLARE = EventKind.DECLARE
EV_EXPOSE = EventKind.EXPOSE
EV_KEEP = EventKind.KEEP
EV_PPEOK = EventKind.PPEOK
EV_DEALER = EventKind.DEALER_CAPTURES
EV_COLLECT = EventKind.COLLECT
EV_KOIKOI = EventKind.KOIKOI
EV_STOP = EventKind.STOP
EV_HAND_YAKU = EventKind.HAND_YAKU

Event = tuple[EventKind, int, int, int]

_PLAY_PLAIN = tuple(make_play(card) for card in range(48))
"""``play card`` with nothing to choose, by card."""
_PLAY_BASE = tuple(make_play(card, 0) for card in range(48))
"""``play card take target`` is ``_PLAY_BASE[card] | target << TARGET_SHIFT``."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Round:
    """The state of one round. Create with ``Round(config, dealer, hands, field, stock)``.

    ``hands`` are bitmasks by seat, ``field`` a bitmask, ``stock`` card ids with the
    first card to be turned over first.  The deal is assumed valid (see ``deal.py``).
    """

    __slots__ = (
        "config",
        "dealer",
        "order",
        "hands",
        "exposed",
        "field",
        "stock",
        "stock_pos",
        "captures",
        "discard",
        "phase",
        "turn",
        "seat",
        "pending",
        "pending_targets",
        "pending_wild",
        "hand_pair",
        "wild_side",
        "wild_month",
        "lightning_user",
        "declared",
        "teyaku",
        "teyaku_queue",
        "events",
        "moves",
        "result",
        "koikoi_calls",
        "yaku_level",
        "stopped",
        "dealt",
        "won_at_deal",
        "__weakref__",
    )

    config: Config
    dealer: int
    order: tuple[int, ...]
    hands: list[int]
    exposed: list[int]
    field: int
    stock: tuple[int, ...]
    stock_pos: int
    captures: list[int]
    discard: int
    phase: int
    turn: int
    seat: int
    pending: int
    pending_targets: int
    pending_wild: bool
    hand_pair: int
    wild_side: int
    wild_month: int
    lightning_user: int
    declared: list[int]
    teyaku: list[int]
    teyaku_queue: list[int]
    events: list[Event]
    moves: list[int]
    result: RoundScore | None
    koikoi_calls: list[int]
    yaku_level: list[tuple[int, ...]]
    stopped: int
    dealt: tuple[int, ...]
    won_at_deal: bool

    def __init__(
        self,
        config: Config,
        dealer: int,
        hands: Sequence[int],
        field: int,
        stock: Sequence[int],
    ) -> None:
        n = config.players
        game = config.game
        self.config = config
        self.dealer = dealer
        start = game.first_offset
        self.order = tuple((dealer + game.direction * (start + i)) % n for i in range(n))
        self.hands = list(hands)
        self.exposed = [0] * n
        self.field = field
        self.stock = tuple(stock)
        self.stock_pos = 0
        self.captures = [0] * config.num_sides
        self.discard = 0
        self.pending = -1
        self.pending_targets = 0
        self.pending_wild = False
        self.hand_pair = 0
        self.wild_side = -1
        self.wild_month = 0
        self.lightning_user = -1
        self.declared = [0] * config.num_sides
        self.teyaku = [0] * n
        self.events = []
        self.moves = []
        self.result = None
        self.koikoi_calls = [0] * config.num_sides
        self.stopped = -1
        self.dealt = tuple(hands)
        self.won_at_deal = False
        self.turn = 0
        self.seat = self.order[0]
        if any(m.then == "dealer-captures" for m in config.misdeals):
            self._dealer_captures_fours()
        self.teyaku_queue = []
        if config.teyaku:
            chaff = config.chaff
            values = config.teyaku_values
            self.teyaku_queue = [s for s in self.order if values[(self.hands[s] & chaff).bit_count()]]
        if self.teyaku_queue:
            self.phase = PHASE_TEYAKU
            self.seat = self.teyaku_queue[0]
        else:
            self.phase = PHASE_PLAY
        self.yaku_level = []
        if config.koikoi:
            self._koikoi_start()

    def _koikoi_start(self) -> None:
        """Koi-Koi: each side's yaku as dealt, and a win at the deal (teshi, kuttsuki)."""
        cfg = self.config
        self.yaku_level = [cfg.game.yaku_points(cfg, cap) for cap in self.captures]
        winner = cfg.game.deal_winner(cfg, self.hands, self.order)
        if winner >= 0:
            self.stopped = cfg.side_of[winner]
            self.won_at_deal = True
            self.events.append((EV_HAND_YAKU, winner, -1, 0))
            self._finish()

    def _dealer_captures_fours(self) -> None:
        """``four_on_field: dealer-captures``: the dealer captures each dealt four, a month at a
        time (RULES.md §2; the ``dealer-captures`` misdeals of ``Config.misdeals``)."""
        for misdeal in self.config.misdeals:
            if misdeal.then != "dealer-captures":
                continue
            for month in range(1, 13):
                four = misdeal.cards(self.field) & MONTH_MASKS[month]
                if four:
                    self.field &= ~four
                    self._capture(self.dealer, four)
                    self.events.append((EV_DEALER, self.dealer, -1, four))

    # -- copying -------------------------------------------------------------------------------

    def copy(self) -> Round:
        """A cheap independent copy (for search)."""
        other = Round.__new__(Round)
        for name in _STATE_SLOTS:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.exposed = self.exposed[:]
        other.captures = self.captures[:]
        other.declared = self.declared[:]
        other.teyaku = self.teyaku[:]
        other.teyaku_queue = self.teyaku_queue[:]
        other.koikoi_calls = self.koikoi_calls[:]
        other.yaku_level = self.yaku_level[:]
        other.events = self.events[:]
        other.moves = self.moves[:]
        return other

    # -- queries -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def to_move(self) -> int | None:
        """The seat whose decision is pending, or None when the round is over."""
        return None if self.phase == PHASE_OVER else self.seat

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def legal_actions(self) -> list[int]:
        """Legal actions (ints) in the pending decision; empty when the round is over."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return self._play_actions()
        if phase == PHASE_TAKE:
            return [make_take(t) for t in _bits(self.pending_targets)]
        if phase == PHASE_TEYAKU:
            return [EXPOSE_ACTION, KEEP_ACTION]
        if phase == PHASE_KOIKOI:
            return [KOIKOI_ACTION, STOP_ACTION]
        return []

    def legal_moves(self) -> list[str]:
        """Legal moves as canonical strings, sorted by plain string order (RULES.md §7, §9)."""
        cfg = self.config
        return sorted(format_action(a, cfg) for a in self.legal_actions())

    def _others_exposed(self, seat: int) -> int:
        mask = 0
        for other, cards in enumerate(self.exposed):
            if other != seat:
                mask |= cards
        return mask

    def _play_actions(self) -> list[int]:
        """Every play from the hand of the seat to move (RULES.md §3, §4, §9).

        A card that can only capture by month is worked out inline from the
        precomputed month masks; the wild card, and every card while a field rule
        may apply, go through ``hand_options``.
        """
        cfg = self.config
        seat = self.seat
        hand = self.hands[seat]
        wild = cfg.wild
        special = 0
        if wild is not None:
            if wild.from_hand:
                special = 1 << wild.card
            if wild.field_rule and wild.hand_takes_field and self.field >> wild.card & 1:
                special = hand
        targetable = self.field | self._others_exposed(seat) if cfg.teyaku else self.field
        month_masks = cfg.match_masks
        card_sets = cfg.card_sets if cfg.declarable else None
        declared = self.declared[cfg.side_of[seat]]
        out: list[int] = []
        while hand:
            low = hand & -hand
            hand ^= low
            card = low.bit_length() - 1
            if low & special:
                _, cards, choose = self.hand_options(seat, card)
            else:
                cards = targetable & month_masks[card]
                choose = cards.bit_count() == 2
            if choose:
                base = _PLAY_BASE[card]
                while cards:
                    target = cards & -cards
                    cards ^= target
                    out.append(base | (target.bit_length() - 1) << TARGET_SHIFT)
            else:
                out.append(_PLAY_PLAIN[card])
            if card_sets is not None:
                for index in card_sets[card]:
                    if not declared >> index & 1:
                        out.append(make_play(card, NO_TARGET, index))
        return out

    # -- checked play --------------------------------------------------------------------------

    def parse(self, text: str, where_prefix: str = "") -> int:
        """The action for a move string if it is legal here.

        ``MalformedMoveError`` if the text is not a move (RULES.md §7), ``IllegalMoveError`` if
        it is not legal here; a seat prefix (``"2: play …"``) must name the seat to move (§9).
        """
        seat, body = split_seat_prefix(text)
        try:
            action = parse_action(body, self.config)
        except ValueError as exc:
            legal: list[str] | None = [] if self.phase == PHASE_OVER else None
            raise self._illegal(f"{exc}:", text, where_prefix, legal, MalformedMoveError) from None
        if self.phase == PHASE_OVER:
            raise self._illegal("the round is over; no move is possible:", text, where_prefix, [])
        if seat is not None and seat != self.seat:
            raise self._illegal(f"seat {seat} is not to move (seat {self.seat} is):", text,
                                where_prefix)
        if action in self.legal_actions():
            return action
        raise self._illegal("illegal move", text, where_prefix)

    def _illegal(self, reason: str, text: str, where_prefix: str,
                 legal: list[str] | None = None,
                 kind: type[MoveError] = IllegalMoveError) -> MoveError:
        """The error for a rejected move; position and legal moves are only worked out here.

        ``where_prefix`` (e.g. ``"round 2, "``) comes before this round's own position.
        """
        where = where_prefix + self.describe_position()
        return kind(reason, text, where, self.legal_moves() if legal is None else legal)

    def play(self, text: str, where_prefix: str = "") -> int:
        """Apply a move given as a string, checked; returns the action applied."""
        action = self.parse(text, where_prefix)
        self.apply(action)
        return action

    def describe_position(self) -> str:
        phase = PHASE_NAMES[self.phase]
        if self.phase == PHASE_OVER:
            return f"move {len(self.moves) + 1} (round over)"
        return f"move {len(self.moves) + 1} (seat {self.seat} to {phase})"

    # -- the state machine ---------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a legal action. Unchecked: an illegal action corrupts the state."""
        self.moves.append(action)
        kind = action & KIND_BITS
        if kind == PLAY:
            self._play_card(action >> CARD_SHIFT & CARD_BITS, action >> TARGET_SHIFT & CARD_BITS,
                            action >> SET_SHIFT & SET_BITS)
        elif kind == TAKE:
            self._take(action >> TARGET_SHIFT & CARD_BITS)
        elif action & KIND_HIGH_BIT:
            self._koikoi_decision(move_kind(action) == KOIKOI)
        else:
            self._teyaku_decision(kind == EXPOSE)

    def _capture(self, seat: int, cards: int, keep: int = 0) -> None:
        """Move ``cards`` into the seat's side pile (rubbish to the discard pile, RULES.md §4.4)."""
        rubbish = self.config.rubbish
        if rubbish:
            junk = cards & rubbish & ~keep
            self.discard |= junk
            cards &= ~junk
        self.captures[self.config.side_of[seat]] |= cards

    def _take_from_table(self, seat: int, targets: int) -> None:
        """Remove captured targets from the field and from other players' exposed cards."""
        self.field &= ~targets
        if self.config.teyaku:
            for other in range(len(self.hands)):
                if other != seat and self.exposed[other] & targets:
                    self.exposed[other] &= ~targets
                    self.hands[other] &= ~targets

    def _wild_capture(self, seat: int, card: int, target: int) -> None:
        """A wild capture takes exactly the chosen card (RULES.md §9)."""
        bit = 1 << target
        self.field &= ~bit
        self._capture(seat, (1 << card) | bit, keep=bit)
        self.wild_side = self.config.side_of[seat]
        self.wild_month = MONTHS[target]
        self.lightning_user = seat

    def hand_options(self, seat: int, card: int) -> tuple[int, int, bool]:
        """What a card played from hand (without a declaration) can do (RULES.md §3, §4, §9).

        Returns ``(how, cards, choose)``: ``how`` is ``HOW_STAY`` (it stays on the field),
        ``HOW_WILD`` (a wild capture), ``HOW_FIELD_LIGHTNING`` (Mushi option: it takes the
        field lightning) or ``HOW_MONTH`` (a capture by month); ``cards`` are the cards it
        takes, or, when ``choose`` is true, the candidates the player picks one from.
        """
        cfg = self.config
        wild = cfg.wild
        field = self.field
        if wild is not None and card == wild.card and wild.from_hand:
            candidates = field & ~wild.excluded
            if not candidates:
                return HOW_STAY, 0, False
            return HOW_WILD, candidates, candidates.bit_count() >= 2
        if wild is not None and wild.field_rule and wild.hand_takes_field and field >> wild.card & 1:
            if MONTHS[card] != 11:
                return HOW_FIELD_LIGHTNING, 1 << wild.card, False
        targetable = field | self._others_exposed(seat) if cfg.teyaku else field
        targets = targetable & cfg.match_masks[card]
        if not targets:
            return HOW_STAY, 0, False
        return HOW_MONTH, targets, targets.bit_count() == 2

    def resolve_play(self, seat: int, card: int, target: int, declared_set: int) -> tuple[int, int]:
        """How a play resolves, without changing anything: ``(how, taken)``.

        ``how`` is as in ``hand_options``, or ``HOW_DECLARE``; ``taken`` is the mask of
        table cards the play captures (the chosen ``target`` where there is a choice).
        """
        if declared_set != NO_SET:
            return HOW_DECLARE, 0
        how, cards, choose = self.hand_options(seat, card)
        return how, (1 << target) if choose else cards

    def preview(self, action: int) -> int:
        """The cards an action captures at once (played or pending card included), unapplied.

        For a play this is the hand step only: the stock card turned over next is unknown.
        """
        kind = action & KIND_BITS
        if kind == PLAY:
            card = action >> CARD_SHIFT & CARD_BITS
            how, taken = self.resolve_play(self.seat, card, action >> TARGET_SHIFT & CARD_BITS,
                                           action >> SET_SHIFT & SET_BITS)
            return taken | (1 << card) if taken else 0
        if kind == TAKE:
            return (1 << self.pending) | (1 << (action >> TARGET_SHIFT & CARD_BITS))
        return 0

    def _play_card(self, card: int, target: int, declared_set: int) -> None:
        cfg = self.config
        seat = self.seat
        bit = 1 << card
        how, taken = self.resolve_play(seat, card, target, declared_set)
        self.hands[seat] &= ~bit
        self.exposed[seat] &= ~bit
        self.hand_pair = 0
        if how == HOW_DECLARE:
            # RULES.md §4.3: the card goes onto the field and captures nothing.
            self.field |= bit
            self.declared[cfg.side_of[seat]] |= 1 << declared_set
            self.events.append((EV_DECLARE, seat, card, declared_set))
        elif how == HOW_STAY:
            self.field |= bit
            if cfg.wild is not None and card == cfg.wild.card:
                self.lightning_user = seat
            self.events.append((EV_PLAY, seat, card, 0))
        elif how == HOW_WILD:
            self._wild_capture(seat, card, taken.bit_length() - 1)
            self.events.append((EV_PLAY, seat, card, taken))
        else:
            self._take_from_table(seat, taken)
            self._capture(seat, bit | taken)
            if how == HOW_FIELD_LIGHTNING:
                # Mushi option: a non-willow hand card takes the field lightning (RULES.md §9).
                self.lightning_user = seat
            elif cfg.ppeok and taken.bit_count() == 1 and (
                (self.field | self._others_exposed(seat)) & cfg.match_masks[card]
            ) == 0:
                self.hand_pair = bit | taken
            self.events.append((EV_PLAY, seat, card, taken))
        if self._flip(seat):
            return
        self._advance()

    def _flip(self, seat: int) -> bool:
        """Turn over the top stock card and resolve it; True if a choice is now pending."""
        if self.stock_pos >= len(self.stock):
            return False
        cfg = self.config
        card = self.stock[self.stock_pos]
        self.stock_pos += 1
        bit = 1 << card
        wild = cfg.wild
        if wild is not None and card == wild.card and wild.from_stock:
            self.lightning_user = seat
            if wild.last_stock_takes_all and self.stock_pos == len(self.stock):
                # Mushi: the lightning as the last stock card takes itself and the whole field.
                taken = self.field
                self.field = 0
                self._capture(seat, taken | bit)
                self.events.append((EV_FLIP, seat, card, taken))
                return False
            candidates = self.field & ~wild.excluded
            count = candidates.bit_count()
            if count == 0:
                self.field |= bit
                self.events.append((EV_FLIP, seat, card, 0))
                return False
            if count == 1:
                target = candidates.bit_length() - 1
                self._wild_capture(seat, card, target)
                self.events.append((EV_FLIP, seat, card, candidates))
                return False
            self.events.append((EV_FLIP, seat, card, 0))
            self._set_pending(seat, card, candidates, True)
            return True
        if (
            wild is not None
            and wild.field_rule
            and self.field >> wild.card & 1
            and MONTHS[card] != 11
        ):
            # Mushi: a non-willow stock card takes the lightning lying on the field.
            taken = 1 << wild.card
            self.field &= ~taken
            self._capture(seat, bit | taken)
            self.lightning_user = seat
            self.events.append((EV_FLIP, seat, card, taken))
            return False
        hand_pair = self.hand_pair
        if hand_pair and MONTH_MASKS[MONTHS[card]] & hand_pair:
            # Min-Hwatu ppeok (RULES.md §3): the pair and this card stay stacked on the field.
            self.captures[cfg.side_of[seat]] &= ~hand_pair
            self.field |= hand_pair | bit
            self.hand_pair = 0
            self.events.append((EV_PPEOK, seat, card, hand_pair))
            return False
        targetable = self.field | self._others_exposed(seat) if cfg.teyaku else self.field
        targets = targetable & cfg.match_masks[card]
        count = targets.bit_count()
        if count == 0:
            self.field |= bit
            self.events.append((EV_FLIP, seat, card, 0))
            return False
        if count == 2:
            self.events.append((EV_FLIP, seat, card, 0))
            self._set_pending(seat, card, targets, False)
            return True
        self._take_from_table(seat, targets)
        self._capture(seat, bit | targets)
        self.events.append((EV_FLIP, seat, card, targets))
        return False

    def _set_pending(self, seat: int, card: int, targets: int, wild: bool) -> None:
        self.pending = card
        self.pending_targets = targets
        self.pending_wild = wild
        self.phase = PHASE_TAKE
        self.seat = seat

    def _take(self, target: int) -> None:
        seat = self.seat
        card = self.pending
        if self.pending_wild:
            self._wild_capture(seat, card, target)
        else:
            bit = 1 << target
            self._take_from_table(seat, bit)
            self._capture(seat, (1 << card) | bit)
        self.events.append((EV_TAKE, seat, card, 1 << target))
        self.pending = -1
        self.pending_targets = 0
        self.pending_wild = False
        self.phase = PHASE_PLAY
        self._advance()

    def _teyaku_decision(self, expose: bool) -> None:
        """RULES.md §4.2: expose all chaff of the hand (paid ``Game.teyaku_value``) or keep them hidden."""
        seat = self.teyaku_queue.pop(0)
        if expose:
            chaff = self.hands[seat] & CHAFF
            self.exposed[seat] = chaff
            self.teyaku[seat] = self.config.teyaku_values[chaff.bit_count()]
            self.events.append((EV_EXPOSE, seat, -1, chaff))
        else:
            self.events.append((EV_KEEP, seat, -1, 0))
        if self.teyaku_queue:
            self.seat = self.teyaku_queue[0]
        else:
            self.phase = PHASE_PLAY
            self.turn = 0
            self.seat = self.order[0]

    def _round_done(self) -> bool:
        if any(self.hands):
            return False
        return not self.config.game.draw_only_turns or self.stock_pos >= len(self.stock)

    def _koikoi_offer(self) -> bool:
        """Koi-Koi: after a turn, the player whose yaku grew decides (True: the round waits or
        is over). On the last turn there is nothing left to go on for: the yaku scores at once."""
        cfg = self.config
        seat = self.seat
        side = cfg.side_of[seat]
        level = cfg.game.yaku_points(cfg, self.captures[side])
        old = self.yaku_level[side]
        self.yaku_level[side] = level
        if not any(new > before for new, before in zip(level, old, strict=True)):
            return False
        if any(self.hands):
            self.phase = PHASE_KOIKOI
            return True
        self.stopped = side
        self._finish()
        return True

    def _koikoi_decision(self, go_on: bool) -> None:
        """Koi-Koi: ``koikoi`` counts the call and play goes on; ``stop`` ends and scores."""
        seat = self.seat
        side = self.config.side_of[seat]
        if go_on:
            self.koikoi_calls[side] += 1
            self.events.append((EV_KOIKOI, seat, -1, 0))
            self.phase = PHASE_PLAY
            self._next_turn()
        else:
            self.stopped = side
            self.events.append((EV_STOP, seat, -1, 0))
            self._finish()

    def _advance(self) -> None:
        """End the turn: next player in order; draw-only turns where the game has them (§3)."""
        if self.config.koikoi and self._koikoi_offer():
            return
        self._next_turn()

    def _next_turn(self) -> None:
        """The next player in order, or the round end (a turn ended, any decision taken)."""
        self.hand_pair = 0
        order = self.order
        n = len(order)
        draw_only = self.config.game.draw_only_turns
        while True:
            if self._round_done():
                self._finish()
                return
            self.turn = (self.turn + 1) % n
            seat = order[self.turn]
            self.seat = seat
            if self.hands[seat]:
                self.phase = PHASE_PLAY
                return
            if draw_only and self.stock_pos < len(self.stock):
                self.phase = PHASE_PLAY
                if self._flip(seat):
                    return

    # -- round end -----------------------------------------------------------------------------

    def _facts(self, provisional: bool) -> RoundFacts:
        cfg = self.config
        return RoundFacts(
            dealer=self.dealer,
            captures=tuple(self.captures),
            declared=tuple(
                frozenset(cfg.declarable[i].id for i in _bits(mask)) for mask in self.declared
            ),
            teyaku=tuple(self.teyaku),
            provisional=provisional,
            stopped=self.stopped,
            koikoi=tuple(self.koikoi_calls),
            hands=self.dealt,
            at_deal=self.won_at_deal,
        )

    def _finish(self) -> None:
        self._collect_leftovers()
        cfg = self.config
        self.result = cfg.game.score_round(cfg, self._facts(False))
        self.phase = PHASE_OVER

    def standing(self) -> RoundScore:
        """The score as it stands: the result once over, else a provisional count of the captures.

        A provisional count has the current card points and yaku; its ``scores`` are
        not round scores (leftovers are not collected yet, round-end voiding not applied).
        """
        if self.result is not None:
            return self.result
        return self.config.game.score_round(self.config, self._facts(True))

    def _collect_leftovers(self) -> None:
        """Round-end collection for a wild card that was used (RULES.md §4.3–§4.5, §9)."""
        wild = self.config.wild
        if wild is None or not self.field:
            return
        side_of = self.config.side_of
        if wild.leftovers == "month":
            if self.wild_side < 0:
                return
            leftover = self.field & MONTH_MASKS[self.wild_month]
            if leftover:
                self.field &= ~leftover
                seat = self.config.sides[self.wild_side][0]
                self._capture(seat, leftover)
                self.events.append((EV_COLLECT, self.wild_side, -1, leftover))
            return
        # Mushi: a natural willow to the side holding two natural willows; the rest to the
        # player who last used the lightning.
        user_side = side_of[self.lightning_user] if self.lightning_user >= 0 else -1
        gains: dict[int, int] = {}
        for card in _bits(self.field):
            side = user_side
            if NATURAL_WILLOWS >> card & 1:
                for s, cap in enumerate(self.captures):
                    if (cap & NATURAL_WILLOWS).bit_count() >= 2:
                        side = s
            if side >= 0:
                gains[side] = gains.get(side, 0) | 1 << card
        for side, cards in sorted(gains.items()):
            self.field &= ~cards
            self.captures[side] |= cards
            self.events.append((EV_COLLECT, side, -1, cards))

    # -- bookkeeping for invariants and views ---------------------------------------------------

    def stock_remaining(self) -> tuple[int, ...]:
        return self.stock[self.stock_pos :]

    def zones(self) -> dict[str, int]:
        """Every place a card can be, as masks (for invariant checks)."""
        zones = {f"hand{seat}": hand for seat, hand in enumerate(self.hands)}
        zones.update({f"captures{side}": cap for side, cap in enumerate(self.captures)})
        zones["field"] = self.field
        zones["discard"] = self.discard
        stock = 0
        for card in self.stock_remaining():
            stock |= 1 << card
        zones["stock"] = stock
        zones["pending"] = 1 << self.pending if self.pending >= 0 else 0
        return zones


_STATE_SLOTS = tuple(name for name in Round.__slots__ if name != "__weakref__")
"""The state ``Round.copy`` copies (``__weakref__`` lets views cache per round)."""
