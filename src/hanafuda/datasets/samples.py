"""Decision samples from game records (RULES.md §8): what a seat saw, could do, did and scored.

Every decision of a record becomes one ``Sample``: the deciding seat's observation (the
shared encoding of ``hanafuda.envs.encoding``, built from that seat's ``PlayerView`` only),
the mask of its legal actions, the action it took (an index of the fixed action space),
the seat, and the reward of that decision's round for the seat's side — the round score of
RULES.md §4 (in team play the team's, §9), or its margin over the other sides
(``reward="margin"``: the score minus the mean of the other sides' scores).  The reward is
the round's final result (a Monte-Carlo return), known once the round is over; a round left
unfinished in a record yields no samples.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.deal import Deal
from ..envs._shared import check_reward_mode, side_rewards
from ..envs.encoding import action_mask, encode_view, move_to_action
from ..records import Match, RecordError, match_from_record
from ..rules import Config

__all__ = ["Sample", "samples_from_record", "samples_from_records"]


@dataclass(frozen=True)
class Sample:
    """One decision: ``observation`` (float32), ``mask`` (bool over ``NUM_ACTIONS``), ``action``,
    ``seat`` and ``reward`` (its round's result for the seat's side)."""

    observation: npt.NDArray[np.float32]
    mask: npt.NDArray[np.bool_]
    action: int
    seat: int
    reward: float


def _checked_config(record: Mapping[str, Any]) -> Config:
    """The record's configuration, after replaying it through the checked engine
    (``RecordError`` naming the round and move if anything is wrong)."""
    return match_from_record(record).config


def samples_from_record(record: Mapping[str, Any], reward: str = "score") -> Iterator[Sample]:
    """The samples of every finished round of ``record``, in move order.

    The record is validated first by replaying it through the checked engine
    (``records.match_from_record``): a bad record raises ``RecordError`` before any sample.
    """
    check_reward_mode(reward)
    config = _checked_config(record)
    match: Match | None = None
    for entry in record["rounds"]:
        deal = Deal.from_codes(entry["dealer"], entry["hands"], entry["field"], entry["stock"])
        if match is None:
            match = Match(config.game.id, config.players, config=config, deal=deal)
        else:
            match.next_round(deal)
        pending: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], int, int]] = []
        for text in entry["moves"]:
            seat = match.to_move
            assert seat is not None  # the record replayed above
            view = match.view(seat)
            mask = action_mask(match.legal_actions()).astype(np.bool_)
            pending.append((encode_view(view, config), mask, move_to_action(text, config), seat))
            match.play(text)
        result = match.current.result
        if result is None:
            return  # an unfinished round: its rewards are unknown
        rewards = side_rewards(result.scores, reward)
        for observation, mask, action, seat in pending:
            yield Sample(observation, mask, action, seat, float(rewards[config.side_of[seat]]))


def samples_from_records(records: Iterable[Mapping[str, Any]], reward: str = "score") -> Iterator[Sample]:
    """``samples_from_record`` of each record in turn (all of one game configuration)."""
    first: tuple[str, int, str] | None = None
    for record in records:
        config = _checked_config(record)
        key = (config.game.id, config.players, repr(sorted(config.given_options.items())))
        if first is None:
            first = key
        elif key != first:
            raise RecordError(f"records of different configurations in one dataset: {first[:2]} and "
                              f"{key[:2]} (options {first[2]} vs {key[2]})")
        yield from samples_from_record(record, reward)
