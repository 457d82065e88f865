"""A sweep on a Dask cluster (two worker processes on loopback) gives byte for byte the JSON
that local processes and one process give, for the same seed.

The cluster and the commands run in processes of their own: Dask reads the standard
library's `site` module, which the test suite's `tests/site` package stands in for inside
pytest."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator

import pytest

if importlib.util.find_spec("distributed") is None:
    pytest.skip("Dask's distributed is not installed", allow_module_level=True)

# two variants against two opponents, with a margin (so stopping is part of what must match)
SWEEP = ["balance", "--team", "human", "--against", "orc,elf", "--vary",
         "get-the-ball.points=1,2", "--margin", "20", "--games", "30", "--seed", "11",
         "--bots", "random", "--format", "json"]
CLUSTER = """\
import sys
from distributed import LocalCluster
with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                  dashboard_address=None) as cluster:
    print(cluster.scheduler_address, flush=True)
    sys.stdin.read()  # until the test closes it
"""
# the sender stamps another content version on its batches: the workers must refuse them
FAKE_STAMP = """\
import sys
from nuffle.interpreter import sweep
real = sweep.ruleset_of

class Stamped:
    def __init__(self, ruleset):
        self.__dict__.update(vars(ruleset))
        self.version = "not-the-same"

sweep.ruleset_of = lambda content, catalogue=None: Stamped(real(content, catalogue))
from nuffle.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    process = subprocess.Popen([sys.executable, "-c", CLUSTER], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None and process.stdin is not None
    address = process.stdout.readline().strip()
    try:
        assert address.startswith("tcp://127.0.0.1:")
        yield address
    finally:
        process.stdin.close()
        process.wait(timeout=60)


def nuffle(*argv: str, script: str | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", script] if script else \
        [sys.executable, "-m", "nuffle.cli.main"]
    return subprocess.run([*command, *argv], capture_output=True, text=True, timeout=300,
                          check=False)


def test_cluster_local_processes_and_one_process_agree(cluster) -> None:
    runs = [nuffle(*SWEEP, *more) for more in (["--cluster", cluster], ["--jobs", "2"],
                                               ["--jobs", "1"])]
    assert [r.returncode for r in runs] == [0, 0, 0], runs[0].stderr
    on_cluster, local, one = (r.stdout for r in runs)
    assert on_cluster == local == one
    # each pairing stops after its first batch of 25 (within ±20 points), or plays 30
    assert '"max_games": 30' in on_cluster
    assert on_cluster.count('"variant": 1') + on_cluster.count('"variant": 2') == 6


def test_a_worker_with_other_content_refuses(cluster) -> None:
    done = nuffle(*SWEEP, "--cluster", cluster, script=FAKE_STAMP)
    assert done.returncode == 2
    assert "install the same Nuffle and bundled content on every worker" in done.stderr
    assert "Traceback" not in done.stderr
