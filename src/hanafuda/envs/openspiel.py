"""OpenSpiel adapter: the five games as Python ``pyspiel`` games (issue 7, ``hanafuda[openspiel]``).

Importing this module registers one game per hanafuda game with ``pyspiel``::

    python_hanafuda_min_hwatu    python_hanafuda_hana_awase    python_hanafuda_kwa_do
    python_hanafuda_hawaiifuda   python_hanafuda_mushi

    import pyspiel
    import hanafuda.envs.openspiel  # registers the games
    game = pyspiel.load_game("python_hanafuda_mushi", {"rounds": 1})

Only this module imports ``pyspiel``; the rest of ``hanafuda`` works without OpenSpiel.

**Parameters.** ``players`` (the game's player counts, RULES.md §2), ``rounds`` (rounds
played, default 1; the game ends after them, so the match option ``target`` is not used)
and every game option whose values are bool, int or string (RULES.md §4, §8), under its
option name with its default.  Kwa-Dō's ``teams`` is a string: ``""`` for none, else
sides of seats such as ``"0+2/1+3"``.

**Chance: the deal, card by card** (the usual OpenSpiel model of a shuffled deck).  Before
the first round a chance node picks the first dealer, uniformly: in the draw of RULES.md §2
every seat draws from the same shuffled deck, so each is equally likely to draw the
deciding card.  Each round is then dealt by chance nodes that each give out one card,
uniformly from the undealt ones (outcome = card id 0…47): first the field (face up, so
public), then each seat's hand in seat order, then the stock in turn-over order.  This is
a uniform shuffle, as RULES.md §2 deals.  A field that is a misdeal under the options
(four of a month with ``four_on_field=redeal``, Mushi's own misdeals) is dealt again, as
§2 redeals it; the redealt field is public and stays in the history.

**Actions** are the fixed space of ``hanafuda.envs.encoding`` (``NUM_ACTIONS`` = 2,786);
``action_to_string`` gives the RULES.md §7 move string.

**Returns** at the end are each seat's side total of the rounds played — the round score
of RULES.md §4 for the seat's side (the team's score in team games), 0 before the end.
``min_utility``/``max_utility`` are safe bounds derived from the score formulas
(``score_bounds``).

**Observations.**  Both tensors are ``encode_view`` of the seat's ``PlayerView`` (the
information-state tensor therefore summarises the position; it does not spell out the
history).  While a deal is in progress the tensor holds only the cards dealt so far to
the seat (``hand`` block) and to the field (``field`` block).  The observation string is
the seat's current view; the information-state string is the seat's view plus everything
it has seen: the dealers and redeals, its own dealt hands, every decision in order (the
seat's own as move strings, the others' as the public events they caused — a Hana-Awase
``keep`` of another seat is shown only as the fact that the seat decided) — and is equal
exactly for the histories that seat cannot tell apart (up to the order in which its own
hand cards were dealt, which, as in OpenSpiel's card games, is not part of it).

``resample_from_infostate`` uses ``hanafuda.agents.determinize`` (the bots' sampler) and
draws the other hands and the stock again from the cards the player cannot see.

**Search.**  OpenSpiel's Python ISMCTS and MCTS run on these games (its C++ search bots do
not run Python games).  The Python ISMCTS passes a freshly, randomly seeded sampler to every
resample; for reproducible searches give it a seeded one::

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=100.0, max_simulations=64,
                           random_state=np.random.RandomState(1))
    sampler = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    action = bot.step(state)        # at a state where a seat is to move

Scores are points, so ``uct_c`` is on their scale (tens to a hundred, not √2).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found, unused-ignore]

from ..agents.determinize import determinize
from ..cards import CHAFF, CODES, cards_of, mask_of
from ..engine.action_space import from_engine, to_engine
from ..engine.deal import Deal, misdeal_reason
from ..engine.moves import EXPOSE, KEEP, format_action
from ..engine.round import EV_COLLECT, EV_DECLARE, EV_KEEP, PHASE_TEYAKU, Round
from ..records import Match
from ..rules import GAMES, Config, Game
from ..rules.options import OptionError
from ..views import PlayerView, phase_name, view_of
from ._shared import score_bounds
from .encoding import NUM_ACTIONS, encode_view, observation_blocks, observation_size

__all__ = [
    "GAME_CLASSES",
    "GAME_NAMES",
    "HanafudaSpielError",
    "HanafudaSpielGame",
    "HanafudaSpielState",
    "game_parameters",
    "score_bounds",
    "short_name",
    "view_text",
]

PREFIX = "python_hanafuda_"
DEFAULT_ROUNDS = 1
_TEYAKU_CHAFF = 6  # RULES.md §4.2: a hand with six or more chaff may expose teyaku
_RESAMPLE_TRIES = 10_000


class HanafudaSpielError(ValueError):
    """A misuse of the OpenSpiel adapter: an illegal action or chance outcome, a bad parameter,
    a resample where no seat is to move."""


def short_name(game_id: str) -> str:
    """The ``pyspiel`` short name of a game (``mushi`` → ``python_hanafuda_mushi``)."""
    return PREFIX + game_id.replace("-", "_")


GAME_NAMES: dict[str, str] = {short_name(gid): gid for gid in GAMES}
"""``pyspiel`` short name → hanafuda game id."""


# -- parameters ---------------------------------------------------------------------------------


def game_parameters(game: type[Game]) -> dict[str, int | bool | str]:
    """The ``pyspiel`` parameters of a game with their defaults (module docstring).

    ``players`` (the smallest count of RULES.md §2), ``rounds`` and the options of
    RULES.md §4/§8 that a ``pyspiel`` parameter can hold.
    """
    params: dict[str, int | bool | str] = {"players": min(game.player_counts()), "rounds": DEFAULT_ROUNDS}
    for spec in game.option_specs():
        if spec.name in ("rounds", "target"):
            continue
        if spec.kind == "teams":
            params[spec.name] = ""
        elif spec.kind == "choice" and isinstance(spec.default, (bool, int, str)):
            params[spec.name] = spec.default
        else:  # pragma: no cover - every option of the five games is handled above
            raise AssertionError(f"option {spec.name} of {game.id} has no pyspiel form")
    return params


def _parse_teams(text: str) -> list[list[int]] | None:
    """``"0+2/1+3"`` → ``[[0, 2], [1, 3]]``; ``""`` → None (Kwa-Dō teams, RULES.md §4.3)."""
    if not text.strip():
        return None
    sides = []
    for side in text.split("/"):
        try:
            sides.append([int(seat) for seat in side.split("+")])
        except ValueError:
            raise OptionError(
                f"option 'teams': bad value {text!r}; write sides of seats like \"0+2/1+3\""
            ) from None
    return sides


def _options_from_params(game: type[Game], params: Mapping[str, Any]) -> tuple[int, int, dict[str, Any]]:
    """Players, rounds and the hanafuda options given by ``pyspiel`` parameters."""
    defaults = game_parameters(game)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise HanafudaSpielError(
            f"unknown parameter {unknown[0]!r} for {short_name(game.id)}; "
            f"parameters are: {', '.join(sorted(defaults))}"
        )
    players = params.get("players", defaults["players"])
    rounds = params.get("rounds", defaults["rounds"])
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise HanafudaSpielError(f"parameter 'rounds' must be an integer ≥ 1, not {rounds!r}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise HanafudaSpielError(f"parameter 'players' must be an integer, not {players!r}")
    options: dict[str, Any] = {"rounds": rounds, "target": None}
    for name, default in defaults.items():
        if name in ("players", "rounds") or name not in params or params[name] == default:
            continue
        value = params[name]
        options[name] = _parse_teams(value) if name == "teams" else value
    return players, rounds, options


# -- the game ---------------------------------------------------------------------------------


def _game_type(game: type[Game], utility: Any) -> Any:
    counts = game.player_counts()
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Python Hanafuda {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_parameters(game),
    )


class HanafudaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One hanafuda game as a ``pyspiel.Game`` (module docstring for the model).

    Each game has its own subclass (``GAME_CLASSES``), the creator ``pyspiel`` calls.
    """

    hanafuda_game: ClassVar[type[Game]]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.hanafuda_game
        params = dict(params or {})
        players, rounds, options = _options_from_params(game, params)
        config = game.configure(players, options)
        equal_sides = len({len(side) for side in config.sides}) == 1
        zero_sum = game.zero_sum(config.options) and equal_sides
        utility = (pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                   else pyspiel.GameType.Utility.GENERAL_SUM)
        low, high = score_bounds(config)
        # Decisions per round: teyaku, every hand card played, at most one take per turn-over.
        per_round = players + 2 * players * config.hand_size + config.stock_size
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=48,
            num_players=players,
            min_utility=float(low * rounds),
            max_utility=float(high * rounds),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=per_round * rounds,
        )
        super().__init__(_game_type(game, utility), info, {**game_parameters(game), **params})
        self.config = config
        """The hanafuda ``Config`` (game, players, resolved options)."""
        self.rounds = rounds
        self.hanafuda_options = options
        """The options the engine was configured with (``rounds`` and ``target`` included)."""
        self.hand_offsets = _hand_offsets(config)

    def new_initial_state(self) -> HanafudaSpielState:
        return HanafudaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise HanafudaSpielError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise HanafudaSpielError(
                "only a seat's own observation is supported (public info with the seat's private info)"
            )
        return _Observer(self.config, bool(iig_obs_type.perfect_recall))


