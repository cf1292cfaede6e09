"""A Gymnasium ``VectorEnv`` backed by the batch simulator (issue 7), and the batch encoding.

``HanafudaVectorEnv`` runs ``num_envs`` single-agent episodes in lockstep on one
``BatchMatch``: the learner plays one seat, every other seat (teammates included)
is played by a vectorised opponent policy, and one call of ``step`` applies the
learner's action in every row and then the opponents' moves until it is the
learner's turn again or the episode ends::

    import numpy as np
    from hanafuda.envs.vector import HanafudaVectorEnv

    env = HanafudaVectorEnv("mushi", num_envs=1024, players=2, opponent="random")
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(100):
        mask = obs["action_mask"].astype(bool)          # (num_envs, k)
        logits = np.where(mask, rng.random(mask.shape), -1.0)
        obs, reward, terminated, truncated, info = env.step(logits.argmax(axis=1))

or through Gymnasium: ``gym.make_vec("hanafuda/Mushi-v0", num_envs=1024)`` (the ids'
``vector_entry_point`` is ``VECTOR_ENTRY_POINT``; kwargs are this class's).

Observations are the shared encoding of ``hanafuda.envs.encoding``; actions are the
configuration's compact layout (``action_space="compact"``, the default: ``Discrete(k)``, its
mask from ``BatchSim.legal_compact`` without the 2,788-wide mask) or the full one (``"full"``);
``encode_batch`` computes the observation of every row at once from the batch
arrays, equal entry for entry to ``encode_view(view_of(match, seat), config)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from ..agents import PolicyAgent, UnknownAgentError, make_agent
from ..agents.batch_policies import GreedyRollout
from ..agents.learned.policy import load_for
from ..batch.match import BatchMatch
from ..batch.sim import PHASE_KOIKOI, PHASE_OVER, PHASE_PLAY, PHASE_TEYAKU, BatchSim
from ..engine.action_space import NUM_ACTIONS, NUM_SETS, TAKE_BASE
from ..rules.base import Config
from ..train.selfplay import choose_moves
from ._shared import (
    ActionLayout,
    EnvConfigError,
    IllegalActionError,
    check_reward_mode,
    check_reward_scale,
    episode_options,
    observation_space,
    side_rewards,
)
from .encoding import PHASES, observation_size

__all__ = [
    "OPPONENTS",
    "VECTOR_ENTRY_POINT",
    "HanafudaVectorEnv",
    "OpponentPolicy",
    "capture_opponent",
    "encode_batch",
    "greedy_opponent",
    "policy_opponent",
    "random_opponent",
    "unpack_cards",
]

VECTOR_ENTRY_POINT = "hanafuda.envs.vector:HanafudaVectorEnv"
"""The ``vector_entry_point`` of the registered ``hanafuda/<Game>-v0`` ids."""

Bool = npt.NDArray[np.bool_]
Int = npt.NDArray[np.int64]
Float = npt.NDArray[np.float32]

OpponentPolicy = Callable[[BatchSim, Bool, np.random.Generator], npt.ArrayLike]
"""``policy(sim, rows, rng)``: one batch action per row of ``sim``; only ``rows`` (where an
opponent is to decide, at seat ``sim.seat``) are used, and they must be legal."""


def unpack_cards(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint8]:
    """The 48 card bits of each ``uint64`` card mask as 0/1 bytes: shape ``(*masks.shape, 48)``,
    entry ``c`` being card ``c`` (RULES.md §1 numbering)."""
    raw = np.ascontiguousarray(masks, dtype="<u8")
    bits = np.unpackbits(raw.view(np.uint8).reshape(*raw.shape, 8), axis=-1, bitorder="little")
    result: npt.NDArray[np.uint8] = bits[..., :48]
    return result


def _one_hot(out: Float, start: int, index: Int) -> None:
    out[np.arange(out.shape[0]), start + index] = 1.0


def encode_batch(source: BatchSim | BatchMatch, seats: npt.ArrayLike) -> Float:
    """The observation of ``seats[row]`` in every row, ``float32 (B, observation_size)``.

    The vectorised ``encode_view`` (``hanafuda.envs.encoding`` has the layout): row ``r`` equals
    ``encode_view(view_of(match, seats[r]), config)`` for the scalar match in the same state.
    The ``totals`` block reads ``BatchMatch.totals``; a bare ``BatchSim`` is one round of a
    match, so its totals are the round's scores once it is over (RULES.md §6) and zero before.
    """
    if isinstance(source, BatchMatch):
        sim = source.sim
        totals: Int = source.totals
    else:
        sim = source
        totals = sim.final_scores()
    cfg: Config = sim.config
    b, n, s = sim.batch_size, cfg.players, cfg.num_sides
    seat = np.asarray(seats, dtype=np.int64)
    if seat.shape != (b,):
        raise ValueError(f"encode_batch needs one seat per row, shape ({b},), not {seat.shape}")
    if ((seat < 0) | (seat >= n)).any():
        raise ValueError(f"seats must be 0…{n - 1}")
    rows = np.arange(b)
    side_of = np.asarray(cfg.side_of, dtype=np.int64)
    side = side_of[seat]
    rel_seats = (seat[:, None] + np.arange(n)[None, :]) % n  # (B, n) seat of each relative slot
    rel_sides = (side[:, None] + np.arange(s)[None, :]) % s
    out = np.zeros((b, observation_size(cfg)), np.float32)

    # The card blocks (hand … exposed): one (B, K) mask matrix, unpacked at once.
    hand = sim.hands[rows, seat]
    pending = np.where(sim.pending < 48, np.left_shift(np.uint64(1), sim.pending.astype(np.uint64)),
                       np.uint64(0))
    known = (hand | sim.field | sim.discard | pending
             | np.bitwise_or.reduce(sim.captures, axis=1) | np.bitwise_or.reduce(sim.exposed, axis=1))
    unseen = np.uint64(cfg.deck) & ~known
    masks = np.concatenate(
        [np.stack([hand, sim.field, pending, sim.pending_targets, unseen, sim.discard], axis=1),
         sim.captures[rows[:, None], rel_sides], sim.exposed[rows[:, None], rel_seats]],
        axis=1,
    )
    cards = unpack_cards(masks).reshape(b, -1)
    out[:, : cards.shape[1]] = cards
    pos = cards.shape[1]

    counts = np.bitwise_count(sim.hands[rows[:, None], rel_seats]).astype(np.float64)
    out[:, pos : pos + n] = counts / cfg.hand_size
    pos += n
    full = cfg.stock_size
    if full:
        out[:, pos] = (full - sim.stock_pos) / full
    pos += 1
    phase = sim.phase.astype(np.int64)
    to_move = sim.seat.astype(np.int64)
    # RULES.md §4.2: a pending teyaku decision is seen only by its seat; every other seat sees
    # the first turn due, as if that player held no teyaku (views.turn_seen_by)
    masked = (phase == PHASE_TEYAKU) & (to_move != seat)
    phase = np.where(masked, PHASE_PLAY, phase)
    to_move = np.where(masked, sim.order[:, 0], to_move)
    # As ``encode_view``: a phase outside ``PHASES`` (Koi-Koi's koi-koi decision) reads as over.
    phase = np.where(phase == PHASE_KOIKOI, PHASE_OVER, phase)
    _one_hot(out, pos, phase)
    pos += len(PHASES)
    playing = np.flatnonzero(phase != PHASE_OVER)
    out[playing, pos + (to_move[playing] - seat[playing]) % n] = 1.0
    pos += n
    _one_hot(out, pos, (sim.dealer - seat) % n)
    pos += n
    declared = sim.declared[rows[:, None], rel_sides]  # (B, s) set bitmasks
    flags = (declared[:, :, None] >> np.arange(NUM_SETS)[None, None, :]) & 1
    out[:, pos : pos + s * NUM_SETS] = flags.reshape(b, s * NUM_SETS)
    pos += s * NUM_SETS
    out[:, pos : pos + n] = sim.teyaku[rows[:, None], rel_seats] / (cfg.max_teyaku or 1)
    pos += n
    wild = sim.wild_side >= 0
    _one_hot(out, pos, np.where(wild, (sim.wild_side - side) % s, s))
    pos += s + 1
    _one_hot(out, pos, np.where(wild, sim.wild_month, 0))
    pos += 13
    user = sim.lightning_user
    _one_hot(out, pos, np.where(user >= 0, (user - seat) % n, n))
    pos += n + 1
    out[:, pos : pos + s] = totals[rows[:, None], rel_sides] / 100.0
    pos += s
    assert pos == out.shape[1]
    return out


# -- opponents ---------------------------------------------------------------------------------


def random_opponent(sim: BatchSim, rows: Bool, rng: np.random.Generator) -> npt.ArrayLike:
    """Uniform random play: ``BatchSim.sample_actions`` (a card, then one of its moves)."""
    return sim.sample_actions(rng)


def capture_opponent(sim: BatchSim, rows: Bool, rng: np.random.Generator) -> npt.ArrayLike:
    """One-ply capture greed: the legal move whose own capture is worth the most card points
    now (the played or turned-over card and what it takes, RULES.md §1 values and §3, §9
    captures), ties broken uniformly at random.  A card that stays on the field, a teyaku
    answer or a declaration (§4.2, §4.3) is worth nothing; the next stock card is not guessed.

    Simpler than the scalar ``greedy`` bot (no yaku progress, no risk term), but vectorised.
    """
    b = sim.batch_size
    values = np.array(list(sim.config.values) + [0], dtype=np.float32)  # index 48: no card
    score = np.zeros((b, NUM_ACTIONS), np.float32)
    cards = np.broadcast_to(np.arange(48), (b, 48))
    targets, choose = sim._play_targets(cards, sim._targetable()[:, None])  # (B, 48) each
    taken = unpack_cards(targets).astype(np.float32) @ values[:48]
    plays = score[:, : 48 * 49].reshape(b, 48, 49)  # a view: play card c (taking target t)
    plays[:, :, :48] = values[:48, None] + values[None, :48]
    plays[:, :, 48] = np.where((targets != 0) & ~choose, values[None, :48] + taken, 0.0)
    score[:, TAKE_BASE : TAKE_BASE + 48] = values[sim.pending][:, None] + values[None, :48]
    score += rng.random((b, NUM_ACTIONS), dtype=np.float32) * 0.5  # values are whole numbers
    actions: Int = np.where(sim.legal_mask(), score, -1.0).argmax(axis=1)
    return actions


_GREEDY: dict[int, tuple[Config, GreedyRollout]] = {}


def greedy_opponent(sim: BatchSim, rows: Bool, rng: np.random.Generator) -> npt.ArrayLike:
    """The ``greedy`` bot's one-ply evaluation, vectorised over the compact legal moves of
    every waiting row: ``agents.batch_policies.GreedyRollout`` (the rule of
    ``heuristics.greedy_rollout``) with no random moves and ties broken uniformly at random.

    Like the scalar bot it always exposes teyaku (RULES.md §4.2) and scores a move by the card
    points it captures now (rubbish excluded, §9) plus the change of its side's yaku potential
    (``agents.heuristics.Evaluator.potential``), a card left on the field by minus its risk,
    and a Kwa-Dō declaration (§4.3) by the share of the set its side can still reach.  One
    difference: the capture counted is the played or taken card's own (a wild card's pick
    included), not the turned-over stock card that follows — the scalar bot previews that
    from a sampled stock; this one never guesses it.
    """
    known = _GREEDY.get(id(sim.config))
    if known is None or known[0] is not sim.config:
        known = _GREEDY[id(sim.config)] = (sim.config, GreedyRollout(sim, epsilon=0.0, noise=1e-6))
    legal = np.where(np.asarray(rows, np.bool_)[:, None], sim.legal_list(), -1)
    uniforms = rng.random((sim.batch_size, legal.shape[1] + 2))
    actions: Int = sim.compact.full[known[1].choose(sim, legal, uniforms)]
    return actions


def policy_opponent(weights: str | Path | None = None) -> OpponentPolicy:
    """The ``policy`` bot (``agents.learned``: the learned Q network, best legal move),
    vectorised: every waiting row's candidates are scored in one batch on the compact legal
    moves (``train.selfplay.choose_moves``), from the seat's view only.  ``weights``: a
    weights file (``hanafuda train`` writes them); by default the game's shipped file."""

    def policy(sim: BatchSim, rows: Bool, rng: np.random.Generator) -> npt.ArrayLike:
        net = load_for(sim.config, weights)
        compact, *_ = choose_moves(sim, net.q, rng)
        actions: Int = sim.compact.full[compact]
        return actions

    return policy


