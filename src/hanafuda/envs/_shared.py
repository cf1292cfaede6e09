"""What the PettingZoo and Gymnasium envs share: episode options, spaces, action checks, text.

Both envs run a ``Match`` (``hanafuda.engine.match``), observe it through one seat's
``PlayerView`` only (DESIGN.md layer 4) with ``hanafuda.envs.encoding``, and accept the
fixed action layout of ``hanafuda.engine.action_space``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import logger, spaces
from gymnasium.error import UnsupportedMode

from ..engine.action_space import NUM_ACTIONS, CompactActions, compact_actions, from_engine, to_engine
from ..engine.deal import Deal
from ..engine.moves import format_action
from ..records import Match
from ..rules.base import Config, RoundScore
from .encoding import observation_blocks

__all__ = [
    "ACTION_SPACES",
    "ActionLayout",
    "EnvConfigError",
    "IllegalActionError",
    "RENDER_MODES",
    "REWARD_MODES",
    "REWARD_TIMINGS",
    "check_observation_key",
    "check_reward_timing",
    "UnsupportedRenderMode",
    "check_reward_mode",
    "check_reward_scale",
    "check_reward_shaping",
    "capture_potentials",
    "REWARD_SHAPINGS",
    "side_rewards",
    "action_index",
    "check_render_mode",
    "deliver_render",
    "score_bounds",
    "totals_bounds",
    "deal_from_reset_options",
    "episode_options",
    "observation_space",
    "seat_rewards",
    "table_text",
]

RENDER_MODES = ("ansi", "human")
"""``ansi``: ``render()`` returns the table as text; ``human``: it prints that text."""

ACTION_SPACES = ("compact", "full")
"""``compact``: ``Discrete(k)`` over the k indices the configuration can ever use
(``engine.action_space.CompactActions``, 100–220 per game); ``full``: the fixed 2,788 layout
shared by every game (``NUM_ACTIONS``), for cross-game models and the OpenSpiel adapter."""

REWARD_MODES = ("score", "margin")
"""``score``: a side's round score (RULES.md §4, §6); ``margin``: that score minus the mean
of the other sides' scores, so the rewards of the sides sum to zero (``side_rewards``)."""

def score_bounds(config: Config) -> tuple[int, int]:
    """Safe bounds of one side's round score, from the score formulas of RULES.md §4.

    With P the deck's card points, Y the sum of every yaku's points (Hawaiʻifuda's
    combos are worth its 50-point penalty each), T the teyaku of every seat (the highest
    teyaku of the options, ``Config.max_teyaku``, §4.2) and S the number of sides, every
    side's round score lies in::

        [−(P + (S−1)·Y + T),  P + S·Y + (S−1)·T + 10]

    (card points 0…P, a par or floor of at most P, own yaku times at most S, the others'
    yaku, teyaku received and paid, Min-Hwatu's five-player dealer bonus of 10).  Loose,
    but no round can leave them.
    """
    sides = config.num_sides
    deck_points = config.deck_total
    yaku = sum(max(0, y.points) for y in config.yaku)
    teyaku = config.max_teyaku * config.players
    high = deck_points + sides * yaku + (sides - 1) * teyaku + 10
    low = -(deck_points + (sides - 1) * yaku + teyaku)
    return low, high


def totals_bounds(config: Config) -> tuple[float, float]:
    """Bounds of a side's match total: ``rounds`` times ``score_bounds`` when the match has a
    round limit (RULES.md §6), else unbounded (a target match can run on)."""
    if config.rounds_limit is None:
        return -np.inf, np.inf
    low, high = score_bounds(config)
    return float(config.rounds_limit * low), float(config.rounds_limit * high)


class IllegalActionError(ValueError):
    """An action that is not an integer of the action space, or not legal in the position (RULES.md §7)."""


class EnvConfigError(ValueError):
    """A bad environment setting: render mode, seat, opponent, agent name, reset options."""


class UnsupportedRenderMode(EnvConfigError, UnsupportedMode, TypeError):
    """A Gymnasium render mode these envs do not draw (``rgb_array``, ``depth_array`` …).

    It is Gymnasium's ``UnsupportedMode`` and, like a constructor that takes no
    ``render_mode``, a ``TypeError``: Stable-Baselines3's ``make_vec_env`` asks for
    ``rgb_array`` first and falls back to no render mode on a ``TypeError``.
    """


