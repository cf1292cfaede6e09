"""A match: rounds in sequence, the next dealer, totals, the end and the winners (RULES.md §6).

``MatchCore`` is the engine's match; the public ``hanafuda.Match`` adds views and records::

    m = Match("mushi", 2, seed=7)          # first dealer drawn, first round dealt
    m.to_move, m.legal_moves()             # whose decision, canonical strings sorted
    m.play("play pine-crane")              # checked: IllegalMoveError names position + legal moves
    m.apply(action)                        # unchecked fast path (ints from legal_actions())
    m.round_over → m.next_round()          # deal the next round (seeded or explicit)
    m.view(seat), m.results, m.totals, m.finished, m.winners
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

from ..rules import Config, RoundScore, configure
from .deal import Deal, deal_from_rng, draw_first_dealer
from .moves import IllegalMoveError
from .round import PHASE_OVER, Round

__all__ = ["MatchCore", "MatchError", "next_dealer"]


class MatchError(ValueError):
    """A match-level misuse: a deal when none is due, a wrong dealer, a move between rounds."""


def next_dealer(config: Config, rnd: Round) -> int:
    """RULES.md §6: the side with the highest round score deals next.

    On a tie, the dealer keeps the deal if their side is among the tied; otherwise
    the tied side whose player comes earliest in this round's turn order.  In team
    play the deal goes to that team's first player in turn order (the dealer stays
    if their team won).
    """
    assert rnd.result is not None
    scores = rnd.result.scores
    best = max(scores)
    top = {side for side, score in enumerate(scores) if score == best}
    if config.side_of[rnd.dealer] in top:
        return rnd.dealer
    for seat in rnd.order:
        if config.side_of[seat] in top:
            return seat
    raise AssertionError("no seat of a winning side")


class MatchCore:
    """A match of one game: a sequence of rounds with running totals.

    This is the engine's half of a match.  The public ``hanafuda.Match`` (``records.Match``)
    is this class plus ``view(seat)``, ``to_record()`` and ``from_record()``, which belong to
    the views and records layers above the engine (docs/architecture.md).
    """

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        deal: Deal | None = None,
        config: Config | None = None,
    ) -> None:
        """Create a match and deal its first round.

        ``seed`` makes the match reproducible card for card: the first dealer is
        drawn (unless ``dealer`` is given) and every round is dealt from it.  An
        explicit ``deal`` (with its dealer) is used for the first round instead.
        """
        self.config = config if config is not None else configure(game, players, dict(options or {}))
        self.seed = seed if seed is not None else secrets.randbits(63)
        self.rng = random.Random(self.seed)
        self.rounds: list[Round] = []
        self.deals: list[Deal] = []
        self.totals: list[int] = [0] * self.config.num_sides
        self.finished = False
        self.first_draw: list[int] = []
        if deal is None:
            if dealer is None:
                dealer, self.first_draw = draw_first_dealer(self.config, self.rng)
            elif not 0 <= dealer < players:
                raise MatchError(f"dealer {dealer} is not a seat (seats are 0..{players - 1})")
        self.next_round(deal, dealer=dealer)

    # -- the flow ------------------------------------------------------------------------------

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    @property
    def round_over(self) -> bool:
        return self.current.over

    @property
    def due_dealer(self) -> int | None:
        """The dealer of the next round (§6), or None if a round runs or the match is over."""
        if self.finished or not self.rounds or not self.current.over:
            return None
        return next_dealer(self.config, self.current)

    def next_round(self, deal: Deal | None = None, *, dealer: int | None = None) -> Round:
        """Deal the next round: ``deal`` if given (checked, RULES.md §9), else from the seed."""
        if self.finished:
            raise MatchError("the match is over; no further round can be dealt")
        if self.rounds:
            if not self.current.over:
                raise MatchError("the current round is still in play")
            dealer = next_dealer(self.config, self.current)
            if deal is not None and deal.dealer != dealer:
                raise MatchError(
                    f"wrong dealer {deal.dealer}: seat {dealer} deals this round (RULES.md §6)"
                )
        if deal is None:
            assert dealer is not None
            deal = deal_from_rng(self.config, dealer, self.rng)
        else:
            deal.validate(self.config)
        rnd = Round(self.config, deal.dealer, deal.hand_masks(), deal.field_mask(), deal.stock)
        self.deals.append(deal)
        self.rounds.append(rnd)
        if rnd.over:  # cannot happen with §2's deals, kept for safety of explicit deals
            self._round_finished()
        return rnd

    def _round_finished(self) -> None:
        result = self.current.result
        assert result is not None
        for side, score in enumerate(result.scores):
            self.totals[side] += score
        cfg = self.config
        if cfg.target is not None and max(self.totals) >= cfg.target:
            self.finished = True
        if cfg.rounds_limit is not None and len(self.rounds) >= cfg.rounds_limit:
            self.finished = True

    # -- decisions -----------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to decide, or None between rounds and after the match (RULES.md §9)."""
        if self.finished:
            return None
        return self.rounds[-1].to_move

    def legal_actions(self) -> list[int]:
        return [] if self.finished else self.rounds[-1].legal_actions()

    def legal_moves(self) -> list[str]:
        return [] if self.finished else self.current.legal_moves()

    def position(self) -> str:
        """Where the match stands, for error messages: round and move number, seat to move."""
        return f"round {len(self.rounds)}, {self.current.describe_position()}"

    def parse(self, text: str) -> int:
        """The action for a legal move string; ``MalformedMoveError`` / ``IllegalMoveError`` if not."""
        if self.finished:
            raise IllegalMoveError("the match is over; no move is possible:", text,
                                   self.position(), [])
        return self.current.parse(text, f"round {len(self.rounds)}, ")

    def play(self, text: str) -> int:
        """Apply a move string, checked (RULES.md §7). Returns the action."""
        action = self.parse(text)
        self.apply(action)
        return action

    def apply(self, action: int) -> None:
        """Apply a legal action without checking it (the fast path for simulation)."""
        rnd = self.rounds[-1]
        rnd.apply(action)
        if rnd.phase == PHASE_OVER:
            self._round_finished()

    # -- results -------------------------------------------------------------------------------

    @property
    def results(self) -> list[RoundScore]:
        """Scores of the finished rounds."""
        return [r.result for r in self.rounds if r.result is not None]

    @property
    def winners(self) -> list[int]:
        """Sides with the highest total once the match is over (equal totals share the win)."""
        if not self.finished:
            return []
        best = max(self.totals)
        return [side for side, total in enumerate(self.totals) if total == best]