def _hand_offsets(config: Config) -> tuple[int, ...]:
    """Deal positions where each seat's hand starts (the field comes first, RULES.md §2)."""
    return tuple(config.field_size + seat * config.hand_size for seat in range(config.players + 1))


# -- the state ----------------------------------------------------------------------------------

# Entries of the history log (rendered per seat by ``_Observer``):
#   ("dealer", seat)                       first dealer drawn (public)
#   ("round", number, dealer, field, hands) a round dealt: field mask, dealt hand masks by seat
#   ("redeal", field)                      a misdealt field, dealt again (public)
#   ("start", events)                      events of the deal itself (dealer captures fours)
#   ("move", seat, engine action, events)  a decision and the public events it caused
#   ("end", scores)                        a round's scores by side
LogEntry = tuple[Any, ...]


class _Core:
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

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        other = _Core.__new__(_Core)
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
    return other


class HanafudaSpielState(pyspiel.State):  # type: ignore[misc]
    """A state of a hanafuda game: a deal in progress or a running ``Match`` (module docstring)."""

    def __init__(self, game: HanafudaSpielGame) -> None:
        super().__init__(game)
        self._core = _Core(game)
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
            lines.append(f"hand {seat}: {_codes(hand)}")
        lines.append(f"field: {_codes(rnd.field)}")
        lines.append(f"stock: {' '.join(CODES[c] for c in rnd.stock_remaining())}")
        for side, cap in enumerate(rnd.captures):
            lines.append(f"captures {side}: {_codes(cap)}")
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
    return all(((hands[s] & chaff).bit_count() >= _TEYAKU_CHAFF) == (s in asked) for s in settled)


