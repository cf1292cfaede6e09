"""Datasets people load (issue 32): samples carry episode, step, seat, agent, action, reward,
done and (asked for) the next observation; ``--format parquet`` writes a Parquet dataset that
``pyarrow.dataset``, pandas and Hugging Face ``datasets`` read; the ``.npz`` shards stay, and
shards of the first format still read."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from hanafuda.cli import app
from hanafuda.datasets import (
    DatasetError,
    Sample,
    read_shard,
    read_shards,
    samples_from_record,
    selfplay_dataset,
)
from hanafuda.records import load_record
from tests.envs.optional import in_ci, require

RECORDS = Path(__file__).resolve().parents[1] / "records"


def check_episodes(samples: list[Sample], seatings: list[tuple[str, ...]] | None = None) -> None:
    """Steps count 0, 1, … in each episode; each seat's last decision is its only ``done``;
    a next observation is the same seat's following observation in the episode."""
    by_episode: dict[int, list[Sample]] = defaultdict(list)
    for sample in samples:
        by_episode[sample.episode].append(sample)
    for episode, rows in by_episode.items():
        assert [s.step for s in rows] == list(range(len(rows)))
        for seat in {s.seat for s in rows}:
            mine = [s for s in rows if s.seat == seat]
            assert [s.done for s in mine] == [False] * (len(mine) - 1) + [True]
            for now, after in zip(mine, mine[1:], strict=False):
                if now.next_observation is not None:
                    assert np.array_equal(now.next_observation, after.observation)
            if seatings is not None:
                assert {s.agent for s in mine} == {seatings[episode % len(seatings)][seat]}


def test_selfplay_samples_say_where_they_come_from(tmp_path: Path) -> None:
    selfplay_dataset("kwa-do", 2, ["greedy", "random"], 3, tmp_path / "d", seed=2, deals_per_shard=2,
                     next_observation=True)
    samples = list(read_shards(tmp_path / "d"))
    assert sorted({s.episode for s in samples}) == list(range(6))  # deal × 2 seatings + rotation
    check_episodes(samples, [("greedy", "random"), ("random", "greedy")])
    last = [s for s in samples if s.done]
    assert all(s.next_observation is not None and s.next_observation.shape == s.observation.shape
               for s in last)
    plain = list(read_shards(selfplay_dataset("kwa-do", 2, ["greedy", "random"], 3, tmp_path / "p",
                                              seed=2).shards[0]))
    assert [(s.episode, s.step, s.agent, s.done) for s in plain] == \
        [(s.episode, s.step, s.agent, s.done) for s in samples]
    assert all(s.next_observation is None for s in plain)


def test_record_rounds_are_episodes_and_agents_come_from_the_record() -> None:
    record = load_record(RECORDS / "kwa-do-4p-teams-yaku-gaji.json")
    samples = list(samples_from_record(record, episode=7))
    assert {s.episode for s in samples} == {7 + r for r in range(len(record["rounds"]))}
    assert {s.agent for s in samples} == {""}  # the record names no agents
    check_episodes(samples)
    named = {**record, "meta": {"agents": ["a", "b", "c", "d"]}}
    assert {(s.seat, s.agent) for s in samples_from_record(named)} == {
        (0, "a"), (1, "b"), (2, "c"), (3, "d")}


def test_first_format_shards_still_read(tmp_path: Path) -> None:
    record = load_record(RECORDS / "mushi-2p-midround.json")
    path = tmp_path / "old.npz"
    np.savez_compressed(path, observation=np.zeros((1, 530), np.float32),
                        mask=np.zeros((1, 349), np.uint8), action=np.array([3], np.int32),
                        seat=np.array([1], np.int8), reward=np.array([2.0], np.float32),
                        meta=np.array(json.dumps({"format": "hanafuda-dataset/1", "game": "mushi",
                                                  "players": 2, "options": {}, "reward": "score",
                                                  "observation_size": 530})))
    (sample,) = read_shard(path).samples()
    assert (sample.action, sample.seat, sample.episode, sample.step, sample.agent, sample.done) == \
        (3, 1, -1, -1, "", False)
    assert record  # the fixture exists; a shard of the current format carries the new columns:
    with pytest.raises(DatasetError, match="unknown dataset format 'csv'"):
        selfplay_dataset("mushi", 2, ["greedy"], 1, tmp_path / "x", fmt="csv")


