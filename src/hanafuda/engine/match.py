"""A match: rounds in sequence, the next dealer, totals, the end and the winners (RULES.md §6).

``MatchCore`` is the engine's match; the public ``hanafuda.Match`` adds views and records::

    m = Match("mushi", 2, seed=7)          # first dealer drawn, first round dealt
    m.to_move, m.legal_moves()             # whose decision, canonical strings sorted
    m.play("play pine-crane")              # checked: IllegalMoveError names position + legal moves
    m.apply(action)                        # unchecked fast path (ints from legal_actions())
    m.round_over → m.next_round()          # deal the next round (seeded or explicit)
    m.view(seat), m.results, m.totals, m.finished, m.winners
    m.submit(seat, "play pine-crane")     # a seat's move as its view shows it: applied, or
                                           # queued while a hidden teyaku decision is pending

The queued play (``submit``): while a seat decides on its Hana-Awase teyaku, every other seat
sees the first turn due (RULES.md §4.2; ``engine.visibility``), so the seat that plays first may
send its play before the decision is made.  The match checks it against that seat's view, keeps it
(one per seat), and applies it by itself as soon as no hidden decision is pending — right after the
decision, whoever made it and through whichever method (``submit``, ``play`` or ``apply``).  If it
is no longer legal then (an exposed teyaku changed what the card takes) it is dropped, and the
``Submission`` of the call that made the decision says so (``QueuedPlayDropped``).  A queued play
is seen by its own seat only (``PlayerView.queued``) and by everyone once applied; the record lists
it where it was applied, so RULES.md §8 records stay valid.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..rules import Config, RoundScore, configure
from .deal import Deal, deal_from_rng, draw_first_dealer
from .moves import IllegalMoveError, MoveError, format_action
from .round import PHASE_OVER, PHASE_TEYAKU, Round
from .visibility import as_settled, hidden_from

__all__ = ["AlreadyQueuedError", "MatchCore", "MatchError", "PlayMade", "QueuedPlayDropped",
           "Submission", "SubmitStatus", "next_dealer"]


class MatchError(ValueError):
    """A match-level misuse: a deal when none is due, a wrong dealer, a move between rounds."""


class AlreadyQueuedError(IllegalMoveError):
    """A seat sent a second play while its first waits for the deal to settle (``submit``)."""


class SubmitStatus(StrEnum):
    """What ``MatchCore.submit`` did with a move."""

    APPLIED = "applied"  # it was the seat's decision: made now
    QUEUED = "queued"  # another seat's hidden decision is pending: made as soon as it is made


@dataclass(frozen=True)
class PlayMade:
    """A move the match applied: by whom, as text and as the engine's action; ``queued``: a play
    that waited for the deal to settle and was made by the match itself."""

    seat: int
    move: str
    action: int
    queued: bool = False


@dataclass(frozen=True)
class QueuedPlayDropped:
    """A queued play the match could not make once the deal settled: ``reason`` says why (to tell
    its seat), ``legal`` lists that seat's legal moves now (it chooses again)."""

    seat: int
    move: str
    reason: str
    legal: tuple[str, ...]

    @property
    def still_its_turn(self) -> bool:
        """Why it was dropped, for an adapter to say in its own words (RULES.md §4.2): True when the
        seat is still to move and the play is no longer legal (an exposed teyaku changed what the
        card takes: it chooses again from ``legal``), False when its turn has passed."""
        return bool(self.legal)


@dataclass(frozen=True)
class Submission:
    """The answer to ``MatchCore.submit``: ``status`` of the submitted move, and every move this
    call applied in order (the submitted one first when applied, then any queued play it released)
    and every queued play it dropped (each adapter tells that play's seat)."""

    seat: int
    move: str
    status: SubmitStatus
    applied: tuple[PlayMade, ...] = ()
    dropped: tuple[QueuedPlayDropped, ...] = ()


