"""A state of a hanafuda ``pyspiel`` game: the card-by-card deal, the running ``Match``, the
history log the observer renders, and ``resample_from_infostate``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pyspiel  # type: ignore[import-not-found, unused-ignore]

from ...agents.determinize import determinize
from ...cards import CHAFF, CODES, cards_of, mask_of
from ...engine.action_space import from_engine, to_engine
from ...engine.deal import Deal, misdeal_reason
from ...engine.moves import EXPOSE, KEEP, format_action
from ...engine.round import PHASE_TEYAKU, Round
from ...records import Match
from ...rules import Config
from ...views import view_of
from ...words.notation import cards_notation
from .params import HanafudaSpielError

if TYPE_CHECKING:
    from .game import HanafudaSpielGame

__all__ = ["Core", "HanafudaSpielState", "LogEntry"]

_RESAMPLE_TRIES = 10_000


# Entries of the history log (rendered per seat by ``_Observer``):
#   ("dealer", seat)                       first dealer drawn (public)
#   ("round", number, dealer, field, hands) a round dealt: field mask, dealt hand masks by seat
#   ("redeal", field)                      a misdealt field, dealt again (public)
#   ("start", events)                      events of the deal itself (dealer captures fours)
#   ("move", seat, engine action, events)  a decision and the public events it caused
#   ("end", scores)                        a round's scores by side
LogEntry = tuple[Any, ...]


class Core:
    """Everything a state holds; copied cheaply (``pyspiel`` clones states with ``deepcopy``)."""

    __slots__ = ("game", "config", "match", "dealer", "dealing", "deck_left", "dealt", "log", "texts",
                 "legal")

    def __init__(self, game: HanafudaSpielGame) -> None:
        self.game = game  # shared by copies, like the config
        self.config: Config = game.config
        self.match: Match | None = None
        self.dealer = -1  # dealer of the round being dealt; -1: first dealer not drawn yet
        self.dealing = True
        self.deck_left = game.config.deck
        self.dealt: list[int] = []  # cards of the deal in progress, in deal order
        self.log: list[LogEntry] = []
        # Per seat: how many log entries are rendered into the history text, and the text
        # (a cache: information-state strings are asked for at every step of a search).
        self.texts: list[tuple[int, str]] = [(0, "")] * game.config.players
        self.legal: list[int] | None = None  # legal actions of the seat to move, once asked

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        other = Core.__new__(Core)
        other.game = self.game
        other.config = self.config
        other.match = _copy_match(self.match) if self.match is not None else None
        other.dealer = self.dealer
        other.dealing = self.dealing
        other.deck_left = self.deck_left
        other.dealt = self.dealt[:]
        other.log = self.log[:]  # entries are immutable tuples
        other.texts = self.texts[:]
        other.legal = self.legal  # never changed in place, only replaced
        return other


def _copy_match(match: Match) -> Match:
    """An independent copy for search: finished rounds are shared, the running one copied."""
    other = Match.__new__(Match)
    other.__dict__.update(match.__dict__)
    other.rounds = match.rounds[:-1] + [match.rounds[-1].copy()]
    other.deals = match.deals[:]
    other.totals = match.totals[:]
    other.queued = dict(match.queued)  # (never filled here: OpenSpiel acts for the seat to move)
    other.released = match.released[:]
    return other


class HanafudaSpielState(pyspiel.State):  # type: ignore[misc]
    """A state of a hanafuda game: a deal in progress or a running ``Match`` (module docstring)."""

    def __init__(self, game: HanafudaSpielGame) -> None:
        super().__init__(game)
        self._core = Core(game)
        # While ``_record_history`` runs: the players of the history being recorded, and
        # how many are recorded so far.
        self._recording: list[int] | None = None
        self._recorded = 0

    # -- queries ----------------------------------------------------------------------------

    @property
    def match(self) -> Match | None:
        """The engine's match (None until the first round is dealt)."""
        return self._core.match

    def current_player(self) -> int:
        if self._recording is not None:
            return self._recording[self._recorded]
        core = self._core
        if core.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        assert core.match is not None
        seat = core.match.to_move
        if seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def is_terminal(self) -> bool:
        core = self._core
        return not core.dealing and core.match is not None and core.match.finished

    def _legal_actions(self, player: int) -> list[int]:
        match = self._core.match
        if self._core.dealing or match is None or match.to_move != player:
            return []
        return self._legal()[:]

    def _legal(self) -> list[int]:
        core = self._core
        if core.legal is None:
            assert core.match is not None
            core.legal = sorted(from_engine(a) for a in core.match.legal_actions())
        return core.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        core = self._core
        if not core.dealing:
            raise HanafudaSpielError("chance_outcomes: this is not a chance node")
        if core.dealer < 0:
            n = self._core.game.config.players
            return [(seat, 1.0 / n) for seat in range(n)]
        left = cards_of(core.deck_left)
        p = 1.0 / len(left)
        return [(card, p) for card in left]

    def returns(self) -> list[float]:
        config = self._core.game.config
        if not self.is_terminal():
            return [0.0] * config.players
        match = self._core.match
        assert match is not None
        return [float(match.totals[config.side_of[seat]]) for seat in range(config.players)]

    # -- moves ------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self._recording is not None:
            self._recorded += 1
            return
        core = self._core
        if core.dealing:
            self._deal(int(action))
            return
        match = core.match
        assert match is not None
        legal = self._legal()
        if action not in legal:
            raise HanafudaSpielError(
                f"action {action} is not legal here ({match.position()}); legal: {legal}"
            )
        engine_action = to_engine(action)
        core.legal = None
        rnd = match.current
        seat = rnd.seat
        before = len(rnd.events)
        match.apply(engine_action)
        core.log.append(("move", seat, engine_action, tuple(rnd.events[before:])))
        if rnd.over:
            assert rnd.result is not None
            core.log.append(("end", rnd.result.scores))
            if not match.finished:
                self._start_deal(match.due_dealer)

    def _start_deal(self, dealer: int | None) -> None:
        assert dealer is not None
        core = self._core
        core.dealing = True
        core.dealer = dealer
        core.deck_left = self._core.game.config.deck
        core.dealt = []

    def _deal(self, outcome: int) -> None:
        """One chance outcome: the first dealer, or the next card of the deal (RULES.md §2)."""
        core = self._core
        config = self._core.game.config
        if core.dealer < 0:
            if not 0 <= outcome < config.players:
                raise HanafudaSpielError(f"chance outcome {outcome} is not a seat to deal")
            core.log.append(("dealer", outcome))
            self._start_deal(outcome)
            return
        if not 0 <= outcome < 48 or not core.deck_left >> outcome & 1:
            raise HanafudaSpielError(f"chance outcome {outcome} is not an undealt card")
        core.deck_left &= ~(1 << outcome)
        core.dealt.append(outcome)
        if len(core.dealt) == config.field_size:
            field = mask_of(core.dealt)
            if misdeal_reason(config, field) is not None:
                core.log.append(("redeal", field))  # §2: a misdealt field is dealt again
                core.deck_left = config.deck
                core.dealt = []
                return
        if core.deck_left:
            return
        self._finish_deal()

    def _finish_deal(self) -> None:
        core = self._core
        config = self._core.game.config
        offsets = self._core.game.hand_offsets
        dealt = core.dealt
        hands = tuple(tuple(sorted(dealt[offsets[s]:offsets[s + 1]])) for s in range(config.players))
        field = tuple(sorted(dealt[: config.field_size]))
        deal = Deal(core.dealer, hands, field, tuple(dealt[offsets[-1]:]))
        if core.match is None:
            core.match = Match(config.game.id, config.players, seed=0, deal=deal, config=config)
        else:
            core.match.next_round(deal)
        core.dealing = False
        core.dealt = []
        rnd = core.match.current
        core.log.append(("round", len(core.match.rounds), core.dealer, deal.field_mask(),
                         tuple(deal.hand_masks())))
        core.log.append(("start", tuple(rnd.events)))

    def _action_to_string(self, player: int, action: int) -> str:
        config = self._core.game.config
        if player == pyspiel.PlayerId.CHANCE:
            if self._core.dealer < 0:
                return f"dealer {action}"
            return f"deal {CODES[action]}" if 0 <= action < 48 else f"deal {action}"
        try:
            return format_action(to_engine(action), config)
        except ValueError as exc:
            raise HanafudaSpielError(str(exc)) from None

    def __str__(self) -> str:
        core = self._core
        if core.dealing:
            return f"dealing ({len(core.dealt)} cards dealt, dealer {core.dealer})"
        match = core.match
        assert match is not None
        rnd = match.current
        lines = [f"round {len(match.rounds)}, {rnd.describe_position()}, totals {match.totals}"]
        for seat, hand in enumerate(rnd.hands):
            lines.append(f"hand {seat}: {cards_notation(hand)}")
        lines.append(f"field: {cards_notation(rnd.field)}")
        lines.append(f"stock: {' '.join(CODES[c] for c in rnd.stock_remaining())}")
        for side, cap in enumerate(rnd.captures):
            lines.append(f"captures {side}: {cards_notation(cap)}")
        return "\n".join(lines)

    # -- resampling -------------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]
                                ) -> HanafudaSpielState:
        """A state ``player_id`` cannot tell from this one: other hands and the stock drawn again.

        Uses ``agents.determinize`` on the player's view (the bots' sampler), so the public
        history and the player's own hand stay; the cards the player cannot see are dealt
        at random into the other hands (by their known counts) and the stock.  When
        Hana-Awase teyaku are on, a world is redrawn until exactly the seats that were asked
        about teyaku so far hold six or more chaff (RULES.md §4.2).  ``probability_sampler``
        (e.g. ``pyspiel.UniformProbabilitySampler``) seeds the draw.
        """
        core = self._core
        match = core.match
        config = self._core.game.config
        if core.dealing or match is None or match.finished:
            raise HanafudaSpielError("resample_from_infostate needs a state where a seat is to move")
        if not 0 <= player_id < config.players:
            raise HanafudaSpielError(f"player {player_id} is not a seat (0..{config.players - 1})")
        rng = random.Random(int(probability_sampler() * 2**53))
        view = view_of(match, player_id)
        original = match.current
        start = _round_start(core.log)
        dealt_hands: tuple[int, ...] = start[4]
        for _ in range(_RESAMPLE_TRIES):
            world = determinize(view, rng, config)
            # Cards that left a hand are public; the rest of each dealt hand is what was drawn.
            initial = tuple(
                world.hands[s] | (dealt_hands[s] & ~original.hands[s]) for s in range(config.players)
            )
            if _teyaku_consistent(config, original, core.log, initial):
                break
        else:
            raise HanafudaSpielError("no world consistent with the teyaku decisions was drawn")
        world.events = original.events[:]
        world.moves = original.moves[:]
        clone = HanafudaSpielState(self._core.game)
        new = clone._core
        new.dealing = False
        new.dealer = core.dealer
        new.deck_left = 0
        new.log = core.log[:]
        index = len(core.log) - 1 - core.log[::-1].index(start)
        new.log[index] = start[:4] + (initial,)
        # Other seats' dealt hands changed: only the player's rendered history still holds.
        new.texts = [core.texts[player_id] if seat == player_id else (0, "")
                     for seat in range(config.players)]
        other = _copy_match(match)
        other.rounds[-1] = world
        flipped = original.stock[: original.stock_pos]
        other.deals[-1] = Deal(
            core.dealer,
            tuple(tuple(cards_of(h)) for h in initial),
            match.deals[-1].field,
            flipped + world.stock,
        )
        new.match = other
        clone._record_history(self._resampled_history(player_id, initial, flipped + world.stock))
        return clone

    def _resampled_history(self, player_id: int, hands: tuple[int, ...], stock: tuple[int, ...]
                           ) -> list[tuple[int, int]]:
        """This state's history with the running round's deal replaced: ``player_id``'s own
        dealt cards and the field as they were, the other seats' dealt ``hands`` and the
        ``stock`` (in turn-over order) as resampled."""
        config = self._core.game.config
        offsets = self._core.game.hand_offsets
        full = [(int(step.player), int(step.action)) for step in self.full_history()]
        chance = int(pyspiel.PlayerId.CHANCE)
        end = max(i for i, (player, _) in enumerate(full) if player == chance) + 1
        start = end - len(config.deck_cards)  # the running round's deal, card by card
        dealt = [action for _, action in full[start:end]]
        cards = dealt[: config.field_size]
        for seat in range(config.players):
            own = dealt[offsets[seat] : offsets[seat + 1]]
            cards += own if seat == player_id else cards_of(hands[seat])
        cards += stock
        assert sorted(cards) == sorted(dealt), "a resampled deal must use the same cards"
        return full[:start] + [(chance, card) for card in cards] + full[end:]

    def _record_history(self, history: list[tuple[int, int]]) -> None:
        """Give this state OpenSpiel's ``history`` (and move number) without playing it: its
        content was set directly (``resample_from_infostate``)."""
        self._recording = [player for player, _ in history]
        self._recorded = 0
        try:
            for _, action in history:
                self.apply_action(action)
        finally:
            self._recording = None


def _round_start(log: list[LogEntry]) -> LogEntry:
    for entry in reversed(log):
        if entry[0] == "round":
            return entry
    raise AssertionError("no round was dealt")


def _teyaku_consistent(config: Config, rnd: Round, log: list[LogEntry], hands: tuple[int, ...]) -> bool:
    """Whether dealt ``hands`` agree with who was asked about teyaku so far (RULES.md §4.2)."""
    if not config.teyaku:
        return True
    asked: set[int] = set()
    for entry in reversed(log):
        if entry[0] == "round":
            break
        if entry[0] == "move" and entry[2] & 3 in (EXPOSE, KEEP):
            asked.add(entry[1])
    if rnd.phase == PHASE_TEYAKU:
        asked.add(rnd.seat)
        settled = list(rnd.order[: rnd.order.index(rnd.seat) + 1])
    else:
        settled = list(rnd.order)
    chaff = CHAFF & config.deck
    values = config.teyaku_values  # RULES.md §4.2: a hand with a teyaku value is asked
    return all((values[(hands[s] & chaff).bit_count()] > 0) == (s in asked) for s in settled)