def test_parquet_dataset_reads_in_pyarrow_pandas_and_hugging_face(tmp_path: Path) -> None:
    require("pyarrow", "datasets")
    pd = require("pandas", "datasets")
    import pyarrow.dataset as ds

    out = tmp_path / "pq"
    result = CliRunner().invoke(app, ["dataset", "selfplay", "mushi", "--agents", "greedy,random",
                                      "--deals", "3", "--deals-per-shard", "2", "--out", str(out),
                                      "--format", "parquet", "--next-observation", "--json"])
    assert result.exit_code == 0, result.output
    summary: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    assert [Path(p).name for p in summary["shards"]] == ["shard-000000.parquet", "shard-000002.parquet"]
    same = list(read_shards(selfplay_dataset("mushi", 2, ["greedy", "random"], 3, tmp_path / "npz",
                                             deals_per_shard=2, next_observation=True).shards[0]))
    same += list(read_shards(tmp_path / "npz" / "shard-000002.npz"))

    table = ds.dataset(out, format="parquet").to_table()
    assert table.num_rows == summary["samples"] == len(same)
    meta = json.loads(table.schema.metadata[b"hanafuda"])
    assert meta["game"] == "mushi" and meta["format"] == "hanafuda-dataset-parquet/1"

    frame = pd.read_parquet(out).sort_values(["episode", "step"], kind="stable")
    assert list(frame.columns) == ["episode", "step", "seat", "agent", "action", "reward", "done",
                                   "observation", "legal_actions", "next_observation"]
    assert frame["episode"].tolist() == [s.episode for s in same]
    assert frame["agent"].tolist() == [s.agent for s in same]
    assert frame["done"].tolist() == [s.done for s in same]
    assert frame["reward"].tolist() == pytest.approx([s.reward for s in same])
    for row, sample in zip(frame.itertuples(), same, strict=True):
        assert np.array_equal(np.asarray(row.observation, np.float32), sample.observation)
        assert list(row.legal_actions) == list(np.flatnonzero(sample.mask))
        assert row.action in row.legal_actions
        assert np.array_equal(np.asarray(row.next_observation, np.float32), sample.next_observation)

    # Hugging Face's package is also called datasets, like this test folder: load it in a
    # process of its own, where this folder is not on the path
    script = ("import datasets, json, sys; d = datasets.load_dataset('parquet', data_files=sys.argv[1], "
              "split='train', cache_dir=sys.argv[2]); print(json.dumps([d.num_rows, d.column_names, "
              "sorted(d['episode'])]))")
    done = subprocess.run([sys.executable, "-c", script, str(out / "*.parquet"), str(tmp_path / "hf")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    if "No module named 'datasets'" in done.stderr and not in_ci():
        pytest.skip("Hugging Face datasets is not installed (pip install 'hanafuda[test]')")
    assert done.returncode == 0, done.stderr[-2000:]
    rows, columns, episodes = json.loads(done.stdout.strip().splitlines()[-1])
    assert rows == len(same) and set(columns) == set(frame.columns)
    assert episodes == sorted(s.episode for s in same)


def test_records_command_writes_parquet(tmp_path: Path) -> None:
    pd = require("pandas", "datasets")
    require("pyarrow", "datasets")
    path = tmp_path / "games.parquet"
    files = [str(RECORDS / "mushi-2p-default-12rounds.json")] * 2  # one configuration, twice
    result = CliRunner().invoke(app, ["dataset", "records", *files, "--out", str(path), "--format",
                                      "parquet", "--json"])
    assert result.exit_code == 0, result.output
    frame = pd.read_parquet(path)
    rounds = len(load_record(files[0])["rounds"])
    assert sorted(set(frame["episode"])) == list(range(2 * rounds))  # the second record's go on
    assert "next_observation" not in frame.columns
    assert all(a in legal for a, legal in zip(frame["action"], frame["legal_actions"], strict=True))


def test_info_reads_parquet_as_it_reads_npz(tmp_path: Path) -> None:
    require("pyarrow", "datasets")
    runner = CliRunner()
    infos = []
    for fmt in ("npz", "parquet"):
        made = runner.invoke(app, ["dataset", "selfplay", "kwa-do", "--agents", "greedy,random", "--deals",
                                   "2", "--deals-per-shard", "1", "--out", str(tmp_path / fmt),
                                   "--format", fmt])
        assert made.exit_code == 0, made.output
        shown = runner.invoke(app, ["dataset", "info", str(tmp_path / fmt), "--json"])
        assert shown.exit_code == 0, shown.output
        infos.append(json.loads(shown.stdout.strip().splitlines()[-1]))
    assert infos[0] == infos[1] and infos[0]["shards"] == 2 and infos[0]["game"] == "kwa-do"
    (tmp_path / "bad.parquet").write_bytes(b"not parquet")
    bad = runner.invoke(app, ["dataset", "info", str(tmp_path / "bad.parquet")])
    assert bad.exit_code == 2 and "not a hanafuda Parquet dataset" in bad.output
