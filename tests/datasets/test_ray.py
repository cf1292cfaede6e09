"""The arena and dataset generation on a local Ray cluster of two worker nodes (issue 16,
``hanafuda[ray]``): results identical to the local run for the same seed, shards written by the
workers (so are the arena's records), ``--ray`` on the command line.  Skipped without Ray, except in CI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from tests.envs.optional import in_ci, require

ray = require("ray", "ray")

from ray.cluster_utils import Cluster  # noqa: E402

from hanafuda.agents.arena import run_arena  # noqa: E402
from hanafuda.cli import app  # noqa: E402
from hanafuda.cluster import ray_runner  # noqa: E402
from hanafuda.datasets import read_shards, selfplay_dataset  # noqa: E402


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A head node with no CPUs and two worker nodes of one CPU each: every task runs on a worker."""
    local = Cluster(initialize_head=True, head_node_args={"num_cpus": 0, "include_dashboard": False})
    workers = [local.add_node(num_cpus=1) for _ in range(2)]
    local.wait_for_nodes()
    ray.init(address=local.address, log_to_driver=False)
    try:
        yield local
    finally:
        ray.shutdown()
        for node in workers:
            local.remove_node(node)
        local.shutdown()


def test_the_cluster_has_two_workers(cluster: Any) -> None:
    alive = [n for n in ray.nodes() if n["Alive"] and n["Resources"].get("CPU", 0) > 0]
    assert len(alive) == 2


def test_arena_on_ray_equals_the_local_run(cluster: Any, tmp_path: Path) -> None:
    local = run_arena("mushi", 2, ["greedy", "random"], 12, seed=5, records_dir=tmp_path / "local")
    remote = run_arena("mushi", 2, ["greedy", "random"], 12, seed=5, records_dir=tmp_path / "ray",
                       runner=ray_runner(cluster.address))
    assert local.to_json()["results"] == remote.to_json()["results"]
    assert local.to_json()["margins"] == remote.to_json()["margins"]
    names = sorted(p.name for p in (tmp_path / "local").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "ray").iterdir())
    for name in names:
        assert (tmp_path / "local" / name).read_text() == (tmp_path / "ray" / name).read_text()