REWARD_TIMINGS = ("round_end", "episode_end")
REWARD_SHAPINGS = ("none", "card_points")
"""``reward_shaping`` of the PettingZoo envs: ``card_points`` adds potential-based shaping
(``capture_potentials``) whose rewards over a round sum to zero."""
"""When the multi-agent envs pay: at each round end (the default), or all at the episode end."""


class ActionLayout:
    """An env's action indices: the configuration's compact layout or the full one.

    ``size`` is the number of actions; ``full[i]`` the full (2,788-layout) index of action
    ``i``; ``index(engine)`` / ``engine(i)`` map to and from the engine's actions.
    """

    def __init__(self, config: Config, kind: str) -> None:
        if kind not in ACTION_SPACES:
            raise EnvConfigError(
                f"unknown action_space {kind!r}; action spaces are: {', '.join(ACTION_SPACES)}"
            )
        self.kind = kind
        self.config = config
        self.compact: CompactActions | None = compact_actions(config) if kind == "compact" else None
        self.size = NUM_ACTIONS if self.compact is None else self.compact.size
        self.full: npt.NDArray[np.int64] = (
            np.arange(NUM_ACTIONS, dtype=np.int64) if self.compact is None else self.compact.full
        )

    def index(self, engine_action: int) -> int:
        """The index of an engine action (one the configuration can play)."""
        if self.compact is None:
            return from_engine(engine_action)
        return self.compact.from_engine(engine_action)

    def engine(self, index: int) -> int:
        """The engine action of index ``index`` (``ValueError`` outside ``0 … size−1``)."""
        if self.compact is None:
            return to_engine(index)
        return self.compact.to_engine(index)

    def mask(self, legal: list[int]) -> npt.NDArray[np.int8]:
        """The ``int8`` mask over the layout of the engine's legal actions."""
        out = np.zeros(self.size, np.int8)
        for action in legal:
            out[self.index(action)] = 1
        return out


class MatchHolder:
    """An env's running match and its legal actions, computed once per decision (every env
    here holds one; ``_no_match`` is the error its API raises before the first reset)."""

    _match: Match | None = None
    _legal: list[int] | None = None

    def _no_match(self) -> Exception:
        return EnvConfigError("the env has no match yet: call reset() first")

    @property
    def match(self) -> Match:
        """The running match (the engine's full state: hidden cards included)."""
        if self._match is None:
            raise self._no_match()
        return self._match

    def _legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self.match.legal_actions()
        return self._legal


ILLEGAL_ACTION_MODES = ("raise", "end")


def check_illegal_action(mode: str) -> str:
    """``mode`` if it is one of ``ILLEGAL_ACTION_MODES`` (raise ``IllegalActionError``, or end
    the episode with ``illegal_reward``); ``EnvConfigError`` otherwise."""
    if mode not in ILLEGAL_ACTION_MODES:
        raise EnvConfigError(
            f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_MODES)}, not {mode!r}")
    return mode


def check_reward_timing(timing: str) -> str:
    """``timing`` if it is one of ``REWARD_TIMINGS``; ``EnvConfigError`` otherwise."""
    if timing not in REWARD_TIMINGS:
        raise EnvConfigError(
            f"unknown reward_timing {timing!r}; timings are: {', '.join(REWARD_TIMINGS)}"
        )
    return timing


def check_observation_key(key: str) -> str:
    """The name of the observation tensor in the observation dict (``"observation"``, or
    ``"observations"`` as RLlib's action-masking modules read it)."""
    if not isinstance(key, str) or not key or key == "action_mask":
        raise EnvConfigError(f"observation_key must be a non-empty name other than 'action_mask', "
                             f"not {key!r}")
    return key


def check_reward_scale(scale: float) -> float:
    """``scale`` as a float if it is finite and above zero; ``EnvConfigError`` otherwise.

    The envs multiply every reward by it: round scores run to about ±150 points
    (docs/research.md, reward scales), and a learner whose value loss is clipped (RLlib's PPO
    clips it at ``vf_clip_param=10``) or whose optimiser expects unit-sized returns wants them
    near ±1 (``reward_scale=0.01``)."""
    try:
        value = float(scale)
    except (TypeError, ValueError):
        raise EnvConfigError(f"reward_scale must be a number above zero, not {scale!r}") from None
    if not np.isfinite(value) or value <= 0:
        raise EnvConfigError(f"reward_scale must be a finite number above zero, not {scale!r}")
    return value


