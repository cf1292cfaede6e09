"""Datasets (issue 16): samples from records equal the engine's replay, shards round-trip exactly,
self-play shards do not depend on how the deals are split over workers, arena records replay as
finished, and ``hanafuda dataset`` writes, reads and refuses bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from hanafuda.agents.arena import play_game, run_arena
from hanafuda.cli import app
from hanafuda.cluster import process_runner
from hanafuda.datasets import (
    DatasetError,
    read_shard,
    read_shards,
    records_to_shard,
    samples_from_record,
    selfplay_dataset,
    write_shard,
)
from hanafuda.engine.action_space import to_engine
from hanafuda.envs.encoding import encode_view
from hanafuda.records import RecordError, load_record, match_from_record, replay_summary
from hanafuda.rules import configure

RECORDS = Path(__file__).resolve().parents[1] / "records"


@pytest.mark.parametrize("name", ["kwa-do-4p-teams-yaku-gaji.json", "mushi-2p-default-12rounds.json",
                                  "hana-awase-3p-teyaku.json", "mushi-2p-midround.json"])
def test_samples_are_every_decision_of_the_finished_rounds(name: str) -> None:
    record = load_record(RECORDS / name)
    match = match_from_record(record)
    config = match.config
    samples = list(samples_from_record(record))
    finished = [r for r in match.rounds if r.result is not None]
    assert len(samples) == sum(len(r.moves) for r in finished)
    for margin in (False, True):
        rewards = list(samples_from_record(record, "margin" if margin else "score"))
        assert [s.action for s in rewards] == [s.action for s in samples]
    index = 0
    for rnd in finished:
        scores = rnd.result.scores if rnd.result is not None else []
        for _ in rnd.moves:
            sample = samples[index]
            assert sample.mask[sample.action]
            assert sample.reward == scores[config.side_of[sample.seat]]
            index += 1


def test_observations_are_the_deciding_seats_view() -> None:
    config = configure("min-hwatu", 3, {})
    _, record = play_game(config, 4, 9, ["greedy", "random", "greedy"], 0)
    match = match_from_record({**record, "rounds": [{**record["rounds"][0], "moves": []}]})
    for sample, move in zip(samples_from_record(record), record["rounds"][0]["moves"], strict=True):
        assert match.to_move == sample.seat
        assert np.array_equal(sample.observation, encode_view(match.view(sample.seat), match.config))
        legal = set(match.legal_actions())
        assert {to_engine(int(i)) for i in np.flatnonzero(sample.mask)} == legal
        assert to_engine(sample.action) in legal
        match.play(move)


def test_margin_rewards_sum_to_zero_over_the_sides() -> None:
    config = configure("hawaiifuda", 3, {})
    _, record = play_game(config, 1, 2, ["greedy"] * 3, 0)
    by_seat = {s.seat: s.reward for s in samples_from_record(record, "margin")}
    assert sum(by_seat.values()) == pytest.approx(0.0)


def test_shards_round_trip_exactly(tmp_path: Path) -> None:
    config = configure("kwa-do", 4, {"teams": [[0, 2], [1, 3]]})
    _, record = play_game(config, 0, 5, ["greedy", "random"] * 2, 1)
    samples = list(samples_from_record(record))
    path = tmp_path / "one.npz"
    assert write_shard(path, samples, config, meta={"note": "test"}) == len(samples)
    shard = read_shard(path)
    assert len(shard) == len(samples) and shard.meta["note"] == "test"
    assert shard.meta["game"] == "kwa-do" and shard.meta["options"] == {"teams": [[0, 2], [1, 3]]}
    for got, want in zip(read_shards(path), samples, strict=True):
        assert np.array_equal(got.observation, want.observation)
        assert np.array_equal(got.mask, want.mask)
        assert (got.action, got.seat, got.reward) == (want.action, want.seat, want.reward)


def test_selfplay_shards_do_not_depend_on_the_split(tmp_path: Path) -> None:
    one = selfplay_dataset("mushi", 2, ["greedy", "random"], 6, tmp_path / "a", seed=3, deals_per_shard=6)
    two = selfplay_dataset("mushi", 2, ["greedy", "random"], 6, tmp_path / "b", seed=3, deals_per_shard=2,
                           runner=process_runner(2))
    assert (one.samples, one.games) == (two.samples, two.games) and one.games == 12
    assert len(two.shards) == 3
    a, b = list(read_shards(tmp_path / "a")), list(read_shards(tmp_path / "b"))
    assert [(s.action, s.seat, s.reward) for s in a] == [(s.action, s.seat, s.reward) for s in b]
    assert all(np.array_equal(x.observation, y.observation) for x, y in zip(a, b, strict=True))


def test_arena_records_replay_as_finished(tmp_path: Path) -> None:
    run_arena("kwa-do", 2, ["greedy", "random"], 2, seed=1, records_dir=tmp_path)
    paths = sorted(tmp_path.glob("*.json"))
    assert len(paths) == 4
    for path in paths:
        summary = replay_summary(match_from_record(load_record(path)))
        assert summary["finished"] and summary["winners"]
    records_to_shard(paths, tmp_path / "arena.npz")
    assert len(read_shard(tmp_path / "arena.npz")) > 0


def test_bad_input_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(DatasetError, match="bad.npz"):
        read_shard(bad)
    np.savez(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(DatasetError, match="not a dataset shard"):
        read_shard(tmp_path / "other.npz")
    with pytest.raises(DatasetError, match="no such file"):
        list(read_shards(tmp_path / "missing"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(DatasetError, match="no .npz"):
        list(read_shards(tmp_path / "empty"))
    record = json.loads((RECORDS / "mushi-2p-lightning-last.json").read_text(encoding="utf-8"))
    record["rounds"][0]["moves"][0] = "play nothing"
    with pytest.raises(RecordError):
        list(samples_from_record(record))
    with pytest.raises(DatasetError, match="agent"):
        selfplay_dataset("mushi", 2, ["nobody"], 1, tmp_path / "x")
    with pytest.raises(ValueError, match="reward"):
        list(samples_from_record(load_record(RECORDS / "mushi-2p-midround.json"), "points"))


def test_records_of_two_configurations_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="different configurations"):
        records_to_shard([RECORDS / "mushi-2p-lightning-last.json", RECORDS / "hana-awase-3p-teyaku.json"],
                         tmp_path / "mixed.npz")
    assert not (tmp_path / "mixed.npz").exists()


def test_dataset_command(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "mushi"
    result = runner.invoke(app, ["dataset", "selfplay", "mushi", "--agents", "greedy,random", "--deals", "3",
                                 "--deals-per-shard", "2", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 6 and len(summary["shards"]) == 2
    result = runner.invoke(app, ["dataset", "info", str(out), "--json"])
    assert result.exit_code == 0
    info = json.loads(result.stdout.strip().splitlines()[-1])
    assert info["samples"] == summary["samples"] and info["game"] == "mushi"
    result = runner.invoke(app, ["dataset", "records", str(RECORDS / "mushi-2p-target60.json"),
                                 "--out", str(tmp_path / "r.npz")])
    assert result.exit_code == 0 and "samples:" in result.stdout
    for bad in (["dataset", "info", str(tmp_path / "nothing")],
                ["dataset", "selfplay", "mushi", "--out", str(tmp_path / "y"), "--agents", "nobody"],
                ["dataset", "selfplay", "mushi", "--out", str(tmp_path / "y"), "--reward", "points"]):
        result = runner.invoke(app, bad)
        assert result.exit_code == 2 and "error:" in result.output
