"""The ``pyspiel.Game`` of a hanafuda game: its type, sizes, utility bounds and observer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pyspiel  # type: ignore[import-not-found, unused-ignore]

from ...rules import Config, Game
from .._shared import score_bounds
from ..encoding import NUM_ACTIONS
from .observer import Observer
from .params import HanafudaSpielError, game_parameters, options_from_params, short_name
from .state import HanafudaSpielState

__all__ = ["HanafudaSpielGame", "game_type"]


def game_type(game: type[Game], utility: Any) -> Any:
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
        players, rounds, options = options_from_params(game, params)
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
        super().__init__(game_type(game, utility), info, {**game_parameters(game), **params})
        self.config = config
        """The hanafuda ``Config`` (game, players, resolved options)."""
        self.rounds = rounds
        self.hanafuda_options = options
        """The options the engine was configured with (``rounds`` and ``target`` included)."""
        self.hand_offsets = _hand_offsets(config)

    def new_initial_state(self) -> HanafudaSpielState:
        return HanafudaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise HanafudaSpielError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise HanafudaSpielError(
                "only a seat's own observation is supported (public info with the seat's private info)"
            )
        return Observer(self.config, bool(iig_obs_type.perfect_recall))


def _hand_offsets(config: Config) -> tuple[int, ...]:
    """Deal positions where each seat's hand starts (the field comes first, RULES.md §2)."""
    return tuple(config.field_size + seat * config.hand_size for seat in range(config.players + 1))
