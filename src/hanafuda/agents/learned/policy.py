"""``policy``: the learned Q network alone — the move it values most, at once.

The network (``network.py``) scores every legal move from the seat's view only
(``features.py``); the bot plays the best, ties broken by its seeded RNG.  Weights ship in
``agents/weights/`` (made by ``hanafuda train``): ``GAME-Np.npz`` for one player count,
``GAME-L-Hp.npz`` for a network trained on every count from L to H (the features carry the
player and side counts), ``…-teams.npz`` for team play.  A configuration without its own file
uses the nearest one (``shipped_weights``), and ``PolicyAgent(weights=PATH)`` loads any file.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from ...engine.action_space import compact_actions
from ...engine.moves import parse_action
from ...engine.round import Round
from ...rules import Config
from ...views import PlayerView
from ..base import Agent
from ..determinize import config_for_view
from ..heuristics import forced_move
from .features import (
    SeatState,
    encode_candidates,
    encode_observations,
    seat_state_from_view,
)
from .network import QNetwork, WeightsError

__all__ = ["PolicyAgent", "load_for", "move_values", "plays_in_teams", "round_values",
           "rounds_values", "seat_state_from_round", "shipped_weights", "weights_stem"]

WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "weights"
_LOADED: dict[Path, QNetwork] = {}


_WEIGHTS_NAME = re.compile(r"^(?P<game>[a-z-]+?)-(?P<lo>\d)(?:-(?P<hi>\d))?p(?P<teams>-teams)?$")


def weights_stem(game: str, players: Sequence[int], teams: bool = False) -> str:
    """The shipped file name (without ``.npz``) of a network for ``game`` trained at
    ``players`` (one count, or a contiguous range: ``min-hwatu-3-6p``), ``-teams`` for
    team play (Kwa-Dō ``teams``)."""
    lo, hi = min(players), max(players)
    counts = f"{lo}" if lo == hi else f"{lo}-{hi}"
    return f"{game}-{counts}p" + ("-teams" if teams else "")


def shipped_weights(game: str, players: int, teams: bool = False) -> Path | None:
    """The shipped weights file for ``game`` with ``players`` (team play when ``teams``):
    a file whose player counts cover ``players`` (``GAME-Np.npz``, ``GAME-L-Hp.npz``) with
    the same team play, else the nearest player count with the same team play, else the
    nearest of the game's other files; None when the game has none.  The features carry the
    player and side counts (``features.encode_observations``), so one file serves a range."""
    ranked: list[tuple[int, int, Path]] = []
    for path in WEIGHTS_DIR.glob(f"{game}-*p*.npz"):
        found = _WEIGHTS_NAME.match(path.stem)
        if found is None or found["game"] != game:
            continue
        lo = int(found["lo"])
        hi = int(found["hi"] or lo)
        distance = 0 if lo <= players <= hi else min(abs(players - lo), abs(players - hi))
        ranked.append((int(bool(found["teams"]) != teams), distance, path))
    return min(ranked, key=lambda r: (r[0], r[1], r[2].name))[2] if ranked else None


def plays_in_teams(config: Config) -> bool:
    """Whether sides are teams (Kwa-Dō ``teams``): fewer sides than players."""
    return config.num_sides < config.players


def load_for(config: Config, path: str | Path | None = None) -> QNetwork:
    """The network for ``config`` (``path`` overrides the shipped file); cached per file."""
    file = (Path(path) if path is not None
            else shipped_weights(config.game.id, config.players, plays_in_teams(config)))
    if file is None:
        raise WeightsError(f"no shipped weights for {config.game.id}; make them with "
                           f"`hanafuda train {config.game.id} --players {config.players}`")
    file = file.resolve()
    net = _LOADED.get(file)
    if net is None:
        net = _LOADED[file] = QNetwork.load(file)
    return net


def _values(net: QNetwork, config: Config, state: SeatState, compact: npt.NDArray[np.int64]
            ) -> npt.NDArray[np.float32]:
    obs = encode_observations(config, state)
    rows = np.zeros(compact.size, np.int64)
    act = encode_candidates(config, compact_actions(config), state, rows, compact)
    result: npt.NDArray[np.float32] = net.q(obs, act, rows) * np.float32(net.scale)
    return result


def move_values(net: QNetwork, view: PlayerView, legal: Sequence[str],
                config: Config | None = None) -> npt.NDArray[np.float32]:
    """Q of each legal move, in points of round margin for the seat's side."""
    cfg = config if config is not None else config_for_view(view)
    layout = compact_actions(cfg)
    compact = np.array([layout.from_engine(parse_action(m, cfg)) for m in legal], np.int64)
    return _values(net, cfg, seat_state_from_view(view, cfg), compact)


