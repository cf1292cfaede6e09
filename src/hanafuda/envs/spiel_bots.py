"""OpenSpiel bots for ``evaluate_bots`` (issue 16, ``pip install hanafuda[openspiel]``).

OpenSpiel's ``evaluate_bots(state, bots, rng)`` calls ``restart_at`` on every bot before
the game and ``inform_action`` on the others after every action (chance outcomes, the
card-by-card deal, included).  OpenSpiel's Python ``ISMCTSBot`` has neither and fails
there; its C++ MCTS and ISMCTS bots do not run Python games at all.  This module gives:

- ``RestartableISMCTSBot``: OpenSpiel's Python ISMCTS with ``restart_at`` (drops the search
  tree) and ``inform_action`` (nothing to track: the bot searches afresh from each
  information state).  ``ismcts_bot(game, seed=…)`` builds one whose resampling is seeded,
  so ``evaluate_bots`` runs replay exactly.
- ``AgentBot``: a ``hanafuda`` bot (``random``, ``greedy``, ``strong`` or any ``Agent``)
  as an OpenSpiel bot; it decides from its seat's ``PlayerView`` only (DESIGN.md layer 4)::

    import numpy as np, pyspiel
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    import hanafuda.envs.openspiel
    from hanafuda.envs.spiel_bots import AgentBot, ismcts_bot

    game = pyspiel.load_game("python_hanafuda_mushi")
    bots = [ismcts_bot(game, seed=1, simulations=64), AgentBot(game, 1, "greedy", seed=2)]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]

from ..agents import Agent, StrongAgent, make_agent
from ..engine.action_space import from_engine
from ..engine.moves import parse_action
from .openspiel import HanafudaSpielError, HanafudaSpielState

__all__ = ["AgentBot", "RestartableISMCTSBot", "ismcts_bot"]


class RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc, unused-ignore]
    """OpenSpiel's Python ISMCTS with the two methods ``evaluate_bots`` calls."""

    def restart_at(self, state: Any) -> None:
        """A new game: forget the search tree."""
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: every ``step`` searches anew from the information state."""

    def inform_actions(self, state: Any, actions: list[int]) -> None:
        """Nothing to do (simultaneous moves do not occur in these games)."""


def ismcts_bot(game: Any, seed: int = 0, simulations: int = 64, uct_c: float = 100.0,
               rollouts: int = 1) -> RestartableISMCTSBot:
    """A seeded ``RestartableISMCTSBot``: random-rollout evaluation, and resampling of the
    hidden cards (``resample_from_infostate``) from a seeded sampler.

    Scores are card points, so ``uct_c`` is on their scale (tens to a hundred, not √2).
    """
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts,
                                            random_state=np.random.RandomState(seed))
    bot = RestartableISMCTSBot(game, evaluator, uct_c=uct_c, max_simulations=simulations,
                               random_state=np.random.RandomState(seed + 1))
    sampler = pyspiel.UniformProbabilitySampler(seed + 2, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


class AgentBot(pyspiel.Bot):  # type: ignore[misc]
    """A ``hanafuda`` agent playing ``player_id`` of an OpenSpiel hanafuda game.

    ``agent`` is an ``Agent`` or a name of ``make_agent`` (``strong`` runs on its iteration
    budget only, so games replay exactly); ``seed`` seeds its decisions, restarted by
    ``restart_at``.
    """

    def __init__(self, game: Any, player_id: int, agent: Agent | str, seed: int = 0) -> None:
        super().__init__()
        if not 0 <= player_id < game.num_players():
            raise HanafudaSpielError(f"player_id must be 0…{game.num_players() - 1}, not {player_id}")
        if isinstance(agent, Agent):
            self.agent = agent
        elif agent == "strong":
            self.agent = StrongAgent(time_limit=None)
        else:
            self.agent = make_agent(agent)
        self.player_id = player_id
        self.seed = seed
        self._rng = random.Random(seed)

    def restart_at(self, state: Any) -> None:
        """A new game: restart the decision generator from the seed."""
        self._rng = random.Random(self.seed)

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to track: each decision reads the seat's current view."""

    def step(self, state: Any) -> int:
        """The agent's move from the seat's ``PlayerView``, as an action of the fixed space."""
        if not isinstance(state, HanafudaSpielState):
            raise HanafudaSpielError(f"AgentBot plays hanafuda states, not {type(state).__name__}")
        match = state.match
        if match is None or match.to_move != self.player_id:
            raise HanafudaSpielError(f"player {self.player_id} is not to move at this state")
        view = match.view(self.player_id)
        move = self.agent.choose(view, view.legal, self._rng)
        return from_engine(parse_action(move, match.config))