def next_dealer(config: Config, rnd: Round) -> int:
    """RULES.md §6: the side with the highest round score deals next.

    On a tie, the dealer keeps the deal if their side is among the tied; otherwise
    the tied side whose player comes earliest in this round's turn order.  In team
    play the deal goes to that team's first player in turn order (the dealer stays
    if their team won).  A game may choose another rule (``Config.dealer_rule``, Koi-Koi's
    ``next_dealer`` option): ``dealer`` keeps the same dealer, ``alternate`` passes the deal
    to the next player in play direction.
    """
    assert rnd.result is not None
    if config.dealer_rule == "dealer":
        return rnd.dealer
    if config.dealer_rule == "alternate":
        return (rnd.dealer + config.game.direction) % config.players
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
        self.queued: dict[int, tuple[int, str]] = {}
        """Plays waiting for the deal to settle, by seat: (action, text) (``submit``)."""
        self.released: list[PlayMade | QueuedPlayDropped] = []
        """Queued plays made or dropped by the match, not yet taken (``take_released``)."""
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
        self.queued.clear()  # a queued play belongs to its round (never left over: see submit)
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
        if self.queued and rnd.phase != PHASE_TEYAKU:
            self._release()

    # -- what a seat sees of the decision, and the queued play ---------------------------------

    def seen_to_move(self, seat: int | None) -> int | None:
        """The seat to move as ``seat`` (None: a spectator) may see it: during another seat's
        teyaku decision, the seat that plays first (RULES.md §4.2, ``visibility.hidden_from``)."""
        if self.finished:
            return None
        rnd = self.current
        if hidden_from(rnd, seat):
            return rnd.order[0]
        return rnd.to_move

    def seen_legal_moves(self, seat: int) -> list[str]:
        """The legal moves ``seat``'s view lists: its own decision's, or — while another seat's
        hidden decision is pending and the first turn looks due to ``seat`` — those of that turn
        as if nobody held a teyaku; none while a play of ``seat`` is queued or it is not to move."""
        if seat in self.queued or self.seen_to_move(seat) != seat:
            return []
        if self.to_move == seat:
            return self.legal_moves()
        return as_settled(self.current).legal_moves()

    def queued_move(self, seat: int) -> str | None:
        """``seat``'s play waiting for the deal to settle, or None."""
        found = self.queued.get(seat)
        return found[1] if found is not None else None

    def submit(self, seat: int, text: str) -> Submission:
        """``seat``'s move as its own view shows the table: applied if the decision is really
        ``seat``'s, else — while another seat's hidden teyaku decision is pending and the first
        turn looks due to ``seat`` (RULES.md §4.2) — checked against ``seat``'s legal moves and
        queued, to be made as soon as no hidden decision is pending (module docstring).

        The one entry point for a person or a bot at a table (web, terminal); envs and records
        act only for the seat really to move and use ``play``/``apply``, which release queued
        plays the same way.  Raises ``MalformedMoveError``/``IllegalMoveError`` (nothing
        changes): a move not legal in ``seat``'s view, ``seat`` not to move as it sees the table
        (the message names only what ``seat`` may see), or ``AlreadyQueuedError``.
        """
        if not 0 <= seat < self.config.players:
            raise MatchError(f"seat {seat} is not at this table (seats are 0..{self.config.players - 1})")
        self.take_released()  # notices of earlier calls are not this call's
        text = text.strip()
        seen = self.seen_to_move(seat)
        if seat in self.queued:
            raise AlreadyQueuedError(
                "your play waits for the deal to settle already; it cannot be replaced:", text,
                self._seen_position(seat), [])
        if self.finished or seen != seat:
            if self.finished or seen is None:
                self.parse(text)  # raises: malformed, or no move is possible now
            raise IllegalMoveError(f"seat {seat} is not to move (seat {seen} is):", text,
                                   self._seen_position(seat), [])
        mine = self.to_move == seat
        try:
            action = self.parse(text) if mine else as_settled(self.current).parse(text)
        except MoveError as exc:  # told where the match stands as the seat sees it
            raise type(exc)(exc.reason, exc.move, self._seen_position(seat), exc.legal) from None
        if mine:
            self.apply(action)
            made = PlayMade(seat, format_action(action, self.config), action)
            return self._answer(seat, text, SubmitStatus.APPLIED, (made,))
        self.queued[seat] = (action, format_action(action, self.config))
        return self._answer(seat, text, SubmitStatus.QUEUED, ())

    def take_released(self) -> tuple[PlayMade | QueuedPlayDropped, ...]:
        """The queued plays the match made or dropped since last asked (a caller of ``play`` or
        ``apply`` that made a decision reads them here; ``submit`` includes them in its answer)."""
        out = tuple(self.released)
        self.released.clear()
        return out

    def _answer(self, seat: int, text: str, status: SubmitStatus,
                applied: tuple[PlayMade, ...]) -> Submission:
        released = self.take_released()
        return Submission(seat, text, status,
                          applied + tuple(r for r in released if isinstance(r, PlayMade)),
                          tuple(r for r in released if isinstance(r, QueuedPlayDropped)))

    def _seen_position(self, seat: int) -> str:
        """Where the match stands as ``seat`` sees it, for its error messages: no move number
        (it counts every teyaku decision, kept ones too, RULES.md §4.2)."""
        if self.finished:
            return "the match is over"
        seen = self.seen_to_move(seat)
        if seen is None:
            return f"round {len(self.rounds)} (round over)"
        return f"round {len(self.rounds)} (seat {seen} to move)"

    def _release(self) -> None:
        """No hidden decision is pending any more: make each queued play that is legal now, drop
        the others (``QueuedPlayDropped``).  Called by ``apply``."""
        queued, self.queued = self.queued, {}
        for seat, (action, text) in sorted(queued.items()):
            if self.to_move == seat and action in self.legal_actions():
                self.apply(action)
                self.released.append(PlayMade(seat, text, action, queued=True))
                continue
            if self.to_move == seat:
                reason = (f"{text!r} is no longer legal once the deal settled (an exposed teyaku "
                          "changed what the card takes, RULES.md §4.2); please choose again")
            else:
                reason = f"{text!r} could not be made: it is no longer your turn"
            self.released.append(QueuedPlayDropped(seat, text, reason,
                                                   tuple(self.seen_legal_moves(seat))))

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
