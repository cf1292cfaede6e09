"""Decision samples from game records (RULES.md §8): what a seat saw, could do, did and scored.

Every decision of a record becomes one ``Sample``: the deciding seat's observation (the
shared encoding of ``hanafuda.envs.encoding``, built from that seat's ``PlayerView`` only),
the mask of its legal actions, the action it took (an index of the fixed action space),
the seat, and the reward of that decision's round for the seat's side — the round score of
RULES.md §4 (in team play the team's, §9), or its margin over the other sides
(``reward="margin"``: the score minus the mean of the other sides' scores).  The reward is
the round's final result (a Monte-Carlo return), known once the round is over; a round left
unfinished in a record yields no samples.

For filtering and offline RL (issue 32) each sample also says where it comes from: the
``episode`` (one round of one record: ids count up over a dataset's records and rounds), the
``step`` (the decision's index in its episode, all seats together), the ``agent`` that sat
there (the record's ``meta.agents`` when it has them, as the arena's and self-play's do;
``""`` otherwise), and ``done`` (the seat's last decision of the episode: the round's result
is its reward, so ``reward * done`` is the sparse per-step reward).  With
``next_observation=True`` a sample carries the seat's observation at its next decision, or
at the round's end after its last one.
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
    ``seat`` and ``reward`` (its round's result for the seat's side); ``episode``, ``step``,
    ``agent``, ``done`` and, when asked for, ``next_observation`` (module docstring)."""

    observation: npt.NDArray[np.float32]
    mask: npt.NDArray[np.bool_]
    action: int
    seat: int
    reward: float
    episode: int = 0
    step: int = 0
    agent: str = ""
    done: bool = False
    next_observation: npt.NDArray[np.float32] | None = None


def _checked_config(record: Mapping[str, Any]) -> Config:
    """The record's configuration, after replaying it through the checked engine
    (``RecordError`` naming the round and move if anything is wrong)."""
    return match_from_record(record).config


def samples_from_record(record: Mapping[str, Any], reward: str = "score", *, episode: int = 0,
                        next_observation: bool = False) -> Iterator[Sample]:
    """The samples of every finished round of ``record``, in move order; the record's rounds
    are episodes ``episode``, ``episode + 1``, ….

    The record is validated first by replaying it through the checked engine
    (``records.match_from_record``): a bad record raises ``RecordError`` before any sample.
    """
    check_reward_mode(reward)
    config = _checked_config(record)
    agents = _agents(record, config.players)
    match: Match | None = None
    for number, entry in enumerate(record["rounds"]):
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
        last = {seat: step for step, (_, _, _, seat) in enumerate(pending)}
        following: dict[int, npt.NDArray[np.float32] | None] = {}
        if next_observation:  # after each seat's last decision: its view of the finished round
            following = {seat: encode_view(match.view(seat), config) for seat in last}
        upcoming: list[npt.NDArray[np.float32] | None] = [None] * len(pending)
        if next_observation:
            for step in range(len(pending) - 1, -1, -1):
                observation, _, _, seat = pending[step]
                upcoming[step] = following[seat]
                following[seat] = observation
        for step, (observation, mask, action, seat) in enumerate(pending):
            yield Sample(observation, mask, action, seat, float(rewards[config.side_of[seat]]),
                         episode + number, step, agents[seat], last[seat] == step, upcoming[step])


def _agents(record: Mapping[str, Any], players: int) -> list[str]:
    """The agent at each seat: the record's ``meta.agents`` (arena and self-play records)
    when it names one per seat, ``""`` otherwise."""
    meta = record.get("meta")
    agents = meta.get("agents") if isinstance(meta, Mapping) else None
    if isinstance(agents, list) and len(agents) == players and all(isinstance(a, str) for a in agents):
        return list(agents)
    return [""] * players


def samples_from_records(records: Iterable[Mapping[str, Any]], reward: str = "score", *,
                         next_observation: bool = False) -> Iterator[Sample]:
    """``samples_from_record`` of each record in turn (all of one game configuration); the
    episodes count up over the records' rounds."""
    first: tuple[str, int, str] | None = None
    episode = 0
    for record in records:
        config = _checked_config(record)
        key = (config.game.id, config.players, repr(sorted(config.given_options.items())))
        if first is None:
            first = key
        elif key != first:
            raise RecordError(f"records of different configurations in one dataset: {first[:2]} and "
                              f"{key[:2]} (options {first[2]} vs {key[2]})")
        yield from samples_from_record(record, reward, episode=episode,
                                       next_observation=next_observation)
        episode += len(record["rounds"])