def check_reward_mode(reward: str) -> str:
    """``reward`` if it is one of ``REWARD_MODES``; ``EnvConfigError`` otherwise."""
    if reward not in REWARD_MODES:
        raise EnvConfigError(
            f"unknown reward {reward!r}; rewards are: {', '.join(REWARD_MODES)}"
        )
    return reward


def side_rewards(scores: npt.ArrayLike, reward: str) -> npt.NDArray[np.float64]:
    """Each side's reward for round scores ``scores`` (the last axis is the side).

    ``score``: the scores themselves (RULES.md §4).  ``margin``: a side's score minus the mean
    of the other sides' scores (two sides: the difference), which sums to zero over the sides
    — the zero-sum reward a general-sum game (Kwa-Dō's shared losses, Hana-Awase's par)
    needs for self-play algorithms that assume one.  With a single side, the margin is 0.
    """
    values = np.asarray(scores, dtype=np.float64)
    if reward == "score":
        return values
    sides = values.shape[-1]
    if sides < 2:
        return np.zeros_like(values)
    total = values.sum(axis=-1, keepdims=True)
    margin: npt.NDArray[np.float64] = values - (total - values) / (sides - 1)
    return margin


def check_reward_shaping(shaping: str, timing: str) -> str:
    """``shaping`` if it is one of ``REWARD_SHAPINGS`` and fits ``timing`` (shaping pays as the
    round goes, so it needs ``reward_timing="round_end"``); ``EnvConfigError`` otherwise."""
    if shaping not in REWARD_SHAPINGS:
        raise EnvConfigError(
            f"unknown reward_shaping {shaping!r}; shapings are: {', '.join(REWARD_SHAPINGS)}")
    if shaping != "none" and timing != "round_end":
        raise EnvConfigError(f"reward_shaping={shaping!r} pays during the round: it needs "
                             f"reward_timing='round_end', not {timing!r}")
    return shaping


def capture_potentials(config: Config, captures: Sequence[int], reward: str) -> list[float]:
    """Each seat's shaping potential: its side's captured card points (RULES.md §1 card
    values), made a margin like the reward (``side_rewards``) when ``reward="margin"``."""
    points = [sum(value * (pile & mask).bit_count() for value, mask in config.value_masks)
              for pile in captures]
    sides = side_rewards(points, reward)
    return [float(sides[side]) for side in config.side_of]


def episode_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The match options of one episode: the caller's, plus ``rounds=1`` when they end nothing.

    RULES.md §6 ends a match after ``rounds`` rounds or once a side's total reaches
    ``target``; an env episode is one round unless the caller gives either option.
    """
    out = dict(options or {})
    if "rounds" not in out and "target" not in out:
        out["rounds"] = 1
    return out


def observation_space(config: Config, key: str = "observation", actions: int = NUM_ACTIONS
                      ) -> spaces.Dict:
    """``{key: Box float32, "action_mask": Box int8}`` for a configured game (``key`` is
    ``"observation"`` unless the env was given another ``observation_key``).

    Every block of ``encoding.observation_blocks`` lies in [0, 1] except the match totals
    (÷ 100), bounded by ``totals_bounds`` (unbounded for a match played to a target).
    """
    lows: list[npt.NDArray[np.float32]] = []
    highs: list[npt.NDArray[np.float32]] = []
    total_low, total_high = totals_bounds(config)
    for name, size in observation_blocks(config):
        totals = name == "totals"
        lows.append(np.full(size, total_low / 100 if totals else 0.0, np.float32))
        highs.append(np.full(size, total_high / 100 if totals else 1.0, np.float32))
    low, high = np.concatenate(lows), np.concatenate(highs)
    return spaces.Dict(
        {
            key: spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
        }
    )


def _describe_index(index: int, layout: ActionLayout) -> str:
    try:
        return f"{index} ({format_action(layout.engine(index), layout.config)})"
    except (ValueError, IndexError):  # an index whose declared set this game does not have
        return str(index)


def action_index(action: object, size: int = NUM_ACTIONS) -> int:
    """The action as a Python ``int`` index; ``IllegalActionError`` if it is not an integer."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)) and np.issubdtype(
            action.dtype, np.integer
        ):
            return int(action.reshape(()))
        raise IllegalActionError(
            f"an action must be an integer index in 0…{size - 1}, not {action!r}"
        )
    return int(action)


