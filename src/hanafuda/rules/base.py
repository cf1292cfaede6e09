"""What every game is made of: the ``Game`` base class, yaku, wild-card rules, and ``Config``.

A game is a declarative subclass of ``Game`` (data: deal table, turn order,
deck, values, yaku, options) with a few small hooks (scoring, misdeals).  The
generic engine (``hanafuda.engine``) reads only a ``Config``: a game plus a
player count and resolved options, with every table the engine needs
precomputed as plain ints and tuples.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import (
    CARDS,
    CHAFF,
    DECK_48,
    MONTH_MASKS,
    MONTH_PLANTS,
    Kind,
    cards_of,
)
from .options import STANDARD, OptionError, OptionSpec, Preset, resolve_options

if TYPE_CHECKING:  # NumPy only types the batch hooks; the scalar engine never imports it
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    BoolArray = npt.NDArray[np.bool_]
    MaskArray = npt.NDArray[np.uint64]

__all__ = [
    "BatchFacts",
    "DEALER_RULES",
    "BatchScore",
    "Config",
    "Misdeal",
    "Game",
    "HOW_TO_PLAY_TURN",
    "RoundFacts",
    "RoundScore",
    "ScoreTerm",
    "WildRule",
    "Yaku",
    "batch_yaku_points",
    "evaluate_yaku",
]


@dataclass(frozen=True)
class Yaku:
    """A scoring set (RULES.md §5): all cards of ``mask``, or at least ``min_count`` of ``count_mask``.

    Within one ``group`` only the single highest-valued held yaku scores (RULES.md §4.2).
    A count yaku may scale: ``per_extra`` points for each card of ``count_mask`` beyond
    ``min_count`` (Koi-Koi's tane, tanzaku and kasu: 1 point at 5/5/10 cards, +1 a card);
    ``extra_mask`` is a card that also counts towards ``count_mask`` (Koi-Koi's sake cup,
    an animal that counts as a chaff too).
    """

    id: str
    name: str
    points: int
    mask: int = 0
    min_count: int = 0
    count_mask: int = 0
    group: str | None = None
    per_extra: int = 0
    extra_mask: int = 0

    def count(self, captured: int) -> int:
        """How many cards of a count yaku ``captured`` holds (``extra_mask`` cards included)."""
        return (captured & self.count_mask).bit_count() + (captured & self.extra_mask).bit_count()

    def held(self, captured: int) -> bool:
        if self.min_count:
            return self.count(captured) >= self.min_count
        return captured & self.mask == self.mask

    def value(self, captured: int) -> int:
        """The points of the yaku for ``captured`` (which must hold it): ``points`` plus
        ``per_extra`` for every card beyond ``min_count``."""
        if self.per_extra and self.min_count:
            return self.points + self.per_extra * (self.count(captured) - self.min_count)
        return self.points


def evaluate_yaku(table: Sequence[Yaku], captured: int) -> list[Yaku]:
    """The yaku of ``table`` that ``captured`` holds, keeping one per exclusion group.

    The highest-valued yaku of a group wins; on equal value the one listed first.
    Result keeps table order.
    """
    held = [y for y in table if y.held(captured)]
    best: dict[str, Yaku] = {}
    for y in held:
        if y.group is not None:
            cur = best.get(y.group)
            if cur is None or y.points > cur.points:
                best[y.group] = y
    return [y for y in held if y.group is None or best[y.group] is y]


MISDEAL_PATTERNS = ("four-of-a-month", "all-of", "four-pairs")
MISDEAL_OUTCOMES = {"field": ("redeal", "dealer-captures"), "hand": ("wins-round",)}


@dataclass(frozen=True)
class Misdeal:
    """A dealt pattern the rules act on, and what happens (RULES.md §2, §4.5, §9): data that
    the scalar engine (``engine.deal``, ``engine.round``) and the batch simulator
    (``batch.sim``) both read, so neither restates a game's misdeals.

    - ``where``: ``field`` (the dealt field) or ``hand`` (each dealt hand, seats in order).
    - ``pattern``: ``four-of-a-month`` (all four cards of some month), ``all-of`` (every card
      of ``mask``: Mushi's three natural willows), ``four-pairs`` (exactly four months, two
      cards each: Mushi's field option, Koi-Koi's kuttsuki).
    - ``then``: on the field ``redeal`` (the same dealer deals again) or ``dealer-captures``
      (the dealer captures the cards before the first turn; four of a month only); in a hand
      ``wins-round`` (the seat wins the round at the deal: Koi-Koi's teshi and kuttsuki).
    - ``reason``: the words of the misdeal (``misdeal.<reason>`` in the locales); for four of
      a month the month's plant is named instead.
    """

    where: str
    pattern: str
    then: str
    reason: str = ""
    mask: int = 0

    def __post_init__(self) -> None:
        if self.pattern not in MISDEAL_PATTERNS:
            raise ValueError(f"misdeal pattern {self.pattern!r} is not one of {MISDEAL_PATTERNS}")
        if self.where not in MISDEAL_OUTCOMES or self.then not in MISDEAL_OUTCOMES[self.where]:
            raise ValueError(f"a misdeal in the {self.where} cannot {self.then!r}")
        if self.then == "dealer-captures" and self.pattern != "four-of-a-month":
            raise ValueError("only four of a month can be captured by the dealer")
        if (self.pattern == "all-of") != bool(self.mask):
            raise ValueError("an all-of misdeal needs its mask (and only it has one)")

    def cards(self, dealt: int) -> int:
        """The cards of ``dealt`` that form the pattern (0: the pattern is not there)."""
        if self.pattern == "all-of":
            return self.mask if dealt & self.mask == self.mask else 0
        months = [MONTH_MASKS[m] for m in range(1, 13) if MONTH_MASKS[m]]
        if self.pattern == "four-of-a-month":
            return sum(m for m in months if dealt & m == m)
        counts = [(dealt & m).bit_count() for m in months]
        if counts.count(2) == 4 and all(c in (0, 2) for c in counts):
            return dealt
        return 0

    def describe(self, dealt: int) -> str:
        """Why ``dealt`` (which holds the pattern) is this misdeal, in English."""
        if self.pattern != "four-of-a-month":
            return self.reason
        month = next(m for m in range(1, 13) if dealt & MONTH_MASKS[m] == MONTH_MASKS[m])
        if self.where == "hand":
            return f"four cards of {MONTH_PLANTS[month]} in a dealt hand"
        return f"four cards of {MONTH_PLANTS[month]} on the field (four_on_field={self.then})"


@dataclass(frozen=True)
class BatchFacts:
    """What scoring needs about B finished rounds at once (``hanafuda.batch``), as arrays.

    The vectorised twin of ``RoundFacts``; every (B, S) array is by row and side.
    """

    points: IntArray
    """(B, S) card points."""
    held: Mapping[str, BoolArray]
    """yaku id → (B, S): the side's captures hold the yaku (before any game rule voids it)."""
    captures: MaskArray
    """(B, S) capture masks."""
    declared: IntArray
    """(B, S) masks of declared set indices (``Config.declarable``; Kwa-Dō)."""
    teyaku: IntArray
    """(B, S) teyaku values exposed, summed by side (Hana-Awase)."""
    dealer_side: IntArray
    """(B,) the dealer's side."""
    side_index: IntArray
    """(S,) ``0 … S − 1``, to compare sides with ``dealer_side``."""
    stopped: IntArray | None = None
    """Koi-Koi: (B,) the side that stopped or won at the deal, −1 for none (``RoundFacts``)."""
    koikoi: IntArray | None = None
    """Koi-Koi: (B, S) koi-koi calls by side."""
    at_deal: BoolArray | None = None
    """Koi-Koi: (B,) ``stopped`` won at the deal with a hand yaku."""


@dataclass(frozen=True)
class BatchScore:
    """Vectorised scoring's result: (B, S) yaku points that count and round scores."""

    yaku: IntArray
    scores: IntArray


def batch_yaku_points(table: Sequence[Yaku], held: Mapping[str, BoolArray], zeros: IntArray) -> IntArray:
    """Per row and side, the points of the held yaku of ``table``, one per exclusion group.

    The vectorised ``evaluate_yaku``: the highest-valued held yaku of a group counts.
    ``zeros`` is a (B, S) integer array of zeros (the result's shape).
    """
    total = zeros.copy()
    groups: dict[str, list[Yaku]] = {}
    for y in table:
        if y.group is None:
            total += held[y.id] * y.points
        else:
            groups.setdefault(y.group, []).append(y)
    for members in groups.values():
        claimed = zeros != 0
        for y in sorted(members, key=lambda m: -m.points):
            has = held[y.id]
            total += (has & ~claimed) * y.points
            claimed = claimed | has
    return total


@dataclass(frozen=True)
class WildRule:
    """The one wild-card mechanism, with per-game parameters (RULES.md §4.3–§4.5, §9).

    - ``card``: the wild card (always ``willow-lightning``).
    - ``from_hand`` / ``from_stock``: wild when played from hand / turned over.
    - ``excluded``: cards it may never take (Mushi: the willows).
    - ``last_stock_takes_all``: as the last stock card it takes the whole field (Mushi).
    - ``field_rule``: on the field it is never matched by month and the next
      non-willow stock card takes it (Mushi); otherwise a wild card on the field
      is an ordinary willow.
    - ``hand_takes_field``: with ``field_rule``, a non-willow hand card takes it too.
    - ``leftovers``: ``"month"`` — at round end, field cards of the month of the
      card the wild card took go to its side (Kwa-Dō, Hawaiʻifuda); ``"mushi"`` —
      a leftover natural willow goes to the side holding two natural willows, every
      other leftover to the player who last used the lightning.
    - ``keeps_taken``: the card it took stays with it even if rubbish (Hawaiʻifuda).
    """

    card: int
    from_hand: bool = True
    from_stock: bool = True
    excluded: int = 0
    last_stock_takes_all: bool = False
    field_rule: bool = False
    hand_takes_field: bool = False
    leftovers: str = "month"


@dataclass(frozen=True)
class RoundFacts:
    """What scoring needs to know about a finished round."""

    dealer: int
    captures: tuple[int, ...]  # by side
    declared: tuple[frozenset[str], ...]  # by side: Kwa-Dō sets declared this round
    teyaku: tuple[int, ...]  # by seat: teyaku value exposed (0 if none)
    provisional: bool = False  # a round still in play: no round-end voiding (fuke)
    stopped: int = -1  # Koi-Koi: the side that stopped (or won at the deal); -1: none
    koikoi: tuple[int, ...] = ()  # Koi-Koi: koi-koi calls by side
    hands: tuple[int, ...] = ()  # Koi-Koi: the hands as dealt, by seat (teshi/kuttsuki)
    at_deal: bool = False  # Koi-Koi: ``stopped`` won at the deal with a hand yaku


@dataclass(frozen=True)
class ScoreTerm:
    """One addend of a side's round score, for the readable account ("card points", 85)."""

    label: str
    value: int


@dataclass(frozen=True)
class RoundScore:
    """A scored round, indexed by side."""

    card_points: tuple[int, ...]
    yaku: tuple[tuple[Yaku, ...], ...]
    scores: tuple[int, ...]
    terms: tuple[tuple[ScoreTerm, ...], ...]
    note: str = ""
    stopped: int = -1
    """Koi-Koi: the side that stopped and scored its yaku (docs/rules/koi-koi.md, "The decision"), so
    the round's end can say who ended it and why; −1 when no one stopped (a win at the deal, a
    round played out, every other game)."""


def _plant(month: int) -> str:
    return MONTH_PLANTS[month]


class Game:
    """A game of the family: data and small hooks. Subclasses fill in the class attributes."""

    id: ClassVar[str]
    title: ClassVar[str]
    native_title: ClassVar[str] = ""
    summary: ClassVar[str]
    deal_table: ClassVar[Mapping[int, tuple[int, int]]]
    """players → (cards per hand, cards to the field) (RULES.md §2)."""
    direction: ClassVar[int]
    """+1 clockwise (seat, seat+1, …), −1 counter-clockwise (RULES.md §2)."""
    first_offset: ClassVar[int] = 0
    """0: the dealer plays first; 1: the player after the dealer in play direction (Kwa-Dō)."""
    deck: ClassVar[int] = DECK_48
    draw_only_turns: ClassVar[bool] = False
    default_rounds: ClassVar[int | None] = 12
    default_target: ClassVar[int | None] = None
    default_four_on_field: ClassVar[str] = "redeal"
    game_options: ClassVar[tuple[OptionSpec, ...]] = ()
    default_theme: ClassVar[str]
    """The card-name theme of the game's own tradition (``themes.THEMES``): the lobby's default."""
    env_id: ClassVar[str]
    """The registered Gymnasium id (``gymnasium.make(env_id)``, docs/research.md)."""
    play_order_text: ClassVar[str]
    """"How to play": who starts and how play goes round (RULES.md §2)."""
    wild_card_text: ClassVar[str]
    """"How to play": the wild card and other special moves, or that there is none (RULES.md §4)."""
    scoring_text: ClassVar[str]
    """"How to play": card values and how a round is scored (RULES.md §4)."""
    bright_capture_call: ClassVar[str] = ""
    """What players call out when a bright is captured ("Kwa-Dō!", RULES.md §4.3); "" for none."""
    koikoi_decision: ClassVar[bool] = False
    """Koi-Koi: a player who completes or raises a yaku chooses ``koikoi`` or ``stop``; the
    round ends at ``stop`` (``Round``, ``yaku_points``)."""
    presets: ClassVar[tuple[Preset, ...]] = (STANDARD,)
    """The game's named option sets, "Standard" (every default) first: the lobby offers them and
    docs/rules/<id>.md describes every option they set.  On the class, so a variant game that
    subclasses this one keeps them (issue 30: no table keyed by game id)."""
    trained_networks: ClassVar[bool] = True
    """Whether a trained network is shipped for every player count and team layout
    (``agents/weights/<id>-<N>p.npz``, made by ``hanafuda train``); False declares there is none
    yet: ``policy`` and ``expert`` are not offered, ``strong`` is (tests/rules/test_registry.py
    checks the declaration against the files)."""
    batch_simulator: ClassVar[bool] = True
    """Whether the game plays in the NumPy batch simulator (it defines ``score_batch`` and
    tests/batch/test_agreement.py holds it to the engine); False declares it does not yet."""
    option_players: ClassVar[Mapping[str, tuple[int, ...]]] = {}
    """Options that matter only at some player counts (RULES.md §4), option → the counts where
    they do; the lobby hides them otherwise.  Inherited by subclasses like ``presets``."""

    # -- data hooks --------------------------------------------------------------------------

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """The game's options followed by the options every game has (RULES.md §2, §6, §9)."""
        common = (
            OptionSpec(
                "four_on_field",
                cls.default_four_on_field,
                "When four cards of one month are dealt to the field, the same dealer deals again "
                "(redeal) or the dealer captures all four before play starts (dealer-captures).",
                choices=("redeal", "dealer-captures"),
                choice_labels={
                    "redeal": "Redeal",
                    "dealer-captures": "The dealer captures the four",
                },
                label="Four of a month on the field",
            ),
            OptionSpec(
                "rounds",
                None,
                "How many rounds the match lasts (null: no round limit, the target ends it).",
                kind="int-or-null",
                label="Rounds",
                default_text=(
                    f"{cls.default_rounds} when no target is set"
                    if cls.default_rounds is not None
                    else "null (no round limit)"
                ),
            ),
            OptionSpec(
                "target",
                cls.default_target,
                "The match ends after the round in which a side's total reaches this score "
                "(null: no target).",
                kind="int-or-null",
                label="Target score",
            ),
        )
        return cls.game_options + common

    @classmethod
    def how_to_play(cls) -> list[str]:
        """The "How to play" paragraphs: order of play, the turn (RULES.md §3), wild card, scoring."""
        return [cls.play_order_text, *HOW_TO_PLAY_TURN, cls.wild_card_text, cls.scoring_text]

    @classmethod
    def player_counts(cls) -> tuple[int, ...]:
        return tuple(sorted(cls.deal_table))

    @classmethod
    def deal_size(cls, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        return cls.deal_table[players]

    @classmethod
    def values(cls, options: Mapping[str, Any]) -> tuple[int, ...]:
        """Card values indexed by id (RULES.md §1). Default: Min-Hwatu/Kwa-Dō 20/10/5/0."""
        per_kind = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 0}
        return tuple(per_kind[c.kind] for c in CARDS)

    @classmethod
    def yaku_table(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        return ()

    @classmethod
    def wild_rule(cls, options: Mapping[str, Any]) -> WildRule | None:
        return None

    @classmethod
    def rubbish(cls, options: Mapping[str, Any]) -> int:
        """Cards that go to the common discard pile when captured (Hawaiʻifuda)."""
        return 0

    @classmethod
    def declarable_sets(cls, options: Mapping[str, Any]) -> tuple[Yaku, ...]:
        """Sets a player may declare (Kwa-Dō, RULES.md §4.3); empty when declarations are off."""
        return ()

    @classmethod
    def teyaku_enabled(cls, options: Mapping[str, Any]) -> bool:
        return False

    @classmethod
    def teyaku_value(cls, chaff_in_hand: int, options: Mapping[str, Any]) -> int:
        """What a hand dealt ``chaff_in_hand`` chaff may expose as teyaku (0: it may not).

        Only read when ``teyaku_enabled``; ``Config.teyaku_values`` tabulates it for the engine,
        the batch simulator and the bots (Hana-Awase, RULES.md §4.2).
        """
        return 0

    @classmethod
    def ppeok(cls, options: Mapping[str, Any]) -> bool:
        return False

    @classmethod
    def dealer_draw_rule(cls, options: Mapping[str, Any]) -> str:
        """How the first dealer is drawn (RULES.md §2): ``standard`` — earliest month, within a
        month the higher-ranked card; Min-Hwatu's ``night`` and ``day`` variants."""
        return "standard"

    @classmethod
    def dealer_rule(cls, options: Mapping[str, Any]) -> str:
        """Who deals the next round (RULES.md §6; read by ``engine.match.next_dealer``):
        ``winner`` — the side with the highest round score, the dealer keeping the deal on a tie
        (every game's rule); Koi-Koi's ``next_dealer`` option may choose ``dealer`` (the same
        dealer every round) or ``alternate`` (the next player in play direction deals)."""
        return "winner"

    @classmethod
    def sides(cls, players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """Sides (a player, or a team), numbered by their lowest seat (RULES.md §9)."""
        return tuple((seat,) for seat in range(players))

    @classmethod
    def misdeals(cls, options: Mapping[str, Any]) -> tuple[Misdeal, ...]:
        """The dealt patterns the rules act on (RULES.md §2): four of a month on the field,
        redealt or captured by the dealer (``four_on_field``).  A game adds its own
        (Mushi's willows, Koi-Koi's hand yaku); the engine and the batch simulator read only
        this data (``Config.misdeals``)."""
        return (Misdeal("field", "four-of-a-month", options["four_on_field"]),)

    @classmethod
    def yaku_points(cls, config: Config, captured: int) -> tuple[int, ...]:
        """Koi-Koi: by ``config.yaku`` index, the points each yaku is worth in ``captured`` (0:
        not held). The engine offers ``koikoi``/``stop`` when one of them grows in a turn."""
        return tuple(0 for _ in config.yaku)

    @classmethod
    def deal_winner(cls, config: Config, hands: Sequence[int], order: Sequence[int]) -> int:
        """The first seat in turn ``order`` (the dealer first where the dealer leads) whose
        dealt hand holds a ``wins-round`` misdeal (Koi-Koi's teshi and kuttsuki,
        ``Game.misdeals``), or −1."""
        won = [m for m in config.misdeals if m.then == "wins-round"]
        for seat in order:
            if any(m.cards(hands[seat]) for m in won):
                return seat
        return -1

    @classmethod
    def match_target(cls, options: Mapping[str, Any]) -> int | None:
        """The total that ends the match (``target``; Koi-Koi's starting bank gives one too)."""
        target: int | None = options["target"]
        return target

    @classmethod
    def score_round(cls, config: Config, facts: RoundFacts) -> RoundScore:
        raise NotImplementedError(f"{cls.id}: no score_round")

    @classmethod
    def score_batch(cls, config: Config, facts: BatchFacts) -> BatchScore:
        """``score_round`` for B rounds at once, on NumPy arrays (``hanafuda.batch``).

        A game without it cannot be played by the batch simulator (``plays_in_batch``).
        """
        raise NotImplementedError(f"{cls.id} has no vectorised scoring (Game.score_batch)")

    @classmethod
    def batch_yaku_levels(cls, config: Config, captures: MaskArray) -> IntArray:
        """Koi-Koi: ``yaku_points`` on arrays, (..., Y) for captures of any shape (the batch
        simulator offers koi-koi or stop where one grows)."""
        raise NotImplementedError(f"{cls.id} has no koi-koi decision")

    @classmethod
    def batch_stop_values(cls, config: Config, captures: MaskArray, own_calls: IntArray,
                          other_calls: IntArray) -> tuple[IntArray, BoolArray]:
        """Koi-Koi: ``stop_value`` on arrays: what stopping would score for captures of any
        shape, and whether they hold a yaku at all."""
        raise NotImplementedError(f"{cls.id} has no koi-koi decision")

    @classmethod
    def plays_in_batch(cls) -> bool:
        """Whether the game defines ``score_batch`` (the batch simulator refuses it otherwise)."""
        base = getattr(Game.score_batch, "__func__", None)
        return getattr(cls.score_batch, "__func__", None) is not base

    @classmethod
    def yaku_weight(cls, num_sides: int, options: Mapping[str, Any]) -> int:
        """How many points one point of a side's own yaku is worth to it (the bots' evaluation):
        paid by every other side in Min-Hwatu and Hana-Awase, counted once elsewhere."""
        return 1

    @classmethod
    def zero_sum(cls, options: Mapping[str, Any]) -> bool:
        """Whether round scores always add up to 0 under these options (for bots and checks)."""
        return False

    @classmethod
    def search_value(cls, result: RoundScore, side: int) -> float:
        """What a search bot maximises for a side: its round score (team score in team play)
        less the mean of the other sides' — the zero-sum form of the score.

        Where round scores add up to a constant (Min-Hwatu, zero-sum games) this ranks
        outcomes exactly as the side's own score does; where they do not (cards left in
        the stock in Hawaiʻifuda, Kwa-Dō) it also counts what the others are denied.
        """
        scores = cls.side_values(result)
        others = (sum(scores) - scores[side]) / max(1, len(scores) - 1)
        return scores[side] - others

    @classmethod
    def side_values(cls, result: RoundScore) -> list[float]:
        """Per side, the score a search compares (the round score unless a game says otherwise)."""
        return [float(s) for s in result.scores]

    @classmethod
    def batch_side_values(cls, config: Config, points: IntArray, yaku: IntArray,
                          scores: IntArray) -> IntArray:
        """``side_values`` of B finished rounds at once (``hanafuda.batch``): (B, S) from the
        rounds' card points, yaku points and scores (the round scores unless a game says
        otherwise)."""
        return scores

    # -- helpers for scoring hooks -----------------------------------------------------------

    @staticmethod
    def card_points(config: Config, captured: int) -> int:
        return sum(value * (captured & mask).bit_count() for value, mask in config.value_masks)

    # -- configuration -----------------------------------------------------------------------

    @classmethod
    def configure(cls, players: int, options: Mapping[str, Any] | None = None) -> Config:
        """Validate the player count and options; build the engine's ``Config``."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"{cls.id}: players must be an integer, not {players!r}")
        if players not in cls.deal_table:
            allowed = ", ".join(str(n) for n in cls.player_counts())
            raise OptionError(f"{cls.id} is played by {allowed} players, not {players}")
        given = dict(options or {})
        try:
            key = (cls, players, json.dumps(given, sort_keys=True))
        except (TypeError, ValueError):
            key = None  # not JSON: resolve_options below names the bad value
        cached = _CONFIGS.get(key) if key is not None else None
        if cached is not None:
            return cached
        resolved = resolve_options(cls.id, cls.option_specs(), given)
        config = Config(cls, players, resolved, {k: resolved[k] for k in given})
        if key is not None and len(_CONFIGS) < _CONFIG_CACHE_SIZE:
            _CONFIGS[key] = config
        return config


DEALER_RULES = ("winner", "dealer", "alternate")
"""The rules for who deals the next round that the engine knows (``Game.dealer_rule``)."""

_CONFIG_CACHE_SIZE = 1024
_CONFIGS: dict[tuple[type[Game], int, str], Config] = {}
"""Configured games by (game, players, options as JSON): building a ``Config`` derives every
table the engine reads, so a new match of a known configuration reuses it.  A ``Config`` is
therefore shared between matches and must be treated as read-only."""


def _match_masks(deck: int, wild: WildRule | None) -> tuple[int, ...]:
    """For each card, the cards it captures by month (RULES.md §3), in this game."""
    never_by_month = wild.card if wild is not None and wild.field_rule else -1
    out = []
    for card in CARDS:
        mask = MONTH_MASKS[card.month] & deck & ~(1 << card.id)
        if never_by_month >= 0:
            mask &= ~(1 << never_by_month)
        out.append(mask)
    return tuple(out)


@dataclass
class Config:
    """A game configured for a player count and options: every table the engine reads.

    ``Game.configure`` shares one ``Config`` between matches of the same configuration,
    so it is read-only once built.
    """

    game: type[Game]
    players: int
    options: dict[str, Any]
    given_options: dict[str, Any]
    sides: tuple[tuple[int, ...], ...] = field(init=False)
    side_of: tuple[int, ...] = field(init=False)
    hand_size: int = field(init=False)
    field_size: int = field(init=False)
    stock_size: int = field(init=False)
    deck: int = field(init=False)
    deck_cards: tuple[int, ...] = field(init=False)
    values: tuple[int, ...] = field(init=False)
    deck_total: int = field(init=False)
    value_masks: tuple[tuple[int, int], ...] = field(init=False)
    yaku: tuple[Yaku, ...] = field(init=False)
    wild: WildRule | None = field(init=False)
    rubbish: int = field(init=False)
    declarable: tuple[Yaku, ...] = field(init=False)
    card_sets: tuple[tuple[int, ...], ...] = field(init=False)
    teyaku: bool = field(init=False)
    teyaku_values: tuple[int, ...] = field(init=False)
    ppeok: bool = field(init=False)
    four_on_field: str = field(init=False)
    misdeals: tuple[Misdeal, ...] = field(init=False)
    match_masks: tuple[int, ...] = field(init=False)
    koikoi: bool = field(init=False)
    dealer_rule: str = field(init=False)
    rounds_limit: int | None = field(init=False)
    target: int | None = field(init=False)

    def __post_init__(self) -> None:
        game, opts = self.game, self.options
        self.sides = game.sides(self.players, opts)
        side_of = [0] * self.players
        for index, side in enumerate(self.sides):
            for seat in side:
                side_of[seat] = index
        self.side_of = tuple(side_of)
        self.hand_size, self.field_size = game.deal_size(self.players, opts)
        self.deck = game.deck
        self.deck_cards = tuple(cards_of(self.deck))
        self.stock_size = len(self.deck_cards) - self.players * self.hand_size - self.field_size
        self.values = game.values(opts)
        self.deck_total = sum(self.values[c] for c in self.deck_cards)
        # Cards grouped by point value (zero-point cards left out), for ``card_points``.
        by_value: dict[int, int] = {}
        for card, value in enumerate(self.values):
            if value:
                by_value[value] = by_value.get(value, 0) | 1 << card
        self.value_masks = tuple(sorted(by_value.items()))
        self.yaku = game.yaku_table(opts)
        self.wild = game.wild_rule(opts)
        self.rubbish = game.rubbish(opts)
        self.declarable = game.declarable_sets(opts)
        self.card_sets = tuple(
            tuple(i for i, s in enumerate(self.declarable) if s.mask >> c & 1) for c in range(48)
        )
        self.teyaku = game.teyaku_enabled(opts)
        # By number of chaff in hand (0 … 48): the teyaku the hand may expose, 0 if none.
        self.teyaku_values = tuple(
            game.teyaku_value(count, opts) if self.teyaku else 0 for count in range(49)
        )
        self.ppeok = game.ppeok(opts)
        self.four_on_field = opts["four_on_field"]
        self.misdeals = game.misdeals(opts)
        self.match_masks = _match_masks(self.deck, self.wild)
        self.koikoi = game.koikoi_decision
        self.dealer_rule = game.dealer_rule(opts)
        if self.dealer_rule not in DEALER_RULES:
            raise OptionError(f"{game.id}: unknown dealer rule {self.dealer_rule!r}; rules are: "
                              f"{', '.join(DEALER_RULES)}")
        target = game.match_target(opts)
        rounds = opts["rounds"]
        if rounds is None and "rounds" not in self.given_options and target is None:
            rounds = game.default_rounds
        if rounds is None and target is None:
            raise OptionError(
                f"{game.id}: the match needs an end: give 'rounds' or 'target' (not both null)"
            )
        self.rounds_limit = rounds
        self.target = target

    @property
    def num_sides(self) -> int:
        return len(self.sides)

    @property
    def max_teyaku(self) -> int:
        """The highest teyaku a hand may expose under these options (0 when teyaku are off)."""
        return max(self.teyaku_values)

    @property
    def chaff(self) -> int:
        return CHAFF & self.deck

    def describe_options(self) -> str:
        shown = (f"{k}={json.dumps(v)}" if not isinstance(v, str) else f"{k}={v}"
                 for k, v in sorted(self.given_options.items()))
        return ", ".join(shown) or "defaults"


HOW_TO_PLAY_TURN: tuple[str, ...] = (
    "Each turn has two steps. First play a card from your hand: it matches the field cards of its "
    "month (the four cards of a month share a plant). With one match you capture both cards; with "
    "two you choose which one to take; with three you take all four; with none your card stays on "
    "the field.",
    "Then the top card of the stock is turned over and matched the same way, and you capture what "
    "it takes (with two matches you choose). Captured cards go face up to your capture pile, "
    "grouped by kind: brights, animals, ribbons and chaff.",
)
"""The turn, the same in every game (RULES.md §3), in the words of "How to play"."""


def month_name(month: int) -> str:
    return _plant(month)
