"""`nuffle site build` starts no thread before the build: a running thread stops the build
from making and rendering the languages in two processes (site/sitegen/parallel.py and
generation_split.py fork only when this process runs alone). tqdm starts a monitor thread
with its first bar, shown or hidden, which made every `nuffle site build` a one-process
build while `benchmarks/site.py`, calling the builder directly, split."""

from __future__ import annotations

import io
import sys
import threading
from pathlib import Path

import pytest
from nuffle.sitegen import build
from nuffle.sitegen.incremental import BuildReport
from tqdm import tqdm

from nuffle.catalogue.model import Catalogue
from nuffle.cli.main import main


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _tqdm_as_installed(monkeypatch) -> None:
    """No monitor running (an earlier test's bar's is stopped, so it is not counted) and
    tqdm's own interval: turning the monitor off is the code's to do."""
    if tqdm.monitor is not None:
        tqdm.monitor.exit()
        monkeypatch.setattr(tqdm, "monitor", None)
    monkeypatch.setattr(tqdm, "monitor_interval", 10)


@pytest.mark.parametrize("shown", [False, True], ids=["no bar", "the balance bar shown"])
def test_the_build_starts_with_no_thread_of_the_command(tmp_path: Path, monkeypatch,
                                                        shown: bool) -> None:
    before = set(threading.enumerate())
    seen: list[set[threading.Thread]] = []

    def builder(opts, progress=None, **kwargs) -> BuildReport:
        seen.append(set(threading.enumerate()) - before)
        if progress is not None:
            progress()  # a game played: the bar moves
        return BuildReport(opts.out / "site", True, "", 0)
    monkeypatch.setattr(build, "load_site_content", lambda packs: (Catalogue({}), [], {}))
    monkeypatch.setattr(build, "build_site", builder)
    if shown:
        monkeypatch.setattr(sys, "stderr", _Terminal())
    args = ["site", "build", "--out", str(tmp_path)] + (["--balance"] if shown else [])
    assert main(args) == 0
    assert seen == [set()]  # the build was called, and with no new thread running


def test_a_progress_bar_starts_no_thread(monkeypatch) -> None:
    """The simulation's and the balance's bars too: their workers are forked processes."""
    from nuffle.cli.progress import progress_bar
    before = set(threading.enumerate())
    monkeypatch.setattr(sys, "stderr", _Terminal())
    for shown in (False, True):
        bar = progress_bar(shown, total=3, unit="game")
        bar.update(1)
        assert bar.disable is not shown
        bar.close()
    assert set(threading.enumerate()) == before and tqdm.monitor is None
