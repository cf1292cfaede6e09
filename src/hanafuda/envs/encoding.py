"""The research APIs' shared encoding: one fixed action space and one observation tensor.

Every environment of ``hanafuda.envs`` (PettingZoo, Gymnasium, the vector env, the
OpenSpiel adapter) speaks the same two encodings, so a policy trained in one runs
in the others.

**Actions** are the batch simulator's fixed layout (``hanafuda.engine.action_space``),
``NUM_ACTIONS`` = 2,788 indices for every game::

    card * 49 + target      play card (0…47) and capture target (0…47): the choice
                            between two month targets, or a wild card's pick
    card * 49 + 48          play card with no choice to make
    2352 + target           take target (the turned-over card's choice)
    2400 / 2401             expose / keep (Hana-Awase teyaku)
    2402 + card * 8 + set   play card and declare set (Kwa-Dō; set indexes the
                            game's declarable sets)
    2786 / 2787             koikoi / stop (Koi-Koi)

Cards are numbered ``4 * (month - 1) + slot`` (RULES.md §1).

**Observations** are ``float32`` vectors of ``observation_size(config)`` entries,
built from one seat's ``PlayerView`` only.  Seats and sides are *relative*: block
entry 0 is the observing seat (or its side), entry 1 the next seat in seat order,
and so on, so one policy serves every seat.  Blocks, in order (``observation_blocks``
lists names and sizes)::

    hand            48   own hand
    field           48   cards on the field
    pending         48   the turned-over card waiting for a choice (one-hot)
    pending_targets 48   what it may take
    unseen          48   cards of the deck this seat cannot see (others' hands, stock)
    discard         48   the discard pile (Hawaiʻifuda's rubbish)
    captures        S×48 capture piles by relative side
    exposed         N×48 exposed teyaku cards by relative seat
    hand_counts     N    cards in each relative seat's hand / hand size
    stock           1    cards left in the stock / stock size
    phase           4    one-hot: teyaku, play, take, over
    to_move         N    one-hot relative seat to move (all zero when nobody)
    dealer          N    one-hot relative dealer
    declared        S×8  declared sets by relative side (Kwa-Dō)
    teyaku          N    teyaku paid to each relative seat / 30
    wild_side       S+1  one-hot relative side holding the wild card, last = nobody
    wild_month      13   one-hot month the wild card was used for, 0 = none
    lightning_user  N+1  one-hot relative seat that used lightning, last = nobody
    totals          S    match totals by relative side / 100

N is the player count and S the number of sides (N, or the number of teams).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..cards import CODES
from ..engine.action_space import NUM_ACTIONS, NUM_SETS, from_engine, to_engine
from ..engine.moves import format_action, parse_action
from ..rules.base import Config

if TYPE_CHECKING:
    from ..views import PlayerView

__all__ = [
    "NUM_ACTIONS",
    "PHASES",
    "action_mask",
    "action_to_move",
    "encode_view",
    "move_to_action",
    "observation_blocks",
    "observation_size",
]

PHASES = ("teyaku", "play", "take", "over")
"""The phase one-hot order; ``between-rounds`` and ``match-over`` views encode as ``over``."""

_CARD_CODE = {code: index for index, code in enumerate(CODES)}


def observation_blocks(config: Config) -> list[tuple[str, int]]:
    """The observation's blocks as ``(name, size)`` in order (see the module docstring)."""
    n, s = config.players, config.num_sides
    return [
        ("hand", 48),
        ("field", 48),
        ("pending", 48),
        ("pending_targets", 48),
        ("unseen", 48),
        ("discard", 48),
        ("captures", s * 48),
        ("exposed", n * 48),
        ("hand_counts", n),
        ("stock", 1),
        ("phase", len(PHASES)),
        ("to_move", n),
        ("dealer", n),
        ("declared", s * NUM_SETS),
        ("teyaku", n),
        ("wild_side", s + 1),
        ("wild_month", 13),
        ("lightning_user", n + 1),
        ("totals", s),
    ]


def observation_size(config: Config) -> int:
    """Entries in one observation vector."""
    return sum(size for _, size in observation_blocks(config))


def _bits_into(out: npt.NDArray[np.float32], start: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[start + low.bit_length() - 1] = 1.0
        mask ^= low


def encode_view(view: PlayerView, config: Config) -> npt.NDArray[np.float32]:
    """The observation vector of a seat's view (module docstring for the layout).

    ``config`` is the match's ``Config`` (``Match.config``); the view must be a seat's,
    not a spectator's.
    """
    if view.seat is None:
        raise ValueError("encode_view needs a seat's view, not a spectator's")
    n, s = config.players, config.num_sides
    seat = view.seat
    side = config.side_of[seat]
    out = np.zeros(observation_size(config), np.float32)
    pos = 0
    _bits_into(out, pos, view.hand.mask)
    pos += 48
    _bits_into(out, pos, view.field.mask)
    pos += 48
    if view.pending is not None:
        out[pos + _CARD_CODE[view.pending]] = 1.0
    pos += 48
    _bits_into(out, pos, view.pending_targets.mask)
    pos += 48
    _bits_into(out, pos, view.unseen(config.deck).mask)
    pos += 48
    _bits_into(out, pos, view.discard.mask)
    pos += 48
    for rel in range(s):
        _bits_into(out, pos + rel * 48, view.captures[(side + rel) % s].mask)
    pos += s * 48
    for rel in range(n):
        _bits_into(out, pos + rel * 48, view.exposed[(seat + rel) % n].mask)
    pos += n * 48
    for rel in range(n):
        out[pos + rel] = view.hand_counts[(seat + rel) % n] / config.hand_size
    pos += n
    full = config.stock_size
    out[pos] = view.stock_count / full if full else 0.0
    pos += 1
    phase = view.phase if view.phase in PHASES else "over"
    out[pos + PHASES.index(phase)] = 1.0
    pos += len(PHASES)
    if view.to_move is not None and phase != "over":
        out[pos + (view.to_move - seat) % n] = 1.0
    pos += n
    out[pos + (view.dealer - seat) % n] = 1.0
    pos += n
    set_index = {d.id: i for i, d in enumerate(config.declarable)}
    for rel in range(s):
        for set_id in view.declared[(side + rel) % s]:
            out[pos + rel * NUM_SETS + set_index[set_id]] = 1.0
    pos += s * NUM_SETS
    for rel in range(n):
        out[pos + rel] = view.teyaku[(seat + rel) % n] / (config.max_teyaku or 1)
    pos += n
    out[pos + (s if view.wild_side is None else (view.wild_side - side) % s)] = 1.0
    pos += s + 1
    out[pos + (view.wild_month or 0)] = 1.0
    pos += 13
    user = view.lightning_user
    out[pos + (n if user is None else (user - seat) % n)] = 1.0
    pos += n + 1
    for rel in range(s):
        out[pos + rel] = view.totals[(side + rel) % s] / 100.0
    pos += s
    assert pos == out.size
    return out


def action_mask(legal_actions: list[int]) -> npt.NDArray[np.int8]:
    """The ``int8`` mask over ``NUM_ACTIONS`` of the engine's legal actions."""
    mask = np.zeros(NUM_ACTIONS, np.int8)
    for action in legal_actions:
        mask[from_engine(action)] = 1
    return mask


def move_to_action(move: str, config: Config) -> int:
    """The action index of a §7 move string (``ValueError`` if malformed)."""
    return from_engine(parse_action(move, config))


def action_to_move(index: int, config: Config) -> str:
    """The §7 move string of an action index (``ValueError`` outside the space)."""
    return format_action(to_engine(index), config)
