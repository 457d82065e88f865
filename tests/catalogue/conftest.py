"""Fixtures shared by the content loader's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from nuffle.catalogue import loader


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch) -> Path:
    """A cache of the test's own, and no file remembered in the process: every load is
    either from the cache or from source."""
    where = tmp_path / "cache"
    monkeypatch.setenv("NUFFLE_CACHE_DIR", str(where))
    monkeypatch.delenv("NUFFLE_NO_CACHE", raising=False)
    monkeypatch.setattr(loader, "_LOADED", {})
    return where