# -- observations -------------------------------------------------------------------------------


def _codes(mask: int) -> str:
    return " ".join(CODES[c] for c in cards_of(mask)) or "-"


def _event_text(config: Config, event: tuple[str, int, int, int]) -> str:
    kind, actor, card, mask = event
    if kind == EV_DECLARE:
        return f"{actor} declare {CODES[card]} {config.declarable[mask].id}"
    who = f"side {actor}" if kind == EV_COLLECT else str(actor)
    what = f" {CODES[card]}" if card >= 0 else ""
    return f"{who} {kind}{what} [{_codes(mask)}]"


def view_text(view: PlayerView) -> str:
    """A seat's view as text, everything but the history: the observation string."""
    parts = [
        f"seat {view.seat} round {view.round_number} dealer {view.dealer} phase {view.phase}",
        f"to move {view.to_move}",
        f"hand [{' '.join(view.hand.codes())}]",
        f"hand counts {list(view.hand_counts)}",
        f"field [{' '.join(view.field.codes())}]",
        f"stock {view.stock_count}",
        f"pending {view.pending} [{' '.join(view.pending_targets.codes())}]",
        "captures " + " | ".join(" ".join(c.codes()) for c in view.captures),
        "exposed " + " | ".join(" ".join(c.codes()) for c in view.exposed),
        f"discard [{' '.join(view.discard.codes())}]",
        f"declared {[list(d) for d in view.declared]}",
        f"teyaku {list(view.teyaku)}",
        f"wild {view.wild_side} {view.wild_month} lightning {view.lightning_user}",
        f"totals {list(view.totals)}",
    ]
    return "\n".join(parts)


def _now_text(match: Match, seat: int) -> str:
    """``view_text(view_of(match, seat))`` read straight from the round (a search asks for it
    at every step; the tests check that both agree)."""
    rnd = match.current
    cfg = match.config
    phase = phase_name(match)
    wild = rnd.wild_side >= 0
    pending = CODES[rnd.pending] if rnd.pending >= 0 else None
    declared = [[cfg.declarable[i].id for i in cards_of(mask)] for mask in rnd.declared]
    parts = [
        f"seat {seat} round {len(match.rounds)} dealer {rnd.dealer} phase {phase}",
        f"to move {match.to_move}",
        f"hand [{_join(rnd.hands[seat])}]",
        f"hand counts {[h.bit_count() for h in rnd.hands]}",
        f"field [{_join(rnd.field)}]",
        f"stock {rnd.stock_left}",
        f"pending {pending} [{_join(rnd.pending_targets)}]",
        "captures " + " | ".join(_join(c) for c in rnd.captures),
        "exposed " + " | ".join(_join(c) for c in rnd.exposed),
        f"discard [{_join(rnd.discard)}]",
        f"declared {declared}",
        f"teyaku {list(rnd.teyaku)}",
        f"wild {rnd.wild_side if wild else None} {rnd.wild_month if wild else None} "
        f"lightning {rnd.lightning_user if rnd.lightning_user >= 0 else None}",
        f"totals {list(match.totals)}",
    ]
    return "\n".join(parts)


