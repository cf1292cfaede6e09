"""A trained policy as an ``Agent`` (issue 32): ``PolicyFunctionAgent`` shows the policy what
the envs show a learner, plays the move of the action it returns, and the arena measures it
beside named bots on duplicate deals."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from hanafuda import Match
from hanafuda.agents.arena import paired_difference, run_arena
from hanafuda.engine.moves import format_action
from hanafuda.envs import EnvConfigError, HanafudaEnv, encode_view
from hanafuda.envs._shared import ActionLayout
from hanafuda.envs.agent import PolicyFunctionAgent, sb3_agent
from hanafuda.envs.encoding import NUM_ACTIONS

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def first_legal(observation: Obs, mask: Mask) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("layout", ["compact", "full"])
def test_the_agent_sees_what_the_envs_show_and_plays_the_chosen_action(layout: str) -> None:
    """At every decision the policy gets ``encode_view`` of the seat's view and the mask of
    the engine's legal actions in the layout; the move played is the chosen action's."""
    seen: list[tuple[Obs, Mask, int]] = []

    def last_legal(observation: Obs, mask: Mask) -> int:
        action = int(np.flatnonzero(mask)[-1])
        seen.append((observation, mask, action))
        return action

    agent = PolicyFunctionAgent(last_legal, action_space=layout)
    match = Match("kwa-do", 2, seed=4)
    checked = 0
    while match.to_move is not None:
        view = match.view(match.to_move)
        legal_actions = match.legal_actions()
        move = agent.choose(view, view.legal, random.Random(0))
        if len(view.legal) > 1:
            observation, mask, action = seen[-1]
            expected = ActionLayout(match.config, layout)
            assert np.array_equal(observation, encode_view(view, match.config))
            assert np.array_equal(mask, expected.mask(legal_actions))
            assert mask.size == (NUM_ACTIONS if layout == "full" else expected.size)
            assert move == format_action(expected.engine(action), match.config)
            checked += 1
        match.play(move)
    assert checked > 5


def test_an_illegal_pick_is_a_clear_error_and_bad_settings_are_refused() -> None:
    agent = PolicyFunctionAgent(lambda observation, mask: mask.size + 3, label="broken")
    match = Match("mushi", 2, seed=1)
    while match.to_move is not None:
        view = match.view(match.to_move)
        if len(view.legal) > 1:
            with pytest.raises(ValueError, match="broken: the policy chose action .* not legal"):
                agent.choose(view, view.legal, random.Random(0))
            break
        match.play(view.legal[0])
    with pytest.raises(EnvConfigError, match="action_space"):
        PolicyFunctionAgent(first_legal, action_space="tiny")
    with pytest.raises(EnvConfigError, match="callable"):
        PolicyFunctionAgent(42)  # type: ignore[arg-type]
    with pytest.raises(EnvConfigError, match="Stable-Baselines3 model"):
        sb3_agent(object())


def test_the_arena_measures_an_object_beside_names_and_compares_runs() -> None:
    """An ``Agent`` object in ``run_arena`` (seated in every rotation, named by its label),
    against a name; two runs of the same seed compare deal by deal as objects."""
    agent = PolicyFunctionAgent(first_legal, label="first-legal")
    result = run_arena("mushi", 2, [agent, "greedy"], deals=3, seed=2)
    assert result.agents == ["first-legal", "greedy"]
    assert [r.name for r in result.results] == ["first-legal", "greedy"]
    assert list(result.margins) == ["first-legal − greedy"]
    # the same policy as a plain function of the view plays the same games
    again = run_arena("mushi", 2, [PolicyFunctionAgent(first_legal, label="first-legal"), "greedy"],
                      deals=3, seed=2)
    assert again.to_json() == result.to_json()
    other = run_arena("mushi", 2, ["random", "greedy"], deals=3, seed=2)
    (diff,) = paired_difference(result, other)
    assert (diff.first, diff.second, diff.opponent, diff.units) == ("first-legal", "random", "greedy", 3)
    expected = np.mean(np.subtract(result.margins_by_unit["first-legal − greedy"],
                                   other.margins_by_unit["random − greedy"]))
    assert diff.mean == pytest.approx(expected)


def test_two_different_objects_under_one_label_are_refused() -> None:
    a = PolicyFunctionAgent(first_legal, label="mine")
    b = PolicyFunctionAgent(first_legal, label="mine")
    with pytest.raises(ValueError, match="both called 'mine'"):
        run_arena("mushi", 2, [a, b], deals=1)
    with pytest.raises(ValueError, match="both called 'greedy'"):
        run_arena("mushi", 2, ["greedy", PolicyFunctionAgent(first_legal, label="greedy")], deals=1)
    with pytest.raises(ValueError, match="agent name or an Agent object"):
        run_arena("mushi", 2, [a, 3], deals=1)  # type: ignore[list-item]


class FakeModel:
    """The parts of an SB3 model ``sb3_agent`` uses: spaces and ``predict`` with masks."""

    def __init__(self, n: int, dict_obs: bool = True, masked: bool = True) -> None:
        self.action_space = type("Discrete", (), {"n": n})()
        self.observation_space = type("Space", (), {"spaces": {}} if dict_obs else {})()
        self.calls: list[dict[str, Any]] = []
        if not masked:
            self.predict = self._predict_unmasked  # type: ignore[method-assign]

    def predict(self, obs: Any, deterministic: bool = False,
                action_masks: Any = None) -> tuple[Any, None]:
        self.calls.append({"obs": obs, "deterministic": deterministic, "masks": action_masks})
        return np.array([int(np.flatnonzero(action_masks[0])[0])]), None

    def _predict_unmasked(self, obs: Any, deterministic: bool = False) -> tuple[Any, None]:
        self.calls.append({"obs": obs, "deterministic": deterministic})
        mask = obs["action_mask"][0]
        return np.array([int(np.flatnonzero(mask)[0])]), None


def test_sb3_agent_hands_the_model_a_batch_of_one_with_its_mask() -> None:
    env = HanafudaEnv("mushi", players=2)
    compact = env.action_space.n
    model = FakeModel(compact)
    agent = sb3_agent(model, label="ppo")
    assert agent.label == "ppo" and agent.action_space == "compact"
    result = run_arena("mushi", 2, [agent, "random"], deals=1, seed=0)
    assert result.agents == ["ppo", "random"]
    call = model.calls[0]
    assert call["deterministic"] is True
    assert call["obs"]["observation"].shape == (1, env.observation_space["observation"].shape[0])
    assert call["masks"].dtype == np.bool_ and call["masks"].shape == (1, compact)
    assert sb3_agent(FakeModel(NUM_ACTIONS)).action_space == "full"
    unmasked = FakeModel(compact, masked=False)
    run_arena("mushi", 2, [sb3_agent(unmasked), "random"], deals=1, seed=0)
    assert "masks" not in unmasked.calls[0]
    wrong = sb3_agent(FakeModel(compact + 1), label="other-game")
    with pytest.raises(ValueError, match="other-game: the model has .* actions"):
        run_arena("mushi", 2, [wrong, "random"], deals=1)
