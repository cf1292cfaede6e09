"""OpenSpiel's ``evaluate_bots`` with ISMCTS and the project's bots (issue 16,
``hanafuda.envs.spiel_bots``).  Skipped without ``open_spiel``, except in CI."""

from __future__ import annotations

import numpy as np
import pytest

from .optional import require

pyspiel = require("pyspiel", "openspiel")

from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

import hanafuda.envs.openspiel  # noqa: E402, F401  (registers the games)
from hanafuda.envs.openspiel import GAME_NAMES, HanafudaSpielError  # noqa: E402
from hanafuda.envs.spiel_bots import AgentBot, ismcts_bot  # noqa: E402


@pytest.mark.parametrize("name", list(GAME_NAMES))
def test_ismcts_against_a_project_bot_through_evaluate_bots(name: str) -> None:
    game = pyspiel.load_game(name)

    def run() -> list[float]:
        bots = [ismcts_bot(game, seed=1, simulations=8), AgentBot(game, 1, "greedy", seed=2)]
        return list(evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3)))

    returns = run()
    assert len(returns) == 2 and game.min_utility() <= returns[0] <= game.max_utility()
    assert run() == returns  # seeded bots and chance: the same game again


def test_agent_bots_restart_their_seeds_between_games() -> None:
    game = pyspiel.load_game("python_hanafuda_min_hwatu", {"players": 3})
    bots = [AgentBot(game, seat, "random", seed=seat) for seat in range(3)]
    first = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(7))
    again = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(7))
    assert list(first) == list(again) and len(first) == 3


def test_agent_bot_refuses_misuse() -> None:
    game = pyspiel.load_game("python_hanafuda_mushi")
    with pytest.raises(HanafudaSpielError, match="player_id"):
        AgentBot(game, 2, "greedy")
    bot = AgentBot(game, 1, "greedy")
    state = game.new_initial_state()
    with pytest.raises(HanafudaSpielError, match="not to move"):
        bot.step(state)  # a chance node: nobody decides