def check_action(match: Match, action: object, legal: list[int], who: str,
                 layout: ActionLayout | None = None) -> int:
    """The engine action of a legal action index (of ``layout``, the full layout by default);
    ``IllegalActionError`` naming the move and every legal move otherwise (RULES.md §7: only
    legal moves are played)."""
    config = match.config
    layout = layout or ActionLayout(config, "full")
    index = action_index(action, layout.size)
    if not 0 <= index < layout.size:
        raise IllegalActionError(f"{who}: action {index} is outside the action space 0…{layout.size - 1}")
    engine = layout.engine(index)
    if engine in legal:
        return engine
    shown = ", ".join(
        f"{i} ({format_action(a, config)})" for i, a in sorted((layout.index(a), a) for a in legal)
    )
    raise IllegalActionError(
        f"{who}: action {_describe_index(index, layout)} is not legal at {match.position()}; "
        f"legal actions: {shown or 'none'}"
    )


def seat_rewards(config: Config, result: RoundScore, reward: str = "score") -> list[float]:
    """Each seat's reward for a finished round: its side's round score, or margin
    (``side_rewards``) (RULES.md §6, §9: in team play every seat of a team gets the team's)."""
    sides = side_rewards(result.scores, reward)
    return [float(sides[config.side_of[seat]]) for seat in range(config.players)]


def deal_from_reset_options(options: Mapping[str, Any] | None) -> Deal | None:
    """``reset(options={"deal": Deal})`` deals the first round as given (RULES.md §9 explicit deals).

    Other keys are ignored (PettingZoo's API test passes arbitrary ones).
    """
    if not options or "deal" not in options:
        return None
    deal = options["deal"]
    if not isinstance(deal, Deal):
        raise EnvConfigError(
            f"reset option 'deal' must be a hanafuda.engine.Deal, not {type(deal).__name__}"
        )
    return deal


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if these envs draw it (``None``, ``ansi``, ``human``).

    Gymnasium's spec: an env takes ``render_mode`` at construction and refuses a mode that
    is not in ``metadata["render_modes"]``; ``gym.make(..., render_mode="ansi_list")`` wraps
    ``ansi`` in ``RenderCollection`` itself.  Any other mode raises ``UnsupportedRenderMode``.
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise UnsupportedRenderMode(
            f"unknown render_mode {render_mode!r}; render modes are: None, "
            + ", ".join(repr(m) for m in RENDER_MODES)
        )
    return render_mode


def deliver_render(render_mode: str | None, text: Callable[[], str]) -> str | None:
    """``render()`` for both envs: the text for ``ansi``, printed for ``human``, nothing (with
    Gymnasium's warning) without a render mode."""
    if render_mode is None:
        logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
        return None
    if render_mode == "human":
        print(text(), end="", flush=True)
        return None
    return text()


def table_text(match: Match, seat: int, theme: str, names: list[str],
               layout: ActionLayout | None = None) -> str:
    """The table as ``seat`` sees it, in the words of the terminal game (``hanafuda.words``),
    with the legal moves as action indices; after the match, the last round's account and the
    winners.  Built from the seat's ``PlayerView`` only (DESIGN.md layer 4)."""
    from ..words import Namer, match_result_text, round_result_lines, view_lines

    config = match.config
    view = match.view(seat)
    namer = Namer(config, theme, seat, [None if s == seat else n for s, n in enumerate(names)])
    lines = view_lines(namer, view)
    if view.legal:
        index = layout.index if layout is not None else from_engine
        legal = sorted((index(a), format_action(a, config)) for a in match.legal_actions())
        lines.append("Legal actions: " + "; ".join(f"{i} {text}" for i, text in legal))
    if match.finished:
        lines.extend(round_result_lines(namer, view.round_number, match.results[-1],
                                        view.captures, view.totals))
        lines.append(match_result_text(namer, view.winners, view.totals, view.round_number))
    return "\n".join(lines) + "\n"