def _join(mask: int) -> str:
    return " ".join(CODES[c] for c in cards_of(mask))


def _dealing_text(config: Config, core: _Core, seat: int, offsets: tuple[int, ...]) -> str:
    dealt = core.dealt
    field = mask_of(dealt[: config.field_size])
    own = mask_of(dealt[offsets[seat]:offsets[seat + 1]])
    return (f"dealing: dealer {core.dealer}, {len(dealt)} cards dealt, field [{_codes(field)}], "
            f"hand [{_codes(own)}]")


def _history_lines(config: Config, log: Iterable[LogEntry], seat: int) -> list[str]:
    lines = []
    for entry in log:
        kind = entry[0]
        if kind == "dealer":
            lines.append(f"first dealer {entry[1]}")
        elif kind == "redeal":
            lines.append(f"redeal field [{_codes(entry[1])}]")
        elif kind == "round":
            lines.append(f"round {entry[1]} dealer {entry[2]} field [{_codes(entry[3])}] "
                         f"hand [{_codes(entry[4][seat])}]")
        elif kind == "start":
            lines.extend(_event_text(config, e) for e in entry[1])
        elif kind == "move":
            actor, action, events = entry[1], entry[2], entry[3]
            shown = [_event_text(config, e) for e in events if e[0] != EV_KEEP or e[1] == seat]
            head = f"{actor}: {format_action(action, config)}" if actor == seat else f"{actor} decides"
            lines.append(" ; ".join([head, *shown]))
        elif kind == "end":
            lines.append(f"round scores {list(entry[1])}")
    return lines


class _Observer:
    """The observer ``pyspiel`` asks for strings and tensors (see ``open_spiel/python/observation.py``)."""

    def __init__(self, config: Config, perfect_recall: bool) -> None:
        self.config = config
        self.perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(observation_size(config), np.float32)
        self.dict = {"observation": self.tensor}
        offsets = {}
        pos = 0
        for name, size in observation_blocks(config):
            offsets[name] = pos
            pos += size
        self._hand_at = offsets["hand"]
        self._field_at = offsets["field"]

    def set_from(self, state: HanafudaSpielState, player: int) -> None:
        core = state._core
        if core.dealing:
            self.tensor.fill(0.0)
            if core.dealer >= 0:
                offsets = state._core.game.hand_offsets
                for card in core.dealt[offsets[player]:offsets[player + 1]]:
                    self.tensor[self._hand_at + card] = 1.0
                for card in core.dealt[: self.config.field_size]:
                    self.tensor[self._field_at + card] = 1.0
            return
        assert core.match is not None
        self.tensor[:] = encode_view(view_of(core.match, player), self.config)

    def string_from(self, state: HanafudaSpielState, player: int) -> str:
        core = state._core
        config = self.config
        if core.dealing:
            now = ("dealing: first dealer not drawn yet" if core.dealer < 0
                   else _dealing_text(config, core, player, state._core.game.hand_offsets))
        else:
            assert core.match is not None
            now = _now_text(core.match, player)
        if not self.perfect_recall:
            return now
        done, text = core.texts[player]
        if done < len(core.log):
            lines = _history_lines(config, core.log[done:], player)
            text = "\n".join([text, *lines]) if text else "\n".join(lines)
            core.texts[player] = (len(core.log), text)
        return f"{config.game.id} seat {player}\n{text}\nnow:\n{now}"


# -- registration --------------------------------------------------------------------------------


GAME_CLASSES: dict[str, type[HanafudaSpielGame]] = {}
"""``pyspiel`` short name → the game's ``HanafudaSpielGame`` subclass."""


def _register() -> None:
    # Classes, not closures, are registered: pyspiel's registry outlives the interpreter and
    # a creator freed at exit aborts the process (classes stay alive through their cycles).
    registered = set(pyspiel.registered_names())
    for game in GAMES.values():
        name = short_name(game.id)
        cls = type(f"{game.__name__}SpielGame", (HanafudaSpielGame,), {"hanafuda_game": game})
        GAME_CLASSES[name] = cls
        globals()[cls.__name__] = cls  # found by name, so states pickle (pyspiel serialization)
        if name in registered:
            continue
        defaults = {spec.name: spec.default for spec in game.option_specs()}
        utility = (pyspiel.GameType.Utility.ZERO_SUM if game.zero_sum(defaults)
                   else pyspiel.GameType.Utility.GENERAL_SUM)
        pyspiel.register_game(_game_type(game, utility), cls)


_register()
