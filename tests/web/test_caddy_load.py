"""``benchmarks/serve_load.py --proxy`` measures the shipped ``deploy/Caddyfile`` (issue 29,
capacity through the proxy): the file it writes keeps every setting of the shipped site, points at
the benchmark's workers, and is one Debian's Caddy accepts (plain HTTP and ``tls internal``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from benchmarks.serve_load import CADDYFILE, caddyfile

from .conftest import need


@pytest.mark.parametrize("tls", [False, True])
def test_the_benchmark_proxies_its_workers_with_the_shipped_settings(tmp_path: Path, tls: bool) -> None:
    text = caddyfile([18301, 18302], 18310, tls, tmp_path)
    shipped = CADDYFILE.read_text()
    for setting in ("lb_policy least_conn", "lb_try_duration 5s", "health_uri /readyz", "max_size 4MB"):
        assert setting in shipped and setting in text, setting
    assert "reverse_proxy 127.0.0.1:18301 127.0.0.1:18302 {" in text
    assert "hanafuda.example.org" not in text and "/var/log/caddy" not in text
    assert ("https://127.0.0.1:18310 {" in text and "tls internal" in text) if tls else \
        ("http://127.0.0.1:18310 {" in text and "tls internal" not in text)
    need(shutil.which("caddy") is not None, "caddy is not installed (apt-get install caddy)")
    (tmp_path / "Caddyfile").write_text(text)
    checked = subprocess.run(["caddy", "adapt", "--adapter", "caddyfile", "--config",
                              str(tmp_path / "Caddyfile")], capture_output=True, text=True, timeout=60,
                             env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert checked.returncode == 0, checked.stderr
    assert '"upstreams"' in checked.stdout and "18302" in checked.stdout
