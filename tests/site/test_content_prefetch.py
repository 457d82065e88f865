"""The site's content loaded by two processes when the content cache is empty
(site/sitegen/content_prefetch.py): a helper loads the later half of the files into the
cache, this process loads the others from source and those from the cache, and the
catalogue is the one a single process loads. Counted in files loaded from source, never
timed."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from nuffle.sitegen import content_prefetch
from nuffle.sitegen.content_prefetch import loading_in_two

from nuffle.catalogue import loader
from nuffle.catalogue.files import content_files

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache of the test's own, nothing remembered in the process, two
    processors, no other thread (an earlier test of the same worker may leave one)."""
    where = tmp_path / "cache"
    monkeypatch.setenv("NUFFLE_CACHE_DIR", str(where))
    monkeypatch.delenv("NUFFLE_NO_CACHE", raising=False)
    monkeypatch.setattr(loader, "_LOADED", {})
    monkeypatch.setattr(content_prefetch, "available_processors", lambda: 2)
    monkeypatch.setattr(content_prefetch, "other_threads", lambda: False)
    return where


@pytest.fixture
def sources(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files this process loads from source (load_item runs once for each)."""
    seen: list[str] = []
    real = loader.load_item
    monkeypatch.setattr(loader, "load_item", lambda doc: seen.append(doc.path) or real(doc))
    return seen


def test_the_helper_loads_the_later_half_into_the_cache(cache_dir: Path, tmp_path: Path,
                                                        sources: list[str]) -> None:
    files = content_files()
    alone, alone_diags, _ = loader.load_catalogue()
    assert len(sources) == len(files)
    sources.clear()
    loader._LOADED.clear()
    for entry in cache_dir.glob("content-*/*.json"):  # empty again
        entry.unlink()
    done = tmp_path / "helper-done"

    def helper(later: Sequence[Path], stop: Callable[[], bool]) -> None:
        content_prefetch._load_each(later, stop)
        done.write_text("done")

    with loading_in_two(files, helper):
        deadline = time.monotonic() + 300
        while not done.exists():  # the helper first, for a count that does not race
            assert time.monotonic() < deadline, "the helper did not finish"
            time.sleep(0.05)
        catalogue, diags, _ = loader.load_catalogue()
    later = len(files) - len(files) // 2
    assert content_prefetch.WORK.given == later
    assert len(sources) == len(files) // 2  # the earlier half; the rest from the cache
    assert catalogue.items.keys() == alone.items.keys()
    assert all(catalogue.items[k].data == alone.items[k].data for k in alone.items)
    assert diags == alone_diags


def test_no_helper_without_a_cache_a_second_processor_or_with_other_threads(
        cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading
    files = content_files()
    monkeypatch.setattr(content_prefetch, "other_threads",
                        lambda: threading.active_count() > 1)  # the real question
    started, release = threading.Event(), threading.Event()
    other = threading.Thread(target=lambda: (started.set(), release.wait()))
    other.start()
    started.wait()
    try:
        with loading_in_two(files):
            pass
    finally:
        release.set()
        other.join()
    assert content_prefetch.WORK.given == 0
    monkeypatch.setattr(content_prefetch, "other_threads", lambda: False)
    monkeypatch.setattr(content_prefetch, "available_processors", lambda: 1)
    with loading_in_two(files):
        pass
    assert content_prefetch.WORK.given == 0
    monkeypatch.setattr(content_prefetch, "available_processors", lambda: 2)
    monkeypatch.setenv("NUFFLE_NO_CACHE", "1")
    with loading_in_two(files):
        pass
    assert content_prefetch.WORK.given == 0


def test_the_helper_stops_when_this_process_is_done(cache_dir: Path, tmp_path: Path) -> None:
    files = content_files()
    seen = tmp_path / "seen"

    def helper(later: Sequence[Path], stop: Callable[[], bool]) -> None:
        while not stop():  # told only when the block below has ended
            time.sleep(0.01)
        seen.write_text("stopped")

    with loading_in_two(files, helper):
        pass
    assert seen.read_text() == "stopped"  # waited for


def test_no_helper_when_the_cache_holds_the_later_files(cache_dir: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """A rebuild finds every file in the cache: a helper would only read what this process
    reads anyway. A file the cache does not hold as it is now (an edit) among those looked
    at brings the helper back."""
    files = content_files()
    loader.load_catalogue()  # every file into the cache
    with loading_in_two(files):
        pass
    assert content_prefetch.WORK.given == 0
    later = list(reversed(files[len(files) // 2:]))
    assert content_prefetch.cached_already(later)
    copy = tmp_path / "edited.yaml"  # one of those it looks at, as an edit leaves it
    copy.write_text(later[0].read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert not content_prefetch.cached_already([copy, *later[1:]])
    edited = [*files[:len(files) // 2], *reversed([copy, *later[1:]])]
    with loading_in_two(edited, lambda part, stop: None):  # a helper that does nothing
        pass
    assert content_prefetch.WORK.given == len(later)