def seat_state_from_round(rnd: Round, seat: int) -> SeatState:
    """What ``seat`` knows in ``rnd`` (the twin of ``seat_state_from_view``; it reads only
    the seat's own hand and the public table)."""
    cfg = rnd.config
    side = cfg.side_of[seat]
    exposed = 0
    hidden = 0
    for other in range(cfg.players):
        if other != seat:
            exposed |= rnd.exposed[other]
            hidden += (rnd.hands[other] & ~rnd.exposed[other]).bit_count()
    others = 0
    other_declared = 0
    for index, cap in enumerate(rnd.captures):
        if index != side:
            others |= cap
            other_declared |= rnd.declared[index]
    take = rnd.phase == 2
    pending = rnd.pending if take and rnd.pending >= 0 else 48

    def one(value: int) -> npt.NDArray[np.uint64]:
        return np.array([value], dtype=np.uint64)

    def num(value: int) -> npt.NDArray[np.int64]:
        return np.array([value], dtype=np.int64)

    return SeatState(
        hand=one(rnd.hands[seat]), field=one(rnd.field), exposed_others=one(exposed),
        own_captures=one(rnd.captures[side]), other_captures=one(others),
        discard=one(rnd.discard), pending=num(pending),
        pending_targets=one(rnd.pending_targets if take else 0), phase=num(rnd.phase),
        stock_left=num(len(rnd.stock) - rnd.stock_pos), others_hidden=num(hidden),
        own_declared=num(rnd.declared[side]), other_declared=num(other_declared),
        own_calls=num(rnd.koikoi_calls[side]),
        other_calls=num(sum(rnd.koikoi_calls) - rnd.koikoi_calls[side]),
    )


def _stack(states: Sequence[SeatState]) -> SeatState:
    fields = vars(states[0]).keys()
    return SeatState(**{f: np.concatenate([getattr(s, f) for s in states]) for f in fields})


def rounds_values(net: QNetwork, rounds: Sequence[Round]
                  ) -> list[tuple[list[int], npt.NDArray[np.float32]]]:
    """``round_values`` of many running rounds of one configuration in one network call."""
    if not rounds:
        return []
    cfg = rounds[0].config
    layout = compact_actions(cfg)
    legal = [r.legal_actions() for r in rounds]
    compact = np.array([layout.from_engine(a) for actions in legal for a in actions], np.int64)
    rows = np.repeat(np.arange(len(rounds)), [len(a) for a in legal])
    state = _stack([seat_state_from_round(r, r.seat) for r in rounds])
    obs = encode_observations(cfg, state)
    act = encode_candidates(cfg, layout, state, rows, compact)
    values = net.q(obs, act, rows) * np.float32(net.scale)
    out = []
    start = 0
    for actions in legal:
        out.append((actions, values[start : start + len(actions)]))
        start += len(actions)
    return out


def round_values(net: QNetwork, rnd: Round) -> tuple[list[int], npt.NDArray[np.float32]]:
    """The legal actions of a running ``rnd`` and their Q for the seat to move (points)."""
    seat = rnd.seat
    actions = rnd.legal_actions()
    layout = compact_actions(rnd.config)
    compact = np.array([layout.from_engine(a) for a in actions], np.int64)
    return actions, _values(net, rnd.config, seat_state_from_round(rnd, seat), compact)


class PolicyAgent(Agent):
    """The network alone; ``weights``: a file to load instead of the shipped one."""

    name: ClassVar[str] = "policy"
    display_name: ClassVar[str] = "Intermediate bot"
    description: ClassVar[str] = "learned Q network (deep Monte-Carlo self-play), no search"

    def __init__(self, weights: str | Path | None = None) -> None:
        self.weights = weights

    def choose(
        self,
        view: PlayerView,
        legal: Sequence[str],
        rng: random.Random,
        budget: float | None = None,
    ) -> str:
        forced = forced_move(tuple(legal))
        if forced is not None:
            return forced
        cfg = config_for_view(view)
        values = move_values(load_for(cfg, self.weights), view, legal, cfg)
        best = np.flatnonzero(values >= values.max() - 1e-6)
        return legal[int(best[rng.randrange(best.size)])]


