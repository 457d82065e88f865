"""A sweep on a Dask cluster (two worker processes on loopback) gives byte for byte the JSON
that local processes and one process give, for the same seed."""

from __future__ import annotations

import pytest

from nuffle.cli.main import main

distributed = pytest.importorskip("distributed")

# two variants against two opponents, with a margin (so stopping is part of what must match)
SWEEP = ["balance", "--team", "human", "--against", "orc,elf", "--vary",
         "get-the-ball.points=1,2", "--margin", "20", "--games", "30", "--seed", "11",
         "--bots", "random",
         "--format", "json"]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as running:
        yield running.scheduler_address


def sweep(capsys, *more: str) -> str:
    assert main([*SWEEP, *more]) == 0
    return capsys.readouterr().out


def test_cluster_local_processes_and_one_process_agree(cluster, capsys) -> None:
    on_cluster = sweep(capsys, "--cluster", cluster)
    assert on_cluster == sweep(capsys, "--jobs", "2") == sweep(capsys, "--jobs", "1")
    # each pairing stops after its first batch of 25 (within ±20 points), or plays 30
    assert '"max_games": 30' in on_cluster
    assert on_cluster.count('"variant": 1') + on_cluster.count('"variant": 2') == 6


def test_a_worker_with_other_content_refuses(cluster, capsys, monkeypatch) -> None:
    """The batch names the content version the sender computed: a worker whose own differs
    plays nothing (here the sender's stamp is faked)."""
    from nuffle.interpreter import sweep as module
    real = module.ruleset_of

    class Stamped:
        def __init__(self, ruleset) -> None:
            self.__dict__.update(vars(ruleset))
            self.version = "not-the-same"

    monkeypatch.setattr("nuffle.interpreter.sweep.ruleset_of", lambda c: Stamped(real(c)))
    assert main([*SWEEP, "--cluster", cluster]) == 2
    assert "install the same Nuffle and bundled content on every worker" \
        in capsys.readouterr().err