def test_arena_records_are_written_by_the_ray_workers(cluster: Any, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver writes no record (writing text in this process fails); the tasks on the two
    worker nodes write them, the same files as a local run; relative output directories are
    resolved by the driver, so records and shards land where the command runs."""
    local = tmp_path / "local"
    run_arena("mushi", 2, ["greedy", "random"], 6, seed=9, records_dir=local)

    def driver_write(self: Path, *args: Any, **kwargs: Any) -> int:
        raise AssertionError(f"the driver wrote {self}")

    monkeypatch.setattr(Path, "write_text", driver_write)
    monkeypatch.chdir(tmp_path)  # a relative records directory is resolved by the driver
    run_arena("mushi", 2, ["greedy", "random"], 6, seed=9, records_dir="on-ray",
              runner=ray_runner(cluster.address))
    shards = selfplay_dataset("mushi", 2, ["greedy", "random"], 2, "shards-on-ray", seed=1,
                              deals_per_shard=1, runner=ray_runner(cluster.address))
    monkeypatch.undo()
    assert sorted(p.name for p in (tmp_path / "shards-on-ray").iterdir()) == [
        "shard-000000.npz", "shard-000001.npz"]
    assert shards.shards == [str(tmp_path / "shards-on-ray" / n)
                             for n in ("shard-000000.npz", "shard-000001.npz")]
    names = sorted(p.name for p in local.iterdir())
    assert len(names) == 12 and names == sorted(p.name for p in (tmp_path / "on-ray").iterdir())
    for name in names:
        assert (local / name).read_bytes() == (tmp_path / "on-ray" / name).read_bytes()


def test_dataset_on_ray_equals_the_local_run(cluster: Any, tmp_path: Path) -> None:
    here = selfplay_dataset("min-hwatu", 3, ["greedy", "random"], 6, tmp_path / "local", seed=2,
                            deals_per_shard=2)
    there = selfplay_dataset("min-hwatu", 3, ["greedy", "random"], 6, tmp_path / "ray", seed=2,
                             deals_per_shard=2, runner=ray_runner(cluster.address))
    assert (here.samples, here.games, len(here.shards)) == (there.samples, there.games, 3)
    pairs = zip(read_shards(tmp_path / "local"), read_shards(tmp_path / "ray"), strict=True)
    for a, b in pairs:
        assert np.array_equal(a.observation, b.observation) and np.array_equal(a.mask, b.mask)
        assert (a.action, a.seat, a.reward) == (b.action, b.seat, b.reward)


def _node_of_task() -> Any:
    """A task function defined here, so Ray ships it by value (this test module is not
    importable on the workers)."""

    def node_of(_: int) -> str:
        import time

        import ray as worker_ray

        time.sleep(0.3)  # long enough that one worker cannot take every task
        return str(worker_ray.get_runtime_context().get_node_id())

    return node_of


def test_tasks_run_on_both_workers(cluster: Any) -> None:
    nodes = list(ray_runner(cluster.address)(_node_of_task(), list(range(8))))
    assert len(set(nodes)) == 2


def test_ray_flag_on_the_command_line(cluster: Any, tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["arena", "mushi", "--agents", "greedy,random", "--deals", "4", "--json",
                                 "--ray", cluster.address])
    assert result.exit_code == 0, result.output
    table = json.loads(result.stdout.strip().splitlines()[-1])
    assert table == run_arena("mushi", 2, ["greedy", "random"], 4).to_json() | {"workers": table["workers"]}
    result = runner.invoke(app, ["dataset", "selfplay", "mushi", "--deals", "4", "--deals-per-shard", "2",
                                 "--out", str(tmp_path / "d"), "--ray", cluster.address, "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout.strip().splitlines()[-1])["shards"]) == 2


def test_running_cluster_joined_with_auto() -> None:
    """CI starts a Ray head (scripts/ci_research.sh) and names it in HANAFUDA_TEST_RAY_ADDRESS."""
    address = os.environ.get("HANAFUDA_TEST_RAY_ADDRESS")
    if not address:
        if in_ci():
            pytest.fail("CI must start a Ray head: source scripts/ci_research.sh (HANAFUDA_TEST_RAY_ADDRESS)")
        pytest.skip("no running Ray head (HANAFUDA_TEST_RAY_ADDRESS)")
    ray.shutdown()  # leave the two-worker cluster of the other tests
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_ADDRESS", address)
        result = run_arena("mushi", 2, ["greedy", "random"], 3, seed=1, runner=ray_runner("auto"))
        ray.shutdown()
    assert result.to_json()["results"] == run_arena("mushi", 2, ["greedy", "random"], 3, seed=1).to_json()[
        "results"]


# -- joining fails in one line that names the fix (issue 32) --------------------------------------


def test_failures_are_explained_in_one_line() -> None:
    from hanafuda.cluster import explain_ray_failure

    retries = "gcs_client.cc:210: Failed to get cluster ID from GCS server: Unauthenticated: RPC " \
              "error: InvalidAuthToken: Authentication token is missing or incorrect\n" * 20
    crashed = ConnectionError("Failed to connect to Ray cluster at 10.0.0.1:6379")
    auth = explain_ray_failure("10.0.0.1:6379", retries, crashed)
    assert "token authentication" in auth and "RAY_AUTH_MODE=token" in auth
    other = explain_ray_failure("10.0.0.1:6379", "", crashed)
    assert "check the address" in other and "Failed to connect" in other
    assert "ray start --head" in explain_ray_failure("auto", "", ConnectionError("none"))
    assert all("\n" not in text for text in (auth, other))


def _arena_on_ray(address: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``hanafuda arena … --ray ADDRESS`` in its own process (Ray reads its authentication
    mode once per process), with the source tree first on the path."""
    src = str(Path(__file__).resolve().parents[2] / "src")
    return subprocess.run(
        [sys.executable, "-c", "from hanafuda.cli import main; main()", "arena", "mushi",
         "--agents", "greedy,random", "--deals", "1", "-w", "1", "--ray", address],
        capture_output=True, text=True, timeout=300,
        env={**env, "PYTHONPATH": os.pathsep.join([src, env.get("PYTHONPATH", "")])})


def test_an_address_nobody_answers_at_fails_at_once_in_one_line() -> None:
    start = time.monotonic()
    done = _arena_on_ray("127.0.0.1:1", dict(os.environ))
    assert done.returncode != 0
    *progress, last = done.stderr.strip().splitlines()
    assert last == ("error: no Ray cluster answers at '127.0.0.1:1' (Connection refused): start one "
                    "there (ray start --head --port=1) or give the head's address (ray status prints it)")
    assert all(line.startswith("deals 0/1") for line in progress)  # the progress bar, nothing else
    assert time.monotonic() - start < 60  # no 20 retries of a second each


def test_a_token_cluster_without_the_auth_mode_names_the_fix() -> None:
    """CI's Ray head uses token authentication (scripts/ci_research.sh): a client without
    RAY_AUTH_MODE=token gets one line naming it, not Ray's 20 retries and crash guess."""
    address = os.environ.get("HANAFUDA_TEST_RAY_ADDRESS")
    if not address:
        if in_ci():
            pytest.fail("CI must start a Ray head: source scripts/ci_research.sh (HANAFUDA_TEST_RAY_ADDRESS)")
        pytest.skip("no running Ray head (HANAFUDA_TEST_RAY_ADDRESS)")
    env = {k: v for k, v in os.environ.items() if k not in ("RAY_AUTH_MODE", "RAY_ADDRESS")}
    done = _arena_on_ray(address, env)
    assert done.returncode != 0
    *progress, last = done.stderr.strip().splitlines()
    assert all(line.startswith("deals 0/1") for line in progress), progress  # no retries, no guess
    assert last == (
        f"error: the Ray cluster at {address!r} uses token authentication: set RAY_AUTH_MODE=token "
        "(the token is read from ~/.ray/auth_token or RAY_AUTH_TOKEN) and run again")