OPPONENTS: dict[str, OpponentPolicy] = {
    "random": random_opponent,
    "capture": capture_opponent,
    "greedy": greedy_opponent,
    "policy": policy_opponent(),
}
"""The built-in vectorised opponents by name."""


class HanafudaVectorEnv(gymnasium.vector.VectorEnv[dict[str, Any], Any, Any]):
    """``num_envs`` single-agent episodes of ``game`` on the batch simulator.

    The learner plays ``seat`` (or, with ``"random"``, a seat drawn per row at each episode's
    start: ``learner_seats`` holds them); every other seat is played by ``opponent`` (a name
    of ``OPPONENTS`` or an ``OpponentPolicy``).  Episodes are as in the single-agent
    ``HanafudaEnv``: one round, or the match the ``options`` configure when they give
    ``rounds`` or ``target`` (RULES.md §6); ``rounds=k`` asks for a match of exactly k rounds.
    The reward is the learner's side's round score (RULES.md §4) at every round end — in team
    games the team's; ``reward="margin"`` makes it that score minus the mean of the other
    sides' (zero-sum); ``reward_scale=c`` multiplies it (``0.01`` brings scores of about ±150
    near ±1).  ``info["round_scores"]`` (``num_envs × sides``, absolute side order) holds the
    unscaled scores of the rounds that ended in the step, in the rows ``info["_round_scores"]``
    marks; ``info["seat"]`` the learner's seats.  ``opponent="greedy"`` is the vectorised
    greedy bot (``greedy_opponent``), ``"policy"`` the learned policy bot with the game's
    shipped weights and ``"policy:PATH"`` with a weights file (``policy_opponent``).
    Observations are ``{"observation", "action_mask"}`` batches of the
    shared encoding; the mask is all zero in a row whose episode has just ended.

    Autoreset follows ``autoreset_mode`` (Gymnasium's ``NEXT_STEP`` by default: the step after
    an episode ends resets the row and ignores its action).  ``reset(seed=…)`` makes every
    deal and opponent move reproducible; ``reset(options={"seeds": [...]})`` deals the first
    episode of each row exactly as ``Match(game, players, options, seed=s)`` does;
    ``options={"reset_mask": mask}`` resets only some rows.  ``max_episode_steps`` truncates an
    episode after that many learner decisions.  An illegal learner action raises
    ``IllegalActionError`` (a ``ValueError``) naming the rows; bad settings ``EnvConfigError``.
    """

    metadata: dict[str, Any] = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        *,
        opponent: str | OpponentPolicy = "random",
        seat: int | str = 0,
        rounds: int | None = None,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        reward: str = "score",
        action_space: str = "compact",
        reward_scale: float = 1.0,
    ) -> None:
        if num_envs < 1:
            raise EnvConfigError(f"num_envs must be at least 1, not {num_envs}")
        if render_mode is not None:
            raise EnvConfigError(f"HanafudaVectorEnv renders nothing; render_mode {render_mode!r}")
        if isinstance(opponent, str) and opponent.startswith("policy:"):
            weights = _weights_file(opponent.partition(":")[2])
            self._opponent = policy_opponent(weights)
            self._check_opponent = False
        elif isinstance(opponent, str):
            if opponent not in OPPONENTS:
                raise EnvConfigError(
                    f"unknown vectorised opponent {opponent!r}; opponents are: {', '.join(OPPONENTS)}"
                )
            self._opponent = OPPONENTS[opponent]
            self._check_opponent = False
        elif callable(opponent):
            self._opponent = opponent
            self._check_opponent = True
        else:
            raise EnvConfigError(
                f"opponent must be a name or a callable, not {type(opponent).__name__}"
            )
        self.reward = check_reward_mode(reward)
        self.reward_scale = check_reward_scale(reward_scale)
        if max_episode_steps is not None and max_episode_steps < 1:
            raise EnvConfigError(f"max_episode_steps must be at least 1, not {max_episode_steps}")
        if rounds is None:
            opts = episode_options(options)
        else:
            if rounds < 1:
                raise EnvConfigError(f"rounds must be at least 1 (or None), not {rounds}")
            opts = {**(options or {}), "rounds": rounds, "target": None}
        self.match = BatchMatch(game, players, num_envs, opts)
        self.sim = self.match.sim
        self.config = self.match.config
        if seat != "random" and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise EnvConfigError(f"seat must be 0…{players - 1} or 'random', not {seat!r}")
        self.seat_setting = seat
        self._side_of = np.asarray(self.config.side_of, dtype=np.int64)
        self.num_envs = num_envs
        self.max_episode_steps = max_episode_steps
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = None
        self.layout = ActionLayout(self.config, action_space)
        self.single_observation_space = observation_space(self.config, actions=self.layout.size)
        self.single_action_space = spaces.Discrete(self.layout.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.learner_seats: Int = np.full(num_envs, 0 if seat == "random" else seat, np.int64)
        """The learner's seat in each row (``seat``, or drawn per episode with ``"random"``)."""
        self._legal: Bool = np.zeros((num_envs, self.layout.size), np.bool_)
        self._steps: Int = np.zeros(num_envs, np.int64)
        self._ended: Bool = np.zeros(num_envs, np.bool_)  # episode over, row not yet reset
        self._started = False

    # -- the Gymnasium API -------------------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal every row (or ``options["reset_mask"]``'s) and play the opponents up to the
        learner's first decision."""
        if seed is not None and not isinstance(seed, int | np.integer):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        super().reset(seed=seed)
        if self._np_random is None:
            self._np_random, self._np_random_seed = seeding.np_random(None)
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        seeds = options.pop("seeds", None)
        if options:
            raise EnvConfigError(f"unknown reset options: {', '.join(sorted(options))} "
                             "(known: seeds, reset_mask)")
        if mask is not None:
            mask = np.asarray(mask)
            if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
                raise EnvConfigError(
                    f"reset_mask must be a bool array of shape ({self.num_envs},)"
                )
            if not self._started:
                raise EnvConfigError("reset with a reset_mask needs a full reset first")
            if seeds is not None:
                raise EnvConfigError("reset takes seeds or reset_mask, not both")
            self._reset_rows(np.flatnonzero(mask))
        else:
            if seeds is not None:
                seeds = [int(s) for s in seeds]
                if len(seeds) != self.num_envs:
                    raise EnvConfigError(f"reset needs {self.num_envs} seeds, got {len(seeds)}")
                self.match.reset(seeds)
            else:
                self.match.reset(rng=self.np_random)
            self._draw_seats(np.arange(self.num_envs))
            self._steps[:] = 0
            self._ended[:] = False
            self._started = True
        self._play_opponents()
        return self._observe(), {}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[dict[str, Any], npt.NDArray[np.float64], Bool, Bool, dict[str, Any]]:
        """The learner's action in every row, then the opponents up to its next decision."""
        if not self._started:
            raise EnvConfigError("step before reset: call reset() first")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise IllegalActionError(
                f"step needs one integer action per env, shape ({self.num_envs},)"
            )
        a = a.astype(np.int64)
        resetting = np.zeros(self.num_envs, np.bool_)
        if self._ended.any():
            if self.autoreset_mode == AutoresetMode.NEXT_STEP:
                resetting = self._ended.copy()
            else:
                rows = np.flatnonzero(self._ended)
                raise IllegalActionError(f"rows {_rows_text(rows)} have ended: reset them first "
                                 "(reset(options={'reset_mask': …}))")
        active = ~resetting
        inside = (a >= 0) & (a < self.layout.size)
        legal = self._legal[np.arange(self.num_envs), np.where(inside, a, 0)] & inside
        bad = np.flatnonzero(active & ~legal)
        if bad.size:
            shown = ", ".join(f"row {r}: {a[r]}" for r in bad[:8])
            raise IllegalActionError(f"illegal actions in {bad.size} rows ({shown}); legal actions are "
                             "the ones observation['action_mask'] marks")
        rows = np.arange(self.num_envs)
        before = self.match.totals.copy()
        rounds_before = self.match.rounds_played.copy()
        self._step_rows(self.layout.full[np.where(inside, a, 0)], active)
        self._steps += active
        if resetting.any():
            self._reset_rows(np.flatnonzero(resetting))
        self._play_opponents()
        scored = np.where(active[:, None], self.match.totals - before, 0)
        ended_rounds = active & (self.match.rounds_played != rounds_before)
        sides = side_rewards(scored, self.reward)
        reward = sides[rows, self._side_of[self.learner_seats]] * self.reward_scale
        terminated = active & self.match.done
        truncated = np.zeros(self.num_envs, np.bool_)
        if self.max_episode_steps is not None:
            truncated = active & ~terminated & (self._steps >= self.max_episode_steps)
        self._ended = terminated | truncated
        obs = self._observe()
        info: dict[str, Any] = {
            "round_scores": scored, "_round_scores": ended_rounds,
            "seat": self.learner_seats.copy(), "_seat": np.ones(self.num_envs, np.bool_),
        }
        if self.autoreset_mode == AutoresetMode.SAME_STEP and self._ended.any():
            ended = np.flatnonzero(self._ended)
            final = np.full(self.num_envs, None, dtype=object)
            for row in ended:
                final[row] = {key: value[row] for key, value in obs.items()}
            info.update({"final_obs": final, "_final_obs": self._ended.copy(),
                         "final_info": {}, "_final_info": self._ended.copy()})
            self._reset_rows(ended)
            self._play_opponents()
            obs = self._observe()
        return obs, reward, terminated, truncated, info

    # -- internals ---------------------------------------------------------------------------

    def _reset_rows(self, rows: Int) -> None:
        """Start a new match in ``rows`` (a dealer drawn uniformly, dealt from the generator)."""
        if rows.size == 0:
            return
        dealers = self.np_random.integers(0, self.config.players, rows.size)
        self.match.restart(rows, self.np_random, dealers)
        self._draw_seats(rows)
        self._steps[rows] = 0
        self._ended[rows] = False

    def _draw_seats(self, rows: Int) -> None:
        if self.seat_setting == "random":
            self.learner_seats[rows] = self.np_random.integers(0, self.config.players, rows.size)

    def _step_rows(self, actions: Int, rows: Bool) -> None:
        """``BatchMatch.step`` applied to ``rows`` only; the other rows are left as they are."""
        self.match.step(np.where(rows, actions, 0), rows=rows)

    def _play_opponents(self) -> None:
        """Opponents' decisions in every row until the learner is to move or the episode ends."""
        sim = self.sim
        for _ in range(100_000):
            waiting = ~sim.done & (sim.seat != self.learner_seats)
            if not waiting.any():
                return
            proposed = np.asarray(self._opponent(sim, waiting, self.np_random))
            if proposed.shape != (self.num_envs,):
                raise IllegalActionError(f"the opponent policy must return one action per row, "
                                 f"shape ({self.num_envs},), not {proposed.shape}")
            actions = np.where(waiting, proposed.astype(np.int64), 0)
            if self._check_opponent:
                mask = sim.legal_mask()
                ok = mask[np.arange(self.num_envs), np.clip(actions, 0, NUM_ACTIONS - 1)]
                ok &= (actions >= 0) & (actions < NUM_ACTIONS)
                bad = np.flatnonzero(waiting & ~ok)
                if bad.size:
                    shown = ", ".join(f"row {r}: {actions[r]}" for r in bad[:8])
                    raise IllegalActionError(
                        f"the opponent policy chose illegal actions ({shown})"
                    )
            self._step_rows(actions, waiting)
        raise RuntimeError("the opponents did not reach the learner's turn")

    def _observe(self) -> dict[str, Any]:
        self._legal = self.sim.legal_compact() if self.layout.compact is not None else self.sim.legal_mask()
        return {
            "observation": encode_batch(self.match, self.learner_seats),
            "action_mask": self._legal.astype(np.int8),
        }


def _weights_file(name: str) -> Path:
    """``policy:PATH``, ``policy:GAME-Np`` or ``policy:GAME`` as a weights path (the lookup of
    ``agents.make_agent``)."""
    try:
        agent = make_agent(f"policy:{name}")
    except UnknownAgentError as exc:
        raise EnvConfigError(f"opponent 'policy:{name}': {exc}") from None
    assert isinstance(agent, PolicyAgent) and agent.weights is not None
    return Path(agent.weights)


def _rows_text(rows: Sequence[int] | Int) -> str:
    shown = ", ".join(str(int(r)) for r in rows[:8])
    return shown + (" …" if len(rows) > 8 else "")
